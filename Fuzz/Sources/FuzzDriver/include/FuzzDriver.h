#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs that keep their own main (SwiftPM renames an
/// executable's main, so libFuzzer's own cannot be used).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
