/*
 * gen_sounds.c - synthesises the game's sound effects as WAV files.
 *
 * Usage: gomoku-gen-sounds OUTDIR
 * Writes stone1.wav..stone3.wav, win.wav, lose.wav and error.wav (16-bit PCM,
 * mono, 44.1 kHz) into OUTDIR.  Output is deterministic: the noise comes
 * from a seeded generator and nothing reads the clock, so the committed
 * assets/sounds/ can be checked by regenerating them.
 *
 * Only libc and libm: a stone on wood is a few milliseconds of bright noise
 * (the stone's edge meeting the board) exciting a handful of damped modes
 * (the board's body and the stone's own ring); a chime is a few bell-like
 * partials with slow exponential decay.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RATE 44100
#define PI   3.14159265358979323846

/* Deterministic noise (xorshift32): the same files on every machine. */
typedef struct Rng {
    uint32_t s;
} Rng;

static double rng_uniform(Rng *r)
{
    r->s ^= r->s << 13;
    r->s ^= r->s >> 17;
    r->s ^= r->s << 5;
    return (double)r->s / 4294967295.0 * 2.0 - 1.0;
}

typedef struct Buffer {
    double *x;
    int n;
} Buffer;

static int buffer_init(Buffer *b, double seconds)
{
    b->n = (int)(seconds * RATE);
    b->x = calloc((size_t)b->n, sizeof *b->x);
    return b->x != NULL ? 0 : -1;
}

/* Adds a damped sinusoid: frequency hz, amplitude amp, decay time
 * constant tau (s), starting at t0 (s), with an attack ramp of att (s)
 * so the onset has no step. */
static void add_mode(Buffer *b, double hz, double amp, double tau, double t0, double att)
{
    int start = (int)(t0 * RATE);
    for (int i = start; i < b->n; i++) {
        double t = (double)(i - start) / RATE;
        double env = amp * exp(-t / tau);
        if (env < 1e-6 * amp && t > att) {
            break;
        }
        if (t < att) {
            env *= sin(0.5 * PI * t / att);
        }
        b->x[i] += env * sin(2.0 * PI * hz * t);
    }
}

/* Scales b so its largest magnitude is peak and fades the last fade
 * seconds out, so no file ends on a non-zero sample. */
static void finish(Buffer *b, double peak, double fade)
{
    double m = 0.0;
    for (int i = 0; i < b->n; i++) {
        m = fmax(m, fabs(b->x[i]));
    }
    double g = m > 0.0 ? peak / m : 0.0;
    int nf = (int)(fade * RATE);
    for (int i = 0; i < b->n; i++) {
        double f = 1.0;
        int left = b->n - 1 - i;
        if (left < nf) {
            f = 0.5 - 0.5 * cos(PI * (double)left / (double)nf);
        }
        b->x[i] *= g * f;
    }
}

static void put_u32(FILE *f, uint32_t v)
{
    unsigned char b[4] = {(unsigned char)(v & 0xFF), (unsigned char)((v >> 8) & 0xFF),
                          (unsigned char)((v >> 16) & 0xFF), (unsigned char)((v >> 24) & 0xFF)};
    fwrite(b, 1, 4, f);
}

static void put_u16(FILE *f, unsigned v)
{
    unsigned char b[2] = {(unsigned char)(v & 0xFF), (unsigned char)((v >> 8) & 0xFF)};
    fwrite(b, 1, 2, f);
}

/* Writes b as a 16-bit mono PCM WAV (little-endian whatever the host). */
static int write_wav(const char *dir, const char *name, const Buffer *b)
{
    char path[4096];
    int len = snprintf(path, sizeof path, "%s/%s", dir, name);
    if (len < 0 || (size_t)len >= sizeof path) {
        fprintf(stderr, "gomoku-gen-sounds: path too long: %s/%s\n", dir, name);
        return -1;
    }
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        perror(path);
        return -1;
    }
    uint32_t data = (uint32_t)b->n * 2u;
    fwrite("RIFF", 1, 4, f);
    put_u32(f, 36u + data);
    fwrite("WAVEfmt ", 1, 8, f);
    put_u32(f, 16); /* fmt chunk size */
    put_u16(f, 1);  /* PCM */
    put_u16(f, 1);  /* mono */
    put_u32(f, RATE);
    put_u32(f, RATE * 2u); /* bytes per second */
    put_u16(f, 2);         /* block align */
    put_u16(f, 16);        /* bits per sample */
    fwrite("data", 1, 4, f);
    put_u32(f, data);
    for (int i = 0; i < b->n; i++) {
        double v = b->x[i] * 32767.0;
        v = v > 32767.0 ? 32767.0 : (v < -32768.0 ? -32768.0 : v);
        long s = lround(v);
        put_u16(f, (unsigned)(s & 0xFFFF));
    }
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        fprintf(stderr, "gomoku-gen-sounds: cannot write %s\n", path);
        return -1;
    }
    printf("wrote %s (%d samples)\n", path, b->n);
    return 0;
}

/* One stone on a wooden board.  variant shifts the modes a little (no two
 * stones land alike) and picks its own noise. */
