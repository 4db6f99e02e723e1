/*
 * session.h - a game session: what a game is beyond the board.
 *
 * The session owns the setup (board size, k, rule, who plays each colour,
 * the computer's preset, the clock), the Game itself, turn order, both
 * clocks, the undo/redo policy, the result (a fallen flag included), the
 * running score of the games played with this setup, the review of a
 * finished or loaded game, and the conversion to and from a Record (what
 * Save and the autosave write, what Load and Resume read).
 *
 * It is logic only: no SDL, no threads, no clock of its own.  Time comes in
 * as now_ms arguments (any monotonic milliseconds).  The engine's work goes
 * out as jobs (session_engine_job) that the app runs on its worker threads,
 * and every answer comes back through one path, session_engine_result,
 * which drops an answer whose generation is no longer wanted (the position
 * changed, a new game started, the scene was left).  What a view should
 * react to - a stone to animate, the game that just ended, the autosave to
 * write - comes out as events (session_next_event).
 *
 * Who plays each side is a seat (session_seat.h): a person, an engine, a
 * puzzle's scripted defender or a remote player.  By default the seats
 * follow the setup's PlayerMode; "the computer" below means any seat that
 * is not a person at this board.
 *
 * Every session_* function is for one thread (the app's main thread).
 */
#ifndef GOMOKU_SESSION_H
#define GOMOKU_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ai/ai.h"
#include "ai/ai_custom.h"
#include "ai/ai_opening.h"
#include "core/board.h"
#include "core/game.h"
#include "core/record.h"
#include "core/rules.h"
#include "session_coach.h"

#define SESSION_MAX_CLOCK_MIN 180

/* Who plays: named from black's side, as the menu row says.  (The short
 * MODE_ names predate this module; HACKING.md lists them as an exception
 * to the prefix rule.) */
typedef enum PlayerMode {
    MODE_HUMAN_BLACK = 0, /* a person plays black against the computer */
    MODE_COMPUTER_BLACK,  /* the computer plays black against a person */
    MODE_TWO_PLAYERS,     /* two people share the board */
    MODE_AI_VS_AI,        /* the computer plays both sides */
    MODE_COUNT
} PlayerMode;

/* Everything chosen before a game starts. */
/* The record's and the header's name of the Custom AI. */
#define SESSION_CUSTOM_NAME "Custom"

typedef struct SessionSetup {
    int size;    /* BOARD_MIN_SIZE..BOARD_MAX_SIZE (the menu offers 9..19) */
    Rules rules; /* renju only with k = 5 */
    /* Who plays black; under a swap opening, who is the first player (the
     * one who places the first three stones): MODE_HUMAN_BLACK, the person
     * opens and the computer chooses; MODE_COMPUTER_BLACK, the reverse. */
    PlayerMode mode;
    AiPreset preset; /* the computer's strength (unused with two people) */
    int clock_min;   /* minutes per side, 0 = no clock */
    bool custom;     /* the Custom AI (custom_ai) instead of the preset */
    AiCustom custom_ai;
    RecordOpening opening; /* standard, swap or swap2; only with k = 5 */
} SessionSetup;

/* Who decides what now under a swap opening (session_phase). */
typedef enum SessionPhase {
    SESSION_PHASE_PLAY = 0, /* ordinary play: the colours are settled (or no game) */
    SESSION_PHASE_PLACE3,   /* the first player places black, white, black */
    SESSION_PHASE_CHOOSE,   /* the second player takes black, takes white or
                             * (swap2) places two more */
    SESSION_PHASE_PLACE2,   /* the second player places white, black */
    SESSION_PHASE_CHOOSE2   /* the first player takes black or white */
} SessionPhase;

/* Every search the helper makes (the analysis of a position in play or in
 * review, a hint, the moves of a winning line shown) has the same budget:
 * this many nodes from an empty table on one thread, so one position gets
 * one verdict, the same on every run and every machine.  The time cap is
 * only a guard for a very slow machine. */
