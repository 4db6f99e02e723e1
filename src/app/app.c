/*
 * app.c - the application: SDL setup, the scene state machine, the AI
 * hand-off, the engine's help (hint, analysis, review evaluations), saving
 * and loading.  What it looks like is drawn by app_draw.c from the same
 * App record (app_internal.h).
 *
 * Every change of scene goes through app_set_state, so the things that
 * must happen on a transition (cancel the search, make a new game, reset
 * the pointer state) happen in one place.  Every change of the position
 * goes through position_changed, which invalidates the engine's help,
 * starts the placing animation and writes the autosave.
 */
#include "app_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <SDL_image.h>
#include <SDL_ttf.h>

static char create_error[2048];

static void copy_text(char *dst, size_t len, const char *src);
static void app_set_state(App *app, AppState next, bool fresh_game);
static void position_changed(App *app, bool placed);
static void helper_pump(App *app);
static void settings_sync(App *app, bool write);

const char *app_create_error(void)
{
    return create_error;
}

/* ---------------------------------------------------------------- helpers */

bool app_is_computer(const App *app, Stone side)
{
    switch (app->opt.mode) {
    case MODE_HUMAN_BLACK: return side == STONE_WHITE;
    case MODE_COMPUTER_BLACK: return side == STONE_BLACK;
    case MODE_AI_VS_AI: return true;
    default: return false;
    }
}

/* True when exactly one side is a person: results then say "You win!". */
bool app_one_human(const App *app)
{
    return app->opt.mode == MODE_HUMAN_BLACK || app->opt.mode == MODE_COMPUTER_BLACK;
}

/* The result, counting a fallen flag. */
GameResult app_result_of(const App *app)
{
    if (app->game == NULL) {
        return GAME_ONGOING;
    }
    return app->timed_out ? app->timeout_result : game_result(app->game);
}

bool app_humans_turn(const App *app)
{
    return app->game != NULL && app->state == APP_STATE_PLAYING &&
           app_result_of(app) == GAME_ONGOING && !app_is_computer(app, game_to_move(app->game)) &&
           !app->thinking;
}

static void set_notice(App *app, const char *msg)
{
    copy_text(app->notice, sizeof app->notice, msg);
    app->notice_until = SDL_GetTicks() + APP_NOTICE_MS;
    app->dirty = true;
}

static void show_dialog(App *app, DialogKind kind, const char *text)
{
    app->dlg = kind;
    copy_text(app->dlg_text, sizeof app->dlg_text, text);
    app->dlg_focus = 0;
    app->dlg_hover = -1;
    app->dlg_pressed = -1;
    app->dirty = true;
}

static void update_layout(App *app)
{
    int ww = 0, wh = 0, ow = 0, oh = 0;
    SDL_GetWindowSize(app->win, &ww, &wh);
    if (SDL_GetRendererOutputSize(app->ren, &ow, &oh) != 0 || ow <= 0 || oh <= 0) {
        ow = ww;
        oh = wh;
    }
    app->out_w = ow;
    app->out_h = oh;
    app->sx = ww > 0 ? (float)ow / (float)ww : 1.0f;
    app->sy = wh > 0 ? (float)oh / (float)wh : 1.0f;
    int n = app->game != NULL ? game_board(app->game)->size : app->opt.size;
    layout_compute_ex(&app->layout, ow, oh, app->sx, n, app->settings.coordinates);
    menu_layout(&app->menu, ow, oh, app->sx);
    app->dirty = true;
}

const char *app_player_name(const App *app, Stone side)
{
    switch (app->opt.mode) {
    case MODE_HUMAN_BLACK:
    case MODE_COMPUTER_BLACK:
        return i18n_get(app_is_computer(app, side) ? I18N_PLAYER_COMPUTER : I18N_PLAYER_YOU);
    case MODE_TWO_PLAYERS:
        return i18n_get(side == STONE_BLACK ? I18N_PLAYER_BLACK : I18N_PLAYER_WHITE);
    default:
        return i18n_get(side == STONE_BLACK ? I18N_PLAYER_COMPUTER_BLACK
                                            : I18N_PLAYER_COMPUTER_WHITE);
    }
}

/* --------------------------------------------------------------------- AI */

static void drop_held(App *app)
{
    if (app->held != NULL) {
        ai_worker_result_free(app->held);
        app->held = NULL;
    }
}

/* Stops any search; its answer, still delivered, is then stale by job id. */
static void cancel_ai(App *app)
{
    if (app->thinking) {
        ai_worker_cancel(app->worker);
    }
    app->job = (app->job + 1) & ~APP_HELPER_JOB;
    app->thinking = false;
    drop_held(app);
}

static void maybe_start_ai(App *app)
{
    if (app->state != APP_STATE_PLAYING || app->game == NULL || app->thinking ||
        app->held != NULL || app_result_of(app) != GAME_ONGOING ||
        !app_is_computer(app, game_to_move(app->game)) || app->dlg != DLG_NONE) {
        return;
    }
    AiRequest req;
    SDL_zero(req);
    req.board = *game_board(app->game);
    req.rules = game_rules(app->game);
    req.to_move = game_to_move(app->game);
    req.limits = ai_preset_limits(app->opt.preset);
    req.limits.seed ^= (uint32_t)game_move_count(app->game) * 2654435761u + app->job;
    if (app->clock_on) {
        /* Never let the engine flag: a slice of what is left. */
        int idx = req.to_move == STONE_BLACK ? 0 : 1;
        int slice = SDL_max(50, app->clock_ms[idx] / 20);
        if (req.limits.time_ms == 0 || req.limits.time_ms > slice) {
            req.limits.time_ms = slice;
        }
    }
    app->job = (app->job + 1) & ~APP_HELPER_JOB;
    if (ai_worker_start(app->worker, &req, app->job) != 0) {
        char msg[200];
        i18n_format(msg, sizeof msg, I18N_FMT_AI_FAILED, SDL_GetError());
        fprintf(stderr, "gomoku: %s\n", msg);
        set_notice(app, msg);
        return;
    }
    app->thinking = true;
    app->think_started = SDL_GetTicks();
    app->dirty = true;
}

/* After any change to the game: finish it, or let the computer move. */
static void after_move(App *app)
{
    app->dirty = true;
    if (app_result_of(app) != GAME_ONGOING) {
        app_set_state(app, APP_STATE_GAME_OVER, false);
    } else {
        maybe_start_ai(app);
    }
}

/* Plays m for the side to move, recording its thinking time. */
static GameStatus play_move(App *app, Move m)
{
    int i = game_move_count(app->game);
    GameStatus st = game_play(app->game, m);
    if (st == GAME_OK) {
        if (i >= 0 && i < BOARD_MAX_CELLS) {
            app->move_ms[i] = (int32_t)(SDL_GetTicks() - app->move_started);
        }
        app->move_started = SDL_GetTicks();
        position_changed(app, true);
    }
    return st;
}

static void apply_ai_result(App *app, AiWorkerResult *r)
{
    app->thinking = false;
    app->last_info = r->info;
    app->have_info = true;
    Move m = r->info.best;
    GameStatus st = r->status == 0 ? play_move(app, m) : GAME_ERR_ARGS;
    ai_worker_result_free(r);
    if (st != GAME_OK) {
        /* Should not happen; do not leave the person waiting for ever. */
        fprintf(stderr, "gomoku: the engine's move was refused (%d)\n", (int)st);
        set_notice(app, i18n_get(I18N_AI_NO_MOVE));
        return;
    }
    app->notice[0] = '\0';
    after_move(app);
}

static void on_helper_result(App *app, AiWorkerResult *r);

static void on_ai_result(App *app, AiWorkerResult *r)
{
    if (r == NULL) {
        return;
    }
    if ((r->job & APP_HELPER_JOB) != 0) {
        on_helper_result(app, r);
        return;
    }
    if (r->job != app->job || r->cancelled || !app->thinking || app->game == NULL) {
        ai_worker_result_free(r);
        return;
    }
    Uint32 due = app->think_started + APP_AI_VS_AI_PACE_MS;
    if (app->opt.mode == MODE_AI_VS_AI && !app->cfg.headless_test &&
        !SDL_TICKS_PASSED(SDL_GetTicks(), due)) {
        drop_held(app);
        app->held = r;
        app->held_until = due;
        return;
    }
    apply_ai_result(app, r);
}

/* ------------------------------------------------------------- the helper */

static void helper_cancel(App *app)
{
    if (app->hkind != HELP_NONE) {
        ai_worker_cancel(app->helper);
        app->hkind = HELP_NONE;
    }
    app->hjob = (app->hjob + 1) | APP_HELPER_JOB;
}

/* The board after the first i moves of the review. */
void app_review_board(const App *app, int i, Board *b)
{
    board_init(b, game_board(app->game)->size);
    for (int j = 0; j < i && j < app->rn; j++) {
        board_set(b, app->rmoves[j].x, app->rmoves[j].y, j % 2 == 0 ? STONE_BLACK : STONE_WHITE);
    }
}

static void helper_start(App *app, HelperJob kind, const Board *b, Stone to_move, AiLimits limits,
                         int index)
{
    AiRequest req;
    SDL_zero(req);
    req.board = *b;
    req.rules = game_rules(app->game);
    req.to_move = to_move;
    req.limits = limits;
    app->hjob = (app->hjob + 1) | APP_HELPER_JOB;
    if (ai_worker_start(app->helper, &req, app->hjob) != 0) {
        return;
    }
    app->hkind = kind;
    app->hindex = index;
    app->hserial = app->serial;
    app->dirty = true;
}

static AiLimits helper_limits(const App *app, int time_ms, int depth, int64_t nodes)
{
    AiLimits l = ai_preset_limits(AI_PRESET_HARD);
    l.miss_three_pct = 0;
    l.max_depth = SDL_min(l.max_depth > 0 ? l.max_depth : depth, depth);
    /* Tests want the same answer every run: a node budget, no clock. */
    l.time_ms = app->cfg.headless_test ? 0 : time_ms;
    l.max_nodes = nodes;
    return l;
}

