/*
 * app.h - the game application: the window and the main loop step.
 *
 * main() is just: parse arguments, app_create, while (app_step(app)) {},
 * app_destroy.  The App owns SDL's initialisation, the window, the
 * renderer, the event pump and the scene stack (scene.h); the scenes work
 * with the services of the Ctx (ctx.h).
 */
#ifndef GOMOKU_APP_H
#define GOMOKU_APP_H

#include <stdbool.h>
#include <stddef.h>

typedef struct App App;

typedef struct AppConfig {
    const char *assets_dir; /* NULL or "": find the assets next to the program */
    int window_w;           /* initial window size in window units; <= 0: the settings' */
    int window_h;
    /* For tests: never sleep or wait for events, request no vsync, show no
     * message boxes. */
    bool headless_test;
    /* The data folder (saves, autosave, settings); NULL or "": the
     * system's (SDL_GetPrefPath, or $GOMOKU_DATA_DIR).  A headless test
     * without one stores nothing. */
    const char *data_dir;
    /* A .gomoku or .psq file to open in review at start; NULL: none. */
    const char *open_path;
    /* Start a game with the choices the menu last had instead of showing
     * the menu (gomoku --play). */
    bool start_game;
    /* A file to log every presented frame to, for tools/frame-stats.py
     * (gomoku --frame-stats FILE); NULL: none. */
    const char *frame_stats;
    /* For headless tests: the game's clock (ctx_now) stands still but for
     * app_test_advance_clock, and animations run on it instead of finishing
     * at once. */
    bool test_clock;
} AppConfig;

/* Initialises SDL, opens the window and loads the assets.  Returns the app,
 * or NULL when anything fails, with a sentence in err saying why (naming
 * the file and SDL's reason for a bad asset); SDL is then shut down
 * again. */
App *app_create(const AppConfig *cfg, char *err, size_t errlen);

/* Handles pending events, advances timers and the AI, and draws one frame
 * when something changed.  Unless headless, waits for events when nothing
 * animates so an idle game uses no CPU.  Returns false when the app should
 * quit. */
bool app_step(App *app);

/* Writes the window's size in window units (what --size and the settings
 * give). */
void app_window_size(const App *app, int *w, int *h);

/* Cancels any search, releases everything and shuts SDL down; NULL allowed. */
void app_destroy(App *app);

#endif
