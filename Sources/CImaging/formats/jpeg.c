/*
 * libjpeg-turbo: a row-at-a-time decoder and a row-at-a-time encoder.
 *
 * libjpeg reports errors with longjmp, which Swift cannot catch. Every libjpeg call
 * therefore stays inside these C functions, each with its own setjmp, and the jump never
 * crosses a Swift frame. Decoded rows are BGRX, which is gd's in-memory pixel layout
 * (0x00RRGGBB, alpha 0 = opaque) on little-endian machines, and encoding reads gd's rows
 * the same way, so no pixel is converted on the way in or out.
 */

#include "../decode/decoder.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    int premature_end;
    int unsupported;
    ps_messages *messages; /* where corrupt-data warnings go (NULL: nowhere) */
    char message[JMSG_LENGTH_MAX];
} ps_jpeg_error_mgr;

static void ps_jpeg_error_exit(j_common_ptr cinfo) {
    ps_jpeg_error_mgr *err = (ps_jpeg_error_mgr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    /* Valid JPEGs that this libjpeg cannot decode (12-bit, lossless, hierarchical). */
    const int code = cinfo->err->msg_code;
    if (code == JERR_BAD_PRECISION || code == JERR_SOF_UNSUPPORTED || code == JERR_NOT_COMPILED) err->unsupported = 1;
    longjmp(err->jump, 1);
}

static void ps_jpeg_emit_message(j_common_ptr cinfo, int level) {
    ps_jpeg_error_mgr *err = (ps_jpeg_error_mgr *)cinfo->err;
    if (level >= 0) return; /* trace messages */
    const int code = cinfo->err->msg_code;
    if (code == JWRN_JPEG_EOF) {
        /* Only a premature end loses pixels: the decode fails as truncated. */
        err->premature_end = 1;
    } else if (code != JWRN_EXTRANEOUS_DATA) {
        /* Damaged data libjpeg decodes past (bad Huffman codes, missing markers): the photo
           is shown and its warning says so. Stray bytes between markers lose nothing. */
        char text[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, text);
        ps_messages_add(err->messages, "libjpeg", "%s", text);
    }
}

typedef struct {
    ps_decoder base;
    struct jpeg_decompress_struct cinfo;
    ps_jpeg_error_mgr err;
    struct jpeg_progress_mgr progress;
    int max_scans, too_many_scans;
    int created;
    int cmyk;
    ps_cmyk *cmyk_transform; /* CMYK → sRGB, NULL for the formula */
    int inverted;            /* Adobe (Photoshop) CMYK: stored as 255 − ink */
    unsigned char *row;      /* the row handed out */
    unsigned char *cmyk_row; /* what libjpeg wrote, for CMYK files */
} ps_jpeg_decoder;

/* Called by libjpeg as it reads; refuses endless progressive scans (a few hostile bytes a
   scan make libjpeg redo the whole image each time), as djpeg -maxscans does. */
static void ps_jpeg_progress(j_common_ptr cinfo) {
    ps_jpeg_decoder *decoder = (ps_jpeg_decoder *)((char *)cinfo - offsetof(ps_jpeg_decoder, cinfo));
    if (cinfo->is_decompressor && ((j_decompress_ptr)cinfo)->input_scan_number > decoder->max_scans) {
        snprintf(decoder->err.message, sizeof decoder->err.message,
                 "refused: a progressive JPEG of more than %d scans (real ones have about 10)", decoder->max_scans);
        decoder->too_many_scans = 1;
        longjmp(decoder->err.jump, 1);
    }
}

/* How many scans (SOS markers) the file holds, counting no further than `limit` + 1:
   markers are found by walking the segments, and in entropy-coded data every 0xFF byte
   is stuffed (FF 00) or a restart marker, so this is exactly what libjpeg will read,
   found with memchr in milliseconds instead of one whole-image pass a scan. */
static int ps_jpeg_count_scans(const unsigned char *data, size_t size, int limit) {
    int scans = 0;
    size_t at = 2;
    while (at + 4 <= size && scans <= limit) {
        if (data[at] != 0xFF) return scans; /* libjpeg reports what is wrong here */
        const unsigned char code = data[at + 1];
        if (code == 0xFF) { at++; continue; }
        if (code == 0xD9) break;
        if (code == 0x01 || (code >= 0xD0 && code <= 0xD8)) { at += 2; continue; }
        at += 2 + ((size_t)data[at + 2] << 8 | data[at + 3]);
        if (code != 0xDA) continue;
        scans++;
        /* Entropy-coded data: up to the next byte pair FF xx that is a marker. */
        for (;;) {
            const unsigned char *ff = at < size ? memchr(data + at, 0xFF, size - at) : NULL;
            if (ff == NULL || (size_t)(ff - data) + 1 >= size) return scans;
            at = (size_t)(ff - data);
            const unsigned char next = data[at + 1];
            if (next == 0x00 || (next >= 0xD0 && next <= 0xD7) || next == 0xFF) { at += next == 0xFF ? 1 : 2; continue; }
            break;
        }
    }
    return scans;
}

static void ps_jpeg_destroy(ps_decoder *base) {
    ps_jpeg_decoder *decoder = (ps_jpeg_decoder *)base;
    if (decoder->created) jpeg_destroy_decompress(&decoder->cinfo);
    ps_cmyk_close(decoder->cmyk_transform);
    free(decoder->row);
    free(decoder->cmyk_row);
}

/* The status of a failure caught by setjmp. */
static int ps_jpeg_failure(ps_jpeg_decoder *decoder) {
    if (decoder->err.unsupported) return PS_UNSUPPORTED;
    if (decoder->err.premature_end) return PS_TRUNCATED;
    return PS_ERROR;
}

static void ps_jpeg_convert_cmyk(ps_jpeg_decoder *decoder) {
    const unsigned width = decoder->cinfo.output_width;
    if (decoder->cmyk_transform != NULL) {
        ps_cmyk_convert(decoder->cmyk_transform, decoder->cmyk_row, decoder->row, (int)width);
        return;
    }
    /* No profile to be had: the usual formula, ink multiplied by the inverse of black. */
    int *pixels = (int *)(void *)decoder->row;
    const unsigned char *cmyk = decoder->cmyk_row;
    for (unsigned x = 0; x < width; x++, cmyk += 4) {
        int c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!decoder->inverted) c = 255 - c, m = 255 - m, y = 255 - y, k = 255 - k;
        pixels[x] = gdTrueColor(c * k / 255, m * k / 255, y * k / 255);
    }
}

