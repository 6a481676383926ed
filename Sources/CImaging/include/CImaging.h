#ifndef PROOFSHEET_CIMAGING_H
#define PROOFSHEET_CIMAGING_H

/*
 * proofsheet's own C: what runs on every pixel (resampling, turning, flattening, colour
 * transforms) and the glue to the C libraries that decode photos (libjpeg-turbo, libpng,
 * libwebp, libtiff, libheif, libgd), convert colour (Little CMS) and report errors in ways
 * Swift cannot take part in (longjmp, global handlers). Everything here is called from
 * ProofsheetKit/Imaging only, and no pointer it hands out leaves that folder.
 */

#include <stddef.h>
#include <gd.h>

/* MARK: Pixel rows */

/* Hands out source row `y` as B, G, R, X bytes (gd's in-memory pixel layout on
   little-endian machines); rows are asked for in order, each once. NULL stops the
   consumer (the source failed; it keeps the reason). */
typedef const unsigned char *(*ps_row_source)(void *context, int y);

/* MARK: Turning and flattening (orient.c) */

/* A new truecolor image holding `src` turned upright for the EXIF orientation value
   (1-8), or NULL when memory runs out. Orientation 1 (or any unknown value) copies. */
gdImagePtr ps_gd_oriented(gdImagePtr src, int orientation);

/* The inverse: stores an upright image the way a camera would for `orientation`. */
gdImagePtr ps_gd_unoriented(gdImagePtr upright, int orientation);

/* Composites a possibly transparent truecolor image onto white, in place. */
void ps_gd_flatten_on_white(gdImagePtr im);

/* A new truecolor image of the `w`×`h` rows `source` hands out, X bytes cleared (gd reads
   X as alpha); NULL when memory runs out or the source fails. */
gdImagePtr ps_gd_from_rows(ps_row_source source, void *context, int w, int h);

/* MARK: Resampling (resample.c) */

/* A new opaque truecolor image of the `sw`×`sh` picture whose rows `source` hands out,
   resampled to `dw`×`dh` with a Lanczos filter of `lobes` lobes widened by the shrink
   factor; NULL when memory runs out or the source fails. Rows are filtered as they come,
   so the full-size picture never has to exist in memory. The output is the same bit for
   bit on every CPU path (SSE2, AVX2, AVX-512). */
gdImagePtr ps_gd_resampled_rows(ps_row_source source, void *context, int sw, int sh, int dw, int dh, int lobes);

/* The same, the rows first averaged in boxes of `factor` × `factor` pixels (shrink.c),
   when `factor` is 2 or more: for shrinks of 4 and more, where the filter would be wide. */
gdImagePtr ps_gd_box_resampled_rows(ps_row_source source, void *context, int sw, int sh, int factor, int dw, int dh,
                                     int lobes);

/* `src` (opaque truecolor) resampled; see ps_gd_resampled_rows. */
gdImagePtr ps_gd_resampled(gdImagePtr src, int dw, int dh, int lobes);

/* MARK: Memory (memory.c) */

/* Lets glibc keep up to 64 MB of freed memory for reuse between photos. Returns 0 if
   glibc refused a value; elsewhere it does nothing and returns 1. */
int ps_keep_freed_memory(void);

/* MARK: Decoding (decoder.c and one file per format) */

/* Statuses of every decoding call. */
enum {
    PS_OK = 0,
    PS_ERROR = 1,        /* corrupt or invalid data; the reason says why */
    PS_TRUNCATED = 2,    /* the data ends before the image does */
    PS_TOO_LARGE = 3,    /* the decoder's own header declares more pixels than allowed */
    PS_NO_MEMORY = 4,
    PS_UNSUPPORTED = 5,  /* a valid image that no library on this machine decodes; the reason says which */
};

/* The formats, in the order of Swift's ImageFormat. */
enum {
    PS_FORMAT_JPEG = 0,
    PS_FORMAT_PNG = 1,
    PS_FORMAT_GIF = 2,
    PS_FORMAT_WEBP = 3,
    PS_FORMAT_TIFF = 4,
    PS_FORMAT_BMP = 5,
    PS_FORMAT_HEIF = 6,
    PS_FORMAT_AVIF = 7,
    PS_FORMAT_RAW = 8,   /* a camera RAW, shown from its largest embedded preview (LibRaw) */
};

#define PS_REASON_SIZE 256
#define PS_MESSAGES_SIZE 512

/* The Little CMS transforms to sRGB made for a run of photos, one per distinct profile
   (keyed by the profile's bytes and the pixels it applies to), kept for the photos after:
   at most 8 transforms and 16 MB of profiles, the least recently used let go first. One
   user at a time (each worker of a build its own): it has no lock. */
typedef struct ps_color_cache ps_color_cache;

/* NULL when memory runs out. */
ps_color_cache *ps_color_cache_create(void);

/* How many transforms it has made (for tests: the rest were reused). */
long ps_color_cache_made(const ps_color_cache *cache);

/* After every decoder that used it is closed. */
void ps_color_cache_close(ps_color_cache *cache);

typedef struct {
    /* JPEG: decode at the smallest DCT scale whose long edge still covers this (0: full). */
    int min_long_edge;
    /* Refused (PS_TOO_LARGE) before any pixel buffer is allocated. */
    long long max_pixels;
    /* The most the decode may hold at once (a progressive JPEG's coefficients, an
       interlaced PNG, a TIFF's band of strips or tiles): past it, PS_TOO_LARGE. */
    long long max_working_bytes;
    /* JPEG: refused past this many progressive scans (libjpeg's progress monitor). */
    int max_scans;
    /* GIF: the logical screen the first frame is composed on, and the frame's place in it. */
    int screen_width, screen_height, frame_left, frame_top;
    /* Where CMYK and colour-profile transforms are taken from; it must outlive the decoder.
       NULL: the decoder makes its own, for this photo alone. */
    ps_color_cache *colors;
} ps_decode_request;

