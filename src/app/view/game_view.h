/*
 * game_view.h - what the play and review scenes share: the layout of a
 * game screen, what the pointer is over or pressing (a panel button, a
 * toggle, the review graph, a board point), the keyboard cursor, the
 * placing animation, and drawing the board with the game's decorations.
 *
 * A GameView is a value owned by its scene, which lays it out and fills
 * what the board shows (a BoardView) from the session and the settings
 * (scenes/game_screen.c).  It reads nothing of the app but what it is
 * given and never changes the game.
 */
#ifndef GOMOKU_GAME_VIEW_H
#define GOMOKU_GAME_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "ai/ai.h"
#include "ai/ai_outlook.h"
#include "core/board.h"
#include "view/board_view.h"
#include "platform/input.h"
#include "view/layout.h"
#include "view/move_list.h"
#include "view/ui.h"

/* What the pointer can press on a game screen: 0..LAYOUT_BTN_COUNT-1 are
 * the panel's button slots. */
enum {
    GAME_VIEW_NONE = -1,
    GAME_VIEW_TOGGLE = LAYOUT_BTN_COUNT, /* + LayoutToggle */
    GAME_VIEW_GRAPH = GAME_VIEW_TOGGLE + LAYOUT_TGL_COUNT,
    GAME_VIEW_BOARD,
    GAME_VIEW_LIST /* the list of moves */
};

#define GAME_VIEW_PLACE_MS 120
#define GAME_VIEW_PULSE_MS 1200

typedef struct GameView {
    Layout layout;
    bool graph; /* the review graph is a target */
    int mx, my; /* pointer, output pixels */
    bool mouse_in;
    int hover; /* a target, GAME_VIEW_NONE */
    Move hover_point;
    int pressed;
    Move pressed_point;
    Move cursor; /* keyboard cursor on the board */
    bool cursor_shown;
    Move anim; /* the stone being placed, MOVE_NONE: none */
    uint64_t anim_start;
    uint64_t hint_since; /* when the hint shown began to pulse */
    MoveList list;       /* the panel's list of moves (its rect: where it was drawn) */
    bool changed;        /* something the pointer did shows: draw again */
    /* The panel target Tab moved the keyboard to (a toggle or a button),
     * GAME_VIEW_NONE: the keys are the board's. */
    int focus;
} GameView;

/* A click completed on a target (pressed and released on the same one). */
typedef struct GameViewClick {
    int target;
    Move point; /* GAME_VIEW_BOARD: the point */
    int x, y;   /* output pixel of the release (the graph, the list) */
} GameViewClick;

/* Forgets the pointer, the focus and the list's scroll position (the
 * scene lays the screen out again); graph: the review graph takes
 * clicks. */
void game_view_reset(GameView *v, bool graph);

/* Follows a pointer command (the wheel scrolls the list of moves under
 * the pointer).  Returns false when cmd is not one; else
 * true, with *click's target set (not GAME_VIEW_NONE) when it completed a
 * click.  enabled says whether a target takes clicks now. */
bool game_view_pointer(GameView *v, const AppCommand *cmd, bool (*enabled)(const void *, int),
                       const void *user, GameViewClick *click);

/* Follows the keys that move the keyboard between the board and the
 * panel: Tab and Shift+Tab step through the enabled toggles and buttons
 * (and back to the board), Enter or Space on one clicks it, an arrow or
 * Esc gives the keys back to the board.  Returns false when cmd is not
 * one of them here (the scene handles it); else true, with *click set as
 * game_view_pointer does. */
bool game_view_keys(GameView *v, const AppCommand *cmd, bool (*enabled)(const void *, int),
                    const void *user, GameViewClick *click);

/* Works out again what the pointer is over (after a relayout). */
void game_view_refresh_hover(GameView *v);

/* Moves the keyboard cursor by (dx, dy) on an n x n board, showing it first
 * (at last, or the centre) when hidden. */
void game_view_move_cursor(GameView *v, int n, Move last, int dx, int dy);

/* Starts the placing animation of m at now_ms. */
void game_view_place(GameView *v, Move m, uint64_t now_ms);

/* Returns how far the placing animation has run at now_ms, 0..1 (1: done
 * or none). */
float game_view_anim_progress(const GameView *v, uint64_t now_ms);

/* One candidate of an analysis, scored exactly. */
typedef struct GameViewCandidate {
    Move move;
    int score; /* for the side to move (AI_SCORE_WIN) */
    int mate_plies;
} GameViewCandidate;

/* Writes the analysis's candidates scored exactly, the engine's choice
 * first (room for max); returns how many (0: nothing known). */
int game_view_candidates(const AiInfo *ana, GameViewCandidate *out, int max);

/* Turns an analysis into the board's candidates, ranked 1, 2, 3... as the
 * panel lists them; returns how many (at most BOARD_VIEW_MAX_MARKS). */
int game_view_marks(const AiInfo *ana, BoardMark *marks);

/* Puts the analysis's line (its principal variation, pv_len moves from
 * to_move, after played moves) on bv as translucent stones numbered on
 * from the game's, in place of the overlay's candidates; nothing when
 * the analysis has no line. */
void game_view_engine_line(BoardView *bv, const AiInfo *ana, Stone to_move, int played);

/* Writes how long a search took: "40 ms" under a second, "1.3 s" above. */
void game_view_time_text(int ms, char *buf, size_t len);

/* Draws the background and the board as bv says with kit, in v's layout;
 * cache keeps the backdrop between frames (board_view_draw_backdrop). */
void game_view_draw_board(const GameView *v, const UiKit *kit, BoardBackdrop *cache,
                          const BoardView *bv);

#endif
