#ifndef PROOFSHEET_CIMAGING_HEIF_GRID_H
#define PROOFSHEET_CIMAGING_HEIF_GRID_H

/* An HEIF grid image of HEVC tiles (ISO/IEC 23008-12, 6.6.2.3), as phones store their
   photos: where each tile's coded bytes and decoder configuration lie in the file, and
   how the grid puts them together. Read by hand because libheif 1.15 hands out no tile:
   heif_context_get_image_handle() finds top-level images only, and has no call for an
   item's references, locations or data. */

#include "../decode/decoder.h"

#include <stddef.h>
#include <stdint.h>

typedef struct {
    const unsigned char *data; /* the tile's NAL units, each after a length of hvcc's size */
    size_t size;
    const unsigned char *hvcc; /* its hvcC box's payload: VPS, SPS and PPS */
    size_t hvcc_size;
} ps_heif_tile;

typedef struct {
    int columns, rows;            /* tiles across and down */
    int width, height;            /* the picture's size: the tiles' edge beyond it is cut off */
    int tile_width, tile_height;  /* every tile's coded size (its ispe) */
    int orientation;              /* the grid's irot and imir as an EXIF orientation (1-8) */
    ps_heif_tile *tiles;          /* columns × rows, row by row (malloc'd) */
} ps_heif_grid;

/* Reads the grid that is item `primary` of the file in `data`. 1 when it is a grid of
   HEVC tiles that can be decoded tile by tile; 0 when it is anything else (a single
   image, a clean aperture to cut, tiles in several pieces…): libheif then decodes it
   whole. A grid that is malformed is left to libheif too, which says what is wrong. */
int ps_heif_grid_read(const unsigned char *data, size_t size, uint32_t primary, ps_heif_grid *grid);

void ps_heif_grid_free(ps_heif_grid *grid);

/* The decoder that decodes such a grid tile by tile on two threads (heif_tiles.c), each
   tile reduced as it comes to what the request's min_long_edge needs. Takes `grid` over;
   NULL when refused (`result` says why) or out of memory. */
ps_decoder *ps_heif_tiles_open(ps_heif_grid *grid, const ps_decode_request *request, ps_open_result *result);

/* The file's H.273 matrix and range for Y, Cb, Cr (its nclx); without it, -1: each
   tile's own (its SPS's VUI), as libheif takes them. Before the start. */
void ps_heif_tiles_colour(ps_decoder *decoder, int matrix, int full_range);

/* Starts the threads decoding; 0 when none could be started. */
int ps_heif_tiles_start(ps_decoder *decoder);

#endif
