#ifndef PROOFSHEET_CIMAGING_ENCODE_H
#define PROOFSHEET_CIMAGING_ENCODE_H

/* Writing JPEG thumbnails. */

#include <stddef.h>
#include <gd.h>

/* MARK: Encoding */

/* Encodes a truecolor gd image as a baseline JPEG (4:2:0, no metadata) straight from its
   rows. On success *out holds a malloc'd buffer the caller frees with free(). */
int ps_jpeg_encode(gdImagePtr image, int quality, unsigned char **out, unsigned long *out_size, char *message,
                   size_t message_size);

#endif
