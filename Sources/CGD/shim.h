#ifndef PROOFSHEET_CGD_SHIM_H
#define PROOFSHEET_CGD_SHIM_H

#include <gd.h>
#include <gdfonts.h>
#include <gdfontg.h>
#include <stdlib.h>

/* gd's pixel macros cannot be imported into Swift; these small functions stand in. */

static inline int ps_gd_true_color(int r, int g, int b) { return gdTrueColor(r, g, b); }
static inline int ps_gd_true_color_alpha(int r, int g, int b, int a) { return gdTrueColorAlpha(r, g, b, a); }
static inline int ps_gd_width(gdImagePtr im) { return gdImageSX(im); }
static inline int ps_gd_height(gdImagePtr im) { return gdImageSY(im); }
static inline int ps_gd_is_true_color(gdImagePtr im) { return gdImageTrueColor(im); }
static inline gdFontPtr ps_gd_font_giant(void) { return gdFontGetGiant(); }

/*
 * Returns a new truecolor image holding `src` turned upright for the EXIF orientation
 * value (1-8), or NULL when memory runs out. Orientation 1 (or any unknown value)
 * copies. The loops stay in C: they run on every preview and must be fast.
 */
static inline gdImagePtr ps_gd_oriented(gdImagePtr src, int orientation) {
    const int w = gdImageSX(src), h = gdImageSY(src);
    const int swap = orientation >= 5 && orientation <= 8;
    gdImagePtr dst = gdImageCreateTrueColor(swap ? h : w, swap ? w : h);
    if (dst == NULL || !gdImageTrueColor(src)) { if (dst) gdImageDestroy(dst); return NULL; }
    int **in = src->tpixels, **out = dst->tpixels;
    for (int y = 0; y < h; y++) {
        const int *row = in[y];
        for (int x = 0; x < w; x++) {
            int dx, dy;
            switch (orientation) {
            case 2: dx = w - 1 - x; dy = y; break;             /* mirrored horizontally */
            case 3: dx = w - 1 - x; dy = h - 1 - y; break;     /* rotated 180 */
            case 4: dx = x; dy = h - 1 - y; break;             /* mirrored vertically */
            case 5: dx = y; dy = x; break;                     /* transposed */
            case 6: dx = h - 1 - y; dy = x; break;             /* needs 90 clockwise */
            case 7: dx = h - 1 - y; dy = w - 1 - x; break;     /* transversed */
            case 8: dx = y; dy = w - 1 - x; break;             /* needs 90 counter-clockwise */
            default: dx = x; dy = y; break;
            }
            out[dy][dx] = row[x];
        }
    }
    return dst;
}

/*
 * Inverse of ps_gd_oriented: stores an upright image the way a camera would for the
 * given orientation, so that applying the orientation shows it upright again. Used by
 * the demo library and the tests.
 */
static inline gdImagePtr ps_gd_unoriented(gdImagePtr upright, int orientation) {
    int inverse = orientation;
    if (orientation == 6) inverse = 8;
    else if (orientation == 8) inverse = 6;
    return ps_gd_oriented(upright, inverse);
}

/* Composites a possibly transparent image onto white, in place; JPEG has no alpha. */
static inline void ps_gd_flatten_on_white(gdImagePtr im) {
    if (!gdImageTrueColor(im)) return;
    const int w = gdImageSX(im), h = gdImageSY(im);
    for (int y = 0; y < h; y++) {
        int *row = im->tpixels[y];
        for (int x = 0; x < w; x++) {
            const int p = row[x];
            const int a = gdTrueColorGetAlpha(p); /* 0 opaque .. 127 transparent */
            if (a == 0) continue;
            const int r = gdTrueColorGetRed(p), g = gdTrueColorGetGreen(p), b = gdTrueColorGetBlue(p);
            row[x] = gdTrueColor((r * (127 - a) + 255 * a) / 127,
                                 (g * (127 - a) + 255 * a) / 127,
                                 (b * (127 - a) + 255 * a) / 127);
        }
    }
}

/* Marks every pixel opaque. gdImageScale's fixed-point bilinear path leaves garbage
   in the alpha bits, which a later gdImageCopyResampled would honour. */
static inline void ps_gd_make_opaque(gdImagePtr im) {
    if (!gdImageTrueColor(im)) return;
    const int w = gdImageSX(im), h = gdImageSY(im);
    for (int y = 0; y < h; y++) {
        int *row = im->tpixels[y];
        for (int x = 0; x < w; x++) row[x] &= 0x00FFFFFF;
    }
}

/* Reads one pixel of a truecolor image as 0xRRGGBB. */
static inline int ps_gd_pixel(gdImagePtr im, int x, int y) {
    return gdImageGetTrueColorPixel(im, x, y) & 0xFFFFFF;
}

#endif
