#ifndef PROOFSHEET_CEXEMPI_SHIM_H
#define PROOFSHEET_CEXEMPI_SHIM_H

/* Exempi, the XMP toolkit built on Adobe's XMP SDK: parses, edits and serializes the XMP
   sidecars `collect` and `mark` write (Marks/). pkg-config's exempi-2.0 puts
   /usr/include/exempi-2.0 on the include path. */
#include <exempi/xmp.h>
#include <exempi/xmperrors.h>

#endif
