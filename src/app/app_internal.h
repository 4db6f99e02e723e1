/*
 * app_internal.h - the App record, shared by the main loop (app.c), its
 * frames (app_frame.c) and the UI tests' accessors (app_test.c).  Nothing
 * else includes it: scenes work through the Ctx.
 */
#ifndef GOMOKU_APP_INTERNAL_H
#define GOMOKU_APP_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <SDL.h>

#include "app.h"
#include "ctx.h"
#include "platform/frame_clock.h"
#include "scenes/saves.h"
#include "scenes/scene.h"

struct App {
    SDL_Window *win;
    SDL_Renderer *ren;
    SceneStack scenes;
    bool scenes_up;   /* scene_stack_init succeeded */
    Ctx ctx;          /* the services the scenes share (ctx.c) */
    Saves saves;      /* the file actions' state (scenes/saves.c), lent to ctx */
    SDL_Cursor *hand; /* over anything clickable; NULL where unsupported */
    bool hand_shown;

    /* Frames. */
    FrameClock clock;  /* when the next frame is due (counter ticks) */
    bool drawn_moving; /* the last frame showed something moving: its end is still to draw */
    uint64_t frames;   /* presented so far */
    uint64_t t0;       /* the counter when the app started */
    FILE *stats;       /* --frame-stats: a line per presented frame; NULL: none */
    SDL_Surface *kept; /* app_test_keep_frames: the last presented frame */
    bool keep_frames;
};

/* Draws the whole window for the current scenes (without presenting). */
void app_render(App *app);

#endif
