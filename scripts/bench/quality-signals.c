/* The test signals of scripts/bench-quality, and the SNR it reports.
 *
 *   quality-signals make DIR      writes DIR/<name>.wav: 16-bit mono 44.1 kHz, deterministic
 *   quality-signals long DIR SEC  writes DIR/<name>.wav: the same kinds and a few more (white
 *                                 noise, a pure tone, a square wave, digital silence) as SEC
 *                                 seconds of 16-bit stereo 44.1 kHz, the right channel the left
 *                                 a third of the way on, so the channels differ at every moment
 *   quality-signals snr REF TEST  SNR in dB of TEST against REF (raw s16le; the first
 *                                 min(len) samples; TEST may carry padding past the end)
 *
 * Plain C and libm so the benchmark needs nothing beyond a compiler and ffmpeg.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RATE 44100

static uint32_t seed = 12345;
static double noise(void) { /* uniform in [-1, 1), reproducible everywhere */
    seed = seed * 1664525u + 1013904223u;
    return (double)(seed >> 8) / (double)(1u << 23) - 1.0;
}

static void put16(FILE *f, uint16_t v) { fputc(v & 0xFF, f); fputc(v >> 8, f); }
static void put32(FILE *f, uint32_t v) { put16(f, v & 0xFFFF); put16(f, v >> 16); }

static void put_sample(FILE *f, double x) {
    double v = round(x * 32767.0);
    if (v > 32767) v = 32767;
    if (v < -32768) v = -32768;
    put16(f, (uint16_t)(int16_t)v);
}

/* channels 1: x as is; 2: x on the left, x from a third of the way on (wrapping) on the right. */
static void write_wav_channels(const char *dir, const char *name, const double *x, int n, int channels) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.wav", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) { perror(path); exit(1); }
    int bytes = 2 * n * channels;
    fwrite("RIFF", 1, 4, f); put32(f, 36 + bytes); fwrite("WAVEfmt ", 1, 8, f);
    put32(f, 16); put16(f, 1); put16(f, channels); put32(f, RATE); put32(f, RATE * channels * 2); put16(f, 2 * channels); put16(f, 16);
    fwrite("data", 1, 4, f); put32(f, bytes);
    for (int i = 0; i < n; i++) {
        put_sample(f, x[i]);
        if (channels == 2) put_sample(f, x[(i + n / 3) % n]);
    }
    fclose(f);
}

static void write_wav(const char *dir, const char *name, const double *x, int n) { write_wav_channels(dir, name, x, n, 1); }

/* Karplus-Strong strings: a G major chord, plucked a little apart. */
static void plucked(double *x, int n) {
    const double freqs[] = {98.0, 123.47, 146.83, 196.0, 246.94, 392.0};
    memset(x, 0, n * sizeof *x);
    for (int s = 0; s < 6; s++) {
        int period = (int)(RATE / freqs[s]), start = s * RATE / 20;
        double *line = calloc(period, sizeof *line);
        for (int i = 0; i < period; i++) line[i] = noise();
        for (int i = start, k = 0; i < n; i++, k++) {
            int a = k % period, b = (k + 1) % period;
            double out = line[a];
            line[a] = 0.996 * 0.5 * (line[a] + line[b]);
            x[i] += 0.3 * out;
        }
        free(line);
    }
}

/* Vowel-like bursts: a 120 Hz pulse train through three formant resonators, syllables of 180 ms. */
static void speech(double *x, int n) {
    const double formants[][3] = {{730, 1090, 2440}, {270, 2290, 3010}, {530, 1840, 2480}, {570, 840, 2410}};
    double y[3][2] = {{0}};
    for (int i = 0; i < n; i++) {
        int syllable = i / (RATE * 18 / 100), pos = i % (RATE * 18 / 100);
        double envelope = pos < RATE * 14 / 100 ? sin(M_PI * pos / (RATE * 14.0 / 100)) : 0;
        double f0 = 120 + 15 * sin(2 * M_PI * 3 * i / RATE);
        double phase = fmod(i * f0 / RATE, 1.0);
        double excitation = (phase < f0 / RATE ? 1.0 : 0.0) + 0.02 * noise();
        double sum = 0;
        for (int k = 0; k < 3; k++) {
            double f = formants[syllable % 4][k], r = 0.97;
            double a1 = 2 * r * cos(2 * M_PI * f / RATE), a2 = -r * r;
            double v = excitation + a1 * y[k][0] + a2 * y[k][1];
            y[k][1] = y[k][0];
            y[k][0] = v;
            sum += v / (k + 1);
        }
        x[i] = 0.03 * envelope * sum;
    }
}

/* A logarithmic sweep from 100 Hz to 16 kHz. */
static void chirp(double *x, int n) {
    double t1 = (double)n / RATE, k = log(16000.0 / 100.0);
    for (int i = 0; i < n; i++) {
        double t = (double)i / RATE;
        x[i] = 0.5 * sin(2 * M_PI * 100 * t1 / k * (exp(k * t / t1) - 1));
    }
}

