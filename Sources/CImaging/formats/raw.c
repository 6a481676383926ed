/*
 * RAW files (CR2, CR3, NEF, ARW, RAF, DNG, ORF, RW2…) with LibRaw: never the sensor data,
 * only the largest preview the camera embedded (what Photo Mechanic shows, at once) and
 * the shot's metadata. A JPEG preview is handed to the JPEG decoder, which decodes it at
 * the DCT scale the output needs; an 8-bit bitmap preview is handed out as it is.
 * LibRaw reports through return codes and two callbacks (never longjmp); its callbacks'
 * default writes to stderr, so ours keep the photo's messages instead.
 */

#include "../decode/decoder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libraw/libraw.h>

static void ps_raw_on_data_error(void *data, const char *file, const int offset) {
    (void)file;
    ps_messages_add(data, "LibRaw", "damaged data at byte %d", offset);
}

static void ps_raw_on_memory_error(void *data, const char *file, const char *where) {
    (void)file;
    ps_messages_add(data, "LibRaw", "out of memory in %s", where);
}

/* LibRaw's flip (0, 3, 5, 6) as an EXIF orientation. */
static int ps_raw_orientation(int flip) {
    switch (flip) {
    case 3: return 3;
    case 5: return 8;
    case 6: return 6;
    default: return 1;
    }
}

static void ps_raw_copy(char *out, size_t size, const char *in) {
    snprintf(out, size, "%s", in);
}

/* Opens `data` with LibRaw: the handle, or NULL with `reason` set. */
static libraw_data_t *ps_raw_handle(const unsigned char *data, size_t size, ps_messages *messages, int *status,
                                    char *reason, size_t reason_size) {
    libraw_data_t *raw = libraw_init(0);
    if (raw == NULL) {
        *status = PS_NO_MEMORY;
        snprintf(reason, reason_size, "out of memory");
        return NULL;
    }
    libraw_set_dataerror_handler(raw, ps_raw_on_data_error, messages);
    libraw_set_memerror_handler(raw, ps_raw_on_memory_error, messages);
    const int code = libraw_open_buffer(raw, (void *)data, size);
    if (code != LIBRAW_SUCCESS) {
        *status = code == LIBRAW_FILE_UNSUPPORTED ? PS_UNSUPPORTED : PS_ERROR;
        snprintf(reason, reason_size, "LibRaw cannot read this RAW (%s)", libraw_strerror(code));
        libraw_close(raw);
        return NULL;
    }
    return raw;
}

int ps_raw_read_info(const unsigned char *data, size_t size, ps_raw_info *info) {
    memset(info, 0, sizeof *info);
    ps_messages messages = {{0}, 0};
    int status = PS_OK;
    libraw_data_t *raw = ps_raw_handle(data, size, &messages, &status, info->reason, sizeof info->reason);
    if (raw == NULL) return status;
    info->preview_width = raw->thumbnail.twidth;
    info->preview_height = raw->thumbnail.theight;
    info->width = raw->sizes.width;
    info->height = raw->sizes.height;
    info->orientation = ps_raw_orientation(raw->sizes.flip);
    ps_raw_copy(info->make, sizeof info->make, raw->idata.normalized_make[0] ? raw->idata.normalized_make : raw->idata.make);
    ps_raw_copy(info->model, sizeof info->model, raw->idata.normalized_model[0] ? raw->idata.normalized_model : raw->idata.model);
    ps_raw_copy(info->lens, sizeof info->lens, raw->lens.Lens);
    info->shutter = raw->other.shutter;
    info->aperture = raw->other.aperture;
    info->iso = raw->other.iso_speed;
    info->focal_length = raw->other.focal_len;
    /* LibRaw made the timestamp from the camera's wall-clock time with mktime: localtime
       gives that wall-clock time back, as the camera wrote it. */
    const time_t timestamp = raw->other.timestamp;
    struct tm when;
    if (timestamp > 0 && localtime_r(&timestamp, &when) != NULL)
        strftime(info->date, sizeof info->date, "%Y-%m-%dT%H:%M:%S", &when);
    libraw_close(raw);
    return PS_OK;
}

static void ps_raw_bitmap_destroy(ps_decoder *base) {
    ps_whole_destroy((ps_whole_decoder *)base);
}

/* The preview's pixels, which the decoder reads: freed when it is closed. */
static void ps_raw_release(void *image) {
    libraw_dcraw_clear_mem(image);
}

ps_decoder *ps_raw_open(const unsigned char *data, size_t size, const ps_decode_request *request, ps_open_result *result) {
    ps_messages messages = {{0}, 0};
    int status = PS_OK;
    libraw_data_t *raw = ps_raw_handle(data, size, &messages, &status, result->reason, sizeof result->reason);
    if (raw == NULL) {
        result->status = status;
        return NULL;
    }
    int code = libraw_unpack_thumb(raw);
    libraw_processed_image_t *image = code == LIBRAW_SUCCESS ? libraw_dcraw_make_mem_thumb(raw, &code) : NULL;
    libraw_close(raw);
    if (image == NULL) {
        ps_result_fail(result, code == LIBRAW_NO_THUMBNAIL ? PS_UNSUPPORTED : PS_ERROR,
                       "no embedded preview LibRaw can read (%s)", libraw_strerror(code));
        return NULL;
    }
    ps_decoder *decoder = NULL;
    if (image->type == LIBRAW_IMAGE_JPEG) {
        decoder = ps_jpeg_open(image->data, image->data_size, request, result);
    } else if (image->type == LIBRAW_IMAGE_BITMAP && image->bits == 8 && image->colors == 3) {
        ps_whole_decoder *whole = calloc(1, sizeof *whole);
        if (whole != NULL && ps_check_size(&whole->base, image->width, image->height, "RAW preview", request, result)) {
            whole->base.width = image->width;
            whole->base.height = image->height;
            whole->base.destroy = ps_raw_bitmap_destroy;
            whole->pixels = image->data;
            whole->stride = 3 * (size_t)image->width;
            whole->layout = PS_LAYOUT_RGB;
            decoder = &whole->base;
            if (!ps_whole_start(whole)) {
                ps_decoder_close(decoder);
                decoder = NULL;
            }
        } else {
            free(whole);
        }
    } else {
        ps_result_fail(result, PS_UNSUPPORTED, "an embedded preview of a kind proofsheet does not read (%d bits, %d colours)",
                       image->bits, image->colors);
    }
    if (decoder == NULL) {
        libraw_dcraw_clear_mem(image);
        return NULL;
    }
    decoder->release = ps_raw_release;
    decoder->released = image;
    if (decoder->messages.count == 0) decoder->messages = messages;
    return decoder;
}
