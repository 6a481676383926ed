#ifndef PROOFSHEET_CJPEG_SHIM_H
#define PROOFSHEET_CJPEG_SHIM_H

/*
 * libjpeg reports errors with longjmp, which Swift cannot catch. Every libjpeg call
 * therefore stays inside these C functions, and the jump never crosses a Swift frame.
 * Decoding goes straight into a libgd truecolor image: libjpeg-turbo's BGRX output
 * is exactly gd's in-memory pixel layout (0x00RRGGBB, alpha 0 = opaque) on
 * little-endian machines, so no pixel is copied twice.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>
#include <gd.h>

enum {
    PS_JPEG_OK = 0,
    PS_JPEG_ERROR = 1,       /* corrupt or unsupported data; message says why */
    PS_JPEG_TRUNCATED = 2,   /* the data ends before the image does */
    PS_JPEG_TOO_LARGE = 3,   /* the header declares more pixels than allowed */
    PS_JPEG_NO_MEMORY = 4,
};

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    int premature_end;
    char message[JMSG_LENGTH_MAX];
} ps_jpeg_error_mgr;

static void ps_jpeg_error_exit(j_common_ptr cinfo) {
    ps_jpeg_error_mgr *err = (ps_jpeg_error_mgr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    longjmp(err->jump, 1);
}

static void ps_jpeg_emit_message(j_common_ptr cinfo, int level) {
    ps_jpeg_error_mgr *err = (ps_jpeg_error_mgr *)cinfo->err;
    /* Level -1 is a warning about corrupt data; only a premature end loses pixels. */
    if (level < 0 && cinfo->err->msg_code == JWRN_JPEG_EOF) err->premature_end = 1;
}

/* Reads only the header: the stored pixel size. */
static inline int ps_jpeg_read_size(const unsigned char *data, unsigned long size,
                                    int *width, int *height, char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    ps_jpeg_error_mgr err;
    memset(&err, 0, sizeof err);
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = ps_jpeg_error_exit;
    err.pub.emit_message = ps_jpeg_emit_message;
    if (setjmp(err.jump)) {
        snprintf(message, message_size, "%s", err.message);
        jpeg_destroy_decompress(&cinfo);
        return PS_JPEG_ERROR;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, size);
    jpeg_read_header(&cinfo, TRUE);
    *width = (int)cinfo.image_width;
    *height = (int)cinfo.image_height;
    jpeg_destroy_decompress(&cinfo);
    return PS_JPEG_OK;
}

/*
 * Decodes a JPEG at the smallest DCT scale (1/8, 1/4, 1/2 or 1) whose long edge is still
 * at least `min_long_edge`, refusing before decoding anything if the header declares
 * more than `max_pixels`. On success *out holds a new truecolor image the caller owns.
 */
static inline int ps_jpeg_decode_scaled(const unsigned char *data, unsigned long size,
                                        int min_long_edge, long long max_pixels,
                                        int *stored_width, int *stored_height,
                                        gdImagePtr *out, char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    ps_jpeg_error_mgr err;
    gdImagePtr volatile image = NULL;
    unsigned char *volatile cmyk_row = NULL;
    *out = NULL;
    memset(&err, 0, sizeof err);
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = ps_jpeg_error_exit;
    err.pub.emit_message = ps_jpeg_emit_message;
    if (setjmp(err.jump)) {
        snprintf(message, message_size, "%s", err.message);
        jpeg_destroy_decompress(&cinfo);
        if (image != NULL) gdImageDestroy(image);
        free(cmyk_row);
        return PS_JPEG_ERROR;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, size);
    jpeg_read_header(&cinfo, TRUE);
    *stored_width = (int)cinfo.image_width;
    *stored_height = (int)cinfo.image_height;
    if ((long long)cinfo.image_width * (long long)cinfo.image_height > max_pixels) {
        jpeg_destroy_decompress(&cinfo);
        return PS_JPEG_TOO_LARGE;
    }
    const int long_edge = cinfo.image_width > cinfo.image_height ? cinfo.image_width : cinfo.image_height;
    int denom = 1;
    while (denom < 8 && (long_edge + 2 * denom - 1) / (2 * denom) >= min_long_edge) denom *= 2;
    cinfo.scale_num = 1;
    cinfo.scale_denom = denom;
    const int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGRX;
    jpeg_start_decompress(&cinfo);
    image = gdImageCreateTrueColor((int)cinfo.output_width, (int)cinfo.output_height);
    if (image == NULL) {
        jpeg_destroy_decompress(&cinfo);
        return PS_JPEG_NO_MEMORY;
    }
    if (cmyk) {
        cmyk_row = malloc((size_t)cinfo.output_width * 4);
        if (cmyk_row == NULL) {
            jpeg_destroy_decompress(&cinfo);
            gdImageDestroy(image);
            return PS_JPEG_NO_MEMORY;
        }
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        const int y = (int)cinfo.output_scanline;
        if (cmyk) {
            JSAMPROW row = cmyk_row;
            jpeg_read_scanlines(&cinfo, &row, 1);
            int *dst = image->tpixels[y];
            /* Photoshop writes inverted CMYK; this is the usual approximation. */
            for (unsigned x = 0; x < cinfo.output_width; x++) {
                const int c = cmyk_row[4 * x], m = cmyk_row[4 * x + 1];
                const int yy = cmyk_row[4 * x + 2], k = cmyk_row[4 * x + 3];
                dst[x] = gdTrueColor(c * k / 255, m * k / 255, yy * k / 255);
            }
        } else {
            JSAMPROW row = (JSAMPROW)image->tpixels[y];
            jpeg_read_scanlines(&cinfo, &row, 1);
            /* libjpeg-turbo fills the X byte with 0xFF, which gd would read as alpha 127
               (fully transparent); clear it while the row is still in cache. */
            int *pixels = image->tpixels[y];
            for (unsigned x = 0; x < cinfo.output_width; x++) pixels[x] &= 0x00FFFFFF;
        }
        if (err.premature_end) break;
    }
    free(cmyk_row);
    cmyk_row = NULL;
    if (err.premature_end) {
        snprintf(message, message_size, "the file ends before the image does (truncated)");
        jpeg_destroy_decompress(&cinfo);
        gdImageDestroy(image);
        return PS_JPEG_TRUNCATED;
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    if (err.premature_end) {
        snprintf(message, message_size, "the file ends before the image does (truncated)");
        gdImageDestroy(image);
        return PS_JPEG_TRUNCATED;
    }
    *out = image;
    return PS_JPEG_OK;
}

/*
 * Encodes a truecolor gd image as a baseline JPEG (4:2:0, no metadata) straight from its
 * rows: gd's 0x00RRGGBB pixels are BGRX bytes to libjpeg-turbo, so nothing is converted
 * or copied first. On success *out holds a malloc'd buffer the caller frees with free().
 */
static inline int ps_jpeg_encode(gdImagePtr image, int quality, unsigned char **out, unsigned long *out_size,
                                 char *message, size_t message_size) {
    struct jpeg_compress_struct cinfo;
    ps_jpeg_error_mgr err;
    unsigned char *volatile buffer = NULL;
    unsigned long volatile size = 0;
    *out = NULL;
    *out_size = 0;
    if (!gdImageTrueColor(image)) {
        snprintf(message, message_size, "not a truecolor image");
        return PS_JPEG_ERROR;
    }
    memset(&err, 0, sizeof err);
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = ps_jpeg_error_exit;
    err.pub.emit_message = ps_jpeg_emit_message;
    if (setjmp(err.jump)) {
        snprintf(message, message_size, "%s", err.message);
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return PS_JPEG_ERROR;
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
    return PS_JPEG_OK;
}

#endif