/* Pink noise (Paul Kellet's filter). */
static void pink(double *x, int n) {
    double b0 = 0, b1 = 0, b2 = 0, b3 = 0, b4 = 0, b5 = 0, b6 = 0;
    for (int i = 0; i < n; i++) {
        double w = noise();
        b0 = 0.99886 * b0 + w * 0.0555179; b1 = 0.99332 * b1 + w * 0.0750759;
        b2 = 0.96900 * b2 + w * 0.1538520; b3 = 0.86650 * b3 + w * 0.3104856;
        b4 = 0.55000 * b4 + w * 0.5329522; b5 = -0.7616 * b5 - w * 0.0168980;
        x[i] = 0.05 * (b0 + b1 + b2 + b3 + b4 + b5 + b6 + w * 0.5362);
        b6 = w * 0.115926;
    }
}

/* A struck bell: inharmonic partials, each decaying at its own rate, struck twice. */
static void bell(double *x, int n) {
    const double ratio[] = {0.5, 1.0, 1.183, 1.506, 2.0, 2.514, 2.662, 3.011};
    const double decay[] = {0.8, 1.5, 2.0, 2.5, 3.2, 4.0, 4.5, 5.5};
    memset(x, 0, n * sizeof *x);
    for (int strike = 0; strike < 2; strike++) {
        int start = strike * n / 2;
        for (int p = 0; p < 8; p++)
            for (int i = start; i < n; i++) {
                double t = (double)(i - start) / RATE;
                x[i] += 0.1 * exp(-decay[p] * t) * sin(2 * M_PI * 880 * ratio[p] * t);
            }
    }
}

/* Near-silence (a faint hum and hiss) with sharp clicks every 250 ms. */
static void clicks(double *x, int n) {
    for (int i = 0; i < n; i++) {
        x[i] = 0.0005 * sin(2 * M_PI * 50 * i / RATE) + 0.0002 * noise();
        int pos = i % (RATE / 4);
        if (pos < 40) x[i] += 0.7 * exp(-pos / 6.0) * cos(2 * M_PI * 3000.0 * pos / RATE);
    }
}

/* Full-scale white noise: every packet is hard for IMA4. */
static void white(double *x, int n) { for (int i = 0; i < n; i++) x[i] = 0.9 * noise(); }

/* A 1 kHz tone. */
static void tone(double *x, int n) { for (int i = 0; i < n; i++) x[i] = 0.5 * sin(2 * M_PI * 1000.0 * i / RATE); }

/* A 440 Hz square wave: an edge every 50 samples. */
static void square(double *x, int n) { for (int i = 0; i < n; i++) x[i] = fmod(i * 440.0 / RATE, 1.0) < 0.5 ? 0.4 : -0.4; }

static void silence(double *x, int n) { memset(x, 0, n * sizeof *x); }

static double snr(const char *ref, const char *test) {
    FILE *a = fopen(ref, "rb"), *b = fopen(test, "rb");
    if (!a || !b) { perror(!a ? ref : test); exit(1); }
    double signal = 0, error = 0;
    unsigned char p[2], q[2];
    while (fread(p, 1, 2, a) == 2 && fread(q, 1, 2, b) == 2) {
        double s = (int16_t)(p[0] | p[1] << 8), t = (int16_t)(q[0] | q[1] << 8);
        signal += s * s;
        error += (s - t) * (s - t);
    }
    fclose(a);
    fclose(b);
    return error > 0 ? 10 * log10(signal / error) : INFINITY;
}

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "make")) {
        int n = 4 * RATE;
        double *x = malloc(n * sizeof *x);
        plucked(x, n); write_wav(argv[2], "plucked-chord", x, n);
        speech(x, n); write_wav(argv[2], "formant-bursts", x, n);
        chirp(x, n); write_wav(argv[2], "chirp-100-16k", x, n);
        pink(x, n); write_wav(argv[2], "pink-noise", x, n);
        bell(x, n); write_wav(argv[2], "bell", x, n);
        clicks(x, n); write_wav(argv[2], "silence-clicks", x, n);
        free(x);
        return 0;
    }
    if (argc == 4 && !strcmp(argv[1], "long")) {
        int n = atoi(argv[3]) * RATE;
        if (n <= 0) { fprintf(stderr, "quality-signals: SEC must be a positive number of seconds\n"); return 2; }
        double *x = malloc(n * sizeof *x);
        static const struct { const char *name; void (*make)(double *, int); } kinds[] = {
            {"plucked-chord", plucked}, {"formant-bursts", speech}, {"chirp-100-16k", chirp}, {"pink-noise", pink},
            {"bell", bell}, {"silence-clicks", clicks}, {"white-noise", white}, {"tone-1k", tone}, {"square-440", square},
            {"digital-silence", silence},
        };
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            kinds[k].make(x, n);
            write_wav_channels(argv[2], kinds[k].name, x, n, 2);
        }
        free(x);
        return 0;
    }
    if (argc == 4 && !strcmp(argv[1], "snr")) {
        printf("%.2f\n", snr(argv[2], argv[3]));
        return 0;
    }
    fprintf(stderr, "usage: quality-signals make DIR | long DIR SECONDS | snr REF.raw TEST.raw\n");
    return 2;
}
