#ifndef PROOFSHEET_CIMAGING_DECODE_H
#define PROOFSHEET_CIMAGING_DECODE_H

/* Opening a photo and reading its rows, in every format. */

#include <stddef.h>
#include "color.h"

/* MARK: Decoding (dispatch.c, decoder.c and one file per format) */

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

#endif
