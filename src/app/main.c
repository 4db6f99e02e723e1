/*
 * main.c - parse the command line and run the game loop.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#endif

#include "app.h"
#include "gomoku_version.h"
#include "selftest.h"
#include "store/settings.h"

/* A GUI-subsystem exe started from cmd.exe has no stdout: borrow the
 * parent's console, unless the output is already redirected somewhere. */
static void attach_console(void)
{
#ifdef _WIN32
    HANDLE out = GetStdHandle(STD_OUTPUT_HANDLE);
    if ((out == NULL || out == INVALID_HANDLE_VALUE) && AttachConsole(ATTACH_PARENT_PROCESS)) {
        (void)freopen("CONOUT$", "w", stdout);
        (void)freopen("CONOUT$", "w", stderr);
    }
#endif
}

/* Runs the real game loop for n frames, then asks it to quit the way closing
 * the window does.  Returns 0 when the game started and quit cleanly. */
static int run_frames(App *app, long n)
{
    for (long i = 0; i < n; i++) {
        /* Wake the loop so each step is one frame, not an idle wait. */
        SDL_Event wake;
        SDL_zero(wake);
        wake.type = SDL_USEREVENT;
        SDL_PushEvent(&wake);
        if (!app_step(app)) {
            fprintf(stderr, "gomoku: quit after %ld of %ld frames\n", i, n);
            return 1;
        }
    }
    SDL_Event quit;
    SDL_zero(quit);
    quit.type = SDL_QUIT;
    SDL_PushEvent(&quit);
    int w = 0, h = 0;
    app_window_size(app, &w, &h);
    for (int i = 0; i < 100; i++) {
        if (!app_step(app)) {
            printf("gomoku: ran %ld frames in a %dx%d window and quit\n", n, w, h);
            return 0;
        }
    }
    fprintf(stderr, "gomoku: did not quit when asked\n");
    return 1;
}

static void usage(FILE *to)
{
    fprintf(to,
            "usage: gomoku [--assets DIR] [--size WxH] [--play] [--version] [--help]\n"
            "              [--frame-stats FILE] [--quit-after-frames N] [--selftest [PNG]]\n"
            "              [FILE]\n"
            "  FILE                     open a saved game (.gomoku) or .psq in review\n"
            "  --assets DIR             load textures and fonts from DIR\n"
            "  --size WxH               initial window size (default %dx%d)\n"
            "  --play                   start a game with the menu's last choices\n"
            "  --frame-stats FILE       log every frame shown to FILE (tools/frame-stats.py)\n"
            "  --quit-after-frames N    start, draw N frames, quit (smoke test)\n"
            "  --selftest [PNG]         play a scripted two-people game headless and\n"
            "                           write the final screen to PNG; exit 0 if it played\n",
            SETTINGS_DEFAULT_WINDOW_W, SETTINGS_DEFAULT_WINDOW_H);
}

int main(int argc, char *argv[])
{
    AppConfig cfg = {0};
    long frames = -1;
    bool selftest = false;
    const char *selftest_png = NULL;
    if (argc > 1) {
        attach_console();
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--version") == 0) {
            printf("gomoku %s\n", GOMOKU_VERSION);
            return 0;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "--assets") == 0 && i + 1 < argc) {
            cfg.assets_dir = argv[++i];
        } else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
            if (sscanf(argv[++i], "%dx%d", &cfg.window_w, &cfg.window_h) != 2) {
                usage(stderr);
                return 2;
            }
        } else if (strcmp(argv[i], "--play") == 0) {
            cfg.start_game = true;
        } else if (strcmp(argv[i], "--frame-stats") == 0 && i + 1 < argc) {
            cfg.frame_stats = argv[++i];
        } else if (strcmp(argv[i], "--quit-after-frames") == 0 && i + 1 < argc) {
            char *end = NULL;
            frames = strtol(argv[++i], &end, 10);
            if (end == argv[i] || *end != '\0' || frames < 0) {
                usage(stderr);
                return 2;
            }
        } else if (strcmp(argv[i], "--selftest") == 0) {
            selftest = true;
            if (i + 1 < argc && argv[i + 1][0] != '-') {
                selftest_png = argv[++i];
            }
        } else if (strncmp(argv[i], "-psn", 4) == 0) {
            /* Old macOS Finder launches pass a process serial number; ignore it. */
        } else if (argv[i][0] != '-' && cfg.open_path == NULL) {
            /* gomoku FILE: a saved game or .psq opens in review. */
            cfg.open_path = argv[i];
        } else {
            fprintf(stderr, "gomoku: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }

    if (selftest) {
        return selftest_run(cfg.assets_dir, selftest_png);
    }

    char msg[2048];
    App *app = app_create(&cfg, msg, sizeof msg);
    if (app == NULL) {
        fprintf(stderr, "gomoku: %s\n", msg);
        SDL_ShowSimpleMessageBox(SDL_MESSAGEBOX_ERROR, "Gomoku cannot start", msg, NULL);
        return 1;
    }
    int status = 0;
    if (frames >= 0) {
        status = run_frames(app, frames);
    } else {
        while (app_step(app)) {
        }
    }
    app_destroy(app);
    return status;
}
