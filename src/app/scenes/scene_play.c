/*
 * scene_play.c - the game in play and, once it ends, its result.
 *
 * The scene shows the session and sends it the player's commands; the
 * rules (whose turn, what undo does, the clocks, the score) are the
 * session's.  What it adds is the screen: the board with the hover stone,
 * the cursor, the hint and the analysis, the panel, the sounds and the
 * placing animation of each new stone.
 */
#include "scenes/scene_play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenes/game_screen.h"
#include "scenes/saves.h"
#include "scenes/scene.h"
#include "platform/sound.h"
#include "view/ui.h"

/* What a panel slot does. */
static const PlayAction PLAYING_SLOTS[LAYOUT_BTN_COUNT] = {PLAY_UNDO, PLAY_REDO,     PLAY_HINT,
                                                           PLAY_SAVE, PLAY_NEW_GAME, PLAY_MENU};
static const PlayAction OVER_SLOTS[LAYOUT_BTN_COUNT] = {PLAY_UNDO, PLAY_REDO,    PLAY_REVIEW,
                                                        PLAY_SAVE, PLAY_REMATCH, PLAY_MENU};
/* While a person makes a swap opening's choice the choices take the
 * first slots (Redo and Save stay on Ctrl+Y and Ctrl+S). */
static const PlayAction CHOOSING_SLOTS[LAYOUT_BTN_COUNT] = {
    PLAY_TAKE_BLACK, PLAY_TAKE_WHITE, PLAY_PLACE_TWO, PLAY_UNDO, PLAY_NEW_GAME, PLAY_MENU};
static const I18nString LABELS[] = {
    [PLAY_TAKE_BLACK] = I18N_BTN_TAKE_BLACK,
    [PLAY_TAKE_WHITE] = I18N_BTN_TAKE_WHITE,
    [PLAY_PLACE_TWO] = I18N_BTN_PLACE_TWO,
    [PLAY_UNDO] = I18N_BTN_UNDO,
    [PLAY_REDO] = I18N_BTN_REDO,
    [PLAY_HINT] = I18N_BTN_HINT,
    [PLAY_SAVE] = I18N_BTN_SAVE,
    [PLAY_NEW_GAME] = I18N_BTN_NEW_GAME,
    [PLAY_MENU] = I18N_BTN_MENU,
    [PLAY_REMATCH] = I18N_BTN_REMATCH,
    [PLAY_REVIEW] = I18N_BTN_REVIEW,
};

/* ---- state ------------------------------------------------------------------ */

static bool over(const Ctx *ctx)
{
    return session_result(ctx->session) != GAME_ONGOING;
}

static int move_count(const Ctx *ctx)
{
    const Game *g = session_game(ctx->session);
    return g != NULL ? game_move_count(g) : 0;
}

/* True while a person is to make an opening choice (not place a stone). */
static bool choosing(const Ctx *ctx)
{
    SessionPhase p = session_phase(ctx->session);
    return (p == SESSION_PHASE_CHOOSE || p == SESSION_PHASE_CHOOSE2) &&
           session_humans_turn(ctx->session);
}

/* True when a click on the board places a stone now. */
static bool placing(const Ctx *ctx)
{
    return session_humans_turn(ctx->session) && !choosing(ctx);
}

PlayAction scene_play_slot(const Ctx *ctx, int slot)
{
    if (slot < 0 || slot >= LAYOUT_BTN_COUNT) {
        return PLAY_NONE;
    }
    if (choosing(ctx)) {
        PlayAction a = CHOOSING_SLOTS[slot];
        /* Placing two more is swap2's, and only the first choice's. */
        return a == PLAY_PLACE_TWO && !session_can_choose(ctx->session, RECORD_CHOICE_PLACE_TWO)
                   ? PLAY_NONE
                   : a;
    }
    return over(ctx) ? OVER_SLOTS[slot] : PLAYING_SLOTS[slot];
}

