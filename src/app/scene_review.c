/*
 * scene_review.c - stepping through a finished or loaded game, with the
 * evaluation graph the helper engine fills in.
 */
#include "scene_review.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "panel.h"
#include "saves.h"
#include "scene.h"
#include "sound.h"
#include "ui.h"

static const ReviewAction SLOTS[LAYOUT_BTN_COUNT] = {REVIEW_PREV, REVIEW_NEXT, REVIEW_FIRST,
                                                     REVIEW_LAST, REVIEW_SAVE, REVIEW_BACK};
static const I18nString LABELS[] = {
    [REVIEW_PREV] = I18N_BTN_PREV, [REVIEW_NEXT] = I18N_BTN_NEXT, [REVIEW_FIRST] = I18N_BTN_FIRST,
    [REVIEW_LAST] = I18N_BTN_LAST, [REVIEW_SAVE] = I18N_BTN_SAVE, [REVIEW_BACK] = I18N_BTN_BACK,
};

ReviewAction scene_review_slot(int slot)
{
    return slot >= 0 && slot < LAYOUT_BTN_COUNT ? SLOTS[slot] : REVIEW_NONE;
}

bool scene_review_enabled(const Ctx *ctx, ReviewAction a)
{
    const Session *s = ctx->session;
    int pos = session_review_pos(s), n = session_review_count(s);
    switch (a) {
    case REVIEW_FIRST:
    case REVIEW_PREV: return pos > 0;
    case REVIEW_NEXT:
    case REVIEW_LAST: return pos < n;
    case REVIEW_SAVE: return ctx->have_storage && n > 0;
    case REVIEW_BACK: return true;
    default: return false;
    }
}

/* ---- commands ------------------------------------------------------------------ */

static void go_to(Ctx *ctx, int pos)
{
    session_review_goto(ctx->session, pos);
}

static void do_action(Ctx *ctx, ReviewAction a)
{
    int pos = session_review_pos(ctx->session);
    switch (a) {
    case REVIEW_FIRST: go_to(ctx, 0); break;
    case REVIEW_PREV: go_to(ctx, pos - 1); break;
    case REVIEW_NEXT: go_to(ctx, pos + 1); break;
    case REVIEW_LAST: go_to(ctx, session_review_count(ctx->session)); break;
    case REVIEW_SAVE: saves_begin_save(ctx); break;
    case REVIEW_BACK: scene_go(ctx->scenes, SCENE_PLAY); break;
    default: break;
    }
}

static bool target_enabled(const void *user, int t)
{
    const Ctx *ctx = user;
    if (t >= 0 && t < LAYOUT_BTN_COUNT) {
        return scene_review_enabled(ctx, scene_review_slot(t));
    }
    return t != GAME_VIEW_NONE;
}

/* A click on the graph jumps to that position. */
static void graph_click(ReviewScene *rs, Ctx *ctx, int x)
{
    const LayoutRect g = rs->view.layout.graph;
    int n = session_review_count(ctx->session);
    if (n > 0 && g.w > 1) {
        go_to(ctx, (int)((long)(x - g.x) * (n + 1) / g.w));
    }
}

static void click(ReviewScene *rs, Ctx *ctx, const GameViewClick *c)
{
    if (c->target >= 0 && c->target < LAYOUT_BTN_COUNT) {
        do_action(ctx, scene_review_slot(c->target));
    } else if (c->target >= GAME_VIEW_TOGGLE && c->target < GAME_VIEW_GRAPH) {
        game_view_toggle(&rs->view, ctx, (CtxToggle)(c->target - GAME_VIEW_TOGGLE));
    } else if (c->target == GAME_VIEW_GRAPH) {
        graph_click(rs, ctx, c->x);
    }
}

/* A new game from review: the same setup, the score runs on. */
static void new_game(Ctx *ctx)
{
    if (ctx_new_game(ctx, NULL, true) == 0) {
        scene_go(ctx->scenes, SCENE_PLAY);
    }
}

static const struct {
    AppCommandKind kind;
    ReviewAction action;
} KEYS[] = {
    {CMD_DECREASE, REVIEW_PREV}, {CMD_UNDO, REVIEW_PREV},       {CMD_INCREASE, REVIEW_NEXT},
    {CMD_REDO, REVIEW_NEXT},     {CMD_HOME, REVIEW_FIRST},      {CMD_FOCUS_PREV, REVIEW_FIRST},
    {CMD_END, REVIEW_LAST},      {CMD_FOCUS_NEXT, REVIEW_LAST}, {CMD_BACK, REVIEW_BACK},
    {CMD_REVIEW, REVIEW_BACK},   {CMD_SAVE, REVIEW_SAVE},
};

static void command(ReviewScene *rs, Ctx *ctx, const AppCommand *cmd)
{
    for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; i++) {
        if (KEYS[i].kind == cmd->kind) {
            do_action(ctx, KEYS[i].action);
            return;
        }
    }
    if (game_view_toggle_key(&rs->view, ctx, cmd->kind)) {
        return;
    }
    switch (cmd->kind) {
    case CMD_NEW_GAME: new_game(ctx); break;
    case CMD_OPEN: scene_go(ctx->scenes, SCENE_FILES); break;
    case CMD_HELP: scene_push(ctx->scenes, SCENE_HELP, NULL); break;
    case CMD_DROP_FILE: saves_open_path(ctx, cmd->data, saves_base_name(cmd->data)); break;
    default: break;
    }
}

