/*
 * session.c - the game session: setup, turns, undo/redo policy, clocks,
 * result and score, events.  The engines' jobs are in session_engine.c,
 * the review in session_review.c, records in session_record.c.
 */
#include "session_internal.h"

#include <stdlib.h>
#include <string.h>

#define CLOCK_MAX_STEP_MS 1000000u

static int side_index(Stone side)
{
    return side == STONE_BLACK ? 0 : 1;
}

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* ---- setup and lifetime ------------------------------------------------ */

SessionSetup session_default_setup(void)
{
    return (SessionSetup){15,    {RULE_FREESTYLE, 5}, MODE_HUMAN_BLACK,       AI_PRESET_MEDIUM, 0,
                          false, ai_custom_default(), RECORD_OPENING_STANDARD};
}

void session_sanitize_setup(SessionSetup *st)
{
    st->size = clampi(st->size, BOARD_MIN_SIZE, BOARD_MAX_SIZE);
    st->rules.k = clampi(st->rules.k, RULES_MIN_K, RULES_MAX_K);
    if ((int)st->rules.kind < 0 || st->rules.kind > RULE_RENJU || !rules_valid(st->rules)) {
        st->rules.kind = RULE_FREESTYLE;
    }
    if ((int)st->mode < 0 || st->mode >= MODE_COUNT) {
        st->mode = MODE_HUMAN_BLACK;
    }
    if ((int)st->preset < 0 || st->preset >= AI_PRESET_COUNT) {
        st->preset = AI_PRESET_MEDIUM;
    }
    /* A setup written before Custom existed has zeros here. */
    st->custom_ai = st->custom_ai.depth == 0 ? ai_custom_default() : ai_custom_clamp(st->custom_ai);
    if (st->clock_min < 0 || st->clock_min > SESSION_MAX_CLOCK_MIN) {
        st->clock_min = 0;
    }
    /* Swap and swap2 are five-in-a-row openings. */
    if ((int)st->opening < 0 || st->opening >= RECORD_OPENING_COUNT || st->rules.k != 5) {
        st->opening = RECORD_OPENING_STANDARD;
    }
}

Session *session_new(const SessionConfig *cfg, const SessionSetup *setup)
{
    Session *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return NULL;
    }
    if (cfg != NULL) {
        s->cfg = *cfg;
    }
    s->setup = setup != NULL ? *setup : session_default_setup();
    session_sanitize_setup(&s->setup);
    s->next_gen = 1;
    memset(s->move_ms, 0xff, sizeof s->move_ms);
    return s;
}

void session_free(Session *s)
{
    if (s != NULL) {
        game_free(s->game);
        free(s);
    }
}

/* Starts the clocks of a game with the setup's time at now_ms. */
static void clock_reset(Session *s, uint64_t now_ms)
{
    s->clock_on = s->setup.clock_min > 0;
    s->clock_ms[0] = s->clock_ms[1] = s->setup.clock_min * 60000;
    s->clock_tick = now_ms;
    s->timed_out = false;
}

/* What every fresh game (new or loaded) starts from, apart from the board. */
void session_reset_game_state(Session *s, uint64_t now_ms)
{
    session_drop_jobs(s);
    s->reviewing = false;
    s->have_info = false;
    s->scored = false;
    s->counts = true;
    s->hint_wanted = false;
    s->hint_asked = false;
    s->line.on = false;
    memset(s->choice, 0, sizeof s->choice);
    memset(s->redo_choice, 0, sizeof s->redo_choice);
    s->move_started = now_ms;
    s->now_ms = now_ms;
    memset(s->move_ms, 0xff, sizeof s->move_ms);
    clock_reset(s, now_ms);
    s->serial++;
}