#define SESSION_HELPER_NODES       400000
#define SESSION_HELPER_NODES_FIXED 10000 /* fixed_budgets' default: quick tests */
#define SESSION_HELPER_DEPTH       16
#define SESSION_HELPER_MULTI_PV    3 /* candidates scored exactly for the overlay */
#define SESSION_HELPER_SAFETY_MS   20000

/* How the app wants the session to behave. */
typedef struct SessionConfig {
    /* Shortest time a computer-vs-computer move takes, so people can
     * follow the game; 0 plays at the engine's speed. */
    int ai_vs_ai_pace_ms;
    /* The helper's searches have no time cap at all, so even a machine
     * too slow for SESSION_HELPER_SAFETY_MS gives the same answers (tests,
     * gomoku-review); with helper_nodes 0 the budget is
     * SESSION_HELPER_NODES_FIXED. */
    bool fixed_budgets;
    /* The helper's node budget (0: SESSION_HELPER_NODES, or
     * SESSION_HELPER_NODES_FIXED under fixed_budgets). */
    int64_t helper_nodes;
} SessionConfig;

typedef enum SessionStatus {
    SESSION_OK = 0,
    SESSION_ERR_NO_GAME = -1,   /* no game, or the command does not apply now */
    SESSION_ERR_NOT_TURN = -2,  /* not a person's turn (computer to move, game over) */
    SESSION_ERR_OCCUPIED = -3,  /* the point is taken */
    SESSION_ERR_FORBIDDEN = -4, /* renju: forbidden for black */
    SESSION_ERR_OFF_BOARD = -5,
    SESSION_ERR_ARGS = -6, /* bad setup or record */
    SESSION_ERR_NOMEM = -7
} SessionStatus;

/* The two engines a session keeps busy: the computer player, and the
 * helper behind hints, the analysis overlay and the review's evaluations. */
typedef enum SessionEngine {
    SESSION_ENGINE_PLAYER = 0,
    SESSION_ENGINE_HELPER,
    SESSION_ENGINE_COUNT
} SessionEngine;

typedef enum SessionJobKind {
    SESSION_JOB_MOVE = 0, /* the computer's move */
    SESSION_JOB_ANALYSIS, /* the position in play: the win chance, a hint, the overlay */
    SESSION_JOB_EVAL,     /* one review position: the coach, the graph, a hint, the overlay */
    SESSION_JOB_LINE,     /* the next move of the winning line being shown in review */
    SESSION_JOB_OPENING,  /* the computer's opening decision (ai_opening_answer) */
    /* A remote seat's move (session_seat.h): no search here; whoever
     * carries the move hands it back as info->best through
     * session_engine_result with the job's gen.  req holds the position
     * (its limits are zero). */
    SESSION_JOB_REMOTE,
    /* A remote seat's opening decision: answered as an AiOpening through
     * session_engine_opening_result with the job's gen (place_two as for
     * SESSION_JOB_OPENING). */
    SESSION_JOB_REMOTE_OPENING
} SessionJobKind;

/* A search the session wants run.  gen identifies it: hand it back with
 * the answer. */
typedef struct SessionJob {
    uint32_t gen;
    SessionJobKind kind;
    AiRequest req; /* cancel, on_info and user are left NULL */
    int place_two; /* SESSION_JOB_OPENING: ai_opening_answer's place_two */
} SessionJob;

typedef enum SessionEventKind {
    SESSION_EVENT_PLACED = 1,      /* a stone was placed (move, by_computer) */
    SESSION_EVENT_REVIEW_STEP,     /* review stepped forward one move (move) */
    SESSION_EVENT_GAME_OVER,       /* a game that counts just ended (result) */
    SESSION_EVENT_AUTOSAVE,        /* write the snapshot (session_to_record) */
    SESSION_EVENT_AUTOSAVE_CLEAR,  /* nothing to resume: remove the autosave */
    SESSION_EVENT_HINT,            /* a hint arrived (move) */
    SESSION_EVENT_ENGINE_FAILED,   /* the computer found no move it could play */
    SESSION_EVENT_REVIEW_ANALYSED, /* the review's every position is analysed: save it */
    SESSION_EVENT_SCRIPT_ENDED     /* a scripted seat has no reply here and stops
                                    * (SESSION_SCRIPT_MISS_END, session_seat.h) */
} SessionEventKind;

