/*
 * An HEIF grid decoded tile by tile (heif_grid.h): each tile is an independent HEVC
 * picture that libde265 decodes, two at a time on two threads, each with its own decoder.
 * A tile is reduced as it comes: its Y, Cb and Cr samples averaged in boxes of `scale`
 * pixels (a 12 MP photo halved for a 1600-px preview, as libjpeg's DCT scaling halves a
 * JPEG; a 200 MP one by 8), then turned to R, G, B, into a band one tile high. The rows
 * are handed out of that band while the threads fill the next: two bands are all the
 * picture there ever is in memory. libheif would decode every tile into one picture of
 * the whole size, then convert all of it to RGB (200 MP: 1.2 GB).
 */

#include "heif_grid.h"

#include <libde265/de265.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { PS_TILE_THREADS = 2 };

/* Y, Cb, Cr (8 bits) to R, G, B: the coefficients of an H.273 matrix, in 1/65536. */
typedef struct {
    int identity; /* matrix 0: G, B, R stored as Y, Cb, Cr */
    int y_scale, y_offset, cr_r, cb_g, cr_g, cb_b;
} ps_ycbcr;

typedef struct {
    ps_decoder base;
    ps_heif_grid grid;
    int scale;
    int band_rows;            /* output rows a band of whole tiles makes */
    size_t band_stride;
    unsigned char *bands[2];
    int matrix, full_range;   /* from the file's nclx, or -1: each tile's own (its VUI) */
    pthread_mutex_t lock;
    pthread_cond_t changed;
    pthread_t threads[PS_TILE_THREADS];
    int thread_count, synced, initialized;
    /* Under `lock`: */
    int next_tile, reading_band, ready_band, stop, failed;
    int *done; /* tiles finished in each band */
    char failure[PS_REASON_SIZE];
} ps_heif_tiles;

static ps_ycbcr ps_ycbcr_for(int matrix, int full_range) {
    double kr = 0.299, kb = 0.114; /* BT.601 (5, 6), and for unspecified matrices */
    if (matrix == 1) kr = 0.2126, kb = 0.0722;
    if (matrix == 9 || matrix == 10) kr = 0.2627, kb = 0.0593;
    const double kg = 1 - kr - kb, y = full_range ? 1.0 : 255.0 / 219.0, c = full_range ? 1.0 : 255.0 / 224.0;
    ps_ycbcr m = {matrix == 0, (int)(65536 * y + 0.5), full_range ? 0 : 16, (int)(65536 * 2 * (1 - kr) * c + 0.5),
                  (int)(65536 * 2 * kb * (1 - kb) / kg * c + 0.5), (int)(65536 * 2 * kr * (1 - kr) / kg * c + 0.5),
                  (int)(65536 * 2 * (1 - kb) * c + 0.5)};
    return m;
}

static unsigned char ps_clamp(int v) {
    v = (v + 32768) >> 16;
    return (unsigned char)(v < 0 ? 0 : v > 255 ? 255 : v);
}

static void ps_ycbcr_to_bgrx(const ps_ycbcr *m, int y, int cb, int cr, unsigned char *out) {
    if (m->identity) {
        out[0] = (unsigned char)cb, out[1] = (unsigned char)y, out[2] = (unsigned char)cr, out[3] = 0;
        return;
    }
    const int luma = (y - m->y_offset) * m->y_scale;
    cb -= 128, cr -= 128;
    out[0] = ps_clamp(luma + m->cb_b * cb);
    out[1] = ps_clamp(luma - m->cb_g * cb - m->cr_g * cr);
    out[2] = ps_clamp(luma + m->cr_r * cr);
    out[3] = 0;
}

/* The planes of one decoded tile, as libde265 hands them out. */
typedef struct {
    const unsigned char *plane[3];
    int stride[3];
    int wide;          /* samples of 16 bits (depths over 8) */
    int shift;         /* bits over 8 */
    int sx, sy;        /* chroma subsampling (0 or 1), or -1 for monochrome */
} ps_tile_planes;

static int ps_sample(const ps_tile_planes *p, int c, int x, int y) {
    const unsigned char *row = p->plane[c] + (size_t)y * (size_t)p->stride[c];
    return p->wide ? ((const uint16_t *)(const void *)row)[x] : row[x];
}

/* Boxes of `scale` pixels of the tile's `width`×`height` pixels that lie in the picture,
   averaged as Y, Cb, Cr (chroma as libheif upsamples it: each pixel takes its nearest
   sample), converted, written to `out` (rows `stride` apart). */