SessionStatus session_start_game(Session *s, const SessionSetup *setup, const SessionSeat *seats,
                                 bool keep_score, uint64_t now_ms, const char *date)
{
    SessionSetup st = setup != NULL ? *setup : s->setup;
    /* A rematch keeps the game's own seats; a new setup goes by its mode. */
    bool seats_set = seats != NULL || (setup == NULL && s->seats_set);
    SessionSeat seat[SESSION_ROLE_COUNT];
    if (seats_set) {
        memcpy(seat, seats != NULL ? seats : s->seat, sizeof seat);
        st.mode = session_seat_mode(seat); /* the mode names the same people */
    }
    session_sanitize_setup(&st);
    Game *g = game_new(st.size, st.rules);
    if (g == NULL) {
        return SESSION_ERR_NOMEM;
    }
    game_free(s->game);
    s->game = g;
    s->setup = st;
    s->seats_set = seats_set;
    if (seats_set) {
        memcpy(s->seat, seat, sizeof s->seat);
    }
    if (!keep_score) {
        memset(s->score, 0, sizeof s->score);
    }
    record_set_text(s->date, date);
    session_reset_game_state(s, now_ms);
    session_position_changed(s, false, false);
    session_after_move(s);
    return SESSION_OK;
}

SessionStatus session_new_game(Session *s, const SessionSetup *setup, bool keep_score,
                               uint64_t now_ms, const char *date)
{
    return session_start_game(s, setup, NULL, keep_score, now_ms, date);
}

void session_end(Session *s)
{
    session_drop_jobs(s);
    game_free(s->game);
    s->game = NULL;
    s->reviewing = false;
    s->serial++;
}

SessionSetup session_setup(const Session *s)
{
    return s->setup;
}

/* ---- queries -------------------------------------------------------------- */

const Game *session_game(const Session *s)
{
    return s->game;
}

uint32_t session_position_id(const Session *s)
{
    return s->serial;
}

bool session_one_human(const Session *s)
{
    return session_seat_humans(s) == 1;
}

GameResult session_result(const Session *s)
{
    if (s->game == NULL) {
        return GAME_ONGOING;
    }
    return s->timed_out ? s->timeout_result : game_result(s->game);
}

bool session_timed_out(const Session *s)
{
    return s->timed_out;
}

bool session_thinking(const Session *s)
{
    return s->slot[SESSION_ENGINE_PLAYER].active || s->held || s->script.on;
}

bool session_humans_turn(const Session *s)
{
    return s->game != NULL && s->active && !s->reviewing && session_result(s) == GAME_ONGOING &&
           !session_decider_is_computer(s) && !session_thinking(s);
}

bool session_resumable(const Session *s)
{
    return s->game != NULL && session_result(s) == GAME_ONGOING && game_move_count(s->game) > 0;
}

/* ---- events ---------------------------------------------------------------- */

void session_emit(Session *s, SessionEvent ev)
{
    if (s->ev_count == SESSION_EVENT_MAX) {
        s->ev_head = (s->ev_head + 1) % SESSION_EVENT_MAX;
        s->ev_count--;
    }
    s->events[(s->ev_head + s->ev_count) % SESSION_EVENT_MAX] = ev;
    s->ev_count++;
}

bool session_next_event(Session *s, SessionEvent *out)
{
    if (s->ev_count == 0) {
        return false;
    }
    *out = s->events[s->ev_head];
    s->ev_head = (s->ev_head + 1) % SESSION_EVENT_MAX;
    s->ev_count--;
    return true;
}

/* Tells the app to write the game, or to remove the autosave when there is
 * nothing left to resume. */
static void autosave_due(Session *s)
{
    SessionEventKind k = session_resumable(s) && !s->timed_out ? SESSION_EVENT_AUTOSAVE
                                                               : SESSION_EVENT_AUTOSAVE_CLEAR;
    session_emit(s, (SessionEvent){.kind = k, .move = MOVE_NONE});
}

void session_position_changed(Session *s, bool placed, bool by_computer)
{
    s->serial++;
    s->hint_wanted = false;
    s->hint_asked = false;
    if (placed && s->game != NULL) {
        session_emit(s, (SessionEvent){.kind = SESSION_EVENT_PLACED,
                                       .move = game_last_move(s->game),
                                       .by_computer = by_computer});
    }
    if (!s->reviewing) {
        autosave_due(s);
    }
}

/* ---- the end of a game and the score ---------------------------------- */

