/*
 * greedy.h - the yardstick: a one-ply pattern scorer, written apart from
 * src/ai on purpose so the weakest preset is measured against something
 * that shares none of its code (and none of its bugs).
 *
 * For every empty point near the stones it adds up what the move makes for
 * its own side (k-windows free of enemy stones, weighted steeply by how many
 * stones they would then hold) and what it takes from the opponent (enemy
 * windows it spoils).  An immediate win is always taken and an immediate
 * enemy win is always blocked; nothing else is looked ahead.
 */
#ifndef GOMOKU_GREEDY_H
#define GOMOKU_GREEDY_H

#include <stdint.h>

#include "core/board.h"
#include "core/rules.h"

/* Returns the greedy choice for `to_move` on b under r, or MOVE_NONE when
 * there is no legal move (full board, or every point forbidden).  Ties are
 * broken towards the centre, then in row-major order, when rng is NULL;
 * otherwise uniformly at random from *rng, which is advanced (any value,
 * zero included, is a valid state).  Never fails on bad input: a NULL
 * board or invalid rules also give MOVE_NONE. */
Move greedy_move(const Board *b, Rules r, Stone to_move, uint32_t *rng);

/* Returns the pattern score greedy_move gives to playing the empty point m
 * for `to_move` (0 for an occupied or off-board point).  Exposed for tests
 * and for tools that want to show why a move was chosen. */
int64_t greedy_score(const Board *b, Rules r, Stone to_move, Move m);

/* Advances *state and returns a pseudo-random 32-bit value (splitmix-style).
 * Deterministic: the same state gives the same sequence on every platform. */
uint32_t greedy_rng_next(uint32_t *state);

#endif
