/*
 * trainer.h - the puzzle trainer's bookkeeping: the player's puzzle rating
 * and the puzzles' own (Glicko-2, both moved by every rated attempt), the
 * choice of the next puzzle near the player's rating under a theme filter,
 * the daily puzzle, the streak, and the history of solved and failed
 * puzzles; and the text file all of it is kept in (puzzles.txt in the data
 * folder, written by the app with its write-then-rename care).
 *
 * The puzzles themselves are the shipped sets' lines (core/puzzle.h): the
 * trainer indexes them as TrainerEntry values and parses a line only when
 * it is played.  Nothing here does I/O or searches.
 */
#ifndef GOMOKU_TRAINER_H
#define GOMOKU_TRAINER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/puzzle.h"
#include "session/session.h"

#define TRAINER_START_RATING 1500.0
#define TRAINER_START_RD     350.0
#define TRAINER_START_VOL    0.06
#define TRAINER_PUZZLE_RD    200.0 /* a shipped puzzle's RD before anyone played it */
#define TRAINER_HISTORY_MAX  500   /* attempts kept, the oldest forgotten first */
#define TRAINER_DATE_LEN     10    /* YYYY-MM-DD */

/* A Glicko-2 rating on the familiar scale. */
typedef struct TrainerRating {
    double rating, rd, vol;
} TrainerRating;

/* How one attempt ended. */
typedef enum TrainerOutcome {
    TRAINER_FAILED = 0, /* a wrong move, or the solution asked for */
    TRAINER_SOLVED,     /* solved with no help: rated */
    TRAINER_HELPED,     /* solved after a hint: kept, not rated */
    TRAINER_OUTCOME_COUNT
} TrainerOutcome;

/* One puzzle of the shipped sets (or the player's own), as indexed. */
typedef struct TrainerEntry {
    char id[PUZZLE_ID_LEN + 1];
    int size, k;
    RuleKind rule;
    PuzzleGoal goal;
    unsigned themes;  /* PuzzleTheme bits */
    int base_rating;  /* the file's */
    const char *line; /* the puzzle's line (not NUL-terminated), the caller's */
    size_t len;
} TrainerEntry;

/* What this player's attempts did to one puzzle. */
typedef struct TrainerPlayed {
    char id[PUZZLE_ID_LEN + 1];
    TrainerRating r; /* the puzzle's rating as moved by this player's results */
    int tries, solved;
} TrainerPlayed;

/* One attempt in the history. */
typedef struct TrainerAttempt {
    char date[TRAINER_DATE_LEN + 1];
    char id[PUZZLE_ID_LEN + 1];
    TrainerOutcome outcome;
    int rating_after; /* the player's rating after it */
} TrainerAttempt;

/* Everything the trainer keeps for the player.  Owns its arrays: zero it
 * (or trainer_init), free with trainer_free. */
typedef struct TrainerState {
    TrainerRating player;
    int streak, best_streak;               /* rated solves in a row */
    char daily_date[TRAINER_DATE_LEN + 1]; /* the last daily puzzle's date ("" none) */
    bool daily_solved;                     /* that day's puzzle was solved */
    TrainerPlayed *played;
    int nplayed, capplayed;
    TrainerAttempt *history; /* oldest first */
    int nhistory;
} TrainerState;

/* Which puzzles to choose from: zero fields mean any. */
typedef struct TrainerFilter {
    unsigned themes; /* at least one of these PuzzleTheme bits (0: any) */
    int size, k;     /* 0: any */
    int rule;        /* a RuleKind, or -1: any */
} TrainerFilter;

/* A named filter of the trainer's Theme button (trainer_filter_preset). */
typedef enum TrainerTheme {
    TRAINER_THEME_ALL = 0,
    TRAINER_THEME_VCF,
    TRAINER_THEME_VCT,
    TRAINER_THEME_DEFENCE,
    TRAINER_THEME_FORBIDDEN,
    TRAINER_THEME_MINE,
    TRAINER_THEME_FREE15,
    TRAINER_THEME_RENJU,
    TRAINER_THEME_EXACT,
    TRAINER_THEME_FOUR,
    TRAINER_THEME_SIX,
    TRAINER_THEME_COUNT
} TrainerTheme;

/* ---- ratings ------------------------------------------------------------- */

/* Moves both ratings by one game of Glicko-2 (tau 0.5): the player
 * scored 1 (solved) or 0 (failed) against the puzzle, the puzzle the
 * other.  RDs stay within 45..350 and ratings within PUZZLE_RATING_MIN..
 * PUZZLE_RATING_MAX. */