bool scene_play_enabled(const Ctx *ctx, PlayAction a)
{
    const Session *s = ctx->session;
    switch (a) {
    case PLAY_UNDO: return session_can_undo(s);
    case PLAY_REDO: return session_can_redo(s);
    case PLAY_HINT: return placing(ctx) && session_phase(s) == SESSION_PHASE_PLAY;
    case PLAY_TAKE_BLACK: return session_can_choose(s, RECORD_CHOICE_TAKE_BLACK);
    case PLAY_TAKE_WHITE: return session_can_choose(s, RECORD_CHOICE_TAKE_WHITE);
    case PLAY_PLACE_TWO: return session_can_choose(s, RECORD_CHOICE_PLACE_TWO);
    case PLAY_SAVE: return ctx->data.have_storage && move_count(ctx) > 0;
    case PLAY_REVIEW: return move_count(ctx) > 0;
    case PLAY_NONE: return false;
    default: return true;
    }
}

/* ---- commands ------------------------------------------------------------------ */

static void start_new_game(PlayScene *ps, Ctx *ctx)
{
    if (ctx_new_game(ctx, NULL, true) != 0) {
        return;
    }
    ctx_clear_notice(ctx);
    ps->view.cursor_shown = false;
    ps->view.cursor = MOVE_NONE;
    game_screen_relayout(&ps->view, ctx);
}

/* A new game; an unfinished one is not left without a question (it is
 * kept in Saved games when the player leaves it). */
static void new_game(PlayScene *ps, Ctx *ctx)
{
    if (saves_unfinished_at_stake(ctx)) {
        saves_ask_leave(ctx);
        return;
    }
    start_new_game(ps, ctx);
}

static void click_board(Ctx *ctx, Move m)
{
    Forbidden why = FORBID_NONE;
    SessionStatus st = session_play(ctx->session, m, ctx_now(ctx), &why);
    if (st == SESSION_ERR_OCCUPIED) {
        sound_play(SOUND_ERROR);
    } else if (st == SESSION_ERR_FORBIDDEN) {
        ctx_notice(ctx, i18n_forbidden_text(why));
        sound_play(SOUND_ERROR);
    }
}

static void take_back(Ctx *ctx, bool undo)
{
    SessionStatus st =
        undo ? session_undo(ctx->session, ctx_now(ctx)) : session_redo(ctx->session, ctx_now(ctx));
    if (st == SESSION_OK) {
        ctx_clear_notice(ctx);
    }
}

static void choose(Ctx *ctx, RecordChoice c)
{
    if (session_choose(ctx->session, c, ctx_now(ctx)) == SESSION_OK) {
        ctx_clear_notice(ctx);
    }
}

static void do_action(PlayScene *ps, Ctx *ctx, PlayAction a)
{
    switch (a) {
    case PLAY_UNDO: take_back(ctx, true); break;
    case PLAY_REDO: take_back(ctx, false); break;
    case PLAY_HINT: session_request_hint(ctx->session); break;
    case PLAY_SAVE: saves_begin_save(ctx); break;
    case PLAY_NEW_GAME:
    case PLAY_REMATCH: new_game(ps, ctx); break;
    case PLAY_MENU: scene_go(ctx->scenes, SCENE_MENU); break;
    case PLAY_REVIEW: scene_go(ctx->scenes, SCENE_REVIEW); break;
    case PLAY_TAKE_BLACK: choose(ctx, RECORD_CHOICE_TAKE_BLACK); break;
    case PLAY_TAKE_WHITE: choose(ctx, RECORD_CHOICE_TAKE_WHITE); break;
    case PLAY_PLACE_TWO: choose(ctx, RECORD_CHOICE_PLACE_TWO); break;
    default: break;
    }
}

static bool target_enabled(const void *user, int t)
{
    const Ctx *ctx = user;
    if (t >= 0 && t < LAYOUT_BTN_COUNT) {
        return scene_play_enabled(ctx, scene_play_slot(ctx, t));
    }
    return t != GAME_VIEW_NONE && t != GAME_VIEW_GRAPH;
}

static void click(PlayScene *ps, Ctx *ctx, const GameViewClick *c)
{
    if (c->target >= 0 && c->target < LAYOUT_BTN_COUNT) {
        do_action(ps, ctx, scene_play_slot(ctx, c->target));
    } else if (c->target >= GAME_VIEW_TOGGLE && c->target < GAME_VIEW_GRAPH) {
        game_screen_toggle(&ps->view, ctx, (CtxToggle)(c->target - GAME_VIEW_TOGGLE));
    } else if (c->target == GAME_VIEW_BOARD) {
        click_board(ctx, c->point);
    }
}

/* Arrows move the cursor while the game is on; Enter places a stone there,
 * or after the end starts the rematch. */
