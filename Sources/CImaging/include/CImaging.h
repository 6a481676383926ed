#ifndef PROOFSHEET_CIMAGING_H
#define PROOFSHEET_CIMAGING_H

/*
 * proofsheet's own C: what runs on every pixel (resampling, turning, flattening) and the
 * glue to the C libraries that report errors in ways Swift cannot take part in
 * (libjpeg's longjmp). Everything here is called from ProofsheetKit/Imaging only, and
 * no pointer it hands out leaves that folder.
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

/* `src` (opaque truecolor) resampled; see ps_gd_resampled_rows. */
gdImagePtr ps_gd_resampled(gdImagePtr src, int dw, int dh, int lobes);

/* MARK: Memory (memory.c) */

/* Lets glibc keep up to 64 MB of freed memory for reuse between photos. Returns 0 if
   glibc refused a value; elsewhere it does nothing and returns 1. */
int ps_keep_freed_memory(void);

/* MARK: JPEG (jpeg.c) */

enum {
    PS_JPEG_OK = 0,
    PS_JPEG_ERROR = 1,       /* corrupt or unsupported data; message says why */
    PS_JPEG_TRUNCATED = 2,   /* the data ends before the image does */
    PS_JPEG_TOO_LARGE = 3,   /* the header declares more pixels than allowed */
    PS_JPEG_NO_MEMORY = 4,
};

/* A libjpeg-turbo decoder that hands out its rows one at a time (ps_jpeg_reader_row). */
typedef struct ps_jpeg_reader ps_jpeg_reader;

/* Opens `data` at the smallest DCT scale (1/8, 1/4, 1/2 or 1) whose long edge is still
   at least `min_long_edge`; refused (PS_JPEG_TOO_LARGE) before decoding anything if the
   header declares more than `max_pixels`. The reader points into `data`. */
int ps_jpeg_reader_open(const unsigned char *data, unsigned long size, int min_long_edge, long long max_pixels,
                        int *stored_width, int *stored_height, int *width, int *height, ps_jpeg_reader **out,
                        char *message, size_t message_size);

/* Row `y` (rows in order, each once) as B, G, R, X bytes, or NULL if it cannot be had:
   see ps_jpeg_reader_finish. A ps_row_source, with the reader as context. */
const unsigned char *ps_jpeg_reader_row(void *context, int y);

/* Reads what the consumer left (rows, then the end of the file) and says whether the
   whole image was there: PS_JPEG_OK, PS_JPEG_TRUNCATED or PS_JPEG_ERROR with `message`.
   Also the way to learn why ps_jpeg_reader_row returned NULL. */
int ps_jpeg_reader_finish(ps_jpeg_reader *reader, char *message, size_t message_size);

void ps_jpeg_reader_close(ps_jpeg_reader *reader);

/* Encodes a truecolor gd image as a baseline JPEG (4:2:0, no metadata) straight from its
   rows. On success *out holds a malloc'd buffer the caller frees with free(). */
int ps_jpeg_encode(gdImagePtr image, int quality, unsigned char **out, unsigned long *out_size, char *message,
                   size_t message_size);

#endif
