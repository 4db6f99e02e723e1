/*
 * session_opening.c - the swap and swap2 opening rules: who decides what
 * after how many stones, the decisions themselves, and undo and redo
 * through them.
 *
 * The state is the number of stones and the decisions made (choice[0]
 * after the third stone, choice[1] after the fifth), so every question
 * here is a function of (stones, choices): the phase table below says who
 * acts, and a step back is always either the last decision (when it was
 * made at the current stone count) or the last stone.  The players are
 * roles, the first (who opens) and the second; each role's seat
 * (session_seat.c: the setup's mode's, or the game's own) says who plays
 * it, the decisions say which colour each has.
 */
#include "session_internal.h"

#include <string.h>

/* Who acts in each opening phase (PLAY: whoever has the colour to move). */
static const SessionRole phase_actor[] = {
    [SESSION_PHASE_PLACE3] = SESSION_ROLE_FIRST,
    [SESSION_PHASE_CHOOSE] = SESSION_ROLE_SECOND,
    [SESSION_PHASE_PLACE2] = SESSION_ROLE_SECOND,
    [SESSION_PHASE_CHOOSE2] = SESSION_ROLE_FIRST,
};

/* The stone count at which each decision is made. */
static const int choice_at[2] = {3, 5};

SessionPhase session_phase_at(RecordOpening o, int n, const RecordChoice c[2])
{
    if (o == RECORD_OPENING_STANDARD) {
        return SESSION_PHASE_PLAY;
    }
    if (n < 3) {
        return SESSION_PHASE_PLACE3;
    }
    if (c[0] == RECORD_CHOICE_NONE) {
        return SESSION_PHASE_CHOOSE;
    }
    if (c[0] != RECORD_CHOICE_PLACE_TWO) {
        return SESSION_PHASE_PLAY;
    }
    if (n < 5) {
        return SESSION_PHASE_PLACE2;
    }
    return c[1] == RECORD_CHOICE_NONE ? SESSION_PHASE_CHOOSE2 : SESSION_PHASE_PLAY;
}

/* The role that plays black: the first player unless a decision gave
 * black to the second (the second took black, or the first, choosing
 * after place-two, took white). */
static SessionRole black_role(const RecordChoice c[2])
{
    if (c[0] == RECORD_CHOICE_TAKE_BLACK) {
        return SESSION_ROLE_SECOND;
    }
    if (c[0] == RECORD_CHOICE_PLACE_TWO && c[1] == RECORD_CHOICE_TAKE_WHITE) {
        return SESSION_ROLE_SECOND;
    }
    return SESSION_ROLE_FIRST;
}

bool session_side_is_first(const RecordChoice c[2], Stone side)
{
    return (black_role(c) == SESSION_ROLE_FIRST) == (side == STONE_BLACK);
}

/* The computer plays role r: its seat is not a person's. */
static bool role_is_computer(const Session *s, SessionRole r)
{
    return session_seat_get(s, r).kind != SESSION_SEAT_HUMAN;
}

bool session_is_computer(const Session *s, Stone side)
{
    return session_seat_of_side(s, side).kind != SESSION_SEAT_HUMAN;
}

bool session_first_is_computer(const Session *s)
{
    return role_is_computer(s, SESSION_ROLE_FIRST);
}

SessionRole session_actor_role_at(RecordOpening o, int n, const RecordChoice c[2])
{
    SessionPhase p = session_phase_at(o, n, c);
    if (p != SESSION_PHASE_PLAY) {
        return phase_actor[p];
    }
    Stone side = n % 2 == 0 ? STONE_BLACK : STONE_WHITE;
    return session_side_is_first(c, side) ? SESSION_ROLE_FIRST : SESSION_ROLE_SECOND;
}

bool session_actor_computer_at(const Session *s, int n, const RecordChoice c[2])
{
    return role_is_computer(s, session_actor_role_at(s->setup.opening, n, c));
}

SessionPhase session_phase(const Session *s)
{
    if (s->game == NULL) {
        return SESSION_PHASE_PLAY;
    }
    return session_phase_at(s->setup.opening, game_move_count(s->game), s->choice);
}

bool session_decider_is_computer(const Session *s)
{
    return s->game != NULL && session_actor_computer_at(s, game_move_count(s->game), s->choice);
}

