/*
 * Watermarked proofs: text drawn with libgd's FreeType renderer (gdImageStringFT), light
 * with a dark outline so it reads on light and dark photos, semi-transparent, repeated on
 * a diagonal grid over the whole image so that no crop escapes it. Only arithmetic on the
 * image's size decides where: the same image and text give the same pixels. The text is
 * drawn once, level, and each copy stamped from that turned (`ps_strip_stamp`), so the
 * cost is the image's pixels, not the square of the text's length.
 */

#include "CImaging.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* gdImageStringFT sets libgd's font cache up on first use, and so does gdFontCacheSetup:
   both test a global and then create it, so two threads doing either at once each make a
   cache and one is lost (LeakSanitizer saw it: tests run builds and font checks in
   parallel). Set up exactly once per process, before any text is measured or drawn. */
static pthread_once_t ps_font_cache_once = PTHREAD_ONCE_INIT;

static void ps_font_cache_setup_once(void) {
    gdFontCacheSetup();
}

void ps_gd_font_cache_setup(void) {
    pthread_once(&ps_font_cache_once, ps_font_cache_setup_once);
}

const char *ps_gd_text_check(const char *font, const char *text) {
    ps_gd_font_cache_setup();
    int box[8];
    return gdImageStringFT(NULL, box, 0, (char *)font, 24, 0, 0, 0, (char *)text);
}

/* The largest of each run of 2r + 1 values along a line (a separable max filter). */
static void ps_dilate_line(const unsigned char *in, unsigned char *out, int count, int out_step, int r) {
    for (int i = 0; i < count; i++) {
        const int from = i - r < 0 ? 0 : i - r, to = i + r >= count ? count - 1 : i + r;
        unsigned char best = 0;
        for (int k = from; k <= to; k++) if (in[k] > best) best = in[k];
        out[(size_t)i * out_step] = best;
    }
}

/* The text drawn once, level, into a strip: its coverage (0-255) a byte a pixel. */
typedef struct {
    unsigned char *coverage;
    int width, height;
} ps_strip;

static const char *ps_strip_make(ps_strip *strip, const char *font, const char *text, double points) {
    int box[8];
    const char *error = gdImageStringFT(NULL, box, 0, (char *)font, points, 0, 0, 0, (char *)text);
    if (error != NULL) return error;
    const int pad = 2;
    const int min_x = box[0] < box[6] ? box[0] : box[6], max_x = box[2] > box[4] ? box[2] : box[4];
    const int min_y = box[5] < box[7] ? box[5] : box[7], max_y = box[1] > box[3] ? box[1] : box[3];
    strip->width = max_x - min_x + 2 * pad;
    strip->height = max_y - min_y + 2 * pad;
    if (strip->width <= 0 || strip->height <= 0) return "the text has no size";
    gdImagePtr image = gdImageCreateTrueColor(strip->width, strip->height);
    strip->coverage = calloc((size_t)strip->width * strip->height, 1);
    if (image == NULL || strip->coverage == NULL) {
        if (image != NULL) gdImageDestroy(image);
        free(strip->coverage);
        strip->coverage = NULL;
        return "out of memory";
    }
    gdImageAlphaBlending(image, 1);
    error = gdImageStringFT(image, box, gdTrueColor(255, 255, 255), (char *)font, points, 0, pad - min_x, pad - min_y, (char *)text);
    for (int y = 0; y < strip->height; y++)
        for (int x = 0; x < strip->width; x++)
            strip->coverage[(size_t)y * strip->width + x] = (unsigned char)gdTrueColorGetRed(image->tpixels[y][x]);
    gdImageDestroy(image);
    if (error != NULL) {
        free(strip->coverage);
        strip->coverage = NULL;
    }
    return error;
}

/* The strip's coverage at (s, t), in its pixels, interpolated between the four nearest. */
static double ps_strip_sample(const ps_strip *strip, double s, double t) {
    const double fx = floor(s), fy = floor(t);
    const int x = (int)fx, y = (int)fy;
    const double ax = s - fx, ay = t - fy;
    double value = 0;
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++) {
            const int px = x + i, py = y + j;
            if (px < 0 || py < 0 || px >= strip->width || py >= strip->height) continue;
            value += strip->coverage[(size_t)py * strip->width + px] * (i ? ax : 1 - ax) * (j ? ay : 1 - ay);
        }
    return value;
}

/* Stamps the strip, turned by the angle whose cosine and sine are cu and su (rising to
   the right; both positive), centred on (cx, cy), into the image's coverage (the larger
   value kept): only
   the pixels the turned strip covers, row by row, clipped to the image. A copy that misses
   the image costs nothing. */
