/*
 * app.c - the application: SDL setup, the scene state machine, the AI
 * hand-off and drawing of the playing screen's side panel.
 *
 * Every change of scene goes through app_set_state, so the things that
 * must happen on a transition (cancel the search, make a new game, reset
 * the pointer state) happen in one place.
 */
#include "app.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>

#include "core/game.h"
#include "ai/ai.h"
#include "ai_worker.h"
#include "app_test.h"
#include "assets.h"
#include "board_view.h"
#include "input.h"
#include "layout.h"
#include "menu.h"
#include "text.h"
#include "ui.h"

#define APP_DEFAULT_W 1100
#define APP_DEFAULT_H 800
#define APP_MIN_W 640
#define APP_MIN_H 520
/* Shortest time a computer-vs-computer move takes, so people can follow. */
#define APP_AI_VS_AI_PACE_MS 400
#define APP_NOTICE_MS 3000
#define APP_IDLE_WAIT_MS 500
#define APP_ANIM_FRAME_MS 33

/* What the pointer can press on the playing screen. */
enum {
    TARGET_NONE = -1,
    /* 0..LAYOUT_BTN_COUNT-1: the panel buttons */
    TARGET_REMATCH = LAYOUT_BTN_COUNT,
    TARGET_RESULT_MENU,
    TARGET_BOARD
};

struct App {
    AppConfig cfg;
    SDL_Window *win;
    SDL_Renderer *ren;
    Assets assets;
    Text *text;
    AiWorker *worker;

    AppState state;
    Menu menu;
    MenuOptions opt; /* the options of the current game */
    Game *game;

    Layout layout;
    int out_w, out_h;
    float sx, sy; /* window units to output pixels */

    int mx, my;   /* pointer, output pixels */
    bool mouse_in;
    int hover_target;
    Move hover_point;
    int pressed_target;
    Move pressed_point;

    uint32_t job;        /* id of the search whose answer we want */
    bool thinking;
    Uint32 think_started;
    AiWorkerResult *held; /* an answer held back to pace computer-vs-computer */
    Uint32 held_until;
    bool have_info;
    AiInfo last_info;    /* the last search's final report, for the panel */

    char notice[128];
    Uint32 notice_until;

    bool dirty;
    bool quit;
    bool fullscreen;
    SDL_Cursor *hand;   /* over anything clickable; NULL where unsupported */
    bool hand_shown;
    int score[4];       /* games finished since Play, indexed by GameResult */
    bool scored;        /* this game's result is in score[] */
    GameResult scored_result;
    Uint32 last_frame;
};

static char create_error[2048];

static void copy_text(char *dst, size_t len, const char *src);

const char *app_create_error(void)
{
    return create_error;
}

/* ---------------------------------------------------------------- helpers */

static bool is_computer(const App *app, Stone side)
{
    switch (app->opt.mode) {
    case MODE_HUMAN_BLACK:
        return side == STONE_WHITE;
    case MODE_COMPUTER_BLACK:
        return side == STONE_BLACK;
    case MODE_AI_VS_AI:
        return true;
    default:
        return false;
    }
}

/* True when exactly one side is a person: results then say "You win!". */
static bool one_human(const App *app)
{
    return app->opt.mode == MODE_HUMAN_BLACK || app->opt.mode == MODE_COMPUTER_BLACK;
}

static bool humans_turn(const App *app)
{
    return app->game != NULL && app->state == APP_STATE_PLAYING &&
           game_result(app->game) == GAME_ONGOING && !is_computer(app, game_to_move(app->game)) &&
           !app->thinking;
}

static void set_notice(App *app, const char *msg)
{
    copy_text(app->notice, sizeof app->notice, msg);
    app->notice_until = SDL_GetTicks() + APP_NOTICE_MS;
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
    layout_compute(&app->layout, ow, oh, app->sx, n);
    menu_layout(&app->menu, ow, oh, app->sx);
    app->dirty = true;
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
    app->job++;
    app->thinking = false;
    drop_held(app);
}

static void maybe_start_ai(App *app)
{
    if (app->state != APP_STATE_PLAYING || app->game == NULL || app->thinking ||
        app->held != NULL || game_result(app->game) != GAME_ONGOING ||
        !is_computer(app, game_to_move(app->game))) {
        return;
    }
    AiRequest req;
    SDL_zero(req);
    req.board = *game_board(app->game);
    req.rules = game_rules(app->game);
    req.to_move = game_to_move(app->game);
    req.limits = ai_preset_limits(app->opt.preset);
    req.limits.seed ^= (uint32_t)game_move_count(app->game) * 2654435761u + app->job;
    app->job++;
    if (ai_worker_start(app->worker, &req, app->job) != 0) {
        char msg[160];
        snprintf(msg, sizeof msg, "The computer cannot move: %s", SDL_GetError());
        fprintf(stderr, "gomoku: %s\n", msg);
        set_notice(app, msg);
        return;
    }
    app->thinking = true;
    app->think_started = SDL_GetTicks();
    app->dirty = true;
}