static const unsigned char *ps_jpeg_row(ps_decoder *base, int y) {
    ps_jpeg_decoder *decoder = (ps_jpeg_decoder *)base;
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    if (setjmp(decoder->err.jump)) {
        ps_decoder_fail(base, ps_jpeg_failure(decoder), "%s", decoder->err.message);
        return NULL;
    }
    if (y != (int)cinfo->output_scanline) {
        ps_decoder_fail(base, PS_ERROR, "row %d asked out of order", y);
        return NULL;
    }
    JSAMPROW row = decoder->cmyk ? decoder->cmyk_row : decoder->row;
    jpeg_read_scanlines(cinfo, &row, 1);
    if (decoder->err.premature_end) {
        ps_decoder_fail(base, PS_TRUNCATED, "the file ends before the image does (truncated)");
        return NULL;
    }
    if (decoder->cmyk) ps_jpeg_convert_cmyk(decoder);
    return decoder->row;
}

static void ps_jpeg_finish(ps_decoder *base) {
    ps_jpeg_decoder *decoder = (ps_jpeg_decoder *)base;
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    if (setjmp(decoder->err.jump)) {
        ps_decoder_fail(base, ps_jpeg_failure(decoder), "%s", decoder->err.message);
        return;
    }
    while (cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW row = decoder->cmyk ? decoder->cmyk_row : decoder->row;
        jpeg_read_scanlines(cinfo, &row, 1);
        if (decoder->err.premature_end) break;
    }
    if (!decoder->err.premature_end) jpeg_finish_decompress(cinfo);
    if (decoder->err.premature_end) ps_decoder_fail(base, PS_TRUNCATED, "the file ends before the image does (truncated)");
}