typedef struct SessionEvent {
    SessionEventKind kind;
    Move move;
    bool by_computer;
    GameResult result;
} SessionEvent;

/* How a record is taken over by session_load. */
typedef enum SessionLoad {
    SESSION_LOAD_REVIEW = 0, /* an opened file: shown in review, never counted in the score */
    SESSION_LOAD_RESUME      /* the autosave: played on, counted when it ends */
} SessionLoad;

typedef struct Session Session;

/* ---- lifetime and setup ---------------------------------------------- */

/* Returns the default setup: 15x15, five in a row, freestyle, a person
 * plays black, medium, no clock. */
SessionSetup session_default_setup(void);

/* Makes *setup playable: every field in range, renju only with k = 5. */
void session_sanitize_setup(SessionSetup *setup);

/* Returns a new session without a game whose setup is *setup (sanitized;
 * NULL: the default), or NULL when memory runs out.  cfg NULL: pace 0, no
 * fixed budgets.  Free with session_free. */
Session *session_new(const SessionConfig *cfg, const SessionSetup *setup);

/* Releases s and its game; NULL allowed. */
void session_free(Session *s);

/* Starts a new game with setup (NULL: the current one, and the seats a game
 * named with session_seat_new_game stay; else the seats follow the setup's
 * mode) at now_ms; date is the start time for the record (ISO 8601; may be
 * NULL).  keep_score: the score keeps counting (a rematch); else it starts
 * from zero.
 * Returns SESSION_OK, or SESSION_ERR_ARGS / _NOMEM (the old game stays). */
SessionStatus session_new_game(Session *s, const SessionSetup *setup, bool keep_score,
                               uint64_t now_ms, const char *date);

/* Drops the game (back to no game); the setup and score stay. */
void session_end(Session *s);

/* Returns the current setup. */
SessionSetup session_setup(const Session *s);

/* ---- the game --------------------------------------------------------- */

/* Returns the game, owned by s and valid until the next command; NULL when
 * there is none. */
const Game *session_game(const Session *s);

/* Returns a number that changes whenever the position shown changes (a
 * move, undo, a new game, a review step), for caches keyed by position. */
uint32_t session_position_id(const Session *s);

/* Returns true when side is played by the computer: by a seat that is not
 * a person at this board (an engine, a script or a remote player;
 * session_seat_of_side says which). */
bool session_is_computer(const Session *s, Stone side);

/* Returns true when exactly one side is a person at this board ("You win!"). */
bool session_one_human(const Session *s);

/* Returns the result, counting a fallen flag (GAME_ONGOING without a game). */
GameResult session_result(const Session *s);

/* Returns true when the game ended on time (a flag fell). */
bool session_timed_out(const Session *s);

/* Returns true when a person is to move in a game in progress. */
bool session_humans_turn(const Session *s);

/* Returns true while the computer is searching for its move (or waiting
 * for a remote seat's), holding a found one back to pace a game without a
 * person, or holding a scripted seat's reply for the next tick. */
bool session_thinking(const Session *s);

/* Returns true when the game has at least one move and is not over: it
 * can wait behind the menu and be resumed. */
bool session_resumable(const Session *s);

/* Plays m for the person to move at now_ms.  Returns SESSION_OK, or why
 * not (nothing changes): SESSION_ERR_NOT_TURN, _OCCUPIED, _FORBIDDEN (*why,
 * if not NULL, gets the reason), _OFF_BOARD, _NO_GAME. */
SessionStatus session_play(Session *s, Move m, uint64_t now_ms, Forbidden *why);

/* Returns true when Undo would do something now.  The policy: never
 * without a person at the board or after a flag fell; against the computer
 * (any seat that is not a person: an engine, a script, a remote player),
 * undo goes back over its moves to the person's last move (so with the
 * computer playing black its first move stays); during a search (or while
 * a remote move or a scripted reply is awaited) that is dropped; after the
 * game ended, the game continues and its result no longer counts. */
bool session_can_undo(const Session *s);

/* Undoes as the policy above says.  Returns SESSION_OK or SESSION_ERR_NO_GAME
 * when undo does not apply. */
