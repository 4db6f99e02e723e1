/*
 * scene_review.c - stepping through a finished or loaded game, with the
 * evaluation graph the helper engine fills in.
 */
#include "scenes/scene_review.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenes/game_screen.h"
#include "scenes/saves.h"
#include "scenes/saves_puzzle.h"
#include "scenes/scene.h"
#include "session/trainer.h"
#include "platform/sound.h"
#include "view/ui.h"

static const ReviewAction SLOTS[LAYOUT_BTN_COUNT] = {REVIEW_PREV,     REVIEW_NEXT, REVIEW_HINT,
                                                     REVIEW_CONTINUE, REVIEW_SAVE, REVIEW_BACK};
static const ReviewAction CHOOSING_SLOTS[LAYOUT_BTN_COUNT] = {
    REVIEW_PLAY_BLACK, REVIEW_PLAY_WHITE, REVIEW_PLAY_TWO, REVIEW_NONE, REVIEW_NONE, REVIEW_CANCEL};
static const I18nString LABELS[] = {
    [REVIEW_PREV] = I18N_BTN_PREV,
    [REVIEW_NEXT] = I18N_BTN_NEXT,
    [REVIEW_FIRST] = I18N_BTN_FIRST,
    [REVIEW_LAST] = I18N_BTN_LAST,
    [REVIEW_HINT] = I18N_BTN_HINT,
    [REVIEW_SHOW_WIN] = I18N_BTN_SHOW_WIN,
    [REVIEW_CONTINUE] = I18N_BTN_CONTINUE,
    [REVIEW_SAVE] = I18N_BTN_SAVE,
    [REVIEW_BACK] = I18N_BTN_BACK,
    [REVIEW_PLAY_BLACK] = I18N_BTN_PLAY_BLACK,
    [REVIEW_PLAY_WHITE] = I18N_BTN_PLAY_WHITE,
    [REVIEW_PLAY_TWO] = I18N_MATCH_TWO_PLAYERS,
    [REVIEW_CANCEL] = I18N_BTN_CANCEL,
    [REVIEW_SAVE_PUZZLE] = I18N_BTN_SAVE_PUZZLE,
};

/* ---- what the coach knows --------------------------------------------------- */

static Rules review_rules(const Ctx *ctx)
{
    return game_rules(session_game(ctx->session));
}

static int review_size(const Ctx *ctx)
{
    return game_board(session_game(ctx->session))->size;
}

static Stone mover_of(int move_index)
{
    return move_index % 2 == 0 ? STONE_BLACK : STONE_WHITE;
}

/* Writes what the analysis says of review position pos; false while it
 * is not known. */
static bool position_outlook(const Ctx *ctx, int pos, AiOutlook *out)
{
    RecordEval ev;
    if (!session_review_analysis(ctx->session, pos, &ev)) {
        return false;
    }
    *out = ai_outlook(ev.score, ev.mate_plies, mover_of(pos), review_rules(ctx), review_size(ctx));
    return true;
}

static const MoveListMark MARK_OF[SESSION_COACH_MARK_COUNT] = {
    [SESSION_COACH_NONE] = MOVE_LIST_MARK_NONE,
    [SESSION_COACH_BEST] = MOVE_LIST_MARK_BEST,
    [SESSION_COACH_ONLY_MOVE] = MOVE_LIST_MARK_ONLY,
    [SESSION_COACH_INACCURACY] = MOVE_LIST_MARK_INACCURACY,
    [SESSION_COACH_MISTAKE] = MOVE_LIST_MARK_MISTAKE,
    [SESSION_COACH_BLUNDER] = MOVE_LIST_MARK_BLUNDER,
    [SESSION_COACH_MISSED_WIN] = MOVE_LIST_MARK_MISSED_WIN,
};

static const I18nString MARK_NAME[MOVE_LIST_MARK_COUNT] = {
    [MOVE_LIST_MARK_NONE] = I18N_MARK_GOOD,
    [MOVE_LIST_MARK_BEST] = I18N_MARK_BEST,
    [MOVE_LIST_MARK_ONLY] = I18N_MARK_ONLY,
    [MOVE_LIST_MARK_INACCURACY] = I18N_MARK_INACCURACY,
    [MOVE_LIST_MARK_MISTAKE] = I18N_MARK_MISTAKE,
    [MOVE_LIST_MARK_BLUNDER] = I18N_MARK_BLUNDER,
    [MOVE_LIST_MARK_MISSED_WIN] = I18N_MARK_MISSED_WIN,
};

