#ifndef PROOFSHEET_CIMAGING_H
#define PROOFSHEET_CIMAGING_H

/*
 * proofsheet's own C: what runs on every pixel (resampling, turning, flattening, colour
 * transforms) and the glue to the C libraries that decode photos (libjpeg-turbo, libpng,
 * libwebp, libtiff, libheif, libgd), convert colour (Little CMS) and report errors in ways
 * Swift cannot take part in (longjmp, global handlers). Everything here is called from
 * ProofsheetKit/Imaging only, and no pointer it hands out leaves that folder.
 */

/* The umbrella: one header per concern. */
#include "resample.h"
#include "memory.h"
#include "color.h"
#include "decode.h"
#include "watermark.h"
#include "encode.h"
#include "testing.h"

#endif