bool app_analysis_active(const App *app)
{
    /* Review has its graph; the overlay is for the game being played. */
    return app->settings.analysis && app->game != NULL && app->state == APP_STATE_PLAYING &&
           game_result(app->game) == GAME_ONGOING && !board_is_full(game_board(app->game));
}

/* Starts whatever help is wanted most and not known yet: a hint, the
 * analysis of the position, then the review's evaluations. */
static void helper_pump(App *app)
{
    if (app->helper == NULL || app->game == NULL) {
        return;
    }
    if (app->hkind != HELP_NONE) {
        bool stale =
            (app->hkind == HELP_HINT || app->hkind == HELP_ANALYSIS) && app->hserial != app->serial;
        bool hint_first = app->hint_wanted && app->hkind != HELP_HINT;
        if (!stale && !hint_first) {
            return;
        }
        helper_cancel(app);
    }
    const Board *b = game_board(app->game);
    Stone to_move = game_to_move(app->game);
    if (app->hint_wanted && app_humans_turn(app)) {
        helper_start(app, HELP_HINT, b, to_move, helper_limits(app, 1500, 12, 200000), 0);
        return;
    }
    app->hint_wanted = false;
    if (app_analysis_active(app) && (!app->ana_valid || app->ana_serial != app->serial)) {
        app->ana_valid = false;
        helper_start(app, HELP_ANALYSIS, b, to_move, helper_limits(app, 3000, 14, 400000), 0);
        return;
    }
    if (app->state == APP_STATE_REVIEW) {
        for (int i = 0; i <= app->rn; i++) {
            if (!app->rhave[i]) {
                Board rb;
                app_review_board(app, i, &rb);
                helper_start(app, HELP_EVAL, &rb, i % 2 == 0 ? STONE_BLACK : STONE_WHITE,
                             helper_limits(app, 400, 6, 12000), i);
                return;
            }
        }
    }
}

/* Maps an engine score (side to move's view) to -1..1. */
static float squash(int score)
{
    if (score >= AI_SCORE_WIN_THRESHOLD) {
        return 1.0f;
    }
    if (score <= -AI_SCORE_WIN_THRESHOLD) {
        return -1.0f;
    }
    float s = (float)score;
    return s / (fabsf(s) + 600.0f);
}

static void on_helper_result(App *app, AiWorkerResult *r)
{
    bool mine = r->job == app->hjob && !r->cancelled && app->game != NULL;
    HelperJob kind = app->hkind;
    if (!mine) {
        ai_worker_result_free(r);
        return;
    }
    app->hkind = HELP_NONE;
    if (kind == HELP_HINT && app->hserial == app->serial) {
        app->hint_wanted = false;
        if (r->status == 0 && move_is_valid(r->info.best)) {
            app->hint = r->info.best;
            app->hint_serial = app->serial;
            app->hint_since = SDL_GetTicks();
            char name[RECORD_MOVE_NAME_MAX], msg[96];
            record_move_name(app->hint, game_board(app->game)->size, name);
            name[0] = (char)(name[0] - 'a' + 'A');
            i18n_format(msg, sizeof msg, I18N_FMT_HINT_MOVE, name);
            set_notice(app, msg);
        }
    } else if (kind == HELP_ANALYSIS && app->hserial == app->serial) {
        app->ana = r->info;
        app->ana_valid = r->status == 0;
        app->ana_serial = app->serial;
    } else if (kind == HELP_EVAL && app->state == APP_STATE_REVIEW && app->hindex <= app->rn) {
        int i = app->hindex;
        float v = r->status == 0 ? squash(r->info.score) : 0.0f;
        /* The graph is from black's side. */
        app->reval[i] = i % 2 == 0 ? v : -v;
        app->rhave[i] = true;
    }
    ai_worker_result_free(r);
    app->dirty = true;
    helper_pump(app);
}

/* ------------------------------------------------------- saving, autosave */

static void fill_record(const App *app, Record *rec)
{
    record_from_game(app->game, rec);
    int n = SDL_min(rec->count, BOARD_MAX_CELLS);
    for (int i = 0; i < n; i++) {
        rec->time_ms[i] = app->move_ms[i];
    }
    rec->black.kind =
        app_is_computer(app, STONE_BLACK) ? RECORD_PLAYER_COMPUTER : RECORD_PLAYER_HUMAN;
    rec->white.kind =
        app_is_computer(app, STONE_WHITE) ? RECORD_PLAYER_COMPUTER : RECORD_PLAYER_HUMAN;
    record_set_text(rec->black.name, rec->black.kind == RECORD_PLAYER_COMPUTER ? "Computer" : "");
    record_set_text(rec->white.name, rec->white.kind == RECORD_PLAYER_COMPUTER ? "Computer" : "");
    if (app->opt.mode != MODE_TWO_PLAYERS) {
        record_set_text(rec->preset, ai_preset_name(app->opt.preset));
    }
    record_set_text(rec->date, app->date);
    rec->clock_ms = app->clock_on ? (int32_t)app->opt.clock_min * 60000 : 0;
    if (app->timed_out) {
        rec->result = app->timeout_result;
        rec->end = RECORD_END_TIME;
    }
}

static void autosave(App *app)
{
    if (!app->have_storage || app->game == NULL) {
        return;
    }
    char err[512];
    if (app->autosave_bad) {
        /* Keep the damaged file the player was told about, out of the way. */
        char path[STORAGE_PATH_MAX];
        if (storage_path(&app->storage, STORAGE_AUTOSAVE_FILE, path, sizeof path) == STORAGE_OK) {
            storage_set_aside(path, NULL, 0, err, sizeof err);
        }
        app->autosave_bad = false;
    }
    if (app_result_of(app) != GAME_ONGOING || game_move_count(app->game) == 0) {
        storage_autosave_remove(&app->storage, err, sizeof err);
        return;
    }
    Record rec;
    fill_record(app, &rec);
    if (storage_autosave_write(&app->storage, &rec, err, sizeof err) != STORAGE_OK) {
        fprintf(stderr, "gomoku: %s\n", err);
    }
}

/* The position changed: the engine's help is out of date, a placed stone
 * animates and clicks, and the game is saved. */
static void position_changed(App *app, bool placed)
{
    app->serial++;
    app->hint = MOVE_NONE;
    app->hint_wanted = false;
    app->ana_valid = false;
    app->fmap_valid = false;
    if (placed && app->game != NULL) {
        app->anim = game_last_move(app->game);
        app->anim_start = SDL_GetTicks();
        sound_play(SOUND_STONE);
    }
    if (app->state != APP_STATE_REVIEW) {
        autosave(app);
    }
    app->dirty = true;
    helper_pump(app);
}

/* ------------------------------------------------------------------ clock */

static void clock_reset(App *app)
{
    app->clock_on = app->opt.clock_min > 0;
    app->clock_ms[0] = app->clock_ms[1] = app->opt.clock_min * 60000;
    app->clock_tick = SDL_GetTicks();
    app->timed_out = false;
}

static bool clock_running(const App *app)
{
    return app->clock_on && app->state == APP_STATE_PLAYING && app->game != NULL &&
           app_result_of(app) == GAME_ONGOING && app->dlg == DLG_NONE;
}

static void clock_update(App *app)
{
    Uint32 now = SDL_GetTicks();
    Uint32 dt = now - app->clock_tick;
    app->clock_tick = now;
    if (!clock_running(app)) {
        return;
    }
    int idx = game_to_move(app->game) == STONE_BLACK ? 0 : 1;
    int32_t before = app->clock_ms[idx];
    app->clock_ms[idx] -= (int32_t)SDL_min(dt, 1000000u);
    if (before / 1000 != app->clock_ms[idx] / 1000) {
        app->dirty = true;
    }
    if (app->clock_ms[idx] <= 0) {
        app->clock_ms[idx] = 0;
        app->timed_out = true;
        app->timeout_result = idx == 0 ? GAME_WHITE_WINS : GAME_BLACK_WINS;
        cancel_ai(app);
        autosave(app);
        app_set_state(app, APP_STATE_GAME_OVER, false);
    }
}

/* ---------------------------------------------------------- transitions */

static bool new_game(App *app)
{
    Rules rules = {app->opt.rule, app->opt.k};
    Game *g = game_new(app->opt.size, rules);
    if (g == NULL) {
        set_notice(app, i18n_get(I18N_BAD_OPTIONS));
        return false;
    }
    game_free(app->game);
    app->game = g;
    app->have_info = false;
    app->notice[0] = '\0';
    app->scored = false;
    app->move_started = SDL_GetTicks();
    SDL_memset(app->move_ms, 0xff, sizeof app->move_ms);
    storage_date_now(app->date, sizeof app->date);
    clock_reset(app);
    app->cursor = (Move){(int8_t)(app->opt.size / 2), (int8_t)(app->opt.size / 2)};
    app->cursor_shown = false;
    return true;
}

static void score_result(App *app)
{
    GameResult res = app_result_of(app);
    if (!app->scored && app->game != NULL && res != GAME_ONGOING) {
        app->scored_result = res;
        app->score[res]++;
        app->scored = true;
        if (res == GAME_DRAW) {
            return;
        }
        Stone winner = res == GAME_BLACK_WINS ? STONE_BLACK : STONE_WHITE;
        sound_play(app_one_human(app) && app_is_computer(app, winner) ? SOUND_LOSE : SOUND_WIN);
    }
}

