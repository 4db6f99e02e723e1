/*
 * app.c - the application: SDL's set-up, the window and the renderer, the
 * event pump and the scene stack.
 *
 * Each step takes the pending events: an engine's answer goes to the
 * session (engines_on_event), everything else becomes a command
 * (input_translate) for the top scene.  After each command the scene
 * stack performs the changes of scene asked for (scene_transition).  Then
 * the clocks run, the engines catch up with the session, the scenes tick,
 * and a frame is drawn when something changed.  Everything a screen does
 * is in its scene (scene_*.c); what a game is, in src/session.
 */
#include "app_internal.h"

#include "core/err.h"

#include <stdio.h>
#include <string.h>

#include <SDL_image.h>
#include <SDL_ttf.h>

#define APP_DEFAULT_W     1100
#define APP_DEFAULT_H     800
#define APP_MIN_W         640
#define APP_MIN_H         520
#define APP_IDLE_WAIT_MS  500
#define APP_ANIM_FRAME_MS 33

/* ---- creation ----------------------------------------------------------------- */

/* Where the window opens: the size asked for, else the settings' size and
 * place (only where a screen still is: monitors come and go). */
static void window_place(const Ctx *ctx, int *x, int *y, int *w, int *h)
{
    const Settings *s = &ctx->settings;
    *x = *y = SDL_WINDOWPOS_CENTERED;
    *w = APP_DEFAULT_W;
    *h = APP_DEFAULT_H;
    if (ctx->cfg.window_w > 0 && ctx->cfg.window_h > 0) {
        *w = ctx->cfg.window_w;
        *h = ctx->cfg.window_h;
        return;
    }
    if (!ctx->have_storage) {
        return;
    }
    *w = s->window_w;
    *h = s->window_h;
    for (int d = 0; s->has_position && d < SDL_GetNumVideoDisplays(); d++) {
        SDL_Rect b;
        SDL_Point p = {s->window_x + 40, s->window_y + 20};
        if (SDL_GetDisplayBounds(d, &b) == 0 && SDL_PointInRect(&p, &b)) {
            *x = s->window_x;
            *y = s->window_y;
        }
    }
}

static int open_window(App *app, char *err, size_t errlen)
{
    const Ctx *ctx = &app->ctx;
    int x, y, w, h;
    window_place(ctx, &x, &y, &w, &h);
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (ctx->have_storage && ctx->settings.maximized && !ctx->cfg.headless_test) {
        flags |= SDL_WINDOW_MAXIMIZED;
    }
    app->win = SDL_CreateWindow(i18n_get(I18N_APP_TITLE), x, y, w, h, flags);
    if (app->win == NULL) {
        err_set(err, errlen, "Cannot open the window: %s", SDL_GetError());
        return -1;
    }
    SDL_SetWindowMinimumSize(app->win, APP_MIN_W, APP_MIN_H);
    SDL_StopTextInput(); /* until a text field asks for it */
    Uint32 rflags =
        SDL_RENDERER_ACCELERATED | (ctx->cfg.headless_test ? 0 : SDL_RENDERER_PRESENTVSYNC);
    app->ren = SDL_CreateRenderer(app->win, -1, rflags);
    if (app->ren == NULL) {
        app->ren = SDL_CreateRenderer(app->win, -1, SDL_RENDERER_SOFTWARE);
    }
    if (app->ren == NULL) {
        err_set(err, errlen, "Cannot create a renderer: %s", SDL_GetError());
        return -1;
    }
    SDL_SetRenderDrawBlendMode(app->ren, SDL_BLENDMODE_BLEND);
    return 0;
}

static int start_sdl(char *err, size_t errlen)
{
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        err_set(err, errlen, "Cannot start SDL: %s", SDL_GetError());
        return -1;
    }
    SDL_EventState(SDL_DROPFILE, SDL_ENABLE);
    if ((IMG_Init(IMG_INIT_PNG) & IMG_INIT_PNG) == 0) {
        err_set(err, errlen, "Cannot start SDL_image: %s", IMG_GetError());
        return -1;
    }
    if (TTF_Init() != 0) {
        err_set(err, errlen, "Cannot start SDL_ttf: %s", TTF_GetError());
        return -1;
    }
    return 0;
}

App *app_create(const AppConfig *cfg, char *err, size_t errlen)
{
    err_set(err, errlen, "%s", "");
    App *app = SDL_calloc(1, sizeof *app);
    if (app == NULL) {
        err_set(err, errlen, "%s", "Out of memory.");
        return NULL;
    }
    if (start_sdl(err, errlen) != 0) {
        app_destroy(app);
        return NULL;
    }
    ctx_init(&app->ctx, cfg);
    if (open_window(app, err, errlen) != 0 ||
        ctx_open(&app->ctx, app->win, app->ren, &app->scenes, err, errlen) != 0) {
        app_destroy(app);
        return NULL;
    }
    Ctx *ctx = &app->ctx;
    if (ctx->have_storage && ctx->settings.fullscreen && !ctx->cfg.headless_test) {
        ctx->fullscreen = true;
        SDL_SetWindowFullscreen(app->win, SDL_WINDOW_FULLSCREEN_DESKTOP);
        ctx_update_output(ctx);
    }
    if (scene_stack_init(&app->scenes, ctx, SCENE_MENU, err, errlen) != 0) {
        app_destroy(app);
        return NULL;
    }
    app->scenes_up = true;
    app->hand = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND);
    saves_startup(ctx);
    scene_transition(&app->scenes, ctx);
    return app;
}

