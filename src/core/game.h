/*
 * game.h - a game in progress: board, rules, side to move, result and the
 * move history with undo and redo.
 *
 * Game is opaque: callers go through these functions so the record, the
 * board and the result can never disagree.  A Game owns all its memory;
 * game_free releases it.
 */
#ifndef GOMOKU_GAME_H
#define GOMOKU_GAME_H

#include <stdbool.h>

#include "board.h"
#include "rules.h"

typedef struct Game Game;

typedef enum GameResult {
    GAME_ONGOING = 0,
    GAME_BLACK_WINS,
    GAME_WHITE_WINS,
    GAME_DRAW
} GameResult;

typedef enum GameStatus {
    GAME_OK = 0,
    GAME_ERR_OFF_BOARD = -1,
    GAME_ERR_OCCUPIED = -2,
    GAME_ERR_FORBIDDEN = -3,
    GAME_ERR_OVER = -4,
    GAME_ERR_NOTHING = -5, /* nothing to undo / redo */
    GAME_ERR_ARGS = -6,    /* bad size or rules */
    GAME_ERR_NOMEM = -7
} GameStatus;

/* Returns a new game on an empty size x size board, black to move, or NULL
 * when size or rules are invalid or memory runs out.  Free with game_free. */
Game *game_new(int size, Rules rules);

/* Releases g; NULL is allowed. */
void game_free(Game *g);

/* Returns a deep copy of g (history included), or NULL on no memory. */
Game *game_clone(const Game *g);

/* Plays m for the side to move.  Returns GAME_OK, or an error and leaves
 * the game unchanged.  A new move clears the redo list. */
GameStatus game_play(Game *g, Move m);

/* Takes back the last move.  Returns GAME_OK or GAME_ERR_NOTHING. */
GameStatus game_undo(Game *g);

/* Replays the last undone move.  Returns GAME_OK or GAME_ERR_NOTHING. */
GameStatus game_redo(Game *g);

/* Forgets the undone moves, as a new move would (a decision that is not a
 * move, such as a swap opening's choice, changes what may follow). */
void game_drop_redo(Game *g);

bool game_can_undo(const Game *g);
bool game_can_redo(const Game *g);

/* Returns the board; owned by g, valid until g changes. */
const Board *game_board(const Game *g);

Rules game_rules(const Game *g);

/* Returns the colour to move (even after the game has ended). */
Stone game_to_move(const Game *g);

GameResult game_result(const Game *g);

/* Returns the number of moves played (not counting undone ones). */
int game_move_count(const Game *g);

/* Returns move i (0 = first) of the played moves, or MOVE_NONE. */
Move game_move_at(const Game *g, int i);

/* Returns the last move played, or MOVE_NONE. */
Move game_last_move(const Game *g);

/* Writes the winning line's cells (up to max) to out and returns how many;
 * 0 when the game has no winner. */
int game_win_line(const Game *g, Move *out, int max);

/* Returns why m is forbidden for the side to move (FORBID_NONE if it is not,
 * or if the side to move is white or the rule is not renju). */
Forbidden game_forbidden(const Game *g, Move m);

#endif
