/*
 * test_ui_harness.h - shared helpers of the headless UI tests: start the
 * real app, inject mouse and keyboard events, wait for the engines.
 * Header-only (static functions) so each test program stays one file.
 */
#ifndef GOMOKU_TEST_UI_HARNESS_H
#define GOMOKU_TEST_UI_HARNESS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <SDL.h>
#include <SDL_image.h>

#include "core/game.h"
#include "app.h"
#include "app_test.h"

#define HARNESS_WAIT_LIMIT 200000

/* A game where black, with an open three, plays in the corner (move 7):
 * a missed win.  Piskvork's format, 1-based. */
#define HARNESS_MISSED_WIN_PSQ                                                                     \
    "Piskvorky 15x15, 11:11, 0\n7,8,0\n1,1,0\n8,8,0\n1,3,0\n9,8,0\n15,1,0\n15,15,0\n-1\n"

static inline App *harness_start(int w, int h, const char *data_dir, const char *open_path)
{
    AppConfig cfg;
    SDL_zero(cfg);
    cfg.assets_dir = GOMOKU_TEST_ASSETS;
    cfg.window_w = w;
    cfg.window_h = h;
    cfg.headless_test = true;
    cfg.data_dir = data_dir;
    cfg.open_path = open_path;
    char err[2048];
    App *app = app_create(&cfg, err, sizeof err);
    if (app == NULL) {
        fail_msg("app_create failed: %s", err);
    }
    for (int i = 0; i < 3; i++) {
        assert_true(app_step(app));
    }
    return app;
}

static inline void harness_steps(App *app, int n)
{
    for (int i = 0; i < n; i++) {
        assert_true(app_step(app));
    }
}

static inline void harness_motion(int x, int y)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_MOUSEMOTION;
    ev.motion.x = x;
    ev.motion.y = y;
    SDL_PushEvent(&ev);
}

static inline void harness_button(Uint32 type, int x, int y)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = type;
    ev.button.button = SDL_BUTTON_LEFT;
    ev.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    ev.button.clicks = 1;
    ev.button.x = x;
    ev.button.y = y;
    SDL_PushEvent(&ev);
}

static inline void harness_click(App *app, int x, int y)
{
    harness_motion(x, y);
    harness_button(SDL_MOUSEBUTTONDOWN, x, y);
    harness_button(SDL_MOUSEBUTTONUP, x, y);
    harness_steps(app, 2);
}

static inline void harness_key_mod(App *app, SDL_Keycode key, Uint16 mod)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_KEYDOWN;
    ev.key.state = SDL_PRESSED;
    ev.key.keysym.sym = key;
    ev.key.keysym.mod = mod;
    SDL_PushEvent(&ev);
    harness_steps(app, 2);
}

static inline void harness_key(App *app, SDL_Keycode key)
{
    harness_key_mod(app, key, KMOD_NONE);
}

/* Types text (UTF-8) as the system's text input would: one SDL_TEXTINPUT
 * event per call (SDL drops it unless a text field turned text input on). */
static inline void harness_text(App *app, const char *text)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_TEXTINPUT;
    SDL_strlcpy(ev.text.text, text, sizeof ev.text.text);
    SDL_PushEvent(&ev);
    harness_steps(app, 2);
}

static inline void harness_click_menu(App *app, MenuItem item, UiSpinPart part)
{
    int x, y;
    assert_true(app_test_menu_pos(app, item, part, &x, &y));
    harness_click(app, x, y);
}

static inline void harness_click_widget(App *app, AppWidget w)
{
    int x, y;
    assert_true(app_test_widget_pos(app, w, &x, &y));
    harness_click(app, x, y);
}

static inline void harness_click_point(App *app, int px, int py)
{
    int x, y;
    assert_true(app_test_point_pos(app, px, py, &x, &y));
    harness_click(app, x, y);
}

static inline void harness_wait_ai(App *app)
{
    int i = 0;
    while (app_test_ai_busy(app) && i++ < HARNESS_WAIT_LIMIT) {
        assert_true(app_step(app));
        SDL_Delay(1);
    }
    assert_false(app_test_ai_busy(app));
}

static inline void harness_wait_helper(App *app)
{
    int i = 0;
    while (app_test_helper_busy(app) && i++ < HARNESS_WAIT_LIMIT) {
        assert_true(app_step(app));
        SDL_Delay(1);
    }
    assert_false(app_test_helper_busy(app));
}

/* Captures the screen and, when the environment variable env names a
 * folder, saves it there as NAME.png (screens for the README or for
 * checking by eye). */
static inline void harness_shot(App *app, const char *env, const char *name)
{
    const char *dir = getenv(env);
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    if (dir != NULL && dir[0] != '\0') {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.png", dir, name);
        assert_int_equal(IMG_SavePNG(s, path), 0);
    }
    SDL_FreeSurface(s);
}

/* Drops path on the window as the system does: SDL owns a copy made with
 * SDL_strdup and the app frees it. */
static inline void harness_drop(App *app, const char *path)
{
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_DROPFILE;
    ev.drop.file = SDL_strdup(path);
    ev.drop.windowID = SDL_GetWindowID(app_test_window(app));
    assert_int_equal(SDL_PushEvent(&ev), 1);
    harness_steps(app, 2);
}

/* Draws the screen with the text audit on and returns what it drew (owned
 * by the app's text, valid until the next audit). */
static inline const TextAudit *harness_audit_frame(App *app)
{
    Text *t = app_test_text(app);
    text_audit(t, true, 0);
    SDL_Surface *surf = NULL;
    assert_int_equal(app_capture(app, &surf), 0);
    SDL_FreeSurface(surf);
    text_audit(t, false, 0);
    return text_audit_result(t);
}

/* Draws the screen and returns true when it shows the string s (whole, as
 * one piece of text). */
static inline bool harness_screen_says(App *app, const char *s)
{
    harness_audit_frame(app);
    return text_audit_drew(app_test_text(app), s);
}

/* Makes an empty scratch folder under the build tree for a test's data. */
static inline void harness_data_dir(char *out, size_t len, const char *name)
{
    snprintf(out, len, "%s/%s", GOMOKU_TEST_TMP, name);
    char cmd[1200];
    /* The folder is ours (under the build tree); start it empty. */
#ifdef _WIN32
    snprintf(cmd, sizeof cmd, "if exist \"%s\" rmdir /s /q \"%s\"", out, out);
#else
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", out);
#endif
    if (system(cmd) != 0) {
        fail_msg("cannot clear %s", out);
    }
}

static inline int harness_write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        return -1;
    }
    size_t n = strlen(text);
    int ok = fwrite(text, 1, n, f) == n;
    return fclose(f) == 0 && ok ? 0 : -1;
}

/* Reads a whole small file into buf (NUL-terminated); returns its length or -1. */
static inline long harness_read_file(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return -1;
    }
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = '\0';
    fclose(f);
    return (long)n;
}

#endif
