#ifndef PROOFSHEET_CFUZZ_H
#define PROOFSHEET_CFUZZ_H
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver on `test`. SwiftPM renames an executable's entry point to
/// MODULE_main and points `main` at it, so libFuzzer's own main is never linked: each
/// harness's MODULE_main calls this instead.
int proofsheet_fuzz(int argc, char **argv, int (*test)(const uint8_t *data, size_t size));

#endif
