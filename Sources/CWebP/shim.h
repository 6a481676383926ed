#ifndef PROOFSHEET_CWEBP_SHIM_H
#define PROOFSHEET_CWEBP_SHIM_H

/* libwebp and libwebpdemux, for the C target CImaging. */
#include <webp/decode.h>
#include <webp/demux.h>

#endif
