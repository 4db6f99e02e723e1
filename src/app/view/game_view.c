/*
 * game_view.c - the board screen's pointer targets, cursor, animation and
 * board drawing, shared by the play and review scenes.
 */
#include "view/game_view.h"

#include <string.h>

#include "store/i18n.h"
#include "view/ui.h"

void game_view_reset(GameView *v, bool graph)
{
    v->graph = graph;
    v->hover = GAME_VIEW_NONE;
    v->pressed = GAME_VIEW_NONE;
    v->focus = GAME_VIEW_NONE;
    v->hover_point = MOVE_NONE;
    v->pressed_point = MOVE_NONE;
    move_list_reset(&v->list);
    if (!move_is_valid(v->cursor)) {
        v->cursor = MOVE_NONE;
    }
}

/* Returns the target at output pixel (x, y), and the point for the board. */
static int hit(const GameView *v, int x, int y, Move *point)
{
    *point = MOVE_NONE;
    const Layout *l = &v->layout;
    for (int i = 0; i < LAYOUT_BTN_COUNT; i++) {
        if (layout_rect_contains(l->buttons[i], x, y)) {
            return i;
        }
    }
    for (int i = 0; i < LAYOUT_TGL_COUNT; i++) {
        if (layout_rect_contains(l->toggles[i], x, y)) {
            return GAME_VIEW_TOGGLE + i;
        }
    }
    if (v->graph && layout_rect_contains(l->graph, x, y)) {
        return GAME_VIEW_GRAPH;
    }
    if (v->list.rect.w > 0 && layout_rect_contains(v->list.rect, x, y)) {
        return GAME_VIEW_LIST;
    }
    int px, py;
    if (layout_rect_contains(l->board, x, y) && layout_pixel_to_point(l, x, y, &px, &py)) {
        *point = (Move){(int8_t)px, (int8_t)py};
        return GAME_VIEW_BOARD;
    }
    return GAME_VIEW_NONE;
}

void game_view_refresh_hover(GameView *v)
{
    Move p = MOVE_NONE;
    int t = v->mouse_in ? hit(v, v->mx, v->my, &p) : GAME_VIEW_NONE;
    if (t != v->hover || !move_equal(p, v->hover_point)) {
        v->changed = true;
    }
    v->hover = t;
    v->hover_point = p;
}

static void pointer_up(GameView *v, const AppCommand *cmd, bool (*enabled)(const void *, int),
                       const void *user, GameViewClick *click)
{
    Move p;
    int t = hit(v, cmd->x, cmd->y, &p);
    int was = v->pressed;
    Move was_p = v->pressed_point;
    v->pressed = GAME_VIEW_NONE;
    v->changed = true;
    bool same = t != GAME_VIEW_NONE && t == was && (t != GAME_VIEW_BOARD || move_equal(p, was_p));
    if (same && (t == GAME_VIEW_BOARD || enabled(user, t))) {
        *click = (GameViewClick){t, p, cmd->x, cmd->y};
    }
    game_view_refresh_hover(v);
}

bool game_view_pointer(GameView *v, const AppCommand *cmd, bool (*enabled)(const void *, int),
                       const void *user, GameViewClick *click)
{
    *click = (GameViewClick){GAME_VIEW_NONE, MOVE_NONE, 0, 0};
    switch (cmd->kind) {
    case CMD_POINTER_MOVE:
        v->mx = cmd->x;
        v->my = cmd->y;
        v->mouse_in = true;
        game_view_refresh_hover(v);
        if (v->hover == GAME_VIEW_BOARD && v->cursor_shown) {
            v->cursor_shown = false; /* the mouse took over */
            v->changed = true;
        }
        return true;
    case CMD_POINTER_LEAVE:
        v->mouse_in = false;
        game_view_refresh_hover(v);
        return true;
    case CMD_POINTER_DOWN:
        v->mx = cmd->x;
        v->my = cmd->y;
        v->mouse_in = true;
        v->pressed = hit(v, cmd->x, cmd->y, &v->pressed_point);
        v->changed = true;
        return true;
    case CMD_POINTER_UP: pointer_up(v, cmd, enabled, user, click); return true;
    case CMD_WHEEL:
        if (v->mouse_in && v->list.rect.w > 0 && layout_rect_contains(v->list.rect, v->mx, v->my)) {
            move_list_scroll(&v->list, -cmd->y);
            v->changed = true;
        }
        return true;
    default: return false;
    }
}

/* The panel's targets in the order Tab visits them: the chips, then the
 * buttons, as they stand on screen. */
static int tab_target(int i)
{
    return i < LAYOUT_TGL_COUNT ? GAME_VIEW_TOGGLE + i : i - LAYOUT_TGL_COUNT;
}

static int tab_index(int target)
{
    return target >= GAME_VIEW_TOGGLE ? target - GAME_VIEW_TOGGLE : LAYOUT_TGL_COUNT + target;
}

/* Steps the focus by dir through the enabled targets; past either end it
 * goes back to the board. */
static void tab_step(GameView *v, int dir, bool (*enabled)(const void *, int), const void *user)
{
    const int n = LAYOUT_TGL_COUNT + LAYOUT_BTN_COUNT;
    int i = v->focus == GAME_VIEW_NONE ? (dir > 0 ? -1 : n) : tab_index(v->focus);
    for (i += dir; i >= 0 && i < n; i += dir) {
        if (enabled(user, tab_target(i))) {
            v->focus = tab_target(i);
            return;
        }
    }
    v->focus = GAME_VIEW_NONE;
}

