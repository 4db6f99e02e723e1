/*
 * board.c - the position grid.
 */
#include "board.h"

#include <string.h>

Stone stone_opponent(Stone s)
{
    switch (s) {
    case STONE_BLACK: return STONE_WHITE;
    case STONE_WHITE: return STONE_BLACK;
    default: return STONE_EMPTY;
    }
}

bool move_is_valid(Move m)
{
    return m.x >= 0 && m.y >= 0;
}

bool move_equal(Move a, Move b)
{
    return a.x == b.x && a.y == b.y;
}

int board_init(Board *b, int size)
{
    if (b == NULL || size < BOARD_MIN_SIZE || size > BOARD_MAX_SIZE) {
        return -1;
    }
    memset(b, 0, sizeof *b);
    b->size = size;
    return 0;
}

int board_set(Board *b, int x, int y, Stone s)
{
    if (!board_in_bounds(b, x, y)) {
        return -1;
    }
    if (s != STONE_EMPTY && s != STONE_BLACK && s != STONE_WHITE) {
        return -1;
    }
    uint8_t *c = &b->cell[y * BOARD_MAX_SIZE + x];
    if (*c != STONE_EMPTY) {
        b->count--;
    }
    if (s != STONE_EMPTY) {
        b->count++;
    }
    *c = (uint8_t)s;
    return 0;
}

bool board_is_full(const Board *b)
{
    return b->count >= b->size * b->size;
}
