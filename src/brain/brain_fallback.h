/*
 * brain_fallback.h - a move chosen without the engine, for when the brain
 * cannot create it or it answers something unplayable: the brain must
 * still answer every move request with a legal move.
 */
#ifndef GOMOKU_BRAIN_FALLBACK_H
#define GOMOKU_BRAIN_FALLBACK_H

#include "../core/board.h"
#include "../core/rules.h"

/* Returns me's move on board under r: win now, else stop the opponent's win,
 * else the point next to the stones closest to the centre.  Returns
 * MOVE_NONE only when no point is legal (a full board, or renju black
 * with every empty point forbidden). */
Move brain_fallback_move(const Board *board, Rules r, Stone me);

#endif
