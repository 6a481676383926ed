/*
 * HEIF and AVIF with libheif: the primary image, with its transformations (irot, imir,
 * clap) applied by libheif, decoded by whichever HEVC or AV1 decoder libheif has on this
 * machine (asked at run time), to R, G, B (and A when it has an alpha image). Its colour
 * profile (ICC, or an nclx description) is handed on, and its Exif block read for the
 * metadata. libheif returns its errors as values; nothing is printed.
 */

#include "../decode/decoder.h"
#include "heif_grid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libheif/heif.h>

typedef struct {
    ps_whole_decoder whole;
    struct heif_context *context;
    struct heif_image_handle *handle;
    struct heif_image *image;
    int initialized;
} ps_heif_decoder;

static void ps_heif_destroy(ps_decoder *base) {
    ps_heif_decoder *decoder = (ps_heif_decoder *)base;
    ps_whole_destroy(&decoder->whole);
    if (decoder->image != NULL) heif_image_release(decoder->image);
    if (decoder->handle != NULL) heif_image_handle_release(decoder->handle);
    if (decoder->context != NULL) heif_context_free(decoder->context);
    if (decoder->initialized) heif_deinit();
}

int ps_heif_can_decode(int format) {
    heif_init(NULL);
    const int can = heif_have_decoder_for_format(format == PS_FORMAT_AVIF ? heif_compression_AV1 : heif_compression_HEVC);
    heif_deinit();
    return can;
}

/* A libheif error as a status and a reason. */
static void ps_heif_failure(ps_open_result *result, struct heif_error error, const char *name) {
    if (error.code == heif_error_Unsupported_feature || error.code == heif_error_Unsupported_filetype) {
        ps_result_fail(result, PS_UNSUPPORTED, "%s whose codec or features this machine's libheif cannot decode (%s)", name,
                       error.message);
    } else if (error.code == heif_error_Memory_allocation_error) {
        ps_result_fail(result, PS_NO_MEMORY, "out of memory");
    } else if (error.subcode == heif_suberror_End_of_data) {
        ps_result_fail(result, PS_TRUNCATED, "the file ends before the image does (truncated)");
    } else {
        ps_result_fail(result, PS_ERROR, "%s", error.message);
    }
}

/* The handle's colour profile (ICC, or an nclx description) into the decoder; the nclx's
   matrix and range, or -1 when it has none. */
static int ps_heif_read_profile(ps_decoder *base, const struct heif_image_handle *handle, int *full_range) {
    int matrix = -1;
    struct heif_color_profile_nclx *nclx = NULL;
    if (heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok && nclx != NULL) {
        matrix = nclx->matrix_coefficients;
        *full_range = nclx->full_range_flag;
    }
    const enum heif_color_profile_type type = heif_image_handle_get_color_profile_type(handle);
    if (type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC) {
        const size_t icc_size = heif_image_handle_get_raw_color_profile_size(handle);
        base->icc = icc_size ? malloc(icc_size) : NULL;
        if (base->icc != NULL && heif_image_handle_get_raw_color_profile(handle, base->icc).code == heif_error_Ok) {
            base->icc_size = icc_size;
        } else {
            free(base->icc);
            base->icc = NULL;
        }
    } else if (type == heif_color_profile_type_nclx && nclx != NULL) {
        base->has_nclx = 1;
        base->nclx.primaries = nclx->color_primaries;
        base->nclx.transfer = nclx->transfer_characteristics;
    }
    if (nclx != NULL) heif_nclx_color_profile_free(nclx);
    return matrix;
}

