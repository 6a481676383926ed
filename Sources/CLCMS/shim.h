#ifndef PROOFSHEET_CLCMS_SHIM_H
#define PROOFSHEET_CLCMS_SHIM_H

/* Little CMS 2: colour management, for the C target CImaging. */
#include <lcms2.h>

#endif
