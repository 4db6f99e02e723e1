/*
 * game_screen.c - the play and review scenes' shared part: their GameView
 * laid out for the session, the toggles, and the board's and the panel's
 * models filled from the session and the settings.
 */
#include "scenes/game_screen.h"

#include <stdio.h>
#include <string.h>

#include "store/i18n.h"
#include "view/ui.h"

/* ---- layout and toggles ------------------------------------------------------ */

void game_screen_relayout(GameView *v, Ctx *ctx)
{
    const Game *g = session_game(ctx->session);
    int n = g != NULL ? game_board(g)->size : session_setup(ctx->session).size;
    layout_compute_ex(&v->layout, ctx->platform.out_w, ctx->platform.out_h, ctx->platform.sx, n,
                      ctx->data.settings.coordinates);
    ctx->dirty = true;
}

void game_screen_reset(GameView *v, Ctx *ctx, bool graph)
{
    game_view_reset(v, graph);
    game_screen_relayout(v, ctx);
}

void game_screen_resize(GameView *v, Ctx *ctx)
{
    game_screen_relayout(v, ctx);
    game_view_refresh_hover(v);
}

void game_screen_toggle(GameView *v, Ctx *ctx, CtxToggle which)
{
    ctx_toggle(ctx, which);
    if (which == CTX_TOGGLE_COORDS) {
        game_screen_resize(v, ctx);
    }
}

bool game_screen_toggle_key(GameView *v, Ctx *ctx, AppCommandKind kind)
{
    static const struct {
        AppCommandKind kind;
        CtxToggle toggle;
    } KEYS[] = {
        {CMD_ANALYSIS, CTX_TOGGLE_ANALYSIS},       {CMD_NUMBERS, CTX_TOGGLE_NUMBERS},
        {CMD_COORDS, CTX_TOGGLE_COORDS},           {CMD_MUTE, CTX_TOGGLE_SOUND},
        {CMD_FORBID_MARKS, CTX_TOGGLE_FORBIDDEN},  {CMD_LAST_MARK, CTX_TOGGLE_LAST_MARK},
        {CMD_ENGINE_LINE, CTX_TOGGLE_ENGINE_LINE},
    };
    for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0]; i++) {
        if (KEYS[i].kind == kind) {
            game_screen_toggle(v, ctx, KEYS[i].toggle);
            return true;
        }
    }
    return false;
}

float game_screen_anim_progress(const GameView *v, const Ctx *ctx)
{
    /* A headless test cannot wait for an animation unless it drives the clock. */
    if (ctx->cfg.headless_test && !ctx->cfg.test_clock) {
        return 1.0f;
    }
    return game_view_anim_progress(v, ctx_now(ctx));
}

/* ---- the board ------------------------------------------------------------------ */

int game_screen_board(const GameView *v, const Ctx *ctx, GameScreenBoard *gb)
{
    const Session *s = ctx->session;
    const Game *g = session_game(s);
    bool review = session_reviewing(s);
    int count = review ? session_review_pos(s) : game_move_count(g);
    if (review) {
        session_review_board(s, count, &gb->board);
    } else {
        gb->board = *game_board(g);
    }
    for (int i = 0; i < count; i++) {
        gb->moves[i] = review ? session_review_move(s, i) : game_move_at(g, i);
    }
    BoardView *bv = &gb->view;
    memset(bv, 0, sizeof *bv);
    bv->board = &gb->board;
    bv->last = count > 0 && ctx->ui.last_mark ? gb->moves[count - 1] : MOVE_NONE;
    bv->hover = MOVE_NONE;
    bv->cursor = MOVE_NONE;
    bv->hint = MOVE_NONE;
    bv->best = MOVE_NONE;
    bv->anim = v->anim;
    bv->anim_t = game_screen_anim_progress(v, ctx);
    bv->text = ctx->ui.text;
    bv->moves = gb->moves;
    bv->move_count = count;
    bv->numbers = ctx->data.settings.move_numbers;
    bv->coords = ctx->data.settings.coordinates;
    bool end = session_result(s) != GAME_ONGOING && (!review || count == session_review_count(s));
    if (end) {
        bv->win_len = game_win_line(g, gb->win, BOARD_MAX_SIZE);
        bv->win = bv->win_len > 0 ? gb->win : NULL;
    }
    return count;
}

void game_screen_analysis(const Ctx *ctx, GameScreenBoard *gb, Stone to_move, int played, bool line)
{
    const Session *s = ctx->session;
    BoardView *bv = &gb->view;
    AiInfo ana;
    bool done;
    if (session_analysis(s, &ana, &done)) {
        /* The overlay ranks the next move, as the panel lists it; the
         * review's panel still names the coach's Best for the move shown. */
        bv->marks = gb->marks;
        bv->mark_count = game_view_marks(&ana, gb->marks);
        bv->best = MOVE_NONE;
    }
    if (line && ctx->ui.engine_line && session_focus_analysis(s, &gb->ana, &done)) {
        game_view_engine_line(bv, &gb->ana, to_move, played);
    }
}

