#ifndef PROOFSHEET_CRAW_SHIM_H
#define PROOFSHEET_CRAW_SHIM_H

/* LibRaw (the thread-safe libraw_r): RAW files' embedded previews and metadata, for the C
   target CImaging. No pkgConfig in Package.swift: libraw_r.pc adds -fopenmp, which the
   Swift driver refuses; libraw_r.so names its own dependencies. */
#include <libraw/libraw.h>

#endif
