#ifndef PROOFSHEET_CGD_SHIM_H
#define PROOFSHEET_CGD_SHIM_H

#include <gd.h>
#include <gdfonts.h>
#include <gdfontg.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

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

/*
 * Resampling: a separable Lanczos filter (2 or 3 lobes, chosen by the caller for each
 * step), widened by the shrink factor so that it averages everything a target pixel
 * covers (no aliasing).
 *
 * Why not libgd's own: gdImageScale's fast bilinear path samples half a pixel off and
 * does not widen its filter, so it aliases (about 28 dB against a Lanczos reference on
 * detailed photos); its two-pass filters are right but compute every tap in double
 * precision, 3-4× slower; gdImageCopyResampled is an area average, right but slow for
 * non-integer ratios. This is the two-pass filter in single precision, vectorized.
 */

static inline float ps_lanczos(double x, int lobes) {
    if (x < 0) x = -x;
    if (x < 1e-8) return 1.0f;
    if (x >= lobes) return 0.0f;
    const double pix = 3.14159265358979323846 * x;
    return (float)(lobes * sin(pix) * sin(pix / lobes) / (pix * pix));
}

/*
 * For each of `dst_size` outputs: the first source index and `taps` weights summing to
 * 1 (zero-padded; every window lies inside the source). Returns 0 when out of memory.
 */
/* The source pixels under output `i`'s filter: those whose weight is not zero (a tap
   exactly `lobes` away weighs 0, and dropping it changes no sum), clipped to the source. */
static inline void ps_resample_window(int i, double scale, double stretch, int lobes, int src_size,
                                      double *center_out, int *left_out, int *right_out) {
    const double center = (i + 0.5) * scale - 0.5, support = lobes * stretch;
    int left = (int)ceil(center - support), right = (int)floor(center + support);
    if (left < 0) left = 0;
    if (right > src_size - 1) right = src_size - 1;
    while (left < right && fabs((left - center) / stretch) >= lobes) left++;
    while (right > left && fabs((right - center) / stretch) >= lobes) right--;
    *center_out = center;
    *left_out = left;
    *right_out = right;
}

static inline int ps_resample_weights(int src_size, int dst_size, int lobes, int *taps_out, int **starts_out, float **weights_out) {
    const double scale = (double)src_size / dst_size;
    const double stretch = scale > 1.0 ? scale : 1.0;
    int taps = 1;
    for (int i = 0; i < dst_size; i++) {
        double center;
        int left, right;
        ps_resample_window(i, scale, stretch, lobes, src_size, &center, &left, &right);
        if (right - left + 1 > taps) taps = right - left + 1;
    }
    int *starts = malloc(sizeof(int) * (size_t)dst_size);
    float *weights = calloc((size_t)dst_size * (size_t)taps, sizeof(float));
    if (starts == NULL || weights == NULL) {
        free(starts); free(weights);
        return 0;
    }
    /* The last window's weights: when the next one lies the same way over the pixels
       (same first offset, same length) its weights are the same numbers. Offsets
       j - center are exact in double here (small differences of numbers on the same
       grid), so equal first offsets mean equal offsets throughout. At a ratio of
       exactly 2 every window but those at the edges is such a repeat, which saves most
       of the sines. */
    const float *last = NULL;
    double last_offset = 0;
    int last_count = 0;
    for (int i = 0; i < dst_size; i++) {
        double center;
        int left, right;
        ps_resample_window(i, scale, stretch, lobes, src_size, &center, &left, &right);
        /* Slide the window inside the source so that every tap reads a real pixel. */
        int start = left + taps <= src_size ? left : src_size - taps;
        float *w = weights + (size_t)i * taps;
        const int count = right - left + 1;
        if (last != NULL && left - center == last_offset && count == last_count) {
            memcpy(w + (left - start), last, sizeof(float) * (size_t)count);
        } else {
            double total = 0;
            for (int j = left; j <= right; j++) total += w[j - start] = ps_lanczos((j - center) / stretch, lobes);
            for (int k = 0; k < taps; k++) w[k] = (float)(w[k] / total);
        }
        last = w + (left - start);
        last_offset = left - center;
        last_count = count;
        starts[i] = start;
    }
    *taps_out = taps;
    *starts_out = starts;
    *weights_out = weights;
    return 1;
}

/* Vectors of the compiler's own (GCC and Clang): Swift compiles this header with its own
   optimization settings, under which plain loops came out masked or scalar; written with
   explicit vectors they are vector code whatever the settings. */
typedef unsigned char ps_u8x8 __attribute__((vector_size(8)));
typedef float ps_f32x8 __attribute__((vector_size(32)));
typedef float ps_f32x4 __attribute__((vector_size(16)));
typedef unsigned char ps_u8x16 __attribute__((vector_size(16)));
typedef float ps_f32x16 __attribute__((vector_size(64)));
typedef int ps_i32x8 __attribute__((vector_size(32)));

