/*
 * app.c - the application: SDL's set-up, the window and the renderer
 * (opened by platform/window.c), the event pump and the scene stack.
 *
 * Each step takes the pending events: an engine's answer goes to the
 * session (engines_on_event), everything else becomes a command
 * (input_translate) for the top scene.  After each command the scene
 * stack performs the changes of scene asked for (scene_transition).  Then
 * the clocks run, the engines catch up with the session, the scenes tick,
 * and a frame is drawn when something changed (app_frame.c).  Everything a
 * screen does is in its scene (scenes/scene_*.c); what a game is, in
 * src/session.
 */
#include "app_internal.h"

#include "app_frame.h"
#include "core/err.h"
#include "platform/window.h"

#include <stdio.h>
#include <string.h>

#include <SDL_image.h>
#include <SDL_ttf.h>

#define APP_IDLE_WAIT_MS 500

/* ---- creation ----------------------------------------------------------------- */

/* Opens the window and the renderer as the settings left them (window.h). */
static int open_window(App *app, char *err, size_t errlen)
{
    const Ctx *ctx = &app->ctx;
    const Settings *s = &ctx->data.settings; /* the defaults without a data folder */
    WindowPlan plan = {
        .title = i18n_get(I18N_APP_TITLE),
        .asked_w = ctx->cfg.window_w,
        .asked_h = ctx->cfg.window_h,
        .saved_w = s->window_w,
        .saved_h = s->window_h,
        .has_place = ctx->data.have_storage && s->has_position,
        .saved_x = s->window_x,
        .saved_y = s->window_y,
        .maximized = ctx->data.have_storage && s->maximized && !ctx->cfg.headless_test,
        .headless_test = ctx->cfg.headless_test,
    };
    return window_open(&plan, &app->win, &app->ren, err, errlen);
}

/* --play: a new game with the menu's last choices, unless something else
 * came first (a file to open, the question about an unfinished game). */
static void start_game(App *app)
{
    Ctx *ctx = &app->ctx;
    if (scene_top(&app->scenes) == SCENE_MENU && ctx_new_game(ctx, NULL, false) == 0) {
        scene_go(&app->scenes, SCENE_PLAY);
        scene_transition(&app->scenes, ctx);
    }
}

/* Video drivers that show nothing.  SDL falls back to one when it finds no
 * display (offscreen, on Linux), and the game would run where nobody sees
 * it: started from a shell without a desktop session, it seemed to hang. */
static const char *const APP_INVISIBLE_DRIVERS[] = {"offscreen", "dummy", "evdev"};

/* Returns -1 with a sentence in err when SDL chose an invisible driver by
 * itself (one chosen with SDL_VIDEODRIVER, as the tests do, is taken as
 * meant). */
static int check_display(char *err, size_t errlen)
{
    const char *asked = SDL_getenv("SDL_VIDEODRIVER");
    const char *driver = SDL_GetCurrentVideoDriver();
    if ((asked != NULL && asked[0] != '\0') || driver == NULL) {
        return 0;
    }
    for (size_t i = 0; i < SDL_arraysize(APP_INVISIBLE_DRIVERS); i++) {
        if (strcmp(driver, APP_INVISIBLE_DRIVERS[i]) == 0) {
            const char *x11 = SDL_getenv("DISPLAY"), *wl = SDL_getenv("WAYLAND_DISPLAY");
            bool none = (x11 == NULL || x11[0] == '\0') && (wl == NULL || wl[0] == '\0');
            err_set(err, errlen,
                    "no display: %s, so the window would open where nobody can see it "
                    "(SDL's %s video driver). Start Gomoku from a terminal of your desktop "
                    "session, or choose a video driver with SDL_VIDEODRIVER.",
                    none ? "DISPLAY and WAYLAND_DISPLAY are not set"
                         : "the display named by DISPLAY or WAYLAND_DISPLAY cannot be reached",
                    driver);
            return -1;
        }
    }
    return 0;
}

