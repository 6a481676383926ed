#ifndef PROOFSHEET_CGD_SHIM_H
#define PROOFSHEET_CGD_SHIM_H

#include <gd.h>
#include <gdfontg.h>

/* gd's pixel macros cannot be imported into Swift; these small functions stand in. */

static inline int ps_gd_true_color(int r, int g, int b) { return gdTrueColor(r, g, b); }
static inline int ps_gd_true_color_alpha(int r, int g, int b, int a) { return gdTrueColorAlpha(r, g, b, a); }
static inline int ps_gd_width(gdImagePtr im) { return gdImageSX(im); }
static inline int ps_gd_height(gdImagePtr im) { return gdImageSY(im); }
static inline int ps_gd_is_true_color(gdImagePtr im) { return gdImageTrueColor(im); }
static inline int ps_gd_pixel(gdImagePtr im, int x, int y) { return gdImageGetTrueColorPixel(im, x, y) & 0xFFFFFF; }
static inline gdFontPtr ps_gd_font_giant(void) { return gdFontGetGiant(); }

#endif
