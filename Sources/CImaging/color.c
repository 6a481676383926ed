/*
 * Colour management with Little CMS: every embedded profile to sRGB, relative
 * colorimetric with black-point compensation. Each transform has its own lcms context,
 * whose error handler writes to that photo's messages (never stderr).
 */

#include "decoder.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <lcms2.h>

static void ps_lcms_error(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)code;
    ps_messages_add(cmsGetContextUserData(context), "Little CMS", "%s", text);
}

static cmsContext ps_lcms_context(ps_messages *messages) {
    cmsContext context = cmsCreateContext(NULL, messages);
    if (context != NULL) cmsSetLogErrorHandlerTHR(context, ps_lcms_error);
    return context;
}

static const cmsUInt32Number ps_flags = cmsFLAGS_BLACKPOINTCOMPENSATION;

/* MARK: CMYK rows */

struct ps_cmyk {
    cmsContext context;
    cmsHTRANSFORM transform;
};

/* CMYK profiles that Debian (Ghostscript's libgs-common) and macOS put on a machine, for
   CMYK JPEGs that carry none. */
static const char *const ps_default_cmyk_profiles[] = {
    "/usr/share/color/icc/ghostscript/default_cmyk.icc",
    "/usr/share/ghostscript/iccprofiles/default_cmyk.icc",
    "/System/Library/ColorSync/Profiles/Generic CMYK Profile.icc",
};

ps_cmyk *ps_cmyk_open(const unsigned char *icc, size_t icc_size, int inverted, int bits, ps_messages *messages) {
    ps_cmyk *cmyk = calloc(1, sizeof *cmyk);
    if (cmyk == NULL) return NULL;
    cmyk->context = ps_lcms_context(messages);
    cmsHPROFILE input = NULL;
    if (icc != NULL && icc_size > 0 && icc_size < 0xFFFFFFFFu) {
        input = cmsOpenProfileFromMemTHR(cmyk->context, icc, (cmsUInt32Number)icc_size);
        if (input != NULL && cmsGetColorSpace(input) != cmsSigCmykData) {
            ps_messages_add(messages, "Little CMS", "the embedded profile is not a CMYK profile; ignored");
            cmsCloseProfile(input);
            input = NULL;
        }
    }
    for (size_t i = 0; input == NULL && i < sizeof ps_default_cmyk_profiles / sizeof *ps_default_cmyk_profiles; i++) {
        size_t size = 0;
        unsigned char *bytes = ps_read_small_file(ps_default_cmyk_profiles[i], 16 << 20, &size);
        if (bytes == NULL) continue;
        input = cmsOpenProfileFromMemTHR(cmyk->context, bytes, (cmsUInt32Number)size);
        free(bytes);
        if (input != NULL && cmsGetColorSpace(input) != cmsSigCmykData) {
            cmsCloseProfile(input);
            input = NULL;
        }
    }
    cmsHPROFILE output = cmsCreate_sRGBProfileTHR(cmyk->context);
    if (input != NULL && output != NULL) {
        cmyk->transform = cmsCreateTransformTHR(cmyk->context, input, bits == 16 ? (inverted ? TYPE_CMYK_16_REV : TYPE_CMYK_16) : (inverted ? TYPE_CMYK_8_REV : TYPE_CMYK_8), output,
                                                TYPE_BGRA_8, INTENT_RELATIVE_COLORIMETRIC, ps_flags);
    }
    if (input != NULL) cmsCloseProfile(input);
    if (output != NULL) cmsCloseProfile(output);
    if (cmyk->transform == NULL) {
        ps_cmyk_close(cmyk);
        return NULL;
    }
    return cmyk;
}

void ps_cmyk_convert(ps_cmyk *cmyk, const unsigned char *in, unsigned char *out, int width) {
    cmsDoTransform(cmyk->transform, in, out, (cmsUInt32Number)width);
    for (int x = 0; x < width; x++) out[4 * x + 3] = 0;
}

void ps_cmyk_close(ps_cmyk *cmyk) {
    if (cmyk == NULL) return;
    if (cmyk->transform != NULL) cmsDeleteTransform(cmyk->transform);
    if (cmyk->context != NULL) cmsDeleteContext(cmyk->context);
    free(cmyk);
}

/* MARK: RGB and grey images */

