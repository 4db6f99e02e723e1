/*
 * ctx.c - the services the scenes share: set-up and tear-down, the
 * notice, settings kept in step with the window, the board toggles.
 */
#include "ctx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenes/scene.h"
#include "platform/sound.h"

/* Finds the data folder; a headless test without one stores nothing. */
static void open_storage(Ctx *ctx)
{
    const char *dir = ctx->cfg.data_dir;
    bool want = (dir != NULL && dir[0] != '\0') || !ctx->cfg.headless_test;
    char err[512];
    if (want) {
        if (storage_init(&ctx->data.storage, dir, err, sizeof err) == STORAGE_OK) {
            ctx->data.have_storage = true;
            const char *env = getenv(STORAGE_ENV_DOCUMENTS);
            if (ctx->cfg.headless_test && (env == NULL || env[0] == '\0')) {
                /* A test never writes to the real Documents folder. */
                char docs[STORAGE_PATH_MAX];
                int n = snprintf(docs, sizeof docs, "%s/Documents", ctx->data.storage.dir);
                if (n > 0 && (size_t)n < sizeof docs) {
                    storage_set_documents(&ctx->data.storage, docs);
                }
            }
        } else {
            fprintf(stderr, "gomoku: %s\n", err);
        }
    }
}

/* Reads settings.ini; anything but a clean read is told at the start
 * (saves_startup), since a setting the player chose is not in force. */
static void load_settings(Ctx *ctx)
{
    char *why = ctx->data.settings_why;
    SettingsStatus st = settings_load(&ctx->data.storage, &ctx->data.settings,
                                      &ctx->data.settings_file, why, sizeof ctx->data.settings_why);
    ctx->data.settings_read = st;
    if (st != SETTINGS_OK && st != SETTINGS_MISSING) {
        fprintf(stderr, "gomoku: settings: %s\n", why);
        ctx->data.settings_msg = true;
        ctx->data.settings_bad = st == SETTINGS_CORRUPT;
    }
}

void ctx_init(Ctx *ctx, const AppConfig *cfg)
{
    memset(ctx, 0, sizeof *ctx);
    if (cfg != NULL) {
        ctx->cfg = *cfg;
    }
    ctx->ui.last_mark = true;
    ctx->test_now = CTX_TEST_CLOCK_START;
    settings_defaults(&ctx->data.settings);
    open_storage(ctx);
    if (ctx->data.have_storage) {
        load_settings(ctx);
    }
    ctx->data.lang_system = ctx->cfg.headless_test ? I18N_LANG_EN : i18n_from_system();
    I18nLang lang = I18N_LANG_EN;
    if (!i18n_language_parse(ctx->data.settings.language, &lang)) {
        lang = ctx->data.lang_system;
    }
    i18n_set_language(lang);
}

/* One text renderer for every string.  The Noto subset covers both
 * languages (the language row shows "简体中文" in English too); names the
 * player types may need the Latin fonts as a fallback. */
static int open_text(Ctx *ctx, char *err, size_t errlen)
{
    const Assets *a = &ctx->platform.assets;
    bool cjk = a->font_cjk_regular != NULL;
    char why[512];
    ctx->ui.text = text_create(ctx->platform.ren, cjk ? a->font_cjk_regular : a->font_regular,
                               cjk ? a->font_cjk_regular_len : a->font_regular_len,
                               cjk ? a->font_cjk_bold : a->font_bold,
                               cjk ? a->font_cjk_bold_len : a->font_bold_len, why, sizeof why);
    if (ctx->ui.text == NULL) {
        snprintf(err, errlen, "Bad font in %sfonts/: %s", a->dir, why);
        return -1;
    }
    if (cjk) {
        text_set_fallback(ctx->ui.text, a->font_regular, a->font_regular_len, a->font_bold,
                          a->font_bold_len);
    }
    return 0;
}