static void keyboard(PlayScene *ps, Ctx *ctx, AppCommandKind kind)
{
    const Game *g = session_game(ctx->session);
    if (kind == CMD_ACCEPT) {
        if (over(ctx)) {
            new_game(ps, ctx);
        } else if (ps->view.cursor_shown) {
            click_board(ctx, ps->view.cursor);
        }
        return;
    }
    if (over(ctx)) {
        return;
    }
    int dx = kind == CMD_DECREASE ? -1 : kind == CMD_INCREASE ? 1 : 0;
    int dy = kind == CMD_FOCUS_PREV ? -1 : kind == CMD_FOCUS_NEXT ? 1 : 0;
    game_view_move_cursor(&ps->view, game_board(g)->size, game_last_move(g), dx, dy);
}

static void command(PlayScene *ps, Ctx *ctx, const AppCommand *cmd)
{
    switch (cmd->kind) {
    case CMD_UNDO: take_back(ctx, true); break;
    case CMD_REDO: take_back(ctx, false); break;
    case CMD_NEW_GAME: new_game(ps, ctx); break;
    case CMD_HINT: session_request_hint(ctx->session); break;
    case CMD_REVIEW:
        if (scene_play_enabled(ctx, PLAY_REVIEW)) {
            scene_go(ctx->scenes, SCENE_REVIEW);
        }
        break;
    case CMD_SAVE: saves_begin_save(ctx); break;
    case CMD_OPEN: scene_go(ctx->scenes, SCENE_FILES); break;
    case CMD_HELP: scene_push(ctx->scenes, SCENE_HELP, NULL); break;
    case CMD_BACK: scene_go(ctx->scenes, SCENE_MENU); break;
    case CMD_DROP_FILE: saves_open_path(ctx, cmd->data, saves_base_name(cmd->data)); break;
    case CMD_FOCUS_PREV:
    case CMD_FOCUS_NEXT:
    case CMD_DECREASE:
    case CMD_INCREASE:
    case CMD_ACCEPT: keyboard(ps, ctx, cmd->kind); break;
    default: game_screen_toggle_key(&ps->view, ctx, cmd->kind); break;
    }
}

static void handle(void *self, Ctx *ctx, const AppCommand *cmd)
{
    PlayScene *ps = self;
    GameViewClick c;
    ctx->dirty = true;
    if (cmd->kind == CMD_RESIZED) {
        game_screen_resize(&ps->view, ctx);
    } else if (game_view_keys(&ps->view, cmd, target_enabled, ctx, &c) ||
               game_view_pointer(&ps->view, cmd, target_enabled, ctx, &c)) {
        if (c.target != GAME_VIEW_NONE) {
            click(ps, ctx, &c);
        }
    } else {
        command(ps, ctx, cmd);
    }
}

/* ---- the session's events ------------------------------------------------------ */

static void on_event(PlayScene *ps, Ctx *ctx, const SessionEvent *ev)
{
    const Session *s = ctx->session;
    switch (ev->kind) {
    case SESSION_EVENT_PLACED:
        game_view_place(&ps->view, ev->move, ctx_now(ctx));
        sound_play(SOUND_STONE);
        ctx_clear_notice(ctx);
        break;
    case SESSION_EVENT_GAME_OVER:
        if (ev->result != GAME_DRAW) {
            Stone winner = ev->result == GAME_BLACK_WINS ? STONE_BLACK : STONE_WHITE;
            bool lost = session_one_human(s) && session_is_computer(s, winner);
            sound_play(lost ? SOUND_LOSE : SOUND_WIN);
        }
        break;
    case SESSION_EVENT_HINT: ps->view.hint_since = ctx_now(ctx); break;
    case SESSION_EVENT_ENGINE_FAILED:
        fprintf(stderr, "gomoku: the engine found no move it could play\n");
        ctx_notice(ctx, i18n_get(I18N_AI_NO_MOVE));
        break;
    default: saves_on_session_event(ctx, ev); break;
    }
    ctx->dirty = true;
}

