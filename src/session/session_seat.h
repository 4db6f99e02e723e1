/*
 * session_seat.h - what kind of player sits in each of a game's two seats.
 *
 * A game has two players, the roles: the first (who opens: black in a
 * standard game; under swap and swap2 the one who places the first three
 * stones, whichever colour they end with) and the second.  Each role has a
 * seat, and the seat's kind says who decides when that role is to act:
 *
 *   HUMAN     a person at this board: the session waits for session_play
 *             and session_choose (session_humans_turn is true);
 *   ENGINE    the computer at a preset or Custom level: the session posts a
 *             SESSION_JOB_MOVE or SESSION_JOB_OPENING job for it;
 *   SCRIPTED  a puzzle's defender: its reply to a position comes from a
 *             table (SessionScript) and the session plays it itself at its
 *             next session_tick, never inside the command that made the
 *             position; a position the table has no legal reply for goes by
 *             the script's miss policy (SessionScriptMiss);
 *   REMOTE    a player elsewhere (a network peer, another program): the
 *             session posts a SESSION_JOB_REMOTE or SESSION_JOB_REMOTE_OPENING
 *             job and takes the answer by the job's generation through
 *             session_engine_result or session_engine_opening_result, the
 *             one path an engine's answers take.
 *
 * By default the seats follow the setup's PlayerMode (session_seat_from_mode:
 * a person's side HUMAN, the computer's ENGINE at the setup's level); a game
 * started with session_seat_new_game names its seats itself.  SessionSetup
 * has no seat fields, so settings files and saved games read as before.
 */
#ifndef GOMOKU_SESSION_SEAT_H
#define GOMOKU_SESSION_SEAT_H

#include "session.h"

/* The two players of a game; a seat array is indexed by role. */
typedef enum SessionRole {
    SESSION_ROLE_FIRST = 0, /* opens: black in a standard game */
    SESSION_ROLE_SECOND,
    SESSION_ROLE_COUNT
} SessionRole;

typedef enum SessionSeatKind {
    SESSION_SEAT_HUMAN = 0,
    SESSION_SEAT_ENGINE,
    SESSION_SEAT_SCRIPTED,
    SESSION_SEAT_REMOTE,
    SESSION_SEAT_KIND_COUNT
} SessionSeatKind;

/* One scripted reply: in the position the moves give (black's first, the
 * colours alternating, in any order that reaches the same stones), the
 * seat plays reply. */
typedef struct SessionScriptLine {
    const Move *moves; /* from the empty board; may be NULL when len is 0 */
    int len;
    Move reply;
} SessionScriptLine;

/* What a scripted seat does in a position its script has no legal reply
 * for (or in an opening phase that asks a choice, not a stone). */
typedef enum SessionScriptMiss {
    /* The script ends there: nobody moves, SESSION_EVENT_SCRIPT_ENDED goes
     * out once, and the person may undo and try another line. */
    SESSION_SCRIPT_MISS_END = 0,
    /* The seat's engine level answers, as an ENGINE seat would (a
     * SESSION_JOB_MOVE or SESSION_JOB_OPENING job); the script is asked
     * again at the seat's next turn. */
    SESSION_SCRIPT_MISS_ENGINE,
    SESSION_SCRIPT_MISS_COUNT
} SessionScriptMiss;

/* A scripted seat's replies.  The table is the caller's: it (and the moves
 * of its lines) must outlive every session whose seat names it. */
typedef struct SessionScript {
    const SessionScriptLine *lines;
    int count;
    SessionScriptMiss miss;
} SessionScript;

/* One seat.  A value type: copying it copies the script pointer, not the
 * script. */
typedef struct SessionSeat {
    SessionSeatKind kind;
    /* The engine's level: ENGINE's, and SCRIPTED's when it leaves its
     * script under SESSION_SCRIPT_MISS_ENGINE (and what the record's
     * preset line says). */
    AiPreset preset;
    bool custom; /* custom_ai instead of preset */
    AiCustom custom_ai;
    const SessionScript *script; /* SCRIPTED: borrowed, see SessionScript */
} SessionSeat;

/* ---- seats as values ------------------------------------------------------ */

