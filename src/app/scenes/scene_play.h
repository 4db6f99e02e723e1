/*
 * scene_play.h - the game in play and its result (SCENE_PLAY).
 *
 * The scene's class is scene_play_class (scene.h).  Its state and the
 * queries below are public for the UI tests' accessors (app_test.c).
 */
#ifndef GOMOKU_SCENE_PLAY_H
#define GOMOKU_SCENE_PLAY_H

#include <stdbool.h>

#include "ctx.h"
#include "view/game_view.h"

/* What a panel slot does on this screen. */
typedef enum PlayAction {
    PLAY_NONE = 0,
    PLAY_UNDO,
    PLAY_REDO,
    PLAY_HINT,
    PLAY_SAVE,
    PLAY_NEW_GAME,
    PLAY_MENU,
    PLAY_REMATCH,
    PLAY_REVIEW,
    PLAY_TAKE_BLACK, /* a swap opening's choices, while a person chooses */
    PLAY_TAKE_WHITE,
    PLAY_PLACE_TWO
} PlayAction;

typedef struct PlayScene {
    GameView view;
    int clock_shown; /* the second the side to move's clock showed */
    /* The last chance shown beside the board: held, dimmed, while the
     * position now on the board is not analysed yet (the computer is
     * thinking), so the bar does not blink empty on every move. */
    AiOutlook held;
    /* Black's forbidden points, for the position fmap_pos (fmap_valid). */
    unsigned char fmap[BOARD_MAX_CELLS];
    uint32_t fmap_pos;
    bool fmap_valid;
} PlayScene;

/* Returns what panel slot does now (playing, or after the end). */
PlayAction scene_play_slot(const Ctx *ctx, int slot);

/* Returns true when a can be done now (its button is not greyed out). */
bool scene_play_enabled(const Ctx *ctx, PlayAction a);

#endif