/* The tile decoder of `grid`, with the size, profile and orientation of the handle's image. */
static ps_decoder *ps_heif_tiles_grid(ps_heif_grid *grid, const struct heif_image_handle *handle,
                                      const ps_decode_request *request, ps_open_result *result) {
    const int orientation = grid->orientation;
    const int width = grid->width, height = grid->height;
    ps_decoder *tiles = ps_heif_tiles_open(grid, request, result);
    if (tiles == NULL) return NULL;
    tiles->stored_width = width;
    tiles->stored_height = height;
    tiles->orientation = orientation;
    int full_range = 1;
    const int matrix = ps_heif_read_profile(tiles, handle, &full_range);
    ps_heif_tiles_colour(tiles, matrix, full_range);
    if (!ps_heif_tiles_start(tiles)) {
        ps_decoder_close(tiles);
        return NULL;
    }
    return tiles;
}

ps_decoder *ps_heif_open(const unsigned char *data, size_t size, int avif, const ps_decode_request *request,
                         ps_open_result *result) {
    const char *name = avif ? "AVIF" : "HEIF";
    ps_heif_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    ps_decoder *base = &decoder->whole.base;
    base->destroy = ps_heif_destroy;
    base->pixels = PS_PIXELS_RGB;
    heif_init(NULL);
    decoder->initialized = 1;
    decoder->context = heif_context_alloc();
    if (decoder->context == NULL) goto fail;
    struct heif_error error = heif_context_read_from_memory_without_copy(decoder->context, data, size, NULL);
    if (error.code == heif_error_Ok) error = heif_context_get_primary_image_handle(decoder->context, &decoder->handle);
    if (error.code != heif_error_Ok) {
        ps_heif_failure(result, error, name);
        goto fail;
    }
    struct heif_image_handle *handle = decoder->handle;
    /* The size after libheif's transformations, and the coded size (ispe) it decodes first. */
    const int width = heif_image_handle_get_width(handle), height = heif_image_handle_get_height(handle);
    const int coded_width = heif_image_handle_get_ispe_width(handle), coded_height = heif_image_handle_get_ispe_height(handle);
    /* libheif decodes the coded image whole before it cuts the clean aperture out: where
       that is the larger, it is the size checked (and named when refused). */
    const int coded_larger = width > 0 && height > 0 && (long long)coded_width * coded_height > (long long)width * height;
    if (!ps_check_size(base, coded_larger ? coded_width : width, coded_larger ? coded_height : height, name, request,
                       result)) {
        goto fail;
    }
    /* A grid of HEVC tiles (as phones write): decoded tile by tile, on two threads. */
    heif_item_id primary = 0;
    ps_heif_grid grid;
    if (!avif && !heif_image_handle_has_alpha_channel(handle)
        && heif_context_get_primary_image_ID(decoder->context, &primary).code == heif_error_Ok
        && ps_heif_grid_read(data, size, primary, &grid)) {
        ps_decoder *tiles = ps_heif_tiles_grid(&grid, handle, request, result);
        ps_decoder_close(base);
        return tiles;
    }
    base->stored_width = width;
    base->stored_height = height;
    int full_range = 1;
    ps_heif_read_profile(base, handle, &full_range);
    /* libheif holds the whole picture, decoded and converted. */
    if (!ps_check_working((long long)coded_width * coded_height * 10, "libheif decodes the image whole", request,
                          result)) {
        goto fail;
    }

    struct heif_decoding_options *options = heif_decoding_options_alloc();
    if (options == NULL) goto fail;
    options->ignore_transformations = 0; /* irot, imir and clap are applied by libheif */
    options->convert_hdr_to_8bit = 1;
    /* Three bytes a pixel when there is no alpha: a quarter less for libheif to convert and
       write (a 12 MP photo's pixels are 36 MB instead of 48), and no blending on white. */
    const int alpha = heif_image_handle_has_alpha_channel(handle);
    error = heif_decode_image(handle, &decoder->image, heif_colorspace_RGB,
                              alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, options);
    heif_decoding_options_free(options);
    if (error.code != heif_error_Ok) {
        ps_heif_failure(result, error, name);
        goto fail;
    }
    int stride = 0;
    const uint8_t *pixels = heif_image_get_plane_readonly(decoder->image, heif_channel_interleaved, &stride);
    const int decoded_width = heif_image_get_width(decoder->image, heif_channel_interleaved);
    const int decoded_height = heif_image_get_height(decoder->image, heif_channel_interleaved);
    if (pixels == NULL || decoded_width != width || decoded_height != height || stride < (alpha ? 4 : 3) * width) {
        ps_result_fail(result, PS_ERROR, "libheif decoded %d×%d pixels of a %d×%d image", decoded_width, decoded_height,
                       width, height);
        goto fail;
    }
    base->width = width;
    base->height = height;
    /* Only the `width` pixels of each row are read: whatever the decoder left in the
       padding of its planes never reaches a thumbnail. */
    decoder->whole.pixels = pixels;
    decoder->whole.stride = (size_t)stride;
    decoder->whole.layout = alpha ? PS_LAYOUT_RGBA : PS_LAYOUT_RGB;
    if (!ps_whole_start(&decoder->whole)) goto fail;
    return base;

fail:
    ps_decoder_close(base);
    return NULL;
}

