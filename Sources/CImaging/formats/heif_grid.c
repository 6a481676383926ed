/*
 * The boxes of an HEIF grid, read from memory (see heif_grid.h for why by hand): the
 * 'meta' box's item types (iinf), locations (iloc), the grid's 'dimg' references (iref),
 * the properties (ipco) each item has (ipma), and the grid item's own data. Every read
 * is bounded by its box; anything out of the ordinary returns 0, for libheif to decode.
 */

#include "heif_grid.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const unsigned char *at;
    size_t size;
} ps_span;

typedef struct {
    char type[4];
    ps_span body; /* after the header */
} ps_box;

static uint64_t ps_be(const unsigned char *p, int bytes) {
    uint64_t value = 0;
    for (int i = 0; i < bytes; i++) value = value << 8 | p[i];
    return value;
}

/* The next box in `*span`, which it leaves after it; 0 at the end or when malformed. */
static int ps_next_box(ps_span *span, ps_box *box) {
    if (span->size < 8) return 0;
    uint64_t size = ps_be(span->at, 4);
    size_t header = 8;
    if (size == 1) {
        if (span->size < 16) return 0;
        size = ps_be(span->at + 8, 8);
        header = 16;
    } else if (size == 0) {
        size = span->size;
    }
    if (size < header || size > span->size) return 0;
    memcpy(box->type, span->at + 4, 4);
    box->body = (ps_span){span->at + header, (size_t)size - header};
    span->at += size;
    span->size -= (size_t)size;
    return 1;
}

static int ps_find_box(ps_span span, const char *type, ps_span *body) {
    ps_box box;
    while (ps_next_box(&span, &box)) {
        if (memcmp(box.type, type, 4) == 0) {
            *body = box.body;
            return 1;
        }
    }
    return 0;
}

/* A reader of fields in a span that fails once, then stays failed. */
typedef struct {
    ps_span span;
    int failed;
} ps_fields;

static uint64_t ps_field(ps_fields *fields, int bytes) {
    if (fields->failed || (size_t)bytes > fields->span.size) {
        fields->failed = 1;
        return 0;
    }
    const uint64_t value = ps_be(fields->span.at, bytes);
    fields->span.at += bytes;
    fields->span.size -= (size_t)bytes;
    return value;
}

/* Where item `id`'s bytes lie in the file (construction method 0, one extent), or in
   the meta box's 'idat' (method 1). */
static int ps_item_location(ps_span iloc, ps_span idat, const unsigned char *file, size_t file_size, uint32_t id,
                            ps_span *out) {
    ps_fields f = {iloc, 0};
    const int version = (int)ps_field(&f, 1);
    ps_field(&f, 3);
    const int sizes = (int)ps_field(&f, 2);
    const int offset_size = sizes >> 12, length_size = sizes >> 8 & 15, base_size = sizes >> 4 & 15;
    const int index_size = version == 1 || version == 2 ? sizes & 15 : 0;
    if (version > 2) return 0;
    const uint64_t count = ps_field(&f, version < 2 ? 2 : 4);
    for (uint64_t i = 0; i < count && !f.failed; i++) {
        const uint64_t item = ps_field(&f, version < 2 ? 2 : 4);
        const int method = version == 1 || version == 2 ? (int)ps_field(&f, 2) & 15 : 0;
        const uint64_t reference = ps_field(&f, 2);
        const uint64_t base = ps_field(&f, base_size);
        const uint64_t extents = ps_field(&f, 2);
        uint64_t offset = 0, length = 0;
        for (uint64_t e = 0; e < extents; e++) {
            ps_field(&f, index_size);
            offset = ps_field(&f, offset_size);
            length = ps_field(&f, length_size);
        }
        if (f.failed || item != id) continue;
        if (extents != 1 || reference != 0 || method > 1) return 0;
        const unsigned char *start = method == 0 ? file : idat.at;
        const size_t limit = method == 0 ? file_size : idat.size;
        if (start == NULL || base > limit || offset > limit - base) return 0;
        const uint64_t at = base + offset;
        /* A length of 0 means "to the end" (of the file, or of idat). */
        if (length == 0) length = limit - at;
        if (length > limit - at) return 0;
        *out = (ps_span){start + at, (size_t)length};
        return 1;
    }
    return 0;
}