/* The coach's mark on move i (0 = the first), MOVE_LIST_MARK_NONE while
 * not known. */
static MoveListMark move_mark(const Ctx *ctx, int i, SessionCoachMove *out)
{
    SessionCoachMove cm;
    if (!session_review_coach(ctx->session, i, &cm)) {
        return MOVE_LIST_MARK_NONE;
    }
    if (out != NULL) {
        *out = cm;
    }
    return cm.mark >= 0 && cm.mark < SESSION_COACH_MARK_COUNT ? MARK_OF[cm.mark]
                                                              : MOVE_LIST_MARK_NONE;
}

/* True when the move just shown missed a win, or the position shown holds
 * a forced win for the side to move: there is a win to show. */
static bool win_to_show(const Ctx *ctx)
{
    return session_review_win_from(ctx->session) >= 0;
}

/* True when the move shown makes a puzzle (trainer_review_offers). */
static bool puzzle_to_save(const Ctx *ctx)
{
    int pos = session_review_pos(ctx->session);
    return pos > 0 && trainer_review_offers(ctx->session, pos - 1);
}

ReviewAction scene_review_slot(const ReviewScene *rs, const Ctx *ctx, int slot)
{
    if (slot < 0 || slot >= LAYOUT_BTN_COUNT) {
        return REVIEW_NONE;
    }
    if (rs->choosing) {
        return CHOOSING_SLOTS[slot];
    }
    ReviewAction a = SLOTS[slot];
    /* Where the coach marked a missed win or an only move, Save offers
     * the position as a puzzle (saving the game stays on Ctrl+S). */
    if (a == REVIEW_SAVE && puzzle_to_save(ctx)) {
        return REVIEW_SAVE_PUZZLE;
    }
    return a == REVIEW_HINT && win_to_show(ctx) ? REVIEW_SHOW_WIN : a;
}

bool scene_review_enabled(const ReviewScene *rs, const Ctx *ctx, ReviewAction a)
{
    const Session *s = ctx->session;
    int pos = session_review_pos(s), n = session_review_count(s);
    bool room = game_board(session_game(s))->size * game_board(session_game(s))->size > pos;
    switch (a) {
    case REVIEW_FIRST:
    case REVIEW_PREV: return !rs->choosing && pos > 0;
    case REVIEW_NEXT:
    case REVIEW_LAST: return !rs->choosing && pos < n;
    case REVIEW_HINT:
        return !rs->choosing && room && !(pos == n && session_result(s) != GAME_ONGOING);
    case REVIEW_SHOW_WIN: return !rs->choosing && win_to_show(ctx);
    case REVIEW_CONTINUE:
        return !rs->choosing && room && !(pos == n && session_result(s) != GAME_ONGOING);
    case REVIEW_SAVE: return !rs->choosing && ctx->data.have_storage && n > 0;
    case REVIEW_SAVE_PUZZLE: return !rs->choosing && ctx->data.have_storage && puzzle_to_save(ctx);
    case REVIEW_BACK:
    case REVIEW_PLAY_BLACK:
    case REVIEW_PLAY_WHITE:
    case REVIEW_PLAY_TWO:
    case REVIEW_CANCEL:
    case REVIEW_COACH: return true;
    default: return false;
    }
}

/* ---- commands ------------------------------------------------------------------ */

#define REVIEW_LINE_STEP_MS 650

static void stop_line(ReviewScene *rs, Ctx *ctx)
{
    rs->line_shown = 0;
    session_review_line_stop(ctx->session);
}

static void go_to(ReviewScene *rs, Ctx *ctx, int pos)
{
    stop_line(rs, ctx);
    session_review_goto(ctx->session, pos);
}

/* Where the line shown stands, and its moves (room for
 * SESSION_LINE_MAX_SHOWN). */
static SessionLineState line_now(const Ctx *ctx, Move *moves, int *len, int *from)
{
    return session_review_line(ctx->session, moves, SESSION_LINE_MAX_SHOWN, len, from);
}

/* Show the win: the win of the side that missed it when the move shown
 * missed one (from the position before it), else the win of the side to
 * move; the session works out the loser's best defence as it goes. */
