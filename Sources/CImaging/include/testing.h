#ifndef PROOFSHEET_CIMAGING_TESTING_H
#define PROOFSHEET_CIMAGING_TESTING_H

/* Called by the tests and the demo only: no build of a site uses these. */

#include <stddef.h>
#include <gd.h>
#include "color.h"

/* MARK: Colour (color.c) */

/* How many transforms it has made (for tests: the rest were reused). */
long ps_color_cache_made(const ps_color_cache *cache);

/* MARK: Turning (orient.c) */

/* The inverse: stores an upright image the way a camera would for `orientation`. */
gdImagePtr ps_gd_unoriented(gdImagePtr upright, int orientation);

/* MARK: Encoding (heif.c) */

/* For tests and the demo: a HEIF (HEVC) or AVIF (AV1) of a truecolor image with libheif's
   encoder, stored turned for `orientation` (irot/imir written by libheif), with an Exif
   block (TIFF data), an ICC profile or an nclx description (H.273 colour primaries and
   transfer characteristics, when `primaries` > 0) when given. Lossless when `quality` is
   100. On success *out is a malloc'd buffer the caller frees with free(). */
int ps_heif_encode(gdImagePtr image, int avif, int quality, int orientation, const unsigned char *exif,
                   size_t exif_size, const unsigned char *icc, size_t icc_size, int primaries, int transfer,
                   unsigned char **out, size_t *out_size, char *reason, size_t reason_size);

#endif
