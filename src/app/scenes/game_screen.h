/*
 * game_screen.h - what the play and review scenes share over their
 * GameView: laying it out for the session's board, the board toggles, and
 * filling what the board and the panel show from the session and the
 * settings.  The views (view/game_view, view/panel, view/move_list) draw
 * only these models; everything they say of the game is read here.
 *
 * UI thread only; nothing here changes the game but the toggles.
 */
#ifndef GOMOKU_GAME_SCREEN_H
#define GOMOKU_GAME_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

#include "ctx.h"
#include "view/game_view.h"
#include "view/panel.h"

/* What the board shows (view) and the values its pointers point at: fill
 * it, then draw it, in one frame.  It is a few kilobytes: one lives on the
 * stack of a scene's draw. */
typedef struct GameScreenBoard {
    BoardView view; /* its board, moves, win, line and marks point below */
    Board board;
    Move moves[BOARD_MAX_CELLS];
    Move win[BOARD_MAX_SIZE];          /* the winning row shown */
    Move line[SESSION_LINE_MAX_SHOWN]; /* review: the winning line shown */
    BoardMark marks[BOARD_VIEW_MAX_MARKS];
    AiInfo ana; /* the analysis whose line the board shows (E) */
} GameScreenBoard;

/* Lays v out for the output's size, the session's board and the
 * coordinates setting, and asks for a frame. */
void game_screen_relayout(GameView *v, Ctx *ctx);

/* Forgets v's pointer, focus and list scroll and lays it out again; graph:
 * the review graph takes clicks. */
void game_screen_reset(GameView *v, Ctx *ctx, bool graph);

/* The output changed size: lays v out again and works out what the pointer
 * is over there. */
void game_screen_resize(GameView *v, Ctx *ctx);

/* Flips a board toggle (ctx_toggle) and lays v out again when the
 * coordinates' margin came or went. */
void game_screen_toggle(GameView *v, Ctx *ctx, CtxToggle which);

/* Flips the toggle a key asks for (A, D, C, M, F, L, E).  Returns false
 * when kind is no toggle key. */
bool game_screen_toggle_key(GameView *v, Ctx *ctx, AppCommandKind kind);

/* Returns how far v's placing animation has run, 0..1 (1: done; always
 * under a headless test that does not drive the clock, which cannot wait
 * for it). */
float game_screen_anim_progress(const GameView *v, const Ctx *ctx);

/* Fills gb with the position shown (the review's position while
 * reviewing, else the game's) and what every game screen draws on it: the
 * moves and their numbers, the last-move mark, the coordinates, the
 * placing animation, and the winning row once the game's end is shown.
 * Returns how many moves lead to the position. */
int game_screen_board(const GameView *v, const Ctx *ctx, GameScreenBoard *gb);

/* Adds the analysis to gb: the overlay's candidates (ranked as the panel
 * lists them) while the analysis runs, and, when E is on and line allows,
 * the line of the position's analysis from to_move after played moves,
 * in their place. */
void game_screen_analysis(const Ctx *ctx, GameScreenBoard *gb, Stone to_move, int played,
                          bool line);

/* Fills m with the moves of the game (or, while reviewing, of the review),
 * the move shown, the board size and a swap opening's decisions; marks:
 * the review coach's mark of each move (NULL: none). */
void game_screen_list_model(const Ctx *ctx, MoveListModel *m, const unsigned char *marks);

/* Starts m (zeroed first) with what both game screens' panels show: the
 * rules, a swap opening's decisions within the first upto stones, the list
 * of moves (marks as game_screen_list_model), the chips, and v's pointer
 * and keyboard targets. */
void game_screen_panel(const GameView *v, const Ctx *ctx, int upto, const unsigned char *marks,
                       PanelModel *m);

/* Fills the two player rows of m from the session; over: the result
 * shows. */
void game_screen_players(const Ctx *ctx, PanelModel *m, bool over);

/* Writes the running score ("" when no game has ended yet). */
void game_screen_score(const Ctx *ctx, char *buf, size_t len);

/* Returns who plays a swap opening's first role (first) or second, as the
 * panel names them: "You", "The computer", or with two people "The first
 * player" / "The second player" (an i18n string). */
const char *game_screen_role_name(const Ctx *ctx, bool first);

/* Writes m's analysis line from ana, the one analysis of the position
 * shown (to_move to play; done: its search is over): the overlay's
 * candidates while the analysis runs, else the hint while one is shown,
 * else (chance) the win chance or (not chance) nothing. */
void game_screen_position_line(const Ctx *ctx, const AiInfo *ana, bool done, Stone to_move,
                               bool chance, PanelModel *m);

/* Draws the board as bv says and the panel as m says in v's layout (the
 * list's scroll and place are v's). */
void game_screen_draw(GameView *v, Ctx *ctx, const BoardView *bv, const PanelModel *m);

#endif