static void show_win(ReviewScene *rs, Ctx *ctx)
{
    int from = session_review_win_from(ctx->session);
    stop_line(rs, ctx);
    if (from >= 0 && session_review_line_start(ctx->session, from) == SESSION_OK) {
        rs->line_shown = 1;
        rs->line_next = ctx_now(ctx) + REVIEW_LINE_STEP_MS;
        sound_play(SOUND_STONE);
    }
}

/* Play from here: a live game from the position shown.  The opened
 * file's game becomes the game in play; an unfinished one it replaces is
 * not left without a question. */
static void play_on(ReviewScene *rs, Ctx *ctx, PlayerMode mode)
{
    rs->choosing = false;
    stop_line(rs, ctx);
    if (saves_reviewing_opened(ctx) && saves_unfinished_at_stake(ctx)) {
        rs->leave_then = REVIEW_CONTINUE;
        rs->leave_mode = mode;
        saves_ask_leave(ctx);
        return;
    }
    saves_forget_live(ctx);
    char err[160];
    if (session_review_continue(ctx->session, mode, ctx_now(ctx)) != SESSION_OK) {
        snprintf(err, sizeof err, "%s", i18n_get(I18N_BAD_OPTIONS));
        ctx_notice(ctx, err);
        return;
    }
    scene_go(ctx->scenes, SCENE_PLAY);
}

/* Back: to the game; from an opened file, to where the player came from,
 * with the game that was in play as it was. */
static void back_to_where(Ctx *ctx)
{
    if (saves_reviewing_opened(ctx)) {
        saves_back_from_opened(ctx);
    } else {
        scene_go(ctx->scenes, SCENE_PLAY);
    }
}

static void toggle_coach(Ctx *ctx)
{
    session_review_set_analysing(ctx->session, !session_review_analysing(ctx->session));
}

static void do_action(ReviewScene *rs, Ctx *ctx, ReviewAction a)
{
    int pos = session_review_pos(ctx->session);
    if (!scene_review_enabled(rs, ctx, a)) {
        return;
    }
    switch (a) {
    case REVIEW_FIRST: go_to(rs, ctx, 0); break;
    case REVIEW_PREV: go_to(rs, ctx, pos - 1); break;
    case REVIEW_NEXT: go_to(rs, ctx, pos + 1); break;
    case REVIEW_LAST: go_to(rs, ctx, session_review_count(ctx->session)); break;
    case REVIEW_HINT: session_request_hint(ctx->session); break;
    case REVIEW_SHOW_WIN: show_win(rs, ctx); break;
    case REVIEW_CONTINUE: rs->choosing = true; break;
    case REVIEW_SAVE: saves_begin_save(ctx); break;
    case REVIEW_SAVE_PUZZLE: saves_save_puzzle(ctx, pos - 1); break;
    case REVIEW_BACK: back_to_where(ctx); break;
    case REVIEW_PLAY_BLACK: play_on(rs, ctx, MODE_HUMAN_BLACK); break;
    case REVIEW_PLAY_WHITE: play_on(rs, ctx, MODE_COMPUTER_BLACK); break;
    case REVIEW_PLAY_TWO: play_on(rs, ctx, MODE_TWO_PLAYERS); break;
    case REVIEW_CANCEL: rs->choosing = false; break;
    case REVIEW_COACH: toggle_coach(ctx); break;
    default: break;
    }
}

static bool target_enabled(const void *user, int t)
{
    const Ctx *ctx = user;
    const ReviewScene *rs = scene_state(ctx->scenes, SCENE_REVIEW);
    if (t >= 0 && t < LAYOUT_BTN_COUNT) {
        return scene_review_enabled(rs, ctx, scene_review_slot(rs, ctx, t));
    }
    return t != GAME_VIEW_NONE && !rs->choosing;
}

/* A click on the graph jumps to that position. */
static void graph_click(ReviewScene *rs, Ctx *ctx, int x)
{
    const LayoutRect g = rs->view.layout.graph;
    int n = session_review_count(ctx->session);
    if (n > 0 && g.w > 1) {
        go_to(rs, ctx, (int)((long)(x - g.x) * (n + 1) / g.w));
    }
}

/* A click on a move of the list shows the position after it. */
static void list_click(ReviewScene *rs, Ctx *ctx, int x, int y)
{
    MoveListModel m;
    game_screen_list_model(ctx, &m, NULL);
    int pos = move_list_hit(&rs->view.list, &m, x, y);
    if (pos >= 0) {
        go_to(rs, ctx, pos);
    }
}