/*
 * Two filtered pixels (B, G, R, X floats each; by address, which keeps AVX vectors out
 * of the calling convention) to 8 bytes: each channel clamped to
 * [0, 255], plus 0.5, truncated; X becomes 0. Whole vectors (comparison masks, not
 * branches) so that it does not cost a scalar loop per channel.
 */
static inline __attribute__((always_inline)) ps_u8x8 ps_clamped_pixels(const ps_f32x8 *pixels) {
    ps_f32x8 value = *pixels;
    const ps_f32x8 top = {255, 255, 255, 255, 255, 255, 255, 255};
    const ps_f32x8 half = {0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f};
    const ps_f32x8 zero = {0};
    const ps_i32x8 below = value < zero;
    value = (ps_f32x8)((ps_i32x8)value & ~below);
    const ps_i32x8 above = value > top;
    value = (ps_f32x8)(((ps_i32x8)value & ~above) | ((ps_i32x8)top & above));
    const ps_i32x8 whole = __builtin_convertvector(value + half, ps_i32x8);
    const ps_u8x8 opaque = {255, 255, 255, 0, 255, 255, 255, 0};
    return __builtin_convertvector(whole, ps_u8x8) & opaque;
}

/* Hands out source row `y` as B, G, R, X bytes; rows are asked for in order, each once.
   NULL stops the resampling (the source failed; it keeps the reason). */
typedef const unsigned char *(*ps_row_source)(void *context, int y);

static inline const unsigned char *ps_gd_row(void *context, int y) {
    return (const unsigned char *)((gdImagePtr)context)->tpixels[y];
}

/*
 * Returns a new opaque truecolor image of the `sw`×`sh` picture whose rows `source`
 * hands out, resampled to `dw`×`dh`, with a Lanczos filter of `lobes` lobes; or NULL
 * when memory runs out or the source fails. The source can be a decoder: the rows are
 * filtered as they come, so the full-size picture never has to exist in memory. X
 * bytes of the source are ignored. One output row at a time: the source rows
 * under its window are filtered vertically into one row of floats, which is filtered
 * horizontally into the output. Each source row is converted to floats once, into a
 * ring of `ytaps` rows (windows only move down). gd's pixels are handled as 4 bytes
 * (B, G, R, X on little-endian machines) with the same single-precision arithmetic on
 * each (SSE2 has no 32-bit integer multiply, so floats beat fixed point); X becomes 0.
 */
