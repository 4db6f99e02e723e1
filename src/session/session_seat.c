/*
 * session_seat.c - the two seats of a game: the mapping from a PlayerMode,
 * a game's own seats, and the scripted seat's replies.
 *
 * Who decides now is a role (session_opening.c's phase table, or the
 * colour to move), and the role's seat says what kind of player that is.
 * The engine's and the remote player's jobs start in session_engine.c; a
 * scripted reply is held here until the next tick plays it.
 */
#include "session_internal.h"

#include <string.h>

/* ---- seats as values -------------------------------------------------------- */

SessionSeat session_seat_make(SessionSeatKind kind)
{
    SessionSeat seat;
    memset(&seat, 0, sizeof seat);
    seat.kind = kind;
    seat.preset = AI_PRESET_MEDIUM;
    seat.custom_ai = ai_custom_default();
    return seat;
}

SessionSeat session_seat_engine(AiPreset preset)
{
    SessionSeat seat = session_seat_make(SESSION_SEAT_ENGINE);
    seat.preset = preset;
    return seat;
}

SessionSeat session_seat_scripted(const SessionScript *script, AiPreset preset)
{
    SessionSeat seat = session_seat_make(SESSION_SEAT_SCRIPTED);
    seat.preset = preset;
    seat.script = script;
    return seat;
}

void session_seat_from_mode(PlayerMode mode, AiPreset preset, bool custom, AiCustom custom_ai,
                            SessionSeat out[SESSION_ROLE_COUNT])
{
    /* Which roles the computer plays, as the mode names them. */
    bool computer[SESSION_ROLE_COUNT] = {mode == MODE_COMPUTER_BLACK || mode == MODE_AI_VS_AI,
                                         mode == MODE_HUMAN_BLACK || mode == MODE_AI_VS_AI};
    for (int r = 0; r < SESSION_ROLE_COUNT; r++) {
        out[r] = session_seat_make(computer[r] ? SESSION_SEAT_ENGINE : SESSION_SEAT_HUMAN);
        out[r].preset = preset;
        out[r].custom = custom;
        out[r].custom_ai = custom_ai;
    }
}

void session_seat_of_setup(const SessionSetup *st, SessionSeat out[SESSION_ROLE_COUNT])
{
    session_seat_from_mode(st->mode, st->preset, st->custom, st->custom_ai, out);
}

PlayerMode session_seat_mode(const SessionSeat seat[SESSION_ROLE_COUNT])
{
    bool first = seat[SESSION_ROLE_FIRST].kind == SESSION_SEAT_HUMAN;
    bool second = seat[SESSION_ROLE_SECOND].kind == SESSION_SEAT_HUMAN;
    return first && second ? MODE_TWO_PLAYERS
           : first         ? MODE_HUMAN_BLACK
           : second        ? MODE_COMPUTER_BLACK
                           : MODE_AI_VS_AI;
}

static bool script_ok(const SessionScript *sc)
{
    return sc != NULL && sc->count >= 0 && (sc->count == 0 || sc->lines != NULL) &&
           (int)sc->miss >= 0 && sc->miss < SESSION_SCRIPT_MISS_COUNT;
}

SessionStatus session_seat_check(SessionSeat *seat)
{
    if ((int)seat->kind < 0 || seat->kind >= SESSION_SEAT_KIND_COUNT) {
        return SESSION_ERR_ARGS;
    }
    if (seat->kind == SESSION_SEAT_SCRIPTED && !script_ok(seat->script)) {
        return SESSION_ERR_ARGS;
    }
    if ((int)seat->preset < 0 || seat->preset >= AI_PRESET_COUNT) {
        seat->preset = AI_PRESET_MEDIUM;
    }
    seat->custom_ai =
        seat->custom_ai.depth == 0 ? ai_custom_default() : ai_custom_clamp(seat->custom_ai);
    return SESSION_OK;
}

AiLimits session_seat_limits(const SessionSeat *seat)
{
    return seat->custom ? ai_custom_limits(seat->custom_ai) : ai_preset_limits(seat->preset);
}

RecordPlayerKind session_seat_record_kind(SessionSeatKind kind)
{
    return kind == SESSION_SEAT_ENGINE || kind == SESSION_SEAT_SCRIPTED ? RECORD_PLAYER_COMPUTER
                                                                        : RECORD_PLAYER_HUMAN;
}

