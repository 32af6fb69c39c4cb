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

static void *open_library(const char *variable, const char *const *names) {
    const char *chosen = getenv(variable);
    if (chosen) return *chosen ? dlopen(chosen, RTLD_NOW | RTLD_LOCAL) : NULL;
    for (const char *const *name = names; *name; name++) {
        void *handle = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
        if (handle) return handle;
    }
    return NULL;
}

// The handles are never closed: the entry points stay in use until the process ends.
const as_sndfile_api *as_load_sndfile(void) {
    void *handle = open_library("ALERTSOUND_LIBSNDFILE", sndfile_names);
    if (!handle) return NULL;
    as_sndfile_api *api = calloc(1, sizeof *api);
    if (!api) return NULL;
    *(void **)&api->open = dlsym(handle, "sf_open");
    *(void **)&api->close = dlsym(handle, "sf_close");
    *(void **)&api->strerror = dlsym(handle, "sf_strerror");
    *(void **)&api->command = dlsym(handle, "sf_command");
    *(void **)&api->readf_double = dlsym(handle, "sf_readf_double");
    *(void **)&api->writef_double = dlsym(handle, "sf_writef_double");
    if (!api->open || !api->close || !api->strerror || !api->command || !api->readf_double || !api->writef_double) {
        free(api);
        return NULL;
    }
    return api;
}

const as_samplerate_api *as_load_samplerate(void) {
    void *handle = open_library("ALERTSOUND_LIBSAMPLERATE", samplerate_names);
    if (!handle) return NULL;
    as_samplerate_api *api = calloc(1, sizeof *api);
    if (!api) return NULL;
    *(void **)&api->create = dlsym(handle, "src_new");
    *(void **)&api->destroy = dlsym(handle, "src_delete");
    *(void **)&api->process = dlsym(handle, "src_process");
    *(void **)&api->strerror = dlsym(handle, "src_strerror");
    *(void **)&api->is_valid_ratio = dlsym(handle, "src_is_valid_ratio");
    if (!api->create || !api->destroy || !api->process || !api->strerror || !api->is_valid_ratio) {
        free(api);
        return NULL;
    }
    return api;
}