static void ps_tile_boxes(const ps_tile_planes *p, const ps_ycbcr *m, int scale, int width, int height,
                          unsigned char *out, size_t stride) {
    for (int y0 = 0; y0 < height; y0 += scale, out += stride) {
        const int y1 = y0 + scale < height ? y0 + scale : height;
        unsigned char *pixel = out;
        for (int x0 = 0; x0 < width; x0 += scale, pixel += 4) {
            const int x1 = x0 + scale < width ? x0 + scale : width;
            unsigned sum_y = 0, sum_cb = 0, sum_cr = 0;
            for (int y = y0; y < y1; y++) {
                for (int x = x0; x < x1; x++) {
                    sum_y += (unsigned)ps_sample(p, 0, x, y);
                    if (p->sx >= 0) {
                        sum_cb += (unsigned)ps_sample(p, 1, x >> p->sx, y >> p->sy);
                        sum_cr += (unsigned)ps_sample(p, 2, x >> p->sx, y >> p->sy);
                    }
                }
            }
            const unsigned n = (unsigned)((x1 - x0) * (y1 - y0)), half = n / 2;
            const int luma = (int)((sum_y + half) / n) >> p->shift;
            const int cb = p->sx >= 0 ? (int)((sum_cb + half) / n) >> p->shift : 128;
            const int cr = p->sx >= 0 ? (int)((sum_cr + half) / n) >> p->shift : 128;
            ps_ycbcr_to_bgrx(m, luma, cb, cr, pixel);
        }
    }
}

/* The same for the common case, 8-bit 4:2:0 and whole boxes (`scale` even, dividing the
   tile's part): a box's chroma is the mean of its (scale/2)² samples, which is what the
   sum over its pixels above gives, each sample counted four times. */
static void ps_tile_boxes_420(const ps_tile_planes *p, const ps_ycbcr *m, int scale, int width, int height,
                              unsigned char *out, size_t stride) {
    const int half = scale / 2, n = scale * scale, nc = half * half;
    for (int y0 = 0; y0 < height; y0 += scale, out += stride) {
        const unsigned char *luma = p->plane[0] + (size_t)y0 * (size_t)p->stride[0];
        const unsigned char *cb = p->plane[1] + (size_t)(y0 / 2) * (size_t)p->stride[1];
        const unsigned char *cr = p->plane[2] + (size_t)(y0 / 2) * (size_t)p->stride[2];
        unsigned char *pixel = out;
        for (int x0 = 0; x0 < width; x0 += scale, pixel += 4) {
            unsigned sum_y = 0, sum_cb = 0, sum_cr = 0;
            for (int y = 0; y < scale; y++)
                for (int x = 0; x < scale; x++) sum_y += luma[(size_t)y * (size_t)p->stride[0] + (size_t)(x0 + x)];
            for (int y = 0; y < half; y++) {
                for (int x = 0; x < half; x++) {
                    sum_cb += cb[(size_t)y * (size_t)p->stride[1] + (size_t)(x0 / 2 + x)];
                    sum_cr += cr[(size_t)y * (size_t)p->stride[2] + (size_t)(x0 / 2 + x)];
                }
            }
            ps_ycbcr_to_bgrx(m, (int)((sum_y + (unsigned)n / 2) / (unsigned)n),
                             (int)((sum_cb + (unsigned)nc / 2) / (unsigned)nc),
                             (int)((sum_cr + (unsigned)nc / 2) / (unsigned)nc), pixel);
        }
    }
}

/* The same for boxes of 2 (a 12 MP phone photo): one chroma sample a box, the loop
   written out so that the compiler can vectorize it. */
static void ps_tile_halves_420(const ps_tile_planes *p, const ps_ycbcr *m, int width, int height,
                               unsigned char *out, size_t stride) {
    /* In locals: stores through `out` (bytes) could otherwise change *m for all the compiler knows. */
    const int offset = m->y_offset, scale = m->y_scale, cb_b = m->cb_b, cb_g = m->cb_g, cr_g = m->cr_g, cr_r = m->cr_r;
    for (int y0 = 0; y0 < height; y0 += 2, out += stride) {
        const unsigned char *top = p->plane[0] + (size_t)y0 * (size_t)p->stride[0], *bottom = top + p->stride[0];
        const unsigned char *cb = p->plane[1] + (size_t)(y0 / 2) * (size_t)p->stride[1];
        const unsigned char *cr = p->plane[2] + (size_t)(y0 / 2) * (size_t)p->stride[2];
        for (int x = 0; x < width / 2; x++) {
            const int y = (top[2 * x] + top[2 * x + 1] + bottom[2 * x] + bottom[2 * x + 1] + 2) >> 2;
            const int luma = (y - offset) * scale, u = cb[x] - 128, v = cr[x] - 128;
            out[4 * x] = ps_clamp(luma + cb_b * u);
            out[4 * x + 1] = ps_clamp(luma - cb_g * u - cr_g * v);
            out[4 * x + 2] = ps_clamp(luma + cr_r * v);
            out[4 * x + 3] = 0;
        }
    }
}