int ctx_open(Ctx *ctx, SDL_Window *win, SDL_Renderer *ren, SceneStack *scenes, char *err,
             size_t errlen)
{
    ctx->platform.win = win;
    ctx->platform.ren = ren;
    ctx->scenes = scenes;
    char dir[ASSETS_PATH_MAX];
    if (assets_find_dir(ctx->cfg.assets_dir, dir, sizeof dir, err, errlen) != 0 ||
        assets_load(&ctx->platform.assets, ren, dir, err, errlen) != 0 ||
        open_text(ctx, err, errlen) != 0) {
        return -1;
    }
    SDL_SetWindowIcon(win, ctx->platform.assets.icon);
    char why_sound[1024];
    SoundStatus ss = sound_init(dir, why_sound, sizeof why_sound);
    if (ss != SOUND_OK && !ctx->cfg.headless_test) {
        fprintf(stderr, "gomoku: sound: %s\n", why_sound);
    }
    ctx->platform.sound_ok = ss != SOUND_NO_DEVICE;
    sound_set_muted(!ctx->data.settings.sound);
    /* Tests want quick answers and no pacing; the answers are the same on
     * every run anyway (the helper's budget is nodes). */
    SessionConfig scfg = {.ai_vs_ai_pace_ms = ctx->cfg.headless_test ? 0 : 400,
                          .fixed_budgets = ctx->cfg.headless_test};
    SessionSetup setup = settings_setup(&ctx->data.settings);
    ctx->session = session_new(&scfg, &setup);
    if (ctx->session == NULL) {
        snprintf(err, errlen, "Out of memory.");
        return -1;
    }
    session_set_analysis(ctx->session, ctx->data.settings.analysis);
    char why[512];
    ctx->engines = engines_new(!ctx->cfg.headless_test, why, sizeof why);
    if (ctx->engines == NULL) {
        snprintf(err, errlen, "Cannot start the computer player: %s", why);
        return -1;
    }
    /* A test wants its files on the disk when a step returns. */
    ctx->data.writer = storage_writer_new(!ctx->cfg.headless_test, why, sizeof why);
    if (ctx->data.writer == NULL) {
        fprintf(stderr, "gomoku: %s; saving on the game's own thread\n", why);
        ctx->data.writer = storage_writer_new(false, why, sizeof why);
    }
    if (ctx->data.writer == NULL) {
        snprintf(err, errlen, "Out of memory.");
        return -1;
    }
    ctx_update_output(ctx);
    return 0;
}

void ctx_finish(Ctx *ctx)
{
    ctx->scenes = NULL; /* gone (app_destroy): what the writer says goes to the log */
    if (ctx->platform.win != NULL && ctx->data.have_storage) {
        ctx_settings_changed(ctx);
    }
}

void ctx_close(Ctx *ctx)
{
    storage_writer_free(ctx->data.writer);
    ctx->data.writer = NULL;
    settings_file_free(&ctx->data.settings_file);
    engines_free(ctx->engines);
    ctx->engines = NULL;
    session_free(ctx->session);
    ctx->session = NULL;
    sound_quit();
    board_view_backdrop_free(&ctx->ui.backdrop);
    text_destroy(ctx->ui.text);
    ctx->ui.text = NULL;
    assets_free(&ctx->platform.assets);
}

UiKit ctx_kit(const Ctx *ctx)
{
    return (UiKit){ctx->platform.ren, ctx->ui.text, &ctx->platform.assets, ctx->platform.out_w,
                   ctx->platform.out_h};
}

uint64_t ctx_now(const Ctx *ctx)
{
    return ctx->cfg.test_clock ? ctx->test_now : SDL_GetTicks64();
}

void ctx_update_output(Ctx *ctx)
{
    int ww = 0, wh = 0, ow = 0, oh = 0;
    SDL_GetWindowSize(ctx->platform.win, &ww, &wh);
    if (SDL_GetRendererOutputSize(ctx->platform.ren, &ow, &oh) != 0 || ow <= 0 || oh <= 0) {
        ow = ww;
        oh = wh;
    }
    ctx->platform.out_w = ow;
    ctx->platform.out_h = oh;
    ctx->platform.sx = ww > 0 ? (float)ow / (float)ww : 1.0f;
    ctx->platform.sy = wh > 0 ? (float)oh / (float)wh : 1.0f;
    ctx->dirty = true;
}

void ctx_notice(Ctx *ctx, const char *msg)
{
    SDL_strlcpy(ctx->ui.notice, msg, sizeof ctx->ui.notice);
    ctx->ui.notice_until = ctx_now(ctx) + CTX_NOTICE_MS;
    ctx->dirty = true;
}