int ps_heif_exif(const unsigned char *data, size_t size, unsigned char **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    heif_init(NULL);
    struct heif_context *context = heif_context_alloc();
    struct heif_image_handle *handle = NULL;
    int found = 0;
    if (context != NULL && heif_context_read_from_memory_without_copy(context, data, size, NULL).code == heif_error_Ok
        && heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok) {
        heif_item_id id = 0;
        if (heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1) {
            const size_t block_size = heif_image_handle_get_metadata_size(handle, id);
            unsigned char *block = block_size >= 4 ? malloc(block_size) : NULL;
            if (block != NULL && heif_image_handle_get_metadata(handle, id, block).code == heif_error_Ok) {
                /* The block starts with the offset of the TIFF header after these 4 bytes
                   (ISO/IEC 23008-12, A.2.1), usually past "Exif\0\0". */
                const size_t offset = (size_t)block[0] << 24 | (size_t)block[1] << 16 | (size_t)block[2] << 8 | block[3];
                if (offset <= block_size - 4) {
                    const size_t tiff_size = block_size - 4 - offset;
                    *out = malloc(tiff_size ? tiff_size : 1);
                    if (*out != NULL) {
                        memcpy(*out, block + 4 + offset, tiff_size);
                        *out_size = tiff_size;
                        found = 1;
                    }
                }
            }
            free(block);
        }
    }
    if (handle != NULL) heif_image_handle_release(handle);
    if (context != NULL) heif_context_free(context);
    heif_deinit();
    return found;
}

/* MARK: Encoding, for tests and the demo */

typedef struct {
    unsigned char *bytes;
    size_t length;
} ps_heif_buffer;

static struct heif_error ps_heif_write(struct heif_context *context, const void *data, size_t size, void *user) {
    (void)context;
    ps_heif_buffer *buffer = user;
    unsigned char *grown = realloc(buffer->bytes, buffer->length + size);
    struct heif_error error = {heif_error_Ok, heif_suberror_Unspecified, "ok"};
    if (grown == NULL) {
        error.code = heif_error_Memory_allocation_error;
        error.message = "out of memory";
        return error;
    }
    memcpy(grown + buffer->length, data, size);
    buffer->bytes = grown;
    buffer->length += size;
    return error;
}