static int make_stone(const char *dir, const char *name, int variant)
{
    static const double scale[3] = {1.0, 1.035, 0.965};
    static const double bright[3] = {1.0, 0.85, 1.15};
    Buffer b;
    if (buffer_init(&b, 0.120) != 0) {
        return -1;
    }
    double s = scale[variant % 3];
    Rng rng = {0x9E3779B9u ^ (uint32_t)(variant * 7919 + 1)};

    /* The impact: ~3 ms of noise, differenced so it is bright ("tick"),
     * with a fast exponential envelope. */
    double prev = 0.0;
    int burst = (int)(0.004 * RATE);
    for (int i = 0; i < burst; i++) {
        double t = (double)i / RATE;
        double n = rng_uniform(&rng);
        double hp = n - 0.6 * prev;
        prev = n;
        double att = i < 8 ? (double)i / 8.0 : 1.0;
        b.x[i] += 0.55 * bright[variant % 3] * att * exp(-t / 0.0009) * hp;
    }

    /* The stone's ring: hard, high, gone in a few milliseconds. */
    add_mode(&b, 3150.0 * s, 0.30 * bright[variant % 3], 0.0045, 0.0, 0.0002);
    add_mode(&b, 4720.0 * s, 0.18 * bright[variant % 3], 0.0030, 0.0, 0.0002);
    add_mode(&b, 2240.0 * s, 0.28, 0.0070, 0.0, 0.0002);
    /* The board's body: warm, a little longer. */
    add_mode(&b, 1180.0 * s, 0.32, 0.0120, 0.0, 0.0003);
    add_mode(&b, 760.0 * s, 0.40, 0.0180, 0.0, 0.0004);
    add_mode(&b, 430.0 * s, 0.42, 0.0260, 0.0, 0.0005);
    add_mode(&b, 205.0 * s, 0.30, 0.0330, 0.0, 0.0008);
    /* The table under the board: a faint, late thump. */
    add_mode(&b, 118.0 * s, 0.12, 0.0350, 0.0015, 0.0020);

    finish(&b, 0.70, 0.015);
    int rc = write_wav(dir, name, &b);
    free(b.x);
    return rc;
}

/* A bell-like note: fundamental plus a few softer, slightly inharmonic
 * partials, each decaying faster than the one below. */
static void add_bell(Buffer *b, double hz, double amp, double t0, double tau)
{
    add_mode(b, hz, amp, tau, t0, 0.006);
    add_mode(b, hz * 2.0, amp * 0.30, tau * 0.55, t0, 0.004);
    add_mode(b, hz * 2.76, amp * 0.10, tau * 0.35, t0, 0.003);
    add_mode(b, hz * 4.07, amp * 0.04, tau * 0.20, t0, 0.002);
}

/* Notes in Hz with onsets, rendered and normalised to a gentle level. */
static int make_chime(const char *dir, const char *name, const double *hz, const double *t0,
                      int notes, double seconds, double tau, double peak)
{
    Buffer b;
    if (buffer_init(&b, seconds) != 0) {
        return -1;
    }
    for (int i = 0; i < notes; i++) {
        /* Later notes a touch louder, so the phrase lands on its last note. */
        add_bell(&b, hz[i], 0.8 + 0.1 * i, t0[i], tau);
    }
    finish(&b, peak, 0.08);
    int rc = write_wav(dir, name, &b);
    free(b.x);
    return rc;
}

/* A refused move: a dull, low knock, quieter than a stone. */
static int make_error(const char *dir, const char *name)
{
    Buffer b;
    if (buffer_init(&b, 0.110) != 0) {
        return -1;
    }
    add_mode(&b, 172.0, 0.50, 0.022, 0.0, 0.0015);
    add_mode(&b, 341.0, 0.30, 0.014, 0.0, 0.0010);
    add_mode(&b, 612.0, 0.12, 0.008, 0.0, 0.0008);
    /* The same knock again, softer, right after: a "nope". */
    add_mode(&b, 160.0, 0.30, 0.018, 0.055, 0.0015);
    add_mode(&b, 322.0, 0.18, 0.012, 0.055, 0.0010);
    finish(&b, 0.45, 0.012);
    int rc = write_wav(dir, name, &b);
    free(b.x);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    int rc = 0;
    rc |= make_stone(dir, "stone1.wav", 0);
    rc |= make_stone(dir, "stone2.wav", 1);
    rc |= make_stone(dir, "stone3.wav", 2);

    /* Win: C major arpeggio up to the octave (C5 E5 G5 C6). */
    static const double win_hz[4] = {523.25, 659.26, 783.99, 1046.50};
    static const double win_t[4] = {0.0, 0.11, 0.22, 0.33};
    rc |= make_chime(dir, "win.wav", win_hz, win_t, 4, 1.50, 0.42, 0.50);

    /* Lose: a slower falling minor triad (G4 Eb4 C4), softer. */
    static const double lose_hz[3] = {392.00, 311.13, 261.63};
    static const double lose_t[3] = {0.0, 0.18, 0.36};
    rc |= make_chime(dir, "lose.wav", lose_hz, lose_t, 3, 1.40, 0.38, 0.40);

    rc |= make_error(dir, "error.wav");
    return rc == 0 ? 0 : 1;
}
