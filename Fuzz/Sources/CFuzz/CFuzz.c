#include "CFuzz.h"

// libFuzzer's entry for programs with a main of their own (compiler-rt, LLVM 11 and later).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test)(const uint8_t *data, size_t size));

int proofsheet_fuzz(int argc, char **argv, int (*test)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(&argc, &argv, test);
}
