/* Turning photos upright, flattening transparency, copying rows into an image. */

#include "CImaging.h"

#include <string.h>

/*
 * Returns a new truecolor image holding `src` turned upright for the EXIF orientation
 * value (1-8), or NULL when memory runs out. Orientation 1 (or any unknown value)
 * copies. The loops stay in C: they run on every preview and must be fast.
 */
gdImagePtr ps_gd_oriented(gdImagePtr src, int orientation) {
    const int w = gdImageSX(src), h = gdImageSY(src);
    const int swap = orientation >= 5 && orientation <= 8;
    gdImagePtr dst = gdImageCreateTrueColor(swap ? h : w, swap ? w : h);
    if (dst == NULL || !gdImageTrueColor(src)) { if (dst) gdImageDestroy(dst); return NULL; }
    int **in = src->tpixels, **out = dst->tpixels;
    if (swap) {
        /* Quarter turns in 8×8 tiles: each source row becomes part of a column, so a
           pixel at a time writes one cache line per pixel; a tile writes 8 pixels (32
           bytes) of each of 8 destination rows, from a block that stays in registers. */
        const int whole_h = h & ~7, whole_w = w & ~7;
        const int down = orientation == 5 || orientation == 6;   /* source x grows downwards */
        const int right = orientation == 5 || orientation == 8;  /* source y grows rightwards */
        for (int ty = 0; ty < whole_h; ty += 8) {
            const int dx0 = right ? ty : h - 8 - ty;
            for (int tx = 0; tx < whole_w; tx += 8) {
                int block[8][8];
                for (int i = 0; i < 8; i++) memcpy(block[i], in[ty + i] + tx, sizeof block[i]);
                for (int j = 0; j < 8; j++) {
                    int column[8];
                    for (int i = 0; i < 8; i++) column[i] = block[right ? i : 7 - i][j];
                    memcpy(out[down ? tx + j : w - 1 - (tx + j)] + dx0, column, sizeof column);
                }
            }
        }
        /* The edges that do not fill a tile, a pixel at a time. */
        for (int y = 0; y < h; y++) {
            for (int x = y < whole_h ? whole_w : 0; x < w; x++) {
                const int dx = right ? y : h - 1 - y, dy = down ? x : w - 1 - x;
                out[dy][dx] = in[y][x];
            }
        }
        return dst;
    }
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
gdImagePtr ps_gd_unoriented(gdImagePtr upright, int orientation) {
    int inverse = orientation;
    if (orientation == 6) inverse = 8;
    else if (orientation == 8) inverse = 6;
    return ps_gd_oriented(upright, inverse);
}

/* Composites a possibly transparent image onto white, in place; JPEG has no alpha. */
void ps_gd_flatten_on_white(gdImagePtr im) {
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

/* A new truecolor image of the `w`×`h` rows `source` hands out, X bytes cleared (gd
   reads X as alpha); NULL when memory runs out or the source fails. */
gdImagePtr ps_gd_from_rows(ps_row_source source, void *context, int w, int h) {
    gdImagePtr image = gdImageCreateTrueColor(w, h);
    if (image == NULL) return NULL;
    for (int y = 0; y < h; y++) {
        const unsigned char *in = source(context, y);
        if (in == NULL) {
            gdImageDestroy(image);
            return NULL;
        }
        int *pixels = image->tpixels[y];
        memcpy(pixels, in, 4 * (size_t)w);
        for (int x = 0; x < w; x++) pixels[x] &= 0x00FFFFFF;
    }
    return image;
}

