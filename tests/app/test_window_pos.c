/*
 * test_window_pos.c - the window's place between runs (window_pos.h): a
 * saved place is used only while a screen shows the title bar, and a window
 * the window manager framed at the place asked for (so its client area
 * landed a frame further: the old creep) is recognised, nothing else.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "platform/window_pos.h"

static void test_on_screen(void **state)
{
    (void)state;
    const SDL_Rect two[2] = {{0, 0, 1920, 1080}, {1920, 0, 1280, 1024}};
    assert_true(window_pos_on_screen(100, 100, two, 2));
    assert_true(window_pos_on_screen(2000, 500, two, 2)); /* on the second screen */
    assert_true(window_pos_on_screen(-30, -10, two, 2));  /* the title bar still shows */
    assert_false(window_pos_on_screen(-100, 100, two, 2));
    assert_false(window_pos_on_screen(3300, 100, two, 2)); /* the second screen is gone... */
    assert_false(window_pos_on_screen(2000, 500, two, 1)); /* ...or unplugged */
    assert_false(window_pos_on_screen(100, 100, two, 0));
}

static void test_framed(void **state)
{
    (void)state;
    /* Openbox: a 1-pixel border and a 20-pixel title bar. */
    assert_true(window_pos_framed(449, 176, 450, 196, 1, 20));
    /* Placed as asked (Windows, macOS, a manager that keeps the client). */
    assert_false(window_pos_framed(449, 176, 449, 176, 1, 20));
    /* No frame known: nothing to tell. */
    assert_false(window_pos_framed(449, 176, 449, 176, 0, 0));
    /* The manager chose a place of its own (tiling, cascading): leave it. */
    assert_false(window_pos_framed(449, 176, 0, 0, 1, 20));
    assert_false(window_pos_framed(449, 176, 450, 200, 1, 20));
    /* A title bar only. */
    assert_true(window_pos_framed(10, 10, 10, 38, 0, 28));
}

static void test_fit(void **state)
{
    (void)state;
    int w = 1024, h = 768;
    /* A laptop's 1366x768 under a 40-pixel taskbar, a 30-pixel title bar. */
    SDL_Rect laptop = {0, 0, 1366, 728};
    assert_true(window_pos_fit(laptop, 2, 31, 800, 520, &w, &h));
    assert_int_equal(w, 1024);
    assert_int_equal(h, 697);
    /* It fits already: nothing changes. */
    SDL_Rect big = {0, 0, 1920, 1040};
    w = 1024, h = 768;
    assert_false(window_pos_fit(big, 2, 31, 800, 520, &w, &h));
    assert_int_equal(w, 1024);
    assert_int_equal(h, 768);
    /* Exactly the screen, no frame (no window manager). */
    SDL_Rect exact = {0, 0, 1024, 768};
    assert_false(window_pos_fit(exact, 0, 0, 800, 520, &w, &h));
    /* Never below the smallest window the game allows. */
    SDL_Rect tiny = {0, 0, 640, 480};
    assert_true(window_pos_fit(tiny, 2, 31, 800, 520, &w, &h));
    assert_int_equal(w, 800);
    assert_int_equal(h, 520);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_on_screen),
        cmocka_unit_test(test_framed),
        cmocka_unit_test(test_fit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
