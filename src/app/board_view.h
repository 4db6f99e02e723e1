/*
 * board_view.h - draws the board: wood, grid, star points, stones with
 * shadows, the hover stone, the last-move mark, the winning line and the
 * forbidden-point cross.  Reads the position, never changes it.
 */
#ifndef GOMOKU_BOARD_VIEW_H
#define GOMOKU_BOARD_VIEW_H

#include <stdbool.h>

#include <SDL.h>

#include "core/board.h"
#include "assets.h"
#include "layout.h"

typedef struct BoardView {
    const Board *board;
    Move last;           /* MOVE_NONE: no mark */
    Move hover;          /* MOVE_NONE: nothing under the mouse to show */
    Stone hover_stone;   /* colour of the translucent stone at hover */
    bool hover_forbidden;/* show a red cross at hover instead */
    const Move *win;     /* winning line, or NULL */
    int win_len;
} BoardView;

/* Draws v onto ren with the geometry of l. */
void board_view_draw(SDL_Renderer *ren, const Assets *assets, const Layout *l, const BoardView *v);

/* The diameter in pixels of a stone drawn on a board with cells of cell
 * pixels (odd, so the stone centres exactly on a one-pixel line). */
int board_view_stone_diameter(int cell);

#endif
