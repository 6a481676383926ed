/* What every decoder shares: opening by format, rows, messages, the end. */

#include "decoder.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* MARK: Messages */

void ps_messages_vadd(ps_messages *messages, const char *library, const char *format, va_list args) {
    if (messages == NULL) return;
    char text[PS_MESSAGES_SIZE];
    vsnprintf(text, sizeof text, format, args);
    /* One line: no newlines (libtiff and libgd end theirs with one), no control bytes. */
    size_t length = strlen(text);
    for (size_t i = 0; i < length; i++) if ((unsigned char)text[i] < 0x20) text[i] = ' ';
    while (length > 0 && (text[length - 1] == ' ' || text[length - 1] == '.')) text[--length] = 0;
    if (length == 0) return;
    /* The same message again (libtiff repeats itself per strip) says nothing new. */
    if (strstr(messages->text, text) != NULL) return;
    messages->count++;
    size_t used = strlen(messages->text);
    if (used + 8 >= sizeof messages->text) return;
    snprintf(messages->text + used, sizeof messages->text - used, "%s%s: %s", used ? "; " : "", library, text);
}

void ps_messages_add(ps_messages *messages, const char *library, const char *format, ...) {
    va_list args;
    va_start(args, format);
    ps_messages_vadd(messages, library, format, args);
    va_end(args);
}

/* The messages of the photo this thread is decoding with libgd (see decoder.h). A
   thread-local, not a global: each thread decodes one photo at a time. */
static _Thread_local ps_messages *ps_gd_current_messages = NULL;

static void ps_gd_error_method(int priority, const char *format, va_list args) {
    (void)priority;
    ps_messages_vadd(ps_gd_current_messages, "libgd", format, args);
}

void ps_gd_capture_begin(ps_messages *messages) {
    /* Setting the same function again is harmless; libgd keeps one pointer. */
    gdSetErrorMethod(ps_gd_error_method);
    ps_gd_current_messages = messages;
}

void ps_gd_capture_end(void) {
    ps_gd_current_messages = NULL;
}

/* MARK: Failures */

void ps_decoder_fail(ps_decoder *decoder, int status, const char *format, ...) {
    if (decoder->status != PS_OK) return;
    decoder->status = status;
    va_list args;
    va_start(args, format);
    vsnprintf(decoder->reason, sizeof decoder->reason, format, args);
    va_end(args);
}

void ps_result_fail(ps_open_result *result, int status, const char *format, ...) {
    result->status = status;
    va_list args;
    va_start(args, format);
    vsnprintf(result->reason, sizeof result->reason, format, args);
    va_end(args);
}

int ps_check_size(ps_decoder *decoder, long long width, long long height, const char *name,
                  const ps_decode_request *request, ps_open_result *result) {
    decoder->stored_width = result->stored_width = (int)(width > INT_MAX ? INT_MAX : width);
    decoder->stored_height = result->stored_height = (int)(height > INT_MAX ? INT_MAX : height);
    if (width <= 0 || height <= 0) {
        ps_result_fail(result, PS_ERROR, "the %s header declares an empty image", name);
        return 0;
    }
    long long pixels;
    if (__builtin_mul_overflow(width, height, &pixels) || pixels > request->max_pixels) {
        ps_result_fail(result, PS_TOO_LARGE, "over the limit of %lld megapixels", request->max_pixels / 1000000);
        return 0;
    }
    return 1;
}

int ps_check_working(long long bytes, const char *what, const ps_decode_request *request, ps_open_result *result) {
    if (request->max_working_bytes <= 0 || bytes <= request->max_working_bytes) return 1;
    ps_result_fail(result, PS_TOO_LARGE, "which take %lld MB to decode (%s), over the budget of %lld MB a photo",
                   bytes >> 20, what, request->max_working_bytes >> 20);
    return 0;
}

size_t ps_mul(size_t a, size_t b) {
    size_t product;
    return __builtin_mul_overflow(a, b, &product) ? 0 : product;
}

unsigned char *ps_read_small_file(const char *path, size_t limit, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    unsigned char *buffer = malloc(limit);
    size_t count = buffer ? fread(buffer, 1, limit, file) : 0;
    fclose(file);
    if (buffer == NULL || count == 0 || count == limit) {
        free(buffer);
        return NULL;
    }
    *size = count;
    return buffer;
}

/* MARK: Opening by format */

void ps_decoder_open(int format, const unsigned char *data, size_t size, const ps_decode_request *request,
                     ps_decoder **out, ps_open_result *result) {
    memset(result, 0, sizeof *result);
    *out = NULL;
    ps_decoder *decoder = NULL;
    /* Without a cache of transforms the decoder has one of its own, for this photo alone. */
    ps_decode_request with_colors = *request;
    ps_color_cache *owned = NULL;
    if (with_colors.colors == NULL) with_colors.colors = owned = ps_color_cache_create();
    request = &with_colors;
    switch (format) {
    case PS_FORMAT_JPEG: decoder = ps_jpeg_open(data, size, request, result); break;
    case PS_FORMAT_PNG: decoder = ps_png_open(data, size, request, result); break;
    case PS_FORMAT_WEBP: decoder = ps_webp_open(data, size, request, result); break;
    case PS_FORMAT_TIFF: decoder = ps_tiff_open(data, size, request, result); break;
    case PS_FORMAT_HEIF: decoder = ps_heif_open(data, size, 0, request, result); break;
    case PS_FORMAT_AVIF: decoder = ps_heif_open(data, size, 1, request, result); break;
    case PS_FORMAT_RAW: decoder = ps_raw_open(data, size, request, result); break;
    case PS_FORMAT_GIF:
    case PS_FORMAT_BMP: decoder = ps_gd_open(format, data, size, request, result); break;
    default: ps_result_fail(result, PS_ERROR, "unknown format"); break;
    }
    if (decoder == NULL) {
        ps_color_cache_close(owned);
        if (result->status == PS_OK) ps_result_fail(result, PS_NO_MEMORY, "out of memory");
        return;
    }
    decoder->colors = request->colors;
    decoder->owned_colors = owned;
    result->status = PS_OK;
    result->width = decoder->width;
    result->height = decoder->height;
    result->stored_width = decoder->stored_width;
    result->stored_height = decoder->stored_height;
    result->orientation = decoder->orientation >= 1 && decoder->orientation <= 8 ? decoder->orientation : 1;
    *out = decoder;
}

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

/* MARK: zlib */

long ps_inflate(const unsigned char *in, size_t size, unsigned char *out, size_t capacity) {
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    if (inflateInit(&stream) != Z_OK) return -1;
    stream.next_in = (unsigned char *)in;
    stream.avail_in = (uInt)(size > 0xFFFFFFFFu ? 0xFFFFFFFFu : size);
    stream.next_out = out;
    stream.avail_out = (uInt)(capacity > 0xFFFFFFFFu ? 0xFFFFFFFFu : capacity);
    const int status = inflate(&stream, Z_FINISH);
    const long produced = (long)stream.total_out;
    inflateEnd(&stream);
    return status == Z_STREAM_END ? produced : -1;
}