int ps_heif_encode(gdImagePtr source, int avif, int quality, int orientation, const unsigned char *exif,
                   size_t exif_size, const unsigned char *icc, size_t icc_size, int primaries, int transfer,
                   unsigned char **out, size_t *out_size, char *reason, size_t reason_size) {
    *out = NULL;
    *out_size = 0;
    if (!gdImageTrueColor(source)) {
        snprintf(reason, reason_size, "not a truecolor image");
        return PS_ERROR;
    }
    const int width = gdImageSX(source), height = gdImageSY(source);
    heif_init(NULL);
    struct heif_context *context = heif_context_alloc();
    if (context == NULL) {
        heif_deinit();
        snprintf(reason, reason_size, "out of memory");
        return PS_NO_MEMORY;
    }
    struct heif_encoder *encoder = NULL;
    struct heif_image *image = NULL;
    struct heif_image_handle *handle = NULL;
    struct heif_encoding_options *options = NULL;
    struct heif_error error = heif_context_get_encoder_for_format(context, avif ? heif_compression_AV1 : heif_compression_HEVC,
                                                                  &encoder);
    if (error.code == heif_error_Ok) error = heif_image_create(width, height, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image);
    if (error.code == heif_error_Ok) error = heif_image_add_plane(image, heif_channel_interleaved, width, height, 8);
    if (error.code == heif_error_Ok) {
        int stride = 0;
        uint8_t *plane = heif_image_get_plane(image, heif_channel_interleaved, &stride);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                const int p = source->tpixels[y][x];
                plane[y * stride + 3 * x] = (uint8_t)gdTrueColorGetRed(p);
                plane[y * stride + 3 * x + 1] = (uint8_t)gdTrueColorGetGreen(p);
                plane[y * stride + 3 * x + 2] = (uint8_t)gdTrueColorGetBlue(p);
            }
        }
        if (icc != NULL && icc_size > 0) error = heif_image_set_raw_color_profile(image, "prof", icc, icc_size);
    }
    struct heif_color_profile_nclx *nclx = NULL;
    if (error.code == heif_error_Ok && primaries > 0) {
        nclx = heif_nclx_color_profile_alloc();
        if (nclx != NULL) {
            heif_nclx_color_profile_set_color_primaries(nclx, (uint16_t)primaries);
            heif_nclx_color_profile_set_transfer_characteristics(nclx, (uint16_t)transfer);
            heif_nclx_color_profile_set_matrix_coefficients(nclx, 6);
            nclx->full_range_flag = 1;
            error = heif_image_set_nclx_color_profile(image, nclx);
        }
    }
    if (error.code == heif_error_Ok) {
        error = quality >= 100 ? heif_encoder_set_lossless(encoder, 1) : heif_encoder_set_lossy_quality(encoder, quality);
    }
    /* Debian 12's libaom asserts on 4:2:0 and 4:4:4 8-bit RGB input; 4:2:2 encodes. */
    if (error.code == heif_error_Ok && avif) error = heif_encoder_set_parameter_string(encoder, "chroma", "422");
    if (error.code == heif_error_Ok) {
        options = heif_encoding_options_alloc();
        /* A crop (clap) rather than a grid for odd sizes, and the orientation as irot/imir. */
        options->macOS_compatibility_workaround = 0;
        options->image_orientation = (enum heif_orientation)(orientation >= 1 && orientation <= 8 ? orientation : 1);
        options->output_nclx_profile = nclx;
        error = heif_context_encode_image(context, image, encoder, options, &handle);
    }
    if (error.code == heif_error_Ok && exif != NULL && exif_size > 0)
        error = heif_context_add_exif_metadata(context, handle, exif, (int)exif_size);
    ps_heif_buffer buffer = {NULL, 0};
    if (error.code == heif_error_Ok) {
        struct heif_writer writer = {1, ps_heif_write};
        error = heif_context_write(context, &writer, &buffer);
    }
    if (options != NULL) heif_encoding_options_free(options);
    if (nclx != NULL) heif_nclx_color_profile_free(nclx);
    if (handle != NULL) heif_image_handle_release(handle);
    if (image != NULL) heif_image_release(image);
    if (encoder != NULL) heif_encoder_release(encoder);
    if (context != NULL) heif_context_free(context);
    heif_deinit();
    if (error.code != heif_error_Ok) {
        snprintf(reason, reason_size, "%s", error.message);
        free(buffer.bytes);
        return PS_ERROR;
    }
    *out = buffer.bytes;
    *out_size = buffer.length;
    return PS_OK;
}