/* Returns true when line's moves reach the position on b. */
static bool line_reaches(const SessionScriptLine *line, const Board *b)
{
    Board at;
    if (line->len != b->count || board_init(&at, b->size) != 0) {
        return false;
    }
    for (int i = 0; i < line->len; i++) {
        Move m = line->moves[i];
        if (!board_in_bounds(&at, m.x, m.y) || board_get(&at, m.x, m.y) != STONE_EMPTY) {
            return false;
        }
        board_set(&at, m.x, m.y, i % 2 == 0 ? STONE_BLACK : STONE_WHITE);
    }
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            if (board_get(&at, x, y) != board_get(b, x, y)) {
                return false;
            }
        }
    }
    return true;
}

Move session_seat_script_reply(const SessionScript *script, const Board *b)
{
    for (int i = 0; script != NULL && i < script->count; i++) {
        if (line_reaches(&script->lines[i], b)) {
            return script->lines[i].reply;
        }
    }
    return MOVE_NONE;
}

/* ---- the seats of a session ---------------------------------------------------- */

void session_seat_all(const Session *s, SessionSeat out[SESSION_ROLE_COUNT])
{
    if (s->seats_set) {
        memcpy(out, s->seat, sizeof s->seat);
    } else {
        session_seat_of_setup(&s->setup, out);
    }
}

int session_seat_humans(const Session *s)
{
    SessionSeat seat[SESSION_ROLE_COUNT];
    session_seat_all(s, seat);
    return (seat[0].kind == SESSION_SEAT_HUMAN) + (seat[1].kind == SESSION_SEAT_HUMAN);
}

SessionStatus session_seat_new_game(Session *s, const SessionSetup *setup,
                                    const SessionSeat seats[SESSION_ROLE_COUNT], bool keep_score,
                                    uint64_t now_ms, const char *date)
{
    SessionSeat checked[SESSION_ROLE_COUNT];
    if (seats == NULL) {
        return session_start_game(s, setup, NULL, keep_score, now_ms, date);
    }
    for (int r = 0; r < SESSION_ROLE_COUNT; r++) {
        checked[r] = seats[r];
        if (session_seat_check(&checked[r]) != SESSION_OK) {
            return SESSION_ERR_ARGS;
        }
    }
    return session_start_game(s, setup, checked, keep_score, now_ms, date);
}

SessionSeat session_seat_get(const Session *s, SessionRole r)
{
    SessionSeat seat[SESSION_ROLE_COUNT];
    session_seat_all(s, seat);
    return seat[r == SESSION_ROLE_SECOND ? SESSION_ROLE_SECOND : SESSION_ROLE_FIRST];
}

SessionSeat session_seat_of_side(const Session *s, Stone side)
{
    bool first = session_side_is_first(s->choice, side);
    return session_seat_get(s, first ? SESSION_ROLE_FIRST : SESSION_ROLE_SECOND);
}

bool session_seat_decider(const Session *s, SessionSeat *out)
{
    if (s->game == NULL) {
        return false;
    }
    *out = session_seat_get(
        s, session_actor_role_at(s->setup.opening, game_move_count(s->game), s->choice));
    return true;
}

bool session_seat_explicit(const Session *s)
{
    return s->seats_set;
}

/* ---- the scripted seat's replies ----------------------------------------------- */

bool session_seat_script_start(Session *s, const SessionSeat *seat)
{
    SessionPhase p = session_phase(s);
    if (p == SESSION_PHASE_CHOOSE || p == SESSION_PHASE_CHOOSE2) {
        return false; /* a choice, not a stone: the script has no say */
    }
    const Game *g = s->game;
    Move m = session_seat_script_reply(seat->script, game_board(g));
    if (!move_is_valid(m) ||
        rules_check_move(game_board(g), game_rules(g), game_to_move(g), m, NULL) != RULES_MOVE_OK) {
        return false; /* an illegal reply is no reply */
    }
    s->script.on = true;
    s->script.gen = session_take_gen(s);
    s->script.serial = s->serial;
    s->script.move = m;
    return true;
}

/* Plays the scripted reply of generation gen when it is still the one
 * wanted.  Returns true when it was played. */
static bool take_script_answer(Session *s, uint32_t gen, uint64_t now_ms)
{
    if (!s->script.on || s->script.gen != gen) {
        return false;
    }
    if (s->script.serial != s->serial) {
        s->script.on = false; /* the position it answered is gone */
        return false;
    }
    s->script.on = false;
    if (session_place(s, s->script.move, now_ms, true) != GAME_OK) {
        s->failed_serial = s->serial; /* checked legal when held: should not happen */
        session_emit(s, (SessionEvent){.kind = SESSION_EVENT_ENGINE_FAILED, .move = MOVE_NONE});
        session_sync_jobs(s);
    }
    return true;
}

void session_seat_play_script(Session *s, uint64_t now_ms)
{
    if (s->script.on) {
        take_script_answer(s, s->script.gen, now_ms);
    }
}
