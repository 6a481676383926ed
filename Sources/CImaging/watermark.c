/*
 * Watermarked proofs: text drawn with libgd's FreeType renderer (gdImageStringFT), light
 * with a dark outline so it reads on light and dark photos, semi-transparent, repeated on
 * a diagonal grid over the whole image so that no crop escapes it. Only arithmetic on the
 * image's size decides where: the same image and text give the same pixels.
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

    /* The text's coverage, drawn once per copy in white on black: antialiased by FreeType. */
    gdImagePtr mask = gdImageCreateTrueColor(width, height);
    unsigned char *coverage = calloc((size_t)width * height, 1), *wide = calloc((size_t)width * height, 1);
    unsigned char *line = calloc((size_t)(width > height ? width : height), 1);
    if (mask == NULL || coverage == NULL || wide == NULL || line == NULL) {
        if (mask != NULL) gdImageDestroy(mask);
        free(coverage), free(wide), free(line);
        return "out of memory";
    }
    gdImageAlphaBlending(mask, 1);
    /* A grid along the text's direction (u) and across it (v), centred on the image, that
       covers it whole; every other row shifted by half a step. */
    const double cu = cos(angle), su = sin(angle);
    const double step_u = text_width * 1.6, step_v = text_height * 3.2;
    const double reach = sqrt((double)width * width + (double)height * height) / 2 + text_width;
    int row = 0;
    for (double v = -reach; v <= reach; v += step_v, row++) {
        for (double u = -reach + (row % 2) * step_u / 2; u <= reach; u += step_u) {
            /* The centre of this copy, then its baseline start (gd draws from there). */
            const double x = width / 2.0 + u * cu + v * su, y = height / 2.0 - u * su + v * cu;
            if (x < -text_width || x > width + text_width || y < -text_width || y > height + text_width) continue;
            const int sx = (int)lround(x - text_width / 2 * cu - text_height / 2 * su);
            const int sy = (int)lround(y + text_width / 2 * su - text_height / 2 * cu + text_height);
            gdImageStringFT(mask, box, gdTrueColor(255, 255, 255), (char *)font, points, angle, sx, sy, (char *)text);
        }
    }
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) coverage[(size_t)y * width + x] = (unsigned char)gdTrueColorGetRed(mask->tpixels[y][x]);
    gdImageDestroy(mask);

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
