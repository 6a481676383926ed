/*
 * GIF and BMP with libgd, the formats no other library here reads. libgd's messages go
 * to the photo (ps_gd_capture_begin). libgd decodes a GIF's first frame at the frame's
 * own size and place-less; it is composed here on the logical screen, as browsers show
 * it. The caller has checked the headers' sizes (libgd allocates as it decodes).
 */

#include "decoder.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    ps_whole_decoder whole;
    gdImagePtr image;
} ps_gd_decoder;

static void ps_gd_destroy(ps_decoder *base) {
    ps_gd_decoder *decoder = (ps_gd_decoder *)base;
    ps_whole_destroy(&decoder->whole);
    if (decoder->image != NULL) gdImageDestroy(decoder->image);
}

/* The frame on a screen of its own, the rest of the screen transparent (then white).
   The screen is held to the pixel limit before it is allocated; the frame is freed when
   the screen cannot be made. */
static gdImagePtr ps_gif_on_screen(gdImagePtr frame, const ps_decode_request *request, ps_open_result *result) {
    const int sw = request->screen_width, sh = request->screen_height;
    const int left = request->frame_left, top = request->frame_top;
    if (sw <= 0 || sh <= 0 || (sw == gdImageSX(frame) && sh == gdImageSY(frame) && left == 0 && top == 0)) return frame;
    if ((long long)sw * sh > request->max_pixels) {
        gdImageDestroy(frame);
        ps_result_fail(result, PS_TOO_LARGE, "too large");
        return NULL;
    }
    gdImagePtr screen = gdImageCreateTrueColor(sw, sh);
    if (screen == NULL) {
        gdImageDestroy(frame);
        ps_result_fail(result, PS_NO_MEMORY, "out of memory");
        return NULL;
    }
    const int clear = gdTrueColorAlpha(255, 255, 255, gdAlphaTransparent);
    for (int y = 0; y < sh; y++)
        for (int x = 0; x < sw; x++) screen->tpixels[y][x] = clear;
    for (int y = 0; y < gdImageSY(frame); y++) {
        const int sy = top + y;
        if (sy < 0 || sy >= sh) continue;
        for (int x = 0; x < gdImageSX(frame); x++) {
            const int sx = left + x;
            if (sx >= 0 && sx < sw) screen->tpixels[sy][sx] = frame->tpixels[y][x];
        }
    }
    gdImageDestroy(frame);
    return screen;
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
    if (image != NULL && format == PS_FORMAT_GIF) image = ps_gif_on_screen(image, request, result);
    ps_gd_capture_end();
    if (image == NULL) {
        if (result->status == PS_OK) {
            ps_result_fail(result, PS_ERROR, "libgd could not decode this %s file%s%s", name,
                           base->messages.count ? ": " : "", base->messages.text);
        }
        ps_decoder_close(base);
        return NULL;
    }
    decoder->image = image;
    base->width = base->stored_width = result->stored_width = gdImageSX(image);
    base->height = base->stored_height = result->stored_height = gdImageSY(image);
    if ((long long)base->width * base->height > request->max_pixels) {
        ps_result_fail(result, PS_TOO_LARGE, "too large");
        ps_decoder_close(base);
        return NULL;
    }
    decoder->whole.rows = (const unsigned char *const *)(void *)image->tpixels;
    decoder->whole.layout = PS_LAYOUT_GD;
    if (!ps_whole_start(&decoder->whole)) {
        ps_decoder_close(base);
        return NULL;
    }
    return base;
}