static void click(ReviewScene *rs, Ctx *ctx, const GameViewClick *c)
{
    if (c->target >= 0 && c->target < LAYOUT_BTN_COUNT) {
        do_action(rs, ctx, scene_review_slot(rs, ctx, c->target));
    } else if (c->target >= GAME_VIEW_TOGGLE && c->target < GAME_VIEW_GRAPH) {
        game_screen_toggle(&rs->view, ctx, (CtxToggle)(c->target - GAME_VIEW_TOGGLE));
    } else if (c->target == GAME_VIEW_GRAPH) {
        graph_click(rs, ctx, c->x);
    } else if (c->target == GAME_VIEW_LIST) {
        list_click(rs, ctx, c->x, c->y);
    }
}

/* A new game from review: the same setup, the score runs on; an
 * unfinished game is not left without a question. */
static void new_game(ReviewScene *rs, Ctx *ctx)
{
    if (saves_unfinished_at_stake(ctx)) {
        rs->leave_then = REVIEW_NONE;
        saves_ask_leave(ctx);
        return;
    }
    saves_forget_live(ctx);
    if (ctx_new_game(ctx, NULL, true) == 0) {
        scene_go(ctx->scenes, SCENE_PLAY);
    }
}

static const struct {
    AppCommandKind kind;
    ReviewAction action;
} KEYS[] = {
    {CMD_DECREASE, REVIEW_PREV},     {CMD_UNDO, REVIEW_PREV},       {CMD_INCREASE, REVIEW_NEXT},
    {CMD_REDO, REVIEW_NEXT},         {CMD_HOME, REVIEW_FIRST},      {CMD_FOCUS_PREV, REVIEW_FIRST},
    {CMD_END, REVIEW_LAST},          {CMD_FOCUS_NEXT, REVIEW_LAST}, {CMD_REVIEW, REVIEW_BACK},
    {CMD_SAVE, REVIEW_SAVE},         {CMD_HINT, REVIEW_HINT},       {CMD_SHOW_WIN, REVIEW_SHOW_WIN},
    {CMD_CONTINUE, REVIEW_CONTINUE}, {CMD_COACH, REVIEW_COACH},
};

/* Esc closes what is open first: the side question, the line shown. */
static void back(ReviewScene *rs, Ctx *ctx)
{
    if (rs->choosing) {
        rs->choosing = false;
    } else if (rs->line_shown > 0) {
        stop_line(rs, ctx);
    } else {
        do_action(rs, ctx, REVIEW_BACK);
    }
}

static void command(ReviewScene *rs, Ctx *ctx, const AppCommand *cmd)
{
    for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; i++) {
        if (KEYS[i].kind == cmd->kind) {
            do_action(rs, ctx, KEYS[i].action);
            return;
        }
    }
    if (game_screen_toggle_key(&rs->view, ctx, cmd->kind)) {
        return;
    }
    switch (cmd->kind) {
    case CMD_BACK: back(rs, ctx); break;
    case CMD_NEW_GAME: new_game(rs, ctx); break;
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
        game_screen_resize(&rs->view, ctx);
    } else if (game_view_keys(&rs->view, cmd, target_enabled, ctx, &c) ||
               game_view_pointer(&rs->view, cmd, target_enabled, ctx, &c)) {
        if (c.target != GAME_VIEW_NONE) {
            click(rs, ctx, &c);
        }
    } else {
        command(rs, ctx, cmd);
    }
}

/* The line shown grows one move at a time, as fast as the session works
 * it out. */