/* Pushes the length-prefixed NAL units in `data` to libde265. */
static int ps_push_units(de265_decoder_context *context, const unsigned char *data, size_t size, int length_size) {
    while (size > 0) {
        if (size < (size_t)length_size) return 0;
        size_t length = 0;
        for (int i = 0; i < length_size; i++) length = length << 8 | data[i];
        data += length_size, size -= (size_t)length_size;
        if (length > size || length > 0x7FFFFFFF) return 0;
        if (de265_push_NAL(context, data, (int)length, 0, NULL) != DE265_OK) return 0;
        data += length, size -= length;
    }
    return 1;
}

/* The hvcC payload's parameter sets (VPS, SPS, PPS), pushed; the NAL length size of the
   tile's data, or 0. */
static int ps_push_configuration(de265_decoder_context *context, const unsigned char *hvcc, size_t size) {
    const int length_size = (hvcc[21] & 3) + 1;
    const int arrays = hvcc[22];
    size_t at = 23;
    for (int a = 0; a < arrays; a++) {
        if (at + 3 > size) return 0;
        const int count = hvcc[at + 1] << 8 | hvcc[at + 2];
        at += 3;
        for (int n = 0; n < count; n++) {
            if (at + 2 > size) return 0;
            const size_t length = (size_t)(hvcc[at] << 8 | hvcc[at + 1]);
            at += 2;
            if (length > size - at || de265_push_NAL(context, hvcc + at, (int)length, 0, NULL) != DE265_OK) return 0;
            at += length;
        }
    }
    return length_size;
}

/* A thread's decoder, used for tile after tile (reset between them): making one a tile
   cost 3% of the decoding of a 12 MP grid and 12% of a 200 MP one. */
static de265_decoder_context *ps_tile_context(const ps_heif_tiles *decoder) {
    de265_decoder_context *context = de265_new_decoder();
    if (context != NULL && decoder->scale > 1) {
        /* A tile is one intra picture, predicted from samples before the in-loop filters:
           without them nothing drifts, the block edges they smooth are averaged in the
           boxes, and libde265 decodes a phone's tiles a quarter to nearly half faster. */
        de265_set_parameter_bool(context, DE265_DECODER_PARAM_DISABLE_DEBLOCKING, 1);
        de265_set_parameter_bool(context, DE265_DECODER_PARAM_DISABLE_SAO, 1);
    }
    return context;
}