/* Returns a seat of kind with the default level (AI_PRESET_MEDIUM, the
 * default Custom settings) and no script. */
SessionSeat session_seat_make(SessionSeatKind kind);

/* Returns an ENGINE seat at preset. */
SessionSeat session_seat_engine(AiPreset preset);

/* Returns a SCRIPTED seat answering from script (borrowed) whose engine
 * level, for a miss under SESSION_SCRIPT_MISS_ENGINE, is preset. */
SessionSeat session_seat_scripted(const SessionScript *script, AiPreset preset);

/* Writes to out[SESSION_ROLE_FIRST] and out[SESSION_ROLE_SECOND] the seats
 * mode means: a person's role HUMAN, the computer's ENGINE at preset (or
 * custom_ai when custom).  The roles are the mode's own: MODE_HUMAN_BLACK
 * seats a person first (black in a standard game, the opener under swap). */
void session_seat_from_mode(PlayerMode mode, AiPreset preset, bool custom, AiCustom custom_ai,
                            SessionSeat out[SESSION_ROLE_COUNT]);

/* As session_seat_from_mode with the setup's mode and level. */
void session_seat_of_setup(const SessionSetup *st, SessionSeat out[SESSION_ROLE_COUNT]);

/* Returns the PlayerMode that seats the same people: a HUMAN seat is a
 * person's, any other kind the computer's (so a person against a remote
 * player reads MODE_HUMAN_BLACK or MODE_COMPUTER_BLACK). */
PlayerMode session_seat_mode(const SessionSeat seat[SESSION_ROLE_COUNT]);

/* Returns SESSION_OK and brings seat's level into range, or SESSION_ERR_ARGS
 * when the seat cannot play: an unknown kind, a SCRIPTED seat without a
 * script, a script with a negative count, lines but no table, or an unknown
 * miss policy. */
SessionStatus session_seat_check(SessionSeat *seat);

/* Returns the engine's search limits of seat's level (before the session
 * seeds them and fits them to the clock). */
AiLimits session_seat_limits(const SessionSeat *seat);

/* Returns how a record names a player of kind: HUMAN and REMOTE as
 * RECORD_PLAYER_HUMAN (a remote player is taken for a person: the session
 * cannot know better, and a game loaded back seats a person there), ENGINE
 * and SCRIPTED as RECORD_PLAYER_COMPUTER (this program chose the moves). */
RecordPlayerKind session_seat_record_kind(SessionSeatKind kind);

/* Returns script's reply to the position on b (the first line that reaches
 * it), or MOVE_NONE when script is NULL or has none.  The reply is not
 * checked against the rules here. */
Move session_seat_script_reply(const SessionScript *script, const Board *b);

/* ---- the seats of a session ------------------------------------------------ */

/* Starts a new game as session_new_game does, with seats (both roles'; NULL:
 * the setup's mode's).  The setup's mode becomes session_seat_mode(seats),
 * so the mode read back (session_setup) names the same people.  The seats
 * stay for rematches (session_new_game with setup NULL); a new game with a
 * setup, session_load and session_review_continue go back to the mode's
 * seats.  Returns SESSION_OK, SESSION_ERR_ARGS (a seat that cannot play,
 * session_seat_check; nothing changes) or SESSION_ERR_NOMEM (the old game
 * stays). */
SessionStatus session_seat_new_game(Session *s, const SessionSetup *setup,
                                    const SessionSeat seats[SESSION_ROLE_COUNT], bool keep_score,
                                    uint64_t now_ms, const char *date);

/* Returns the seat of role r (the mode's unless the game named its own). */
SessionSeat session_seat_get(const Session *s, SessionRole r);

/* Returns the seat that plays colour side: under a swap opening, the role
 * the decisions gave it (the first player's while no colour is chosen). */
SessionSeat session_seat_of_side(const Session *s, Stone side);

/* Writes the seat that decides now (places the opening's stones, chooses,
 * or moves) and returns true; false without a game. */
bool session_seat_decider(const Session *s, SessionSeat *out);

/* Returns true when the game runs on seats it named itself
 * (session_seat_new_game), false when they follow the setup's mode. */
bool session_seat_explicit(const Session *s);

#endif
