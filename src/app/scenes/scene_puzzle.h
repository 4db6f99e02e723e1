/*
 * scene_puzzle.h - the puzzle trainer (SCENE_PUZZLE): a puzzle of the
 * shipped sets chosen near the player's rating, played against its
 * solution's defender, with Try again, Hint, Solution, Next and a theme
 * filter; the rating, the streak, the daily puzzle and the history kept in
 * puzzles.txt in the data folder.
 *
 * The scene's class is scene_puzzle_class (scene.h).  Its state is public
 * for the UI tests' accessors (app_test.c).  The trainer's logic is
 * session/trainer.h and session/trainer_run.h; the scene adds the screen,
 * the files and the refutation's thread.
 */
#ifndef GOMOKU_SCENE_PUZZLE_H
#define GOMOKU_SCENE_PUZZLE_H

#include <stdbool.h>
#include <stdint.h>

#include "ctx.h"
#include "platform/task.h"
#include "session/trainer.h"
#include "session/trainer_run.h"
#include "view/game_view.h"

/* The history file in the data folder. */
#define SCENE_PUZZLE_FILE "puzzles.txt"

/* What a panel slot does on this screen. */
typedef enum PuzzleAction {
    PUZZLE_NONE = 0,
    PUZZLE_RETRY,
    PUZZLE_HINT,
    PUZZLE_SOLUTION,
    PUZZLE_NEXT,
    PUZZLE_THEME,
    PUZZLE_MENU
} PuzzleAction;

/* The refutation searched off the UI thread: its question and answer. */
typedef struct PuzzleRefuteWork {
    TrainerRefuteJob job;
    TrainerRefutation answer;
    int status; /* trainer_refute's */
} PuzzleRefuteWork;

typedef struct PuzzleScene {
    GameView view;
    bool loaded;    /* the sets indexed and the history read (first entry) */
    char *texts[8]; /* the sets' files, which the entries point into */
    int ntexts;
    TrainerEntry *entries; /* the shipped sets' (shipped of them), then the player's own */
    int n, cap, shipped;
    char *mine; /* puzzles-mine.txt as last read (NULL: none) */
    TrainerState state;
    bool can_save; /* the history may be written (read, absent, or kept aside) */
    TrainerTheme theme;
    int cur;    /* the entry played (-1: none) */
    bool daily; /* it is today's daily puzzle */
    TrainerRun run;
    bool have_run;
    bool counted;      /* this attempt's outcome is in the history */
    int rating_change; /* what the last counted attempt did to the rating */
    bool show_change;
    Task *task; /* the refutation running (NULL: none) */
    PuzzleRefuteWork work;
    TrainerHint hint;
    Move region; /* the hint's region's centre (MOVE_NONE: no hint shown) */
    uint64_t rng;
} PuzzleScene;

/* Returns what panel slot does now. */
PuzzleAction scene_puzzle_slot(const PuzzleScene *ps, int slot);

/* Returns true when action a can be taken now. */
bool scene_puzzle_enabled(const PuzzleScene *ps, PuzzleAction a);

#endif
