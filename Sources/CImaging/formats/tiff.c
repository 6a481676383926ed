/*
 * TIFF with libtiff, read from memory: classic and BigTIFF, every compression libtiff was
 * built with, the first image. The size checked is libtiff's own. RGB, grey and palette
 * images go through libtiff's RGBA interface (premultiplied alpha) one band of strips or
 * tiles at a time, never whole; 8-bit CMYK stored in strips is read a row at a time and
 * converted with its profile by Little CMS.
 * libtiff's errors and warnings go to the photo (through TIFFOpenOptions handlers that
 * carry the decoder), never to stderr.
 */

#include "../decode/decoder.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

typedef struct {
    ps_decoder base;
    const unsigned char *data;
    toff_t size, offset;
    TIFF *tiff;
    /* RGB, grey, palette: the RGBA interface, a band (one strip or one row of tiles) at a time */
    TIFFRGBAImage rgba;
    int rgba_begun;
    uint32_t *band;
    int band_rows, band_start, band_filled;
    /* CMYK strips */
    int cmyk;
    ps_cmyk *cmyk_transform;
    int inverted;
    unsigned char *cmyk_row;
    unsigned char *out;
    int next_row;
    char error[PS_REASON_SIZE];
} ps_tiff_decoder;

static tmsize_t ps_tiff_read(thandle_t handle, void *buffer, tmsize_t count) {
    ps_tiff_decoder *decoder = handle;
    if (count < 0) return 0;
    toff_t available = decoder->offset < decoder->size ? decoder->size - decoder->offset : 0;
    if ((toff_t)count > available) count = (tmsize_t)available;
    memcpy(buffer, decoder->data + decoder->offset, (size_t)count);
    decoder->offset += (toff_t)count;
    return count;
}

static tmsize_t ps_tiff_write(thandle_t handle, void *buffer, tmsize_t count) {
    (void)handle, (void)buffer, (void)count;
    return 0;
}

static toff_t ps_tiff_seek(thandle_t handle, toff_t offset, int whence) {
    ps_tiff_decoder *decoder = handle;
    toff_t base = whence == SEEK_CUR ? decoder->offset : whence == SEEK_END ? decoder->size : 0;
    if (__builtin_add_overflow(base, offset, &decoder->offset)) return (toff_t)-1;
    return decoder->offset;
}