/* Counts a result that just came about, once, and says so. */
static void score_result(Session *s)
{
    GameResult res = session_result(s);
    if (s->scored || !s->counts || res == GAME_ONGOING) {
        return;
    }
    /* Under a swap opening the colours change hands from game to game: the
     * score counts the first player's wins where black's would be. */
    if (res != GAME_DRAW && !session_side_is_first(s->choice, STONE_BLACK)) {
        res = res == GAME_BLACK_WINS ? GAME_WHITE_WINS : GAME_BLACK_WINS;
    }
    s->scored_result = res;
    s->score[res]++;
    s->scored = true;
    session_emit(s, (SessionEvent){.kind = SESSION_EVENT_GAME_OVER,
                                   .move = MOVE_NONE,
                                   .result = session_result(s)});
}

/* A result taken back (undo after the end) no longer counts. */
static void unscore_result(Session *s)
{
    if (s->scored) {
        s->score[s->scored_result]--;
        s->scored = false;
    }
}

void session_after_move(Session *s)
{
    if (session_result(s) != GAME_ONGOING) {
        score_result(s);
    }
    session_sync_jobs(s);
}

int session_score(const Session *s, GameResult r)
{
    return r >= GAME_BLACK_WINS && r <= GAME_DRAW ? s->score[r] : 0;
}

/* ---- clocks --------------------------------------------------------------- */

/* The clocks stand still during a swap opening: its stones and choices
 * are not a colour's moves (docs: README, "Opening"). */
static bool clock_running(const Session *s)
{
    return s->clock_on && s->game != NULL && s->active && !s->paused && !s->reviewing &&
           session_result(s) == GAME_ONGOING && session_phase(s) == SESSION_PHASE_PLAY;
}

/* Charges the side to move for the time since the last tick; its flag
 * falls at zero. */
static void clock_advance(Session *s, uint64_t now_ms)
{
    uint64_t dt = now_ms >= s->clock_tick ? now_ms - s->clock_tick : 0;
    s->clock_tick = now_ms;
    if (!clock_running(s)) {
        return;
    }
    int idx = side_index(game_to_move(s->game));
    s->clock_ms[idx] -= (int32_t)(dt < CLOCK_MAX_STEP_MS ? dt : CLOCK_MAX_STEP_MS);
    if (s->clock_ms[idx] > 0) {
        return;
    }
    s->clock_ms[idx] = 0;
    s->timed_out = true;
    s->timeout_result = idx == 0 ? GAME_WHITE_WINS : GAME_BLACK_WINS;
    autosave_due(s);
    session_after_move(s);
}

/* Brings the clocks and the held move up to now_ms before a command. */
static void advance(Session *s, uint64_t now_ms)
{
    s->now_ms = now_ms;
    clock_advance(s, now_ms);
}

void session_tick(Session *s, uint64_t now_ms)
{
    advance(s, now_ms);
    session_play_held(s, now_ms);
    session_seat_play_script(s, now_ms);
}

bool session_clock_on(const Session *s)
{
    return s->clock_on;
}

int32_t session_clock_ms(const Session *s, Stone side)
{
    return s->clock_on ? s->clock_ms[side_index(side)] : 0;
}

void session_set_clocks(Session *s, int32_t black_ms, int32_t white_ms, uint64_t now_ms)
{
    advance(s, now_ms);
    s->clock_on = true;
    s->clock_ms[0] = black_ms;
    s->clock_ms[1] = white_ms;
}

int session_next_tick_ms(const Session *s, uint64_t now_ms)
{
    int next = -1;
    if (s->held) {
        next = s->held_due > now_ms ? (int)(s->held_due - now_ms) : 0;
    }
    if (s->script.on) {
        next = 0; /* the scripted reply goes down at the next tick */
    }
    if (clock_running(s)) {
        int32_t left = s->clock_ms[side_index(game_to_move(s->game))];
        int to_second = left % 1000 == 0 ? 1000 : (int)(left % 1000);
        next = next < 0 || to_second < next ? to_second : next;
    }
    return next;
}

void session_set_paused(Session *s, bool paused, uint64_t now_ms)
{
    advance(s, now_ms);
    s->paused = paused;
    session_sync_jobs(s);
}

