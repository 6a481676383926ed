/*
 * PNG with libpng: rows decoded one at a time (interlaced images, whose rows come in
 * seven passes, whole), every kind of PNG expanded to 8-bit B, G, R, A and flattened on
 * white, colour keys (tRNS) included. libpng's errors longjmp to these functions; its
 * messages go to the photo's messages.
 */

#include "../decode/decoder.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

typedef struct {
    ps_decoder base;
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size, offset;
    int truncated;
    int next_row;
    int interlaced;
    unsigned char *row;    /* libpng's B, G, R, A row (non-interlaced) */
    unsigned char *image;  /* the whole picture (interlaced) */
    unsigned char *out;    /* the row handed out */
    char error[PS_REASON_SIZE];
} ps_png_decoder;

static void ps_png_read(png_structp png, png_bytep out, png_size_t count) {
    ps_png_decoder *decoder = png_get_io_ptr(png);
    if (count > decoder->size - decoder->offset) {
        decoder->truncated = 1;
        png_error(png, "the file ends before the image does (truncated)");
    }
    memcpy(out, decoder->data + decoder->offset, count);
    decoder->offset += count;
}

static void ps_png_error(png_structp png, png_const_charp message) {
    ps_png_decoder *decoder = png_get_error_ptr(png);
    snprintf(decoder->error, sizeof decoder->error, "%s", message);
    png_longjmp(png, 1);
}

static void ps_png_warning(png_structp png, png_const_charp message) {
    ps_png_decoder *decoder = png_get_error_ptr(png);
    /* Complaints about text, times and the like are about nothing one sees, nor is the
       sRGB profile that libpng knows to be slightly wrong (and treats as sRGB); the rest
       is damage, or a colour profile libpng had to leave out. */
    static const char *const benign[] = {"tEXt", "zTXt", "iTXt", "eXIf", "tIME", "pHYs", "bKGD", "sPLT", "hIST"};
    for (size_t i = 0; i < sizeof benign / sizeof *benign; i++)
        if (strncmp(message, benign[i], strlen(benign[i])) == 0) return;
    if (strstr(message, "known incorrect sRGB profile") != NULL || strstr(message, "gamma value does not match") != NULL)
        return;
    ps_messages_add(&decoder->base.messages, "libpng", "%s", message);
}

static void ps_png_destroy(ps_decoder *base) {
    ps_png_decoder *decoder = (ps_png_decoder *)base;
    if (decoder->png != NULL) png_destroy_read_struct(&decoder->png, decoder->info ? &decoder->info : NULL, NULL);
    free(decoder->row);
    free(decoder->image);
    free(decoder->out);
}

static int ps_png_status(ps_png_decoder *decoder) {
    return decoder->truncated ? PS_TRUNCATED : PS_ERROR;
}

/* B, G, R, A (straight alpha) to B, G, R, X on white. */
static void ps_png_flatten(const unsigned char *in, unsigned char *out, int width) {
    for (int x = 0; x < width; x++, in += 4, out += 4) {
        const unsigned a = in[3];
        if (a == 255) {
            out[0] = in[0], out[1] = in[1], out[2] = in[2];
        } else {
            const unsigned w = 255 * (255 - a);
            out[0] = (unsigned char)((in[0] * a + w + 127) / 255);
            out[1] = (unsigned char)((in[1] * a + w + 127) / 255);
            out[2] = (unsigned char)((in[2] * a + w + 127) / 255);
        }
        out[3] = 0;
    }
}

static const unsigned char *ps_png_row(ps_decoder *base, int y) {
    ps_png_decoder *decoder = (ps_png_decoder *)base;
    if (decoder->interlaced) {
        ps_png_flatten(decoder->image + (size_t)y * 4 * (size_t)base->width, decoder->out, base->width);
        return decoder->out;
    }
    if (setjmp(png_jmpbuf(decoder->png))) {
        ps_decoder_fail(base, ps_png_status(decoder), "%s", decoder->error);
        return NULL;
    }
    if (y != decoder->next_row) {
        ps_decoder_fail(base, PS_ERROR, "row %d asked out of order", y);
        return NULL;
    }
    png_read_row(decoder->png, decoder->row, NULL);
    decoder->next_row++;
    ps_png_flatten(decoder->row, decoder->out, base->width);
    return decoder->out;
}

