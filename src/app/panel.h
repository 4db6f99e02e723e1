/*
 * panel.h - the side panel of the game screens: who plays whom and under
 * what rules, the players with their clocks, a headline (whose turn, the
 * result, the review position), the status line, the engine's reports,
 * the score, the review's evaluation graph, the toggles and six buttons.
 *
 * The scene says what to show in a PanelModel; the panel decides what fits
 * and draws it.  It never changes anything.
 */
#ifndef GOMOKU_PANEL_H
#define GOMOKU_PANEL_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#include "core/record.h"
#include "ctx.h"
#include "layout.h"

/* One player's row. */
typedef struct PanelPlayer {
    const char *name;
    bool active; /* to move in a game in progress */
    bool won;
    bool clock; /* show the clock */
    int32_t clock_ms;
    bool thinking; /* "thinking..." */
} PanelPlayer;

typedef struct PanelButton {
    const char *label;
    bool enabled;
    bool primary;  /* accent coloured */
    bool emphasis; /* drawn with the focus ring */
} PanelButton;

typedef struct PanelModel {
    bool review; /* no player rows, the graph instead of reports */
    bool over;   /* the result shows (game over, or review at its end): big headline */
    const char *title;
    char subtitle[160];
    PanelPlayer player[2]; /* black, white */
    char headline[160];    /* the result or the review position; "" while playing */
    SDL_Color head_color;
    const char *turn;                     /* whose turn, shown when the player rows do not fit */
    Stone head_stone;                     /* the stone beside the headline (STONE_EMPTY: none) */
    char move_name[RECORD_MOVE_NAME_MAX]; /* review: the move shown ("" none) */
    char status[320];
    SDL_Color status_color;
    int move_count;     /* < 0: not shown */
    char info[200];     /* the engine's line ("" none) */
    char analysis[240]; /* the analysis line ("" none) */
    SDL_Color analysis_color;
    char score[240]; /* "" none */
    PanelButton button[LAYOUT_BTN_COUNT];
    int hover, pressed; /* the GameView targets */
} PanelModel;

/* Draws the panel of layout l as m says. */
void panel_draw(Ctx *ctx, const Layout *l, const PanelModel *m);

/* Writes the rule, the win length, the board size and (against the
 * computer) the preset, as the panel's second line shows them. */
void panel_subtitle(const Ctx *ctx, char *buf, size_t len);

/* Writes "wins in N", "loses in N" or "eval +N" for info. */
void panel_eval_text(const AiInfo *info, char *buf, size_t len);

/* Writes the engine's line: depth, evaluation, time. */
void panel_info_text(const AiInfo *info, char *buf, size_t len);

/* Fills the two player rows from the session; over: the result shows. */
void panel_players(const Ctx *ctx, PanelModel *m, bool over);

/* Writes the running score ("" when no game has ended yet). */
void panel_score(const Ctx *ctx, char *buf, size_t len);

/* Writes a move's name as the board's labels show it ("H8"). */
void panel_move_name(Move m, int size, char out[RECORD_MOVE_NAME_MAX]);

#endif
