/*
 * window.h - the game's window and its renderer, opened where the player
 * left them: the size and place the settings kept (as much of the size as
 * fits the screen, the place only while a screen is still there), moved
 * back when the window manager framed it a title bar off (window_pos.h).
 *
 * It is given values, not the settings, so it stays below the rest of the
 * app; app.c fills the plan.
 */
#ifndef GOMOKU_WINDOW_H
#define GOMOKU_WINDOW_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

/* The smallest window the screens are laid out for, in window units. */
#define WINDOW_MIN_W 640
#define WINDOW_MIN_H 520

/* What the window should be. */
typedef struct WindowPlan {
    const char *title;
    int asked_w, asked_h; /* a size asked for (--size), taken as it is; <= 0: none */
    int saved_w, saved_h; /* else this size, shrunk to fit the first display */
    bool has_place;       /* ...at this place when it is still on a screen; false: centred */
    int saved_x, saved_y;
    bool maximized;     /* open maximized */
    bool headless_test; /* the UI tests: no fitting, no vsync, no waiting for a frame */
} WindowPlan;

/* Opens the window and its renderer (accelerated, with vsync unless
 * headless; software when that fails) as plan says.  Returns 0, or -1
 * with a sentence in err; *win and *ren hold what was made either way
 * (NULL when not), for the caller to destroy. */
int window_open(const WindowPlan *plan, SDL_Window **win, SDL_Renderer **ren, char *err,
                size_t errlen);

#endif
