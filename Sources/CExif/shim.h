#ifndef PROOFSHEET_CEXIF_SHIM_H
#define PROOFSHEET_CEXIF_SHIM_H

#include <libexif/exif-data.h>
#include <libexif/exif-entry.h>
#include <libexif/exif-content.h>
#include <libexif/exif-tag.h>
#include <libexif/exif-utils.h>
#include <libexif/exif-mem.h>
#include <libexif/exif-loader.h>
#include <libexif/exif-log.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* exif_data_get_entry is a macro; Swift needs a function. */
static inline ExifEntry *ps_exif_get_entry(ExifData *data, ExifIfd ifd, ExifTag tag) {
    if (data == NULL || ifd < 0 || ifd >= EXIF_IFD_COUNT) return NULL;
    return exif_content_get_entry(data->ifd[ifd], tag);
}

/* How many entries all IFDs hold together. */
static inline unsigned int ps_exif_entry_count(ExifData *data) {
    unsigned int total = 0;
    for (int i = 0; i < EXIF_IFD_COUNT; i++) if (data->ifd[i]) total += data->ifd[i]->count;
    return total;
}

/* Adds an entry with raw data (copied) to an IFD; returns 0 on success. */
static inline int ps_exif_add_entry(ExifData *data, ExifIfd ifd, ExifTag tag, ExifFormat format,
                                    unsigned long components, const void *bytes, unsigned int size) {
    ExifMem *mem = exif_mem_new_default();
    if (mem == NULL) return -1;
    ExifEntry *entry = exif_entry_new_mem(mem);
    if (entry == NULL) { exif_mem_unref(mem); return -1; }
    void *copy = exif_mem_alloc(mem, size);
    if (copy == NULL) { exif_entry_unref(entry); exif_mem_unref(mem); return -1; }
    memcpy(copy, bytes, size);
    entry->data = copy;
    entry->size = size;
    entry->tag = tag;
    entry->components = components;
    entry->format = format;
    exif_content_add_entry(data->ifd[ifd], entry);
    exif_entry_unref(entry);
    exif_mem_unref(mem);
    return 0;
}

/* Records whether libexif complained about corrupt data while loading. */
static void ps_exif_log_corrupt(ExifLog *log, ExifLogCode code, const char *domain,
                                const char *format, va_list args, void *data) {
    (void)log; (void)domain; (void)format; (void)args;
    if (code == EXIF_LOG_CODE_CORRUPT_DATA) *(int *)data = 1;
}

/*
 * Parses EXIF from a JPEG (or a raw "Exif\0\0" block). *corrupt is set when libexif
 * found damaged data; whatever could be read is still returned.
 */
static inline ExifData *ps_exif_load(const unsigned char *bytes, unsigned int size, int *corrupt) {
    *corrupt = 0;
    ExifData *data = exif_data_new();
    if (data == NULL) return NULL;
    ExifLog *log = exif_log_new();
    if (log != NULL) {
        exif_log_set_func(log, ps_exif_log_corrupt, corrupt);
        exif_data_log(data, log);
    }
    exif_data_load_data(data, bytes, size);
    if (log != NULL) {
        exif_data_log(data, NULL);
        exif_log_unref(log);
    }
    return data;
}

#endif
