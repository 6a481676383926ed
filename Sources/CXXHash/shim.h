#ifndef PROOFSHEET_CXXHASH_SHIM_H
#define PROOFSHEET_CXXHASH_SHIM_H

/* xxHash (libxxhash): XXH3-128, the fingerprint of a photo's bytes. */
#include <xxhash.h>

#endif