/* ---- the panel ------------------------------------------------------------------ */

void game_screen_list_model(const Ctx *ctx, MoveListModel *m, const unsigned char *marks)
{
    const Session *s = ctx->session;
    const Game *g = session_game(s);
    bool review = session_reviewing(s);
    int n = review ? session_review_count(s) : (g != NULL ? game_move_count(g) : 0);
    memset(m, 0, sizeof *m);
    for (int i = 0; i < n; i++) {
        m->moves[i] = review ? session_review_move(s, i) : game_move_at(g, i);
        m->marks[i] = marks != NULL ? marks[i] : MOVE_LIST_MARK_NONE;
    }
    m->count = n;
    m->shown = review ? session_review_pos(s) : n;
    m->board_size = g != NULL ? game_board(g)->size : BOARD_MIN_SIZE;
    /* A swap opening's decisions, after the third and the fifth stone. */
    static const int after[2] = {2, 4};
    for (int k = 0; k < 2; k++) {
        m->choice[k] = session_choice(s, k);
        m->choice_after[k] = m->choice[k] != RECORD_CHOICE_NONE && after[k] < n ? after[k] : -1;
    }
}

/* Writes the rule, the win length, the board size and (against the
 * computer) the preset, as the panel's second line shows them. */
static void subtitle(const Ctx *ctx, char *buf, size_t len)
{
    const Game *g = session_game(ctx->session);
    Rules rules = game_rules(g);
    int n = game_board(g)->size;
    SessionSetup st = session_setup(ctx->session);
    char size_s[48], k_s[48];
    i18n_format(size_s, sizeof size_s, I18N_FMT_BOARD_SIZE, n, n);
    i18n_format(k_s, sizeof k_s, I18N_FMT_IN_A_ROW, rules.k);
    if (st.mode == MODE_TWO_PLAYERS) {
        SDL_snprintf(buf, len, "%s \xc2\xb7 %s \xc2\xb7 %s", i18n_rule_name(rules.kind), k_s,
                     size_s);
    } else {
        /* "Custom 6/12/2.0s": depth, breadth, time a move. */
        char level[64];
        if (st.custom) {
            i18n_format(level, sizeof level, I18N_FMT_CUSTOM_SHORT, st.custom_ai.depth,
                        st.custom_ai.breadth, (double)st.custom_ai.time_ms / 1000.0);
        } else {
            snprintf(level, sizeof level, "%s", i18n_preset_name(st.preset));
        }
        /* SDL_snprintf: inlined here, GCC's truncation warning sees the
         * model's 160 bytes; a line that long is cut as it always was. */
        SDL_snprintf(buf, len, "%s \xc2\xb7 %s \xc2\xb7 %s \xc2\xb7 %s", level,
                     i18n_rule_name(rules.kind), k_s, size_s);
    }
}

const char *game_screen_role_name(const Ctx *ctx, bool first)
{
    PlayerMode mode = session_setup(ctx->session).mode;
    if (mode == MODE_TWO_PLAYERS) {
        return i18n_get(first ? I18N_ROLE_FIRST : I18N_ROLE_SECOND);
    }
    bool computer =
        mode == MODE_AI_VS_AI || (first ? mode == MODE_COMPUTER_BLACK : mode == MODE_HUMAN_BLACK);
    return i18n_get(computer ? I18N_ROLE_COMPUTER : I18N_PLAYER_YOU);
}

/* Writes the opening rule of a swap game and its decisions made within
 * the first upto stones ("Swap2 · The computer placed two more · You took
 * white"); "" for a standard game. */
static void opening_text(const Ctx *ctx, int upto, char *buf, size_t len)
{
    static const I18nString said[RECORD_CHOICE_COUNT] = {
        [RECORD_CHOICE_TAKE_BLACK] = I18N_FMT_CHOSE_BLACK,
        [RECORD_CHOICE_TAKE_WHITE] = I18N_FMT_CHOSE_WHITE,
        [RECORD_CHOICE_PLACE_TWO] = I18N_FMT_CHOSE_TWO,
    };
    static const int made_at[2] = {3, 5};
    const Session *s = ctx->session;
    RecordOpening o = session_setup(s).opening;
    buf[0] = '\0';
    if (o == RECORD_OPENING_STANDARD || session_game(s) == NULL) {
        return;
    }
    size_t n = (size_t)snprintf(buf, len, "%s", i18n_opening_name(o));
    for (int i = 0; i < 2 && n < len; i++) {
        RecordChoice c = session_choice(s, i);
        if (c == RECORD_CHOICE_NONE || c >= RECORD_CHOICE_COUNT || upto < made_at[i]) {
            continue;
        }
        char what[160];
        /* The first decision is the second player's, the second the first's. */
        i18n_format(what, sizeof what, said[c], game_screen_role_name(ctx, i == 1));
        n += (size_t)snprintf(buf + n, len - n, " \xc2\xb7 %s", what);
    }
}