static void ps_strip_stamp(const ps_strip *strip, unsigned char *coverage, int width, int height, double cx, double cy,
                           double cu, double su) {
    const double hw = strip->width / 2.0, hh = strip->height / 2.0;
    /* The corners, to bound the rows. Along the text: (cu, -su); down across it: (su, cu). */
    double top = INFINITY, bottom = -INFINITY;
    for (int k = 0; k < 4; k++) {
        const double s = (k & 1) ? hw : -hw, t = (k & 2) ? hh : -hh;
        const double y = cy - s * su + t * cu;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
    }
    const int first = top < 0 ? 0 : (int)floor(top), last = bottom > height - 1 ? height - 1 : (int)ceil(bottom);
    for (int y = first; y <= last; y++) {
        /* For this row, s and t as functions of x: s = s0 + cu * x, t = t0 + su * x. */
        const double dy = y + 0.5 - cy;
        const double s0 = hw + (0.5 - cx) * cu - dy * su, t0 = hh + (0.5 - cx) * su + dy * cu;
        double from = fmax((0 - s0) / cu, (0 - t0) / su), to = fmin((strip->width - s0) / cu, (strip->height - t0) / su);
        if (from < 0) from = 0;
        if (to > width - 1) to = width - 1;
        if (from > to) continue;
        for (int x = (int)floor(from); x <= (int)ceil(to); x++) {
            const double value = ps_strip_sample(strip, s0 + cu * x - 0.5, t0 + su * x - 0.5);
            unsigned char *c = coverage + (size_t)y * width + x;
            const int v = (int)lround(value);
            if (v > *c) *c = (unsigned char)(v > 255 ? 255 : v);
        }
    }
}

const char *ps_gd_watermark(gdImagePtr image, const char *font, const char *text, double opacity) {
    ps_gd_font_cache_setup();
    const int width = gdImageSX(image), height = gdImageSY(image);
    const int longest = width > height ? width : height;
    /* Scaled to the image: the text about a fourteenth of its long edge high (gd's points
       are at 96 dpi). */
    const double points = fmax(4.0, longest / 14.0 * 72.0 / 96.0);
    const double angle = M_PI / 6; /* 30°, rising to the right */
    int box[8];
    const char *error = gdImageStringFT(NULL, box, 0, (char *)font, points, 0, 0, 0, (char *)text);
    if (error != NULL) return error;
    const double text_width = box[2] - box[0], text_height = box[1] - box[5];
    if (text_width <= 0 || text_height <= 0) return NULL;
    if (opacity < 0) opacity = 0;
    if (opacity > 1) opacity = 1;

    /* The text drawn once (FreeType antialiases it), then stamped at every copy: drawing
       each copy cost the text's length, and the copies are as many as it is long. */
    ps_strip strip = {NULL, 0, 0};
    error = ps_strip_make(&strip, font, text, points);
    if (error != NULL) return error;
    unsigned char *coverage = calloc((size_t)width * height, 1), *wide = calloc((size_t)width * height, 1);
    unsigned char *line = calloc((size_t)(width > height ? width : height), 1);
    if (coverage == NULL || wide == NULL || line == NULL) {
        free(strip.coverage), free(coverage), free(wide), free(line);
        return "out of memory";
    }
    /* A grid along the text's direction (u) and across it (v), centred on the image, that
       covers it whole; every other row shifted by half a step. */
    const double cu = cos(angle), su = sin(angle);
    const double step_u = text_width * 1.6, step_v = text_height * 3.2;
    const double reach = sqrt((double)width * width + (double)height * height) / 2 + text_width;
    int row = 0;
    for (double v = -reach; v <= reach; v += step_v, row++) {
        for (double u = -reach + (row % 2) * step_u / 2; u <= reach; u += step_u) {
            /* The centre of this copy. */
            const double x = width / 2.0 + u * cu + v * su, y = height / 2.0 - u * su + v * cu;
            ps_strip_stamp(&strip, coverage, width, height, x, y, cu, su);
        }
    }
    free(strip.coverage);

    /* The outline: the coverage widened by r pixels each way, minus the text itself. */
    const int r = (int)fmax(1.0, lround(text_height / 16.0));
    for (int y = 0; y < height; y++) ps_dilate_line(coverage + (size_t)y * width, wide + (size_t)y * width, width, 1, r);
    /* Down each column: copied out first, so the pass reads what the first one wrote. */
    for (int x = 0; x < width; x++) {
        for (int y = 0; y < height; y++) line[y] = wide[(size_t)y * width + x];
        ps_dilate_line(line, wide + x, height, width, r);
    }
    /* Dark outline under light text, each at its opacity: readable on any photo. */
    const double dark = opacity * 0.8;
    for (int y = 0; y < height; y++) {
        int *pixels = image->tpixels[y];
        for (int x = 0; x < width; x++) {
            const size_t i = (size_t)y * width + x;
            if (wide[i] == 0) continue;
            const double t = coverage[i] / 255.0, o = (wide[i] > coverage[i] ? wide[i] - coverage[i] : 0) / 255.0;
            const double keep = 1 - o * dark, light = t * opacity;
            const int p = pixels[x];
            int c[3] = {gdTrueColorGetRed(p), gdTrueColorGetGreen(p), gdTrueColorGetBlue(p)};
            for (int k = 0; k < 3; k++) c[k] = (int)lround((c[k] * keep) * (1 - light) + 255 * light);
            pixels[x] = gdTrueColor(c[0], c[1], c[2]);
        }
    }
    free(coverage), free(wide), free(line);
    return NULL;
}
