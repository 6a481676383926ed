#ifndef PROOFSHEET_CPNG_SHIM_H
#define PROOFSHEET_CPNG_SHIM_H

/* libpng, for the C target CImaging. */
#include <png.h>

#endif
