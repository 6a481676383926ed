/* Opening a photo by its format: the one file that names every format's opener. */

#include "decoder.h"

#include <string.h>

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