const char *ctx_notice_text(const Ctx *ctx)
{
    return ctx->ui.notice[0] != '\0' && ctx_now(ctx) < ctx->ui.notice_until ? ctx->ui.notice : "";
}

void ctx_clear_notice(Ctx *ctx)
{
    ctx->ui.notice[0] = '\0';
}

void ctx_message(Ctx *ctx, const char *text)
{
    DialogSpec spec = {
        .tag = DIALOG_MESSAGE, .buttons = 1, .labels = {I18N_BTN_OK, I18N_BTN_CANCEL}};
    SDL_strlcpy(spec.text, text, sizeof spec.text);
    scene_push(ctx->scenes, SCENE_DIALOG, &spec);
}

/* The window's size and place, unless maximized or fullscreen (then the
 * normal size is what the next start should restore). */
static void window_state(Ctx *ctx, Settings *s)
{
    Uint32 flags = SDL_GetWindowFlags(ctx->platform.win);
    s->fullscreen = ctx->platform.fullscreen;
    s->maximized = (flags & SDL_WINDOW_MAXIMIZED) != 0;
    if (s->fullscreen || s->maximized) {
        return;
    }
    int w = 0, h = 0, x = 0, y = 0;
    SDL_GetWindowSize(ctx->platform.win, &w, &h);
    SDL_GetWindowPosition(ctx->platform.win, &x, &y);
    if (w >= SETTINGS_MIN_WINDOW && h >= SETTINGS_MIN_WINDOW) {
        s->window_w = w;
        s->window_h = h;
    }
    s->has_position = true;
    s->window_x = x;
    s->window_y = y;
}

/* The language shown, kept as the player chose it: "system" stays so
 * while the system's language is shown (it may be another next time). */
static void keep_language(Ctx *ctx, Settings *s)
{
    I18nLang now = i18n_language(), meant = ctx->data.lang_system;
    if (!i18n_language_parse(s->language, &meant)) {
        meant = ctx->data.lang_system;
    }
    if (now != meant) {
        snprintf(s->language, sizeof s->language, "%s", now == I18N_LANG_ZH ? "zh" : "en");
    }
}

/* Keeps the damaged settings.ini aside before a new one is written; false
 * (the player told why) when it cannot be. */
static bool settings_aside(Ctx *ctx, const char *path)
{
    char moved[STORAGE_PATH_MAX + 32], err[STORAGE_PATH_MAX + 256], msg[STORAGE_PATH_MAX * 2];
    StorageStatus st = storage_set_aside(path, moved, sizeof moved, err, sizeof err);
    if (st == STORAGE_OK) {
        i18n_format(msg, sizeof msg, I18N_FMT_KEPT_ASIDE, STORAGE_SETTINGS_FILE,
                    storage_layout_base_name(moved));
        ctx_notice(ctx, msg);
        return true;
    }
    if (st == STORAGE_ERR_NOT_FOUND) {
        return true; /* gone meanwhile: nothing to keep */
    }
    fprintf(stderr, "gomoku: %s\n", err);
    i18n_format(msg, sizeof msg, I18N_FMT_SAVE_FAILED, STORAGE_SETTINGS_FILE, err);
    ctx_notice(ctx, msg);
    ctx->data.settings_file.status = SETTINGS_ERR_IO; /* never over it, then */
    return false;
}

void ctx_settings_changed(Ctx *ctx)
{
    Settings *s = &ctx->data.settings;
    keep_language(ctx, s);
    window_state(ctx, s);
    char path[STORAGE_PATH_MAX];
    if (!ctx->data.have_storage || ctx->data.settings_bad || ctx->data.writer == NULL ||
        storage_path(&ctx->data.storage, STORAGE_SETTINGS_FILE, path, sizeof path) != STORAGE_OK) {
        return;
    }
    size_t len = 0;
    bool aside = false;
    char *text = settings_text_for(&ctx->data.settings_file, s, &len, &aside);
    if (text == NULL || (aside && !settings_aside(ctx, path))) {
        free(text);
        return;
    }
    /* What the next change is measured against: the file as it will be. */
    char *copy = malloc(len + 1);
    if (copy == NULL) {
        free(text);
        return;
    }
    memcpy(copy, text, len + 1);
    settings_file_free(&ctx->data.settings_file);
    ctx->data.settings_file = (SettingsFile){copy, len, SETTINGS_OK};
    storage_writer_write(ctx->data.writer, path, text, len, CTX_WRITE_SETTINGS, true);
    ctx->data.writes_asked++;
}

