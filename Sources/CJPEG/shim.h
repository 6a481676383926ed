#ifndef PROOFSHEET_CJPEG_SHIM_H
#define PROOFSHEET_CJPEG_SHIM_H

/* libjpeg-turbo, for the C target CImaging (jpeg.c): every libjpeg call stays in C,
   because libjpeg reports errors with longjmp. */
#include <stdio.h>
#include <jpeglib.h>

#endif
