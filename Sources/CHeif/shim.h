#ifndef PROOFSHEET_CHEIF_SHIM_H
#define PROOFSHEET_CHEIF_SHIM_H

/* libheif: HEIF and AVIF, for the C target CImaging. */
#include <libheif/heif.h>

#endif
