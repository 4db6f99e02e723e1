/*
 * layout.h - pure geometry of the playing screen: where the board, its
 * points, the side panel and its buttons go for a given output size.
 *
 * Everything here is in output pixels (the renderer's real size, which is
 * larger than the window size on high-DPI screens).  No SDL calls, so the
 * mapping can be tested without a window.
 */
#ifndef GOMOKU_LAYOUT_H
#define GOMOKU_LAYOUT_H

#include <stdbool.h>

typedef struct LayoutRect {
    int x, y, w, h;
} LayoutRect;

/* The button slots of the side panel, named after what they hold while
 * playing (review and game over put other actions in the same slots). */
typedef enum LayoutButton {
    LAYOUT_BTN_UNDO = 0,
    LAYOUT_BTN_REDO,
    LAYOUT_BTN_HINT,
    LAYOUT_BTN_SAVE,
    LAYOUT_BTN_NEW_GAME,
    LAYOUT_BTN_MENU,
    LAYOUT_BTN_COUNT
} LayoutButton;

/* The small toggle chips above the buttons. */
typedef enum LayoutToggle {
    LAYOUT_TGL_ANALYSIS = 0,
    LAYOUT_TGL_LINE, /* the engine's line on the board */
    LAYOUT_TGL_NUMBERS,
    LAYOUT_TGL_COORDS,
    LAYOUT_TGL_SOUND,
    LAYOUT_TGL_COUNT
} LayoutToggle;

typedef struct Layout {
    int out_w, out_h; /* output size in pixels */
    float scale;      /* output pixels per window unit (2 on a 2x screen) */
    float ui;         /* pixels per design unit: scale, grown in a large window (text, pads) */
    bool portrait;    /* panel below the board instead of beside it */
    int board_size;   /* points per side */
    int cell;         /* pixels between neighbouring lines (whole pixels keep lines crisp) */
    int origin_x;     /* pixel of point (0, 0) */
    int origin_y;
    LayoutRect board; /* the wooden board, grid plus margin */
    LayoutRect panel; /* the side panel */
    /* The win-chance bar beside the board: black's share from the bottom
     * (from the left when the panel is below the board). */
    LayoutRect winbar;
    LayoutRect buttons[LAYOUT_BTN_COUNT];
    LayoutRect result_buttons[2]; /* game over: Rematch, Menu (where New game, Menu are) */
    LayoutRect toggles[LAYOUT_TGL_COUNT];
    LayoutRect graph;   /* review: the evaluation graph, above the toggles */
    int content_bottom; /* panel text must end above this y */
    bool coords;        /* the margin leaves room for coordinate labels */
    /* The chips stand in a row under the board (where a wide window leaves
     * room there), not in the panel, so the panel keeps its height for the
     * list of moves. */
    bool chips_below;
    int font_px; /* body text size */
    int pad;     /* spacing unit */
} Layout;

/* Fills *l for an output of out_w x out_h pixels, scale pixels per window
 * unit (values <= 0 mean 1) and a board of board_size points per side.
 * Degenerate sizes still give a usable (tiny) layout, never a zero cell. */
void layout_compute(Layout *l, int out_w, int out_h, float scale, int board_size);

/* As layout_compute; with coords the board's margin is wide enough for
 * coordinate labels outside the grid. */
void layout_compute_ex(Layout *l, int out_w, int out_h, float scale, int board_size, bool coords);

/* Writes the pixel centre of point (x, y) to *px, *py.  Returns false (and
 * writes nothing) when (x, y) is off the board. */
bool layout_point_to_pixel(const Layout *l, int x, int y, int *px, int *py);

/* Finds the point nearest to pixel (px, py).  Returns false when the pixel
 * is more than half a cell outside the grid, i.e. not over any point. */
bool layout_pixel_to_point(const Layout *l, int px, int py, int *x, int *y);

/* Returns true when pixel (px, py) lies inside r. */
bool layout_rect_contains(LayoutRect r, int px, int py);

/* Writes the star points (hoshi) of a board of n points to xs/ys (room for
 * 9) and returns how many there are. */
int layout_star_points(int n, int *xs, int *ys);

#endif
