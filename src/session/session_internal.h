/*
 * session_internal.h - the Session record and what the session's own
 * files (session.c, session_engine.c, session_review.c, session_record.c,
 * session_opening.c, session_seat.c) share.  Nothing outside src/session includes it.
 */
#ifndef GOMOKU_SESSION_INTERNAL_H
#define GOMOKU_SESSION_INTERNAL_H

#include "session.h"
#include "session_coach.h"
#include "session_seat.h"

#define SESSION_EVENT_MAX 32
/* Analyses kept by position: enough for the positions around the one
 * shown, so going back and forth, or from play to its review, searches
 * nothing twice. */
#define SESSION_CACHE_SIZE 96
/* The longest winning line shown: a proof of AI_MAX_PV plies and the
 * replies a stubborn defence adds (fours that must be answered). */
#define SESSION_LINE_MAX SESSION_LINE_MAX_SHOWN

/* One engine's current job: wanted until its answer comes back. */
typedef struct SessionSlot {
    bool active;       /* a job is wanted (and maybe running) */
    SessionJob job;    /* its request; job.gen identifies it */
    uint32_t serial;   /* the position shown when it started */
    uint64_t key;      /* the helper's: the position searched (session_position_key) */
    int index;         /* SESSION_JOB_EVAL: the review position */
    bool has_progress; /* progress holds a report of this job */
    AiInfo progress;
} SessionSlot;

/* One analysis, kept by the position it is about. */
typedef struct SessionCacheEntry {
    uint64_t key;   /* 0: empty */
    uint32_t stamp; /* when last used, for replacing the oldest */
    AiInfo info;
} SessionCacheEntry;

/* A scripted seat's reply, held until the next tick plays it; gen names
 * it as a job's generation would, serial the position it answers. */
typedef struct SessionScriptReply {
    bool on;
    uint32_t gen;
    uint32_t serial;
    Move move;
} SessionScriptReply;

/* The winning line shown in review. */
typedef struct SessionLine {
    bool on;
    int from; /* the review position it starts from */
    int len;
    Move moves[SESSION_LINE_MAX];
    SessionLineState state;
} SessionLine;

struct Session {
    SessionConfig cfg;
    SessionSetup setup;
    /* The seats the game named (session_seat_new_game); else the mode's. */
    bool seats_set;
    SessionSeat seat[SESSION_ROLE_COUNT];
    Game *game; /* NULL: no game */
    char date[RECORD_TEXT_MAX];
    uint32_t serial; /* bumped on every change of the position shown */

    /* Turn and state. */
    bool active;     /* the game is on screen (not behind the menu or review) */
    bool paused;     /* a dialog covers it */
    uint64_t now_ms; /* the time of the last command */

    /* Clocks. */
    bool clock_on;
    int32_t clock_ms[2]; /* left for black, white */
    uint64_t clock_tick; /* when the clock of the side to move last ran */
    bool timed_out;
    GameResult timeout_result;

    /* Thinking times of the moves played. */
    uint64_t move_started;
    int32_t move_ms[BOARD_MAX_CELLS];

    /* Score since the setup was chosen, indexed by GameResult. */
    int score[4];
    bool scored; /* this game's result is in score[] (or never counts) */
    GameResult scored_result;
    bool counts; /* false for a game opened for review: it never counts */

    /* Engines. */
    uint32_t next_gen;
    SessionSlot slot[SESSION_ENGINE_COUNT];
    bool held; /* a computer-vs-computer answer waits for its pace */
    int held_status;
    AiInfo held_info;
    uint64_t held_due;
    uint32_t held_serial; /* the position it answers */
    uint64_t think_started;
    uint32_t searches;      /* the computer's searches so far: varies its seed */
    uint32_t failed_serial; /* the position the computer found no move in, or a
                             * script ended in (0: none; a game's positions are
                             * numbered from 1) */
    SessionScriptReply script;
    bool have_info;
    AiInfo last_info;     /* the computer's last answer */
    Stone last_info_side; /* who was to move in the position it answers */
    /* A hint asked for the position hint_serial: hint_wanted until the
     * position's analysis is done and the hint announced. */
    bool hint_wanted;
    bool hint_asked;
    uint32_t hint_serial;
    bool analysis_on; /* the overlay */
    SessionCacheEntry cache[SESSION_CACHE_SIZE];
    uint32_t cache_clock;

    /* The opening's decisions (RECORD_CHOICE_NONE while not made) and
     * the ones undo took back, for redo. */
    RecordChoice choice[2];
    RecordChoice redo_choice[2];
    bool batch; /* placing several of the computer's stones: no job in between */

    /* Review. */
    bool reviewing;
    int rn, rpos;
    Move rmoves[BOARD_MAX_CELLS];
    GameResult rresult;
    /* The analysis of positions 0..rn, kept while the moves are the same
     * (a second review, a reload), and each forced win's proof line. */
    RecordEval reval[BOARD_MAX_CELLS + 1];
    Move rpv[BOARD_MAX_CELLS + 1][AI_MAX_PV];
    bool ranalysing; /* the background analysis runs (the player may stop it) */
    bool rannounced; /* SESSION_EVENT_REVIEW_ANALYSED went out for this analysis */
    SessionLine line;

    /* Events, a ring. */
    SessionEvent events[SESSION_EVENT_MAX];
    int ev_head, ev_count;
};

/* session_review.c */

/* Takes the engine's answer for review position index. */
void session_review_take_eval(Session *s, int index, int status, const AiInfo *info);

/* Takes the helper's answer for the next move of the winning line. */
void session_review_take_line(Session *s, int status, const AiInfo *info);