static void app_set_state(App *app, AppState next, bool fresh_game);

/* After any change to the game: finish it, or let the computer move. */
static void after_move(App *app)
{
    app->dirty = true;
    if (game_result(app->game) != GAME_ONGOING) {
        app_set_state(app, APP_STATE_GAME_OVER, false);
    } else {
        maybe_start_ai(app);
    }
}

static void apply_ai_result(App *app, AiWorkerResult *r)
{
    app->thinking = false;
    app->last_info = r->info;
    app->have_info = true;
    Move m = r->info.best;
    GameStatus st = r->status == 0 ? game_play(app->game, m) : GAME_ERR_ARGS;
    ai_worker_result_free(r);
    if (st != GAME_OK) {
        /* Should not happen; do not leave the person waiting for ever. */
        fprintf(stderr, "gomoku: the engine's move was refused (%d)\n", (int)st);
        set_notice(app, "The computer could not find a move.");
        return;
    }
    app->notice[0] = '\0';
    after_move(app);
}

static void on_ai_result(App *app, AiWorkerResult *r)
{
    if (r == NULL) {
        return;
    }
    if (r->job != app->job || r->cancelled || !app->thinking || app->game == NULL) {
        ai_worker_result_free(r);
        return;
    }
    Uint32 due = app->think_started + APP_AI_VS_AI_PACE_MS;
    if (app->opt.mode == MODE_AI_VS_AI && !SDL_TICKS_PASSED(SDL_GetTicks(), due)) {
        drop_held(app);
        app->held = r;
        app->held_until = due;
        return;
    }
    apply_ai_result(app, r);
}

/* ---------------------------------------------------------- transitions */

static bool new_game(App *app)
{
    Rules rules = {app->opt.rule, app->opt.k};
    Game *g = game_new(app->opt.size, rules);
    if (g == NULL) {
        set_notice(app, "Cannot start a game with these options.");
        return false;
    }
    game_free(app->game);
    app->game = g;
    app->have_info = false;
    app->notice[0] = '\0';
    app->scored = false;
    return true;
}

static void app_set_state(App *app, AppState next, bool fresh_game)
{
    AppState prev = app->state;
    if (next == APP_STATE_MENU || fresh_game) {
        cancel_ai(app);
    }
    app->pressed_target = TARGET_NONE;
    app->hover_target = TARGET_NONE;
    app->hover_point = MOVE_NONE;
    app->dirty = true;

    switch (next) {
    case APP_STATE_MENU:
        game_free(app->game);
        app->game = NULL;
        app->menu.pressed_item = -1;
        app->menu.hover_item = -1;
        app->menu.focus = MENU_ITEM_PLAY;
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
        }
        if (prev == APP_STATE_GAME_OVER && !fresh_game && app->scored) {
            /* Taken back from the result: it no longer counts. */
            app->score[app->scored_result]--;
            app->scored = false;
        }
        app->state = APP_STATE_PLAYING;
        update_layout(app);
        maybe_start_ai(app);
        break;
    case APP_STATE_GAME_OVER:
        cancel_ai(app);
        if (!app->scored && app->game != NULL && game_result(app->game) != GAME_ONGOING) {
            app->scored_result = game_result(app->game);
            app->score[app->scored_result]++;
            app->scored = true;
        }
        app->state = APP_STATE_GAME_OVER;
        break;
    }
}

/* ------------------------------------------------------------ commands */

static void undo(App *app)
{
    if (app->game == NULL || app->opt.mode == MODE_AI_VS_AI) {
        return;
    }
    cancel_ai(app);
    if (game_undo(app->game) != GAME_OK) {
        maybe_start_ai(app);
        return;
    }
    /* Against the computer, take back to the person's last move. */
    while (one_human(app) && game_can_undo(app->game) &&
           is_computer(app, game_to_move(app->game))) {
        game_undo(app->game);
    }
    app->notice[0] = '\0';
    if (app->state == APP_STATE_GAME_OVER) {
        app_set_state(app, APP_STATE_PLAYING, false);
    }
    after_move(app);
}