bool game_view_keys(GameView *v, const AppCommand *cmd, bool (*enabled)(const void *, int),
                    const void *user, GameViewClick *click)
{
    *click = (GameViewClick){GAME_VIEW_NONE, MOVE_NONE, 0, 0};
    bool tab = (cmd->kind == CMD_FOCUS_NEXT || cmd->kind == CMD_FOCUS_PREV) && cmd->tab;
    if (tab) {
        tab_step(v, cmd->kind == CMD_FOCUS_NEXT ? 1 : -1, enabled, user);
        v->changed = true;
        return true;
    }
    if (v->focus == GAME_VIEW_NONE) {
        return false;
    }
    if (cmd->kind == CMD_ACCEPT) {
        if (enabled(user, v->focus)) {
            click->target = v->focus;
        }
        return true;
    }
    bool to_board = cmd->kind == CMD_BACK || cmd->kind == CMD_FOCUS_NEXT ||
                    cmd->kind == CMD_FOCUS_PREV || cmd->kind == CMD_DECREASE ||
                    cmd->kind == CMD_INCREASE;
    if (to_board) {
        v->focus = GAME_VIEW_NONE;
        v->changed = true;
        return cmd->kind == CMD_BACK; /* Esc only leaves the panel; arrows go on to the board */
    }
    return false;
}

void game_view_move_cursor(GameView *v, int n, Move last, int dx, int dy)
{
    if (!v->cursor_shown) {
        v->cursor = move_is_valid(last) ? last : (Move){(int8_t)(n / 2), (int8_t)(n / 2)};
        v->cursor_shown = true;
        if (dx == 0 && dy == 0) {
            return;
        }
    }
    int x = v->cursor.x + dx, y = v->cursor.y + dy;
    v->cursor.x = (int8_t)(x < 0 ? 0 : x > n - 1 ? n - 1 : x);
    v->cursor.y = (int8_t)(y < 0 ? 0 : y > n - 1 ? n - 1 : y);
}

void game_view_place(GameView *v, Move m, uint64_t now_ms)
{
    v->anim = m;
    v->anim_start = now_ms;
}

float game_view_anim_progress(const GameView *v, uint64_t now_ms)
{
    if (!move_is_valid(v->anim)) {
        return 1.0f;
    }
    uint64_t dt = now_ms - v->anim_start;
    return dt >= GAME_VIEW_PLACE_MS ? 1.0f : (float)dt / (float)GAME_VIEW_PLACE_MS;
}

/* Returns the mate distance a root score means (see AI_SCORE_WIN). */
static int mate_of(int score)
{
    return score >= AI_SCORE_WIN_THRESHOLD    ? AI_SCORE_WIN - score
           : score <= -AI_SCORE_WIN_THRESHOLD ? -(AI_SCORE_WIN + score)
                                              : 0;
}

int game_view_candidates(const AiInfo *ana, GameViewCandidate *out, int max)
{
    if (!move_is_valid(ana->best) || max <= 0) {
        return 0;
    }
    /* The exactly scored candidates, best first; the search's own answer
     * leads even when a deeper, unfinished iteration chose it. */
    int n = 0;
    out[n++] = (GameViewCandidate){ana->best, ana->score, ana->mate_plies};
    int exact = ana->root_exact < ana->root_count ? ana->root_exact : ana->root_count;
    for (int i = 0; i < exact && n < max; i++) {
        if (!move_equal(ana->root_move[i], ana->best)) {
            int sc = ana->root_score[i];
            out[n++] = (GameViewCandidate){ana->root_move[i], sc, mate_of(sc)};
        }
    }
    return n;
}

int game_view_marks(const AiInfo *analysis, BoardMark *marks)
{
    GameViewCandidate c[AI_MAX_ROOT];
    int n = game_view_candidates(analysis, c, AI_MAX_ROOT);
    n = n < BOARD_VIEW_MAX_MARKS ? n : BOARD_VIEW_MAX_MARKS;
    for (int i = 0; i < n; i++) {
        /* Coloured by how much worse than the best: green, then amber. */
        float gap = (float)(c[0].score - c[i].score);
        float rel = 1.0f - SDL_clamp(gap / 400.0f, 0.0f, 1.0f);
        marks[i].m = c[i].move;
        marks[i].good = i == 0 ? 1.0f : rel * 1.6f - 0.8f;
        marks[i].strength = i == 0 ? 1.0f : SDL_clamp(0.25f + 0.6f * rel, 0.25f, 0.85f);
        marks[i].best = i == 0;
        marks[i].rank = i + 1;
    }
    return n;
}

void game_view_engine_line(BoardView *bv, const AiInfo *ana, Stone to_move, int played)
{
    if (ana->pv_len <= 0 || !move_is_valid(ana->pv[0])) {
        return;
    }
    bv->line = ana->pv;
    bv->line_len = ana->pv_len;
    bv->line_first = to_move;
    bv->line_number = played + 1;
    bv->marks = NULL;
    bv->mark_count = 0;
    bv->hint = MOVE_NONE;
}

void game_view_time_text(int ms, char *buf, size_t len)
{
    /* Tenths of a second said "0.0 s" of a search that took 40 ms. */
    if (ms < 1000) {
        i18n_format(buf, len, I18N_FMT_MILLISECONDS, ms < 0 ? 0 : ms);
    } else {
        i18n_format(buf, len, I18N_FMT_SECONDS, (double)ms / 1000.0);
    }
}

void game_view_draw_board(const GameView *v, const UiKit *kit, BoardBackdrop *cache,
                          const BoardView *bv)
{
    board_view_draw_backdrop(kit->ren, kit->assets, &v->layout, bv, kit->out_w, kit->out_h, cache);
    board_view_draw_pieces(kit->ren, kit->assets, &v->layout, bv);
}