/* Decodes tile `t` with `context` into its place in its band; NULL, or why it could not. */
static const char *ps_decode_tile(ps_heif_tiles *decoder, de265_decoder_context *context, int t) {
    const ps_heif_grid *grid = &decoder->grid;
    const ps_heif_tile *tile = &grid->tiles[t];
    const char *why = NULL;
    const int length_size = ps_push_configuration(context, tile->hvcc, tile->hvcc_size);
    if (length_size == 0 || !ps_push_units(context, tile->data, tile->size, length_size)) {
        why = "its data is not HEVC units";
    } else {
        de265_flush_data(context);
        int more = 1;
        while (more && de265_peek_next_picture(context) == NULL) {
            const de265_error error = de265_decode(context, &more);
            if (error != DE265_OK && error != DE265_ERROR_WAITING_FOR_INPUT_DATA) {
                why = de265_get_error_text(error);
                break;
            }
        }
    }
    const struct de265_image *image = why == NULL ? de265_get_next_picture(context) : NULL;
    if (why == NULL && image == NULL) why = "libde265 made no picture of it";
    const int column = t % grid->columns, row = t / grid->columns;
    const int width = grid->width - column * grid->tile_width < grid->tile_width ? grid->width - column * grid->tile_width
                                                                                 : grid->tile_width;
    const int height = grid->height - row * grid->tile_height < grid->tile_height
                           ? grid->height - row * grid->tile_height
                           : grid->tile_height;
    if (why == NULL && (de265_get_image_width(image, 0) < width || de265_get_image_height(image, 0) < height))
        why = "it is smaller than the grid says";
    if (why == NULL) {
        const enum de265_chroma chroma = de265_get_chroma_format(image);
        const int bits = de265_get_bits_per_pixel(image, 0);
        ps_tile_planes planes = {{NULL}, {0}, bits > 8, bits > 8 ? bits - 8 : 0,
                                 chroma == de265_chroma_444 ? 0 : 1, chroma == de265_chroma_420 ? 1 : 0};
        if (chroma == de265_chroma_mono) planes.sx = planes.sy = -1;
        for (int c = 0; c < (chroma == de265_chroma_mono ? 1 : 3); c++)
            planes.plane[c] = de265_get_image_plane(image, c, &planes.stride[c]);
        if (bits < 8 || bits > 16 || planes.plane[0] == NULL
            || (chroma != de265_chroma_mono && (planes.plane[1] == NULL || planes.plane[2] == NULL
                                                || de265_get_bits_per_pixel(image, 1) != bits))) {
            why = "its samples are of a kind this reader does not know";
        } else {
            const int matrix = decoder->matrix >= 0 ? decoder->matrix : de265_get_image_matrix_coefficients(image);
            const int full = decoder->matrix >= 0 ? decoder->full_range : de265_get_image_full_range_flag(image);
            const ps_ycbcr m = ps_ycbcr_for(matrix, full);
            unsigned char *out = decoder->bands[row % 2] + (size_t)(column * grid->tile_width / decoder->scale) * 4;
            const int scale = decoder->scale;
            const int whole_420 = !planes.wide && planes.sx == 1 && planes.sy == 1 && scale % 2 == 0
                                  && width % scale == 0 && height % scale == 0;
            if (whole_420 && scale == 2 && !m.identity)
                ps_tile_halves_420(&planes, &m, width, height, out, decoder->band_stride);
            else if (whole_420)
                ps_tile_boxes_420(&planes, &m, scale, width, height, out, decoder->band_stride);
            else
                ps_tile_boxes(&planes, &m, scale, width, height, out, decoder->band_stride);
        }
    }
    de265_reset(context);
    return why;
}

static void *ps_tile_worker(void *argument) {
    ps_heif_tiles *decoder = argument;
    const int count = decoder->grid.columns * decoder->grid.rows;
    de265_decoder_context *context = NULL;
    pthread_mutex_lock(&decoder->lock);
    for (;;) {
        /* At most the band being read and the next: the next but one reuses its buffer. */
        while (!decoder->stop && !decoder->failed && decoder->next_tile < count
               && decoder->next_tile / decoder->grid.columns > decoder->reading_band + 1)
            pthread_cond_wait(&decoder->changed, &decoder->lock);
        if (decoder->stop || decoder->failed || decoder->next_tile >= count) break;
        const int t = decoder->next_tile++;
        pthread_mutex_unlock(&decoder->lock);
        if (context == NULL) context = ps_tile_context(decoder);
        const char *why = context != NULL ? ps_decode_tile(decoder, context, t) : "out of memory";
        pthread_mutex_lock(&decoder->lock);
        if (why != NULL && !decoder->failed) {
            decoder->failed = 1;
            snprintf(decoder->failure, sizeof decoder->failure, "tile %d of %d (row %d, column %d) cannot be decoded: %s",
                     t + 1, count, t / decoder->grid.columns + 1, t % decoder->grid.columns + 1, why);
        }
        decoder->done[t / decoder->grid.columns]++;
        pthread_cond_broadcast(&decoder->changed);
    }
    pthread_mutex_unlock(&decoder->lock);
    if (context != NULL) de265_free_decoder(context);
    return NULL;
}

static const unsigned char *ps_heif_tiles_row(ps_decoder *base, int y) {
    ps_heif_tiles *decoder = (ps_heif_tiles *)base;
    const int band = y / decoder->band_rows;
    if (band != decoder->ready_band) {
        pthread_mutex_lock(&decoder->lock);
        decoder->reading_band = band;
        pthread_cond_broadcast(&decoder->changed);
        while (!decoder->failed && decoder->done[band] < decoder->grid.columns)
            pthread_cond_wait(&decoder->changed, &decoder->lock);
        const int failed = decoder->failed;
        pthread_mutex_unlock(&decoder->lock);
        if (failed) {
            ps_decoder_fail(base, PS_ERROR, "%s", decoder->failure);
            return NULL;
        }
        decoder->ready_band = band;
    }
    return decoder->bands[band % 2] + (size_t)(y % decoder->band_rows) * decoder->band_stride;
}