/* The item type of `id` (iinf entries of version 2 or 3). */
static int ps_item_type(ps_span iinf, uint32_t id, char type[4]) {
    ps_fields f = {iinf, 0};
    const int version = (int)ps_field(&f, 1);
    ps_field(&f, 3);
    ps_field(&f, version == 0 ? 2 : 4);
    if (f.failed) return 0;
    ps_box infe;
    while (ps_next_box(&f.span, &infe)) {
        if (memcmp(infe.type, "infe", 4) != 0) continue;
        ps_fields e = {infe.body, 0};
        const int v = (int)ps_field(&e, 1);
        ps_field(&e, 3);
        if (v < 2) continue;
        const uint64_t item = ps_field(&e, v == 2 ? 2 : 4);
        ps_field(&e, 2);
        if (e.failed || e.span.size < 4 || item != id) continue;
        memcpy(type, e.span.at, 4);
        return 1;
    }
    return 0;
}

/* The items `from` refers to by 'dimg', in order (malloc'd); their count, or 0. */
static int ps_derived_from(ps_span iref, uint32_t from, uint32_t **out) {
    ps_fields f = {iref, 0};
    const int version = (int)ps_field(&f, 1);
    ps_field(&f, 3);
    if (f.failed || version > 1) return 0;
    const int id_size = version == 0 ? 2 : 4;
    ps_box reference;
    while (ps_next_box(&f.span, &reference)) {
        ps_fields r = {reference.body, 0};
        const uint64_t source = ps_field(&r, id_size);
        const int count = (int)ps_field(&r, 2);
        if (r.failed || memcmp(reference.type, "dimg", 4) != 0 || source != from) continue;
        if (count <= 0 || r.span.size < (size_t)count * id_size) return 0;
        *out = malloc(sizeof(uint32_t) * (size_t)count);
        if (*out == NULL) return 0;
        for (int i = 0; i < count; i++) (*out)[i] = (uint32_t)ps_field(&r, id_size);
        return count;
    }
    return 0;
}

/* Item `id`'s properties (1-based indices into ipco, in ipma's order); their count. */
static int ps_item_properties(ps_span ipma, uint32_t id, int *indices, int capacity) {
    ps_fields f = {ipma, 0};
    const int version = (int)ps_field(&f, 1);
    const int flags = (int)ps_field(&f, 3);
    const uint64_t entries = ps_field(&f, 4);
    for (uint64_t i = 0; i < entries && !f.failed; i++) {
        const uint64_t item = ps_field(&f, version < 1 ? 2 : 4);
        const int count = (int)ps_field(&f, 1);
        int found = 0;
        for (int p = 0; p < count; p++) {
            const int index = flags & 1 ? (int)ps_field(&f, 2) & 0x7FFF : (int)ps_field(&f, 1) & 0x7F;
            if (item == id && found < capacity) indices[found++] = index;
        }
        if (item == id && !f.failed) return found;
    }
    return 0;
}

static int ps_property(ps_span ipco, int index, ps_box *out) {
    ps_box box;
    for (int i = 1; ps_next_box(&ipco, &box); i++) {
        if (i == index) {
            *out = box;
            return 1;
        }
    }
    return 0;
}

/* EXIF orientations as where they send the x and y axes: upright = M · stored. */
static const int ps_orientations[8][4] = {
    {1, 0, 0, 1}, {-1, 0, 0, 1}, {-1, 0, 0, -1}, {1, 0, 0, -1},
    {0, 1, 1, 0}, {0, -1, 1, 0}, {0, -1, -1, 0}, {0, 1, -1, 0},
};

/* `orientation` followed by `then`. */
static int ps_compose(int orientation, int then) {
    const int *a = ps_orientations[orientation - 1], *b = ps_orientations[then - 1];
    const int m[4] = {b[0] * a[0] + b[1] * a[2], b[0] * a[1] + b[1] * a[3], b[2] * a[0] + b[3] * a[2],
                      b[2] * a[1] + b[3] * a[3]};
    for (int i = 0; i < 8; i++) if (memcmp(m, ps_orientations[i], sizeof m) == 0) return i + 1;
    return 1;
}