typedef struct {
    int status;
    /* The size of the rows handed out, and the image's own size (also with PS_TOO_LARGE). */
    int width, height, stored_width, stored_height;
    /* The EXIF orientation (1-8) the rows are still to be turned by: 1 but for an HEIF
       grid's irot and imir, which its tiles are handed out without. */
    int orientation;
    char reason[PS_REASON_SIZE];
} ps_open_result;

/* An opened photo that hands out its rows (flattened on white, CMYK already converted). */
typedef struct ps_decoder ps_decoder;

/* Opens `data` (which must outlive the decoder) as `format`; on failure *out is NULL and
   `result` says why. Every library message goes to the decoder (or the reason), never to
   stderr. */
void ps_decoder_open(int format, const unsigned char *data, size_t size, const ps_decode_request *request,
                     ps_decoder **out, ps_open_result *result);

/* A ps_row_source with the decoder as context. */
const unsigned char *ps_decoder_row(void *decoder, int y);

/* Reads what the consumer left and says whether the whole image was there (a status);
   `reason` says why not, or why a row was NULL. */
int ps_decoder_finish(ps_decoder *decoder, char *reason, size_t reason_size);

/* What the libraries said about damaged but usable data, "; "-separated, or "". */
const char *ps_decoder_messages(const ps_decoder *decoder);

void ps_decoder_close(ps_decoder *decoder);

/* Whether libheif on this machine decodes HEVC (HEIF) and AV1 (AVIF), asked at run time. */
int ps_heif_can_decode(int format);

/* MARK: Colour (color.c) */

/* Converts every pixel of a truecolor image of the decoder's pixels to sRGB in place
   (relative colorimetric with black-point compensation), through the transform its
   embedded ICC profile (or HEIF nclx colour description) needs, taken from the decoder's
   cache; nothing when they are sRGB already or carry no profile. A profile that cannot be
   used is ignored, and `note` says so (else it is left ""). */
void ps_decoder_convert_color(ps_decoder *decoder, gdImagePtr image, char *note, size_t note_size);

/* MARK: RAW (raw.c) */

/* What LibRaw reads from a RAW file's structure, without unpacking anything. */
typedef struct {
    int preview_width, preview_height; /* the preview LibRaw would unpack (0 when none) */
    int width, height;                 /* the sensor's picture, as stored */
    int orientation;                   /* EXIF value (1-8) */
    char make[64], model[64], lens[128];
    char date[20];                     /* YYYY-MM-DDTHH:MM:SS as the camera recorded it, or "" */
    float shutter, aperture, iso, focal_length; /* seconds, f-number, ISO, mm; 0 when unknown */
    char reason[PS_REASON_SIZE];
} ps_raw_info;

/* Reads `info` from the RAW in `data`; a status (`info->reason` says why not). */
int ps_raw_read_info(const unsigned char *data, size_t size, ps_raw_info *info);

/* MARK: Metadata helpers */

/* The HEIF/AVIF primary image's Exif block as TIFF data (the offset in front skipped), in
   a malloc'd buffer the caller frees; 0 if there is none. Read by libheif. */
int ps_heif_exif(const unsigned char *data, size_t size, unsigned char **out, size_t *out_size);

/* zlib-inflates `in` into at most `capacity` bytes of `out`; the byte count, or -1 when the
   data is not zlib data or does not fit. */
long ps_inflate(const unsigned char *in, size_t size, unsigned char *out, size_t capacity);

/* MARK: Watermark (watermark.c) */

/* Sets libgd's FreeType font cache up; once, before images are drawn on in several threads. */
void ps_gd_font_cache_setup(void);

/* NULL when `font` (a font file) can draw `text`, else libgd's reason. */
const char *ps_gd_text_check(const char *font, const char *text);

/* Draws `text` (UTF-8) over a truecolor image, repeated diagonally, scaled to the image,
   light with a dark outline, at `opacity` (0-1). NULL, or libgd's reason for failing. */
const char *ps_gd_watermark(gdImagePtr image, const char *font, const char *text, double opacity);

/* MARK: Encoding */

/* Encodes a truecolor gd image as a baseline JPEG (4:2:0, no metadata) straight from its
   rows. On success *out holds a malloc'd buffer the caller frees with free(). */
int ps_jpeg_encode(gdImagePtr image, int quality, unsigned char **out, unsigned long *out_size, char *message,
                   size_t message_size);

/* For tests and the demo: a HEIF (HEVC) or AVIF (AV1) of a truecolor image with libheif's
   encoder, stored turned for `orientation` (irot/imir written by libheif), with an Exif
   block (TIFF data), an ICC profile or an nclx description (H.273 colour primaries and
   transfer characteristics, when `primaries` > 0) when given. Lossless when `quality` is
   100. On success *out is a malloc'd buffer the caller frees with free(). */
int ps_heif_encode(gdImagePtr image, int avif, int quality, int orientation, const unsigned char *exif,
                   size_t exif_size, const unsigned char *icc, size_t icc_size, int primaries, int transfer,
                   unsigned char **out, size_t *out_size, char *reason, size_t reason_size);

#endif
