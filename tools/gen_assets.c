/*
 * gen_assets: procedurally paints every texture the game uses and writes them as PNG.
 *
 * Usage: gomoku-gen-assets OUTDIR
 *
 * Writes board.png, stone_black.png, stone_white.png, stone_shadow.png, background.png
 * and icon.png into OUTDIR (which must exist). The output is a pure function of this
 * source: all randomness comes from an integer hash with fixed seeds, so every run
 * produces the same images.
 *
 * Pixels are computed in floating point with straight (non-premultiplied) alpha and
 * quantised with a tiny hash-based dither so smooth gradients do not band.
 */
#define SDL_MAIN_HANDLED
#include "SDL.h"
#include "SDL_image.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

/* ------------------------------------------------------------------------------------------ */
/* Canvas                                                                                      */
/* ------------------------------------------------------------------------------------------ */

typedef struct {
    int w;
    int h;
    double *px; /* w*h*4 values: r, g, b, a in 0..1, straight alpha */
} Canvas;

static int canvas_init(Canvas *c, int w, int h)
{
    c->w = w;
    c->h = h;
    c->px = calloc((size_t)w * (size_t)h * 4u, sizeof(double));
    return c->px ? 0 : -1;
}

static void canvas_free(Canvas *c)
{
    free(c->px);
    c->px = NULL;
}

static double *canvas_at(const Canvas *c, int x, int y)
{
    return c->px + ((size_t)y * (size_t)c->w + (size_t)x) * 4u;
}

static double clamp01(double v)
{
    return v < 0.0 ? 0.0 : (v > 1.0 ? 1.0 : v);
}

static double mix(double a, double b, double t)
{
    return a + (b - a) * t;
}

static double smoothstep(double e0, double e1, double x)
{
    double t = clamp01((x - e0) / (e1 - e0));
    return t * t * (3.0 - 2.0 * t);
}

/* Straight-alpha "over": keeps colour meaningful where the destination is transparent. */
static void blend_over(double *dst, const double src[3], double a)
{
    double da = dst[3];
    double oa = a + da * (1.0 - a);
    if (oa <= 0.0) {
        return;
    }
    for (int i = 0; i < 3; i++) {
        dst[i] = (src[i] * a + dst[i] * da * (1.0 - a)) / oa;
    }
    dst[3] = oa;
}

/* ------------------------------------------------------------------------------------------ */
/* Deterministic noise                                                                         */
/* ------------------------------------------------------------------------------------------ */

static uint32_t hash3(int32_t x, int32_t y, uint32_t seed)
{
    uint32_t h = (uint32_t)x * 0x8da6b343u;
    h ^= (uint32_t)y * 0xd8163841u;
    h ^= seed * 0xcb1ab31fu;
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    h *= 0x297a2d39u;
    h ^= h >> 15;
    return h;
}

static double hash01(int32_t x, int32_t y, uint32_t seed)
{
    uint32_t h = hash3(x, y, seed);
    return (double)h / 4294967295.0;
}

static int32_t wrap_i(int32_t v, int32_t period)
{
    if (period <= 0) {
        return v;
    }
    v %= period;
    return v < 0 ? v + period : v;
}

/*
 * Value noise in 0..1 with quintic interpolation. A positive period makes the lattice
 * repeat every `period` units in both axes, which is how the tileable backdrop is built.
 */
static double vnoise(double x, double y, uint32_t seed, int32_t period)
{
    double fx = floor(x);
    double fy = floor(y);
    int32_t ix = (int32_t)fx;
    int32_t iy = (int32_t)fy;
    double tx = x - fx;
    double ty = y - fy;
    double ux = tx * tx * tx * (tx * (tx * 6.0 - 15.0) + 10.0);
    double uy = ty * ty * ty * (ty * (ty * 6.0 - 15.0) + 10.0);
    int32_t x0 = wrap_i(ix, period);
    int32_t x1 = wrap_i(ix + 1, period);
    int32_t y0 = wrap_i(iy, period);
    int32_t y1 = wrap_i(iy + 1, period);
    double a = hash01(x0, y0, seed);
    double b = hash01(x1, y0, seed);
    double c = hash01(x0, y1, seed);
    double d = hash01(x1, y1, seed);
    return mix(mix(a, b, ux), mix(c, d, ux), uy);
}