static void app_set_state(App *app, AppState next, bool fresh_game)
{
    AppState prev = app->state;
    if (next == APP_STATE_MENU || next == APP_STATE_FILES || fresh_game) {
        cancel_ai(app);
    }
    app->pressed_target = TARGET_NONE;
    app->hover_target = TARGET_NONE;
    app->hover_point = MOVE_NONE;
    app->dirty = true;

    switch (next) {
    case APP_STATE_MENU:
        helper_cancel(app);
        /* An unfinished game waits behind the menu's Resume. */
        app->suspended = app->game != NULL && (prev == APP_STATE_PLAYING || app->suspended) &&
                         app_result_of(app) == GAME_ONGOING && game_move_count(app->game) > 0;
        if (!app->suspended) {
            game_free(app->game);
            app->game = NULL;
        }
        menu_set_can_resume(&app->menu, app->suspended);
        menu_layout(&app->menu, app->out_w, app->out_h, app->sx);
        app->menu.pressed_item = -1;
        app->menu.hover_item = -1;
        app->menu.focus = app->suspended ? MENU_ITEM_RESUME : MENU_ITEM_PLAY;
        app->state = APP_STATE_MENU;
        break;
    case APP_STATE_PLAYING:
        if (fresh_game || app->game == NULL) {
            if (!new_game(app)) {
                if (prev == APP_STATE_MENU || app->game == NULL) {
                    app->state = APP_STATE_MENU;
                }
                return;
            }
            position_changed(app, false);
        }
        if (prev == APP_STATE_GAME_OVER && !fresh_game && app->scored) {
            /* Taken back from the result: it no longer counts. */
            app->score[app->scored_result]--;
            app->scored = false;
        }
        app->suspended = false;
        app->state = APP_STATE_PLAYING;
        app->clock_tick = SDL_GetTicks();
        app->move_started = SDL_GetTicks();
        update_layout(app);
        maybe_start_ai(app);
        helper_pump(app);
        break;
    case APP_STATE_GAME_OVER:
        cancel_ai(app);
        helper_cancel(app);
        score_result(app);
        app->state = APP_STATE_GAME_OVER;
        break;
    case APP_STATE_REVIEW:
        app->state = APP_STATE_REVIEW;
        update_layout(app);
        helper_pump(app);
        break;
    case APP_STATE_FILES: {
        helper_cancel(app);
        char err[512];
        if (files_reload(&app->files, app->have_storage ? &app->storage : NULL, false, err,
                         sizeof err) != STORAGE_OK) {
            set_notice(app, err);
        }
        app->suspended = app->game != NULL && (prev == APP_STATE_PLAYING || app->suspended) &&
                         app_result_of(app) == GAME_ONGOING && game_move_count(app->game) > 0;
        app->state = APP_STATE_FILES;
        break;
    }
    }
}

/* Steps into review of the game's played moves, at the end. */
static void review_enter(App *app, AppState back_to)
{
    if (app->game == NULL) {
        return;
    }
    cancel_ai(app);
    helper_cancel(app);
    app->rn = game_move_count(app->game);
    for (int i = 0; i < app->rn; i++) {
        app->rmoves[i] = game_move_at(app->game, i);
    }
    app->rpos = app->rn;
    app->rresult = app_result_of(app);
    SDL_memset(app->rhave, 0, sizeof app->rhave);
    if (app->rresult == GAME_BLACK_WINS || app->rresult == GAME_WHITE_WINS) {
        /* The last position needs no search: the board says who won. */
        app->reval[app->rn] = app->rresult == GAME_BLACK_WINS ? 1.0f : -1.0f;
        app->rhave[app->rn] = true;
    } else if (app->rresult == GAME_DRAW) {
        app->reval[app->rn] = 0.0f;
        app->rhave[app->rn] = true;
    }
    app->rreturn = back_to;
    app->serial++;
    app_set_state(app, APP_STATE_REVIEW, false);
}

static void review_leave(App *app)
{
    helper_cancel(app);
    app->serial++;
    if (app->rreturn == APP_STATE_GAME_OVER || app_result_of(app) != GAME_ONGOING) {
        app->state = APP_STATE_GAME_OVER;
        app->dirty = true;
        update_layout(app);
    } else {
        app_set_state(app, APP_STATE_PLAYING, false);
    }
}

static void review_goto(App *app, int pos)
{
    pos = SDL_clamp(pos, 0, app->rn);
    if (pos != app->rpos) {
        bool forward_one = pos == app->rpos + 1;
        app->rpos = pos;
        app->serial++;
        app->ana_valid = false;
        if (forward_one && pos > 0) {
            app->anim = app->rmoves[pos - 1];
            app->anim_start = SDL_GetTicks();
            sound_play(SOUND_STONE);
        }
        app->dirty = true;
        helper_pump(app);
    }
}

/* Turns a loaded record into the current game.  Returns false (with the
 * message shown) when it cannot be replayed. */
static bool adopt_record(App *app, Record *rec, const char *label)
{
    char err[512];
    rec->cursor = rec->count;
    Game *g = record_to_game(rec, err, sizeof err);
    if (g == NULL) {
        char msg[700];
        i18n_format(msg, sizeof msg, I18N_FMT_FILE_CORRUPT, label, err);
        show_dialog(app, DLG_MESSAGE, msg);
        return false;
    }
    cancel_ai(app);
    helper_cancel(app);
    game_free(app->game);
    app->game = g;
    app->opt.size = rec->size;
    app->opt.k = rec->rules.k;
    app->opt.rule = rec->rules.kind;
    bool bc = rec->black.kind == RECORD_PLAYER_COMPUTER;
    bool wc = rec->white.kind == RECORD_PLAYER_COMPUTER;
    app->opt.mode = bc && wc ? MODE_AI_VS_AI
                    : bc     ? MODE_COMPUTER_BLACK
                    : wc     ? MODE_HUMAN_BLACK
                             : MODE_TWO_PLAYERS;
    (void)ai_preset_from_name(rec->preset, &app->opt.preset); /* unknown: keep the menu's */
    SDL_memset(app->move_ms, 0xff, sizeof app->move_ms);
    for (int i = 0; i < rec->count && i < BOARD_MAX_CELLS; i++) {
        app->move_ms[i] = rec->time_ms[i];
    }
    copy_text(app->date, sizeof app->date, rec->date);
    app->opt.clock_min = rec->clock_ms > 0 ? (int)(rec->clock_ms / 60000) : 0;
    clock_reset(app);
    if (app->clock_on) {
        for (int i = 0; i < rec->count; i++) {
            if (rec->time_ms[i] > 0) {
                app->clock_ms[i % 2] -= rec->time_ms[i];
            }
        }
        app->clock_ms[0] = SDL_max(app->clock_ms[0], 1000);
        app->clock_ms[1] = SDL_max(app->clock_ms[1], 1000);
    }
    app->timed_out = rec->end == RECORD_END_TIME && rec->result != GAME_ONGOING &&
                     game_result(g) == GAME_ONGOING;
    app->timeout_result = rec->result;
    app->have_info = false;
    app->scored = true; /* an old game does not change this session's score */
    app->suspended = false;
    app->hint = MOVE_NONE;
    app->serial++;
    update_layout(app);
    return true;
}

/* Opens a record file (command line, dropped, or from the list) in review. */
static void open_path(App *app, const char *path, const char *label)
{
    Record *rec = SDL_malloc(sizeof *rec);
    if (rec == NULL) {
        return;
    }
    char err[512];
    StorageStatus st = storage_load_path(path, rec, err, sizeof err);
    if (st != STORAGE_OK) {
        char msg[800];
        if (st == STORAGE_ERR_CORRUPT || st == STORAGE_ERR_TOO_BIG) {
            i18n_format(msg, sizeof msg, I18N_FMT_FILE_CORRUPT, label, err);
        } else {
            i18n_format(msg, sizeof msg, I18N_FMT_OPEN_FAILED, label, err);
        }
        show_dialog(app, DLG_MESSAGE, msg);
    } else if (adopt_record(app, rec, label)) {
        review_enter(app,
                     app_result_of(app) != GAME_ONGOING ? APP_STATE_GAME_OVER : APP_STATE_PLAYING);
    }
    SDL_free(rec);
}

static const char *base_name(const char *path)
{
    const char *b = path;
    for (const char *p = path; *p != '\0'; p++) {
        if (*p == '/' || *p == '\\') {
            b = p + 1;
        }
    }
    return b;
}

/* ---------------------------------------------------- saving under a name */

/* Opens the name dialog: with the suggested name selected (typing replaces
 * it), or with the name as it was (keep: back from "Replace it?"). */
static void name_open(App *app, bool keep)
{
    char name[STORAGE_NAME_MAX];
    if (keep) {
        copy_text(name, sizeof name, app->name.text);
    } else if (storage_suggest_name(&app->storage, name, sizeof name) != STORAGE_OK) {
        name[0] = '\0';
    }
    files_name_set(&app->name, name, !keep);
    show_dialog(app, DLG_SAVE_NAME, "");
}

/* Save: asks for a name; the game is copied now, so a move the computer
 * makes meanwhile is not part of it. */
static void save_game(App *app)
{
    if (app->game == NULL || game_move_count(app->game) == 0) {
        return;
    }
    if (!app->have_storage) {
        set_notice(app, "No data folder.");
        return;
    }
    if (app->save_rec == NULL) {
        app->save_rec = SDL_malloc(sizeof *app->save_rec);
        if (app->save_rec == NULL) {
            return;
        }
    }
    fill_record(app, app->save_rec);
    name_open(app, false);
}

static void save_drop(App *app)
{
    SDL_free(app->save_rec);
    app->save_rec = NULL;
}

/* Writes the copied game as saves/NAME.gomoku and says how it went. */
static void save_finish(App *app)
{
    char err[512] = "", msg[700];
    if (app->save_rec != NULL && storage_save_game(&app->storage, app->name.text, app->save_rec,
                                                   err, sizeof err) == STORAGE_OK) {
        i18n_format(msg, sizeof msg, I18N_FMT_SAVED_AS, app->name.text);
        set_notice(app, msg);
    } else {
        i18n_format(msg, sizeof msg, I18N_FMT_SAVE_FAILED, app->name.text, err);
        show_dialog(app, DLG_MESSAGE, msg);
    }
    save_drop(app);
}

/* Enter in the name dialog: refuse the name (saying why, the dialog stays),
 * ask before replacing a save, or save. */
