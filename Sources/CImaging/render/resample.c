/*
 * Resampling: a separable Lanczos filter, vectorized, the same bit for bit on every path.
 */

#include "CImaging.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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

/* The most the vectorized path's ring of source rows (as floats) may take: 64 MiB, nine
   times what a 100 MP photo's preview needs; past it, ps_gd_resampled_across_first. */
#define PS_RING_LIMIT ((size_t)64 << 20)

static float ps_lanczos(double x, int lobes) {
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
static void ps_resample_window(int i, double scale, double stretch, int lobes, int src_size,
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

static int ps_resample_weights(int src_size, int dst_size, int lobes, int *taps_out, int **starts_out, float **weights_out) {
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

/* Vectors of the compiler's own (GCC and Clang): plain loops came out masked or scalar
   under some optimization settings; written with explicit vectors they are vector code
   whatever the settings. */
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

static const unsigned char *ps_gd_row(void *context, int y) {
    return (const unsigned char *)((gdImagePtr)context)->tpixels[y];
}

/*
 * The ring of source rows, filtered one way, that both paths keep for the other pass
 * (the vertical filter's windows only move down): source row r is in slot r % size.
 */
typedef struct {
    float *rows;
    size_t stride; /* floats from one slot to the next */
    int size;      /* slots: the vertical filter's taps */
    int filled;    /* source rows [0, filled) have been put in */
} ps_ring;

/* Makes a source row's slot from the row's bytes; `how` is the path's own. */
typedef void (*ps_ring_put)(const unsigned char *in, float *slot, const void *how);

static inline __attribute__((always_inline)) float *ps_ring_slot(const ps_ring *ring, int row) {
    return ring->rows + ring->stride * (size_t)(row % ring->size);
}

/* Puts in every source row before `until` not yet there, each made by `put`; 0 when the
   source fails. */
static inline __attribute__((always_inline)) int ps_ring_fill(ps_ring *ring, int until, ps_row_source source,
                                                              void *context, ps_ring_put put, const void *how) {
    for (; ring->filled < until; ring->filled++) {
        const unsigned char *in = source(context, ring->filled);
        if (in == NULL) return 0;
        put(in, ps_ring_slot(ring, ring->filled), how);
    }
    return 1;
}

/* Pixels read and written in place (rows and the ring are at least 4-byte aligned); no
   memcpy a tap, which unoptimized builds (the fuzzers') make a call. A pixel is its 4
   bytes (B, G, R, X) as 4 floats, filtered together. */
typedef unsigned char ps_u8x4 __attribute__((vector_size(4), aligned(1)));
typedef float ps_f32x4u __attribute__((vector_size(16), aligned(4)));
typedef unsigned int ps_u32u __attribute__((aligned(1)));

/* What filtering a row across needs. */
typedef struct {
    int sw, dw, xtaps;
    const int *xstart;
    const float *xweight;
} ps_across;

/* A source row filtered across, into `dw` pixels of floats. */
static void ps_filter_across(const unsigned char *in, float *slot, const void *how) {
#if defined(__clang__)
#pragma clang fp contract(off)
#endif
    const ps_across *across = how;
    const int sw = across->sw, dw = across->dw, xtaps = across->xtaps;
    const ps_u32u *pixel = (const ps_u32u *)(const void *)in;
    const ps_u8x4 *bytes = (const ps_u8x4 *)(const void *)in;
    ps_f32x4u *row = (ps_f32x4u *)(void *)slot;
    /* The pixels of one colour at either end of the row (all of such a GIF's screen but
       its frame) filter to that colour: only the outputs whose window reaches the pixels
       between [lo, hi] are summed. */
    /* Compared 256 pixels at a time against a block of that colour (one memcmp, fast in
       any build), then pixel by pixel. */
    ps_u32u plain_block[256];
    for (int i = 0; i < 256; i++) plain_block[i] = pixel[0];
    int lo = 0, hi = sw - 1;
    while (lo + 256 <= sw && memcmp(pixel + lo, plain_block, sizeof plain_block) == 0) lo += 256;
    while (lo < sw && pixel[lo] == pixel[0]) lo++;
    while (hi - 255 >= lo && memcmp(pixel + hi - 255, plain_block, sizeof plain_block) == 0) hi -= 256;
    while (hi >= lo && pixel[hi] == pixel[0]) hi--;
    const ps_f32x4u plain = __builtin_convertvector(bytes[0], ps_f32x4u);
    for (int x = 0; x < dw; x++) {
        const int start = across->xstart[x];
        if (start > hi || start + xtaps <= lo) {
            row[x] = plain;
            continue;
        }
        const float *xw = across->xweight + (size_t)x * xtaps;
        const ps_u8x4 *p = bytes + start;
        ps_f32x4u sum = {0, 0, 0, 0};
        for (int k = 0; k < xtaps; k++) sum += xw[k] * __builtin_convertvector(p[k], ps_f32x4u);
        row[x] = sum;
    }
}

/*
 * The same resampling with the passes the other way round: each source row filtered
 * across first, into a ring of `ytaps` rows of the output's width, then down. Used where
 * the ring of whole source rows would be large — an extreme shrink of one side, such as a
 * GIF's 63486×1534 logical screen made 400×10 (whose ring took 1.5 GB; found by make fuzz):
 * here every buffer follows the output (ytaps × dw pixels), whatever the input's width.
 * Plain scalar code, for such rare images; deterministic (the same operations in the same
 * order on every machine), though not the same bits as the vectorized path.
 */
static __attribute__((noinline)) gdImagePtr ps_gd_resampled_across_first(
    ps_row_source source, void *context, int sw, int dw, int dh, int xtaps, const int *xstart, const float *xweight,
    int ytaps, const int *ystart, const float *yweight) {
#if defined(__clang__)
#pragma clang fp contract(off)
#endif
    ps_ring ring = {calloc(4 * (size_t)dw * (size_t)ytaps, sizeof(float)), 4 * (size_t)dw, ytaps, 0};
    const ps_across across = {sw, dw, xtaps, xstart, xweight};
    gdImagePtr dst = ring.rows != NULL ? gdImageCreateTrueColor(dw, dh) : NULL;
    if (dst == NULL) {
        free(ring.rows);
        return NULL;
    }
    for (int y = 0; y < dh; y++) {
        const float *w = yweight + (size_t)y * ytaps;
        const int first = ystart[y];
        if (!ps_ring_fill(&ring, first + ytaps, source, context, ps_filter_across, &across)) {
            gdImageDestroy(dst);
            free(ring.rows);
            return NULL;
        }
        unsigned char *out = (unsigned char *)dst->tpixels[y];
        for (int x = 0; x < dw; x++) {
            ps_f32x4u sum = {0, 0, 0, 0};
            for (int k = 0; k < ytaps; k++) {
                const ps_f32x4u *row = (const ps_f32x4u *)(const void *)ps_ring_slot(&ring, first + k);
                sum += w[k] * row[x];
            }
            /* As ps_clamped_pixels: clamped to [0, 255], plus 0.5, truncated; X is 0. */
            for (int c = 0; c < 3; c++) {
                const float v = sum[c] < 0 ? 0 : sum[c] > 255 ? 255 : sum[c];
                out[4 * x + c] = (unsigned char)(int)(v + 0.5f);
            }
            out[4 * x + 3] = 0;
        }
    }
    free(ring.rows);
    return dst;
}

/* A source row's bytes as floats (`how`: the row's 4 × width bytes), zero-padded to a
   multiple of 8. Inlined into each CPU path's body. */
static inline __attribute__((always_inline)) void ps_row_to_floats(const unsigned char *in, float *row, const void *how) {
    const int width4 = *(const int *)how, whole8 = width4 & ~7;
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
    float *xweight = NULL, *yweight = NULL, *acc = NULL, *pairweight = NULL;
    ps_ring ring = {NULL, 0, 0, 0};
    const float **rows = NULL;
    gdImagePtr dst = NULL;
    if (!ps_resample_weights(sw, dw, lobes, &xtaps, &xstart, &xweight)) goto done;
    if (!ps_resample_weights(sh, dh, lobes, &ytaps, &ystart, &yweight)) goto done;
    const int width4 = 4 * sw;
    const int width8 = (width4 + 7) & ~7;  /* rows padded with zeros */
    /* A ring of whole source rows that would pass PS_RING_LIMIT (an extreme shrink of the
       height): the passes go the other way round, with buffers of the output's width. */
    if ((size_t)width8 * (size_t)ytaps * sizeof(float) > PS_RING_LIMIT && dw < sw) {
        dst = ps_gd_resampled_across_first(source, context, sw, dw, dh, xtaps, xstart, xweight, ytaps, ystart, yweight);
        goto done;
    }
    ring = (ps_ring){calloc((size_t)width8 * (size_t)ytaps, sizeof(float)), (size_t)width8, ytaps, 0};
    acc = calloc((size_t)width8, sizeof(float));
    pairweight = malloc(sizeof(float) * 8 * (size_t)xtaps * (size_t)(dw / 2 + 1));
    rows = malloc(sizeof(float *) * (size_t)ytaps);
    if (ring.rows == NULL || acc == NULL || pairweight == NULL || rows == NULL) goto done;
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

    for (int y = 0; y < dh; y++) {
        const float *w = yweight + (size_t)y * ytaps;
        const int first = ystart[y];
        if (!ps_ring_fill(&ring, first + ytaps, source, context, ps_row_to_floats, &width4)) {
            gdImageDestroy(dst);
            dst = NULL;
            goto done;
        }
        for (int k = 0; k < ytaps; k++) rows[k] = ps_ring_slot(&ring, first + k);
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
    free(xstart); free(xweight); free(ystart); free(yweight); free(ring.rows); free(acc); free(pairweight); free(rows);
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

gdImagePtr ps_gd_resampled_rows(ps_row_source source, void *context, int sw, int sh, int dw, int dh,
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
gdImagePtr ps_gd_resampled(gdImagePtr src, int dw, int dh, int lobes) {
    if (!gdImageTrueColor(src)) return NULL;
    return ps_gd_resampled_rows(ps_gd_row, src, gdImageSX(src), gdImageSY(src), dw, dh, lobes);
}

