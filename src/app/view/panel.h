/*
 * panel.h - the side panel of the game screens: who plays whom and under
 * what rules, the players with their clocks, a headline (whose turn, the
 * result, the review position), the status line, the engine's reports,
 * the score, the review's evaluation graph, the toggles and six buttons.
 *
 * The scene says what to show in a PanelModel, a value it fills from the
 * session and the settings (scenes/game_screen.c); the panel decides what
 * fits and draws it with the UiKit it is given.  It reads nothing else and
 * never changes anything.
 */
#ifndef GOMOKU_PANEL_H
#define GOMOKU_PANEL_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#include "ai/ai.h"
#include "ai/ai_outlook.h"
#include "core/record.h"
#include "view/layout.h"
#include "view/move_list.h"
#include "view/ui.h"

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
    const char *label; /* NULL: the slot is empty */
    bool enabled;
    bool primary;  /* accent coloured */
    bool emphasis; /* drawn with the focus ring */
} PanelButton;

/* Everything the panel shows, as values.  Its strings are its own arrays,
 * or (title, turn, the players' names, the buttons' labels) static and
 * i18n strings, which live until the language changes: fill it, draw it,
 * in one frame. */
typedef struct PanelModel {
    bool review;     /* no player rows, the graph instead of reports */
    bool no_players; /* no player rows (the puzzle trainer), no graph */
    bool over;       /* the result shows (game over, or review at its end): big headline */
    const char *title;
    char subtitle[160];
    char opening[240];     /* a swap opening and its decisions so far ("" none) */
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
    /* The bar beside the board (kind AI_OUTLOOK_NONE: nothing known);
     * stale: of the position before, until the one shown is analysed
     * (drawn faded). */
    AiOutlook outlook;
    bool outlook_stale;
    /* Review: the coach's lines under the headline ("" none). */
    char coach[2][320];
    SDL_Color coach_color[2];
    /* Review: the background analysis, 0..1 done (< 0: not shown), its line. */
    float progress;
    char progress_text[160];
    /* Review: each player's summary, black then white ("" none). */
    char summary[2][200];
    /* Review: the graph, black's win chance per position in permille (-1:
     * not known yet), positions 0..graph_n, graph_pos shown. */
    int graph_pm[BOARD_MAX_CELLS + 1];
    int graph_n, graph_pos;
    /* The list of moves, drawn in the room left when panel_draw is given
     * one. */
    MoveListModel list_model;
    /* The chips' states (LayoutToggle order); sound_none: no audio device,
     * the Sound chip says so. */
    bool toggle_on[LAYOUT_TGL_COUNT];
    bool sound_none;
    PanelButton button[LAYOUT_BTN_COUNT];
    int hover, pressed; /* the GameView targets */
    int focus;          /* the GameView target with the keyboard focus */
} PanelModel;

/* Draws the panel of layout l as m says with kit; list (the scene's, NULL:
 * none) is the list of moves' scroll position, and where it was drawn is
 * written back into it for its clicks. */
void panel_draw(const UiKit *kit, const Layout *l, const PanelModel *m, MoveList *list);

/* Writes what o says for a player: "Black 64%", "Even 50%" or "White wins
 * in 3" ("" for AI_OUTLOOK_NONE).  A forced result is never a percentage,
 * and a chance is never shown as 0% or 100%. */
void panel_outlook_text(AiOutlook o, char *buf, size_t len);

/* Returns the colour that says who o favours (black, white, even). */
SDL_Color panel_outlook_color(AiOutlook o);

/* Writes the computer player's line: its move (done), the depth and the
 * time its search really took ("Engine played H8 · depth 9 · 40 ms"), or
 * while it thinks how deep and how long so far.  Never a chance: the
 * chance of a position is its analysis's (panel_position_text). */
void panel_info_text(const AiInfo *info, bool done, int size, char *buf, size_t len);

/* What panel_position_text says of a position. */
typedef enum PanelPositionKind {
    PANEL_POSITION_CHANCE = 0, /* "Win chance: White 66%" */
    PANEL_POSITION_HINT,       /* "Hint: I6 · White 66%" */
    PANEL_POSITION_CANDIDATES  /* "1. I6 White 66% · 2. H7 White 61% · 3. ..." (the overlay) */
} PanelPositionKind;

/* The candidates the overlay ranks on the board and the panel names. */
#define PANEL_CANDIDATES 3

/* Writes what the one analysis ana of a position (to_move to play, rules
 * r, board size) says, as kind asks; "…" at the end while its search
 * still deepens (done false).  "" when it names no move. */
void panel_position_text(const AiInfo *ana, bool done, Stone to_move, Rules r, int size,
                         PanelPositionKind kind, char *buf, size_t len);

#endif
