/*
 * session_coach.h - the review coach's verdicts: what each move of a game
 * did to its player's win chance, the mark it earns, and each player's
 * summary.
 *
 * Pure functions over the engine's analysis of every position (RecordEval,
 * the side to move's view) and the moves played; no state, no engine.
 * The thresholds and the accuracy formula are in docs/coach.md; the model
 * is Lichess's game review, with a win chance fitted for gomoku
 * (ai_outlook.h).
 */
#ifndef GOMOKU_SESSION_COACH_H
#define GOMOKU_SESSION_COACH_H

#include <stdbool.h>

#include "ai/ai_outlook.h"
#include "core/game.h"
#include "core/record.h"

/* Drops of the mover's win chance, in permille, that earn a mark. */
#define SESSION_COACH_INACCURACY_DROP 100
#define SESSION_COACH_MISTAKE_DROP    200
#define SESSION_COACH_BLUNDER_DROP    300

typedef enum SessionCoachMark {
    SESSION_COACH_NONE = 0,   /* a good move: lost less than an inaccuracy */
    SESSION_COACH_BEST,       /* the engine's own choice */
    SESSION_COACH_ONLY_MOVE,  /* the engine's choice, and every other move loses */
    SESSION_COACH_INACCURACY, /* lost 10 to 20 points of win chance */
    SESSION_COACH_MISTAKE,    /* lost 20 to 30 */
    SESSION_COACH_BLUNDER,    /* lost 30 or more */
    SESSION_COACH_MISSED_WIN, /* a forced win was on the board and is gone */
    SESSION_COACH_MARK_COUNT
} SessionCoachMark;

/* The coach's word on one move. */
typedef struct SessionCoachMove {
    SessionCoachMark mark;
    AiOutlook before, after; /* the position before and after the move */
    int drop;                /* the mover's win chance lost, permille (may be < 0: gained) */
    int accuracy;            /* this move's accuracy, 0..100 */
    Move best;               /* the engine's choice before the move (MOVE_NONE: none) */
} SessionCoachMove;

/* Each player's summary, [0] black, [1] white. */
typedef struct SessionCoachSummary {
    int count[2][SESSION_COACH_MARK_COUNT]; /* moves with each mark */
    int moves[2];                           /* moves judged */
    int accuracy[2];                        /* mean accuracy, 0..100 (0 with no moves judged) */
} SessionCoachSummary;

/* The game a coach judges: its moves, the analysis of positions 0..count,
 * the rules and the result (the last position of a decided game needs
 * no analysis: it is the result). */
typedef struct SessionCoachGame {
    const Move *moves;
    int count;
    const RecordEval *evals; /* count + 1 entries */
    Rules rules;
    int size; /* the board's */
    GameResult result;
} SessionCoachGame;

/* Writes what the analysis says of position pos (0..count) to *out and
 * returns true; false while it is not analysed. */
bool session_coach_outlook(const SessionCoachGame *g, int pos, AiOutlook *out);

/* Judges move i (0 = the first) into *out and returns true; false while
 * either position around it is not analysed. */
bool session_coach_move(const SessionCoachGame *g, int i, SessionCoachMove *out);

/* Sums up every judged move into *out. */
void session_coach_summary(const SessionCoachGame *g, SessionCoachSummary *out);

/* Returns the accuracy, 0..100, of a move that lost drop permille of win
 * chance (docs/coach.md gives the formula). */
int session_coach_accuracy(int drop);

#endif