static int start_sdl(bool headless, char *err, size_t errlen)
{
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        err_set(err, errlen, "Cannot start SDL: %s", SDL_GetError());
        return -1;
    }
    if (!headless && check_display(err, errlen) != 0) {
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
    if (start_sdl(cfg != NULL && cfg->headless_test, err, errlen) != 0) {
        app_destroy(app);
        return NULL;
    }
    ctx_init(&app->ctx, cfg);
    app->ctx.data.saves = &app->saves;
    if (open_window(app, err, errlen) != 0 ||
        ctx_open(&app->ctx, app->win, app->ren, &app->scenes, err, errlen) != 0) {
        app_destroy(app);
        return NULL;
    }
    Ctx *ctx = &app->ctx;
    if (ctx->data.have_storage && ctx->data.settings.fullscreen && !ctx->cfg.headless_test) {
        ctx->platform.fullscreen = true;
        SDL_SetWindowFullscreen(app->win, SDL_WINDOW_FULLSCREEN_DESKTOP);
        ctx_update_output(ctx);
    }
    app_frame_clock_setup(app);
    app->t0 = SDL_GetPerformanceCounter();
    if ((ctx->cfg.frame_stats != NULL &&
         app_frame_open_stats(app, ctx->cfg.frame_stats, err, errlen) != 0) ||
        scene_stack_init(&app->scenes, ctx, SCENE_MENU, err, errlen) != 0) {
        app_destroy(app);
        return NULL;
    }
    app->scenes_up = true;
    app->hand = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND);
    saves_startup(ctx);
    scene_transition(&app->scenes, ctx);
    if (ctx->cfg.start_game) {
        start_game(app);
    }
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
    ctx_finish(&app->ctx);
    saves_end(&app->ctx);
    ctx_close(&app->ctx);
    drain_drop_events();
    if (app->hand != NULL) {
        SDL_SetCursor(SDL_GetDefaultCursor());
        SDL_FreeCursor(app->hand);
    }
    if (app->stats != NULL) {
        fclose(app->stats);
    }
    SDL_FreeSurface(app->kept);
    if (app->ren != NULL) {
        ui_release_renderer(app->ren);
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

/* Lays the screens out again when the renderer's output is no longer the
 * size they were laid out for.  The resize event is not enough: after
 * SDL_SetWindowFullscreen the window may take its new size later (X11
 * without a window manager), or the event may never come, and a frame laid
 * out for the old size shows a cropped corner of the board until the next
 * resize.  Asking the renderer every step costs one call. */
static void follow_output(App *app)
{
    Ctx *ctx = &app->ctx;
    int ow = 0, oh = 0, ww = 0, wh = 0;
    if (SDL_GetRendererOutputSize(app->ren, &ow, &oh) != 0 || ow <= 0 || oh <= 0) {
        return;
    }
    SDL_GetWindowSize(app->win, &ww, &wh);
    float sx = ww > 0 ? (float)ow / (float)ww : 1.0f;
    if (ow == ctx->platform.out_w && oh == ctx->platform.out_h &&
        SDL_fabsf(sx - ctx->platform.sx) < 1e-3f) {
        return;
    }
    /* The viewport too: SDL sets it to the whole output on the event this
     * may have missed. */
    SDL_RenderSetViewport(app->ren, NULL);
    window_command(app, &(AppCommand){.kind = CMD_RESIZED});
}

static void process(App *app, const SDL_Event *ev)
{
    Ctx *ctx = &app->ctx;
#if SDL_VERSION_ATLEAST(2, 0, 18)
    if (ev->type == SDL_WINDOWEVENT && ev->window.event == SDL_WINDOWEVENT_DISPLAY_CHANGED) {
        app_frame_clock_setup(app); /* another display, maybe another refresh rate */
    }
#endif
    if (ev->type == SDL_RENDER_TARGETS_RESET || ev->type == SDL_RENDER_DEVICE_RESET) {
        /* What a target texture held is gone (Direct3D after a resize or a
         * lost device): draw it anew. */
        board_view_backdrop_free(&ctx->ui.backdrop);
        if (ev->type == SDL_RENDER_DEVICE_RESET) {
            ui_release_renderer(app->ren);
        }
        ctx->dirty = true;
    }
    if (engines_on_event(ctx->engines, ctx->session, ev, ctx_now(ctx))) {
        ctx->dirty = true;
        return;
    }
    AppCommand cmd;
    if (!input_translate(ev, ctx->platform.sx, ctx->platform.sy, &cmd)) {
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

/* How long the loop may sleep in the event queue: until the next frame's
 * deadline when one is wanted, else long (an idle game uses no CPU), and
 * never past the session's next tick. */
static int wait_ms(App *app)
{
    Ctx *ctx = &app->ctx;
    int wait = APP_IDLE_WAIT_MS;
    if (app_frame_wanted(app)) {
        wait = frame_clock_wait_ms(&app->clock, SDL_GetPerformanceCounter());
    }
    int next = session_next_tick_ms(ctx->session, ctx_now(ctx));
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
    if (engines_sync(ctx->engines, ctx->session, ctx_now(ctx), err, sizeof err) != 0) {
        char msg[640];
        i18n_format(msg, sizeof msg, I18N_FMT_AI_FAILED, err);
        fprintf(stderr, "gomoku: %s\n", msg);
        ctx_notice(ctx, msg);
    }
    saves_poll(ctx); /* files written off this thread: saved, or why not */
    scene_tick(&app->scenes, ctx);
    scene_transition(&app->scenes, ctx);
}

void app_window_size(const App *app, int *w, int *h)
{
    SDL_GetWindowSize(app->win, w, h);
}

void app_render(App *app)
{
    SDL_SetRenderDrawBlendMode(app->ren, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(app->ren, 30, 26, 22, 255);
    SDL_RenderClear(app->ren);
    scene_draw(&app->scenes, &app->ctx);
    app->ctx.dirty = false;
}

bool app_step(App *app)
{
    if (app == NULL) {
        return false;
    }
    Ctx *ctx = &app->ctx;
    SDL_Event ev;
    if (!ctx->cfg.headless_test) {
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
    follow_output(app);
    advance(app);
    update_cursor(app);
    if (ctx->ui.notice[0] != '\0' && ctx_now(ctx) >= ctx->ui.notice_until) {
        ctx_clear_notice(ctx);
        ctx->dirty = true;
    }
    bool moving = scene_animating(&app->scenes, ctx);
    if (app_frame_wanted(app) && app_frame_due(app, moving)) {
        app_frame_present(app, moving);
    }
    return true;
}
