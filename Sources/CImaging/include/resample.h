#ifndef PROOFSHEET_CIMAGING_RESAMPLE_H
#define PROOFSHEET_CIMAGING_RESAMPLE_H

/* Pixel rows, turning, flattening and resampling: what runs on every pixel. */

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

#endif