SessionStatus session_undo(Session *s, uint64_t now_ms);

/* Returns true when Redo would do something now (same exclusions as undo). */
bool session_can_redo(const Session *s);

/* Replays what undo took back: one move, or against the computer up to the
 * person's next move.  Returns SESSION_OK or SESSION_ERR_NO_GAME. */
SessionStatus session_redo(Session *s, uint64_t now_ms);

/* ---- the opening --------------------------------------------------------- */

/* Returns the opening phase now (SESSION_PHASE_PLAY for a standard game,
 * once the colours are settled, and without a game). */
SessionPhase session_phase(const Session *s);

/* Returns true when the one who decides now (places the opening's stones,
 * chooses, or moves) is the computer. */
bool session_decider_is_computer(const Session *s);

/* Returns true when the first player (who places the first three stones;
 * black in a standard game) is the computer. */
bool session_first_is_computer(const Session *s);

/* Returns the opening's decision i (0: after the third stone, 1: after the
 * fifth), RECORD_CHOICE_NONE while not made. */
RecordChoice session_choice(const Session *s, int i);

/* Returns true when the person to decide may make choice c now. */
bool session_can_choose(const Session *s, RecordChoice c);

/* Makes the person's opening choice c at now_ms: take black, take white
 * (then they play white's next move) or, under swap2 after three stones,
 * place two more.  Returns SESSION_OK, SESSION_ERR_NOT_TURN when no person
 * decides now, or SESSION_ERR_ARGS when c is not a choice of this phase. */
SessionStatus session_choose(Session *s, RecordChoice c, uint64_t now_ms);

/* ---- time --------------------------------------------------------------- */

/* Advances the clocks to now_ms (a flag may fall and end the game), plays
 * a held computer-vs-computer move that is due and a scripted seat's reply
 * held for this tick. */
void session_tick(Session *s, uint64_t now_ms);

/* Pauses (a dialog covers the game, or the game is not on screen) or
 * resumes at now_ms.  While paused the clocks stop and the computer starts
 * no new search; a search already running may finish and its move is
 * played. */
void session_set_paused(Session *s, bool paused, uint64_t now_ms);

/* Shows (true) or hides the game at now_ms.  Hiding stops the clocks and
 * drops the computer's search; showing lets both run again. */
void session_set_active(Session *s, bool active, uint64_t now_ms);

/* Returns true when the game has clocks. */
bool session_clock_on(const Session *s);

/* Returns side's time left in ms (0 when the game has no clock). */
int32_t session_clock_ms(const Session *s, Stone side);

/* Turns the clocks on with the given time left for each side (tests). */
void session_set_clocks(Session *s, int32_t black_ms, int32_t white_ms, uint64_t now_ms);

/* Returns how many ms from now_ms the session next needs a tick (a clock's
 * second turns, a held move is due; 0 while a scripted reply waits), or -1
 * when nothing is pending. */
int session_next_tick_ms(const Session *s, uint64_t now_ms);

/* ---- score -------------------------------------------------------------- */

/* Returns how many games since the setup was chosen ended with result r
 * (GAME_BLACK_WINS, GAME_WHITE_WINS or GAME_DRAW).  Black is the first
 * player's seat: under a swap opening GAME_BLACK_WINS counts the wins of
 * whoever opened (the mode's first seat), whatever colour they took. */
int session_score(const Session *s, GameResult r);

/* ---- the engines -------------------------------------------------------- */

/* Writes to *out the search engine e should be running now and returns
 * true, or returns false when e should be idle (stop anything running).
 * The same job (same gen) is returned until its answer comes back or it is
 * no longer wanted. */
bool session_engine_job(const Session *s, SessionEngine e, SessionJob *out);

/* Hands over the answer of job gen at now_ms (status and info as ai_search
 * gave them).  The one path for results: an answer for a job that is no
 * longer wanted is dropped.  A SESSION_JOB_REMOTE answer is info->best
 * with status 0 (nonzero: the remote player cannot answer, as an engine
 * that found no move: SESSION_EVENT_ENGINE_FAILED); a move the rules
 * refuse is refused and the job stays wanted.  Returns true when it was
 * used. */
