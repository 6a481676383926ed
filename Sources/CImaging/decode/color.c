/*
 * Colour management with Little CMS: every embedded profile to sRGB, relative
 * colorimetric with black-point compensation. Transforms are made once per distinct
 * profile and kept in a cache (ps_color_cache) for the photos after: making one takes
 * 4-5 ms for an RGB profile and 47 ms for a CMYK one (whose 4-D table Little CMS
 * precomputes), converting a photo's preview with it a fraction of that. A cache has one
 * user at a time (each worker of a build its own; see RenderContext), so it needs no lock
 * and its transforms are never shared between threads. Its lcms context's error handler
 * writes to the transform being made, whose messages every photo using it then repeats:
 * a photo says the same whether its transform was made for it or before (never stderr).
 */

#include "decoder.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <lcms2.h>
#include <zlib.h>

static const cmsUInt32Number ps_flags = cmsFLAGS_BLACKPOINTCOMPENSATION;

/* MARK: The cache */

/* At most this many transforms are kept, and this many bytes of their profiles (the key
   is the profile itself): a CMYK transform's table is about 500 KB, an RGB one's a few. */
#define PS_COLOR_CACHE_ENTRIES 8
#define PS_COLOR_CACHE_BYTES ((size_t)16 << 20)

/* What a transform is made for: RGB, grey or CMYK pixels, or an nclx description. */
enum { PS_KEY_RGB = 0, PS_KEY_GRAY = 1, PS_KEY_NCLX = 2, PS_KEY_CMYK = 3 };

struct ps_color_entry {
    ps_color_cache *cache;
    /* The key: the kind, a variant (CMYK: the ink convention and sample size) and the
       bytes (the profile; the H.273 codes for nclx), found by size and CRC-32, then
       compared whole. */
    int kind, variant;
    unsigned char *bytes;
    size_t size;
    unsigned long crc;
    /* NULL: none is needed (sRGB already) or none could be made. */
    cmsHTRANSFORM transform;
    /* RGB: what the photo's warning line says about its profile ("" for nothing). */
    char note[PS_REASON_SIZE];
    /* What was said while making it (Little CMS, this file), one message a line. */
    char said[PS_MESSAGES_SIZE];
    /* The same, joined as a photo's messages are (for the note). */
    ps_messages messages;
    int users;
    unsigned long used; /* the cache's clock when last taken: the least recent goes first */
    int kept;           /* in the cache's table; else freed when its last user is done */
};

struct ps_color_cache {
    cmsContext context;
    ps_color_entry *making; /* the entry being made: what Little CMS says goes to it */
    ps_color_entry *entries[PS_COLOR_CACHE_ENTRIES];
    int count;
    size_t bytes;
    unsigned long clock;
    long made;
    unsigned char *row; /* a converted row (ps_decoder_convert_color) */
    int capacity;
};

/* Something said while an entry is made: kept to be said again by every photo using it. */
static void ps_entry_say(ps_color_entry *entry, const char *text) {
    if (entry == NULL) return;
    ps_messages_add(&entry->messages, "Little CMS", "%s", text);
    const size_t used = strlen(entry->said), length = strlen(text);
    if (used + length + 2 > sizeof entry->said) return;
    memcpy(entry->said + used, text, length);
    for (size_t i = used; i < used + length; i++) if (entry->said[i] == '\n') entry->said[i] = ' ';
    entry->said[used + length] = '\n';
    entry->said[used + length + 1] = 0;
}

static void ps_lcms_error(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)code;
    const ps_color_cache *cache = cmsGetContextUserData(context);
    ps_entry_say(cache->making, text);
}

ps_color_cache *ps_color_cache_create(void) {
    ps_color_cache *cache = calloc(1, sizeof *cache);
    if (cache == NULL) return NULL;
    cache->context = cmsCreateContext(NULL, cache);
    if (cache->context == NULL) {
        free(cache);
        return NULL;
    }
    cmsSetLogErrorHandlerTHR(cache->context, ps_lcms_error);
    return cache;
}

static void ps_entry_free(ps_color_entry *entry) {
    if (entry->transform != NULL) cmsDeleteTransform(entry->transform);
    free(entry->bytes);
    free(entry);
}

void ps_color_cache_close(ps_color_cache *cache) {
    if (cache == NULL) return;
    for (int i = 0; i < cache->count; i++) ps_entry_free(cache->entries[i]);
    cmsDeleteContext(cache->context);
    free(cache->row);
    free(cache);
}

long ps_color_cache_made(const ps_color_cache *cache) {
    return cache != NULL ? cache->made : 0;
}

/* Makes an entry's transform (with the cache's context), its note and what it said. */
typedef void (*ps_entry_maker)(ps_color_entry *entry, const unsigned char *bytes, const void *how);

/* The entry for a key, taken from the cache or made (and kept when it fits); NULL when
   memory runs out. Give it back with ps_entry_release. */