/* Writes the board and side to move of the line's next move; returns
 * false when the line needs no search now. */
bool session_review_line_next(const Session *s, Board *b, Stone *to_move);

/* Returns the cache key of review position index. */
uint64_t session_review_key(const Session *s, int index);

/* Returns true when review position index wants a search now: no
 * analysis yet, or one read from a file while the overlay needs the
 * ranked candidates only a search gives. */
bool session_review_wants_eval(const Session *s, int index);

/* Returns the first review position still to analyse, or -1. */
int session_review_next_eval(const Session *s);

/* Adds the review's analysis to out when it is about the same moves. */
void session_review_to_record(const Session *s, Record *out);

/* Takes the analysis a record brought (for the review that follows). */
void session_review_from_record(Session *s, const Record *rec);

/* Returns the board and the side to move of the position the hint and
 * the analysis speak of: the game's, or the review position's. */
Stone session_focus_board(const Session *s, Board *b);

/* session_engine.c: analyses kept by position */

/* Returns the key of a position: the board, the side to move, the rules
 * (never 0). */
uint64_t session_position_key(const Board *b, Stone to_move, Rules rules);

/* Returns the kept analysis of the position with key, or NULL. */
const AiInfo *session_cache_get(const Session *s, uint64_t key);

/* Keeps info as the analysis of the position with key (the oldest kept
 * one makes room). */
void session_cache_put(Session *s, uint64_t key, const AiInfo *info);

/* session.c */

/* Starts a new game (session_new_game) with seats (both roles', checked;
 * NULL: the mode's, or with setup NULL the game's own seats stay).
 * Returns SESSION_OK or SESSION_ERR_NOMEM (the old game stays). */
SessionStatus session_start_game(Session *s, const SessionSetup *setup, const SessionSeat *seats,
                                 bool keep_score, uint64_t now_ms, const char *date);

/* Queues an event; the oldest is dropped when the ring is full. */
void session_emit(Session *s, SessionEvent ev);

/* The position changed: help is out of date, the autosave is due (outside
 * review); placed: a stone was put down by_computer (animate it). */
void session_position_changed(Session *s, bool placed, bool by_computer);

/* Called after every change to the game: ends it (score, event) or lets the
 * engines catch up. */
void session_after_move(Session *s);

/* Resets what every fresh game (new or loaded) starts from, apart from the
 * board and the setup: jobs, review, score flags, help, times, clocks. */
void session_reset_game_state(Session *s, uint64_t now_ms);

/* Plays m for the side to move (the person's or the computer's), records
 * its thinking time and lets the game go on.  Returns game_play's status. */
GameStatus session_place(Session *s, Move m, uint64_t now_ms, bool by_computer);

/* session_opening.c */

/* Returns the role that acts after n stones with decisions c under
 * opening o: the phase's decider, or the role with the colour to move. */
SessionRole session_actor_role_at(RecordOpening o, int n, const RecordChoice c[2]);

/* Returns true when op is an opening answer that fits the phase now and
 * whose stones may all be placed in order (session_apply_opening would
 * take it whole). */
bool session_opening_fits(const Session *s, const AiOpening *op);

/* The opening phase after n stones with decisions c under opening o. */
SessionPhase session_phase_at(RecordOpening o, int n, const RecordChoice c[2]);

/* Returns true when the one to act after n stones with decisions c is the
 * computer (the opening's decider, or the side to move). */
bool session_actor_computer_at(const Session *s, int n, const RecordChoice c[2]);

/* Returns true when the player of colour side is the first player, given
 * the decisions c (black while no colour is chosen). */
bool session_side_is_first(const RecordChoice c[2], Stone side);

/* Returns true when some step back in the history (a stone or a choice)
 * was taken by a person, so undo has something of theirs to take back. */
bool session_human_step_behind(const Session *s);

/* Takes back the last step (a choice, else a stone); returns false when
 * there is none. */
bool session_undo_step(Session *s);

/* Returns true when a step can be redone; session_redo_step redoes it. */
bool session_can_redo_step(const Session *s);
bool session_redo_step(Session *s);

/* Applies the computer's opening answer; returns false when it does not
 * fit the phase or a stone cannot be played. */
bool session_apply_opening(Session *s, const AiOpening *op, uint64_t now_ms);

/* How many of the first moves belong to the opening (their time is not
 * the clocks'): 0 standard, 3, or 5 after place-two. */
int session_opening_stones(RecordOpening o, const RecordChoice c[2]);

/* session_engine.c */

/* Returns a new generation number (never 0) for a job or a scripted reply. */
uint32_t session_take_gen(Session *s);

/* Brings both engines' jobs up to date with the state: starts what is
 * wanted and not running, drops what is running and no longer wanted. */
void session_sync_jobs(Session *s);

/* Drops every job and a held answer (new game, load, review). */
void session_drop_jobs(Session *s);

/* Plays the held computer-vs-computer move once its time has come. */
void session_play_held(Session *s, uint64_t now_ms);

/* session_seat.c */

/* Writes the game's seats: its own, or the setup's mode's. */
void session_seat_all(const Session *s, SessionSeat out[SESSION_ROLE_COUNT]);

/* Returns how many seats are people at this board (0, 1 or 2). */
int session_seat_humans(const Session *s);

/* Holds the scripted seat's legal reply to the position as the answer the
 * next tick plays and returns true; false when the script has none (or a
 * choice is due, not a stone). */
bool session_seat_script_start(Session *s, const SessionSeat *seat);

/* Plays the held scripted reply while its position is still the one
 * shown; drops it otherwise. */
void session_seat_play_script(Session *s, uint64_t now_ms);

#endif
