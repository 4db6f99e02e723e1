/*
 * board_view.h - draws the board: wood, grid, star points, stones with
 * shadows, the hover stone, the last-move mark, the winning line and the
 * forbidden-point cross.  Reads the position, never changes it.
 */
#ifndef GOMOKU_BOARD_VIEW_H
#define GOMOKU_BOARD_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#include "core/board.h"
#include "platform/assets.h"
#include "view/layout.h"
#include "view/text.h"

/* One shaded candidate of the analysis overlay. */
typedef struct BoardMark {
    Move m;
    float strength; /* 0..1: how good the engine thinks it is (alpha) */
    float good;     /* -1..1: losing (red) .. winning (green) */
    bool best;      /* the engine's first choice: framed */
    int rank;       /* 1, 2, 3...: drawn on the mark (0: none) */
} BoardMark;

#define BOARD_VIEW_MAX_MARKS 16

/* What is drawn on and over the board: the position, the last move, the
 * hover stone, the cursor, the hint, the analysis' candidates, the
 * engine's line as ghost stones, the coach's best move, the winning row.
 * Values, and pointers to const data the caller keeps alive while it draws
 * (a game screen keeps them all in a GameScreenBoard, scenes/game_screen.h;
 * text is the app's, lent for the frame). */
typedef struct BoardView {
    const Board *board;
    Move last;            /* MOVE_NONE: no mark */
    Move hover;           /* MOVE_NONE: nothing under the mouse to show */
    Stone hover_stone;    /* colour of the translucent stone at hover */
    bool hover_forbidden; /* show a red cross at hover instead */
    const Move *win;      /* winning line, or NULL */
    int win_len;
    /* Everything below is optional: zeroed means off. */
    Text *text;        /* for move numbers and coordinates */
    const Move *moves; /* the moves played, in order, for move numbers */
    int move_count;
    bool numbers; /* draw move numbers on the stones */
    bool coords;  /* draw coordinate labels (l->coords gives the room) */
    Move anim;    /* the stone being placed, drawn at anim_t (0..1) */
    float anim_t;
    Move cursor;      /* keyboard cursor, MOVE_NONE: none */
    Move hint;        /* suggested move, MOVE_NONE: none */
    float hint_phase; /* 0..1, pulses the hint marker */
    const BoardMark *marks;
    int mark_count;
    const unsigned char *forbid_map; /* size*size bytes (y*size+x), nonzero: forbidden */
    Move best;        /* review: the engine's choice here, a ringed ghost stone (MOVE_NONE: none) */
    Stone best_stone; /* its colour */
    const Move *line; /* review: a winning line shown over the board, numbered ghost stones */
    int line_len;
    Stone line_first; /* colour of line[0]; the colours alternate */
    bool line_wins;   /* the line ends on the winning move: its number in green */
    int line_number;  /* the number line[0] carries (the move it would be); 0 means 1 */
} BoardView;

/* The backdrop of a game screen kept between frames: the cloth over the
 * whole output and the board without its pieces (shadow, wood, grid, star
 * points, coordinates).  Those layers change only with the window, the
 * layout and the coordinates setting, yet cover the screen two and three
 * times over: a software GL (llvmpipe) spent most of each frame on them.
 * Zero it to start; the fields say what tex shows. */
typedef struct BoardBackdrop {
    SDL_Texture *tex; /* NULL: nothing kept */
    int out_w, out_h;
    float scale;
    int size, cell, origin_x, origin_y;
    LayoutRect board;
    bool coords;
    const Text *text;
    const SDL_Texture *cloth, *wood;
} BoardBackdrop;

/* Draws v onto ren with the geometry of l (the board alone, no cloth). */
void board_view_draw(SDL_Renderer *ren, const Assets *assets, const Layout *l, const BoardView *v);

/* Draws the cloth over the out_w x out_h output and the board without its
 * pieces, from cache when it still shows them (drawn into it first when
 * not; cache NULL, or a renderer without target textures: drawn directly).
 * Then board_view_draw_pieces draws the rest. */
void board_view_draw_backdrop(SDL_Renderer *ren, const Assets *assets, const Layout *l,
                              const BoardView *v, int out_w, int out_h, BoardBackdrop *cache);

/* Draws what lies on the board: the winning glow, the stones, and every
 * mark over them. */
void board_view_draw_pieces(SDL_Renderer *ren, const Assets *assets, const Layout *l,
                            const BoardView *v);

/* Destroys the kept texture (the renderer lost its target textures, or is
 * going away) and zeroes cache; NULL allowed. */
void board_view_backdrop_free(BoardBackdrop *cache);

/* The diameter in pixels of a stone drawn on a board with cells of cell
 * pixels (odd, so the stone centres exactly on a one-pixel line). */
int board_view_stone_diameter(int cell);

/* Writes the label of column x ("A".., no letter skipped, as the record
 * format writes moves) or row y (counted from the bottom, "1" = bottom row)
 * of a board of n points to buf. */
void board_view_col_label(int x, char *buf, size_t len);
void board_view_row_label(int y, int n, char *buf, size_t len);

#endif