static void redo(App *app)
{
    if (app->game == NULL || app->opt.mode == MODE_AI_VS_AI || !game_can_redo(app->game)) {
        return;
    }
    cancel_ai(app);
    game_redo(app->game);
    while (one_human(app) && game_can_redo(app->game) &&
           is_computer(app, game_to_move(app->game)) && game_result(app->game) == GAME_ONGOING) {
        game_redo(app->game);
    }
    app->notice[0] = '\0';
    after_move(app);
}

static bool undo_enabled(const App *app)
{
    if (app->game == NULL || app->opt.mode == MODE_AI_VS_AI || !game_can_undo(app->game)) {
        return false;
    }
    if (app->opt.mode == MODE_COMPUTER_BLACK) {
        return game_move_count(app->game) > 1;
    }
    return true;
}

static bool redo_enabled(const App *app)
{
    return app->game != NULL && app->opt.mode != MODE_AI_VS_AI && game_can_redo(app->game);
}

static bool target_enabled(const App *app, int t)
{
    switch (t) {
    case LAYOUT_BTN_UNDO:
        return undo_enabled(app);
    case LAYOUT_BTN_REDO:
        return redo_enabled(app);
    case TARGET_REMATCH:
    case TARGET_RESULT_MENU:
        return app->state == APP_STATE_GAME_OVER;
    default:
        return true;
    }
}

