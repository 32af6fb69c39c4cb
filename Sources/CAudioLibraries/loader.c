#include "audio_libraries.h"
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

// Where each library's runtime file is looked for, in order: the dynamic loader's own search
// (LD_LIBRARY_PATH, ld.so.cache; DYLD paths on macOS), then Homebrew's and MacPorts' prefixes,
// which a Mac's loader does not search by default.
#if defined(__APPLE__)
static const char *const sndfile_names[] = {
    "libsndfile.1.dylib", "/opt/homebrew/lib/libsndfile.1.dylib", "/usr/local/lib/libsndfile.1.dylib",
    "/opt/local/lib/libsndfile.1.dylib", NULL};
static const char *const samplerate_names[] = {
    "libsamplerate.0.dylib", "/opt/homebrew/lib/libsamplerate.0.dylib", "/usr/local/lib/libsamplerate.0.dylib",
    "/opt/local/lib/libsamplerate.0.dylib", NULL};
#else
static const char *const sndfile_names[] = {"libsndfile.so.1", "libsndfile.so", NULL};
static const char *const samplerate_names[] = {"libsamplerate.so.0", "libsamplerate.so", NULL};
#endif

// The entry points, in the order of the fields of as_sndfile_api and as_samplerate_api (both
// are structs of function pointers only, so they are filled as arrays of slots).
static const char *const sndfile_symbols[] = {"sf_open", "sf_close", "sf_strerror", "sf_command", "sf_readf_double",
                                              "sf_writef_double", "sf_open_fd"};
static const char *const samplerate_symbols[] = {"src_new", "src_delete", "src_process", "src_strerror", "src_is_valid_ratio"};

// Opens the first library found and resolves every symbol into a new table of `size` bytes;
// NULL when the library is missing or lacks one of them. The handle is never closed: the entry
// points stay in use until the process ends.
static void *load(const char *variable, const char *const *names, const char *const *symbols, size_t count, size_t size) {
    void *handle = NULL;
    const char *chosen = getenv(variable);
    if (chosen) {
        if (*chosen) handle = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
    } else {
        for (const char *const *name = names; *name && !handle; name++) handle = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
    }
    if (!handle || size != count * sizeof(void *)) return NULL;
    void **slots = calloc(count, sizeof(void *));
    if (!slots) return NULL;
    for (size_t i = 0; i < count; i++) {
        slots[i] = dlsym(handle, symbols[i]);
        if (!slots[i]) {
            free(slots);
            return NULL;
        }
    }
    return slots;
}

const as_sndfile_api *as_load_sndfile(void) {
    return load("ALERTSOUND_LIBSNDFILE", sndfile_names, sndfile_symbols, sizeof sndfile_symbols / sizeof *sndfile_symbols,
                sizeof(as_sndfile_api));
}

const as_samplerate_api *as_load_samplerate(void) {
    return load("ALERTSOUND_LIBSAMPLERATE", samplerate_names, samplerate_symbols,
                sizeof samplerate_symbols / sizeof *samplerate_symbols, sizeof(as_samplerate_api));
}
