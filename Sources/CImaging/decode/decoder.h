#ifndef PROOFSHEET_CIMAGING_DECODER_H
#define PROOFSHEET_CIMAGING_DECODER_H

/* What the per-format decoders share; not part of the public header. */

#include "CImaging.h"

#include <stdarg.h>
#include <stdint.h>

/* Library messages about one photo, gathered into one line ("libpng: …; libtiff: …"). */
typedef struct {
    char text[PS_MESSAGES_SIZE];
    int count;
} ps_messages;

void ps_messages_vadd(ps_messages *messages, const char *library, const char *format, va_list args);
void ps_messages_add(ps_messages *messages, const char *library, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* libgd reports through one process-wide error method with no context pointer. Photos are
   decoded on several threads at once, so the method (installed once; it never changes)
   writes to the messages of the photo its thread is decoding: set around each libgd call. */
void ps_gd_capture_begin(ps_messages *messages);
void ps_gd_capture_end(void);

/* What a profile describes, so that it is only used on pixels of its kind. */
enum { PS_PIXELS_RGB = 0, PS_PIXELS_GRAY = 1 };

/* H.273 colour description (HEIF/AVIF nclx) when there is no ICC profile. */
typedef struct {
    int primaries, transfer;
} ps_nclx;

struct ps_decoder {
    int width, height, stored_width, stored_height;
    /* The EXIF orientation the rows are still to be turned by (0 or 1: none). */
    int orientation;
    const unsigned char *(*row)(ps_decoder *decoder, int y);
    /* Reads what the consumer left; sets status and reason when the image was not whole. */
    void (*finish)(ps_decoder *decoder);
    /* Frees what the format's decoder holds (not the struct itself, nor icc). */
    void (*destroy)(ps_decoder *decoder);
    int status;
    char reason[PS_REASON_SIZE];
    ps_messages messages;
    /* The embedded profile (malloc'd), what its pixels are, or an nclx description. */
    unsigned char *icc;
    size_t icc_size;
    int pixels;
    int has_nclx;
    ps_nclx nclx;
    /* Memory the decoder reads from that it does not own otherwise (a RAW's preview), and
       how to free it: after destroy. */
    void (*release)(void *released);
    void *released;
    /* Where its transforms come from (the request's), and the one it made when given none. */
    ps_color_cache *colors;
    ps_color_cache *owned_colors;
};

/* Sets a decoder's status and reason (the first failure wins). */
void ps_decoder_fail(ps_decoder *decoder, int status, const char *format, ...) __attribute__((format(printf, 3, 4)));

/* CMYK (or Adobe's inverted CMYK) rows to sRGB BGRX rows with Little CMS, through the
   embedded profile when it is a CMYK one, else a CMYK profile found on the machine; NULL
   when there is none (the caller then uses the formula). Samples of 8 or 16 bits. Taken
   from `cache` (made there if it is not in it yet); what making it said goes to `messages`
   either way. */
typedef struct ps_color_entry ps_color_entry;
typedef ps_color_entry ps_cmyk;
ps_cmyk *ps_cmyk_open(ps_color_cache *cache, const unsigned char *icc, size_t icc_size, int inverted, int bits,
                      ps_messages *messages);
void ps_cmyk_convert(ps_cmyk *cmyk, const unsigned char *in, unsigned char *out, int width);
void ps_cmyk_close(ps_cmyk *cmyk);

/* Each format's opener: fills `result` and returns the decoder (allocated with calloc, the
   shared part first), or NULL. */
ps_decoder *ps_jpeg_open(const unsigned char *data, size_t size, const ps_decode_request *request, ps_open_result *result);
ps_decoder *ps_png_open(const unsigned char *data, size_t size, const ps_decode_request *request, ps_open_result *result);
ps_decoder *ps_webp_open(const unsigned char *data, size_t size, const ps_decode_request *request, ps_open_result *result);
ps_decoder *ps_tiff_open(const unsigned char *data, size_t size, const ps_decode_request *request, ps_open_result *result);
ps_decoder *ps_heif_open(const unsigned char *data, size_t size, int avif, const ps_decode_request *request,
                         ps_open_result *result);
ps_decoder *ps_raw_open(const unsigned char *data, size_t size, const ps_decode_request *request, ps_open_result *result);
ps_decoder *ps_gd_open(int format, const unsigned char *data, size_t size, const ps_decode_request *request,
                       ps_open_result *result);

/* A decoder whose whole picture is in memory as 3- or 4-byte pixels: rows are handed out from
   it, converted to BGRX on white. Used by the formats whose libraries decode whole. */
typedef enum {
    PS_LAYOUT_RGB,          /* R, G, B, opaque (libheif, for an image without alpha) */
    PS_LAYOUT_RGBA,         /* R, G, B, A straight alpha (libwebp, libheif) */
    PS_LAYOUT_RGBA_PREMUL,  /* R, G, B, A premultiplied (libtiff's RGBA interface) */
    PS_LAYOUT_GD,           /* gd truecolor ints: 0xAARRGGBB with gd's 7-bit alpha, 127 transparent */
} ps_layout;

typedef struct {
    ps_decoder base;
    const unsigned char *pixels; /* first row */
    size_t stride;               /* bytes from one row to the next */
    const unsigned char *const *rows; /* or one pointer a row (gd) */
    ps_layout layout;
    unsigned char *out;          /* the row handed out */
} ps_whole_decoder;

/* One row of `width` pixels in `layout` to B, G, R, X on white. */
void ps_layout_row(ps_layout layout, const unsigned char *in, unsigned char *out, int width);

/* Sets up the row handing-out of a whole decoder (base.width/height set first). */
int ps_whole_start(ps_whole_decoder *decoder);
void ps_whole_destroy(ps_whole_decoder *decoder);

/* Sets `result` from a decoder's state or a failure. */
void ps_result_fail(ps_open_result *result, int status, const char *format, ...) __attribute__((format(printf, 3, 4)));

/* Keeps the size the format's own header declares (the size its decoder will use) in the
   decoder and the result, where a refusal names it, and checks it before any pixel buffer
   exists: an empty image is an error naming the format, one of more pixels than the
   request allows is PS_TOO_LARGE. 0 when refused (`result` says why). */
int ps_check_size(ps_decoder *decoder, long long width, long long height, const char *name,
                  const ps_decode_request *request, ps_open_result *result);

/* Whether holding `bytes` at once (`what` says for what) fits the request's budget; when
   not, PS_TOO_LARGE in `result`, naming both. */
int ps_check_working(long long bytes, const char *what, const ps_decode_request *request, ps_open_result *result);

/* a × b (× c) in size_t, or 0 when it would overflow. */
size_t ps_mul(size_t a, size_t b);

/* Reads a whole file into a malloc'd buffer; NULL if it cannot (used for the default CMYK
   profile). At most `limit` bytes. */
unsigned char *ps_read_small_file(const char *path, size_t limit, size_t *size);

#endif
