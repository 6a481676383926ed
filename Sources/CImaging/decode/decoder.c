/* What every decoder shares once open: rows, messages, the end, and the decoders that hold
   the whole picture. */

#include "decoder.h"

#include <stdlib.h>
#include <string.h>

const unsigned char *ps_decoder_row(void *context, int y) {
    ps_decoder *decoder = context;
    if (decoder->status != PS_OK) return NULL;
    if (y < 0 || y >= decoder->height) {
        ps_decoder_fail(decoder, PS_ERROR, "row %d asked for, of %d", y, decoder->height);
        return NULL;
    }
    return decoder->row(decoder, y);
}

int ps_decoder_finish(ps_decoder *decoder, char *reason, size_t reason_size) {
    if (decoder->status == PS_OK && decoder->finish != NULL) decoder->finish(decoder);
    if (decoder->status != PS_OK) snprintf(reason, reason_size, "%s", decoder->reason);
    return decoder->status;
}

const char *ps_decoder_messages(const ps_decoder *decoder) {
    return decoder->messages.text;
}

void ps_decoder_close(ps_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->destroy != NULL) decoder->destroy(decoder);
    if (decoder->release != NULL) decoder->release(decoder->released);
    free(decoder->icc);
    /* After destroy, which gives back the CMYK transform taken from it. */
    ps_color_cache_close(decoder->owned_colors);
    free(decoder);
}

/* MARK: Decoders that hold the whole picture */

void ps_layout_row(ps_layout layout, const unsigned char *in, unsigned char *out, int width) {
    switch (layout) {
    case PS_LAYOUT_RGB:
        for (int x = 0; x < width; x++, in += 3, out += 4) {
            out[0] = in[2];
            out[1] = in[1];
            out[2] = in[0];
            out[3] = 0;
        }
        break;
    case PS_LAYOUT_RGBA:
        for (int x = 0; x < width; x++, in += 4, out += 4) {
            const unsigned a = in[3], w = 255 * (255 - a);
            /* Straight alpha over white: c·a + 255·(1 − a), rounded. */
            out[0] = (unsigned char)((in[2] * a + w + 127) / 255);
            out[1] = (unsigned char)((in[1] * a + w + 127) / 255);
            out[2] = (unsigned char)((in[0] * a + w + 127) / 255);
            out[3] = 0;
        }
        break;
    case PS_LAYOUT_RGBA_PREMUL:
        for (int x = 0; x < width; x++, in += 4, out += 4) {
            const unsigned add = 255 - in[3];
            /* Premultiplied over white: c + (1 − a), clamped against rounding in the data. */
            out[0] = (unsigned char)(in[2] + add > 255 ? 255 : in[2] + add);
            out[1] = (unsigned char)(in[1] + add > 255 ? 255 : in[1] + add);
            out[2] = (unsigned char)(in[0] + add > 255 ? 255 : in[0] + add);
            out[3] = 0;
        }
        break;
    case PS_LAYOUT_GD: {
        const int *pixels = (const int *)(const void *)in;
        for (int x = 0; x < width; x++, out += 4) {
            const int p = pixels[x];
            const int a = gdTrueColorGetAlpha(p); /* 0 opaque .. 127 transparent */
            const int r = gdTrueColorGetRed(p), g = gdTrueColorGetGreen(p), b = gdTrueColorGetBlue(p);
            out[0] = (unsigned char)((b * (127 - a) + 255 * a) / 127);
            out[1] = (unsigned char)((g * (127 - a) + 255 * a) / 127);
            out[2] = (unsigned char)((r * (127 - a) + 255 * a) / 127);
            out[3] = 0;
        }
        break;
    }
    }
}

static const unsigned char *ps_whole_row(ps_decoder *base, int y) {
    ps_whole_decoder *decoder = (ps_whole_decoder *)base;
    const unsigned char *in = decoder->rows ? decoder->rows[y] : decoder->pixels + (size_t)y * decoder->stride;
    ps_layout_row(decoder->layout, in, decoder->out, base->width);
    return decoder->out;
}

int ps_whole_start(ps_whole_decoder *decoder) {
    decoder->base.row = ps_whole_row;
    decoder->out = calloc((size_t)decoder->base.width, 4);
    return decoder->out != NULL;
}

void ps_whole_destroy(ps_whole_decoder *decoder) {
    free(decoder->out);
    decoder->out = NULL;
}
