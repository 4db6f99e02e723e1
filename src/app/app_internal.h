/*
 * app_internal.h - the App record, shared by the main loop (app.c) and the
 * UI tests' accessors (app_test.c).  Nothing else includes it: scenes work
 * through the Ctx.
 */
#ifndef GOMOKU_APP_INTERNAL_H
#define GOMOKU_APP_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include <SDL.h>

#include "app.h"
#include "ctx.h"
#include "scene.h"

struct App {
    SDL_Window *win;
    SDL_Renderer *ren;
    SceneStack scenes;
    bool scenes_up;   /* scene_stack_init succeeded */
    Ctx ctx;          /* the services the scenes share (ctx.c) */
    SDL_Cursor *hand; /* over anything clickable; NULL where unsupported */
    bool hand_shown;
    uint64_t last_frame;
};

/* Draws the whole window for the current scenes (without presenting). */
void app_render(App *app);

#endif