int ps_heif_grid_read(const unsigned char *data, size_t size, uint32_t primary, ps_heif_grid *grid) {
    memset(grid, 0, sizeof *grid);
    grid->orientation = 1;
    ps_span meta, iinf, iloc, iref, iprp, ipco, ipma, idat = {NULL, 0}, grid_data;
    if (!ps_find_box((ps_span){data, size}, "meta", &meta) || meta.size < 4) return 0;
    meta.at += 4, meta.size -= 4; /* a full box */
    char type[4];
    if (!ps_find_box(meta, "iinf", &iinf) || !ps_item_type(iinf, primary, type) || memcmp(type, "grid", 4) != 0)
        return 0;
    if (!ps_find_box(meta, "iloc", &iloc) || !ps_find_box(meta, "iref", &iref) || !ps_find_box(meta, "iprp", &iprp)
        || !ps_find_box(iprp, "ipco", &ipco) || !ps_find_box(iprp, "ipma", &ipma))
        return 0;
    ps_find_box(meta, "idat", &idat);
    if (!ps_item_location(iloc, idat, data, size, primary, &grid_data)) return 0;

    /* The grid's data: version, flags (bit 0: 32-bit sizes), rows − 1, columns − 1, size. */
    ps_fields g = {grid_data, 0};
    const int version = (int)ps_field(&g, 1), flags = (int)ps_field(&g, 1);
    grid->rows = (int)ps_field(&g, 1) + 1;
    grid->columns = (int)ps_field(&g, 1) + 1;
    const uint64_t width = ps_field(&g, flags & 1 ? 4 : 2), height = ps_field(&g, flags & 1 ? 4 : 2);
    if (g.failed || version != 0 || width == 0 || height == 0 || width > 1 << 20 || height > 1 << 20) return 0;
    grid->width = (int)width, grid->height = (int)height;

    /* The grid's own transformations: a crop is left to libheif; turns and mirrors are
       handed on as an orientation, applied in ipma's order. */
    int properties[32];
    const int count = ps_item_properties(ipma, primary, properties, 32);
    for (int i = 0; i < count; i++) {
        ps_box property;
        if (!ps_property(ipco, properties[i], &property)) return 0;
        if (memcmp(property.type, "clap", 4) == 0) return 0;
        if (memcmp(property.type, "irot", 4) == 0 && property.body.size >= 1) {
            static const int turns[4] = {1, 8, 3, 6}; /* anticlockwise quarter turns */
            grid->orientation = ps_compose(grid->orientation, turns[property.body.at[0] & 3]);
        } else if (memcmp(property.type, "imir", 4) == 0 && property.body.size >= 1) {
            /* As libheif 1.15 mirrors (and libvips, through it): axis 0 swaps top and
               bottom, axis 1 left and right. */
            grid->orientation = ps_compose(grid->orientation, property.body.at[0] & 1 ? 2 : 4);
        }
    }

    uint32_t *ids = NULL;
    const int tiles = ps_derived_from(iref, primary, &ids);
    if (tiles == 0 || tiles != grid->rows * grid->columns) {
        free(ids);
        return 0;
    }
    grid->tiles = calloc((size_t)tiles, sizeof *grid->tiles);
    if (grid->tiles == NULL) {
        free(ids);
        return 0;
    }
    for (int t = 0; t < tiles; t++) {
        ps_heif_tile *tile = &grid->tiles[t];
        if (!ps_item_type(iinf, ids[t], type) || memcmp(type, "hvc1", 4) != 0) break;
        ps_span located;
        if (!ps_item_location(iloc, idat, data, size, ids[t], &located)) break;
        tile->data = located.at, tile->size = located.size;
        const int n = ps_item_properties(ipma, ids[t], properties, 32);
        int tile_width = 0, tile_height = 0;
        for (int i = 0; i < n; i++) {
            ps_box property;
            if (!ps_property(ipco, properties[i], &property)) continue;
            if (memcmp(property.type, "hvcC", 4) == 0) {
                tile->hvcc = property.body.at, tile->hvcc_size = property.body.size;
            } else if (memcmp(property.type, "ispe", 4) == 0 && property.body.size >= 12) {
                tile_width = (int)ps_be(property.body.at + 4, 4), tile_height = (int)ps_be(property.body.at + 8, 4);
            } else if (memcmp(property.type, "irot", 4) == 0 || memcmp(property.type, "imir", 4) == 0
                       || memcmp(property.type, "clap", 4) == 0) {
                tile_width = -1; /* tiles turned on their own: left to libheif */
            }
        }
        if (tile->hvcc == NULL || tile->hvcc_size < 23 || tile_width <= 0 || tile_height <= 0 || tile_width > 1 << 16
            || tile_height > 1 << 16)
            break;
        if (t == 0) grid->tile_width = tile_width, grid->tile_height = tile_height;
        if (tile_width != grid->tile_width || tile_height != grid->tile_height) break;
        if (t == tiles - 1) {
            free(ids);
            /* The tiles must cover the picture, and the last row and column reach into it. */
            const long long covered_w = (long long)grid->columns * grid->tile_width;
            const long long covered_h = (long long)grid->rows * grid->tile_height;
            if (covered_w < grid->width || covered_h < grid->height || covered_w - grid->tile_width >= grid->width
                || covered_h - grid->tile_height >= grid->height) {
                ps_heif_grid_free(grid);
                return 0;
            }
            return 1;
        }
    }
    free(ids);
    ps_heif_grid_free(grid);
    return 0;
}

void ps_heif_grid_free(ps_heif_grid *grid) {
    free(grid->tiles);
    grid->tiles = NULL;
}