static void tick(void *self, Ctx *ctx)
{
    PlayScene *ps = self;
    SessionEvent ev;
    while (session_next_event(ctx->session, &ev)) {
        on_event(ps, ctx, &ev);
    }
    saves_write_autosave(ctx);
    /* Redraw when a clock's shown second turns. */
    const Game *g = session_game(ctx->session);
    int32_t left = g != NULL ? session_clock_ms(ctx->session, game_to_move(g)) : 0;
    int shown = (int)((left + 999) / 1000);
    if (shown != ps->clock_shown) {
        ps->clock_shown = shown;
        ctx->dirty = true;
    }
    if (ps->view.changed) {
        ps->view.changed = false;
        ctx->dirty = true;
    }
}

/* ---- life ------------------------------------------------------------------------- */

static void *create(Ctx *ctx)
{
    (void)ctx;
    PlayScene *ps = calloc(1, sizeof *ps);
    if (ps != NULL) {
        ps->view.cursor = MOVE_NONE;
        ps->view.anim = MOVE_NONE;
        ps->clock_shown = -1;
    }
    return ps;
}

static void enter(void *self, Ctx *ctx, const DialogSpec *spec)
{
    (void)spec;
    PlayScene *ps = self;
    if (session_game(ctx->session) == NULL) {
        new_game(ps, ctx); /* should not happen: every way in brings a game */
    }
    if (move_count(ctx) == 0) {
        ps->view.cursor_shown = false;
        ps->view.cursor = MOVE_NONE;
    }
    ctx->suspended = false;
    game_screen_reset(&ps->view, ctx, false);
    session_set_active(ctx->session, true, ctx_now(ctx));
}

static void leave(void *self, Ctx *ctx, SceneId next)
{
    (void)self;
    /* An unfinished game waits behind the menu's Resume. */
    ctx->suspended = session_resumable(ctx->session) && (next == SCENE_MENU || next == SCENE_FILES);
    session_set_active(ctx->session, false, ctx_now(ctx));
}

static void cover(void *self, Ctx *ctx, bool covered)
{
    (void)self;
    session_set_paused(ctx->session, covered, ctx_now(ctx));
}

static void answer(void *self, Ctx *ctx, const DialogAnswer *a)
{
    PlayScene *ps = self;
    if (a->tag == DIALOG_LEAVE_GAME) {
        if (a->button == 0) {
            saves_keep_unfinished(ctx);
            start_new_game(ps, ctx);
        }
        return;
    }
    saves_answer(ctx, a);
}

static bool animating(const void *self, const Ctx *ctx)
{
    const PlayScene *ps = self;
    const Session *s = ctx->session;
    SessionJob job;
    if (session_thinking(s) || session_engine_job(s, SESSION_ENGINE_HELPER, &job) ||
        game_screen_anim_progress(&ps->view, ctx) < 1.0f || ctx_notice_text(ctx)[0] != '\0') {
        return true;
    }
    return move_is_valid(session_hint(s)) && session_humans_turn(s);
}

static bool hovering(const void *self, const Ctx *ctx)
{
    const PlayScene *ps = self;
    const GameView *v = &ps->view;
    if (v->hover == GAME_VIEW_BOARD) {
        const Game *g = session_game(ctx->session);
        return session_humans_turn(ctx->session) && move_is_valid(v->hover_point) &&
               board_get(game_board(g), v->hover_point.x, v->hover_point.y) == STONE_EMPTY;
    }
    return v->hover != GAME_VIEW_NONE && target_enabled(ctx, v->hover);
}

/* ---- drawing ------------------------------------------------------------------------ */

static const char *result_text(const Ctx *ctx)
{
    const Session *s = ctx->session;
    GameResult r = session_result(s);
    if (r == GAME_DRAW) {
        return i18n_get(I18N_RESULT_DRAW);
    }
    Stone winner = r == GAME_BLACK_WINS ? STONE_BLACK : STONE_WHITE;
    if (session_one_human(s)) {
        return i18n_get(session_is_computer(s, winner) ? I18N_RESULT_COMPUTER_WINS
                                                       : I18N_RESULT_YOU_WIN);
    }
    return i18n_get(winner == STONE_BLACK ? I18N_RESULT_BLACK_WINS : I18N_RESULT_WHITE_WINS);
}

static const char *matchup_text(const Ctx *ctx)
{
    static const I18nString MATCHUP[MODE_COUNT] = {I18N_MATCH_YOU_VS_COMPUTER,
                                                   I18N_MATCH_COMPUTER_VS_YOU,
                                                   I18N_MATCH_TWO_PLAYERS, I18N_MATCH_AI_VS_AI};
    const Session *s = ctx->session;
    PlayerMode mode = session_setup(s).mode;
    if (session_one_human(s)) {
        /* Named by colour: a swap opening may have given black to either. */
        mode = session_is_computer(s, STONE_BLACK) ? MODE_COMPUTER_BLACK : MODE_HUMAN_BLACK;
    }
    return i18n_get(MATCHUP[mode]);
}