static void advance_line(ReviewScene *rs, Ctx *ctx)
{
    Move moves[SESSION_LINE_MAX_SHOWN];
    int len = 0, from = -1;
    if (rs->line_shown == 0) {
        return;
    }
    if (line_now(ctx, moves, &len, &from) == SESSION_LINE_NONE) {
        rs->line_shown = 0;
        ctx->dirty = true;
        return;
    }
    uint64_t now = ctx_now(ctx);
    if (rs->line_shown < len && now >= rs->line_next) {
        rs->line_shown++;
        rs->line_next = now + REVIEW_LINE_STEP_MS;
        sound_play(SOUND_STONE);
        ctx->dirty = true;
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
    advance_line(rs, ctx);
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
    /* Back from the saved-games list with the same game: where it was. */
    bool back = rs->kept && rs->kept_id == session_position_id(ctx->session);
    rs->kept = false;
    rs->choosing = false;
    rs->line_shown = 0;
    session_review_begin(ctx->session);
    if (back) {
        session_review_goto(ctx->session, rs->kept_pos);
        session_review_set_analysing(ctx->session, rs->kept_analysing);
    }
    game_screen_reset(&rs->view, ctx, true);
}

static void leave(void *self, Ctx *ctx, SceneId next)
{
    ReviewScene *rs = self;
    rs->kept = next == SCENE_FILES;
    rs->kept_pos = session_review_pos(ctx->session);
    rs->kept_analysing = session_review_analysing(ctx->session);
    session_review_end(ctx->session);
    rs->kept_id = session_position_id(ctx->session);
}

static void answer(void *self, Ctx *ctx, const DialogAnswer *a)
{
    ReviewScene *rs = self;
    if (a->tag != DIALOG_LEAVE_GAME) {
        saves_answer(ctx, a);
        return;
    }
    if (a->button != 0) {
        return;
    }
    saves_keep_unfinished(ctx);
    if (rs->leave_then == REVIEW_CONTINUE) {
        play_on(rs, ctx, rs->leave_mode);
    } else if (ctx_new_game(ctx, NULL, true) == 0) {
        scene_go(ctx->scenes, SCENE_PLAY);
    }
}

static bool animating(const void *self, const Ctx *ctx)
{
    const ReviewScene *rs = self;
    SessionJob job;
    Move moves[SESSION_LINE_MAX_SHOWN];
    int len = 0, from = -1;
    bool growing = rs->line_shown > 0 && line_now(ctx, moves, &len, &from) != SESSION_LINE_NONE &&
                   rs->line_shown < len;
    return session_engine_job(ctx->session, SESSION_ENGINE_HELPER, &job) ||
           game_screen_anim_progress(&rs->view, ctx) < 1.0f || ctx_notice_text(ctx)[0] != '\0' ||
           growing;
}

static bool hovering(const void *self, const Ctx *ctx)
{
    const ReviewScene *rs = self;
    int t = rs->view.hover;
    return t != GAME_VIEW_NONE && t != GAME_VIEW_BOARD && target_enabled(ctx, t);
}

/* ---- drawing ------------------------------------------------------------------------ */

/* "G10 · Mistake" and "Black 64% → 41% · Best H9" for the move shown. */
static void coach_lines(const Ctx *ctx, PanelModel *m)
{
    const Session *s = ctx->session;
    int pos = session_review_pos(s), size = game_board(session_game(s))->size;
    char name[RECORD_MOVE_NAME_MAX], before[96], after[96], best[64] = "";
    AiOutlook o;
    if (pos == 0) {
        if (position_outlook(ctx, 0, &o)) {
            panel_outlook_text(o, m->coach[1], sizeof m->coach[1]);
            m->coach_color[1] = UI_TEXT_DIM;
        }
        return;
    }
    SessionCoachMove cm;
    MoveListMark mark = move_mark(ctx, pos - 1, &cm);
    move_list_move_name(session_review_move(s, pos - 1), size, name);
    if (mark == MOVE_LIST_MARK_NONE && !session_review_coach(s, pos - 1, &cm)) {
        snprintf(m->coach[0], sizeof m->coach[0], "%s", name);
        m->coach_color[0] = UI_TEXT;
        return;
    }
    snprintf(m->coach[0], sizeof m->coach[0], "%s%s \xc2\xb7 %s", name, move_list_glyph(mark),
             i18n_get(MARK_NAME[mark]));
    m->coach_color[0] = move_list_color(mark);
    panel_outlook_text(cm.before, before, sizeof before);
    panel_outlook_text(cm.after, after, sizeof after);
    if (move_is_valid(cm.best) && mark != MOVE_LIST_MARK_BEST && mark != MOVE_LIST_MARK_ONLY) {
        char bname[RECORD_MOVE_NAME_MAX], b[48];
        move_list_move_name(cm.best, size, bname);
        i18n_format(b, sizeof b, I18N_FMT_BEST_MOVE, bname);
        snprintf(best, sizeof best, " \xc2\xb7 %s", b);
    }
    snprintf(m->coach[1], sizeof m->coach[1], "%s \xe2\x86\x92 %s%s", before, after, best);
    m->coach_color[1] = UI_TEXT;
}

/* The background analysis' progress, and each side's summary once done. */
static void coach_progress(const Ctx *ctx, PanelModel *m)
{
    const Session *s = ctx->session;
    int total = session_review_count(s) + 1, done = session_review_evaluated(s);
    m->progress = -1.0f;
    if (done < total) {
        m->progress = (float)done / (float)total;
        if (session_review_analysing(s)) {
            i18n_format(m->progress_text, sizeof m->progress_text, I18N_FMT_ANALYSING, done, total);
        } else {
            snprintf(m->progress_text, sizeof m->progress_text, "%s",
                     i18n_get(I18N_ANALYSIS_STOPPED));
        }
        return;
    }
    SessionCoachSummary sum;
    session_review_summary(s, &sum);
    for (int side = 0; side < 2; side++) {
        char *out = m->summary[side];
        size_t len = sizeof m->summary[side];
        int n = i18n_format(out, len, I18N_FMT_ACCURACY, sum.accuracy[side]);
        static const SessionCoachMark SHOWN[] = {SESSION_COACH_BLUNDER, SESSION_COACH_MISTAKE,
                                                 SESSION_COACH_INACCURACY,
                                                 SESSION_COACH_MISSED_WIN};
        for (size_t j = 0; j < sizeof SHOWN / sizeof SHOWN[0] && n > 0 && (size_t)n < len; j++) {
            int c = sum.count[side][SHOWN[j]];
            if (c > 0) {
                n += snprintf(out + n, len - (size_t)n, " \xc2\xb7 %s %d",
                              move_list_glyph(MARK_OF[SHOWN[j]]), c);
            }
        }
    }
}

static void graph_model(const Ctx *ctx, PanelModel *m)
{
    const Session *s = ctx->session;
    m->graph_n = session_review_count(s);
    m->graph_pos = session_review_pos(s);
    /* The coach's outlook: the final position of a decided game is its
     * result, and the one reply to a four is worth the position after it
     * (the raw analysis has no score for either, which drew as level). */
    for (int i = 0; i <= m->graph_n; i++) {
        AiOutlook o;
        m->graph_pm[i] = session_review_outlook(s, i, &o) ? o.black_permille : -1;
    }
    AiOutlook o;
    if (session_review_outlook(s, m->graph_pos, &o)) {
        m->outlook = o;
    }
}

static void buttons(const ReviewScene *rs, const Ctx *ctx, PanelModel *m)
{
    int pos = session_review_pos(ctx->session), n = session_review_count(ctx->session);
    for (int i = 0; i < LAYOUT_BTN_COUNT; i++) {
        ReviewAction a = scene_review_slot(rs, ctx, i);
        bool primary = (a == REVIEW_NEXT && pos < n) || a == REVIEW_SHOW_WIN;
        m->button[i] = (PanelButton){a == REVIEW_NONE ? NULL : i18n_get(LABELS[a]),
                                     scene_review_enabled(rs, ctx, a), primary, false};
    }
}

/* The line shown: while the next move is being worked out, that; once
 * whole, the winner and the moves it took; if it could not be followed,
 * so. */
static void line_status(const ReviewScene *rs, const Ctx *ctx, PanelModel *m)
{
    Move moves[SESSION_LINE_MAX_SHOWN];
    int len = 0, from = -1;
    SessionLineState st = line_now(ctx, moves, &len, &from);
    const char *side =
        i18n_get(mover_of(from) == STONE_BLACK ? I18N_PLAYER_BLACK : I18N_PLAYER_WHITE);
    if (st == SESSION_LINE_FAILED && rs->line_shown >= len) {
        snprintf(m->status, sizeof m->status, "%s", i18n_get(I18N_WIN_LINE_LOST));
    } else if (st == SESSION_LINE_DONE && rs->line_shown >= len) {
        i18n_format(m->status, sizeof m->status, I18N_FMT_WIN_LINE_DONE, side, (len + 1) / 2);
    } else {
        i18n_format(m->status, sizeof m->status, I18N_FMT_WIN_LINE_WORKING, side);
    }
}

/* The status line: the side question, a notice, the line shown, or the
 * keys. */
static void review_status(const ReviewScene *rs, const Ctx *ctx, PanelModel *m)
{
    const char *notice = ctx_notice_text(ctx);
    m->status_color = UI_ACCENT;
    if (rs->choosing) { /* the question the buttons answer comes first */
        snprintf(m->status, sizeof m->status, "%s", i18n_get(I18N_CONTINUE_ASK));
    } else if (notice[0] != '\0') {
        snprintf(m->status, sizeof m->status, "%s", notice);
    } else if (rs->line_shown > 0) {
        line_status(rs, ctx, m);
    } else {
        snprintf(m->status, sizeof m->status, "%s", i18n_get(I18N_REVIEW_HELP));
        m->status_color = UI_TEXT_DIM;
    }
}

/* The overlay's candidates or the hint, for the position on the board:
 * the same analysis the coach judges the next move by. */
static void position_line(const Ctx *ctx, PanelModel *m)
{
    const Session *s = ctx->session;
    AiInfo ana;
    bool done = false;
    if (session_focus_analysis(s, &ana, &done)) {
        game_screen_position_line(ctx, &ana, done, mover_of(session_review_pos(s)), false, m);
    }
}

static void panel_model(ReviewScene *rs, const Ctx *ctx, PanelModel *m)
{
    const Session *s = ctx->session;
    int pos = session_review_pos(s), n = session_review_count(s);
    unsigned char marks[BOARD_MAX_CELLS];
    for (int i = 0; i < n; i++) {
        marks[i] = (unsigned char)move_mark(ctx, i, NULL);
    }
    /* The opening's decisions appear as the review reaches them. */
    game_screen_panel(&rs->view, ctx, pos, marks, m);
    m->review = true;
    m->over = pos == n && session_result(s) != GAME_ONGOING;
    m->title = i18n_get(I18N_REVIEW_TITLE);
    if (pos == 0) {
        snprintf(m->headline, sizeof m->headline, "%s", i18n_get(I18N_REVIEW_START));
    } else {
        i18n_format(m->headline, sizeof m->headline, I18N_FMT_REVIEW_MOVE, pos, n);
    }
    m->head_color = UI_TEXT;
    m->head_stone = pos == 0 ? STONE_EMPTY : pos % 2 == 1 ? STONE_BLACK : STONE_WHITE;
    review_status(rs, ctx, m);
    m->move_count = -1;
    coach_lines(ctx, m);
    coach_progress(ctx, m);
    graph_model(ctx, m);
    position_line(ctx, m);
    buttons(rs, ctx, m);
}

/* The engine's choice, a hint, the analysis and a winning line shown. */
static void board_extras(ReviewScene *rs, const Ctx *ctx, GameScreenBoard *gb)
{
    const Session *s = ctx->session;
    BoardView *bv = &gb->view;
    int pos = session_review_pos(s);
    if (rs->line_shown > 0) {
        int len = 0, from = -1;
        SessionLineState st = line_now(ctx, gb->line, &len, &from);
        bv->line = gb->line;
        bv->line_len = SDL_min(rs->line_shown, len);
        bv->line_first = mover_of(from);
        bv->line_number = from + 1; /* the moves it would be, as the stones count */
        bv->line_wins = st == SESSION_LINE_DONE;
        if (st == SESSION_LINE_DONE && rs->line_shown >= len) {
            bv->win_len = session_review_line_row(s, gb->win, BOARD_MAX_SIZE);
            bv->win = bv->win_len > 0 ? gb->win : NULL;
        }
        return;
    }
    /* What the move shown should have been, where it was not the engine's
     * choice: a ghost of the mover's stone, the "Best" the coach names. */
    SessionCoachMove cm;
    if (pos > 0 && session_review_coach(s, pos - 1, &cm) && move_is_valid(cm.best) &&
        !move_equal(cm.best, session_review_move(s, pos - 1))) {
        bv->best = cm.best;
        bv->best_stone = mover_of(pos - 1);
    }
    if (move_is_valid(session_hint(s))) {
        bv->hint = session_hint(s);
        bv->hint_phase = 0.25f;
    }
    game_screen_analysis(ctx, gb, mover_of(pos), pos, true);
}

static void draw(void *self, Ctx *ctx)
{
    ReviewScene *rs = self;
    GameScreenBoard gb;
    game_screen_board(&rs->view, ctx, &gb);
    board_extras(rs, ctx, &gb);
    PanelModel m;
    panel_model(rs, ctx, &m);
    game_screen_draw(&rs->view, ctx, &gb.view, &m);
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