static void ps_heif_tiles_destroy(ps_decoder *base) {
    ps_heif_tiles *decoder = (ps_heif_tiles *)base;
    if (decoder->synced) {
        pthread_mutex_lock(&decoder->lock);
        decoder->stop = 1;
        pthread_cond_broadcast(&decoder->changed);
        pthread_mutex_unlock(&decoder->lock);
        for (int i = 0; i < decoder->thread_count; i++) pthread_join(decoder->threads[i], NULL);
        pthread_cond_destroy(&decoder->changed);
        pthread_mutex_destroy(&decoder->lock);
    }
    free(decoder->bands[0]);
    free(decoder->bands[1]);
    free(decoder->done);
    ps_heif_grid_free(&decoder->grid);
    if (decoder->initialized) de265_free();
}

void ps_heif_tiles_colour(ps_decoder *base, int matrix, int full_range) {
    ps_heif_tiles *decoder = (ps_heif_tiles *)base;
    decoder->matrix = matrix;
    decoder->full_range = full_range;
}

ps_decoder *ps_heif_tiles_open(ps_heif_grid *grid, const ps_decode_request *request, ps_open_result *result) {
    ps_heif_tiles *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        ps_heif_grid_free(grid);
        return NULL;
    }
    decoder->grid = *grid;
    memset(grid, 0, sizeof *grid);
    ps_decoder *base = &decoder->base;
    base->destroy = ps_heif_tiles_destroy;
    base->row = ps_heif_tiles_row;
    base->pixels = PS_PIXELS_RGB;
    decoder->matrix = -1;
    decoder->ready_band = -1;
    const ps_heif_grid *g = &decoder->grid;
    if (!ps_check_size(base, g->width, g->height, "HEIF grid", request, result)) goto fail;
    /* libde265's tables are made by the first decoder and freed with the last (a count
       under a lock): held here, they are made once for all the tiles, not once a tile. */
    if (de265_init() != DE265_OK) goto fail;
    decoder->initialized = 1;
    /* The largest box (dividing the tiles evenly) that still leaves the picture's long
       edge as long as the largest output needs. */
    const int long_edge = g->width > g->height ? g->width : g->height;
    decoder->scale = 1;
    while (decoder->scale < 8 && request->min_long_edge > 0 && g->tile_width % (decoder->scale * 2) == 0
           && g->tile_height % (decoder->scale * 2) == 0 && long_edge / (decoder->scale * 2) >= request->min_long_edge)
        decoder->scale *= 2;
    base->width = (g->width + decoder->scale - 1) / decoder->scale;
    base->height = (g->height + decoder->scale - 1) / decoder->scale;
    decoder->band_rows = g->tile_height / decoder->scale;
    decoder->band_stride = (size_t)base->width * 4;
    /* Two bands, and what each thread's libde265 holds for a tile (its picture and
       reference planes, about 8 bytes a pixel). */
    const long long working = 2LL * (long long)decoder->band_stride * decoder->band_rows
                              + PS_TILE_THREADS * 8LL * g->tile_width * g->tile_height;
    if (!ps_check_working(working, "two rows of tiles", request, result)) goto fail;
    decoder->bands[0] = malloc(decoder->band_stride * (size_t)decoder->band_rows);
    decoder->bands[1] = malloc(decoder->band_stride * (size_t)decoder->band_rows);
    decoder->done = calloc((size_t)g->rows, sizeof *decoder->done);
    if (decoder->bands[0] == NULL || decoder->bands[1] == NULL || decoder->done == NULL
        || pthread_mutex_init(&decoder->lock, NULL) != 0) {
        goto fail;
    }
    if (pthread_cond_init(&decoder->changed, NULL) != 0) {
        pthread_mutex_destroy(&decoder->lock);
        goto fail;
    }
    decoder->synced = 1;
    return base;

fail:
    ps_decoder_close(base);
    return NULL;
}

int ps_heif_tiles_start(ps_decoder *base) {
    ps_heif_tiles *decoder = (ps_heif_tiles *)base;
    const int count = decoder->grid.columns * decoder->grid.rows;
    for (int i = 0; i < PS_TILE_THREADS && i < count; i++) {
        if (pthread_create(&decoder->threads[i], NULL, ps_tile_worker, decoder) != 0) break;
        decoder->thread_count++;
    }
    return decoder->thread_count > 0;
}
