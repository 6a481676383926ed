#ifndef PROOFSHEET_CIMAGING_COLOR_H
#define PROOFSHEET_CIMAGING_COLOR_H

/* Colour: the cache of Little CMS transforms and the conversion to sRGB. */

#include <stddef.h>
#include <gd.h>

/* MARK: The cache of transforms */

/* The Little CMS transforms to sRGB made for a run of photos, one per distinct profile
   (keyed by the profile's bytes and the pixels it applies to), kept for the photos after:
   at most 8 transforms and 16 MB of profiles, the least recently used let go first. One
   user at a time (each worker of a build its own): it has no lock. */
typedef struct ps_color_cache ps_color_cache;

/* NULL when memory runs out. */
ps_color_cache *ps_color_cache_create(void);

/* After every decoder that used it is closed. */
void ps_color_cache_close(ps_color_cache *cache);

/* MARK: Converting a decoder's pixels */

/* An opened photo (decode.h). */
struct ps_decoder;

/* Converts every pixel of a truecolor image of the decoder's pixels to sRGB in place
   (relative colorimetric with black-point compensation), through the transform its
   embedded ICC profile (or HEIF nclx colour description) needs, taken from the decoder's
   cache; nothing when they are sRGB already or carry no profile. A profile that cannot be
   used is ignored, and `note` says so (else it is left ""). */
void ps_decoder_convert_color(struct ps_decoder *decoder, gdImagePtr image, char *note, size_t note_size);

#endif
