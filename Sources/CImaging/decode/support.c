/* The helpers every decoder shares: library messages gathered into one line, failures,
   the size checks, and small file and zlib reads. Calls no decoder. */

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
