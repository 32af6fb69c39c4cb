// libsndfile and libsamplerate, loaded with dlopen on first use rather than linked: the binary then
// starts where neither is installed (only the fallback decoder and the medium/best resamplers need
// them), and the build needs neither their headers nor pkg-config. The declarations below are the
// libraries' public ABI, unchanged since libsndfile 1.0 and libsamplerate 0.1 (their headers promise it).
#ifndef ALERTSOUND_AUDIO_LIBRARIES_H
#define ALERTSOUND_AUDIO_LIBRARIES_H
#include <stdint.h>

#pragma clang assume_nonnull begin

typedef int64_t as_sf_count_t;
typedef struct as_sndfile as_sndfile;

typedef struct {
    as_sf_count_t frames;
    int samplerate;
    int channels;
    int format;
    int sections;
    int seekable;
} as_sf_info;

typedef struct {
    int format;
    const char *_Nullable name;
    const char *_Nullable extension;
} as_sf_format_info;

enum {
    AS_SFM_READ = 0x10,
    AS_SFM_WRITE = 0x20,
    AS_SFC_GET_FORMAT_INFO = 0x1028,
    AS_SF_FORMAT_SUBMASK = 0x0000FFFF,
    AS_SF_FORMAT_PCM_16 = 0x0002,
    AS_SF_FORMAT_FLAC = 0x170000,
    AS_SF_FORMAT_MPEG = 0x230000,
    AS_SF_FORMAT_MPEG_LAYER_III = 0x0082,
    AS_SF_FORMAT_OGG = 0x200000,
    AS_SF_FORMAT_VORBIS = 0x0060,
    AS_SFC_SET_VBR_ENCODING_QUALITY = 0x1300,
};

/// libsndfile's entry points alertsound calls.
typedef struct {
    as_sndfile *_Nullable (*_Nonnull open)(const char *path, int mode, as_sf_info *info);
    int (*_Nonnull close)(as_sndfile *file);
    const char *_Nonnull (*_Nonnull strerror)(as_sndfile *_Nullable file);
    int (*_Nonnull command)(as_sndfile *file, int command, void *data, int size);
    as_sf_count_t (*_Nonnull readf_double)(as_sndfile *file, double *_Nullable frames, as_sf_count_t count);
    as_sf_count_t (*_Nonnull writef_double)(as_sndfile *file, const double *_Nullable frames, as_sf_count_t count);
    as_sndfile *_Nullable (*_Nonnull open_fd)(int fd, int mode, as_sf_info *info, int close_desc);
} as_sndfile_api;

typedef struct as_src_state as_src_state;

typedef struct {
    const float *_Nullable data_in;
    float *_Nullable data_out;
    long input_frames, output_frames;
    long input_frames_used, output_frames_gen;
    int end_of_input;
    double src_ratio;
} as_src_data;

enum {
    AS_SRC_SINC_BEST_QUALITY = 0,
    AS_SRC_SINC_MEDIUM_QUALITY = 1,
    AS_SRC_SINC_FASTEST = 2,
};

/// libsamplerate's entry points alertsound calls.
typedef struct {
    as_src_state *_Nullable (*_Nonnull create)(int converter, int channels, int *error);
    as_src_state *_Nullable (*_Nonnull destroy)(as_src_state *state);
    int (*_Nonnull process)(as_src_state *state, as_src_data *data);
    const char *_Nonnull (*_Nonnull strerror)(int error);
    int (*_Nonnull is_valid_ratio)(double ratio);
} as_samplerate_api;

/// Loads the library and returns its entry points, or NULL when it is not installed (or lacks one
/// of them). `ALERTSOUND_LIBSNDFILE` / `ALERTSOUND_LIBSAMPLERATE` name a library file to load
/// instead of the usual places; set empty, they make the library count as missing (for tests).
/// Each call loads again: callers keep the result.
const as_sndfile_api *_Nullable as_load_sndfile(void);
const as_samplerate_api *_Nullable as_load_samplerate(void);

#pragma clang assume_nonnull end

#endif
