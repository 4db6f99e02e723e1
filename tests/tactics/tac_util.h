/*
 * tac_util.h - helpers shared by the tactics tests: ASCII diagrams and an
 * independent AND-OR prover built on the core's rules only (never on the
 * engine), used to verify the test positions and every win the engine
 * claims.
 */
#ifndef GOMOKU_TAC_UTIL_H
#define GOMOKU_TAC_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "ai/ai.h"
#include "core/board.h"
#include "core/rules.h"

/* Result of a bounded proof search. */
typedef enum TacResult { TAC_NO = 0, TAC_YES = 1, TAC_UNKNOWN = 2 } TacResult;

/* How much the prover may do; the counters are filled in as it runs. */
typedef struct TacProver {
    Rules rules;
    Stone attacker;
    /* When true, OR nodes deeper than 3 plies try every legal move (needed
     * to show that a side is NOT lost); otherwise they try moves near the
     * stones, which is enough to prove a win (restricting the attacker is
     * always sound). */
    bool full_or;
    bool fours_only;   /* attacker tries only moves that make a win point (VCF) */
    int64_t max_nodes; /* 0 = unlimited; past it the answer is TAC_UNKNOWN */
    int64_t nodes;
    bool out_of_budget;
    Move killer[AI_MAX_PV + 2][2];
} TacProver;

/* Initialises a prover for attacker under r. */
void tac_prover_init(TacProver *p, Rules r, Stone attacker, bool full_or, int64_t max_nodes);

/* Returns whether the attacker wins within plies plies (counting both
 * sides' moves, the attacker's winning move included) from b with to_move
 * to play.  b is modified during the search and restored. */
TacResult tac_prove(TacProver *p, Board *b, Stone to_move, int plies);

/* Returns the smallest odd n <= max_plies such that to_move wins within n
 * plies (exhaustively, full width), or 0 if there is none (or the budget ran
 * out, in which case *unknown is set when not NULL). */
int tac_min_win(Board *b, Rules r, Stone to_move, int max_plies, int64_t max_nodes, bool *unknown);

/* Returns true when s may play the empty point m under r (renju black may
 * not play a forbidden point). */
bool tac_legal(const Board *b, Rules r, Stone s, Move m);

/* Returns the number of points where s wins at once (and the first up to
 * max in out, which may be NULL). */
int tac_win_points(const Board *b, Rules r, Stone s, Move *out, int max);

/* Returns true when some stone on b already makes a win for its colour. */
bool tac_someone_won(const Board *b, Rules r);

/* Parses a diagram: rows of 'X' (side to move), 'O' (opponent), '.' or '*'
 * or '#' (empty; '*' marks an expected answer, '#' a point the diagram says
 * is forbidden for black), placed with its top-left corner at (ox, oy).
 * Writes the marked points to stars/hashes (up to 16 each).  Returns 0, or
 * -1 when the diagram does not fit. */
int tac_parse(Board *b, int size, const char *const *rows, int ox, int oy, Stone x_colour,
              Move *stars, int *nstars, Move *hashes, int *nhashes);

/* Prints b to stderr (for failure reports). */
void tac_dump(const Board *b);

/* Checks an engine answer that claims a forced win (info->mate_plies > 0)
 * for to_move on b: the PV must be a legal sequence starting with best,
 * nobody winning before its end, and when it is as long as the claim its
 * last move must win for to_move; and the prover must confirm that after
 * best the defender cannot avoid losing within mate_plies - 1 plies.
 * Returns TAC_YES when the claim holds, TAC_NO when it is refuted,
 * TAC_UNKNOWN when the prover ran out of budget.  Explains a failure on
 * stderr. */
TacResult tac_check_claim(const Board *b, Rules r, Stone to_move, const AiInfo *info,
                          int64_t max_nodes);

/* Verifies case c's diagram with the prover and then asks ai (with
 * limits) for a move and checks it.  Returns 0 when both hold; otherwise
 * prints why on stderr and returns 1 (diagram wrong) or 2 (engine wrong). */
struct TacCase;
int tac_run_case(const struct TacCase *c, Ai *ai, AiLimits limits);

/* The limits the suite gives the engine: the Hard preset's depth and node
 * budget, one thread, no time cap (so results are deterministic). */
AiLimits tac_suite_limits(void);

#endif