static ps_color_entry *ps_entry_take(ps_color_cache *cache, int kind, int variant, const unsigned char *bytes,
                                     size_t size, ps_entry_maker make, const void *how) {
    const unsigned long crc = size > 0 ? crc32_z(0, bytes, size) : 0;
    for (int i = 0; i < cache->count; i++) {
        ps_color_entry *entry = cache->entries[i];
        if (entry->kind == kind && entry->variant == variant && entry->size == size && entry->crc == crc
            && (size == 0 || memcmp(entry->bytes, bytes, size) == 0)) {
            entry->users++;
            entry->used = ++cache->clock;
            return entry;
        }
    }
    ps_color_entry *entry = calloc(1, sizeof *entry);
    if (entry == NULL) return NULL;
    entry->cache = cache;
    entry->kind = kind;
    entry->variant = variant;
    entry->size = size;
    entry->crc = crc;
    cache->making = entry;
    make(entry, bytes, how);
    cache->making = NULL;
    cache->made++;
    entry->users = 1;
    entry->used = ++cache->clock;
    /* Kept if room can be made by letting the least recently used unused ones go. */
    if (size > PS_COLOR_CACHE_BYTES) return entry;
    while (cache->count == PS_COLOR_CACHE_ENTRIES || cache->bytes + size > PS_COLOR_CACHE_BYTES) {
        int oldest = -1;
        for (int i = 0; i < cache->count; i++)
            if (cache->entries[i]->users == 0 && (oldest < 0 || cache->entries[i]->used < cache->entries[oldest]->used))
                oldest = i;
        if (oldest < 0) return entry;
        ps_color_entry *gone = cache->entries[oldest];
        cache->bytes -= gone->size;
        cache->entries[oldest] = cache->entries[--cache->count];
        ps_entry_free(gone);
    }
    entry->bytes = size > 0 ? malloc(size) : NULL;
    if (size > 0 && entry->bytes == NULL) return entry;
    if (size > 0) memcpy(entry->bytes, bytes, size);
    entry->kept = 1;
    cache->entries[cache->count++] = entry;
    cache->bytes += size;
    return entry;
}

static void ps_entry_release(ps_color_entry *entry) {
    if (entry == NULL) return;
    entry->users--;
    if (!entry->kept && entry->users == 0) ps_entry_free(entry);
}

/* Says again, into a photo's messages, what was said while the entry was made. */
static void ps_entry_repeat(const ps_color_entry *entry, ps_messages *messages) {
    for (const char *line = entry->said; *line != 0;) {
        const char *end = strchr(line, '\n');
        ps_messages_add(messages, "Little CMS", "%.*s", (int)(end - line), line);
        line = end + 1;
    }
}

/* MARK: CMYK rows */

/* CMYK profiles that Debian (Ghostscript's libgs-common) and macOS put on a machine, for
   CMYK JPEGs that carry none. */
static const char *const ps_default_cmyk_profiles[] = {
    "/usr/share/color/icc/ghostscript/default_cmyk.icc",
    "/usr/share/ghostscript/iccprofiles/default_cmyk.icc",
    "/System/Library/ColorSync/Profiles/Generic CMYK Profile.icc",
};

static void ps_make_cmyk(ps_color_entry *entry, const unsigned char *icc, const void *how) {
    (void)how;
    cmsContext context = entry->cache->context;
    const int inverted = entry->variant & 1, bits = entry->variant >> 1;
    cmsHPROFILE input = NULL;
    if (entry->size > 0 && entry->size < 0xFFFFFFFFu) {
        input = cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)entry->size);
        if (input != NULL && cmsGetColorSpace(input) != cmsSigCmykData) {
            ps_entry_say(entry, "the embedded profile is not a CMYK profile; ignored");
            cmsCloseProfile(input);
            input = NULL;
        }
    }
    for (size_t i = 0; input == NULL && i < sizeof ps_default_cmyk_profiles / sizeof *ps_default_cmyk_profiles; i++) {
        size_t size = 0;
        unsigned char *bytes = ps_read_small_file(ps_default_cmyk_profiles[i], 16 << 20, &size);
        if (bytes == NULL) continue;
        input = cmsOpenProfileFromMemTHR(context, bytes, (cmsUInt32Number)size);
        free(bytes);
        if (input != NULL && cmsGetColorSpace(input) != cmsSigCmykData) {
            cmsCloseProfile(input);
            input = NULL;
        }
    }
    cmsHPROFILE output = cmsCreate_sRGBProfileTHR(context);
    if (input != NULL && output != NULL) {
        entry->transform = cmsCreateTransformTHR(context, input, bits == 16 ? (inverted ? TYPE_CMYK_16_REV : TYPE_CMYK_16) : (inverted ? TYPE_CMYK_8_REV : TYPE_CMYK_8), output,
                                                 TYPE_BGRA_8, INTENT_RELATIVE_COLORIMETRIC, ps_flags);
    }
    if (input != NULL) cmsCloseProfile(input);
    if (output != NULL) cmsCloseProfile(output);
}

ps_cmyk *ps_cmyk_open(ps_color_cache *cache, const unsigned char *icc, size_t icc_size, int inverted, int bits,
                      ps_messages *messages) {
    if (cache == NULL) return NULL;
    ps_color_entry *entry = ps_entry_take(cache, PS_KEY_CMYK, (inverted ? 1 : 0) | bits << 1, icc, icc != NULL ? icc_size : 0,
                                          ps_make_cmyk, NULL);
    if (entry == NULL) return NULL;
    ps_entry_repeat(entry, messages);
    if (entry->transform == NULL) {
        ps_entry_release(entry);
        return NULL;
    }
    return entry;
}