static void handle(void *self, Ctx *ctx, const AppCommand *cmd)
{
    ReviewScene *rs = self;
    GameViewClick c;
    ctx->dirty = true;
    if (cmd->kind == CMD_RESIZED) {
        game_view_resize(&rs->view, ctx);
    } else if (game_view_pointer(&rs->view, cmd, target_enabled, ctx, &c)) {
        if (c.target != GAME_VIEW_NONE) {
            click(rs, ctx, &c);
        }
    } else {
        command(rs, ctx, cmd);
    }
}

static void tick(void *self, Ctx *ctx)
{
    ReviewScene *rs = self;
    SessionEvent ev;
    while (session_next_event(ctx->session, &ev)) {
        if (ev.kind == SESSION_EVENT_REVIEW_STEP) {
            game_view_place(&rs->view, ev.move, ctx_now(ctx));
            sound_play(SOUND_STONE);
        } else {
            saves_on_session_event(ctx, &ev);
        }
        ctx->dirty = true;
    }
    saves_write_autosave(ctx);
    if (rs->view.changed) {
        rs->view.changed = false;
        ctx->dirty = true;
    }
}

/* ---- life ------------------------------------------------------------------------- */

static void *create(Ctx *ctx)
{
    (void)ctx;
    ReviewScene *rs = calloc(1, sizeof *rs);
    if (rs != NULL) {
        rs->view.cursor = MOVE_NONE;
        rs->view.anim = MOVE_NONE;
    }
    return rs;
}

static void enter(void *self, Ctx *ctx, const DialogSpec *spec)
{
    (void)spec;
    ReviewScene *rs = self;
    session_review_begin(ctx->session);
    game_view_reset(&rs->view, ctx, true);
}

static void leave(void *self, Ctx *ctx, SceneId next)
{
    (void)self;
    (void)next;
    session_review_end(ctx->session);
}

static void answer(void *self, Ctx *ctx, const DialogAnswer *a)
{
    (void)self;
    saves_answer(ctx, a);
}

static bool animating(const void *self, const Ctx *ctx)
{
    const ReviewScene *rs = self;
    SessionJob job;
    return session_engine_job(ctx->session, SESSION_ENGINE_HELPER, &job) ||
           game_view_anim_progress(&rs->view, ctx) < 1.0f || ctx_notice_text(ctx)[0] != '\0';
}

static bool hovering(const void *self, const Ctx *ctx)
{
    const ReviewScene *rs = self;
    int t = rs->view.hover;
    return t != GAME_VIEW_NONE && t != GAME_VIEW_BOARD && target_enabled(ctx, t);
}

/* ---- drawing ------------------------------------------------------------------------ */

static void panel_model(const ReviewScene *rs, const Ctx *ctx, PanelModel *m)
{
    const Session *s = ctx->session;
    int pos = session_review_pos(s), n = session_review_count(s);
    memset(m, 0, sizeof *m);
    m->review = true;
    m->over = pos == n && session_result(s) != GAME_ONGOING;
    m->title = i18n_get(I18N_REVIEW_TITLE);
    panel_subtitle(ctx, m->subtitle, sizeof m->subtitle);
    if (pos == 0) {
        snprintf(m->headline, sizeof m->headline, "%s", i18n_get(I18N_REVIEW_START));
    } else {
        i18n_format(m->headline, sizeof m->headline, I18N_FMT_REVIEW_MOVE, pos, n);
        panel_move_name(session_review_move(s, pos - 1), game_board(session_game(s))->size,
                        m->move_name);
    }
    m->head_color = UI_TEXT;
    m->head_stone = pos == 0 ? STONE_EMPTY : pos % 2 == 1 ? STONE_BLACK : STONE_WHITE;
    const char *notice = ctx_notice_text(ctx);
    snprintf(m->status, sizeof m->status, "%s",
             notice[0] != '\0' ? notice : i18n_get(I18N_REVIEW_HELP));
    m->status_color = notice[0] != '\0' ? UI_ACCENT : UI_TEXT_DIM;
    m->move_count = -1;
    for (int i = 0; i < LAYOUT_BTN_COUNT; i++) {
        ReviewAction a = scene_review_slot(i);
        m->button[i] = (PanelButton){i18n_get(LABELS[a]), scene_review_enabled(ctx, a),
                                     a == REVIEW_NEXT && pos < n, false};
    }
    m->hover = rs->view.hover;
    m->pressed = rs->view.pressed;
}

static void draw(void *self, Ctx *ctx)
{
    ReviewScene *rs = self;
    const Session *s = ctx->session;
    int pos = session_review_pos(s);
    Board b;
    Move moves[BOARD_MAX_CELLS], line[BOARD_MAX_SIZE];
    session_review_board(s, pos, &b);
    for (int i = 0; i < pos; i++) {
        moves[i] = session_review_move(s, i);
    }
    BoardView bv;
    game_view_board(&rs->view, ctx, &bv, &b, moves, pos);
    if (session_result(s) != GAME_ONGOING && pos == session_review_count(s)) {
        bv.win_len = game_win_line(session_game(s), line, BOARD_MAX_SIZE);
        bv.win = bv.win_len > 0 ? line : NULL;
    }
    game_view_draw_board(&rs->view, ctx, &bv);
    PanelModel m;
    panel_model(rs, ctx, &m);
    panel_draw(ctx, &rs->view.layout, &m);
}

const SceneClass scene_review_class = {
    .name = "review",
    .create = create,
    .destroy = free,
    .enter = enter,
    .leave = leave,
    .handle = handle,
    .answer = answer,
    .tick = tick,
    .draw = draw,
    .animating = animating,
    .hovering = hovering,
};