static int ps_tiff_close(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t ps_tiff_size(thandle_t handle) {
    return ((ps_tiff_decoder *)handle)->size;
}

static int ps_tiff_map(thandle_t handle, void **base, toff_t *size) {
    (void)handle, (void)base, (void)size;
    return 0;
}

static void ps_tiff_unmap(thandle_t handle, void *base, toff_t size) {
    (void)handle, (void)base, (void)size;
}

static int ps_tiff_on_error(TIFF *tiff, void *user, const char *module, const char *format, va_list args) {
    (void)tiff, (void)module;
    ps_tiff_decoder *decoder = user;
    if (decoder->error[0] == 0) vsnprintf(decoder->error, sizeof decoder->error, format, args);
    return 1; /* handled: libtiff's own handler (stderr) is not called */
}

static int ps_tiff_on_warning(TIFF *tiff, void *user, const char *module, const char *format, va_list args) {
    (void)tiff, (void)module;
    ps_tiff_decoder *decoder = user;
    /* Private tags of cameras and editors ("Unknown field with tag …") are no damage. */
    char text[PS_REASON_SIZE];
    vsnprintf(text, sizeof text, format, args);
    if (strstr(text, "nknown field") == NULL && strstr(text, "does not end in null byte") == NULL)
        ps_messages_add(&decoder->base.messages, "libtiff", "%s", text);
    return 1;
}

static void ps_tiff_destroy(ps_decoder *base) {
    ps_tiff_decoder *decoder = (ps_tiff_decoder *)base;
    if (decoder->rgba_begun) TIFFRGBAImageEnd(&decoder->rgba);
    if (decoder->tiff != NULL) TIFFClose(decoder->tiff);
    _TIFFfree(decoder->band);
    ps_cmyk_close(decoder->cmyk_transform);
    free(decoder->cmyk_row);
    free(decoder->out);
}

static const unsigned char *ps_tiff_cmyk_row(ps_decoder *base, int y) {
    ps_tiff_decoder *decoder = (ps_tiff_decoder *)base;
    if (y != decoder->next_row) {
        ps_decoder_fail(base, PS_ERROR, "row %d asked out of order", y);
        return NULL;
    }
    if (TIFFReadScanline(decoder->tiff, decoder->cmyk_row, (uint32_t)y, 0) < 0) {
        ps_decoder_fail(base, PS_ERROR, "%s", decoder->error[0] ? decoder->error : "libtiff cannot read a row");
        return NULL;
    }
    decoder->next_row++;
    if (decoder->cmyk_transform != NULL) {
        ps_cmyk_convert(decoder->cmyk_transform, decoder->cmyk_row, decoder->out, base->width);
    } else {
        /* No profile to be had: ink multiplied by the inverse of black. */
        const unsigned char *in8 = decoder->cmyk_row;
        const uint16_t *in16 = (const uint16_t *)(const void *)decoder->cmyk_row;
        unsigned char *out = decoder->out;
        for (int x = 0; x < base->width; x++, out += 4) {
            int ink[4];
            for (int i = 0; i < 4; i++) ink[i] = decoder->cmyk == 16 ? in16[4 * x + i] >> 8 : in8[4 * x + i];
            const int k = 255 - ink[3];
            out[0] = (unsigned char)((255 - ink[2]) * k / 255);
            out[1] = (unsigned char)((255 - ink[1]) * k / 255);
            out[2] = (unsigned char)((255 - ink[0]) * k / 255);
            out[3] = 0;
        }
    }
    return decoder->out;
}

/* Row `y` from the band that holds it, the next band decoded when the last is used up. */
static const unsigned char *ps_tiff_band_row(ps_decoder *base, int y) {
    ps_tiff_decoder *decoder = (ps_tiff_decoder *)base;
    if (y != decoder->next_row) {
        ps_decoder_fail(base, PS_ERROR, "row %d asked out of order", y);
        return NULL;
    }
    if (y >= decoder->band_start + decoder->band_filled) {
        const int rows = base->height - y < decoder->band_rows ? base->height - y : decoder->band_rows;
        /* White where libtiff leaves pixels unwritten (a damaged strip). */
        memset(decoder->band, 0xFF, (size_t)base->width * 4 * (size_t)rows);
        decoder->rgba.row_offset = y;
        decoder->rgba.col_offset = 0;
        if (!TIFFRGBAImageGet(&decoder->rgba, decoder->band, (uint32_t)base->width, (uint32_t)rows)) {
            if (strstr(decoder->error, "Read error") != NULL || strstr(decoder->error, "past end") != NULL)
                ps_decoder_fail(base, PS_TRUNCATED, "the file ends before the image does (truncated)");
            else
                ps_decoder_fail(base, PS_ERROR, "%s", decoder->error[0] ? decoder->error : "libtiff cannot decode the image data");
            return NULL;
        }
        decoder->band_start = y;
        decoder->band_filled = rows;
    }
    const unsigned char *in = (const unsigned char *)decoder->band + (size_t)(y - decoder->band_start) * 4 * (size_t)base->width;
    ps_layout_row(PS_LAYOUT_RGBA_PREMUL, in, decoder->out, base->width);
    decoder->next_row++;
    return decoder->out;
}

ps_decoder *ps_tiff_open(const unsigned char *data, size_t size, const ps_decode_request *request, ps_open_result *result) {
    ps_tiff_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    ps_decoder *base = &decoder->base;
    base->destroy = ps_tiff_destroy;
    decoder->data = data;
    decoder->size = size;
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) goto fail;
    TIFFOpenOptionsSetErrorHandlerExtR(options, ps_tiff_on_error, decoder);
    TIFFOpenOptionsSetWarningHandlerExtR(options, ps_tiff_on_warning, decoder);
    /* No strip or tile may make libtiff allocate more than this, whatever its tags say. */
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)512 << 20);
    decoder->tiff = TIFFClientOpenExt("photo", "rm", decoder, ps_tiff_read, ps_tiff_write, ps_tiff_seek, ps_tiff_close,
                                      ps_tiff_size, ps_tiff_map, ps_tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    if (decoder->tiff == NULL) {
        ps_result_fail(result, PS_ERROR, "%s", decoder->error[0] ? decoder->error : "libtiff cannot read the header");
        goto fail;
    }
    TIFF *tiff = decoder->tiff;
    uint32_t width = 0, height = 0;
    TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, &width);
    TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, &height);
    if (!ps_check_size(base, width, height, "TIFF", request, result)) goto fail;
    uint16_t photometric = 0, samples = 1, bits = 1, planar = PLANARCONFIG_CONTIG, inkset = INKSET_CMYK;
    TIFFGetFieldDefaulted(tiff, TIFFTAG_PHOTOMETRIC, &photometric);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_SAMPLESPERPIXEL, &samples);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_BITSPERSAMPLE, &bits);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_PLANARCONFIG, &planar);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_INKSET, &inkset);
    uint32_t icc_size = 0;
    void *icc = NULL;
    if (TIFFGetField(tiff, TIFFTAG_ICCPROFILE, &icc_size, &icc) && icc != NULL && icc_size > 0) {
        base->icc = malloc(icc_size);
        if (base->icc != NULL) {
            memcpy(base->icc, icc, icc_size);
            base->icc_size = icc_size;
        }
    }
    base->pixels = photometric == PHOTOMETRIC_MINISBLACK || photometric == PHOTOMETRIC_MINISWHITE ? PS_PIXELS_GRAY
                                                                                                  : PS_PIXELS_RGB;
    base->width = (int)width;
    base->height = (int)height;

    if (photometric == PHOTOMETRIC_SEPARATED && inkset == INKSET_CMYK && samples == 4 && (bits == 8 || bits == 16)
        && planar == PLANARCONFIG_CONTIG && !TIFFIsTiled(tiff)) {
        /* CMYK through its profile (or the machine's), a row at a time. */
        decoder->cmyk = bits;
        decoder->cmyk_transform = ps_cmyk_open(request->colors, base->icc, base->icc_size, 0, bits, &base->messages);
        free(base->icc);
        base->icc = NULL;
        base->icc_size = 0;
        decoder->cmyk_row = calloc(1, (size_t)TIFFScanlineSize(tiff) + 16);
        decoder->out = calloc(width, 4);
        if (decoder->cmyk_row == NULL || decoder->out == NULL) {
            ps_result_fail(result, PS_NO_MEMORY, "out of memory");
            goto fail;
        }
        base->row = ps_tiff_cmyk_row;
        return base;
    }
    if (photometric == PHOTOMETRIC_SEPARATED) {
        /* libtiff's RGBA interface converts other CMYK by the formula; a profile cannot apply. */
        free(base->icc);
        base->icc = NULL;
        base->icc_size = 0;
    }

    char message[1024] = {0};
    if (!TIFFRGBAImageOK(tiff, message) || !TIFFRGBAImageBegin(&decoder->rgba, tiff, 1, message)) {
        ps_result_fail(result, PS_UNSUPPORTED, "a TIFF this machine's libtiff cannot decode (%s)", message);
        goto fail;
    }
    decoder->rgba_begun = 1;
    /* Rows in the order they are stored: the Orientation tag is applied later, with the
       EXIF orientation of every other format, exactly once. */
    decoder->rgba.req_orientation = decoder->rgba.orientation;
    /* A band is what libtiff decodes in one piece: a strip (a long uncompressed one is
       already chopped into small ones by libtiff) or a row of tiles. */
    uint32_t band_rows = 0;
    if (TIFFIsTiled(tiff) ? !TIFFGetField(tiff, TIFFTAG_TILELENGTH, &band_rows)
                          : !TIFFGetFieldDefaulted(tiff, TIFFTAG_ROWSPERSTRIP, &band_rows))
        band_rows = height;
    if (band_rows == 0 || band_rows > height) band_rows = height;
    if (!ps_check_working(4LL * width * band_rows, "libtiff decodes its strips or tiles whole", request, result)) goto fail;
    decoder->band_rows = (int)band_rows;
    decoder->band = _TIFFmalloc((tmsize_t)ps_mul(ps_mul(width, band_rows), 4));
    decoder->out = calloc(width, 4);
    if (decoder->band == NULL || decoder->out == NULL) {
        ps_result_fail(result, PS_NO_MEMORY, "out of memory");
        goto fail;
    }
    base->row = ps_tiff_band_row;
    return base;

fail:
    ps_decoder_close(base);
    return NULL;
}
