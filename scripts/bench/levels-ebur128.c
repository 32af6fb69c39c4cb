/* The libebur128 side of scripts/bench-levels: for each 16-bit WAV named, prints
 *   NAME integrated-LUFS true-peak-dBTP
 * measured by libebur128 (the library loudness tools use), so alertsound's figures can be set
 * beside it. Build: cc -O2 levels-ebur128.c -lebur128 -lm */
#include <ebur128.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t le32(const unsigned char *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

int main(int argc, char **argv) {
    for (int a = 1; a < argc; a++) {
        FILE *f = fopen(argv[a], "rb");
        if (!f) { perror(argv[a]); return 1; }
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        rewind(f);
        unsigned char *raw = malloc(size);
        if (fread(raw, 1, size, f) != (size_t)size) { fclose(f); return 1; }
        fclose(f);
        unsigned channels = 0, rate = 0;
        const unsigned char *data = NULL;
        uint32_t bytes = 0;
        for (long at = 12; at + 8 <= size;) {
            uint32_t n = le32(raw + at + 4);
            if (!memcmp(raw + at, "fmt ", 4)) { channels = raw[at + 10] | raw[at + 11] << 8; rate = le32(raw + at + 12); }
            if (!memcmp(raw + at, "data", 4)) { data = raw + at + 8; bytes = n; }
            at += 8 + n + (n & 1);
        }
        if (!channels || !data) { fprintf(stderr, "%s: not a 16-bit WAV\n", argv[a]); return 1; }
        ebur128_state *st = ebur128_init(channels, rate, EBUR128_MODE_I | EBUR128_MODE_TRUE_PEAK);
        ebur128_add_frames_short(st, (const short *)data, bytes / (2 * channels));
        double loudness, peak = 0, p;
        ebur128_loudness_global(st, &loudness);
        for (unsigned c = 0; c < channels; c++) { ebur128_true_peak(st, c, &p); if (p > peak) peak = p; }
        const char *name = strrchr(argv[a], '/');
        printf("%s %.4f %.4f\n", name ? name + 1 : argv[a], loudness, peak > 0 ? 20 * log10(peak) : -INFINITY);
        ebur128_destroy(&st);
        free(raw);
    }
    return 0;
}