RecordChoice session_choice(const Session *s, int i)
{
    return i == 0 || i == 1 ? s->choice[i] : RECORD_CHOICE_NONE;
}

int session_opening_stones(RecordOpening o, const RecordChoice c[2])
{
    if (o == RECORD_OPENING_STANDARD) {
        return 0;
    }
    return c[0] == RECORD_CHOICE_PLACE_TWO ? 5 : 3;
}

/* ---- decisions ---------------------------------------------------------- */

/* Returns true when c is a decision of phase p under opening o. */
static bool choice_fits(RecordOpening o, SessionPhase p, RecordChoice c)
{
    if (c == RECORD_CHOICE_TAKE_BLACK || c == RECORD_CHOICE_TAKE_WHITE) {
        return p == SESSION_PHASE_CHOOSE || p == SESSION_PHASE_CHOOSE2;
    }
    return c == RECORD_CHOICE_PLACE_TWO && p == SESSION_PHASE_CHOOSE && o == RECORD_OPENING_SWAP2;
}

bool session_can_choose(const Session *s, RecordChoice c)
{
    return session_humans_turn(s) && choice_fits(s->setup.opening, session_phase(s), c);
}

/* Records decision c of the current phase: the undone steps no longer
 * follow from it. */
static void take_choice(Session *s, RecordChoice c)
{
    int i = session_phase(s) == SESSION_PHASE_CHOOSE ? 0 : 1;
    s->choice[i] = c;
    s->redo_choice[0] = s->redo_choice[1] = RECORD_CHOICE_NONE;
    game_drop_redo(s->game);
}

SessionStatus session_choose(Session *s, RecordChoice c, uint64_t now_ms)
{
    if (s->game == NULL) {
        return SESSION_ERR_NO_GAME;
    }
    session_tick(s, now_ms);
    if (!session_humans_turn(s)) {
        return SESSION_ERR_NOT_TURN;
    }
    if (!choice_fits(s->setup.opening, session_phase(s), c)) {
        return SESSION_ERR_ARGS;
    }
    take_choice(s, c);
    s->move_started = now_ms;
    session_position_changed(s, false, false);
    session_after_move(s);
    return SESSION_OK;
}

/* Places the computer's stones in order as one step of the session (no
 * job starts between them).  Returns false when one is not legal. */
static bool place_stones(Session *s, const Move *m, int count, uint64_t now_ms)
{
    const Game *g = s->game;
    bool ok = true;
    s->batch = true;
    for (int i = 0; i < count && ok; i++) {
        ok = rules_check_move(game_board(g), game_rules(g), game_to_move(g), m[i], NULL) ==
                 RULES_MOVE_OK &&
             session_place(s, m[i], now_ms, true) == GAME_OK;
    }
    s->batch = false;
    session_sync_jobs(s);
    return ok;
}

/* Returns true when count stones m may be placed in order from the
 * position on the board now. */
static bool stones_fit(const Session *s, const Move *m, int count)
{
    const Game *g = s->game;
    Board b = *game_board(g);
    Stone to_move = game_to_move(g);
    for (int i = 0; i < count; i++) {
        if (rules_check_move(&b, game_rules(g), to_move, m[i], NULL) != RULES_MOVE_OK) {
            return false;
        }
        board_set(&b, m[i].x, m[i].y, to_move);
        to_move = stone_opponent(to_move);
    }
    return true;
}

bool session_opening_fits(const Session *s, const AiOpening *op)
{
    SessionPhase p = session_phase(s);
    int n = game_move_count(s->game);
    if (op->count < 0 || op->count > (int)(sizeof op->stones / sizeof op->stones[0])) {
        return false;
    }
    switch (op->action) {
    case AI_OPENING_PLACE:
        if (p == SESSION_PHASE_CHOOSE && s->setup.opening == RECORD_OPENING_SWAP2) {
            return op->count == 2 && stones_fit(s, op->stones, 2);
        }
        return ((p == SESSION_PHASE_PLACE3 && op->count == 3 - n) ||
                (p == SESSION_PHASE_PLACE2 && op->count == 5 - n)) &&
               stones_fit(s, op->stones, op->count);
    case AI_OPENING_TAKE_BLACK: return choice_fits(s->setup.opening, p, RECORD_CHOICE_TAKE_BLACK);
    case AI_OPENING_TAKE_WHITE:
        return choice_fits(s->setup.opening, p, RECORD_CHOICE_TAKE_WHITE) && op->count >= 1 &&
               stones_fit(s, op->stones, 1);
    }
    return false;
}