/* Dropped files not yet handled own their path. */
static void drain_drop_events(void)
{
    SDL_Event ev[8];
    int n;
    while ((n = SDL_PeepEvents(ev, 8, SDL_GETEVENT, SDL_DROPFILE, SDL_DROPFILE)) > 0) {
        for (int i = 0; i < n; i++) {
            SDL_free(ev[i].drop.file);
        }
    }
}

void app_destroy(App *app)
{
    if (app == NULL) {
        return;
    }
    if (app->scenes_up) {
        scene_stack_free(&app->scenes, &app->ctx);
    }
    ctx_close(&app->ctx);
    drain_drop_events();
    if (app->hand != NULL) {
        SDL_SetCursor(SDL_GetDefaultCursor());
        SDL_FreeCursor(app->hand);
    }
    if (app->ren != NULL) {
        SDL_DestroyRenderer(app->ren);
    }
    if (app->win != NULL) {
        SDL_DestroyWindow(app->win);
    }
    SDL_free(app);
    if (TTF_WasInit()) {
        TTF_Quit();
    }
    IMG_Quit();
    SDL_Quit();
}

/* ---- the event pump ------------------------------------------------------------- */

/* Commands for the window rather than a scene. */
static bool window_command(App *app, const AppCommand *cmd)
{
    Ctx *ctx = &app->ctx;
    switch (cmd->kind) {
    case CMD_QUIT: ctx->quit = true; return true;
    case CMD_REDRAW: ctx->dirty = true; return true;
    case CMD_FULLSCREEN:
        ctx_toggle_fullscreen(ctx);
        scene_handle(&app->scenes, ctx, &(AppCommand){.kind = CMD_RESIZED});
        return true;
    case CMD_RESIZED:
        ctx_update_output(ctx);
        scene_handle(&app->scenes, ctx, cmd);
        return true;
    default: return false;
    }
}

static void process(App *app, const SDL_Event *ev)
{
    Ctx *ctx = &app->ctx;
    if (engines_on_event(ctx->engines, ctx->session, ev, ctx_now(ctx))) {
        ctx->dirty = true;
        return;
    }
    AppCommand cmd;
    if (!input_translate(ev, ctx->sx, ctx->sy, &cmd)) {
        return;
    }
    if (!window_command(app, &cmd)) {
        scene_handle(&app->scenes, ctx, &cmd);
    }
    if (cmd.kind == CMD_DROP_FILE) {
        SDL_free(cmd.data);
    }
    scene_transition(&app->scenes, ctx);
}

/* How long the loop may sleep in the event queue: long when idle, until the
 * next frame when something moves, until the session's next tick. */
static int wait_ms(App *app)
{
    Ctx *ctx = &app->ctx;
    uint64_t now = ctx_now(ctx);
    int wait = APP_IDLE_WAIT_MS;
    if (scene_animating(&app->scenes, ctx)) {
        uint64_t since = now - app->last_frame;
        wait = since >= APP_ANIM_FRAME_MS ? 0 : (int)(APP_ANIM_FRAME_MS - since);
    }
    int next = session_next_tick_ms(ctx->session, now);
    return next >= 0 && next < wait ? next : wait;
}

/* Shows a pointing hand over things that react to a click. */
static void update_cursor(App *app)
{
    bool want = scene_hovering(&app->scenes, &app->ctx);
    if (app->hand != NULL && want != app->hand_shown) {
        SDL_SetCursor(want ? app->hand : SDL_GetDefaultCursor());
        app->hand_shown = want;
    }
}

/* The session's time, the engines and the scenes catch up. */
static void advance(App *app)
{
    Ctx *ctx = &app->ctx;
    char err[512];
    session_tick(ctx->session, ctx_now(ctx));
    if (engines_sync(ctx->engines, ctx->session, err, sizeof err) != 0) {
        char msg[640];
        i18n_format(msg, sizeof msg, I18N_FMT_AI_FAILED, err);
        fprintf(stderr, "gomoku: %s\n", msg);
        ctx_notice(ctx, msg);
    }
    scene_tick(&app->scenes, ctx);
    scene_transition(&app->scenes, ctx);
}

void app_render(App *app)
{
    SDL_SetRenderDrawBlendMode(app->ren, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(app->ren, 30, 26, 22, 255);
    SDL_RenderClear(app->ren);
    scene_draw(&app->scenes, &app->ctx);
    app->ctx.dirty = false;
    app->last_frame = ctx_now(&app->ctx);
}

bool app_step(App *app)
{
    if (app == NULL) {
        return false;
    }
    Ctx *ctx = &app->ctx;
    SDL_Event ev;
    if (!ctx->cfg.headless_test && !ctx->dirty) {
        int wait = wait_ms(app);
        if (wait > 0 && SDL_WaitEventTimeout(&ev, wait)) {
            process(app, &ev);
        }
    }
    while (!ctx->quit && SDL_PollEvent(&ev)) {
        process(app, &ev);
    }
    if (ctx->quit) {
        return false;
    }
    advance(app);
    update_cursor(app);
    uint64_t now = ctx_now(ctx);
    if (ctx->notice[0] != '\0' && now >= ctx->notice_until) {
        ctx_clear_notice(ctx);
        ctx->dirty = true;
    }
    bool frame_due =
        scene_animating(&app->scenes, ctx) && now >= app->last_frame + APP_ANIM_FRAME_MS;
    if (ctx->dirty || frame_due) {
        app_render(app);
        SDL_RenderPresent(app->ren);
    }
    return true;
}
