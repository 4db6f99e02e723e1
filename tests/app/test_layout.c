/*
 * test_layout.c - the board geometry: every point maps to a pixel and back,
 * clicks snap to the nearest point, clicks off the board hit nothing, and
 * the board and panel stay inside the window without overlapping.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "view/layout.h"
#include "view/menu.h"

typedef struct Screen {
    int w, h;
    float scale;
} Screen;

static const Screen SCREENS[] = {
    {1100, 800, 1.0f},  /* the default window */
    {2200, 1600, 2.0f}, /* the same window on a 2x screen */
    {640, 520, 1.0f},   /* the smallest window */
    {600, 1000, 1.0f},  /* portrait */
    {1200, 2000, 2.0f}, /* portrait on a 2x screen */
    {1920, 1080, 1.0f}, {3840, 2160, 1.5f},
};
#define NSCREENS (sizeof SCREENS / sizeof SCREENS[0])

static bool inside(LayoutRect outer, LayoutRect inner)
{
    return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w &&
           inner.y + inner.h <= outer.y + outer.h;
}

static bool overlap(LayoutRect a, LayoutRect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

static void test_round_trip(void **state)
{
    (void)state;
    for (size_t s = 0; s < NSCREENS; s++) {
        for (int n = 9; n <= 19; n++) {
            Layout l;
            layout_compute(&l, SCREENS[s].w, SCREENS[s].h, SCREENS[s].scale, n);
            assert_true(l.cell >= 10);
            for (int y = 0; y < n; y++) {
                for (int x = 0; x < n; x++) {
                    int px = -1, py = -1, bx = -1, by = -1;
                    assert_true(layout_point_to_pixel(&l, x, y, &px, &py));
                    assert_true(layout_rect_contains(l.board, px, py));
                    assert_true(layout_pixel_to_point(&l, px, py, &bx, &by));
                    assert_int_equal(bx, x);
                    assert_int_equal(by, y);
                }
            }
            int px, py;
            assert_false(layout_point_to_pixel(&l, n, 0, &px, &py));
            assert_false(layout_point_to_pixel(&l, 0, -1, &px, &py));
        }
    }
}

static void test_snap_to_nearest(void **state)
{
    (void)state;
    for (size_t s = 0; s < NSCREENS; s++) {
        for (int n = 9; n <= 19; n++) {
            Layout l;
            layout_compute(&l, SCREENS[s].w, SCREENS[s].h, SCREENS[s].scale, n);
            int c = l.cell;
            /* Offsets just under half a cell in every direction stay on the
             * point; just over half a cell go to the neighbour. */
            int near = (c - 1) / 2 - 1;
            int far = c / 2 + 1;
            for (int y = 1; y < n - 1; y++) {
                for (int x = 1; x < n - 1; x++) {
                    int px, py, bx, by;
                    layout_point_to_pixel(&l, x, y, &px, &py);
                    const int d[4][2] = {
                        {near, near}, {-near, near}, {near, -near}, {-near, -near}};
                    for (int k = 0; k < 4; k++) {
                        assert_true(
                            layout_pixel_to_point(&l, px + d[k][0], py + d[k][1], &bx, &by));
                        assert_int_equal(bx, x);
                        assert_int_equal(by, y);
                    }
                    assert_true(layout_pixel_to_point(&l, px + far, py - far, &bx, &by));
                    assert_int_equal(bx, x + 1);
                    assert_int_equal(by, y - 1);
                    assert_true(layout_pixel_to_point(&l, px - far, py + far, &bx, &by));
                    assert_int_equal(bx, x - 1);
                    assert_int_equal(by, y + 1);
                }
            }
        }
    }
}

static void test_outside_is_none(void **state)
{
    (void)state;
    for (size_t s = 0; s < NSCREENS; s++) {
        for (int n = 9; n <= 19; n++) {
            Layout l;
            layout_compute(&l, SCREENS[s].w, SCREENS[s].h, SCREENS[s].scale, n);
            int c = l.cell, x, y;
            int first = l.origin_x, last = l.origin_x + (n - 1) * c;
            int top = l.origin_y, bottom = l.origin_y + (n - 1) * c;
            int mid = (top + bottom) / 2;
            /* More than half a cell beyond the outer lines: no point. */
            assert_false(layout_pixel_to_point(&l, first - c / 2 - 2, mid, &x, &y));
            assert_false(layout_pixel_to_point(&l, last + c / 2 + 2, mid, &x, &y));
            assert_false(layout_pixel_to_point(&l, (first + last) / 2, top - c / 2 - 2, &x, &y));
            assert_false(layout_pixel_to_point(&l, (first + last) / 2, bottom + c / 2 + 2, &x, &y));
            /* The panel and the window corners are off the board. */
            assert_false(layout_pixel_to_point(&l, l.panel.x + l.panel.w / 2,
                                               l.panel.y + l.panel.h / 2, &x, &y));
            assert_false(layout_pixel_to_point(&l, 0, 0, &x, &y));
            assert_false(layout_pixel_to_point(&l, l.out_w - 1, l.out_h - 1, &x, &y));
            assert_false(layout_pixel_to_point(&l, -500, -500, &x, &y));
        }
    }
}

static void test_fits_window(void **state)
{
    (void)state;
    for (size_t s = 0; s < NSCREENS; s++) {
        for (int n = 9; n <= 19; n++) {
            Layout l;
            layout_compute(&l, SCREENS[s].w, SCREENS[s].h, SCREENS[s].scale, n);
            LayoutRect win = {0, 0, l.out_w, l.out_h};
            assert_true(inside(win, l.board));
            assert_true(inside(win, l.panel));
            assert_false(overlap(l.board, l.panel));
            assert_int_equal(l.portrait, SCREENS[s].h > SCREENS[s].w);
            for (int i = 0; i < LAYOUT_BTN_COUNT; i++) {
                assert_true(inside(l.panel, l.buttons[i]));
                for (int j = 0; j < i; j++) {
                    assert_false(overlap(l.buttons[i], l.buttons[j]));
                }
            }
            for (int i = 0; i < 2; i++) {
                assert_true(inside(l.panel, l.result_buttons[i]));
                assert_false(overlap(l.result_buttons[i], l.buttons[LAYOUT_BTN_UNDO]));
                assert_false(overlap(l.result_buttons[i], l.buttons[LAYOUT_BTN_REDO]));
            }
            assert_false(overlap(l.result_buttons[0], l.result_buttons[1]));
            /* The board uses most of the space it is given. */
            int avail = l.portrait ? l.out_w : l.out_h;
            assert_true(l.board.w * 10 >= avail * 6);
        }
    }
}

/* Nothing touches the window's edge (issue 27): the board, the bar, the
 * panel and what is in it keep a margin at 800x600 and on large screens,
 * and the menu's card keeps one under it. */
static void test_margins(void **state)
{
    (void)state;
    static const Screen SIZES[] = {{800, 600, 1.0f},   {1024, 768, 1.0f}, {1920, 1080, 1.0f},
                                   {2560, 1440, 1.0f}, {640, 520, 1.0f},  {1600, 1200, 2.0f}};
    for (size_t s = 0; s < sizeof SIZES / sizeof SIZES[0]; s++) {
        Layout l;
        layout_compute_ex(&l, SIZES[s].w, SIZES[s].h, SIZES[s].scale, 15, true);
        int m = l.pad / 2;
        LayoutRect inner = {m, m, l.out_w - 2 * m, l.out_h - 2 * m};
        assert_true(inside(inner, l.board));
        assert_true(inside(inner, l.panel));
        assert_true(inside(inner, l.winbar));
        for (int i = 0; i < LAYOUT_TGL_COUNT; i++) {
            assert_true(inside(inner, l.toggles[i]));
        }
        assert_false(overlap(l.winbar, l.board));
        assert_false(overlap(l.winbar, l.panel));
        Menu menu;
        MenuOptions o = menu_default_options();
        menu_init(&menu, &o);
        menu_layout(&menu, SIZES[s].w, SIZES[s].h, SIZES[s].scale);
        assert_true(menu.card.y + menu.card.h <= SIZES[s].h - 8);
        assert_true(menu.card.x >= 8 && menu.card.x + menu.card.w <= SIZES[s].w - 8);
    }
}

static void test_star_points(void **state)
{
    (void)state;
    int xs[9], ys[9];
    assert_int_equal(layout_star_points(15, xs, ys), 5);
    bool seen77 = false;
    for (int i = 0; i < 5; i++) {
        assert_true(xs[i] == 3 || xs[i] == 7 || xs[i] == 11);
        assert_true(ys[i] == 3 || ys[i] == 7 || ys[i] == 11);
        seen77 |= xs[i] == 7 && ys[i] == 7;
    }
    assert_true(seen77);
    assert_int_equal(layout_star_points(19, xs, ys), 9);
    for (int i = 0; i < 9; i++) {
        assert_true(xs[i] == 3 || xs[i] == 9 || xs[i] == 15);
    }
    assert_int_equal(layout_star_points(9, xs, ys), 5);
    for (int i = 0; i < 5; i++) {
        assert_true(xs[i] == 2 || xs[i] == 4 || xs[i] == 6);
    }
    assert_int_equal(layout_star_points(10, xs, ys), 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),      cmocka_unit_test(test_snap_to_nearest),
        cmocka_unit_test(test_outside_is_none), cmocka_unit_test(test_fits_window),
        cmocka_unit_test(test_star_points),     cmocka_unit_test(test_margins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
