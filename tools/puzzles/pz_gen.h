/*
 * pz_gen.h - puzzles cut from the engine's self-play games.
 *
 * A game starts from a few random stones near the centre and is played by
 * two of the engine's levels (Easy to PzGenOpts.strongest, drawn per game,
 * at their node budgets) so that it has the mistakes a player makes.
 * Before each move the side to move is asked whether it has a forced win.
 * The first moment one does is a "win" puzzle; the position before it,
 * where the loser moved, is a "defend" puzzle when the opponent would
 * have won after a pass too and only a few moves held.  The game goes on
 * to the first position whose win is by fours alone (a VCF puzzle) and
 * ends there.
 * Every draw comes from the seed: the same seed gives the same games and
 * the same puzzles.
 */
#ifndef GOMOKU_PZ_GEN_H
#define GOMOKU_PZ_GEN_H

#include <stdbool.h>
#include <stdint.h>

#include "ai/ai.h"
#include "core/puzzle.h"
#include "pz_check.h"

typedef struct PzGenOpts {
    int size;
    Rules rules;
    int min_plies;    /* shortest win worth a puzzle (a win's own length) */
    int max_defences; /* most moves that may hold in a defence puzzle */
    bool wins, defences;
    AiPreset strongest; /* the players are drawn from Easy to this level */
    PzBudget cut;       /* the searches that find candidates */
} PzGenOpts;

/* Called with each candidate (moves, goal, solution and plies set; id,
 * themes and rating not yet); returns false to end the game. */
typedef bool (*PzFound)(Puzzle *p, void *user);

/* Plays one game from seed with the players' engines (players[0] black,
 * [1] white; may be the same) and the judge's, calling found for each
 * candidate.  Returns the number of candidates, or -1 on a bad option. */
int pz_gen_game(Ai *players[2], Ai *judge, const PzGenOpts *o, uint64_t seed, PzFound found,
                void *user);

#endif
