/*
 * GIF and BMP with libgd, the formats no other library here reads. libgd's messages go
 * to the photo (ps_gd_capture_begin). libgd decodes a GIF's first frame at the frame's
 * own size and place-less; it is put on the logical screen here, row by row as the rows
 * are asked for, as browsers show it. The caller has checked the headers' sizes (libgd
 * allocates as it decodes).
 */

#include "../decode/decoder.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    ps_whole_decoder whole;
    gdImagePtr image;
    /* A GIF's frame on a larger logical screen: where it lies, and whether the row handed
       out last is the blank one (the screen's transparent pixels, white). */
    int on_screen, left, top, blank;
} ps_gd_decoder;

static void ps_gd_destroy(ps_decoder *base) {
    ps_gd_decoder *decoder = (ps_gd_decoder *)base;
    ps_whole_destroy(&decoder->whole);
    if (decoder->image != NULL) gdImageDestroy(decoder->image);
}

/* Over white, as ps_whole_row does gd's pixels: 0 opaque .. 127 transparent. */
static void ps_gd_pixel_on_white(int p, unsigned char *out) {
    const int a = gdTrueColorGetAlpha(p);
    out[0] = (unsigned char)((gdTrueColorGetBlue(p) * (127 - a) + 255 * a) / 127);
    out[1] = (unsigned char)((gdTrueColorGetGreen(p) * (127 - a) + 255 * a) / 127);
    out[2] = (unsigned char)((gdTrueColorGetRed(p) * (127 - a) + 255 * a) / 127);
    out[3] = 0;
}

/* A row of the logical screen, made as it is asked for: the screen is never composed
   whole (63486×1534 pixels would be 390 MB for a 2×2 frame; found by make fuzz). The
   rest of the screen is transparent, so white, as browsers show it on white. */
static const unsigned char *ps_gif_screen_row(ps_decoder *base, int y) {
    ps_gd_decoder *decoder = (ps_gd_decoder *)base;
    unsigned char *out = decoder->whole.out;
    const gdImagePtr frame = decoder->image;
    const int inside = y >= decoder->top && y < decoder->top + gdImageSY(frame);
    if (!decoder->blank) memset(out, 255, 4 * (size_t)base->width);
    decoder->blank = !inside;
    if (!inside) return out;
    const int *pixels = frame->tpixels[y - decoder->top];
    for (int x = 0; x < gdImageSX(frame); x++) {
        const int sx = decoder->left + x;
        if (sx >= 0 && sx < base->width) ps_gd_pixel_on_white(pixels[x], out + 4 * (size_t)sx);
    }
    return out;
}

ps_decoder *ps_gd_open(int format, const unsigned char *data, size_t size, const ps_decode_request *request,
                       ps_open_result *result) {
    const char *name = format == PS_FORMAT_GIF ? "GIF" : "BMP";
    if (size > 0x7FFFFFFF) {
        ps_result_fail(result, PS_ERROR, "the file is too big for a %s", name);
        return NULL;
    }
    ps_gd_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    ps_decoder *base = &decoder->whole.base;
    base->destroy = ps_gd_destroy;
    base->pixels = PS_PIXELS_RGB;
    ps_gd_capture_begin(&base->messages);
    void *bytes = (void *)data;
    gdImagePtr image = format == PS_FORMAT_GIF ? gdImageCreateFromGifPtr((int)size, bytes) : gdImageCreateFromBmpPtr((int)size, bytes);
    if (image != NULL && !gdImageTrueColor(image) && !gdImagePaletteToTrueColor(image)) {
        gdImageDestroy(image);
        image = NULL;
        ps_result_fail(result, PS_NO_MEMORY, "out of memory");
    }
    ps_gd_capture_end();
    if (image == NULL) {
        if (result->status == PS_OK) {
            ps_result_fail(result, PS_ERROR, "libgd could not decode this %s file%s%s", name,
                           base->messages.count ? ": " : "", base->messages.text);
        }
        goto fail;
    }
    decoder->image = image;
    int width = gdImageSX(image), height = gdImageSY(image);
    /* libgd decodes a GIF's first frame at its own size, place-less; it goes on its
       logical screen (held to the pixel limit below, before any row of it is made). */
    const int sw = request->screen_width, sh = request->screen_height;
    if (format == PS_FORMAT_GIF && sw > 0 && sh > 0
        && (sw != width || sh != height || request->frame_left != 0 || request->frame_top != 0)) {
        decoder->on_screen = 1;
        decoder->left = request->frame_left;
        decoder->top = request->frame_top;
        width = sw;
        height = sh;
    }
    base->width = width;
    base->height = height;
    if (!ps_check_size(base, width, height, name, request, result)) goto fail;
    decoder->whole.rows = (const unsigned char *const *)(void *)image->tpixels;
    decoder->whole.layout = PS_LAYOUT_GD;
    if (!ps_whole_start(&decoder->whole)) goto fail;
    if (decoder->on_screen) base->row = ps_gif_screen_row;
    return base;

fail:
    ps_decoder_close(base);
    return NULL;
}
