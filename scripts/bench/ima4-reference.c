/* The C reference for scripts/bench-convert: Apple's IMA4 encoder, greedy, written plainly.
 * Reads interleaved signed 16-bit little-endian samples on stdin, writes IMA4 packets (34 bytes
 * per channel, channels interleaved by packet) on stdout, padded as afconvert pads: the last
 * packet with silence, and one whole packet more when the length is a multiple of 64.
 * usage: ima4-reference CHANNELS < in.s16le > out.ima4   (cc -O2 -o ima4-reference ima4-reference.c) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int32_t steps[89] = {
    7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60, 66, 73, 80, 88, 97, 107, 118,
    130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371, 408, 449, 494, 544, 598, 658, 724, 796, 876, 963, 1060,
    1166, 1282, 1411, 1552, 1707, 1878, 2066, 2272, 2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894, 6484,
    7132, 7845, 8630, 9493, 10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623, 27086, 29794, 32767};
static const int32_t adjust[8] = {-1, -1, -1, -1, 2, 4, 6, 8};

static uint8_t code_of(int16_t sample, int32_t *predictor, int32_t *index) {
    int32_t step = steps[*index], diff = sample - *predictor, delta = step >> 3;
    uint8_t code = 0;
    if (diff < 0) { code = 8; diff = -diff; }
    if (diff >= step) { code |= 4; diff -= step; delta += step; }
    if (diff >= step >> 1) { code |= 2; diff -= step >> 1; delta += step >> 1; }
    if (diff >= step >> 2) { code |= 1; delta += step >> 2; }
    *predictor = code & 8 ? *predictor - delta : *predictor + delta;
    if (*predictor < -32768) *predictor = -32768;
    if (*predictor > 32767) *predictor = 32767;
    *index += adjust[code & 7];
    if (*index < 0) *index = 0;
    if (*index > 88) *index = 88;
    return code;
}

int main(int argc, char **argv) {
    int channels = argc > 1 ? atoi(argv[1]) : 0;
    if (channels < 1 || channels > 2) { fprintf(stderr, "usage: ima4-reference 1|2 < s16le > ima4\n"); return 64; }
    int32_t predictor[2] = {0, 0}, index[2] = {0, 0};
    int16_t frames[64 * 2];
    uint8_t packet[34];
    for (;;) {
        size_t got = fread(frames, 2 * channels, 64, stdin);
        memset(frames + got * channels, 0, (64 - got) * 2 * channels);
        for (int c = 0; c < channels; c++) {
            uint16_t preamble = (uint16_t)((predictor[c] & 0xFF80) | index[c]);
            packet[0] = preamble >> 8;
            packet[1] = preamble & 0xFF;
            for (int i = 0; i < 32; i++) {
                uint8_t low = code_of(frames[(2 * i) * channels + c], &predictor[c], &index[c]);
                uint8_t high = code_of(frames[(2 * i + 1) * channels + c], &predictor[c], &index[c]);
                packet[2 + i] = low | high << 4;
            }
            fwrite(packet, 1, 34, stdout);
        }
        if (got < 64) break;
    }
    return 0;
}
