/*
 * app_frame.c - the main loop's frames (app_frame.h).
 */
#include "app_frame.h"

#include <stdio.h>

#include "app_internal.h"
#include "core/err.h"

void app_frame_clock_setup(App *app)
{
    SDL_RendererInfo info;
    bool vsync =
        SDL_GetRendererInfo(app->ren, &info) == 0 && (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
    SDL_DisplayMode mode;
    int hz = 0;
    int display = SDL_GetWindowDisplayIndex(app->win);
    if (display >= 0 && SDL_GetCurrentDisplayMode(display, &mode) == 0) {
        hz = mode.refresh_rate;
    }
    frame_clock_init(&app->clock, SDL_GetPerformanceFrequency(), hz, vsync);
}

int app_frame_open_stats(App *app, const char *path, char *err, size_t errlen)
{
    app->stats = fopen(path, "w");
    if (app->stats == NULL) {
        err_set(err, errlen, "Cannot write the frame statistics to %s.", path);
        return -1;
    }
    SDL_RendererInfo info;
    const char *name = SDL_GetRendererInfo(app->ren, &info) == 0 ? info.name : "?";
    fprintf(app->stats,
            "# gomoku frame stats 1: one line per presented frame\n"
            "# video %s, renderer %s, vsync asked %d, frame period %.3f ms\n"
            "# t_us draw_us present_us moving thinking hold_us saves\n",
            SDL_GetCurrentVideoDriver(), name, app->clock.vsync_asked ? 1 : 0,
            (double)app->clock.period * 1000.0 / (double)app->clock.freq);
    return 0;
}

bool app_frame_wanted(const App *app)
{
    /* Nobody sees a minimized or hidden window: no frames for it (showing
     * it again brings a redraw). */
    Uint32 unseen = SDL_WINDOW_MINIMIZED | SDL_WINDOW_HIDDEN;
    if (!app->ctx.cfg.headless_test && (SDL_GetWindowFlags(app->win) & unseen) != 0) {
        return false;
    }
    return app->ctx.dirty || app->drawn_moving || scene_animating(&app->scenes, &app->ctx);
}

/* Keeps a copy of the frame about to be presented (app_test_keep_frames). */
static void keep_frame(App *app)
{
    const Ctx *ctx = &app->ctx;
    if (app->kept != NULL &&
        (app->kept->w != ctx->platform.out_w || app->kept->h != ctx->platform.out_h)) {
        SDL_FreeSurface(app->kept);
        app->kept = NULL;
    }
    if (app->kept == NULL) {
        app->kept = SDL_CreateRGBSurfaceWithFormat(0, ctx->platform.out_w, ctx->platform.out_h, 32,
                                                   SDL_PIXELFORMAT_ARGB8888);
    }
    if (app->kept != NULL) {
        SDL_RenderReadPixels(app->ren, NULL, SDL_PIXELFORMAT_ARGB8888, app->kept->pixels,
                             app->kept->pitch);
    }
}

/* --frame-stats: when the frame was presented, how long drawing, holding
 * and presenting took (us), whether it moved and the computer thought, and
 * how many files the game asked to write since the frame before. */
static void log_frame(App *app, const FrameTimes *t, bool moving)
{
    double us = 1e6 / (double)SDL_GetPerformanceFrequency();
    fprintf(app->stats, "%.0f %.0f %.0f %d %d %.0f %d\n", (double)(t->end - app->t0) * us,
            (double)(t->ready - t->start) * us, (double)(t->end - t->shown) * us, moving ? 1 : 0,
            session_thinking(app->ctx.session) ? 1 : 0, (double)(t->shown - t->ready) * us,
            app->ctx.data.writes_asked);
    app->ctx.data.writes_asked = 0;
}

/* Makes the renderer finish the frame drawn so far: reading a pixel back
 * waits for it (a GL renderer otherwise draws inside SDL_RenderPresent). */
static void finish_frame(App *app)
{
    Uint32 pixel;
    SDL_RenderReadPixels(app->ren, &(SDL_Rect){0, 0, 1, 1}, SDL_PIXELFORMAT_ARGB8888, &pixel,
                         (int)sizeof pixel);
}

/* Holds a finished frame until the grid's deadline (frame_clock.h). */
static void hold_frame(App *app)
{
    uint64_t ticks = frame_clock_hold(&app->clock, SDL_GetPerformanceCounter());
    Uint32 ms = (Uint32)(ticks * 1000 / app->clock.freq); /* never past the deadline */
    if (ms > 0) {
        SDL_Delay(ms);
    }
}

void app_frame_present(App *app, bool moving)
{
    bool hold = !app->ctx.cfg.headless_test && frame_clock_holds(&app->clock);
    FrameTimes t;
    t.start = SDL_GetPerformanceCounter();
    app_render(app);
    if (hold) {
        finish_frame(app);
    }
    t.ready = SDL_GetPerformanceCounter();
    if (app->keep_frames) {
        keep_frame(app);
    }
    if (hold) {
        hold_frame(app);
    }
    t.shown = SDL_GetPerformanceCounter();
    SDL_RenderPresent(app->ren);
    t.end = SDL_GetPerformanceCounter();
    bool vsync = app->clock.vsync;
    frame_clock_presented(&app->clock, &t, moving);
    app->drawn_moving = moving;
    app->frames++;
    if (app->stats != NULL) {
        log_frame(app, &t, moving);
        if (vsync != app->clock.vsync) {
            fprintf(app->stats, "# vsync paces: %d\n", app->clock.vsync ? 1 : 0);
        }
    }
}

bool app_frame_due(App *app, bool moving)
{
    uint64_t wait = frame_clock_wait(&app->clock, SDL_GetPerformanceCounter());
    if (app->ctx.cfg.headless_test && (app->ctx.dirty || !moving)) {
        return true;
    }
    return wait == 0;
}