static inline __attribute__((always_inline)) gdImagePtr ps_gd_resampled_body(
    ps_row_source source, void *context, int sw, int sh, int dw, int dh, int lobes) {
#if defined(__clang__)
    /* Never fuse a multiply and an add (where the target has FMA, as AVX-512 does): the
       output must be the same bit for bit on every path. */
#pragma clang fp contract(off)
#endif
    if (sw < 1 || sh < 1 || dw < 1 || dh < 1) return NULL;
    int xtaps = 0, ytaps = 0, *xstart = NULL, *ystart = NULL;
    float *xweight = NULL, *yweight = NULL, *ring = NULL, *acc = NULL, *pairweight = NULL;
    const float **rows = NULL;
    gdImagePtr dst = NULL;
    if (!ps_resample_weights(sw, dw, lobes, &xtaps, &xstart, &xweight)) goto done;
    if (!ps_resample_weights(sh, dh, lobes, &ytaps, &ystart, &yweight)) goto done;
    const int width4 = 4 * sw;
    const int whole8 = width4 & ~7, width8 = (width4 + 7) & ~7;  /* rows padded with zeros */
    ring = calloc((size_t)width8 * (size_t)ytaps, sizeof(float));
    acc = calloc((size_t)width8, sizeof(float));
    pairweight = malloc(sizeof(float) * 8 * (size_t)xtaps * (size_t)(dw / 2 + 1));
    rows = malloc(sizeof(float *) * (size_t)ytaps);
    if (ring == NULL || acc == NULL || pairweight == NULL || rows == NULL) goto done;
    for (int x = 0; x + 1 < dw; x += 2) {
        float *pair = pairweight + (size_t)(x / 2) * xtaps * 8;
        for (int k = 0; k < xtaps; k++) {
            for (int c = 0; c < 4; c++) {
                pair[8 * k + c] = xweight[(size_t)x * xtaps + k];
                pair[8 * k + 4 + c] = xweight[(size_t)(x + 1) * xtaps + k];
            }
        }
    }
    dst = gdImageCreateTrueColor(dw, dh);
    if (dst == NULL) goto done;

    int converted = 0;  /* source rows [0, converted) have been put in the ring */
    for (int y = 0; y < dh; y++) {
        const float *w = yweight + (size_t)y * ytaps;
        const int first = ystart[y];
        for (; converted < first + ytaps; converted++) {
            const unsigned char *in = source(context, converted);
            if (in == NULL) {
                gdImageDestroy(dst);
                dst = NULL;
                goto done;
            }
            float *row = ring + (size_t)width8 * (converted % ytaps);
            int i = 0;
            for (; i + 16 <= whole8; i += 16) {
                ps_u8x16 bytes;
                memcpy(&bytes, in + i, sizeof bytes);
                const ps_f32x16 values = __builtin_convertvector(bytes, ps_f32x16);
                memcpy(row + i, &values, sizeof values);
            }
            for (; i < whole8; i += 8) {
                ps_u8x8 bytes;
                memcpy(&bytes, in + i, sizeof bytes);
                const ps_f32x8 values = __builtin_convertvector(bytes, ps_f32x8);
                memcpy(row + i, &values, sizeof values);
            }
            for (; i < width4; i++) row[i] = (float)in[i];
        }
        for (int k = 0; k < ytaps; k++) rows[k] = ring + (size_t)width8 * ((first + k) % ytaps);
        /* Sixteen floats at a time down the whole window, summed in a register (one
           AVX-512 register, two AVX2 ones); four such sums at once, so that each
           addition does not wait for the one before it (the loop was bound by the adds'
           latency). Each lane still adds its taps in order. */
        int i = 0;
        for (; i + 64 <= width8; i += 64) {
            ps_f32x16 sum0 = {0}, sum1 = {0}, sum2 = {0}, sum3 = {0};
            for (int k = 0; k < ytaps; k++) {
                const float weight = w[k];
                const float *row = rows[k] + i;
                ps_f32x16 value0, value1, value2, value3;
                memcpy(&value0, row, sizeof value0);
                memcpy(&value1, row + 16, sizeof value1);
                memcpy(&value2, row + 32, sizeof value2);
                memcpy(&value3, row + 48, sizeof value3);
                sum0 += weight * value0;
                sum1 += weight * value1;
                sum2 += weight * value2;
                sum3 += weight * value3;
            }
            memcpy(acc + i, &sum0, sizeof sum0);
            memcpy(acc + i + 16, &sum1, sizeof sum1);
            memcpy(acc + i + 32, &sum2, sizeof sum2);
            memcpy(acc + i + 48, &sum3, sizeof sum3);
        }
        for (; i < width8; i += 8) {
            ps_f32x8 sum = {0};
            for (int k = 0; k < ytaps; k++) {
                ps_f32x8 value;
                memcpy(&value, rows[k] + i, sizeof value);
                sum += w[k] * value;
            }
            memcpy(acc + i, &sum, sizeof sum);
        }
        unsigned char *out = (unsigned char *)dst->tpixels[y];
        int x = 0;
        /* Two output pixels at once: each tap multiplies their two source pixels, side by
           side in one 8-float vector, by the two weights, each spread over 4 lanes. Two
           such pairs at once, for the same reason as above. */
        for (; x + 3 < dw; x += 4) {
            const float *pair0 = pairweight + (size_t)(x / 2) * xtaps * 8, *pair1 = pair0 + (size_t)xtaps * 8;
            const float *p0 = acc + 4 * (size_t)xstart[x], *p1 = acc + 4 * (size_t)xstart[x + 1];
            const float *p2 = acc + 4 * (size_t)xstart[x + 2], *p3 = acc + 4 * (size_t)xstart[x + 3];
            ps_f32x8 sum0 = {0}, sum1 = {0};
            for (int k = 0; k < xtaps; k++) {
                ps_f32x8 pixels0, pixels1, weights0, weights1;
                memcpy(&pixels0, p0 + 4 * k, 4 * sizeof(float));
                memcpy((float *)&pixels0 + 4, p1 + 4 * k, 4 * sizeof(float));
                memcpy(&pixels1, p2 + 4 * k, 4 * sizeof(float));
                memcpy((float *)&pixels1 + 4, p3 + 4 * k, 4 * sizeof(float));
                memcpy(&weights0, pair0 + 8 * k, sizeof weights0);
                memcpy(&weights1, pair1 + 8 * k, sizeof weights1);
                sum0 += weights0 * pixels0;
                sum1 += weights1 * pixels1;
            }
            const ps_u8x8 bytes0 = ps_clamped_pixels(&sum0), bytes1 = ps_clamped_pixels(&sum1);
            memcpy(out + 4 * x, &bytes0, sizeof bytes0);
            memcpy(out + 4 * x + 8, &bytes1, sizeof bytes1);
        }
        for (; x + 1 < dw; x += 2) {
            const float *pair = pairweight + (size_t)(x / 2) * xtaps * 8;
            const float *p0 = acc + 4 * (size_t)xstart[x], *p1 = acc + 4 * (size_t)xstart[x + 1];
            ps_f32x8 sum = {0};
            for (int k = 0; k < xtaps; k++) {
                ps_f32x8 pixels, weights;
                memcpy(&pixels, p0 + 4 * k, 4 * sizeof(float));
                memcpy((float *)&pixels + 4, p1 + 4 * k, 4 * sizeof(float));
                memcpy(&weights, pair + 8 * k, sizeof weights);
                sum += weights * pixels;
            }
            const ps_u8x8 bytes = ps_clamped_pixels(&sum);
            memcpy(out + 4 * x, &bytes, sizeof bytes);
        }
        for (; x < dw; x++) {
            const float *wx = xweight + (size_t)x * xtaps;
            const float *p = acc + 4 * (size_t)xstart[x];
            ps_f32x4 sum = {0};
            for (int k = 0; k < xtaps; k++) {
                ps_f32x4 pixel;
                memcpy(&pixel, p + 4 * k, sizeof pixel);
                sum += wx[k] * pixel;
            }
            const ps_f32x8 wide = {sum[0], sum[1], sum[2], sum[3]};
            const ps_u8x8 bytes = ps_clamped_pixels(&wide);
            memcpy(out + 4 * x, &bytes, 4);
        }
    }
done:
    free(xstart); free(xweight); free(ystart); free(yweight); free(ring); free(acc); free(pairweight); free(rows);
    return dst;
}