ps_decoder *ps_jpeg_open(const unsigned char *data, size_t size, const ps_decode_request *request, ps_open_result *result) {
    ps_jpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    ps_decoder *base = &decoder->base;
    base->row = ps_jpeg_row;
    base->finish = ps_jpeg_finish;
    base->destroy = ps_jpeg_destroy;
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    cinfo->err = jpeg_std_error(&decoder->err.pub);
    decoder->err.pub.error_exit = ps_jpeg_error_exit;
    decoder->err.pub.emit_message = ps_jpeg_emit_message;
    decoder->err.messages = &base->messages;
    decoder->max_scans = request->max_scans > 0 ? request->max_scans : 1000;
    if (setjmp(decoder->err.jump)) {
        const int status = decoder->too_many_scans ? PS_ERROR : ps_jpeg_failure(decoder);
        const int code = decoder->err.pub.msg_code;
        if (decoder->created && (code == JERR_NO_BACKING_STORE || code == JERR_OUT_OF_MEMORY)
            && request->max_working_bytes > 0) {
            /* libjpeg would hold more than the budget (max_memory_to_use): the coefficients of
               a progressive image, which it keeps whole until its last scan. */
            ps_result_fail(result, PS_TOO_LARGE, "which take over %lld MB to decode (a progressive JPEG keeps every "
                           "coefficient), over the budget of %lld MB a photo",
                           request->max_working_bytes >> 20, request->max_working_bytes >> 20);
        } else if (status == PS_UNSUPPORTED) {
            ps_result_fail(result, status, "a JPEG that this machine's libjpeg-turbo cannot decode (%s)", decoder->err.message);
        } else if (status == PS_TRUNCATED) {
            ps_result_fail(result, status, "the file ends before the image does (truncated)");
        } else {
            ps_result_fail(result, status, "%s", decoder->err.message);
        }
        goto fail;
    }
    jpeg_create_decompress(cinfo);
    decoder->created = 1;
    decoder->progress.progress_monitor = ps_jpeg_progress;
    cinfo->progress = &decoder->progress;
    /* libjpeg-turbo has no backing store: past this it stops with JERR_NO_BACKING_STORE. */
    if (request->max_working_bytes > 0) cinfo->mem->max_memory_to_use = (long)request->max_working_bytes;
    if (size > 0xFFFFFFFFu) {
        ps_result_fail(result, PS_ERROR, "the file is too big for a JPEG");
        goto fail;
    }
    if (ps_jpeg_count_scans(data, size, decoder->max_scans) > decoder->max_scans) {
        ps_result_fail(result, PS_ERROR, "refused: a progressive JPEG of more than %d scans (real ones have about 10)",
                       decoder->max_scans);
        goto fail;
    }
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_save_markers(cinfo, JPEG_APP0 + 2, 0xFFFF); /* ICC profile chunks */
    jpeg_read_header(cinfo, TRUE);
    if (!ps_check_size(base, cinfo->image_width, cinfo->image_height, "JPEG", request, result)) goto fail;
    const int long_edge = cinfo->image_width > cinfo->image_height ? (int)cinfo->image_width : (int)cinfo->image_height;
    int denom = 1;
    if (request->min_long_edge > 0)
        while (denom < 8 && (long_edge + 2 * denom - 1) / (2 * denom) >= request->min_long_edge) denom *= 2;
    cinfo->scale_num = 1;
    cinfo->scale_denom = (unsigned)denom;

    JOCTET *icc = NULL;
    unsigned icc_size = 0;
    if (jpeg_read_icc_profile(cinfo, &icc, &icc_size) && icc != NULL) {
        base->icc = icc;
        base->icc_size = icc_size;
    }
    decoder->cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    if (decoder->cmyk) {
        /* Photoshop (and every tool after it) writes Adobe CMYK inverted; the Adobe marker
           says which convention a file follows. */
        decoder->inverted = cinfo->saw_Adobe_marker;
        decoder->cmyk_transform = ps_cmyk_open(request->colors, base->icc, base->icc_size, decoder->inverted, 8, &base->messages);
        /* The rows leave here in sRGB: no profile is left to apply. */
        free(base->icc);
        base->icc = NULL;
        base->icc_size = 0;
        cinfo->out_color_space = JCS_CMYK;
    } else {
        base->pixels = cinfo->jpeg_color_space == JCS_GRAYSCALE ? PS_PIXELS_GRAY : PS_PIXELS_RGB;
        cinfo->out_color_space = JCS_EXT_BGRX;
    }
    jpeg_start_decompress(cinfo);
    decoder->row = calloc((size_t)cinfo->output_width, 4);
    if (decoder->cmyk) decoder->cmyk_row = calloc((size_t)cinfo->output_width, 4);
    if (decoder->row == NULL || (decoder->cmyk && decoder->cmyk_row == NULL)) {
        ps_result_fail(result, PS_NO_MEMORY, "out of memory");
        goto fail;
    }
    base->width = (int)cinfo->output_width;
    base->height = (int)cinfo->output_height;
    return base;

fail:
    ps_decoder_close(base);
    return NULL;
}

int ps_jpeg_encode(gdImagePtr image, int quality, unsigned char **out, unsigned long *out_size, char *message,
                   size_t message_size) {
    struct jpeg_compress_struct cinfo;
    ps_jpeg_error_mgr err;
    unsigned char *volatile buffer = NULL;
    unsigned long volatile size = 0;
    *out = NULL;
    *out_size = 0;
    if (!gdImageTrueColor(image)) {
        snprintf(message, message_size, "not a truecolor image");
        return PS_ERROR;
    }
    memset(&err, 0, sizeof err);
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = ps_jpeg_error_exit;
    err.pub.emit_message = ps_jpeg_emit_message;
    if (setjmp(err.jump)) {
        snprintf(message, message_size, "%s", err.message);
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return PS_ERROR;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, (unsigned long *)&size);
    cinfo.image_width = (JDIMENSION)gdImageSX(image);
    cinfo.image_height = (JDIMENSION)gdImageSY(image);
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_BGRX;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)image->tpixels[cinfo.next_scanline];
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = buffer;
    *out_size = size;
    return PS_OK;
}
