/*
 * test_shapes.c - rounded rectangles drawn on SDL's software renderer: the
 * four corners are mirror images with a faded rim, the colour and alpha
 * asked for are what lands, and the corner masks cached per renderer are
 * neither mixed between renderers nor lost by ui_release_renderer.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "view/ui.h"

#define W 120
#define H 90

typedef struct Canvas {
    SDL_Surface *surf;
    SDL_Renderer *ren;
} Canvas;

static Canvas canvas_new(void)
{
    Canvas c;
    c.surf = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    assert_non_null(c.surf);
    c.ren = SDL_CreateSoftwareRenderer(c.surf);
    assert_non_null(c.ren);
    SDL_SetRenderDrawBlendMode(c.ren, SDL_BLENDMODE_BLEND);
    return c;
}

static void canvas_free(Canvas *c)
{
    ui_release_renderer(c->ren);
    SDL_DestroyRenderer(c->ren);
    SDL_FreeSurface(c->surf);
}

static void clear_black(Canvas *c)
{
    SDL_SetRenderDrawColor(c->ren, 0, 0, 0, 255);
    SDL_RenderClear(c->ren);
}

static SDL_Color px(const Canvas *c, int x, int y)
{
    Uint32 v = ((const Uint32 *)((const Uint8 *)c->surf->pixels + y * c->surf->pitch))[x];
    SDL_Color out;
    SDL_GetRGBA(v, c->surf->format, &out.r, &out.g, &out.b, &out.a);
    return out;
}

static bool same(SDL_Color a, SDL_Color b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

static bool close_to(int got, int want)
{
    return abs(got - want) <= 2;
}

static const SDL_Rect RECT = {10, 12, 80, 50};
static const SDL_Color WHITE = {255, 255, 255, 255};

/* The rect's pixels, so two drawings can be compared. */
static void snapshot(const Canvas *c, Uint32 *out)
{
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            out[y * W + x] =
                ((const Uint32 *)((const Uint8 *)c->surf->pixels + y * c->surf->pitch))[x];
        }
    }
}

static void test_corners_are_mirror_images_with_a_soft_rim(void **state)
{
    (void)state;
    Canvas c = canvas_new();
    clear_black(&c);
    int rad = 14;
    ui_fill_round_rect(c.ren, &RECT, rad, WHITE);
    int partial = 0;
    for (int dy = 0; dy < rad; dy++) {
        for (int dx = 0; dx < rad; dx++) {
            int l = RECT.x + dx, r = RECT.x + RECT.w - 1 - dx;
            int t = RECT.y + dy, b = RECT.y + RECT.h - 1 - dy;
            SDL_Color tl = px(&c, l, t);
            assert_true(same(tl, px(&c, r, t)));
            assert_true(same(tl, px(&c, l, b)));
            assert_true(same(tl, px(&c, r, b)));
            partial += tl.r > 0 && tl.r < 255;
        }
    }
    /* The very corner is outside the arc, the middle of each edge and the
     * body are filled, and the arc is faded, not stepped. */
    assert_int_equal(px(&c, RECT.x, RECT.y).r, 0);
    assert_int_equal(px(&c, RECT.x + RECT.w / 2, RECT.y).r, 255);
    assert_int_equal(px(&c, RECT.x, RECT.y + RECT.h / 2).r, 255);
    assert_int_equal(px(&c, RECT.x + rad - 1, RECT.y + rad - 1).r, 255);
    assert_true(partial >= rad);
    /* Nothing outside the rectangle. */
    assert_int_equal(px(&c, RECT.x - 1, RECT.y + RECT.h / 2).r, 0);
    assert_int_equal(px(&c, RECT.x + RECT.w, RECT.y + RECT.h / 2).r, 0);
    canvas_free(&c);
}

static void test_colour_and_alpha_are_what_lands(void **state)
{
    (void)state;
    Canvas c = canvas_new();
    clear_black(&c);
    ui_fill_round_rect(c.ren, &RECT, 10, (SDL_Color){200, 100, 40, 128});
    /* Half covering black, in the body and in a corner's solid part alike. */
    SDL_Color body = px(&c, RECT.x + RECT.w / 2, RECT.y + RECT.h / 2);
    SDL_Color corner = px(&c, RECT.x + 6, RECT.y + 6);
    assert_true(close_to(body.r, 100) && close_to(body.g, 50) && close_to(body.b, 20));
    assert_true(close_to(corner.r, body.r) && close_to(corner.g, body.g) &&
                close_to(corner.b, body.b));
    canvas_free(&c);
}

static void test_masks_kept_apart_per_renderer_and_remade(void **state)
{
    (void)state;
    Canvas a = canvas_new(), b = canvas_new();
    static Uint32 first[W * H], again[W * H];
    clear_black(&a);
    ui_fill_round_rect(a.ren, &RECT, 12, WHITE);
    snapshot(&a, first);
    /* The other renderer's mask of the same radius is its own. */
    clear_black(&b);
    ui_fill_round_rect(b.ren, &RECT, 12, (SDL_Color){0, 255, 0, 255});
    assert_int_equal(px(&b, RECT.x + 6, RECT.y + 6).g, 255);
    assert_int_equal(px(&b, RECT.x + 6, RECT.y + 6).r, 0);
    /* Released, then drawn again: the same pixels. */
    ui_release_renderer(a.ren);
    clear_black(&a);
    ui_fill_round_rect(a.ren, &RECT, 12, WHITE);
    snapshot(&a, again);
    assert_memory_equal(first, again, sizeof first);
    canvas_free(&b);
    canvas_free(&a);
}

static void test_many_radii_and_a_huge_one(void **state)
{
    (void)state;
    Canvas c = canvas_new();
    /* More radii than the cache holds: each still draws its own corners. */
    for (int rad = 1; rad <= 24; rad++) {
        clear_black(&c);
        ui_fill_round_rect(c.ren, &RECT, rad, WHITE);
        assert_int_equal(px(&c, RECT.x + RECT.w / 2, RECT.y + RECT.h / 2).r, 255);
        assert_int_equal(px(&c, RECT.x + rad, RECT.y + rad).r, 255);
        if (rad >= 3) {
            assert_int_equal(px(&c, RECT.x, RECT.y).r, 0);
        }
    }
    /* A radius past the masks' limit on a big canvas still rounds. */
    SDL_Surface *big = SDL_CreateRGBSurfaceWithFormat(0, 700, 700, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *ren = SDL_CreateSoftwareRenderer(big);
    assert_non_null(ren);
    SDL_SetRenderDrawColor(ren, 0, 0, 0, 255);
    SDL_RenderClear(ren);
    ui_fill_round_rect(ren, &(SDL_Rect){0, 0, 700, 700}, 300, WHITE);
    const Uint32 *row0 = big->pixels;
    const Uint32 *mid = (const Uint32 *)((const Uint8 *)big->pixels + 350 * big->pitch);
    assert_int_equal(row0[0] & 0xFFu, 0);
    assert_int_equal(mid[350] & 0xFFu, 0xFF);
    ui_release_renderer(ren);
    SDL_DestroyRenderer(ren);
    SDL_FreeSurface(big);
    canvas_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corners_are_mirror_images_with_a_soft_rim),
        cmocka_unit_test(test_colour_and_alpha_are_what_lands),
        cmocka_unit_test(test_masks_kept_apart_per_renderer_and_remade),
        cmocka_unit_test(test_many_radii_and_a_huge_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