static void name_submit(App *app)
{
    app->dirty = true;
    app->name.problem = storage_name_check(app->name.text);
    if (app->name.problem != STORAGE_NAME_OK) {
        return;
    }
    if (storage_save_exists(&app->storage, app->name.text)) {
        char msg[300];
        i18n_format(msg, sizeof msg, I18N_FMT_REPLACE_CONFIRM, app->name.text);
        app->replace_for = REPLACE_SAVE;
        show_dialog(app, DLG_REPLACE, msg);
        return;
    }
    app->dlg = DLG_NONE;
    save_finish(app);
}

/* ------------------------------------------------------------ commands */

static void undo(App *app)
{
    if (app->game == NULL || app->opt.mode == MODE_AI_VS_AI || app->timed_out) {
        return;
    }
    cancel_ai(app);
    if (game_undo(app->game) != GAME_OK) {
        maybe_start_ai(app);
        return;
    }
    /* Against the computer, take back to the person's last move. */
    while (app_one_human(app) && game_can_undo(app->game) &&
           app_is_computer(app, game_to_move(app->game))) {
        game_undo(app->game);
    }
    app->notice[0] = '\0';
    app->move_started = SDL_GetTicks();
    if (app->state == APP_STATE_GAME_OVER) {
        app_set_state(app, APP_STATE_PLAYING, false);
    }
    position_changed(app, false);
    after_move(app);
}

static void redo(App *app)
{
    if (app->game == NULL || app->opt.mode == MODE_AI_VS_AI || !game_can_redo(app->game) ||
        app->timed_out) {
        return;
    }
    cancel_ai(app);
    game_redo(app->game);
    while (app_one_human(app) && game_can_redo(app->game) &&
           app_is_computer(app, game_to_move(app->game)) &&
           game_result(app->game) == GAME_ONGOING) {
        game_redo(app->game);
    }
    app->notice[0] = '\0';
    app->move_started = SDL_GetTicks();
    position_changed(app, true);
    after_move(app);
}

static bool undo_enabled(const App *app)
{
    if (app->game == NULL || app->opt.mode == MODE_AI_VS_AI || !game_can_undo(app->game) ||
        app->timed_out) {
        return false;
    }
    if (app->opt.mode == MODE_COMPUTER_BLACK) {
        return game_move_count(app->game) > 1;
    }
    return true;
}

static bool redo_enabled(const App *app)
{
    return app->game != NULL && app->opt.mode != MODE_AI_VS_AI && game_can_redo(app->game) &&
           !app->timed_out;
}

Action app_slot_action(const App *app, int slot)
{
    static const Action playing[LAYOUT_BTN_COUNT] = {ACT_UNDO, ACT_REDO,     ACT_HINT,
                                                     ACT_SAVE, ACT_NEW_GAME, ACT_MENU};
    static const Action over[LAYOUT_BTN_COUNT] = {ACT_UNDO, ACT_REDO,    ACT_REVIEW,
                                                  ACT_SAVE, ACT_REMATCH, ACT_MENU};
    static const Action review[LAYOUT_BTN_COUNT] = {ACT_PREV, ACT_NEXT, ACT_FIRST,
                                                    ACT_LAST, ACT_SAVE, ACT_BACK};
    if (slot < 0 || slot >= LAYOUT_BTN_COUNT) {
        return ACT_NONE;
    }
    if (app->state == APP_STATE_REVIEW) {
        return review[slot];
    }
    return app->state == APP_STATE_GAME_OVER ? over[slot] : playing[slot];
}

const char *app_action_label(const App *app, Action a)
{
    switch (a) {
    case ACT_UNDO: return i18n_get(I18N_BTN_UNDO);
    case ACT_REDO: return i18n_get(I18N_BTN_REDO);
    case ACT_HINT: return i18n_get(I18N_BTN_HINT);
    case ACT_SAVE: return i18n_get(I18N_BTN_SAVE);
    case ACT_NEW_GAME: return i18n_get(I18N_BTN_NEW_GAME);
    case ACT_MENU: return i18n_get(I18N_BTN_MENU);
    case ACT_REMATCH: return i18n_get(I18N_BTN_REMATCH);
    case ACT_REVIEW: return i18n_get(I18N_BTN_REVIEW);
    case ACT_FIRST: return i18n_get(I18N_BTN_FIRST);
    case ACT_PREV: return i18n_get(I18N_BTN_PREV);
    case ACT_NEXT: return i18n_get(I18N_BTN_NEXT);
    case ACT_LAST: return i18n_get(I18N_BTN_LAST);
    case ACT_BACK: return i18n_get(I18N_BTN_BACK);
    default: (void)app; return "";
    }
}

bool app_action_enabled(const App *app, Action a)
{
    switch (a) {
    case ACT_UNDO: return undo_enabled(app);
    case ACT_REDO: return redo_enabled(app);
    case ACT_HINT: return app_humans_turn(app);
    case ACT_SAVE: return app->have_storage && app->game != NULL && game_move_count(app->game) > 0;
    case ACT_REVIEW: return app->game != NULL && game_move_count(app->game) > 0;
    case ACT_FIRST:
    case ACT_PREV: return app->rpos > 0;
    case ACT_NEXT:
    case ACT_LAST: return app->rpos < app->rn;
    case ACT_NONE: return false;
    default: return true;
    }
}

static bool target_enabled(const App *app, int t)
{
    if (t >= 0 && t < LAYOUT_BTN_COUNT) {
        return app_action_enabled(app, app_slot_action(app, t));
    }
    if (t == TARGET_GRAPH) {
        return app->state == APP_STATE_REVIEW;
    }
    return t != TARGET_NONE;
}

static int hit_target(const App *app, int x, int y, Move *point)
{
    *point = MOVE_NONE;
    const Layout *l = &app->layout;
    for (int i = 0; i < LAYOUT_BTN_COUNT; i++) {
        if (layout_rect_contains(l->buttons[i], x, y)) {
            return i;
        }
    }
    for (int i = 0; i < LAYOUT_TGL_COUNT; i++) {
        if (layout_rect_contains(l->toggles[i], x, y)) {
            return TARGET_TOGGLE + i;
        }
    }
    if (app->state == APP_STATE_REVIEW && layout_rect_contains(l->graph, x, y)) {
        return TARGET_GRAPH;
    }
    int px, py;
    if (layout_rect_contains(l->board, x, y) && layout_pixel_to_point(l, x, y, &px, &py)) {
        *point = (Move){(int8_t)px, (int8_t)py};
        return TARGET_BOARD;
    }
    return TARGET_NONE;
}

static void refresh_hover(App *app)
{
    Move p = MOVE_NONE;
    int t = app->mouse_in ? hit_target(app, app->mx, app->my, &p) : TARGET_NONE;
    if (t != app->hover_target || !move_equal(p, app->hover_point)) {
        app->hover_target = t;
        app->hover_point = p;
        app->dirty = true;
    }
}

static void click_board(App *app, Move m)
{
    if (!app_humans_turn(app)) {
        return;
    }
    const Board *b = game_board(app->game);
    if (board_get(b, m.x, m.y) != STONE_EMPTY) {
        sound_play(SOUND_ERROR);
        return;
    }
    Forbidden f = game_forbidden(app->game, m);
    if (f != FORBID_NONE) {
        set_notice(app, i18n_forbidden_text(f));
        sound_play(SOUND_ERROR);
        return;
    }
    if (play_move(app, m) != GAME_OK) {
        return;
    }
    app->notice[0] = '\0';
    after_move(app);
}

static void toggle(App *app, int which)
{
    Settings *s = &app->settings;
    app->settings_bad = false;
    switch (which) {
    case LAYOUT_TGL_ANALYSIS:
        s->analysis = !s->analysis;
        app->ana_valid = false;
        set_notice(app, i18n_get(s->analysis ? I18N_ANALYSIS_ON : I18N_ANALYSIS_OFF));
        if (!s->analysis && app->hkind == HELP_ANALYSIS) {
            helper_cancel(app);
        }
        helper_pump(app);
        break;
    case LAYOUT_TGL_NUMBERS: s->move_numbers = !s->move_numbers; break;
    case LAYOUT_TGL_COORDS:
        s->coordinates = !s->coordinates;
        update_layout(app);
        refresh_hover(app);
        break;
    case LAYOUT_TGL_SOUND:
        s->sound = !s->sound;
        app->menu.opt.sound = s->sound;
        sound_set_muted(!s->sound);
        set_notice(app, i18n_get(s->sound ? I18N_BTN_SOUND_ON : I18N_BTN_SOUND_OFF));
        break;
    default: break;
    }
    app->dirty = true;
    settings_sync(app, true);
}

static void request_hint(App *app)
{
    if (!app_humans_turn(app)) {
        return;
    }
    if (move_is_valid(app->hint) && app->hint_serial == app->serial) {
        return;
    }
    app->hint_wanted = true;
    helper_pump(app);
}

static void do_action(App *app, Action a)
{
    switch (a) {
    case ACT_UNDO: undo(app); break;
    case ACT_REDO: redo(app); break;
    case ACT_HINT: request_hint(app); break;
    case ACT_SAVE: save_game(app); break;
    case ACT_NEW_GAME:
    case ACT_REMATCH: app_set_state(app, APP_STATE_PLAYING, true); break;
    case ACT_MENU: app_set_state(app, APP_STATE_MENU, false); break;
    case ACT_REVIEW: review_enter(app, app->state); break;
    case ACT_FIRST: review_goto(app, 0); break;
    case ACT_PREV: review_goto(app, app->rpos - 1); break;
    case ACT_NEXT: review_goto(app, app->rpos + 1); break;
    case ACT_LAST: review_goto(app, app->rn); break;
    case ACT_BACK: review_leave(app); break;
    default: break;
    }
}

static void graph_click(App *app, int x)
{
    const LayoutRect g = app->layout.graph;
    if (app->rn <= 0 || g.w <= 1) {
        return;
    }
    int pos = (int)((long)(x - g.x) * (app->rn + 1) / g.w);
    review_goto(app, pos);
}

