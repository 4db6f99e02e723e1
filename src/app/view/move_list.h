/*
 * move_list.h - the game screens' list of moves: "23 H8   24 G9" rows, two
 * moves a row (black, white), each numbered by its stone as the board
 * numbers it, with the review coach's mark, the move shown highlighted,
 * scrollable with the wheel, clickable.
 *
 * A MoveList is a value owned by its scene: the scroll position and the
 * rectangle it was last drawn in (for hit tests).  The scene says what to
 * show in a MoveListModel; the list never changes the game.
 */
#ifndef GOMOKU_MOVE_LIST_H
#define GOMOKU_MOVE_LIST_H

#include <stdbool.h>

#include "core/board.h"
#include "core/record.h"
#include "view/layout.h"
#include "view/ui.h"

/* The coach's verdict on one move, as the list marks it. */
typedef enum MoveListMark {
    MOVE_LIST_MARK_NONE = 0,
    MOVE_LIST_MARK_BEST,       /* the engine's own choice: no glyph, a dot */
    MOVE_LIST_MARK_ONLY,       /* "!" the only move that does not lose */
    MOVE_LIST_MARK_INACCURACY, /* "?!" */
    MOVE_LIST_MARK_MISTAKE,    /* "?" */
    MOVE_LIST_MARK_BLUNDER,    /* "??" */
    MOVE_LIST_MARK_MISSED_WIN, /* "✗" a forced win was on the board */
    MOVE_LIST_MARK_COUNT
} MoveListMark;

/* What the list shows, as values (the scene fills it from the session). */
typedef struct MoveListModel {
    Move moves[BOARD_MAX_CELLS];          /* count moves, black first */
    unsigned char marks[BOARD_MAX_CELLS]; /* the MoveListMark of each (0: none) */
    int count;
    int shown;      /* moves on the board (0..count): move shown-1 is highlighted */
    int board_size; /* for the coordinates, as the board's labels write them */
    /* A swap opening's decisions: choice[k] fell after move choice_after[k]
     * (0 = the first; -1: none), marked there with the colour taken (a
     * small stone) or "+2" for two more stones. */
    int choice_after[2];
    RecordChoice choice[2];
} MoveListModel;

typedef struct MoveList {
    int first_row;   /* the top row drawn */
    bool pinned;     /* the player scrolled: keep first_row until the shown move moves */
    int last_shown;  /* model.shown of the last draw */
    LayoutRect rect; /* where it was last drawn (w 0: not drawn) */
    int row_h;
    int rows;  /* rows that fit */
    int total; /* rows of the last model drawn */
    int count; /* its moves */
} MoveList;

/* Writes a move's name as the board's labels show it ("H8"): the list, the
 * panel and the scenes name moves alike. */
void move_list_move_name(Move m, int size, char out[RECORD_MOVE_NAME_MAX]);

/* Returns the glyph the list writes after a move with mark k ("" none). */
const char *move_list_glyph(MoveListMark k);

/* Returns the colour of mark k's glyph and of its name in the panel. */
SDL_Color move_list_color(MoveListMark k);

/* Draws the model into r with kit and body text of font_px, scrolling so
 * the shown move is in view unless the player scrolled away from it. */
void move_list_draw(MoveList *ml, const UiKit *kit, LayoutRect r, int font_px,
                    const MoveListModel *m);

/* Returns the position a click at (px, py) asks for: the number of moves
 * to show (1..count, the clicked move on the board), or -1 when the click
 * is on no move. */
int move_list_hit(const MoveList *ml, const MoveListModel *m, int px, int py);

/* Writes a pixel inside move (0 = the first) as last drawn; false when it
 * is scrolled out of view or the list was not drawn. */
bool move_list_cell_pos(const MoveList *ml, int move, int *px, int *py);

/* Scrolls by rows (negative: up) and pins the list there. */
void move_list_scroll(MoveList *ml, int rows);

/* Forgets the scroll position (a new game, another review). */
void move_list_reset(MoveList *ml);

#endif