void ps_cmyk_convert(ps_cmyk *cmyk, const unsigned char *in, unsigned char *out, int width) {
    cmsDoTransform(cmyk->transform, in, out, (cmsUInt32Number)width);
    for (int x = 0; x < width; x++) out[4 * x + 3] = 0;
}

void ps_cmyk_close(ps_cmyk *cmyk) {
    ps_entry_release(cmyk);
}

/* MARK: RGB and grey images */

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

/* What an RGB, grey or nclx entry is made from. */
typedef struct {
    const ps_nclx *nclx; /* or NULL: the bytes are an ICC profile */
} ps_rgb_source;

static void ps_make_rgb(ps_color_entry *entry, const unsigned char *icc, const void *how) {
    const ps_rgb_source *source = how;
    cmsContext context = entry->cache->context;
    char *note = entry->note;
    const size_t note_size = sizeof entry->note;
    cmsHPROFILE input = NULL;
    cmsUInt32Number input_format = TYPE_BGRA_8;
    if (source->nclx == NULL) {
        input = entry->size < 0xFFFFFFFFu ? cmsOpenProfileFromMemTHR(context, icc, (cmsUInt32Number)entry->size) : NULL;
        const cmsColorSpaceSignature space = input != NULL ? cmsGetColorSpace(input) : 0;
        if (input == NULL) {
            snprintf(note, note_size, "its colour profile cannot be read (%s); shown as sRGB",
                     entry->messages.count ? entry->messages.text : "damaged");
        } else if (entry->kind == PS_KEY_GRAY && space == cmsSigGrayData) {
            /* Grey pixels arrive as B = G = R: the profile reads the first of the four bytes. */
            input_format = COLORSPACE_SH(PT_GRAY) | EXTRA_SH(3) | CHANNELS_SH(1) | BYTES_SH(1);
        } else if (space != cmsSigRgbData || entry->kind != PS_KEY_RGB) {
            snprintf(note, note_size, "its colour profile does not fit its pixels; shown as sRGB");
            cmsCloseProfile(input);
            input = NULL;
        } else if (ps_is_srgb(context, input)) {
            cmsCloseProfile(input);
            input = NULL;
        }
    } else {
        input = ps_nclx_profile(context, source->nclx, note, note_size);
    }
    cmsHPROFILE output = input != NULL ? cmsCreate_sRGBProfileTHR(context) : NULL;
    if (input != NULL && output != NULL) {
        entry->transform = cmsCreateTransformTHR(context, input, input_format, output, TYPE_BGRA_8,
                                                 INTENT_RELATIVE_COLORIMETRIC, ps_flags);
        if (entry->transform == NULL && note[0] == 0)
            snprintf(note, note_size, "its colour profile cannot be used (%s); shown as sRGB",
                     entry->messages.count ? entry->messages.text : "Little CMS refused it");
    }
    if (input != NULL) cmsCloseProfile(input);
    if (output != NULL) cmsCloseProfile(output);
}

void ps_decoder_convert_color(ps_decoder *decoder, gdImagePtr image, char *note, size_t note_size) {
    note[0] = 0;
    ps_color_cache *cache = decoder->colors;
    if ((decoder->icc == NULL && !decoder->has_nclx) || cache == NULL) return;
    ps_color_entry *entry;
    if (decoder->icc != NULL) {
        const ps_rgb_source source = {NULL};
        entry = ps_entry_take(cache, decoder->pixels == PS_PIXELS_GRAY ? PS_KEY_GRAY : PS_KEY_RGB, 0, decoder->icc,
                              decoder->icc_size, ps_make_rgb, &source);
    } else {
        const ps_rgb_source source = {&decoder->nclx};
        const int codes[2] = {decoder->nclx.primaries, decoder->nclx.transfer};
        entry = ps_entry_take(cache, PS_KEY_NCLX, 0, (const unsigned char *)codes, sizeof codes, ps_make_rgb, &source);
    }
    if (entry == NULL) return;
    snprintf(note, note_size, "%s", entry->note);
    const int width = gdImageSX(image), height = gdImageSY(image);
    if (entry->transform != NULL && gdImageTrueColor(image) && width > cache->capacity) {
        free(cache->row);
        cache->row = calloc((size_t)width, 4);
        cache->capacity = cache->row ? width : 0;
    }
    if (entry->transform != NULL && gdImageTrueColor(image) && cache->row != NULL) {
        for (int y = 0; y < height; y++) {
            unsigned char *pixels = (unsigned char *)image->tpixels[y];
            cmsDoTransform(entry->transform, pixels, cache->row, (cmsUInt32Number)width);
            /* lcms leaves the fourth byte alone: the row's stay 0 (opaque to gd). */
            memcpy(pixels, cache->row, 4 * (size_t)width);
        }
    }
    ps_entry_release(entry);
}
