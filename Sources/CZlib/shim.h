#ifndef PROOFSHEET_CZLIB_SHIM_H
#define PROOFSHEET_CZLIB_SHIM_H

/* zlib: inflating PNG text chunks, for the C target CImaging. */
#include <zlib.h>

#endif