bool session_apply_opening(Session *s, const AiOpening *op, uint64_t now_ms)
{
    SessionPhase p = session_phase(s);
    int n = game_move_count(s->game);
    switch (op->action) {
    case AI_OPENING_PLACE:
        if (p == SESSION_PHASE_CHOOSE && op->count == 2 &&
            s->setup.opening == RECORD_OPENING_SWAP2) {
            take_choice(s, RECORD_CHOICE_PLACE_TWO);
            return place_stones(s, op->stones, 2, now_ms);
        }
        if ((p == SESSION_PHASE_PLACE3 && op->count == 3 - n) ||
            (p == SESSION_PHASE_PLACE2 && op->count == 5 - n)) {
            return place_stones(s, op->stones, op->count, now_ms);
        }
        return false;
    case AI_OPENING_TAKE_BLACK:
    case AI_OPENING_TAKE_WHITE: {
        bool white = op->action == AI_OPENING_TAKE_WHITE;
        RecordChoice c = white ? RECORD_CHOICE_TAKE_WHITE : RECORD_CHOICE_TAKE_BLACK;
        if (!choice_fits(s->setup.opening, p, c) || (white && op->count < 1)) {
            return false;
        }
        take_choice(s, c);
        session_position_changed(s, false, true);
        return white ? place_stones(s, op->stones, 1, now_ms) : (session_after_move(s), true);
    }
    }
    return false;
}

/* ---- undo and redo -------------------------------------------------------- */

/* Returns the decision that was the last step after n stones (its index),
 * or -1 when the last step was a stone. */
static int last_choice(const RecordChoice c[2], int n)
{
    for (int i = 1; i >= 0; i--) {
        if (c[i] != RECORD_CHOICE_NONE && n == choice_at[i]) {
            return i;
        }
    }
    return -1;
}

bool session_human_step_behind(const Session *s)
{
    int n = game_move_count(s->game);
    RecordChoice c[2] = {s->choice[0], s->choice[1]};
    while (n > 0 || last_choice(c, n) >= 0) {
        int i = last_choice(c, n);
        if (i >= 0) {
            c[i] = RECORD_CHOICE_NONE;
        } else {
            n--;
            if (n < choice_at[1]) {
                c[1] = RECORD_CHOICE_NONE;
            }
            if (n < choice_at[0]) {
                c[0] = RECORD_CHOICE_NONE;
            }
        }
        if (!session_actor_computer_at(s, n, c)) {
            return true;
        }
    }
    return false;
}

bool session_undo_step(Session *s)
{
    int i = last_choice(s->choice, game_move_count(s->game));
    if (i >= 0) {
        s->redo_choice[i] = s->choice[i];
        s->choice[i] = RECORD_CHOICE_NONE;
        return true;
    }
    return game_undo(s->game) == GAME_OK;
}

/* Returns the index of the decision redo would restore, or -1. */
static int redo_choice_index(const Session *s)
{
    int n = game_move_count(s->game);
    for (int i = 0; i < 2; i++) {
        if (n == choice_at[i] && s->choice[i] == RECORD_CHOICE_NONE &&
            s->redo_choice[i] != RECORD_CHOICE_NONE &&
            session_phase(s) == (i == 0 ? SESSION_PHASE_CHOOSE : SESSION_PHASE_CHOOSE2)) {
            return i;
        }
    }
    return -1;
}

bool session_can_redo_step(const Session *s)
{
    return redo_choice_index(s) >= 0 || game_can_redo(s->game);
}

bool session_redo_step(Session *s)
{
    int i = redo_choice_index(s);
    if (i >= 0) {
        s->choice[i] = s->redo_choice[i];
        s->redo_choice[i] = RECORD_CHOICE_NONE;
        return true;
    }
    return game_redo(s->game) == GAME_OK;
}
