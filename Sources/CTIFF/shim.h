#ifndef PROOFSHEET_CTIFF_SHIM_H
#define PROOFSHEET_CTIFF_SHIM_H

/* libtiff: TIFF and BigTIFF, for the C target CImaging. */
#include <tiffio.h>

#endif
