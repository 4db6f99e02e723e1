/*
 * main.c - parse the command line and run the game loop.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "app.h"

static void usage(FILE *to)
{
    fprintf(to,
            "usage: gomoku [--assets DIR] [--size WxH] [--version] [--help]\n"
            "  --assets DIR    load textures and fonts from DIR\n"
            "  --size WxH      initial window size (default 1100x800)\n");
}

int main(int argc, char *argv[])
{
    AppConfig cfg = {0};
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
        } else if (strncmp(argv[i], "-psn", 4) == 0) {
            /* Old macOS Finder launches pass a process serial number; ignore it. */
        } else {
            fprintf(stderr, "gomoku: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }

    App *app = app_create(&cfg);
    if (app == NULL) {
        const char *msg = app_create_error();
        fprintf(stderr, "gomoku: %s\n", msg);
        SDL_ShowSimpleMessageBox(SDL_MESSAGEBOX_ERROR, "Gomoku cannot start", msg, NULL);
        return 1;
    }
    while (app_step(app)) {
    }
    app_destroy(app);
    return 0;
}