void ctx_settings_written(Ctx *ctx, StorageResult *r)
{
    if (r->status == STORAGE_OK) {
        return;
    }
    fprintf(stderr, "gomoku: %s\n", r->err);
    char msg[STORAGE_PATH_MAX * 2];
    i18n_format(msg, sizeof msg, I18N_FMT_SAVE_FAILED, STORAGE_SETTINGS_FILE, r->err);
    ctx_notice(ctx, msg);
    Settings ignored;
    char why[512];
    settings_load(&ctx->data.storage, &ignored, &ctx->data.settings_file, why, sizeof why);
}

void ctx_toggle(Ctx *ctx, CtxToggle which)
{
    Settings *s = &ctx->data.settings;
    ctx->dirty = true;
    switch (which) {
    case CTX_TOGGLE_ANALYSIS:
        s->analysis = !s->analysis;
        session_set_analysis(ctx->session, s->analysis);
        ctx_notice(ctx, i18n_get(s->analysis ? I18N_ANALYSIS_ON : I18N_ANALYSIS_OFF));
        break;
    case CTX_TOGGLE_NUMBERS: s->move_numbers = !s->move_numbers; break;
    case CTX_TOGGLE_COORDS: s->coordinates = !s->coordinates; break;
    case CTX_TOGGLE_SOUND:
        if (!ctx->platform.sound_ok) {
            /* Nothing to switch: say why, and keep the player's choice for
             * a machine that has a device. */
            ctx_notice(ctx, i18n_get(I18N_SOUND_UNAVAILABLE));
            return;
        }
        s->sound = !s->sound;
        sound_set_muted(!s->sound);
        ctx_notice(ctx, i18n_get(s->sound ? I18N_BTN_SOUND_ON : I18N_BTN_SOUND_OFF));
        break;
    case CTX_TOGGLE_FORBIDDEN: s->forbidden_marks = !s->forbidden_marks; break;
    case CTX_TOGGLE_LAST_MARK:
        /* A view option of the moment, not kept. */
        ctx->ui.last_mark = !ctx->ui.last_mark;
        return;
    case CTX_TOGGLE_ENGINE_LINE:
        ctx->ui.engine_line = !ctx->ui.engine_line;
        ctx_notice(ctx, i18n_get(ctx->ui.engine_line ? I18N_ENGINE_LINE_ON : I18N_ENGINE_LINE_OFF));
        return;
    }
    ctx->data.settings_bad = false;
    ctx_settings_changed(ctx);
}

void ctx_toggle_fullscreen(Ctx *ctx)
{
    ctx->platform.fullscreen = !ctx->platform.fullscreen;
    SDL_SetWindowFullscreen(ctx->platform.win,
                            ctx->platform.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    ctx_update_output(ctx);
    ctx_settings_changed(ctx);
}

int ctx_new_game(Ctx *ctx, const SessionSetup *setup, bool keep_score)
{
    char date[RECORD_TEXT_MAX];
    storage_date_now(date, sizeof date);
    if (session_new_game(ctx->session, setup, keep_score, ctx_now(ctx), date) != SESSION_OK) {
        ctx_notice(ctx, i18n_get(I18N_BAD_OPTIONS));
        return -1;
    }
    return 0;
}

const char *ctx_player_name(const Ctx *ctx, Stone side)
{
    const Session *s = ctx->session;
    switch (session_setup(s).mode) {
    case MODE_HUMAN_BLACK:
    case MODE_COMPUTER_BLACK:
        return i18n_get(session_is_computer(s, side) ? I18N_PLAYER_COMPUTER : I18N_PLAYER_YOU);
    case MODE_TWO_PLAYERS:
        return i18n_get(side == STONE_BLACK ? I18N_PLAYER_BLACK : I18N_PLAYER_WHITE);
    default:
        return i18n_get(side == STONE_BLACK ? I18N_PLAYER_COMPUTER_BLACK
                                            : I18N_PLAYER_COMPUTER_WHITE);
    }
}