/* What the game over says: how it ended. */
static void over_status(const Ctx *ctx, char *buf, size_t len)
{
    const Session *s = ctx->session;
    GameResult res = session_result(s);
    if (session_timed_out(s)) {
        i18n_format(buf, len, I18N_FMT_TIMEOUT,
                    ctx_player_name(ctx, res == GAME_BLACK_WINS ? STONE_WHITE : STONE_BLACK));
    } else if (res == GAME_DRAW) {
        snprintf(buf, len, "%s", i18n_get(I18N_RESULT_BOARD_FULL));
    } else {
        Move line[BOARD_MAX_SIZE];
        const Game *g = session_game(s);
        int n = game_win_line(g, line, BOARD_MAX_SIZE);
        i18n_format(buf, len, I18N_FMT_RESULT_LINE, n, game_move_count(g));
    }
}

/* The opening's status line: what the one who decides is to do, or that
 * the computer is at it.  Returns false outside the opening. */
static bool opening_status(const Ctx *ctx, PanelModel *m)
{
    static const char *const dots[4] = {"", ".", "..", "..."};
    const Session *s = ctx->session;
    SessionPhase p = session_phase(s);
    if (p == SESSION_PHASE_PLAY) {
        return false;
    }
    bool two = p == SESSION_PHASE_CHOOSE && session_setup(s).opening == RECORD_OPENING_SWAP2;
    bool first = p == SESSION_PHASE_PLACE3 || p == SESSION_PHASE_CHOOSE2;
    bool place = p == SESSION_PHASE_PLACE3 || p == SESSION_PHASE_PLACE2;
    m->status_color = UI_TEXT;
    if (session_decider_is_computer(s)) {
        snprintf(m->status, sizeof m->status, "%s%s",
                 i18n_get(place ? I18N_OPEN_COMPUTER_PLACING : I18N_OPEN_COMPUTER_CHOOSING),
                 dots[(SDL_GetTicks() / 350) % 4]);
    } else if (session_one_human(s)) {
        I18nString say = p == SESSION_PHASE_PLACE3   ? I18N_OPEN_YOU_PLACE3
                         : p == SESSION_PHASE_PLACE2 ? I18N_OPEN_YOU_PLACE2
                         : two                       ? I18N_OPEN_YOU_CHOOSE2
                                                     : I18N_OPEN_YOU_CHOOSE;
        snprintf(m->status, sizeof m->status, "%s", i18n_get(say));
    } else {
        I18nString say = p == SESSION_PHASE_PLACE3   ? I18N_FMT_OPEN_PLACE3
                         : p == SESSION_PHASE_PLACE2 ? I18N_FMT_OPEN_PLACE2
                         : two                       ? I18N_FMT_OPEN_CHOOSE2
                                                     : I18N_FMT_OPEN_CHOOSE;
        i18n_format(m->status, sizeof m->status, say, game_screen_role_name(ctx, first));
    }
    return true;
}

/* The status line: a notice, the result, the computer thinking, or what
 * to do. */
static void status_line(const Ctx *ctx, PanelModel *m)
{
    const Session *s = ctx->session;
    const char *notice = ctx_notice_text(ctx);
    m->status_color = UI_TEXT;
    if (notice[0] != '\0') {
        snprintf(m->status, sizeof m->status, "%s", notice);
        m->status_color = UI_ACCENT;
    } else if (over(ctx)) {
        over_status(ctx, m->status, sizeof m->status);
    } else if (opening_status(ctx, m)) {
        return;
    } else if (session_thinking(s)) {
        static const char *const dots[4] = {"", ".", "..", "..."};
        char who[96];
        bool both = session_setup(s).mode == MODE_AI_VS_AI;
        i18n_format(who, sizeof who, I18N_FMT_SIDE_THINKING,
                    both ? ctx_player_name(ctx, game_to_move(session_game(s)))
                         : i18n_get(I18N_PLAYER_COMPUTER));
        snprintf(m->status, sizeof m->status, "%s%s", who, dots[(SDL_GetTicks() / 350) % 4]);
    } else {
        I18nString say = session_setup(s).mode == MODE_TWO_PLAYERS ? I18N_STATUS_CLICK_TO_PLACE
                         : move_count(ctx) == 0                    ? I18N_STATUS_CLICK_TO_PLAY
                                                                   : I18N_STATUS_YOUR_MOVE_DOT;
        snprintf(m->status, sizeof m->status, "%s", i18n_get(say));
        m->status_color = UI_TEXT_DIM;
    }
}