bool session_engine_result(Session *s, uint32_t gen, int status, const AiInfo *info,
                           uint64_t now_ms);

/* Hands over the answer of the opening job gen (SESSION_JOB_OPENING or
 * SESSION_JOB_REMOTE_OPENING) at now_ms: status and *op as
 * ai_opening_answer gave them.  The same path as session_engine_result: a
 * stale answer is dropped, and a remote decision that does not fit the
 * phase is refused with the job still wanted.  Returns true when it was
 * used. */
bool session_engine_opening_result(Session *s, uint32_t gen, int status, const AiOpening *op,
                                   uint64_t now_ms);

/* Hands over a progress report of the running job gen; a stale one is
 * dropped.  Returns true when it was kept. */
bool session_engine_progress(Session *s, uint32_t gen, const AiInfo *info);

/* Writes the computer player's latest report (its progress while it
 * thinks, else its last answer) and returns true; false when there is none. */
bool session_engine_report(const Session *s, AiInfo *out);

/* As session_engine_report, and writes to *searched the side that was to
 * move in the position the report is about (the position on the board
 * while the computer thinks; the one before its move once it has moved). */
bool session_engine_report_side(const Session *s, AiInfo *out, Stone *searched);

/* Writes the one analysis of the position shown (the board in play, the
 * review position in review): the finished one (*done true), or the
 * report of its search so far (*done false, refined as it deepens).
 * Everything said of a position - the win chance, a hint, the overlay,
 * the coach - comes from it.  Returns false while nothing is known. */
bool session_focus_analysis(const Session *s, AiInfo *out, bool *done);

/* Asks for a hint for the person to move (in review: for the side to move
 * in the position shown): the best move of the position's analysis, shown
 * once that analysis is done (SESSION_EVENT_HINT).  Returns SESSION_OK, or
 * SESSION_ERR_NOT_TURN when no person is to move. */
SessionStatus session_request_hint(Session *s);

/* Returns the hint for the current position, or MOVE_NONE. */
Move session_hint(const Session *s);

/* Writes the analysis behind the hint for the current position and
 * returns true; false when there is no hint. */
bool session_hint_info(const Session *s, AiInfo *out);

/* Turns the analysis overlay (the ranked candidates) on or off. */
void session_set_analysis(Session *s, bool on);

/* Returns true when the analysis overlay applies now: it is on and a game
 * is being played on a board with room left, or a review position that is
 * not the end of a decided game is shown. */
bool session_analysis_active(const Session *s);

/* As session_focus_analysis, while the overlay applies; false otherwise. */
bool session_analysis(const Session *s, AiInfo *out, bool *done);

/* ---- review ------------------------------------------------------------- */

/* Starts reviewing the moves played so far, at the last one; the
 * computer's search stops.  Returns SESSION_OK or SESSION_ERR_NO_GAME. */
SessionStatus session_review_begin(Session *s);

/* Ends the review; the game is where it was. */
void session_review_end(Session *s);

/* Returns true while reviewing. */
bool session_reviewing(const Session *s);

/* Returns the review position (moves shown, 0..count). */
int session_review_pos(const Session *s);

/* Returns how many moves the review has. */
int session_review_count(const Session *s);

/* Goes to review position pos (clamped). */
void session_review_goto(Session *s, int pos);

/* Returns move i (0 = first) of the review, or MOVE_NONE. */
Move session_review_move(const Session *s, int i);

/* Writes to *b the board after the first i moves of the review. */
void session_review_board(const Session *s, int i, Board *b);

/* Writes the evaluation of review position i from black's side, -1 (white
 * wins) .. 1 (black wins), and returns true; false while not known yet. */
bool session_review_eval(const Session *s, int i, float *v);

/* Returns how many review positions have an evaluation (of rn + 1). */
int session_review_evaluated(const Session *s);

/* Writes what the analysis says of review position i (a win chance or a
 * forced result, the side named) and returns true; false while unknown. */
bool session_review_outlook(const Session *s, int i, AiOutlook *out);

/* Writes the engine's analysis of review position i and returns true;
 * false while it is not analysed. */
