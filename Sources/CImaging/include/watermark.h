#ifndef PROOFSHEET_CIMAGING_WATERMARK_H
#define PROOFSHEET_CIMAGING_WATERMARK_H

/* Drawing a watermark with libgd and FreeType. */

#include <gd.h>

/* MARK: Watermark (watermark.c) */

/* Sets libgd's FreeType font cache up; once, before images are drawn on in several threads. */
void ps_gd_font_cache_setup(void);

/* NULL when `font` (a font file) can draw `text`, else libgd's reason. */
const char *ps_gd_text_check(const char *font, const char *text);

/* Draws `text` (UTF-8) over a truecolor image, repeated diagonally, scaled to the image,
   light with a dark outline, at `opacity` (0-1). NULL, or libgd's reason for failing. */
const char *ps_gd_watermark(gdImagePtr image, const char *font, const char *text, double opacity);

#endif
