/*
 * board.h - the position: a square grid of stones, nothing else.
 *
 * Board is a value type (about 500 bytes) so it can be copied freely, for
 * example to hand the AI thread its own position.  It knows nothing about
 * rules or whose turn it is; see rules.h and game.h for that.
 */
#ifndef GOMOKU_BOARD_H
#define GOMOKU_BOARD_H

#include <stdbool.h>
#include <stdint.h>

/* The core accepts 5..22 so the Gomocup brain can play every tournament size;
 * the game's menu offers 9..19. */
#define BOARD_MIN_SIZE  5
#define BOARD_MAX_SIZE  22
#define BOARD_MAX_CELLS (BOARD_MAX_SIZE * BOARD_MAX_SIZE)

typedef enum Stone { STONE_EMPTY = 0, STONE_BLACK = 1, STONE_WHITE = 2 } Stone;

/* A point on the board: x is the column (0 = left), y the row (0 = top). */
typedef struct Move {
    int8_t x, y;
} Move;

/* Sentinel for "no move" (both coordinates -1). */
#define MOVE_NONE ((Move){-1, -1})

typedef struct Board {
    int size;                      /* width and height, BOARD_MIN_SIZE..BOARD_MAX_SIZE */
    int count;                     /* stones on the board */
    uint8_t cell[BOARD_MAX_CELLS]; /* Stone values, row-major with stride BOARD_MAX_SIZE */
} Board;

/* Returns the other colour; STONE_EMPTY for STONE_EMPTY. */
Stone stone_opponent(Stone s);

/* Returns true when m is a real move (not MOVE_NONE). */
bool move_is_valid(Move m);

/* Returns true when the two moves name the same point. */
bool move_equal(Move a, Move b);

/* Clears *b to an empty size x size board.
 * Returns 0, or -1 (and leaves *b untouched) when size is out of range. */
int board_init(Board *b, int size);

/* Returns true when (x, y) lies on the board.  Inline, like board_get:
 * the rules and the tests' provers call both in their innermost loops,
 * where a call each was a fifth of the time. */
static inline bool board_in_bounds(const Board *b, int x, int y)
{
    return x >= 0 && y >= 0 && x < b->size && y < b->size;
}

/* Returns the stone at (x, y); STONE_EMPTY off the board. */
static inline Stone board_get(const Board *b, int x, int y)
{
    if (!board_in_bounds(b, x, y)) {
        return STONE_EMPTY;
    }
    return (Stone)b->cell[y * BOARD_MAX_SIZE + x];
}

/* Puts s at (x, y), keeping count right (s may be STONE_EMPTY to clear).
 * Returns 0, or -1 when (x, y) is off the board. */
int board_set(Board *b, int x, int y, Stone s);

/* Returns true when every point is occupied. */
bool board_is_full(const Board *b);

/* Counts the consecutive stones of colour s starting next to (x, y) and
 * walking in direction (dx, dy); (x, y) itself is not counted.  Inline:
 * the win tests of the rules call it in their innermost loop. */
static inline int board_run(const Board *b, int x, int y, int dx, int dy, Stone s)
{
    int n = 0;
    if (dx == 0 && dy == 0) {
        return 0;
    }
    x += dx;
    y += dy;
    while (board_in_bounds(b, x, y) && (Stone)b->cell[y * BOARD_MAX_SIZE + x] == s) {
        n++;
        x += dx;
        y += dy;
    }
    return n;
}

#endif