bool session_review_analysis(const Session *s, int i, RecordEval *out);

/* Writes the coach's word on move i (0 = the first) of the review and
 * returns true; false while the positions around it are not analysed. */
bool session_review_coach(const Session *s, int i, SessionCoachMove *out);

/* Writes each player's summary of the moves judged so far. */
void session_review_summary(const Session *s, SessionCoachSummary *out);

/* Copies the proof line of the forced win at review position i (the
 * winner's moves and the most stubborn replies, the five last) into pv
 * (room for max) and returns its length; 0 when none is known. */
int session_review_proof(const Session *s, int i, Move *pv, int max);

/* The most moves a winning line shown has (session_review_line). */
#define SESSION_LINE_MAX_SHOWN 128

/* Where the winning line being shown stands (session_review_line). */
typedef enum SessionLineState {
    SESSION_LINE_NONE = 0, /* no line is being shown */
    SESSION_LINE_WORKING,  /* the helper is working out the next move */
    SESSION_LINE_DONE,     /* the winner's last move made the row: the line is whole */
    SESSION_LINE_FAILED    /* the win could not be followed to the end at the budget */
} SessionLineState;

/* Returns the review position whose side to move has a forced win to
 * show: the position shown when its analysis proves one for the side to
 * move, else the one before when the move shown missed a win (the side
 * that missed it); -1 when there is none. */
int session_review_win_from(const Session *s);

/* Starts playing out the forced win of the side to move at review
 * position from: the first move is the analysis's own best move, then the
 * helper answers every move of the loser with its best defence (the
 * longest resistance) and every move of the winner with its best attack,
 * each at the helper's budget, until the winner's row is made.  The
 * review goes to position from.  Returns SESSION_OK, or SESSION_ERR_ARGS
 * when the analysis of from proves no win for the side to move. */
SessionStatus session_review_line_start(Session *s, int from);

/* Stops showing the line (going to another position does too). */
void session_review_line_stop(Session *s);

/* Copies the line's moves found so far (the winner's first) into moves
 * (room for max), writes how many to *len and the position it starts
 * from to *from, and returns where it stands. */
SessionLineState session_review_line(const Session *s, Move *moves, int max, int *len, int *from);

/* Writes the winner's row made by the line's last move (room for max) and
 * returns its length; 0 while the line is not done. */
int session_review_line_row(const Session *s, Move *row, int max);

/* Starts (true) or stops the background analysis of the review's
 * positions; what is analysed stays.  It starts on its own with each
 * review. */
void session_review_set_analysing(Session *s, bool on);

/* Returns true while the background analysis runs (positions are left). */
bool session_review_analysing(const Session *s);

/* Turns the review position into a live game: the review's first moves up
 * to the position shown, played on with mode (the computer as either
 * colour, or two people), counted in the score, with the setup's clock.
 * Returns SESSION_OK, SESSION_ERR_NO_GAME (not reviewing), SESSION_ERR_ARGS
 * (the game is over at that position) or SESSION_ERR_NOMEM. */
SessionStatus session_review_continue(Session *s, PlayerMode mode, uint64_t now_ms);

/* ---- records ------------------------------------------------------------ */

/* Writes the game as a record: moves with their thinking times, who played
 * (kind and "Computer"), the preset, the start date, the clock and how it
 * ended.  This is what Save and the autosave write.  Returns SESSION_OK or
 * SESSION_ERR_NO_GAME. */
SessionStatus session_to_record(const Session *s, Record *out);

/* Takes over rec as the game (how says for what) at now_ms: setup from the
 * record (the preset stays when the record names none), the moves' times,
 * the clocks less the time each side used (at least a second left), a
 * flag that fell.  Returns SESSION_OK, or SESSION_ERR_ARGS with a sentence
 * in err when rec cannot be replayed (the session is then unchanged). */
SessionStatus session_load(Session *s, const Record *rec, SessionLoad how, uint64_t now_ms,
                           char *err, size_t errlen);

/* ---- events -------------------------------------------------------------- */

/* Takes the oldest event into *out and returns true, or returns false when
 * there is none. */
bool session_next_event(Session *s, SessionEvent *out);

#endif
