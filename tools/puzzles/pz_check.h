/*
 * pz_check.h - puzzles checked by the engine: a win proved along its whole
 * line, a defence that holds where every other move loses; and the
 * searches the generator and the grading share.  One thread, budgets in
 * nodes, a fresh table for each search: the same verdicts on every
 * machine.  Shared by gomoku-puzzles and the CTest puzzles_shipped.
 */
#ifndef GOMOKU_PZ_CHECK_H
#define GOMOKU_PZ_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ai/ai.h"
#include "core/puzzle.h"

typedef struct PzBudget {
    int64_t threat_nodes; /* each threat search (VCF, then VCT) */
    int64_t search_nodes; /* each full search that backs it up; 0: none */
} PzBudget;

/* Runs the threat search for to_move on b and returns 1 when it proves a
 * win (the proof in *out, which may be NULL), 0 when it finds none within
 * nodes, -1 on a bad request. */
int pz_threat(Ai *ai, const Board *b, Rules r, Stone to_move, int64_t nodes, AiInfo *out);

/* Returns true when to_move on b is proved to win by the threat search
 * (a proof: every defence was answered). */
bool pz_wins(Ai *ai, const Board *b, Rules r, Stone to_move, const PzBudget *bud);

/* Returns true when to_move on b may win: proved by the threat search, or
 * (search_nodes > 0) a full search reports a forced win.  A move holds
 * only where the opponent may not win after it. */
bool pz_may_win(Ai *ai, const Board *b, Rules r, Stone to_move, const PzBudget *bud);

/* Returns true when m is a candidate worth testing in a defence: empty,
 * legal for s, and within two points of a stone. */
bool pz_near(const Board *b, Rules r, Stone s, Move m);

/* Returns true when every attacking move but the last of the line
 * (solver's moves at the even places, from position b with s to move)
 * makes a four: a win by fours alone. */
bool pz_line_is_vcf(const Board *b, Rules r, Stone s, const Move *line, int n);

/* Checks p with the engine.  A win: the solver is proved to win at every
 * one of its turns along the solution line.  A defence: the opponent is
 * proved to win if the side to move passed, the side to move has no win
 * of its own, the opponent may not win after any listed move, and is
 * proved to win after every other candidate (pz_near).  Returns 0, or -1
 * with the reason in err. */
int pz_verify(Ai *ai, const Puzzle *p, const PzBudget *bud, char *err, size_t errlen);

/* Writes to out (at most max) the candidates (pz_near) after which the
 * opponent of s (s to move on b) may not win (pz_may_win); returns how
 * many there are, which may be more than max.  Stops counting once it
 * passes stop_after (> 0). */
int pz_holds(Ai *ai, const Board *b, Rules r, Stone s, const PzBudget *bud, Move *out, int max,
             int stop_after);

#endif