/* At game over the bar shows the result. */
static AiOutlook result_outlook(GameResult r)
{
    if (r == GAME_DRAW) {
        return (AiOutlook){AI_OUTLOOK_CHANCE, 500, STONE_EMPTY, 0};
    }
    Stone w = r == GAME_BLACK_WINS ? STONE_BLACK : STONE_WHITE;
    return (AiOutlook){AI_OUTLOOK_FORCED, w == STONE_BLACK ? 1000 : 0, w, 0};
}

/* The engine's line, the position's line and the bar beside the board.
 * Everything said of the position on the board comes from its one
 * analysis (session_focus_analysis): the bar, the chance, the hint, the
 * overlay's candidates.  The computer's own search says what it did, how
 * deep and how long, never a chance of its own. */
static void engine_lines(PlayScene *ps, const Ctx *ctx, PanelModel *m)
{
    const Session *s = ctx->session;
    const Game *g = session_game(s);
    Stone now = game_to_move(g);
    Rules rules = game_rules(g);
    int size = game_board(g)->size;
    if (session_result(s) != GAME_ONGOING) {
        m->outlook = result_outlook(session_result(s));
        return;
    }
    AiInfo info, ana;
    Stone searched;
    bool done = false;
    if (session_setup(s).mode != MODE_TWO_PLAYERS &&
        session_engine_report_side(s, &info, &searched)) {
        panel_info_text(&info, !session_thinking(s), size, m->info, sizeof m->info);
    }
    if (game_move_count(g) == 0) {
        ps->held.kind = AI_OUTLOOK_NONE; /* a new game: nothing of the last one */
    }
    if (!session_focus_analysis(s, &ana, &done)) {
        m->outlook = ps->held;
        m->outlook_stale = true;
        return;
    }
    if (!ana.unscored) {
        m->outlook = ai_outlook(ana.score, ana.mate_plies, now, rules, size);
        ps->held = m->outlook;
    }
    game_screen_position_line(ctx, &ana, done, now, true, m);
}

/* The headline: the result, the opening's step, or whose turn it is (shown
 * when the player rows do not fit). */
static void headline(const Ctx *ctx, PanelModel *m)
{
    const Session *s = ctx->session;
    Stone who = game_to_move(session_game(s));
    if (m->over) {
        GameResult r = session_result(s);
        snprintf(m->headline, sizeof m->headline, "%s", result_text(ctx));
        m->head_color = (SDL_Color){255, 210, 120, 255};
        m->head_stone = r == GAME_BLACK_WINS   ? STONE_BLACK
                        : r == GAME_WHITE_WINS ? STONE_WHITE
                                               : STONE_EMPTY;
    } else if (session_phase(s) != SESSION_PHASE_PLAY) {
        static const I18nString heads[] = {
            [SESSION_PHASE_PLACE3] = I18N_OPEN_HEAD_PLACE3,
            [SESSION_PHASE_CHOOSE] = I18N_OPEN_HEAD_CHOOSE,
            [SESSION_PHASE_PLACE2] = I18N_OPEN_HEAD_PLACE2,
            [SESSION_PHASE_CHOOSE2] = I18N_OPEN_HEAD_CHOOSE,
        };
        snprintf(m->headline, sizeof m->headline, "%s", i18n_get(heads[session_phase(s)]));
        m->head_color = UI_ACCENT;
        m->head_stone = STONE_EMPTY;
    } else {
        bool yours = session_one_human(s) && !session_is_computer(s, who);
        m->turn = i18n_get(yours                ? I18N_STATUS_YOUR_MOVE
                           : who == STONE_BLACK ? I18N_STATUS_BLACK_TO_MOVE
                                                : I18N_STATUS_WHITE_TO_MOVE);
        m->head_stone = who;
    }
}

