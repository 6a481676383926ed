/*
 * libjpeg-turbo: a row-at-a-time decoder and a row-at-a-time encoder.
 *
 * libjpeg reports errors with longjmp, which Swift cannot catch. Every libjpeg call
 * therefore stays inside these C functions, and the jump never crosses a Swift frame.
 * Decoded rows are BGRX, which is gd's in-memory pixel layout (0x00RRGGBB, alpha 0 =
 * opaque) on little-endian machines, and encoding reads gd's rows the same way, so no
 * pixel is converted on the way in or out.
 */

#include "CImaging.h"

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

/*
 * A decoder that hands out its rows one at a time (ps_jpeg_reader_row), so that a
 * consumer such as the resampler can filter them as they come and the full decode never
 * exists in memory. Opened at the smallest DCT scale (1/8, 1/4, 1/2 or 1) whose long
 * edge is still at least `min_long_edge`; refused before decoding anything if the header
 * declares more than `max_pixels`. Rows are B, G, R, X bytes (X unspecified). Every
 * libjpeg call happens in these functions, each with its own setjmp, so an error never
 * jumps past the consumer: the row function returns NULL and the reader keeps why.
 */
struct ps_jpeg_reader {
    struct jpeg_decompress_struct cinfo;
    ps_jpeg_error_mgr err;
    int status;              /* PS_JPEG_OK until a row fails */
    int cmyk;
    unsigned char *row;      /* the row handed out */
    unsigned char *cmyk_row; /* what libjpeg wrote, for CMYK files */
};

void ps_jpeg_reader_close(ps_jpeg_reader *reader) {
    if (reader == NULL) return;
    jpeg_destroy_decompress(&reader->cinfo);
    free(reader->row);
    free(reader->cmyk_row);
    free(reader);
}

int ps_jpeg_reader_open(const unsigned char *data, unsigned long size,
                                      int min_long_edge, long long max_pixels,
                                      int *stored_width, int *stored_height, int *width, int *height,
                                      ps_jpeg_reader **out, char *message, size_t message_size) {
    *out = NULL;
    ps_jpeg_reader *reader = calloc(1, sizeof *reader);  /* zeroed: destroy is safe at once */
    if (reader == NULL) return PS_JPEG_NO_MEMORY;
    struct jpeg_decompress_struct *cinfo = &reader->cinfo;
    cinfo->err = jpeg_std_error(&reader->err.pub);
    reader->err.pub.error_exit = ps_jpeg_error_exit;
    reader->err.pub.emit_message = ps_jpeg_emit_message;
    if (setjmp(reader->err.jump)) {
        snprintf(message, message_size, "%s", reader->err.message);
        ps_jpeg_reader_close(reader);
        return PS_JPEG_ERROR;
    }
    jpeg_create_decompress(cinfo);
    jpeg_mem_src(cinfo, data, size);
    jpeg_read_header(cinfo, TRUE);
    *stored_width = (int)cinfo->image_width;
    *stored_height = (int)cinfo->image_height;
    if ((long long)cinfo->image_width * (long long)cinfo->image_height > max_pixels) {
        ps_jpeg_reader_close(reader);
        return PS_JPEG_TOO_LARGE;
    }
    const int long_edge = cinfo->image_width > cinfo->image_height ? cinfo->image_width : cinfo->image_height;
    int denom = 1;
    while (denom < 8 && (long_edge + 2 * denom - 1) / (2 * denom) >= min_long_edge) denom *= 2;
    cinfo->scale_num = 1;
    cinfo->scale_denom = denom;
    reader->cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = reader->cmyk ? JCS_CMYK : JCS_EXT_BGRX;
    jpeg_start_decompress(cinfo);
    reader->row = malloc((size_t)cinfo->output_width * 4);
    if (reader->cmyk) reader->cmyk_row = malloc((size_t)cinfo->output_width * 4);
    if (reader->row == NULL || (reader->cmyk && reader->cmyk_row == NULL)) {
        ps_jpeg_reader_close(reader);
        return PS_JPEG_NO_MEMORY;
    }
    *width = (int)cinfo->output_width;
    *height = (int)cinfo->output_height;
    *out = reader;
    return PS_JPEG_OK;
}

/* Row `y` (rows in order, each once), or NULL if it cannot be had: see ps_jpeg_reader_finish. */
const unsigned char *ps_jpeg_reader_row(void *context, int y) {
    ps_jpeg_reader *reader = (ps_jpeg_reader *)context;
    struct jpeg_decompress_struct *cinfo = &reader->cinfo;
    if (reader->status != PS_JPEG_OK) return NULL;
    if (setjmp(reader->err.jump)) {
        reader->status = PS_JPEG_ERROR;
        return NULL;
    }
    if (y != (int)cinfo->output_scanline || cinfo->output_scanline >= cinfo->output_height) {
        snprintf(reader->err.message, sizeof reader->err.message, "row %d asked out of order", y);
        reader->status = PS_JPEG_ERROR;
        return NULL;
    }
    JSAMPROW row = reader->cmyk ? reader->cmyk_row : reader->row;
    jpeg_read_scanlines(cinfo, &row, 1);
    if (reader->err.premature_end) {
        reader->status = PS_JPEG_TRUNCATED;
        return NULL;
    }
    if (reader->cmyk) {
        int *pixels = (int *)(void *)reader->row;
        const unsigned char *cmyk = reader->cmyk_row;
        /* Photoshop writes inverted CMYK; this is the usual approximation. */
        for (unsigned x = 0; x < cinfo->output_width; x++) {
            const int c = cmyk[4 * x], m = cmyk[4 * x + 1], yy = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
            pixels[x] = gdTrueColor(c * k / 255, m * k / 255, yy * k / 255);
        }
    }
    return reader->row;
}

/*
 * Reads what the consumer left (rows, then the end of the file) and says whether the
 * whole image was there: PS_JPEG_OK, PS_JPEG_TRUNCATED or PS_JPEG_ERROR with `message`.
 * Also the way to learn why ps_jpeg_reader_row returned NULL.
 */
int ps_jpeg_reader_finish(ps_jpeg_reader *reader, char *message, size_t message_size) {
    struct jpeg_decompress_struct *cinfo = &reader->cinfo;
    if (reader->status == PS_JPEG_OK) {
        if (setjmp(reader->err.jump)) {
            reader->status = PS_JPEG_ERROR;
        } else {
            while (cinfo->output_scanline < cinfo->output_height && reader->status == PS_JPEG_OK) {
                JSAMPROW row = reader->cmyk ? reader->cmyk_row : reader->row;
                jpeg_read_scanlines(cinfo, &row, 1);
                if (reader->err.premature_end) reader->status = PS_JPEG_TRUNCATED;
            }
            if (reader->status == PS_JPEG_OK) {
                jpeg_finish_decompress(cinfo);
                if (reader->err.premature_end) reader->status = PS_JPEG_TRUNCATED;
            }
        }
    }
    if (reader->status == PS_JPEG_TRUNCATED) {
        snprintf(message, message_size, "the file ends before the image does (truncated)");
    } else if (reader->status != PS_JPEG_OK) {
        snprintf(message, message_size, "%s", reader->err.message);
    }
    return reader->status;
}

/*
 * Encodes a truecolor gd image as a baseline JPEG (4:2:0, no metadata) straight from its
 * rows: gd's 0x00RRGGBB pixels are BGRX bytes to libjpeg-turbo, so nothing is converted
 * or copied first. On success *out holds a malloc'd buffer the caller frees with free().
 */
int ps_jpeg_encode(gdImagePtr image, int quality, unsigned char **out, unsigned long *out_size,
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