/* The same code compiled for AVX2 where the CPU has it: twice the vector width; and for
   AVX-512 (with Clang, whose pragma above keeps multiplies and adds apart): four times.
   Without FMA, so that the arithmetic, and so the output, is the same bit for bit on
   every path. */
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
__attribute__((target("avx2"))) static gdImagePtr ps_gd_resampled_rows_avx2(
    ps_row_source source, void *context, int sw, int sh, int dw, int dh, int lobes) {
    return ps_gd_resampled_body(source, context, sw, sh, dw, dh, lobes);
}
#endif
#if defined(__x86_64__) && defined(__clang__)
#define PS_RESAMPLE_AVX512 1
__attribute__((target("avx512f,avx512bw,avx512vl,avx512dq"))) static gdImagePtr ps_gd_resampled_rows_avx512(
    ps_row_source source, void *context, int sw, int sh, int dw, int dh, int lobes) {
    return ps_gd_resampled_body(source, context, sw, sh, dw, dh, lobes);
}
#endif

static inline gdImagePtr ps_gd_resampled_rows(ps_row_source source, void *context, int sw, int sh, int dw, int dh,
                                              int lobes) {
#if defined(PS_RESAMPLE_AVX512)
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")
        && __builtin_cpu_supports("avx512dq"))
        return ps_gd_resampled_rows_avx512(source, context, sw, sh, dw, dh, lobes);
#endif
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (__builtin_cpu_supports("avx2")) return ps_gd_resampled_rows_avx2(source, context, sw, sh, dw, dh, lobes);
#endif
    return ps_gd_resampled_body(source, context, sw, sh, dw, dh, lobes);
}

/* `src` (opaque truecolor) resampled; see ps_gd_resampled_body. */
static inline gdImagePtr ps_gd_resampled(gdImagePtr src, int dw, int dh, int lobes) {
    if (!gdImageTrueColor(src)) return NULL;
    return ps_gd_resampled_rows(ps_gd_row, src, gdImageSX(src), gdImageSY(src), dw, dh, lobes);
}

/* A new truecolor image of the `w`×`h` rows `source` hands out, X bytes cleared (gd
   reads X as alpha); NULL when memory runs out or the source fails. */
static inline gdImagePtr ps_gd_from_rows(ps_row_source source, void *context, int w, int h) {
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

/*
 * Lets glibc keep up to 64 MB of freed memory for reuse (allocations under 32 MB come
 * from the heap, which is trimmed only past 64 MB free), instead of returning each
 * photo's buffers to the system and faulting them in again for the next. Returns 0 if
 * glibc refused a value; elsewhere it does nothing and returns 1.
 */
static inline int ps_keep_freed_memory(void) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, 32 << 20) && mallopt(M_TRIM_THRESHOLD, 64 << 20);
#else
    return 1;
#endif
}

/* Reads one pixel of a truecolor image as 0xRRGGBB. */
static inline int ps_gd_pixel(gdImagePtr im, int x, int y) {
    return gdImageGetTrueColorPixel(im, x, y) & 0xFFFFFF;
}

#endif
