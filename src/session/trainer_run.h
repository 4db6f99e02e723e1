/*
 * trainer_run.h - one attempt at a puzzle: the position, the solver's
 * moves judged against the solution, the defender's replies from it, a
 * move off the line refuted by the engine, hints, and the solution shown.
 *
 * A win puzzle is played along its main line: the solver's move is right
 * when it is the line's (or makes five at once), and the defender answers
 * with the line's reply, the most stubborn one.  A defence puzzle is solved
 * by any move its solution lists.  Any other move goes to the engine
 * (trainer_refute, run by the caller off its UI thread): in a defence
 * puzzle it finds the opponent's winning reply; in a win puzzle the
 * defender's best reply, and whether the solver still has a forced win
 * after it (then the move is not counted wrong: it wins, but not by the
 * line asked).
 *
 * No I/O, no threads; trainer_refute is the only search.
 */
#ifndef GOMOKU_TRAINER_RUN_H
#define GOMOKU_TRAINER_RUN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "ai/ai.h"
#include "core/game.h"
#include "core/puzzle.h"
#include "session/trainer.h"

/* The refutation's budgets: a threat search and a full search, each. */
#define TRAINER_REFUTE_NODES 300000

typedef enum TrainerRunState {
    TRAINER_RUN_SOLVING = 0, /* the solver's turn */
    TRAINER_RUN_CHECKING,    /* a move off the line waits for trainer_run_refuted */
    TRAINER_RUN_WRONG,       /* refuted (the reply is on the board): Try again */
    TRAINER_RUN_ALSO_WINS,   /* off the line but still winning: Try again */
    TRAINER_RUN_SOLVED,
    TRAINER_RUN_SHOWN /* the solution was asked for */
} TrainerRunState;

/* What trainer_run_play made of a move. */
typedef enum TrainerMove {
    TRAINER_MOVE_ILLEGAL = 0, /* taken, off the board, forbidden, or not the solver's turn */
    TRAINER_MOVE_CORRECT,     /* on the line; the defender's reply is played too */
    TRAINER_MOVE_SOLVED,      /* the puzzle is solved */
    TRAINER_MOVE_CHECK        /* off the line: run trainer_refute on trainer_run_job */
} TrainerMove;

/* What a hint says of the solver's next move. */
typedef enum TrainerHint {
    TRAINER_HINT_FIVE = 0, /* it makes five */
    TRAINER_HINT_FOUR,     /* it makes a four */
    TRAINER_HINT_THREE,    /* it makes a three (or another quiet threat) */
    TRAINER_HINT_DEFEND    /* the defence: near the region shown */
} TrainerHint;

/* A refutation search's question (a value: copy it to a thread). */
typedef struct TrainerRefuteJob {
    Board board; /* after the move off the line */
    Rules rules;
    Stone to_move; /* the solver's opponent */
    Stone solver;
    PuzzleGoal goal;
    int64_t nodes;
} TrainerRefuteJob;

/* Its answer. */
typedef struct TrainerRefutation {
    Move reply;      /* the opponent's answer (MOVE_NONE: none found) */
    bool still_wins; /* win puzzle: the solver still has a forced win after it */
    int win_plies;   /* defence puzzle: the opponent's proved win, plies (0: not proved) */
} TrainerRefutation;

/* One attempt.  Owns its game: start with trainer_run_start, end with
 * trainer_run_free. */
typedef struct TrainerRun {
    Puzzle puzzle;
    Game *game;
    int start;    /* the puzzle's moves; the attempt's follow */
    Stone solver; /* the side to move in the puzzle */
    int step;     /* solution moves on the board (win: the next solver move's index) */
    TrainerRunState state;
    Move off;                 /* the move off the line (CHECKING, WRONG, ALSO_WINS) */
    TrainerRefutation refute; /* WRONG, ALSO_WINS */
    bool failed;              /* counted failed: a wrong move, or the solution shown */
    int hints;                /* hints asked (0, 1, 2) */
} TrainerRun;

/* Starts an attempt at p.  Returns 0, or -1 (p not a playable puzzle, or
 * memory); r then holds no game. */
int trainer_run_start(TrainerRun *r, const Puzzle *p);

/* Releases r's game; r may be zeroed or already freed. */
void trainer_run_free(TrainerRun *r);

/* The solver plays m (only in TRAINER_RUN_SOLVING).  why: the renju
 * reason for TRAINER_MOVE_ILLEGAL on a forbidden point (may be NULL). */
TrainerMove trainer_run_play(TrainerRun *r, Move m, Forbidden *why);

/* Writes the refutation search's question for the move off the line. */
void trainer_run_job(const TrainerRun *r, TrainerRefuteJob *out);

/* Takes the refutation's answer: plays the opponent's reply and goes to
 * WRONG (the attempt is failed) or ALSO_WINS (not failed). */
void trainer_run_refuted(TrainerRun *r, const TrainerRefutation *a);

/* Drops a check still waiting (CHECKING): the move off the line is taken
 * back and the solver is to move again, nothing counted. */
void trainer_run_cancel(TrainerRun *r);

/* Back to the solver's turn before the move off the line (WRONG,
 * ALSO_WINS; after SHOWN, to the puzzle's start).  Returns true when the
 * board changed. */
bool trainer_run_retry(TrainerRun *r);

/* Shows the solution: the attempt fails unless solved.  */
void trainer_run_show(TrainerRun *r);

/* Returns the next solver move of the solution (the first listed defence
 * in a defence puzzle); MOVE_NONE when solved. */
Move trainer_run_expected(const TrainerRun *r);

/* Asks for a hint (counts it): writes the centre of a 3x3 region holding
 * the expected move (not always at its centre) and returns what kind of
 * move it is. */
TrainerHint trainer_run_hint(TrainerRun *r, Move *region);

/* Writes the solution's moves still to come from the position on the
 * board (win: the rest of the main line; defence: the listed defences)
 * and returns how many (at most max). */
int trainer_run_line(const TrainerRun *r, Move *out, int max);

/* Returns how the attempt counts once it is over: FAILED, SOLVED (no
 * hint) or HELPED. */
TrainerOutcome trainer_run_outcome(const TrainerRun *r);

/* The refutation search (any thread; ai is the caller's for the call,
 * cancel may be NULL).  Returns 0, or -1 on a bad job. */
int trainer_refute(Ai *ai, const TrainerRefuteJob *job, const atomic_int *cancel,
                   TrainerRefutation *out);

#endif
