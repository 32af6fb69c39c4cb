/* The floor for `alertsound validate-bundle X.ipa` (scripts/bench-bundle): read the zip's central
 * directory, and for every entry named like a sound, read its local header and inflate its first
 * 4 KiB with zlib. What any header-only reader of an .ipa must at least do; nothing more. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

static uint32_t u32(const unsigned char *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static uint16_t u16(const unsigned char *p) { return p[0] | p[1] << 8; }

static int sound_name(const char *name, size_t len) {
    static const char *exts[] = {"caf", "aif", "aiff", "aifc", "wav", "wave", "mp3", "m4a", "m4r", "aac", "flac", "ogg", "oga",
                                 "opus", "mp4", "au", "snd", "amr"};
    const char *dot = NULL;
    for (size_t i = 0; i < len; i++) if (name[i] == '.') dot = name + i; else if (name[i] == '/') dot = NULL;
    if (!dot) return 0;
    size_t n = name + len - dot - 1;
    for (size_t i = 0; i < sizeof exts / sizeof *exts; i++)
        if (strlen(exts[i]) == n && !strncasecmp(dot + 1, exts[i], n)) return 1;
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: ipa-floor FILE.ipa\n"); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    long tail = size < 65557 ? size : 65557;
    unsigned char *end = malloc(tail);
    fseek(f, size - tail, SEEK_SET);
    if (fread(end, 1, tail, f) != (size_t)tail) return 1;
    long eocd = -1;
    for (long i = tail - 22; i >= 0; i--) if (u32(end + i) == 0x06054b50) { eocd = i; break; }
    if (eocd < 0) { fprintf(stderr, "no end of central directory\n"); return 1; }
    uint32_t cd_size = u32(end + eocd + 12), cd_offset = u32(end + eocd + 16);
    unsigned char *cd = malloc(cd_size);
    fseek(f, cd_offset, SEEK_SET);
    if (fread(cd, 1, cd_size, f) != cd_size) return 1;
    unsigned char local[30], in[4096], out[4096];
    long sounds = 0, bytes = 0;
    for (uint32_t at = 0; at + 46 <= cd_size && u32(cd + at) == 0x02014b50;) {
        uint16_t method = u16(cd + at + 10), name_len = u16(cd + at + 28), extra = u16(cd + at + 30), comment = u16(cd + at + 32);
        uint32_t compressed = u32(cd + at + 20), offset = u32(cd + at + 42);
        if (sound_name((const char *)cd + at + 46, name_len)) {
            fseek(f, offset, SEEK_SET);
            if (fread(local, 1, 30, f) != 30) return 1;
            fseek(f, offset + 30 + u16(local + 26) + u16(local + 28), SEEK_SET);
            size_t want = compressed < sizeof in ? compressed : sizeof in;
            size_t got = fread(in, 1, want, f);
            if (method == 8) {
                z_stream z = {0};
                inflateInit2(&z, -15);
                z.next_in = in; z.avail_in = got; z.next_out = out; z.avail_out = sizeof out;
                inflate(&z, Z_SYNC_FLUSH);
                bytes += sizeof out - z.avail_out;
                inflateEnd(&z);
            } else {
                bytes += got;
            }
            sounds++;
        }
        at += 46 + name_len + extra + comment;
    }
    printf("%ld sounds, %ld header bytes\n", sounds, bytes);
    return 0;
}