void session_set_active(Session *s, bool active, uint64_t now_ms)
{
    advance(s, now_ms);
    if (active && !s->active) {
        /* Time spent away is nobody's thinking time. */
        s->move_started = now_ms;
    }
    s->active = active;
    session_sync_jobs(s);
}

/* ---- moves ---------------------------------------------------------------- */

GameStatus session_place(Session *s, Move m, uint64_t now_ms, bool by_computer)
{
    int i = game_move_count(s->game);
    GameStatus st = game_play(s->game, m);
    if (st != GAME_OK) {
        return st;
    }
    if (i >= 0 && i < BOARD_MAX_CELLS) {
        uint64_t spent = now_ms >= s->move_started ? now_ms - s->move_started : 0;
        s->move_ms[i] = spent > INT32_MAX ? INT32_MAX : (int32_t)spent;
    }
    s->move_started = now_ms;
    s->redo_choice[0] = s->redo_choice[1] = RECORD_CHOICE_NONE;
    session_position_changed(s, true, by_computer);
    session_after_move(s);
    return GAME_OK;
}

SessionStatus session_play(Session *s, Move m, uint64_t now_ms, Forbidden *why)
{
    static const SessionStatus refusal[] = {
        [RULES_MOVE_OK] = SESSION_OK,
        [RULES_MOVE_OFF_BOARD] = SESSION_ERR_OFF_BOARD,
        [RULES_MOVE_OCCUPIED] = SESSION_ERR_OCCUPIED,
        [RULES_MOVE_FORBIDDEN] = SESSION_ERR_FORBIDDEN,
    };
    if (why != NULL) {
        *why = FORBID_NONE;
    }
    if (s->game == NULL) {
        return SESSION_ERR_NO_GAME;
    }
    advance(s, now_ms);
    SessionPhase phase = session_phase(s);
    if (!session_humans_turn(s) || phase == SESSION_PHASE_CHOOSE ||
        phase == SESSION_PHASE_CHOOSE2) {
        return SESSION_ERR_NOT_TURN; /* a choice is due, not a stone */
    }
    const Game *g = s->game;
    RulesMove legal = rules_check_move(game_board(g), game_rules(g), game_to_move(g), m, why);
    if (legal != RULES_MOVE_OK) {
        return refusal[legal];
    }
    return session_place(s, m, now_ms, false) == GAME_OK ? SESSION_OK : SESSION_ERR_NOMEM;
}

/* Undo and redo share these exclusions. */
static bool history_allowed(const Session *s)
{
    return s->game != NULL && !s->reviewing && session_seat_humans(s) > 0 && !s->timed_out;
}

bool session_can_undo(const Session *s)
{
    /* The computer's first moves (its move as black, the stones it opened
     * a swap with) are not the person's to take back. */
    return history_allowed(s) && session_human_step_behind(s);
}

SessionStatus session_undo(Session *s, uint64_t now_ms)
{
    if (!session_can_undo(s)) {
        return SESSION_ERR_NO_GAME;
    }
    advance(s, now_ms);
    bool was_over = session_result(s) != GAME_ONGOING;
    session_undo_step(s);
    /* Against the computer (any seat not a person's), back to the person's
     * last move (or choice). */
    while (session_one_human(s) && session_decider_is_computer(s) && session_undo_step(s)) {
    }
    if (was_over) {
        unscore_result(s);
    }
    s->have_info = false; /* the computer's last word was about a position now gone */
    s->move_started = now_ms;
    session_position_changed(s, false, false);
    session_after_move(s);
    return SESSION_OK;
}

bool session_can_redo(const Session *s)
{
    return history_allowed(s) && session_can_redo_step(s);
}

SessionStatus session_redo(Session *s, uint64_t now_ms)
{
    if (!session_can_redo(s)) {
        return SESSION_ERR_NO_GAME;
    }
    advance(s, now_ms);
    session_redo_step(s);
    s->have_info = false;
    while (session_one_human(s) && session_decider_is_computer(s) &&
           game_result(s->game) == GAME_ONGOING && session_redo_step(s)) {
    }
    s->move_started = now_ms;
    session_position_changed(s, true, false);
    session_after_move(s);
    return SESSION_OK;
}