static void activate_target(App *app, int t, Move point, int x)
{
    if (t != TARGET_BOARD && !target_enabled(app, t)) {
        return;
    }
    if (t >= 0 && t < LAYOUT_BTN_COUNT) {
        do_action(app, app_slot_action(app, t));
    } else if (t >= TARGET_TOGGLE && t < TARGET_TOGGLE + LAYOUT_TGL_COUNT) {
        toggle(app, t - TARGET_TOGGLE);
    } else if (t == TARGET_GRAPH) {
        graph_click(app, x);
    } else if (t == TARGET_BOARD && app->state == APP_STATE_PLAYING) {
        click_board(app, point);
    }
}

static void toggle_fullscreen(App *app)
{
    app->fullscreen = !app->fullscreen;
    SDL_SetWindowFullscreen(app->win, app->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    update_layout(app);
    settings_sync(app, true);
}

static void move_cursor(App *app, int dx, int dy)
{
    int n = game_board(app->game)->size;
    if (!app->cursor_shown) {
        Move last = game_last_move(app->game);
        app->cursor = move_is_valid(last) ? last : (Move){(int8_t)(n / 2), (int8_t)(n / 2)};
        app->cursor_shown = true;
        if (dx == 0 && dy == 0) {
            app->dirty = true;
            return;
        }
    }
    app->cursor.x = (int8_t)SDL_clamp(app->cursor.x + dx, 0, n - 1);
    app->cursor.y = (int8_t)SDL_clamp(app->cursor.y + dy, 0, n - 1);
    app->dirty = true;
}

/* Commands every game scene (playing, over, review) shares. */
static bool common_command(App *app, const AppCommand *cmd)
{
    switch (cmd->kind) {
    case CMD_POINTER_MOVE:
        app->mx = cmd->x;
        app->my = cmd->y;
        app->mouse_in = true;
        refresh_hover(app);
        if (app->hover_target == TARGET_BOARD && app->cursor_shown) {
            app->cursor_shown = false; /* the mouse took over */
            app->dirty = true;
        }
        return true;
    case CMD_POINTER_LEAVE:
        app->mouse_in = false;
        refresh_hover(app);
        return true;
    case CMD_POINTER_DOWN:
        app->mx = cmd->x;
        app->my = cmd->y;
        app->mouse_in = true;
        app->pressed_target = hit_target(app, cmd->x, cmd->y, &app->pressed_point);
        app->dirty = true;
        return true;
    case CMD_POINTER_UP: {
        Move p;
        int t = hit_target(app, cmd->x, cmd->y, &p);
        int was = app->pressed_target;
        Move was_p = app->pressed_point;
        app->pressed_target = TARGET_NONE;
        app->dirty = true;
        if (t != TARGET_NONE && t == was && (t != TARGET_BOARD || move_equal(p, was_p))) {
            activate_target(app, t, p, cmd->x);
        }
        refresh_hover(app);
        return true;
    }
    case CMD_ANALYSIS: toggle(app, LAYOUT_TGL_ANALYSIS); return true;
    case CMD_NUMBERS: toggle(app, LAYOUT_TGL_NUMBERS); return true;
    case CMD_COORDS: toggle(app, LAYOUT_TGL_COORDS); return true;
    case CMD_MUTE: toggle(app, LAYOUT_TGL_SOUND); return true;
    case CMD_FORBID_MARKS:
        app->settings.forbidden_marks = !app->settings.forbidden_marks;
        app->settings_bad = false;
        app->dirty = true;
        settings_sync(app, true);
        return true;
    case CMD_LAST_MARK:
        app->last_mark = !app->last_mark;
        app->dirty = true;
        return true;
    case CMD_SAVE: save_game(app); return true;
    case CMD_OPEN: app_set_state(app, APP_STATE_FILES, false); return true;
    default: return false;
    }
}

static void review_command(App *app, const AppCommand *cmd)
{
    switch (cmd->kind) {
    case CMD_DECREASE:
    case CMD_UNDO: review_goto(app, app->rpos - 1); break;
    case CMD_INCREASE:
    case CMD_REDO: review_goto(app, app->rpos + 1); break;
    case CMD_HOME:
    case CMD_FOCUS_PREV: review_goto(app, 0); break;
    case CMD_END:
    case CMD_FOCUS_NEXT: review_goto(app, app->rn); break;
    case CMD_BACK:
    case CMD_REVIEW: review_leave(app); break;
    case CMD_NEW_GAME: app_set_state(app, APP_STATE_PLAYING, true); break;
    default: break;
    }
}

static void play_command(App *app, const AppCommand *cmd)
{
    bool playing = app->state == APP_STATE_PLAYING;
    switch (cmd->kind) {
    case CMD_UNDO: undo(app); break;
    case CMD_REDO: redo(app); break;
    case CMD_NEW_GAME: app_set_state(app, APP_STATE_PLAYING, true); break;
    case CMD_HINT: request_hint(app); break;
    case CMD_REVIEW:
        if (app_action_enabled(app, ACT_REVIEW)) {
            review_enter(app, app->state);
        }
        break;
    case CMD_FOCUS_PREV:
    case CMD_FOCUS_NEXT:
    case CMD_DECREASE:
    case CMD_INCREASE:
        if (playing) {
            int dx = cmd->kind == CMD_DECREASE ? -1 : cmd->kind == CMD_INCREASE ? 1 : 0;
            int dy = cmd->kind == CMD_FOCUS_PREV ? -1 : cmd->kind == CMD_FOCUS_NEXT ? 1 : 0;
            move_cursor(app, dx, dy);
        }
        break;
    case CMD_ACCEPT:
        if (app->state == APP_STATE_GAME_OVER) {
            app_set_state(app, APP_STATE_PLAYING, true);
        } else if (app->cursor_shown) {
            click_board(app, app->cursor);
        }
        break;
    case CMD_BACK: app_set_state(app, APP_STATE_MENU, false); break;
    default: break;
    }
}

/* ------------------------------------------------------ saved-games list */

/* Reads the list again after a change, keeping the selection. */
static void files_refresh(App *app)
{
    char err[512];
    if (files_reload(&app->files, app->have_storage ? &app->storage : NULL, true, err,
                     sizeof err) != STORAGE_OK) {
        set_notice(app, err);
    }
    app->dirty = true;
}

/* Opens the selected file in review; a .psq is imported exactly as
 * "gomoku FILE.psq" would. */
static void files_open(App *app)
{
    const StorageEntry *e = files_selected(&app->files);
    if (e == NULL) {
        return;
    }
    char path[STORAGE_PATH_MAX];
    copy_text(path, sizeof path, e->path);
    open_path(app, path, base_name(path));
}

/* Writes the save src as the .psq dst (after a confirmed replace, too). */
static void export_write(App *app, const char *src, const char *dst)
{
    Record *rec = SDL_malloc(sizeof *rec);
    if (rec == NULL) {
        return;
    }
    char err[512], msg[800];
    StorageStatus st = storage_load_path(src, rec, err, sizeof err);
    if (st == STORAGE_OK) {
        st = storage_save_path(dst, rec, err, sizeof err);
        if (st == STORAGE_OK) {
            i18n_format(msg, sizeof msg, I18N_FMT_SAVED_AS, dst);
            set_notice(app, msg);
        } else {
            i18n_format(msg, sizeof msg, I18N_FMT_SAVE_FAILED, base_name(dst), err);
            show_dialog(app, DLG_MESSAGE, msg);
        }
    } else {
        i18n_format(msg, sizeof msg, I18N_FMT_FILE_CORRUPT, base_name(src), err);
        show_dialog(app, DLG_MESSAGE, msg);
    }
    SDL_free(rec);
    if (app->state == APP_STATE_FILES) {
        files_refresh(app); /* the new .psq joins the list */
    }
}

/* Export .psq: NAME.psq in the data folder, asking before replacing one. */
static void files_export(App *app)
{
    if (!files_can_export(&app->files) || !app->have_storage) {
        return;
    }
    const StorageEntry *e = files_selected(&app->files);
    char rel[STORAGE_NAME_MAX + 16], dst[STORAGE_PATH_MAX];
    snprintf(rel, sizeof rel, "%s%s", e->name, STORAGE_PSQ_EXT);
    if (storage_path(&app->storage, rel, dst, sizeof dst) != STORAGE_OK) {
        char msg[800];
        i18n_format(msg, sizeof msg, I18N_FMT_SAVE_FAILED, rel,
                    storage_status_name(STORAGE_ERR_ARGS));
        show_dialog(app, DLG_MESSAGE, msg);
        return;
    }
    copy_text(app->export_src, sizeof app->export_src, e->path);
    copy_text(app->export_dst, sizeof app->export_dst, dst);
    if (storage_file_exists(dst)) {
        char msg[300];
        i18n_format(msg, sizeof msg, I18N_FMT_REPLACE_CONFIRM, rel);
        app->replace_for = REPLACE_EXPORT;
        show_dialog(app, DLG_REPLACE, msg);
        return;
    }
    export_write(app, app->export_src, app->export_dst);
}

static void files_back(App *app)
{
    files_free(&app->files);
    app_set_state(app, APP_STATE_MENU, false);
}

static void files_action(App *app, FilesAction a)
{
    switch (a) {
    case FILES_ACTION_OPEN: files_open(app); break;
    case FILES_ACTION_DELETE: {
        const StorageEntry *e = files_selected(&app->files);
        if (e != NULL) {
            char msg[STORAGE_PATH_MAX + 64];
            /* A .psq is named with its extension: "x" and "x.psq" may both be listed. */
            i18n_format(msg, sizeof msg, I18N_FMT_DELETE_CONFIRM,
                        e->kind == STORAGE_KIND_PSQ ? base_name(e->path) : e->name);
            show_dialog(app, DLG_DELETE, msg);
        }
        break;
    }
    case FILES_ACTION_EXPORT: files_export(app); break;
    case FILES_ACTION_BACK: files_back(app); break;
    default: break;
    }
}

/* ---------------------------------------------------------------- dialog */

int app_dialog_buttons(const App *app)
{
    return app->dlg == DLG_MESSAGE ? 1 : 2;
}

static void dialog_answer(App *app, int button)
{
    DialogKind kind = app->dlg;
    app->dlg = DLG_NONE;
    app->dirty = true;
    char err[512];
    if (kind == DLG_SAVE_NAME) {
        if (button == 0) {
            app->dlg = DLG_SAVE_NAME; /* name_submit decides whether it closes */
            name_submit(app);
        } else {
            save_drop(app);
        }
    } else if (kind == DLG_REPLACE) {
        if (app->replace_for == REPLACE_SAVE) {
            if (button == 0) {
                save_finish(app);
            } else {
                name_open(app, true); /* back to the name, to change it */
            }
        } else if (button == 0) {
            export_write(app, app->export_src, app->export_dst);
        }
    } else if (kind == DLG_RESUME) {
        if (button == 0) {
            if (adopt_record(app, &app->dlg_record, STORAGE_AUTOSAVE_FILE)) {
                app->scored = false;
                app_set_state(app, APP_STATE_PLAYING, false);
            }
        } else if (app->have_storage) {
            storage_autosave_remove(&app->storage, err, sizeof err);
        }
    } else if (kind == DLG_DELETE && button == 0 && files_selected(&app->files) != NULL) {
        if (storage_delete_entry(&app->storage, files_selected(&app->files), err, sizeof err) !=
            STORAGE_OK) {
            show_dialog(app, DLG_MESSAGE, err);
        }
        files_refresh(app);
    }
    /* A computer to move waited for the answer. */
    maybe_start_ai(app);
    app->clock_tick = SDL_GetTicks();
}

static int dialog_hit(const App *app, int x, int y)
{
    for (int i = 0; i < app_dialog_buttons(app); i++) {
        if (ui_contains(&app->dlg_btn[i], x, y)) {
            return i;
        }
    }
    return -1;
}

static void dialog_command(App *app, const AppCommand *cmd)
{
    int n = app_dialog_buttons(app);
    app->dirty = true;
    if (app->dlg == DLG_SAVE_NAME) {
        if (files_name_command(&app->name, app->text, cmd)) {
            return;
        }
        if (cmd->kind == CMD_ACCEPT) {
            dialog_answer(app, 0); /* Enter saves, whatever has the focus */
            return;
        }
    }
    switch (cmd->kind) {
    case CMD_POINTER_MOVE: app->dlg_hover = dialog_hit(app, cmd->x, cmd->y); break;
    case CMD_POINTER_DOWN: app->dlg_pressed = dialog_hit(app, cmd->x, cmd->y); break;
    case CMD_POINTER_UP: {
        int h = dialog_hit(app, cmd->x, cmd->y);
        int was = app->dlg_pressed;
        app->dlg_pressed = -1;
        if (h >= 0 && h == was) {
            dialog_answer(app, h);
        }
        break;
    }
    case CMD_DECREASE:
    case CMD_FOCUS_PREV: app->dlg_focus = (app->dlg_focus + n - 1) % n; break;
    case CMD_INCREASE:
    case CMD_FOCUS_NEXT: app->dlg_focus = (app->dlg_focus + 1) % n; break;
    case CMD_ACCEPT: dialog_answer(app, app->dlg_focus); break;
    case CMD_BACK: dialog_answer(app, n - 1); break;
    default: break;
    }
}

/* --------------------------------------------------------------- settings */

/* Copies the app's state into the settings and writes them when they
 * differ from the file (write) - never just because a load failed. */
static void settings_sync(App *app, bool write)
{
    Settings *s = &app->settings;
    settings_set_menu_options(s, &app->menu.opt);
    /* settings.ini keeps the two-letter code. */
    snprintf(s->language, sizeof s->language, "%s", i18n_language() == I18N_LANG_ZH ? "zh" : "en");
    s->sound = app->menu.opt.sound;
    s->clock = app->menu.opt.clock_min > 0;
    if (s->clock) {
        s->clock_minutes = app->menu.opt.clock_min;
    }
    Uint32 flags = SDL_GetWindowFlags(app->win);
    s->fullscreen = app->fullscreen;
    s->maximized = (flags & SDL_WINDOW_MAXIMIZED) != 0;
    if (!s->fullscreen && !s->maximized) {
        int w = 0, h = 0, x = 0, y = 0;
        SDL_GetWindowSize(app->win, &w, &h);
        SDL_GetWindowPosition(app->win, &x, &y);
        if (w >= SETTINGS_MIN_WINDOW && h >= SETTINGS_MIN_WINDOW) {
            s->window_w = w;
            s->window_h = h;
        }
        s->has_position = true;
        s->window_x = x;
        s->window_y = y;
    }
    if (write && app->have_storage && !app->settings_bad &&
        !settings_equal(s, &app->saved_settings)) {
        char msg[512];
        if (settings_save(&app->storage, s, msg, sizeof msg) == SETTINGS_OK) {
            app->saved_settings = *s;
        } else {
            fprintf(stderr, "gomoku: %s\n", msg);
        }
    }
}

/* Applies a changed menu choice that acts at once (language, sound). */
static void menu_changed(App *app, const MenuOptions *before)
{
    const MenuOptions *now = &app->menu.opt;
    if (now->lang != before->lang) {
        i18n_set_language(now->lang);
        SDL_SetWindowTitle(app->win, i18n_get(I18N_APP_TITLE));
    }
    if (now->sound != before->sound) {
        app->settings.sound = now->sound;
        sound_set_muted(!now->sound);
        if (now->sound) {
            sound_play(SOUND_STONE);
        }
    }
    if (SDL_memcmp(now, before, sizeof *now) != 0) {
        app->settings_bad = false;
        settings_sync(app, true);
    }
}

static void handle(App *app, const AppCommand *cmd)
{
    switch (cmd->kind) {
    case CMD_QUIT: app->quit = true; return;
    case CMD_AI_RESULT: on_ai_result(app, cmd->data); return;
    case CMD_RESIZED:
        update_layout(app);
        files_layout(&app->files, app->out_w, app->out_h, app->sx);
        refresh_hover(app);
        return;
    case CMD_REDRAW: app->dirty = true; return;
    case CMD_FULLSCREEN: toggle_fullscreen(app); return;
    case CMD_DROP_FILE: {
        char *path = cmd->data;
        if (app->dlg == DLG_NONE) {
            open_path(app, path, base_name(path));
        }
        SDL_free(path);
        return;
    }
    default: break;
    }
    if (app->dlg != DLG_NONE) {
        dialog_command(app, cmd);
        return;
    }
    switch (app->state) {
    case APP_STATE_MENU: {
        MenuOptions before = app->menu.opt;
        MenuAction a = menu_command(&app->menu, cmd);
        app->dirty = true;
        menu_changed(app, &before);
        if (a == MENU_ACTION_PLAY) {
            app->opt = app->menu.opt;
            SDL_memset(app->score, 0, sizeof app->score);
            app->suspended = false;
            app_set_state(app, APP_STATE_PLAYING, true);
        } else if (a == MENU_ACTION_RESUME && app->suspended) {
            app_set_state(app, APP_STATE_PLAYING, false);
        } else if (a == MENU_ACTION_LOAD) {
            app_set_state(app, APP_STATE_FILES, false);
        } else if (a == MENU_ACTION_QUIT) {
            app->quit = true;
        }
        break;
    }
    case APP_STATE_FILES:
        app->dirty = true;
        files_action(app, files_command(&app->files, cmd));
        break;
    case APP_STATE_REVIEW:
        if (!common_command(app, cmd)) {
            review_command(app, cmd);
        }
        break;
    default:
        if (!common_command(app, cmd)) {
            play_command(app, cmd);
        }
        break;
    }
}

/* ------------------------------------------------------------- lifecycle */

/* Copies src into dst (of len bytes), cutting it if it does not fit. */
static void copy_text(char *dst, size_t len, const char *src)
{
    size_t n = strlen(src);
    if (n >= len) {
        n = len - 1;
    }
    memcpy(dst, src, n);
    dst[n] = '\0';
}

/* Records why app_create failed (prefix + detail) and undoes what it did. */
static void fail(App *app, const char *prefix, const char *detail)
{
    char msg[sizeof create_error];
    copy_text(msg, sizeof msg, prefix);
    size_t used = strlen(msg);
    copy_text(msg + used, sizeof msg - used, detail);
    copy_text(create_error, sizeof create_error, msg);
    app_destroy(app);
}

/* Finds the data folder and reads the settings; any trouble is shown, not
 * fatal.  Returns a message to show ("" for none) in msg. */
static void load_settings(App *app, char *msg, size_t len)
{
    msg[0] = '\0';
    settings_defaults(&app->settings);
    const char *dir = app->cfg.data_dir;
    bool want = (dir != NULL && dir[0] != '\0') || !app->cfg.headless_test;
    if (want) {
        char err[512];
        if (storage_init(&app->storage, dir, err, sizeof err) == STORAGE_OK) {
            app->have_storage = true;
        } else {
            fprintf(stderr, "gomoku: %s\n", err);
        }
    }
    if (app->have_storage) {
        char why[512];
        SettingsStatus st = settings_load(&app->storage, &app->settings, why, sizeof why);
        if (st == SETTINGS_CORRUPT || st == SETTINGS_ERR_IO) {
            fprintf(stderr, "gomoku: %s\n", why);
            snprintf(msg, len, "%s", "settings");
            app->settings_bad = st == SETTINGS_CORRUPT;
        } else if (st == SETTINGS_WARNINGS) {
            fprintf(stderr, "gomoku: settings: %s\n", why);
        }
    }
    app->saved_settings = app->settings;
    I18nLang lang = I18N_LANG_EN;
    if (!i18n_language_parse(app->settings.language, &lang)) {
        lang = app->cfg.headless_test ? I18N_LANG_EN : i18n_from_system();
    }
    i18n_set_language(lang);
    app->opt = settings_menu_options(&app->settings);
    app->opt.clock_min = app->settings.clock ? app->settings.clock_minutes : 0;
    app->opt.lang = lang;
    app->opt.sound = app->settings.sound;
    menu_init(&app->menu, &app->opt);
}

/* At start: the file from the command line, or the unfinished game. */
static void startup_files(App *app, const char *settings_msg)
{
    if (app->cfg.open_path != NULL && app->cfg.open_path[0] != '\0') {
        open_path(app, app->cfg.open_path, base_name(app->cfg.open_path));
    } else if (app->have_storage) {
        char err[512];
        StorageStatus st = storage_autosave_load(&app->storage, &app->dlg_record, err, sizeof err);
        if (st == STORAGE_OK && app->dlg_record.result == GAME_ONGOING &&
            app->dlg_record.count > 0) {
            show_dialog(app, DLG_RESUME, "");
        } else if (st == STORAGE_ERR_CORRUPT || st == STORAGE_ERR_TOO_BIG) {
            char msg[700];
            i18n_format(msg, sizeof msg, I18N_FMT_FILE_CORRUPT, STORAGE_AUTOSAVE_FILE, err);
            app->autosave_bad = true;
            show_dialog(app, DLG_MESSAGE, msg);
        }
    }
    if (app->dlg == DLG_NONE && settings_msg[0] != '\0') {
        show_dialog(app, DLG_MESSAGE, i18n_get(I18N_SETTINGS_CORRUPT));
    }
}

App *app_create(const AppConfig *cfg)
{
    create_error[0] = '\0';
    App *app = SDL_calloc(1, sizeof *app);
    if (app == NULL) {
        snprintf(create_error, sizeof create_error, "Out of memory.");
        return NULL;
    }
    if (cfg != NULL) {
        app->cfg = *cfg;
    }
    app->state = APP_STATE_MENU;
    app->hover_target = TARGET_NONE;
    app->pressed_target = TARGET_NONE;
    app->hover_point = MOVE_NONE;
    app->anim = MOVE_NONE;
    app->hint = MOVE_NONE;
    app->cursor = MOVE_NONE;
    app->last_mark = true;
    files_init(&app->files);
    app->hjob = APP_HELPER_JOB;

    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        snprintf(create_error, sizeof create_error, "Cannot start SDL: %s", SDL_GetError());
        SDL_free(app);
        return NULL;
    }
    SDL_EventState(SDL_DROPFILE, SDL_ENABLE);
    char settings_msg[64];
    load_settings(app, settings_msg, sizeof settings_msg);
    if ((IMG_Init(IMG_INIT_PNG) & IMG_INIT_PNG) == 0) {
        fail(app, "Cannot start SDL_image: ", IMG_GetError());
        return NULL;
    }
    if (TTF_Init() != 0) {
        fail(app, "Cannot start SDL_ttf: ", TTF_GetError());
        return NULL;
    }

    int w = APP_DEFAULT_W, h = APP_DEFAULT_H;
    int x = SDL_WINDOWPOS_CENTERED, y = SDL_WINDOWPOS_CENTERED;
    if (app->cfg.window_w > 0 && app->cfg.window_h > 0) {
        w = app->cfg.window_w;
        h = app->cfg.window_h;
    } else if (app->have_storage) {
        w = app->settings.window_w;
        h = app->settings.window_h;
        if (app->settings.has_position) {
            /* Only where a screen still is (monitors come and go). */
            for (int d = 0; d < SDL_GetNumVideoDisplays(); d++) {
                SDL_Rect b;
                SDL_Point p = {app->settings.window_x + 40, app->settings.window_y + 20};
                if (SDL_GetDisplayBounds(d, &b) == 0 && SDL_PointInRect(&p, &b)) {
                    x = app->settings.window_x;
                    y = app->settings.window_y;
                }
            }
        }
    }
    Uint32 wflags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (app->have_storage && app->settings.maximized && !app->cfg.headless_test) {
        wflags |= SDL_WINDOW_MAXIMIZED;
    }
    app->win = SDL_CreateWindow(i18n_get(I18N_APP_TITLE), x, y, w, h, wflags);
    if (app->win == NULL) {
        fail(app, "Cannot open the window: ", SDL_GetError());
        return NULL;
    }
    SDL_SetWindowMinimumSize(app->win, APP_MIN_W, APP_MIN_H);
    SDL_StopTextInput(); /* until the name field asks for it */
    Uint32 flags =
        SDL_RENDERER_ACCELERATED | (app->cfg.headless_test ? 0 : SDL_RENDERER_PRESENTVSYNC);
    app->ren = SDL_CreateRenderer(app->win, -1, flags);
    if (app->ren == NULL) {
        app->ren = SDL_CreateRenderer(app->win, -1, SDL_RENDERER_SOFTWARE);
    }
    if (app->ren == NULL) {
        fail(app, "Cannot create a renderer: ", SDL_GetError());
        return NULL;
    }
    SDL_SetRenderDrawBlendMode(app->ren, SDL_BLENDMODE_BLEND);

    char dir[ASSETS_PATH_MAX];
    char err[1536];
    if (assets_find_dir(app->cfg.assets_dir, dir, sizeof dir, err, sizeof err) != 0) {
        fail(app, "", err);
        return NULL;
    }
    if (assets_load(&app->assets, app->ren, dir, err, sizeof err) != 0) {
        fail(app, "", err);
        return NULL;
    }
    /* The Noto subset covers both languages, so one face serves every
     * string (the language row shows "简体中文" in English too). */
    bool cjk = app->assets.font_cjk_regular != NULL;
    app->text = text_create(app->ren, cjk ? app->assets.font_cjk_regular : app->assets.font_regular,
                            cjk ? app->assets.font_cjk_regular_len : app->assets.font_regular_len,
                            cjk ? app->assets.font_cjk_bold : app->assets.font_bold,
                            cjk ? app->assets.font_cjk_bold_len : app->assets.font_bold_len, err,
                            sizeof err);
    if (app->text == NULL) {
        char where[ASSETS_PATH_MAX + 32];
        snprintf(where, sizeof where, "Bad font in %sfonts/: ", dir);
        fail(app, where, err);
        return NULL;
    }
    if (cjk) {
        /* Player-supplied names may hold letters the subset lacks. */
        text_set_fallback(app->text, app->assets.font_regular, app->assets.font_regular_len,
                          app->assets.font_bold, app->assets.font_bold_len);
    }
    SDL_SetWindowIcon(app->win, app->assets.icon);
    if (!app->cfg.headless_test) {
        if (sound_init(dir) != SOUND_OK) {
            fprintf(stderr, "gomoku: sound: %s\n", sound_error());
        }
    }
    sound_set_muted(!app->settings.sound);

    app->hand = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND);
    app->worker = ai_worker_new(0);
    app->helper = app->worker != NULL ? ai_worker_new(0) : NULL;
    if (app->worker == NULL || app->helper == NULL) {
        fail(app, "Cannot start the computer player: ", SDL_GetError());
        return NULL;
    }
    if (app->have_storage && app->settings.fullscreen && !app->cfg.headless_test) {
        app->fullscreen = true;
        SDL_SetWindowFullscreen(app->win, SDL_WINDOW_FULLSCREEN_DESKTOP);
    }
    update_layout(app);
    files_layout(&app->files, app->out_w, app->out_h, app->sx);
    startup_files(app, settings_msg);
    return app;
}