void trainer_glicko(TrainerRating *player, TrainerRating *puzzle, bool solved);

/* ---- the state ----------------------------------------------------------- */

/* Sets s to a new player's: 1500, RD 350, nothing played. */
void trainer_init(TrainerState *s);

/* Releases s's arrays and sets it to trainer_init's. */
void trainer_free(TrainerState *s);

/* Returns e's rating now: the file's, or as this player's results moved it. */
TrainerRating trainer_puzzle_rating(const TrainerState *s, const TrainerEntry *e);

/* Returns what this player did with the puzzle id (NULL: never tried). */
const TrainerPlayed *trainer_played(const TrainerState *s, const char *id);

/* Records an attempt at e on date (YYYY-MM-DD) ending in outcome, moves
 * the ratings (TRAINER_SOLVED and TRAINER_FAILED only), the streak and the
 * daily puzzle's state (daily: e was the date's daily puzzle).  Returns 0,
 * or -1 when memory runs out (s unchanged). */
int trainer_record(TrainerState *s, const TrainerEntry *e, const char *date, TrainerOutcome outcome,
                   bool daily);

/* ---- choosing ----------------------------------------------------------- */

/* Returns the filter of theme. */
TrainerFilter trainer_filter_preset(TrainerTheme theme);

/* Returns true when e passes f. */
bool trainer_filter_pass(const TrainerFilter *f, const TrainerEntry *e);

/* Returns the index of the next puzzle for s among the n entries: one of
 * the few passing f whose rating lies nearest the player's, never tried
 * ones first (then unsolved ones, then any), drawn with *rng (advanced);
 * skip (may be -1) is never chosen while another passes.  Returns -1 when
 * none passes f. */
int trainer_pick(const TrainerState *s, const TrainerEntry *e, int n, const TrainerFilter *f,
                 int skip, uint64_t *rng);

/* Returns the index of date's daily puzzle among the n entries: the same
 * for everyone on that date, a 15x15 win or defence puzzle (any entry
 * when there is none), or -1 when n is 0. */
int trainer_daily(const TrainerEntry *e, int n, const char *date);

/* ---- the file ------------------------------------------------------------ */

/* Reads the history file's text (len bytes) into s (trainer_init first).
 * Returns 0, or -1 with the reason (the line) in err: s then holds what
 * came before the bad line, and the caller keeps the file aside rather
 * than writing over it. */
int trainer_parse(TrainerState *s, const char *text, size_t len, char *err, size_t errlen);

/* Writes s as the history file's text into a new malloc'd string (*out,
 * its length in *len; the caller frees).  Returns 0, or -1 when memory
 * runs out. */
int trainer_format(const TrainerState *s, char **out, size_t *len);

/* ---- the player's own games ---------------------------------------------- */

/* The "From my games" set in the data folder. */
#define TRAINER_MINE_FILE "puzzles-mine.txt"

/* Returns true when the coach's mark of review move i makes a puzzle: a
 * missed win (the position before it had a proved win), or an only move
 * found (the one move that held, or that kept a proved win). */
bool trainer_review_offers(const Session *s, int i);

/* Makes the puzzle of review move i (trainer_review_offers): a missed win
 * or a win kept is "to move and win" with the analysis's proof as its
 * line; an only move that held is "stop the win" with that move as its
 * solution.  Themed mine (and defence), rated from its length, its id the
 * position's.  Returns 0, or -1 when the analysis has no proof to offer or
 * the puzzle does not pass puzzle_check. */
int trainer_review_puzzle(const Session *s, int i, Puzzle *out);

/* Appends p's line to the set text (len bytes; may be NULL when there is
 * no file yet) as a new malloc'd text (*out, *outlen), with a heading
 * when the set is new.  Returns 1 when p (its id) is already there (no
 * text made), 0 with the new text, -1 when memory runs out. */
int trainer_mine_append(const char *text, size_t len, const Puzzle *p, char **out, size_t *outlen);

/* ---- the sets ------------------------------------------------------------ */

/* Indexes the puzzles of a set's text (len bytes, kept by the caller for
 * as long as the entries live): appends one entry per puzzle line to *e
 * (realloc'd; *n entries, *cap room).  Lines that do not read as puzzles
 * are counted in *bad and skipped.  Returns 0, or -1 when memory runs
 * out. */
int trainer_index(const char *text, size_t len, TrainerEntry **e, int *n, int *cap, int *bad);

/* Reads entry e's puzzle into *out.  Returns 0, or -1 (err says why). */
int trainer_entry_puzzle(const TrainerEntry *e, Puzzle *out, char *err, size_t errlen);

#endif
