/*
 * brain_fallback.c - a move chosen without the engine (brain_fallback.h).
 */
#include "brain_fallback.h"

#include <stdbool.h>
#include <stdlib.h>

static bool near_stone(const Board *board, int x, int y)
{
    for (int dy = -1; dy <= 1; dy++) {
        for (int dx = -1; dx <= 1; dx++) {
            if (board_get(board, x + dx, y + dy) != STONE_EMPTY) {
                return true;
            }
        }
    }
    return false;
}

Move brain_fallback_move(const Board *board, Rules r, Stone me)
{
    int n = board->size;
    int c = n / 2;
    Move best = MOVE_NONE;
    int best_key = -1;

    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            Move m = {(int8_t)x, (int8_t)y};
            int key;

            if (board_get(board, x, y) != STONE_EMPTY || !rules_is_legal(board, r, me, m)) {
                continue;
            }
            if (rules_wins_if_played(board, r, m, me)) {
                key = 4000;
            } else if (rules_wins_if_played(board, r, m, stone_opponent(me))) {
                key = 3000;
            } else {
                bool centre_rule = board->count == 0;
                key = (near_stone(board, x, y) || centre_rule ? 2000 : 1000) -
                      (abs(x - c) + abs(y - c));
            }
            if (key > best_key) {
                best_key = key;
                best = m;
            }
        }
    }
    return best;
}