/* Releases the results still queued: they own memory. */
static void drain_ai_events(void)
{
    Uint32 type = ai_worker_event_type();
    if (type == (Uint32)-1) {
        return;
    }
    SDL_Event ev[8];
    int n;
    while ((n = SDL_PeepEvents(ev, 8, SDL_GETEVENT, type, type)) > 0) {
        for (int i = 0; i < n; i++) {
            ai_worker_result_free(ev[i].user.data1);
        }
    }
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
    if (app->win != NULL && app->have_storage) {
        settings_sync(app, true);
    }
    if (app->worker != NULL) {
        ai_worker_free(app->worker);
    }
    if (app->helper != NULL) {
        ai_worker_free(app->helper);
    }
    drop_held(app);
    drain_ai_events();
    drain_drop_events();
    sound_quit();
    files_free(&app->files);
    SDL_free(app->save_rec);
    game_free(app->game);
    if (app->hand != NULL) {
        SDL_SetCursor(SDL_GetDefaultCursor());
        SDL_FreeCursor(app->hand);
    }
    text_destroy(app->text);
    assets_free(&app->assets);
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

/* Shows a pointing hand over things that react to a click. */
static void update_cursor(App *app)
{
    if (app->hand == NULL) {
        return;
    }
    bool want;
    if (app->dlg != DLG_NONE) {
        want = app->dlg_hover >= 0;
    } else if (app->state == APP_STATE_FILES) {
        want = files_hovering(&app->files);
    } else if (app->state == APP_STATE_MENU) {
        int it = app->menu.hover_item;
        want = it >= MENU_SPINNERS ||
               (it >= 0 && app->menu.hover_part != UI_SPIN_NONE &&
                !(it == MENU_ITEM_LEVEL && app->menu.opt.mode == MODE_TWO_PLAYERS));
    } else if (app->hover_target == TARGET_BOARD) {
        want =
            app_humans_turn(app) && move_is_valid(app->hover_point) &&
            board_get(game_board(app->game), app->hover_point.x, app->hover_point.y) == STONE_EMPTY;
    } else {
        want = app->hover_target != TARGET_NONE && target_enabled(app, app->hover_target);
    }
    if (want != app->hand_shown) {
        SDL_SetCursor(want ? app->hand : SDL_GetDefaultCursor());
        app->hand_shown = want;
    }
}

static bool animating(const App *app)
{
    if (app->thinking || app->held != NULL || app->hkind != HELP_NONE) {
        return true;
    }
    if (move_is_valid(app->anim) && app_anim_progress(app) < 1.0f) {
        return true;
    }
    if (move_is_valid(app->hint) && app->hint_serial == app->serial && app_humans_turn(app)) {
        return true;
    }
    return app->notice[0] != '\0' && !SDL_TICKS_PASSED(SDL_GetTicks(), app->notice_until + 50);
}

/* The keyboard types into the name field exactly while it is shown (SDL
 * starts text input by default, which would turn hotkeys into typing). */
static void sync_text_input(App *app)
{
    bool want = app->dlg == DLG_SAVE_NAME;
    if (want != (SDL_IsTextInputActive() == SDL_TRUE)) {
        if (want) {
            app->name.ime_rect = (SDL_Rect){0, 0, 0, 0};
            SDL_StartTextInput();
        } else {
            SDL_StopTextInput();
            app->name.compose[0] = '\0';
        }
    }
}

static void process(App *app, const SDL_Event *ev)
{
    AppCommand cmd;
    if (input_translate(ev, app->sx, app->sy, ai_worker_event_type(), &cmd)) {
        handle(app, &cmd);
        sync_text_input(app);
    }
}

bool app_step(App *app)
{
    if (app == NULL) {
        return false;
    }
    SDL_Event ev;
    if (!app->cfg.headless_test && !app->dirty) {
        /* Sleep in the event queue: long when idle, one frame when animating. */
        int wait = APP_IDLE_WAIT_MS;
        if (clock_running(app)) {
            wait = 100;
        }
        if (animating(app)) {
            Uint32 since = SDL_GetTicks() - app->last_frame;
            wait = since >= APP_ANIM_FRAME_MS ? 0 : (int)(APP_ANIM_FRAME_MS - since);
        }
        if (app->held != NULL) {
            Uint32 now = SDL_GetTicks();
            int until = SDL_TICKS_PASSED(now, app->held_until) ? 0 : (int)(app->held_until - now);
            wait = SDL_min(wait, until);
        }
        if (wait > 0 && SDL_WaitEventTimeout(&ev, wait)) {
            process(app, &ev);
        }
    }
    while (!app->quit && SDL_PollEvent(&ev)) {
        process(app, &ev);
    }
    if (app->quit) {
        return false;
    }
    clock_update(app);
    update_cursor(app);
    if (app->held != NULL && SDL_TICKS_PASSED(SDL_GetTicks(), app->held_until)) {
        AiWorkerResult *r = app->held;
        app->held = NULL;
        apply_ai_result(app, r);
    }
    if (app->notice[0] != '\0' && SDL_TICKS_PASSED(SDL_GetTicks(), app->notice_until)) {
        app->notice[0] = '\0';
        app->dirty = true;
    }
    bool frame_due =
        animating(app) && SDL_TICKS_PASSED(SDL_GetTicks(), app->last_frame + APP_ANIM_FRAME_MS);
    if (app->dirty || frame_due) {
        app_render_frame(app);
        SDL_RenderPresent(app->ren);
    }
    return true;
}

/* ------------------------------------------------------------ test hooks */

AppState app_test_state(const App *app)
{
    return app->state;
}

const Game *app_test_game(const App *app)
{
    return app->state == APP_STATE_MENU || app->state == APP_STATE_FILES ? NULL : app->game;
}

MenuOptions app_test_menu_options(const App *app)
{
    return app->menu.opt;
}

bool app_test_ai_busy(const App *app)
{
    return app->thinking || app->held != NULL;
}

bool app_test_helper_busy(const App *app)
{
    return app->hkind != HELP_NONE;
}

static void to_window(const App *app, int px, int py, int *wx, int *wy)
{
    *wx = (int)floorf(((float)px + 0.5f) / app->sx);
    *wy = (int)floorf(((float)py + 0.5f) / app->sy);
}

bool app_test_point_pixel(const App *app, int x, int y, int *px, int *py, int *cell)
{
    if (app->game == NULL || !layout_point_to_pixel(&app->layout, x, y, px, py)) {
        return false;
    }
    *cell = app->layout.cell;
    return true;
}

bool app_test_point_pos(const App *app, int x, int y, int *wx, int *wy)
{
    int px, py, cell;
    if (app->state == APP_STATE_MENU || !app_test_point_pixel(app, x, y, &px, &py, &cell)) {
        return false;
    }
    to_window(app, px, py, wx, wy);
    return true;
}

bool app_test_menu_pos(const App *app, MenuItem item, UiSpinPart part, int *wx, int *wy)
{
    int px, py;
    if (!menu_widget_center(&app->menu, item, part, &px, &py)) {
        return false;
    }
    to_window(app, px, py, wx, wy);
    return true;
}

bool app_test_widget_pos(const App *app, AppWidget w, int *wx, int *wy)
{
    SDL_Rect r;
    const Layout *l = &app->layout;
    switch (w) {
    case APP_WIDGET_UNDO: r = ui_rect(l->buttons[LAYOUT_BTN_UNDO]); break;
    case APP_WIDGET_REDO: r = ui_rect(l->buttons[LAYOUT_BTN_REDO]); break;
    case APP_WIDGET_NEW_GAME:
    case APP_WIDGET_REMATCH: r = ui_rect(l->buttons[LAYOUT_BTN_NEW_GAME]); break;
    case APP_WIDGET_MENU:
    case APP_WIDGET_RESULT_MENU: r = ui_rect(l->buttons[LAYOUT_BTN_MENU]); break;
    case APP_WIDGET_HINT: r = ui_rect(l->buttons[LAYOUT_BTN_HINT]); break;
    case APP_WIDGET_SAVE: r = ui_rect(l->buttons[LAYOUT_BTN_SAVE]); break;
    case APP_WIDGET_TGL_ANALYSIS:
    case APP_WIDGET_TGL_NUMBERS:
    case APP_WIDGET_TGL_COORDS:
    case APP_WIDGET_TGL_SOUND: r = ui_rect(l->toggles[w - APP_WIDGET_TGL_ANALYSIS]); break;
    case APP_WIDGET_GRAPH: r = ui_rect(l->graph); break;
    case APP_WIDGET_DIALOG_OK:
    case APP_WIDGET_DIALOG_CANCEL:
        if (app->dlg == DLG_NONE) {
            return false;
        }
        r = app->dlg_btn[w - APP_WIDGET_DIALOG_OK];
        break;
    case APP_WIDGET_FILES_OPEN:
    case APP_WIDGET_FILES_DELETE:
    case APP_WIDGET_FILES_EXPORT:
    case APP_WIDGET_FILES_BACK: r = app->files.btn[w - APP_WIDGET_FILES_OPEN]; break;
    case APP_WIDGET_NAME_FIELD:
    case APP_WIDGET_NAME_START:
        if (app->dlg != DLG_SAVE_NAME) {
            return false;
        }
        r = app->name.field;
        if (w == APP_WIDGET_NAME_START) {
            r.w = 6; /* the rim and the padding before the text */
        }
        break;
    default: return false;
    }
    to_window(app, r.x + r.w / 2, r.y + r.h / 2, wx, wy);
    return true;
}

bool app_test_graph_pos(const App *app, int move, int *wx, int *wy)
{
    const LayoutRect g = app->layout.graph;
    if (app->state != APP_STATE_REVIEW || move < 0 || move > app->rn || app->rn == 0) {
        return false;
    }
    to_window(app, g.x + (int)(((long)move * 2 + 1) * g.w / (2 * (app->rn + 1))), g.y + g.h / 2, wx,
              wy);
    return true;
}

SDL_Window *app_test_window(const App *app)
{
    return app->win;
}

AppDialog app_test_dialog(const App *app, const char **text)
{
    if (text != NULL) {
        *text = app->dlg == DLG_RESUME      ? i18n_get(I18N_RESUME_QUESTION)
                : app->dlg == DLG_SAVE_NAME ? app->name.text
                                            : app->dlg_text;
    }
    return (AppDialog)app->dlg;
}

void app_test_review(const App *app, int *pos, int *count, int *evaluated)
{
    *pos = app->rpos;
    *count = app->rn;
    int e = 0;
    for (int i = 0; i <= app->rn; i++) {
        e += app->rhave[i] ? 1 : 0;
    }
    *evaluated = e;
}

Move app_test_hint(const App *app)
{
    return app->hint_serial == app->serial ? app->hint : MOVE_NONE;
}

bool app_test_analysis(const App *app, AiInfo *out)
{
    if (!app->ana_valid || app->ana_serial != app->serial) {
        return false;
    }
    *out = app->ana;
    return true;
}

void app_test_files(const App *app, int *count, int *selected)
{
    *count = app->files.files.count;
    *selected = app->files.sel;
}

bool app_test_file(const App *app, int i, const char **name, bool *psq)
{
    if (i < 0 || i >= app->files.files.count) {
        return false;
    }
    *name = app->files.files.items[i].name;
    *psq = app->files.files.items[i].kind == STORAGE_KIND_PSQ;
    return true;
}

const char *app_test_name_problem(const App *app)
{
    return app->dlg == DLG_SAVE_NAME ? files_name_problem_text(app->name.problem) : "";
}

Settings app_test_settings(const App *app)
{
    return app->settings;
}

GameResult app_test_result(const App *app)
{
    return app_result_of(app);
}

void app_test_set_clock(App *app, int black_ms, int white_ms)
{
    app->clock_on = true;
    app->clock_ms[0] = black_ms;
    app->clock_ms[1] = white_ms;
    app->clock_tick = SDL_GetTicks();
}

int app_capture(App *app, SDL_Surface **out)
{
    *out = NULL;
    app_render_frame(app);
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormat(0, app->out_w, app->out_h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (s == NULL) {
        return -1;
    }
    if (SDL_RenderReadPixels(app->ren, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) != 0) {
        SDL_FreeSurface(s);
        return -1;
    }
    SDL_RenderPresent(app->ren);
    *out = s;
    return 0;
}
