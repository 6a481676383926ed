#ifndef PROOFSHEET_CDE265_SHIM_H
#define PROOFSHEET_CDE265_SHIM_H

/* libde265: the HEVC decoder, for the tiles of HEIF grids that CImaging decodes itself. */
#include <libde265/de265.h>

#endif