static void ps_png_finish(ps_decoder *base) {
    ps_png_decoder *decoder = (ps_png_decoder *)base;
    if (setjmp(png_jmpbuf(decoder->png))) {
        if (decoder->next_row < base->height) {
            ps_decoder_fail(base, ps_png_status(decoder), "%s", decoder->error);
        } else {
            /* Every row is there; what follows the image (its end chunk) is not. */
            ps_messages_add(&base->messages, "libpng", "%s after the image", decoder->error);
        }
        return;
    }
    while (!decoder->interlaced && decoder->next_row < base->height) {
        png_read_row(decoder->png, decoder->row, NULL);
        decoder->next_row++;
    }
    decoder->next_row = base->height;
    png_read_end(decoder->png, NULL);
}

ps_decoder *ps_png_open(const unsigned char *data, size_t size, const ps_decode_request *request, ps_open_result *result) {
    ps_png_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    ps_decoder *base = &decoder->base;
    base->row = ps_png_row;
    base->finish = ps_png_finish;
    base->destroy = ps_png_destroy;
    decoder->data = data;
    decoder->size = size;
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, decoder, ps_png_error, ps_png_warning);
    if (decoder->png == NULL || (decoder->info = png_create_info_struct(decoder->png)) == NULL) goto fail;
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    if (setjmp(png_jmpbuf(png))) {
        if (result->status == PS_OK) ps_result_fail(result, ps_png_status(decoder), "%s", decoder->error);
        goto fail;
    }
    png_set_read_fn(png, decoder, ps_png_read);
    /* No chunk may make libpng allocate more than this (text, profiles), whatever it says. */
    png_set_chunk_malloc_max(png, 64u << 20);
    png_set_user_limits(png, 0x7FFFFFFF, 0x7FFFFFFF);
    png_read_info(png, info);

    png_uint_32 width = 0, height = 0;
    int depth = 0, type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &depth, &type, &interlace, NULL, NULL);
    if (!ps_check_size(base, width, height, "PNG", request, result)) goto fail;

    /* The colour profile: none when the file says sRGB. */
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_size = 0;
    if (!png_get_valid(png, info, PNG_INFO_sRGB) && png_get_iCCP(png, info, &name, &compression, &profile, &profile_size)
        && profile != NULL && profile_size > 0) {
        base->icc = malloc(profile_size);
        if (base->icc != NULL) {
            memcpy(base->icc, profile, profile_size);
            base->icc_size = profile_size;
        }
    }
    base->pixels = (type & PNG_COLOR_MASK_COLOR) ? PS_PIXELS_RGB : PS_PIXELS_GRAY;

    /* Whatever the PNG holds, 8-bit B, G, R, A comes out: palettes, grey and colour keys
       (tRNS, which become alpha, so a keyed colour is flattened on white like alpha). */
    png_set_expand(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png);
    if (!(type & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
    png_set_bgr(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    decoder->interlaced = interlace != PNG_INTERLACE_NONE;
    if (decoder->interlaced) png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != 4 * (size_t)width) {
        ps_result_fail(result, PS_ERROR, "libpng gave rows of an unexpected size");
        goto fail;
    }
    decoder->out = calloc(width, 4);
    if (decoder->interlaced) {
        /* Adam7 hands out every row seven times: the picture is decoded whole. */
        if (!ps_check_working(4LL * width * height, "an interlaced PNG is decoded whole", request, result)) goto fail;
        const size_t bytes = ps_mul(ps_mul(width, height), 4);
        decoder->image = bytes ? malloc(bytes) : NULL;
        png_bytep *rows = decoder->image ? malloc(sizeof(png_bytep) * height) : NULL;
        if (decoder->out == NULL || rows == NULL) {
            free(rows);
            ps_result_fail(result, PS_NO_MEMORY, "out of memory");
            goto fail;
        }
        for (png_uint_32 y = 0; y < height; y++) rows[y] = decoder->image + (size_t)y * 4 * width;
        /* png_read_image may longjmp to the handler above, which frees all but `rows`. */
        if (setjmp(png_jmpbuf(png))) {
            free(rows);
            ps_result_fail(result, ps_png_status(decoder), "%s", decoder->error);
            goto fail;
        }
        png_read_image(png, rows);
        free(rows);
        decoder->next_row = (int)height;
    } else {
        decoder->row = calloc(width, 4);
        if (decoder->out == NULL || decoder->row == NULL) {
            ps_result_fail(result, PS_NO_MEMORY, "out of memory");
            goto fail;
        }
    }
    base->width = (int)width;
    base->height = (int)height;
    return base;

fail:
    ps_decoder_close(base);
    return NULL;
}
