/*
 * scene_review.h - stepping through a finished or loaded game
 * (SCENE_REVIEW).  The class is scene_review_class (scene.h); the state and
 * queries are public for the UI tests' accessors (app_test.c).
 */
#ifndef GOMOKU_SCENE_REVIEW_H
#define GOMOKU_SCENE_REVIEW_H

#include <stdbool.h>

#include "ctx.h"
#include "game_view.h"

/* What a panel slot does in review. */
typedef enum ReviewAction {
    REVIEW_NONE = 0,
    REVIEW_PREV,
    REVIEW_NEXT,
    REVIEW_FIRST,
    REVIEW_LAST,
    REVIEW_SAVE,
    REVIEW_BACK
} ReviewAction;

typedef struct ReviewScene {
    GameView view;
} ReviewScene;

/* Returns what panel slot does in review. */
ReviewAction scene_review_slot(int slot);

/* Returns true when a can be done now. */
bool scene_review_enabled(const Ctx *ctx, ReviewAction a);

#endif