/* Fractal sum of value noise, normalised to 0..1. Period doubles with frequency. */
static double fbm(double x, double y, int octaves, uint32_t seed, int32_t period)
{
    double sum = 0.0;
    double amp = 0.5;
    double norm = 0.0;
    for (int i = 0; i < octaves; i++) {
        sum += amp * vnoise(x, y, seed + (uint32_t)i * 101u, period);
        norm += amp;
        x *= 2.0;
        y *= 2.0;
        if (period > 0) {
            period *= 2;
        }
        amp *= 0.5;
    }
    return sum / norm;
}

/* ------------------------------------------------------------------------------------------ */
/* Saving                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/* Writes c as OUTDIR/name; opaque images are stored without an alpha channel. */
static int save_png(const Canvas *c, const char *dir, const char *name, uint32_t seed,
                    int with_alpha)
{
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/%s", dir, name);
    if (n < 0 || (size_t)n >= sizeof path) {
        fprintf(stderr, "gen_assets: output path too long\n");
        return -1;
    }
    /* RGBA32 and RGB24 are byte orders on every endianness, so the byte writes are right. */
    int bpp = with_alpha ? 4 : 3;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(
        0, c->w, c->h, bpp * 8, with_alpha ? SDL_PIXELFORMAT_RGBA32 : SDL_PIXELFORMAT_RGB24);
    if (!s) {
        fprintf(stderr, "gen_assets: cannot create surface: %s\n", SDL_GetError());
        return -1;
    }
    for (int y = 0; y < c->h; y++) {
        uint8_t *row = (uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch;
        for (int x = 0; x < c->w; x++) {
            const double *p = canvas_at(c, x, y);
            for (int i = 0; i < bpp; i++) {
                /* Dither by under one LSB so slow gradients (stone shading) do not band. */
                double dz = hash01(x, y, seed + (uint32_t)i * 7919u) - 0.5;
                double v = floor(clamp01(p[i]) * 255.0 + 0.5 + dz * 0.9);
                row[x * bpp + i] = (uint8_t)(v < 0.0 ? 0.0 : (v > 255.0 ? 255.0 : v));
            }
        }
    }
    int rc = IMG_SavePNG(s, path);
    SDL_FreeSurface(s);
    if (rc != 0) {
        fprintf(stderr, "gen_assets: cannot write %s: %s\n", path, IMG_GetError());
        return -1;
    }
    printf("wrote %s (%dx%d)\n", path, c->w, c->h);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Wood                                                                                        */
/* ------------------------------------------------------------------------------------------ */

/*
 * Colour of straight-grained (masame) kaya-like wood at (u, v), in texels of the 1024 board
 * texture; the grain runs along v. Other textures sample it at other scales.
 */
static void wood_color(double u, double v, double rgb[3])
{
    static const double early[3] = {0.915, 0.770, 0.525};
    static const double late[3] = {0.735, 0.530, 0.300};

    /* Slow sideways drift so the grain sways like real timber instead of ruled lines. */
    double warp = 52.0 * (fbm(u * 0.0019, v * 0.0006, 4, 11u, 0) - 0.5) +
                  3.0 * (fbm(u * 0.006, v * 0.0020, 3, 23u, 0) - 0.5);
    double g = u + warp;

    /*
     * Growth rings cut lengthwise: the phase advances unevenly (rings tighten towards one
     * side, as they do towards the bark) and each ring gets its own darkness.
     */
    double phase = g / 19.0 * (1.0 + 0.22 * g / 1024.0) +
                   2.8 * fbm(g * 0.0050, v * 0.0004, 3, 37u, 0) +
                   0.6 * fbm(g * 0.030, v * 0.0002, 2, 39u, 0);
    double ring = floor(phase);
    double f = phase - ring;
    double ring_dark = 0.35 + 0.65 * hash01((int32_t)ring, 7, 43u);
    /* Latewood: darkens gradually through the ring, then ends abruptly. */
    double line = smoothstep(0.55, 0.96, f) * (1.0 - smoothstep(0.965, 1.0, f));
    /* Lines fade in and out along their length. */
    double along = 0.55 + 0.45 * fbm(g * 0.012, v * 0.0035, 3, 41u, 0);

    /* Fine fibres: noise stretched hard along the grain. */
    double fibre = vnoise(g * 0.85, v * 0.010, 53u, 0) - 0.5;
    double fibre2 = vnoise(g * 0.30, v * 0.004, 59u, 0) - 0.5;
    double pores = vnoise(g * 1.6, v * 0.06, 61u, 0) - 0.5;
    double broad = fbm(u * 0.0016, v * 0.0012, 3, 67u, 0) - 0.5;
    /* Wider darker and lighter zones spanning several rings. */
    double zone = fbm(g * 0.0045, v * 0.0003, 2, 71u, 0) - 0.5;
    double hue = fbm(u * 0.0011, v * 0.0009, 2, 73u, 0) - 0.5;

    double t = ring_dark * along * 0.50 * line + 0.13 * fibre + 0.08 * fibre2 + 0.05 * pores +
               0.16 * zone + 0.07;
    t = clamp01(t);
    double shade = 1.0 + 0.08 * broad + 0.012 * fibre;
    for (int i = 0; i < 3; i++) {
        rgb[i] = mix(early[i], late[i], t) * shade;
    }
    /* Slight shift between honey and straw across the board. */
    rgb[0] = clamp01(rgb[0] * (1.0 + 0.025 * hue));
    rgb[1] = clamp01(rgb[1]);
    rgb[2] = clamp01(rgb[2] * (1.0 - 0.07 * hue));
}

static int make_board(const char *dir)
{
    const int size = 1024;
    Canvas c;
    if (canvas_init(&c, size, size) != 0) {
        return -1;
    }
    for (int y = 0; y < size; y++) {
        for (int x = 0; x < size; x++) {
            double *p = canvas_at(&c, x, y);
            double acc[3] = {0.0, 0.0, 0.0};
            /* 2x2 supersampling keeps the hair-thin fibres from aliasing. */
            for (int sy = 0; sy < 2; sy++) {
                for (int sx = 0; sx < 2; sx++) {
                    double rgb[3];
                    wood_color(x + 0.25 + 0.5 * sx, y + 0.25 + 0.5 * sy, rgb);
                    for (int i = 0; i < 3; i++) {
                        acc[i] += rgb[i] * 0.25;
                    }
                }
            }
            p[0] = acc[0];
            p[1] = acc[1];
            p[2] = acc[2];
            p[3] = 1.0;
        }
    }
    int rc = save_png(&c, dir, "board.png", 1001u, 0);
    canvas_free(&c);
    return rc;
}

/* ------------------------------------------------------------------------------------------ */
/* Stones                                                                                      */
/* ------------------------------------------------------------------------------------------ */

typedef enum { STONE_BLACK, STONE_WHITE } StoneKind;

/*
 * Shaded colour of a stone at (x, y) in stone-radius units (the rim is at radius 1). Stones
 * are biconvex lenses, so the normal is a sphere's normal flattened towards the viewer.
 */
static void stone_shade(StoneKind kind, double x, double y, double rgb[3])
{
    double r2 = x * x + y * y;
    if (r2 > 1.0) {
        double r = sqrt(r2);
        x /= r;
        y /= r;
        r2 = 1.0;
    }
    double r = sqrt(r2);
    double nz = 1.55 * sqrt(1.0 - r2) + 0.02;
    double nl = sqrt(x * x + y * y + nz * nz);
    double n[3] = {x / nl, y / nl, nz / nl};

    /* Light from the upper left, slightly in front; screen y grows downwards. */
    double l[3] = {-0.42, -0.58, 0.70};
    double ll = sqrt(l[0] * l[0] + l[1] * l[1] + l[2] * l[2]);
    for (int i = 0; i < 3; i++) {
        l[i] /= ll;
    }
    double h[3] = {l[0], l[1], l[2] + 1.0};
    double hl = sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
    for (int i = 0; i < 3; i++) {
        h[i] /= hl;
    }
    double ndl = n[0] * l[0] + n[1] * l[1] + n[2] * l[2];
    double ndh = n[0] * h[0] + n[1] * h[1] + n[2] * h[2];
    double diff = ndl > 0.0 ? ndl : 0.0;
    double spec = ndh > 0.0 ? ndh : 0.0;
    /* Grazing-angle reflection of the bright room brightens the rim a little. */
    double fres = pow(1.0 - n[2], 3.0);

    if (kind == STONE_BLACK) {
        static const double base[3] = {0.085, 0.088, 0.098};
        double lit = 0.50 + 0.75 * diff;
        double broad = 0.16 * pow(spec, 9.0);
        double sharp = 0.55 * pow(spec, 70.0);
        /* A soft secondary reflection low right, like a window behind the player. */
        double bx = x - 0.45;
        double by = y - 0.50;
        double bounce = 0.035 * exp(-(bx * bx + by * by) * 6.0) * (1.0 - r2 * 0.5);
        for (int i = 0; i < 3; i++) {
            double v = base[i] * lit + broad + sharp + bounce + 0.10 * fres;
            rgb[i] = clamp01(v);
        }
        rgb[2] = clamp01(rgb[2] + 0.012 * (1.0 - r));
    } else {
        static const double base[3] = {0.955, 0.940, 0.900};
        static const double shadow_tint[3] = {0.80, 0.79, 0.76};
        double lit = smoothstep(-0.25, 1.0, ndl);
        double tint[3];
        for (int i = 0; i < 3; i++) {
            tint[i] = mix(shadow_tint[i], base[i], lit);
        }
        /* Clamshell stones show faint curved growth stripes. */
        double sy = y + 0.10 * x * x;
        double stripes =
            sin(2.0 * PI * (sy * 11.0 + 0.6 * vnoise(x * 3.0 + 5.0, sy * 3.0, 71u, 0)));
        double stripe = 0.010 * stripes * (1.0 - r2);
        double broad = 0.10 * pow(spec, 14.0);
        double sharp = 0.22 * pow(spec, 90.0);
        /* The rim darkens where the lens turns away, which separates white from pale wood. */
        double rim = 1.0 - 0.10 * pow(r, 10.0);
        for (int i = 0; i < 3; i++) {
            double v = (tint[i] + stripe) * rim + broad + sharp + 0.03 * fres;
            rgb[i] = clamp01(v);
        }
    }
}

/*
 * Paints a stone of radius `rad` centred at (cx, cy) onto c with an analytic antialiased
 * edge. With `fill_outside`, pixels outside the disc get the rim colour at zero alpha so
 * linear filtering never pulls in a dark fringe.
 */
static void paint_stone(Canvas *c, StoneKind kind, double cx, double cy, double rad,
                        int fill_outside)
{
    for (int y = 0; y < c->h; y++) {
        for (int x = 0; x < c->w; x++) {
            double dx = x + 0.5 - cx;
            double dy = y + 0.5 - cy;
            double d = sqrt(dx * dx + dy * dy);
            double cov = clamp01(rad - d + 0.5);
            if (cov <= 0.0 && !fill_outside) {
                continue;
            }
            /* Shade edge pixels at the rim itself, not beyond it. */
            double k = d > rad - 0.5 ? (rad - 0.5) / d : 1.0 / rad;
            double sx = d > rad - 0.5 ? dx * k / rad : dx * k;
            double sy = d > rad - 0.5 ? dy * k / rad : dy * k;
            double rgb[3];
            stone_shade(kind, sx, sy, rgb);
            double *p = canvas_at(c, x, y);
            if (fill_outside && p[3] <= 0.0) {
                p[0] = rgb[0];
                p[1] = rgb[1];
                p[2] = rgb[2];
                p[3] = cov;
            } else if (cov > 0.0) {
                blend_over(p, rgb, cov);
            }
        }
    }
}

/* Soft contact shadow: black with a blurred disc of alpha. */
static void paint_shadow(Canvas *c, double cx, double cy, double rad, double blur, double alpha)
{
    static const double black[3] = {0.0, 0.0, 0.0};
    for (int y = 0; y < c->h; y++) {
        for (int x = 0; x < c->w; x++) {
            double dx = x + 0.5 - cx;
            double dy = y + 0.5 - cy;
            double d = sqrt(dx * dx + dy * dy);
            double a = alpha * (1.0 - smoothstep(rad - blur, rad + blur, d));
            if (a > 0.0) {
                blend_over(canvas_at(c, x, y), black, a);
            }
        }
    }
}

static int make_stone(const char *dir, StoneKind kind)
{
    const int size = 256;
    Canvas c;
    if (canvas_init(&c, size, size) != 0) {
        return -1;
    }
    /* One texel of margin so the antialiased rim is never clipped by the texture edge. */
    paint_stone(&c, kind, size / 2.0, size / 2.0, size / 2.0 - 1.5, 1);
    int rc = save_png(&c, dir, kind == STONE_BLACK ? "stone_black.png" : "stone_white.png",
                      kind == STONE_BLACK ? 2002u : 3003u, 1);
    canvas_free(&c);
    return rc;
}

static int make_black_stone(const char *dir)
{
    return make_stone(dir, STONE_BLACK);
}

static int make_white_stone(const char *dir)
{
    return make_stone(dir, STONE_WHITE);
}

static int make_shadow(const char *dir)
{
    const int size = 256;
    Canvas c;
    if (canvas_init(&c, size, size) != 0) {
        return -1;
    }
    /*
     * Same frame as the stone textures: drawn at the stone's rect (plus a small offset) the
     * blur spills a little past the stone's rim, as a real contact shadow does.
     */
    paint_shadow(&c, size / 2.0, size / 2.0, size / 2.0 - 14.0, 12.0, 0.55);
    int rc = save_png(&c, dir, "stone_shadow.png", 4004u, 1);
    canvas_free(&c);
    return rc;
}

/* ------------------------------------------------------------------------------------------ */
/* Background cloth                                                                            */
/* ------------------------------------------------------------------------------------------ */

/* Cross profile of a round thread: bright along its middle, darker at its sides. */
static double thread_profile(double t)
{
    return 0.5 + 0.5 * cos(2.0 * PI * (t - 0.5));
}

static int make_background(const char *dir)
{
    const int size = 512;
    const int pitch = 4; /* texels per thread; divides size so the weave tiles */
    const int threads = size / pitch;
    static const double cloth[3] = {0.100, 0.172, 0.188};
    Canvas c;
    if (canvas_init(&c, size, size) != 0) {
        return -1;
    }
    for (int y = 0; y < size; y++) {
        for (int x = 0; x < size; x++) {
            int col = x / pitch;
            int row = y / pitch;
            double tx = (x % pitch + 0.5) / pitch;
            double ty = (y % pitch + 0.5) / pitch;
            /* Each thread has its own dye lot; hashing the wrapped index keeps it tileable. */
            double warp_b = hash01(wrap_i(col, threads), 0, 81u) - 0.5;
            double weft_b = hash01(0, wrap_i(row, threads), 83u) - 0.5;
            double u = (double)x / size;
            double v = (double)y / size;
            /* Slubs: each thread thickens and thins along its length (periodic, 16 cells). */
            double slub_h = vnoise(u * 16.0, 0.5, 101u + (uint32_t)row, 16) - 0.5;
            double slub_v = vnoise(0.5, v * 16.0, 103u + (uint32_t)col, 16) - 0.5;
            double weft = thread_profile(ty) * (1.0 + 0.6 * weft_b + 0.5 * slub_h);
            double warp = thread_profile(tx) * (1.0 + 0.6 * warp_b + 0.5 * slub_v);
            /* Plain weave: whichever thread is on top at this crossing shows a bit more. */
            int weft_on_top = ((col + row) & 1) != 0;
            double top = weft_on_top ? weft : warp;
            double lum = 0.80 + 0.07 * weft + 0.07 * warp + 0.05 * top;
            /* Periodic mottling (period 8 lattice cells across the tile). */
            double mottle = fbm(u * 8.0, v * 8.0, 4, 89u, 8) - 0.5;
            double fuzz = vnoise(u * 128.0, v * 128.0, 97u, 128) - 0.5;
            double shade = lum * (1.0 + 0.22 * mottle + 0.05 * fuzz);
            double *p = canvas_at(&c, x, y);
            p[0] = clamp01(cloth[0] * shade);
            p[1] = clamp01(cloth[1] * shade);
            p[2] = clamp01(cloth[2] * shade);
            p[3] = 1.0;
        }
    }
    int rc = save_png(&c, dir, "background.png", 5005u, 0);
    canvas_free(&c);
    return rc;
}

/* ------------------------------------------------------------------------------------------ */
/* Icon                                                                                        */
/* ------------------------------------------------------------------------------------------ */

/* Signed distance to a rounded square [m, size-m]^2 with corner radius cr; negative inside. */
static double rounded_square_sd(double x, double y, double size, double m, double cr)
{
    double half = (size - 2.0 * m) / 2.0;
    double qx = fabs(x - size / 2.0) - (half - cr);
    double qy = fabs(y - size / 2.0) - (half - cr);
    double ox = qx > 0.0 ? qx : 0.0;
    double oy = qy > 0.0 ? qy : 0.0;
    double outside = sqrt(ox * ox + oy * oy);
    double inside = qx > qy ? qx : qy;
    return outside + (inside < 0.0 ? inside : 0.0) - cr;
}

static int make_icon(const char *dir)
{
    const int size = 256;
    const double margin = 8.0;
    const double corner = 40.0;
    static const double line_rgb[3] = {0.23, 0.16, 0.09};
    const double lines[2] = {93.0, 163.0};
    Canvas c;
    if (canvas_init(&c, size, size) != 0) {
        return -1;
    }
    for (int y = 0; y < size; y++) {
        for (int x = 0; x < size; x++) {
            double px = x + 0.5;
            double py = y + 0.5;
            double sd = rounded_square_sd(px, py, size, margin, corner);
            double rgb[3];
            /* Sample the board wood at 2.5x so a few grain lines show at icon size. */
            wood_color(px * 2.5 + 300.0, py * 2.5 + 200.0, rgb);
            /* A soft bevel: lighter top-left edge, darker bottom-right edge. */
            double edge = 1.0 - smoothstep(0.0, 7.0, -sd);
            double side = ((size - px) + (size - py)) / (2.0 * size) - 0.5;
            double bevel = 1.0 + edge * side * 0.35 - edge * 0.06;
            for (int i = 0; i < 3; i++) {
                rgb[i] = clamp01(rgb[i] * bevel);
            }
            double *p = canvas_at(&c, x, y);
            p[0] = rgb[0];
            p[1] = rgb[1];
            p[2] = rgb[2];
            p[3] = clamp01(0.5 - sd);
            if (p[3] <= 0.0) {
                continue;
            }
            /* Grid lines, stopping short of the bevel. */
            double inset = margin + 16.0;
            double lw = 2.2;
            double cov = 0.0;
            for (int i = 0; i < 2; i++) {
                if (py > inset && py < size - inset) {
                    double a = clamp01(lw / 2.0 + 0.5 - fabs(px - lines[i]));
                    cov = a > cov ? a : cov;
                }
                if (px > inset && px < size - inset) {
                    double a = clamp01(lw / 2.0 + 0.5 - fabs(py - lines[i]));
                    cov = a > cov ? a : cov;
                }
            }
            if (cov > 0.0) {
                double a = p[3];
                blend_over(p, line_rgb, cov * 0.85);
                p[3] = a;
            }
        }
    }
    const double rad = 41.0;
    paint_shadow(&c, lines[0] + 3.0, lines[0] + 5.0, rad - 1.5, 5.0, 0.5);
    paint_stone(&c, STONE_BLACK, lines[0], lines[0], rad, 0);
    paint_shadow(&c, lines[1] + 3.0, lines[1] + 5.0, rad - 1.5, 5.0, 0.5);
    paint_stone(&c, STONE_WHITE, lines[1], lines[1], rad, 0);
    int rc = save_png(&c, dir, "icon.png", 6006u, 1);
    canvas_free(&c);
    return rc;
}

/* ------------------------------------------------------------------------------------------ */

int main(int argc, char *argv[])
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTDIR\n", argc > 0 ? argv[0] : "gomoku-gen-assets");
        return 2;
    }
    SDL_SetMainReady();
    const char *dir = argv[1];
    int (*const steps[])(const char *) = {make_board,  make_black_stone, make_white_stone,
                                          make_shadow, make_background,  make_icon};
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        /* Stop at the first failure: later files would fail the same way. */
        if (steps[i](dir) != 0) {
            return 1;
        }
    }
    return 0;
}