void game_screen_players(const Ctx *ctx, PanelModel *m, bool over)
{
    const Session *s = ctx->session;
    const Game *g = session_game(s);
    GameResult res = session_result(s);
    /* While an opening choice is due, no colour is to move. */
    SessionPhase phase = session_phase(s);
    bool choosing = phase == SESSION_PHASE_CHOOSE || phase == SESSION_PHASE_CHOOSE2;
    for (int i = 0; i < 2; i++) {
        Stone side = i == 0 ? STONE_BLACK : STONE_WHITE;
        PanelPlayer *p = &m->player[i];
        p->name = ctx_player_name(ctx, side);
        p->won = over && ((res == GAME_BLACK_WINS && side == STONE_BLACK) ||
                          (res == GAME_WHITE_WINS && side == STONE_WHITE));
        p->active = !over && !choosing && side == game_to_move(g);
        p->clock = session_clock_on(s);
        p->clock_ms = session_clock_ms(s, side);
        p->thinking = p->active && session_thinking(s);
    }
}

void game_screen_score(const Ctx *ctx, char *buf, size_t len)
{
    const Session *s = ctx->session;
    int b = session_score(s, GAME_BLACK_WINS), w = session_score(s, GAME_WHITE_WINS);
    int d = session_score(s, GAME_DRAW);
    buf[0] = '\0';
    if (b + w + d == 0) {
        return;
    }
    bool one = session_one_human(s);
    bool swap = session_setup(s).opening != RECORD_OPENING_STANDARD;
    /* Under a swap opening the score is the first player's and the second's. */
    bool fc = session_first_is_computer(s);
    const char *first = one    ? i18n_get(fc ? I18N_PLAYER_COMPUTER : I18N_PLAYER_YOU)
                        : swap ? game_screen_role_name(ctx, true)
                               : i18n_get(I18N_PLAYER_BLACK);
    const char *second = one    ? i18n_get(fc ? I18N_PLAYER_YOU : I18N_PLAYER_COMPUTER)
                         : swap ? game_screen_role_name(ctx, false)
                                : i18n_get(I18N_PLAYER_WHITE);
    int n = i18n_format(buf, len, I18N_FMT_SCORE, first, b, second, w);
    if (d > 0 && n > 0 && (size_t)n < len) {
        i18n_format(buf + n, len - (size_t)n, I18N_FMT_SCORE_DRAWS, d);
    }
}

/* The chips: the settings and the board's options of the moment. */
static void toggles(const Ctx *ctx, PanelModel *m)
{
    const Settings *st = &ctx->data.settings;
    m->toggle_on[LAYOUT_TGL_ANALYSIS] = st->analysis;
    m->toggle_on[LAYOUT_TGL_LINE] = ctx->ui.engine_line;
    m->toggle_on[LAYOUT_TGL_NUMBERS] = st->move_numbers;
    m->toggle_on[LAYOUT_TGL_COORDS] = st->coordinates;
    m->toggle_on[LAYOUT_TGL_SOUND] = st->sound && ctx->platform.sound_ok;
    m->sound_none = !ctx->platform.sound_ok;
}

void game_screen_panel(const GameView *v, const Ctx *ctx, int upto, const unsigned char *marks,
                       PanelModel *m)
{
    memset(m, 0, sizeof *m);
    subtitle(ctx, m->subtitle, sizeof m->subtitle);
    opening_text(ctx, upto, m->opening, sizeof m->opening);
    game_screen_list_model(ctx, &m->list_model, marks);
    toggles(ctx, m);
    m->hover = v->hover;
    m->pressed = v->pressed;
    m->focus = v->focus;
}

void game_screen_position_line(const Ctx *ctx, const AiInfo *ana, bool done, Stone to_move,
                               bool chance, PanelModel *m)
{
    const Session *s = ctx->session;
    const Game *g = session_game(s);
    PanelPositionKind kind = session_analysis_active(s)       ? PANEL_POSITION_CANDIDATES
                             : move_is_valid(session_hint(s)) ? PANEL_POSITION_HINT
                                                              : PANEL_POSITION_CHANCE;
    if (kind == PANEL_POSITION_CHANCE && !chance) {
        return;
    }
    panel_position_text(ana, done, to_move, game_rules(g), game_board(g)->size, kind, m->analysis,
                        sizeof m->analysis);
    m->analysis_color = panel_outlook_color(m->outlook);
}

void game_screen_draw(GameView *v, Ctx *ctx, const BoardView *bv, const PanelModel *m)
{
    UiKit kit = ctx_kit(ctx);
    game_view_draw_board(v, &kit, &ctx->ui.backdrop, bv);
    panel_draw(&kit, &v->layout, m, &v->list);
}