static void panel_model(PlayScene *ps, const Ctx *ctx, PanelModel *m)
{
    game_screen_panel(&ps->view, ctx, move_count(ctx), NULL, m);
    m->over = over(ctx);
    m->title = matchup_text(ctx);
    game_screen_players(ctx, m, m->over);
    headline(ctx, m);
    status_line(ctx, m);
    m->move_count = move_count(ctx);
    engine_lines(ps, ctx, m);
    game_screen_score(ctx, m->score, sizeof m->score);
    for (int i = 0; i < LAYOUT_BTN_COUNT; i++) {
        PlayAction a = scene_play_slot(ctx, i);
        bool choice = a == PLAY_TAKE_BLACK || a == PLAY_TAKE_WHITE || a == PLAY_PLACE_TWO;
        m->button[i] =
            (PanelButton){a == PLAY_NONE ? NULL : i18n_get(LABELS[a]), scene_play_enabled(ctx, a),
                          a == PLAY_REMATCH || choice, a == PLAY_REMATCH};
    }
}

/* Returns black's forbidden points for the position in play (cached in ps
 * per position), or NULL when none are to be marked. */
static const unsigned char *forbid_map(PlayScene *ps, const Ctx *ctx)
{
    const Game *g = session_game(ctx->session);
    if (!ctx->data.settings.forbidden_marks || g == NULL || game_rules(g).kind != RULE_RENJU ||
        session_reviewing(ctx->session) || game_to_move(g) != STONE_BLACK ||
        session_result(ctx->session) != GAME_ONGOING) {
        return NULL;
    }
    uint32_t pos = session_position_id(ctx->session);
    if (ps->fmap_valid && ps->fmap_pos == pos) {
        return ps->fmap;
    }
    const Board *b = game_board(g);
    memset(ps->fmap, 0, sizeof ps->fmap);
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            Move m = {(int8_t)x, (int8_t)y};
            ps->fmap[y * b->size + x] = game_forbidden(g, m) != FORBID_NONE;
        }
    }
    ps->fmap_valid = true;
    ps->fmap_pos = pos;
    return ps->fmap;
}

/* The hover stone (or forbidden cross) where a person may play. */
static void hover_stone(const PlayScene *ps, const Ctx *ctx, BoardView *bv)
{
    const Game *g = session_game(ctx->session);
    const GameView *v = &ps->view;
    if (placing(ctx) && v->hover == GAME_VIEW_BOARD && move_is_valid(v->hover_point) &&
        board_get(bv->board, v->hover_point.x, v->hover_point.y) == STONE_EMPTY) {
        bv->hover = v->hover_point;
        bv->hover_stone = game_to_move(g);
        bv->hover_forbidden = game_forbidden(g, v->hover_point) != FORBID_NONE;
    }
}

static void draw(void *self, Ctx *ctx)
{
    PlayScene *ps = self;
    const Session *s = ctx->session;
    GameScreenBoard gb;
    int count = game_screen_board(&ps->view, ctx, &gb);
    BoardView *bv = &gb.view;
    if (!over(ctx)) {
        hover_stone(ps, ctx, bv);
        /* While Tab has the keys in the panel the board's cursor waits. */
        bool keys_on_board = ps->view.focus == GAME_VIEW_NONE;
        bv->cursor = ps->view.cursor_shown && keys_on_board ? ps->view.cursor : MOVE_NONE;
    }
    if (move_is_valid(session_hint(s)) && session_humans_turn(s)) {
        bv->hint = session_hint(s);
        bv->hint_phase = ctx->cfg.headless_test
                             ? 0.25f
                             : (float)((ctx_now(ctx) - ps->view.hint_since) % GAME_VIEW_PULSE_MS) /
                                   (float)GAME_VIEW_PULSE_MS;
    }
    bv->forbid_map = forbid_map(ps, ctx);
    game_screen_analysis(ctx, &gb, game_to_move(session_game(s)), count, !over(ctx));
    PanelModel m;
    panel_model(ps, ctx, &m);
    game_screen_draw(&ps->view, ctx, bv, &m);
}

const SceneClass scene_play_class = {
    .name = "play",
    .create = create,
    .destroy = free,
    .enter = enter,
    .leave = leave,
    .cover = cover,
    .handle = handle,
    .answer = answer,
    .tick = tick,
    .draw = draw,
    .animating = animating,
    .hovering = hovering,
};
