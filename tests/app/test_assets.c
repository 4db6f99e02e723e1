/*
 * test_assets.c - a missing asset folder or a broken file makes app_create
 * fail cleanly: NULL, a message naming the file, no crash, and a later
 * app_create with good assets still works.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <SDL.h>

#ifdef _WIN32
#include <direct.h>
#define make_one_dir(p)   _mkdir(p)
#define remove_one_dir(p) _rmdir(p)
#else
#include <sys/stat.h>
#include <unistd.h>
#define make_one_dir(p)   mkdir((p), 0755)
#define remove_one_dir(p) rmdir(p)
#endif

#include "app.h"
#include "platform/assets.h"

static const char *const FILES[] = {
    "background.png",   "board.png", "stone_black.png",      "stone_white.png",
    "stone_shadow.png", "icon.png",  "fonts/DejaVuSans.ttf", "fonts/DejaVuSans-Bold.ttf"};
#define NFILES (sizeof FILES / sizeof FILES[0])

/* A scratch folder in the working directory, unique per call. */
static void scratch_dir(char *out, size_t len, const char *tag)
{
    static unsigned serial;
    snprintf(out, len, "gomoku_assets_%s_%lu_%u", tag, (unsigned long)SDL_GetTicks64(), serial++);
}

static void make_dir(const char *path)
{
    char fonts[1024];
    snprintf(fonts, sizeof fonts, "%s/fonts", path);
    assert_int_equal(make_one_dir(path), 0);
    assert_int_equal(make_one_dir(fonts), 0);
}

/* Removes what copy_assets wrote (missing files are fine), then the folders. */
static void remove_dir(const char *path)
{
    for (size_t i = 0; i < NFILES; i++) {
        char f[1024];
        snprintf(f, sizeof f, "%s/%s", path, FILES[i]);
        remove(f);
    }
    char fonts[1024];
    snprintf(fonts, sizeof fonts, "%s/fonts", path);
    assert_int_equal(remove_one_dir(fonts), 0);
    assert_int_equal(remove_one_dir(path), 0);
}

/* Copies the good assets into dir, the file named broken cut to a few
 * bytes (the header of a PNG, then nothing). */
static void copy_assets(const char *dir, const char *broken)
{
    for (size_t i = 0; i < NFILES; i++) {
        char from[1024], to[1024];
        snprintf(from, sizeof from, "%s/%s", GOMOKU_TEST_ASSETS, FILES[i]);
        snprintf(to, sizeof to, "%s/%s", dir, FILES[i]);
        size_t len = 0;
        void *data = SDL_LoadFile(from, &len);
        assert_non_null(data);
        if (broken != NULL && strcmp(FILES[i], broken) == 0) {
            len = len > 40 ? 40 : len;
        }
        FILE *f = fopen(to, "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(data, 1, len, f), len);
        fclose(f);
        SDL_free(data);
    }
}

/* What the last app_create said. */
static char create_err[2048];

static App *try_create(const char *dir)
{
    AppConfig cfg = {.assets_dir = dir, .window_w = 800, .window_h = 600, .headless_test = true};
    return app_create(&cfg, create_err, sizeof create_err);
}

static void test_missing_dir(void **state)
{
    (void)state;
    App *app = try_create("/nonexistent/gomoku/assets");
    assert_null(app);
    const char *err = create_err;
    assert_non_null(strstr(err, "/nonexistent/gomoku/assets"));
    assert_non_null(strstr(err, "board.png"));
}

static void test_truncated_png(void **state)
{
    (void)state;
    char dir[512];
    scratch_dir(dir, sizeof dir, "png");
    make_dir(dir);
    copy_assets(dir, "stone_white.png");
    App *app = try_create(dir);
    assert_null(app);
    const char *err = create_err;
    assert_non_null(strstr(err, "stone_white.png"));
    assert_non_null(strstr(err, "Cannot load image"));
    remove_dir(dir);
}

static void test_missing_font(void **state)
{
    (void)state;
    char dir[512];
    scratch_dir(dir, sizeof dir, "nofont");
    make_dir(dir);
    copy_assets(dir, NULL);
    char path[1024];
    snprintf(path, sizeof path, "%s/fonts/DejaVuSans-Bold.ttf", dir);
    assert_int_equal(remove(path), 0);
    App *app = try_create(dir);
    assert_null(app);
    assert_non_null(strstr(create_err, "DejaVuSans-Bold.ttf"));
    remove_dir(dir);
}

static void test_corrupt_font(void **state)
{
    (void)state;
    char dir[512];
    scratch_dir(dir, sizeof dir, "badfont");
    make_dir(dir);
    copy_assets(dir, "fonts/DejaVuSans.ttf");
    App *app = try_create(dir);
    assert_null(app);
    assert_non_null(strstr(create_err, "font"));
    remove_dir(dir);
}

static void test_good_assets_after_failures(void **state)
{
    (void)state;
    App *app = try_create(GOMOKU_TEST_ASSETS);
    if (app == NULL) {
        fail_msg("app_create: %s", create_err);
    }
    assert_string_equal(create_err, "");
    assert_true(app_step(app));
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_missing_dir),
        cmocka_unit_test(test_truncated_png),
        cmocka_unit_test(test_missing_font),
        cmocka_unit_test(test_corrupt_font),
        cmocka_unit_test(test_good_assets_after_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