struct ps_color {
    cmsContext context;
    cmsHTRANSFORM transform;
    ps_messages messages;
    unsigned char *row;
    int capacity;
};

/* The sRGB curve, as ICC parametric curve type 4. */
static const cmsFloat64Number ps_srgb_curve[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};

/* Whether a matrix-shaper RGB profile is sRGB in all but name (the profile most cameras
   embed): the same colorants and curves, to within what 8 bits can show. Such photos
   need no transform, which saves converting every pixel for nothing. */
static int ps_is_srgb(cmsContext context, cmsHPROFILE profile) {
    if (cmsGetColorSpace(profile) != cmsSigRgbData || !cmsIsMatrixShaper(profile)) return 0;
    cmsHPROFILE srgb = cmsCreate_sRGBProfileTHR(context);
    if (srgb == NULL) return 0;
    int same = 1;
    const cmsTagSignature colorants[3] = {cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag};
    const cmsTagSignature curves[3] = {cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag};
    for (int i = 0; i < 3 && same; i++) {
        const cmsCIEXYZ *a = cmsReadTag(profile, colorants[i]), *b = cmsReadTag(srgb, colorants[i]);
        if (a == NULL || b == NULL || fabs(a->X - b->X) > 0.002 || fabs(a->Y - b->Y) > 0.002 || fabs(a->Z - b->Z) > 0.002)
            same = 0;
        const cmsToneCurve *ca = cmsReadTag(profile, curves[i]), *cb = cmsReadTag(srgb, curves[i]);
        for (int k = 0; k <= 32 && same; k++) {
            const float v = (float)k / 32;
            if (ca == NULL || cb == NULL || fabsf(cmsEvalToneCurveFloat(ca, v) - cmsEvalToneCurveFloat(cb, v)) > 0.5f / 255)
                same = 0;
        }
    }
    cmsCloseProfile(srgb);
    return same;
}

/* An RGB profile for an H.273 colour description (HEIF/AVIF nclx), or NULL for sRGB (or
   a description this cannot follow, which `note` then names). */
static cmsHPROFILE ps_nclx_profile(cmsContext context, const ps_nclx *nclx, char *note, size_t note_size) {
    /* x, y of red, green, blue and white, by colour_primaries code. */
    static const struct { int code; double p[8]; } table[] = {
        {4, {0.67, 0.33, 0.21, 0.71, 0.14, 0.08, 0.310, 0.316}},          /* BT.470 M */
        {5, {0.64, 0.33, 0.29, 0.60, 0.15, 0.06, 0.3127, 0.3290}},        /* BT.470 BG, BT.601 625 */
        {6, {0.630, 0.340, 0.310, 0.595, 0.155, 0.070, 0.3127, 0.3290}},  /* BT.601 525 */
        {7, {0.630, 0.340, 0.310, 0.595, 0.155, 0.070, 0.3127, 0.3290}},  /* SMPTE 240M */
        {9, {0.708, 0.292, 0.170, 0.797, 0.131, 0.046, 0.3127, 0.3290}},  /* BT.2020, BT.2100 */
        {11, {0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.314, 0.351}},   /* SMPTE RP 431 (DCI-P3) */
        {12, {0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290}}, /* SMPTE EG 432 (Display P3) */
        {22, {0.630, 0.340, 0.295, 0.605, 0.155, 0.077, 0.3127, 0.3290}}, /* EBU Tech 3213 */
    };
    const int primaries = nclx->primaries, transfer = nclx->transfer;
    if (transfer == 16 || transfer == 18) {
        snprintf(note, note_size, "HDR (%s) colour shown without tone mapping", transfer == 16 ? "PQ" : "HLG");
    }
    const double *p = NULL;
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) if (table[i].code == primaries) p = table[i].p;
    double gamma = 0; /* 0: the sRGB curve */
    if (transfer == 4) gamma = 2.2;
    else if (transfer == 5) gamma = 2.8;
    else if (transfer == 8) gamma = 1.0;
    if (p == NULL && gamma == 0) {
        /* BT.709 primaries (1), unspecified (2) or unknown: shown as sRGB. */
        if (primaries != 1 && primaries != 2 && note[0] == 0)
            snprintf(note, note_size, "colour primaries %d unknown; shown as sRGB", primaries);
        return NULL;
    }
    static const double bt709[8] = {0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290};
    if (p == NULL) p = bt709;
    const cmsCIExyY white = {p[6], p[7], 1.0};
    const cmsCIExyYTRIPLE colorants = {{p[0], p[1], 1.0}, {p[2], p[3], 1.0}, {p[4], p[5], 1.0}};
    cmsToneCurve *curve = gamma > 0 ? cmsBuildGamma(context, gamma) : cmsBuildParametricToneCurve(context, 4, ps_srgb_curve);
    if (curve == NULL) return NULL;
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE profile = cmsCreateRGBProfileTHR(context, &white, &colorants, curves);
    cmsFreeToneCurve(curve);
    return profile;
}