static int hit_target(const App *app, int x, int y, Move *point)
{
    *point = MOVE_NONE;
    const Layout *l = &app->layout;
    if (app->state == APP_STATE_GAME_OVER) {
        if (layout_rect_contains(l->result_buttons[0], x, y)) {
            return TARGET_REMATCH;
        }
        if (layout_rect_contains(l->result_buttons[1], x, y)) {
            return TARGET_RESULT_MENU;
        }
    }
    for (int i = 0; i < LAYOUT_BTN_COUNT; i++) {
        if (layout_rect_contains(l->buttons[i], x, y)) {
            return i;
        }
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
    if (!humans_turn(app)) {
        return;
    }
    const Board *b = game_board(app->game);
    if (board_get(b, m.x, m.y) != STONE_EMPTY) {
        return;
    }
    Forbidden f = game_forbidden(app->game, m);
    if (f != FORBID_NONE) {
        char msg[96];
        snprintf(msg, sizeof msg, "Forbidden: %s", rules_forbidden_name(f));
        set_notice(app, msg);
        return;
    }
    if (game_play(app->game, m) != GAME_OK) {
        return;
    }
    app->notice[0] = '\0';
    after_move(app);
}

static void activate_target(App *app, int t, Move point)
{
    if (t != TARGET_BOARD && !target_enabled(app, t)) {
        return;
    }
    switch (t) {
    case LAYOUT_BTN_UNDO:
        undo(app);
        break;
    case LAYOUT_BTN_REDO:
        redo(app);
        break;
    case LAYOUT_BTN_NEW_GAME:
    case TARGET_REMATCH:
        app_set_state(app, APP_STATE_PLAYING, true);
        break;
    case LAYOUT_BTN_MENU:
    case TARGET_RESULT_MENU:
        app_set_state(app, APP_STATE_MENU, false);
        break;
    case TARGET_BOARD:
        click_board(app, point);
        break;
    default:
        break;
    }
}

static void toggle_fullscreen(App *app)
{
    app->fullscreen = !app->fullscreen;
    SDL_SetWindowFullscreen(app->win, app->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    update_layout(app);
}

static void play_command(App *app, const AppCommand *cmd)
{
    switch (cmd->kind) {
    case CMD_POINTER_MOVE:
        app->mx = cmd->x;
        app->my = cmd->y;
        app->mouse_in = true;
        refresh_hover(app);
        break;
    case CMD_POINTER_LEAVE:
        app->mouse_in = false;
        refresh_hover(app);
        break;
    case CMD_POINTER_DOWN:
        app->mx = cmd->x;
        app->my = cmd->y;
        app->mouse_in = true;
        app->pressed_target = hit_target(app, cmd->x, cmd->y, &app->pressed_point);
        app->dirty = true;
        break;
    case CMD_POINTER_UP: {
        Move p;
        int t = hit_target(app, cmd->x, cmd->y, &p);
        int was = app->pressed_target;
        Move was_p = app->pressed_point;
        app->pressed_target = TARGET_NONE;
        app->dirty = true;
        if (t != TARGET_NONE && t == was && (t != TARGET_BOARD || move_equal(p, was_p))) {
            activate_target(app, t, p);
        }
        refresh_hover(app);
        break;
    }
    case CMD_UNDO:
        undo(app);
        break;
    case CMD_REDO:
        redo(app);
        break;
    case CMD_NEW_GAME:
        app_set_state(app, APP_STATE_PLAYING, true);
        break;
    case CMD_ACCEPT:
        if (app->state == APP_STATE_GAME_OVER) {
            app_set_state(app, APP_STATE_PLAYING, true);
        }
        break;
    case CMD_BACK:
        app_set_state(app, APP_STATE_MENU, false);
        break;
    default:
        break;
    }
}

static void handle(App *app, const AppCommand *cmd)
{
    switch (cmd->kind) {
    case CMD_QUIT:
        app->quit = true;
        return;
    case CMD_AI_RESULT:
        on_ai_result(app, cmd->data);
        return;
    case CMD_RESIZED:
        update_layout(app);
        refresh_hover(app);
        return;
    case CMD_REDRAW:
        app->dirty = true;
        return;
    case CMD_FULLSCREEN:
        toggle_fullscreen(app);
        return;
    default:
        break;
    }
    if (app->state == APP_STATE_MENU) {
        MenuAction a = menu_command(&app->menu, cmd);
        app->dirty = true;
        if (a == MENU_ACTION_PLAY) {
            app->opt = app->menu.opt;
            SDL_memset(app->score, 0, sizeof app->score);
            app_set_state(app, APP_STATE_PLAYING, true);
        } else if (a == MENU_ACTION_QUIT) {
            app->quit = true;
        }
    } else {
        play_command(app, cmd);
    }
}

/* ----------------------------------------------------------------- drawing */

static const char *result_text(const App *app)
{
    GameResult r = game_result(app->game);
    if (r == GAME_DRAW) {
        return "Draw";
    }
    if (r == GAME_ONGOING) {
        return "";
    }
    Stone winner = r == GAME_BLACK_WINS ? STONE_BLACK : STONE_WHITE;
    if (one_human(app)) {
        return is_computer(app, winner) ? "Computer wins" : "You win!";
    }
    return winner == STONE_BLACK ? "Black wins" : "White wins";
}

static void matchup_text(const App *app, char *buf, size_t len)
{
    switch (app->opt.mode) {
    case MODE_HUMAN_BLACK:
        snprintf(buf, len, "You vs Computer");
        break;
    case MODE_COMPUTER_BLACK:
        snprintf(buf, len, "Computer vs You");
        break;
    case MODE_TWO_PLAYERS:
        snprintf(buf, len, "Two players");
        break;
    default:
        snprintf(buf, len, "Computer vs Computer");
        break;
    }
}

static void draw_stone_icon(App *app, Stone s, int cx, int cy, int r)
{
    SDL_Texture *tex = s == STONE_BLACK ? app->assets.stone_black : app->assets.stone_white;
    SDL_Rect sh = {cx - r + r / 8, cy - r + r / 6, 2 * r, 2 * r};
    SDL_RenderCopy(app->ren, app->assets.stone_shadow, NULL, &sh);
    SDL_RenderCopy(app->ren, tex, NULL, &(SDL_Rect){cx - r, cy - r, 2 * r, 2 * r});
}

static void info_text(const AiInfo *info, char *buf, size_t len)
{
    char eval[48];
    if (info->mate_plies > 0) {
        snprintf(eval, sizeof eval, "wins in %d", (info->mate_plies + 1) / 2);
    } else if (info->mate_plies < 0) {
        snprintf(eval, sizeof eval, "loses in %d", (-info->mate_plies + 1) / 2);
    } else {
        snprintf(eval, sizeof eval, "eval %+d", info->score);
    }
    snprintf(buf, len, "Engine: depth %d \xc2\xb7 %s \xc2\xb7 %.1f s", info->depth, eval,
             (double)info->time_ms / 1000.0);
}

static const char *player_name(const App *app, Stone side)
{
    switch (app->opt.mode) {
    case MODE_HUMAN_BLACK:
    case MODE_COMPUTER_BLACK:
        return is_computer(app, side) ? "Computer" : "You";
    case MODE_TWO_PLAYERS:
        return side == STONE_BLACK ? "Black" : "White";
    default:
        return side == STONE_BLACK ? "Computer (Black)" : "Computer (White)";
    }
}

static void separator(App *app, int x, int y, int w)
{
    SDL_SetRenderDrawColor(app->ren, 255, 240, 220, 38);
    SDL_RenderFillRect(app->ren, &(SDL_Rect){x, y, w, SDL_max(1, (int)app->layout.scale)});
}

/* One row of the players block: stone, name, and what that side is doing. */
static void draw_player_row(App *app, Stone side, int x, int y, int w, int h, bool over)
{
    const int fp = app->layout.font_px;
    Stone to_move = game_to_move(app->game);
    GameResult res = game_result(app->game);
    bool won = over && ((res == GAME_BLACK_WINS && side == STONE_BLACK) ||
                        (res == GAME_WHITE_WINS && side == STONE_WHITE));
    bool active = !over && side == to_move;
    if (active || won) {
        SDL_Rect bg = {x - fp / 2, y, w + fp, h};
        ui_fill_round_rect(app->ren, &bg, h / 4,
                           won ? (SDL_Color){255, 196, 90, 46} : (SDL_Color){255, 240, 220, 26});
        SDL_Rect bar = {bg.x, bg.y + h / 5, SDL_max(3, fp / 5), h * 3 / 5};
        ui_fill_round_rect(app->ren, &bar, bar.w / 2, UI_ACCENT);
    }
    int r = h * 3 / 10;
    int cy = y + h / 2;
    draw_stone_icon(app, side, x + fp / 3 + r, cy, r);
    int tx = x + fp / 3 + 2 * r + fp * 2 / 3;
    SDL_Color name_c = active || won ? UI_TEXT : UI_TEXT_DIM;
    const char *name = player_name(app, side);
    int tag_w = fp * 6;
    int npx = text_fit(app->text, TEXT_BOLD, fp * 9 / 8, name, x + w - tag_w - tx);
    text_draw(app->text, active || won ? TEXT_BOLD : TEXT_REGULAR, npx, name, name_c, tx, cy,
              TEXT_LEFT);

    const char *tag = NULL;
    SDL_Color tag_c = UI_TEXT_DIM;
    char buf[32];
    if (won) {
        tag = "wins";
        tag_c = (SDL_Color){255, 210, 120, 255};
    } else if (active && (app->thinking || app->held != NULL)) {
        static const char *const dots[4] = {"", ".", "..", "..."};
        snprintf(buf, sizeof buf, "thinking%s", dots[(SDL_GetTicks() / 350) % 4]);
        tag = buf;
        tag_c = UI_TEXT;
    } else if (active) {
        tag = "to move";
    }
    if (tag != NULL && tag == buf) {
        /* Anchor "thinking" at a fixed x so it does not jiggle as dots grow. */
        int tw = 0, th = 0;
        text_measure(app->text, TEXT_REGULAR, fp, "thinking...", &tw, &th);
        text_draw(app->text, TEXT_REGULAR, fp, tag, tag_c, x + w - tw, cy, TEXT_LEFT);
    } else if (tag != NULL) {
        text_draw(app->text, won ? TEXT_BOLD : TEXT_REGULAR, fp, tag, tag_c, x + w, cy, TEXT_RIGHT);
    }
}

static void draw_panel(App *app)
{
    const Layout *l = &app->layout;
    SDL_Renderer *ren = app->ren;
    const int fp = l->font_px;
    const int pad = l->pad;
    SDL_Rect panel = ui_rect(l->panel);
    ui_panel(ren, &panel, pad * 3 / 4);

    bool over = app->state == APP_STATE_GAME_OVER;
    int x = panel.x + pad + pad / 4;
    int right = panel.x + panel.w - pad - pad / 4;
    int width = right - x;
    int y = panel.y + pad;
    int limit = l->buttons[LAYOUT_BTN_UNDO].y - pad / 2;
    char buf[160];

    /* Who plays whom, and under what rules. */
    matchup_text(app, buf, sizeof buf);
    int title_px = text_fit(app->text, TEXT_BOLD, fp * 5 / 4, buf, width);
    text_draw(app->text, TEXT_BOLD, title_px, buf, UI_TEXT, x, y + title_px * 2 / 3, TEXT_LEFT);
    y += title_px * 3 / 2;
    Rules rules = game_rules(app->game);
    int n = game_board(app->game)->size;
    if (app->opt.mode == MODE_TWO_PLAYERS) {
        snprintf(buf, sizeof buf, "%s \xc2\xb7 %d in a row \xc2\xb7 %d\xc3\x97%d",
                 rules_kind_name(rules.kind), rules.k, n, n);
    } else {
        snprintf(buf, sizeof buf, "%s \xc2\xb7 %s \xc2\xb7 %d in a row \xc2\xb7 %d\xc3\x97%d",
                 ai_preset_name(app->opt.preset), rules_kind_name(rules.kind), rules.k, n, n);
    }
    int sub_px = text_fit(app->text, TEXT_REGULAR, fp * 7 / 8, buf, width);
    text_draw(app->text, TEXT_REGULAR, sub_px, buf, UI_TEXT_DIM, x, y + sub_px / 2, TEXT_LEFT);
    y += sub_px + pad * 3 / 4;
    separator(app, x, y, width);
    y += pad * 3 / 4;

    /* The two sides, the one to move (or the winner) highlighted; only when
     * the panel is tall enough, else the headline alone says whose turn. */
    int row_h = fp * 5 / 2;
    int head_h = fp * 2 + pad;
    bool rows = y + 2 * row_h + pad + head_h + 2 * fp < limit;
    if (rows) {
        draw_player_row(app, STONE_BLACK, x, y, width, row_h, over);
        y += row_h + pad / 4;
        draw_player_row(app, STONE_WHITE, x, y, width, row_h, over);
        y += row_h + pad * 3 / 4;
        separator(app, x, y, width);
        y += pad;
    }

    /* The headline: the result, or whose turn it is. */
    GameResult res = game_result(app->game);
    Stone who = game_to_move(app->game);
    const char *headline = NULL;
    SDL_Color head_c = UI_TEXT;
    if (over) {
        headline = result_text(app);
        head_c = (SDL_Color){255, 210, 120, 255};
        who = res == GAME_BLACK_WINS ? STONE_BLACK : res == GAME_WHITE_WINS ? STONE_WHITE
                                                                              : STONE_EMPTY;
    } else if (!rows) {
        headline = one_human(app) && !is_computer(app, who)
                       ? "Your move"
                       : (who == STONE_BLACK ? "Black to move" : "White to move");
    }
    if (headline != NULL) {
        int big = over ? fp * 2 : fp * 3 / 2;
        int hx = x;
        if (!rows && who != STONE_EMPTY) {
            int r = big * 3 / 5;
            draw_stone_icon(app, who, x + r, y + big / 2, r);
            hx = x + 2 * r + pad * 2 / 3;
        }
        int head_px = text_fit(app->text, TEXT_BOLD, big, headline, right - hx);
        text_draw(app->text, TEXT_BOLD, head_px, headline, head_c, hx, y + big / 2, TEXT_LEFT);
        y += big + pad * 2 / 3;
    }

    /* One status line: a notice, the computer thinking, or a hint. */
    Uint32 now = SDL_GetTicks();
    SDL_Color status_c = UI_TEXT_DIM;
    buf[0] = '\0';
    if (app->notice[0] != '\0' && !SDL_TICKS_PASSED(now, app->notice_until)) {
        snprintf(buf, sizeof buf, "%s", app->notice);
        status_c = UI_DANGER;
    } else if (over) {
        Move line[BOARD_MAX_SIZE];
        int len = game_win_line(app->game, line, BOARD_MAX_SIZE);
        if (res == GAME_DRAW) {
            snprintf(buf, sizeof buf, "The board is full.");
        } else {
            snprintf(buf, sizeof buf, "%d in a row after %d moves", len,
                     game_move_count(app->game));
        }
        status_c = UI_TEXT;
    } else if (app->thinking || app->held != NULL) {
        static const char *const dots[4] = {"", ".", "..", "..."};
        snprintf(buf, sizeof buf, "%s is thinking%s",
                 app->opt.mode == MODE_AI_VS_AI ? (who == STONE_BLACK ? "Black" : "White")
                                                : "Computer",
                 dots[(now / 350) % 4]);
        status_c = UI_TEXT;
    } else if (app->opt.mode == MODE_TWO_PLAYERS) {
        snprintf(buf, sizeof buf, "Click a point to place a stone.");
    } else if (game_move_count(app->game) == 0) {
        snprintf(buf, sizeof buf, "Click a point to play.");
    } else {
        snprintf(buf, sizeof buf, "Your move.");
    }
    if (y + fp < limit) {
        int st_px = text_fit(app->text, TEXT_REGULAR, fp, buf, width);
        text_draw(app->text, TEXT_REGULAR, st_px, buf, status_c, x, y + st_px / 2, TEXT_LEFT);
        y += st_px + pad / 2;
    }

    /* Move count and the engine's report, when they fit. */
    AiInfo info;
    bool have = false;
    if (app->opt.mode != MODE_TWO_PLAYERS) {
        if (app->thinking && ai_worker_progress(app->worker, &info)) {
            have = true;
        } else if (app->have_info) {
            info = app->last_info;
            have = true;
        }
    }
    if (y + fp < limit) {
        snprintf(buf, sizeof buf, "Move %d", game_move_count(app->game));
        text_draw(app->text, TEXT_REGULAR, fp * 7 / 8, buf, UI_TEXT_DIM, x, y + fp / 2, TEXT_LEFT);
        y += fp + pad / 3;
    }
    if (have && y + fp < limit) {
        info_text(&info, buf, sizeof buf);
        int ipx = text_fit(app->text, TEXT_REGULAR, fp * 7 / 8, buf, width);
        text_draw(app->text, TEXT_REGULAR, ipx, buf, (SDL_Color){170, 160, 146, 255}, x,
                  y + ipx / 2, TEXT_LEFT);
        y += fp + pad / 3;
    }
    int played = app->score[GAME_BLACK_WINS] + app->score[GAME_WHITE_WINS] + app->score[GAME_DRAW];
    if (played > 0 && y + fp + pad / 2 < limit) {
        y += pad / 2;
        int len = snprintf(buf, sizeof buf, "Score: %s %d \xc2\xb7 %s %d",
                           one_human(app) ? player_name(app, STONE_BLACK) : "Black",
                           app->score[GAME_BLACK_WINS],
                           one_human(app) ? player_name(app, STONE_WHITE) : "White",
                           app->score[GAME_WHITE_WINS]);
        if (app->score[GAME_DRAW] > 0 && len > 0 && (size_t)len < sizeof buf) {
            snprintf(buf + len, sizeof buf - (size_t)len, " \xc2\xb7 draws %d",
                     app->score[GAME_DRAW]);
        }
        int spx = text_fit(app->text, TEXT_BOLD, fp, buf, width);
        text_draw(app->text, TEXT_BOLD, spx, buf, UI_TEXT, x, y + spx / 2, TEXT_LEFT);
    }

    static const char *const labels[LAYOUT_BTN_COUNT] = {"Undo", "Redo", "New game", "Menu"};
    for (int i = 0; i < LAYOUT_BTN_COUNT; i++) {
        if (over && (i == LAYOUT_BTN_NEW_GAME || i == LAYOUT_BTN_MENU)) {
            continue; /* Rematch and Menu stand there */
        }
        UiState st = {app->hover_target == i, app->pressed_target == i, false,
                      !target_enabled(app, i)};
        SDL_Rect br = ui_rect(l->buttons[i]);
        ui_button(ren, app->text, &br, labels[i], fp, UI_BUTTON_NORMAL, st);
    }
    if (over) {
        static const char *const rl[2] = {"Rematch", "Menu"};
        for (int i = 0; i < 2; i++) {
            int t = TARGET_REMATCH + i;
            UiState st = {app->hover_target == t, app->pressed_target == t, i == 0, false};
            SDL_Rect br = ui_rect(l->result_buttons[i]);
            ui_button(ren, app->text, &br, rl[i], fp, i == 0 ? UI_BUTTON_PRIMARY : UI_BUTTON_NORMAL,
                      st);
        }
    }
}

static void draw_play(App *app)
{
    ui_cover(app->ren, app->assets.background, app->out_w, app->out_h);
    BoardView v;
    SDL_zero(v);
    v.board = game_board(app->game);
    v.last = game_last_move(app->game);
    v.hover = MOVE_NONE;
    Move line[BOARD_MAX_SIZE];
    if (app->state == APP_STATE_GAME_OVER) {
        v.win_len = game_win_line(app->game, line, BOARD_MAX_SIZE);
        v.win = v.win_len > 0 ? line : NULL;
    } else if (humans_turn(app) && app->hover_target == TARGET_BOARD &&
               move_is_valid(app->hover_point) &&
               board_get(v.board, app->hover_point.x, app->hover_point.y) == STONE_EMPTY) {
        v.hover = app->hover_point;
        v.hover_stone = game_to_move(app->game);
        v.hover_forbidden = game_forbidden(app->game, app->hover_point) != FORBID_NONE;
    }
    board_view_draw(app->ren, &app->assets, &app->layout, &v);
    draw_panel(app);
}

static void render_frame(App *app)
{
    SDL_SetRenderDrawBlendMode(app->ren, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(app->ren, 30, 26, 22, 255);
    SDL_RenderClear(app->ren);
    if (app->state == APP_STATE_MENU || app->game == NULL) {
        menu_draw(&app->menu, app->ren, app->text, &app->assets);
    } else {
        draw_play(app);
    }
    app->dirty = false;
    app->last_frame = SDL_GetTicks();
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
    app->opt = menu_default_options();
    menu_init(&app->menu, &app->opt);

    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        snprintf(create_error, sizeof create_error, "Cannot start SDL: %s", SDL_GetError());
        SDL_free(app);
        return NULL;
    }
    if ((IMG_Init(IMG_INIT_PNG) & IMG_INIT_PNG) == 0) {
        fail(app, "Cannot start SDL_image: ", IMG_GetError());
        return NULL;
    }
    if (TTF_Init() != 0) {
        fail(app, "Cannot start SDL_ttf: ", TTF_GetError());
        return NULL;
    }

    int w = app->cfg.window_w > 0 ? app->cfg.window_w : APP_DEFAULT_W;
    int h = app->cfg.window_h > 0 ? app->cfg.window_h : APP_DEFAULT_H;
    app->win = SDL_CreateWindow("Gomoku", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                                SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (app->win == NULL) {
        fail(app, "Cannot open the window: ", SDL_GetError());
        return NULL;
    }
    SDL_SetWindowMinimumSize(app->win, APP_MIN_W, APP_MIN_H);
    Uint32 flags = SDL_RENDERER_ACCELERATED | (app->cfg.headless_test ? 0 : SDL_RENDERER_PRESENTVSYNC);
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
    app->text = text_create(app->ren, app->assets.font_regular, app->assets.font_regular_len,
                            app->assets.font_bold, app->assets.font_bold_len, err, sizeof err);
    if (app->text == NULL) {
        char where[ASSETS_PATH_MAX + 32];
        snprintf(where, sizeof where, "Bad font in %sfonts/: ", dir);
        fail(app, where, err);
        return NULL;
    }
    SDL_SetWindowIcon(app->win, app->assets.icon);

    app->hand = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND);
    app->worker = ai_worker_new(0);
    if (app->worker == NULL) {
        fail(app, "Cannot start the computer player: ", SDL_GetError());
        return NULL;
    }
    update_layout(app);
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

void app_destroy(App *app)
{
    if (app == NULL) {
        return;
    }
    if (app->worker != NULL) {
        ai_worker_free(app->worker);
    }
    drop_held(app);
    drain_ai_events();
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
    if (app->state == APP_STATE_MENU) {
        int it = app->menu.hover_item;
        want = it >= MENU_SPINNERS ||
               (it >= 0 && app->menu.hover_part != UI_SPIN_NONE &&
                !(it == MENU_ITEM_LEVEL && app->menu.opt.mode == MODE_TWO_PLAYERS));
    } else if (app->hover_target == TARGET_BOARD) {
        want = humans_turn(app) && move_is_valid(app->hover_point) &&
               board_get(game_board(app->game), app->hover_point.x, app->hover_point.y) ==
                   STONE_EMPTY;
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
    if (app->thinking || app->held != NULL) {
        return true;
    }
    return app->notice[0] != '\0' && !SDL_TICKS_PASSED(SDL_GetTicks(), app->notice_until + 50);
}

static void process(App *app, const SDL_Event *ev)
{
    AppCommand cmd;
    if (input_translate(ev, app->sx, app->sy, ai_worker_event_type(), &cmd)) {
        handle(app, &cmd);
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
    bool frame_due = animating(app) && SDL_TICKS_PASSED(SDL_GetTicks(),
                                                         app->last_frame + APP_ANIM_FRAME_MS);
    if (app->dirty || frame_due) {
        render_frame(app);
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
    return app->game;
}

MenuOptions app_test_menu_options(const App *app)
{
    return app->menu.opt;
}

bool app_test_ai_busy(const App *app)
{
    return app->thinking || app->held != NULL;
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
    LayoutRect r;
    if ((int)w >= APP_WIDGET_UNDO && w <= APP_WIDGET_MENU) {
        r = app->layout.buttons[w];
    } else if (w == APP_WIDGET_REMATCH || w == APP_WIDGET_RESULT_MENU) {
        r = app->layout.result_buttons[w - APP_WIDGET_REMATCH];
    } else {
        return false;
    }
    to_window(app, r.x + r.w / 2, r.y + r.h / 2, wx, wy);
    return true;
}

SDL_Window *app_test_window(const App *app)
{
    return app->win;
}

int app_capture(App *app, SDL_Surface **out)
{
    *out = NULL;
    render_frame(app);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, app->out_w, app->out_h, 32,
                                                    SDL_PIXELFORMAT_ARGB8888);
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
