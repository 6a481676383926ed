/*
 * WebP with libwebp: stills decoded whole to R, G, B, A; animations by libwebpdemux's
 * animation decoder, which composes the first frame on the canvas. The size checked is
 * libwebp's own (WebPGetFeatures), and the ICCP chunk is read by libwebpdemux.
 */

#include "../decode/decoder.h"

#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>

typedef struct {
    ps_whole_decoder whole;
    WebPDecBuffer output;       /* WebPDecode's picture (stills) */
    int decoded;
    WebPAnimDecoder *animation; /* owns the frame (animations) */
} ps_webp_decoder;

static void ps_webp_destroy(ps_decoder *base) {
    ps_webp_decoder *decoder = (ps_webp_decoder *)base;
    ps_whole_destroy(&decoder->whole);
    if (decoder->decoded) WebPFreeDecBuffer(&decoder->output);
    if (decoder->animation != NULL) WebPAnimDecoderDelete(decoder->animation);
}

static const char *ps_webp_status_text(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "corrupt WebP data";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "a WebP feature this libwebp does not support";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "the file ends before the image does (truncated)";
    default: return "libwebp cannot decode it";
    }
}

ps_decoder *ps_webp_open(const unsigned char *data, size_t size, const ps_decode_request *request, ps_open_result *result) {
    WebPBitstreamFeatures features;
    VP8StatusCode status = WebPGetFeatures(data, size, &features);
    if (status != VP8_STATUS_OK) {
        ps_result_fail(result, status == VP8_STATUS_NOT_ENOUGH_DATA ? PS_TRUNCATED : PS_ERROR, "%s",
                       ps_webp_status_text(status));
        return NULL;
    }
    ps_webp_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    ps_decoder *base = &decoder->whole.base;
    base->destroy = ps_webp_destroy;
    base->pixels = PS_PIXELS_RGB;

    WebPData webp = {data, size};
    WebPDemuxer *demux = WebPDemux(&webp);
    int width = features.width, height = features.height;
    if (demux != NULL) {
        /* The canvas, which an animation's frames are composed on. */
        width = (int)WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
        height = (int)WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
        WebPChunkIterator chunk;
        if (WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
            base->icc = malloc(chunk.chunk.size);
            if (base->icc != NULL) {
                memcpy(base->icc, chunk.chunk.bytes, chunk.chunk.size);
                base->icc_size = chunk.chunk.size;
            }
            WebPDemuxReleaseChunkIterator(&chunk);
        }
        WebPDemuxDelete(demux);
    }
    if (!ps_check_size(base, width, height, "WebP", request, result)) goto fail;

    const uint8_t *pixels = NULL;
    if (features.has_animation) {
        WebPAnimDecoderOptions options;
        WebPAnimDecoderOptionsInit(&options);
        options.color_mode = MODE_RGBA;
        options.use_threads = 0;
        decoder->animation = WebPAnimDecoderNew(&webp, &options);
        uint8_t *frame = NULL;
        int timestamp = 0;
        if (decoder->animation == NULL || !WebPAnimDecoderGetNext(decoder->animation, &frame, &timestamp)) {
            ps_result_fail(result, PS_ERROR, "libwebp cannot decode the animation's first frame");
            goto fail;
        }
        pixels = frame;
    } else {
        WebPDecoderConfig config;
        if (!WebPInitDecoderConfig(&config)) goto fail;
        config.output.colorspace = MODE_RGBA;
        status = WebPDecode(data, size, &config);
        decoder->output = config.output;
        decoder->decoded = 1;
        if (status != VP8_STATUS_OK || config.output.width != width || config.output.height != height) {
            ps_result_fail(result, status == VP8_STATUS_NOT_ENOUGH_DATA ? PS_TRUNCATED : PS_ERROR, "%s",
                           status == VP8_STATUS_OK ? "corrupt WebP data" : ps_webp_status_text(status));
            goto fail;
        }
        pixels = config.output.u.RGBA.rgba;
    }
    base->width = width;
    base->height = height;
    decoder->whole.pixels = pixels;
    decoder->whole.stride = features.has_animation ? 4 * (size_t)width : (size_t)decoder->output.u.RGBA.stride;
    decoder->whole.layout = PS_LAYOUT_RGBA;
    if (!ps_whole_start(&decoder->whole)) goto fail;
    return base;

fail:
    ps_decoder_close(base);
    return NULL;
}