ps_color *ps_decoder_color(ps_decoder *decoder, char *note, size_t note_size) {
    note[0] = 0;
    if (decoder->icc == NULL && !decoder->has_nclx) return NULL;
    ps_color *color = calloc(1, sizeof *color);
    if (color == NULL) return NULL;
    color->context = ps_lcms_context(&color->messages);
    cmsHPROFILE input = NULL;
    cmsUInt32Number input_format = TYPE_BGRA_8;
    if (decoder->icc != NULL) {
        input = decoder->icc_size < 0xFFFFFFFFu
                    ? cmsOpenProfileFromMemTHR(color->context, decoder->icc, (cmsUInt32Number)decoder->icc_size)
                    : NULL;
        const cmsColorSpaceSignature space = input != NULL ? cmsGetColorSpace(input) : 0;
        if (input == NULL) {
            snprintf(note, note_size, "its colour profile cannot be read (%s); shown as sRGB",
                     color->messages.count ? color->messages.text : "damaged");
        } else if (decoder->pixels == PS_PIXELS_GRAY && space == cmsSigGrayData) {
            /* Grey pixels arrive as B = G = R: the profile reads the first of the four bytes. */
            input_format = COLORSPACE_SH(PT_GRAY) | EXTRA_SH(3) | CHANNELS_SH(1) | BYTES_SH(1);
        } else if (space != cmsSigRgbData || decoder->pixels != PS_PIXELS_RGB) {
            snprintf(note, note_size, "its colour profile does not fit its pixels; shown as sRGB");
            cmsCloseProfile(input);
            input = NULL;
        } else if (ps_is_srgb(color->context, input)) {
            cmsCloseProfile(input);
            input = NULL;
        }
    } else {
        input = ps_nclx_profile(color->context, &decoder->nclx, note, note_size);
    }
    cmsHPROFILE output = input != NULL ? cmsCreate_sRGBProfileTHR(color->context) : NULL;
    if (input != NULL && output != NULL) {
        color->transform = cmsCreateTransformTHR(color->context, input, input_format, output, TYPE_BGRA_8,
                                                 INTENT_RELATIVE_COLORIMETRIC, ps_flags);
        if (color->transform == NULL && note[0] == 0)
            snprintf(note, note_size, "its colour profile cannot be used (%s); shown as sRGB",
                     color->messages.count ? color->messages.text : "Little CMS refused it");
    }
    if (input != NULL) cmsCloseProfile(input);
    if (output != NULL) cmsCloseProfile(output);
    if (color->transform == NULL) {
        ps_color_close(color);
        return NULL;
    }
    return color;
}

void ps_color_apply(ps_color *color, gdImagePtr image) {
    if (!gdImageTrueColor(image)) return;
    const int width = gdImageSX(image), height = gdImageSY(image);
    if (width > color->capacity) {
        free(color->row);
        color->row = calloc((size_t)width, 4);
        color->capacity = color->row ? width : 0;
        if (color->row == NULL) return;
    }
    for (int y = 0; y < height; y++) {
        unsigned char *pixels = (unsigned char *)image->tpixels[y];
        cmsDoTransform(color->transform, pixels, color->row, (cmsUInt32Number)width);
        /* lcms leaves the fourth byte alone: the row's stay 0 (opaque to gd). */
        memcpy(pixels, color->row, 4 * (size_t)width);
    }
}

void ps_color_close(ps_color *color) {
    if (color == NULL) return;
    if (color->transform != NULL) cmsDeleteTransform(color->transform);
    if (color->context != NULL) cmsDeleteContext(color->context);
    free(color->row);
    free(color);
}
