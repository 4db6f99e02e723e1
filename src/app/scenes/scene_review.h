/*
 * scene_review.h - stepping through a finished or loaded game
 * (SCENE_REVIEW).  The class is scene_review_class (scene.h); the state and
 * queries are public for the UI tests' accessors (app_test.c).
 */
#ifndef GOMOKU_SCENE_REVIEW_H
#define GOMOKU_SCENE_REVIEW_H

#include <stdbool.h>

#include "ctx.h"
#include "view/game_view.h"

/* What a panel slot does in review. */
typedef enum ReviewAction {
    REVIEW_NONE = 0,
    REVIEW_PREV,
    REVIEW_NEXT,
    REVIEW_FIRST,
    REVIEW_LAST,
    REVIEW_HINT,
    REVIEW_SHOW_WIN, /* play the winning line through over the board */
    REVIEW_CONTINUE, /* Play from here: ask which side */
    REVIEW_SAVE,
    REVIEW_BACK,
    REVIEW_PLAY_BLACK, /* Play from here, the person plays black */
    REVIEW_PLAY_WHITE,
    REVIEW_PLAY_TWO,   /* two people play on */
    REVIEW_CANCEL,     /* leave the side question */
    REVIEW_COACH,      /* start or stop the background analysis */
    REVIEW_SAVE_PUZZLE /* a missed win or an only move, as a puzzle of my own */
} ReviewAction;

typedef struct ReviewScene {
    GameView view;
    bool choosing; /* Play from here: the buttons ask which side */
    /* What Leave (the question about an unfinished game) goes on to:
     * REVIEW_CONTINUE (Play from here as leave_mode) or a new game. */
    ReviewAction leave_then;
    PlayerMode leave_mode;
    /* Show the win: the session works the line out (session_review_line);
     * the scene shows its moves one at a time. */
    int line_shown;     /* moves of it on the board so far */
    uint64_t line_next; /* when the next move of it shows */
    /* The review as the saved-games list found it, to come back to. */
    bool kept;           /* the list was opened from this review */
    int kept_pos;        /* the move shown */
    bool kept_analysing; /* the coach was on */
    uint32_t kept_id;    /* session_position_id then: unchanged means the same game */
} ReviewScene;

/* Returns what panel slot does in review now. */
ReviewAction scene_review_slot(const ReviewScene *rs, const Ctx *ctx, int slot);

/* Returns true when a can be done now. */
bool scene_review_enabled(const ReviewScene *rs, const Ctx *ctx, ReviewAction a);

#endif
