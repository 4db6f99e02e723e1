/*
 * input.h - the edge where SDL events become the game's commands.
 *
 * Nothing past this module looks at an SDL_Event: mouse coordinates are
 * converted to output pixels here, keys to intents (move focus, change,
 * accept, back, undo...).
 *
 * While SDL's text input is on (SDL_StartTextInput, a text field has the
 * focus) keys that type characters give no command - the characters come
 * as CMD_TEXT_INPUT - and Backspace, Delete, Left, Right, Home and End edit
 * the text.
 */
#ifndef GOMOKU_INPUT_H
#define GOMOKU_INPUT_H

#include <stdbool.h>
#include <stdint.h>

#include <SDL.h>

typedef enum AppCommandKind {
    CMD_NONE = 0,
    CMD_QUIT,
    CMD_POINTER_MOVE, /* x, y: pointer position in output pixels */
    CMD_POINTER_DOWN, /* x, y: primary button went down */
    CMD_POINTER_UP,   /* x, y: primary button went up (a click completes here) */
    CMD_POINTER_LEAVE,
    CMD_FOCUS_PREV,   /* Up / Shift+Tab */
    CMD_FOCUS_NEXT,   /* Down / Tab */
    CMD_DECREASE,     /* Left */
    CMD_INCREASE,     /* Right */
    CMD_ACCEPT,       /* Enter / Space */
    CMD_BACK,         /* Escape */
    CMD_UNDO,         /* Ctrl+Z, Backspace */
    CMD_REDO,         /* Ctrl+Y, Ctrl+Shift+Z */
    CMD_NEW_GAME,     /* N, Ctrl+N, F2 */
    CMD_FULLSCREEN,   /* F11, Alt+Enter */
    CMD_RESIZED,      /* the window's size changed: recompute the layout */
    CMD_REDRAW,       /* exposed: draw again */
    CMD_HOME,         /* Home: review start, first item */
    CMD_END,          /* End: review end, last item */
    CMD_HINT,         /* H */
    CMD_ANALYSIS,     /* A: analysis overlay */
    CMD_MUTE,         /* M */
    CMD_COORDS,       /* C: coordinate labels */
    CMD_NUMBERS,      /* D: move numbers ("digits") */
    CMD_FORBID_MARKS, /* F: renju forbidden-point marks */
    CMD_LAST_MARK,    /* L: last-move marker */
    CMD_REVIEW,       /* R: review the game */
    CMD_SAVE,         /* Ctrl+S */
    CMD_OPEN,         /* Ctrl+O: the saved-games list */
    CMD_DELETE,       /* Delete */
    CMD_DROP_FILE,    /* data: a dropped file's path; the app releases it after handling */
    CMD_TEXT_INPUT,   /* text: typed characters (UTF-8), while text input is on */
    CMD_TEXT_EDITING, /* text: the input method's unfinished composition ("" when done) */
    CMD_ERASE_BACK,   /* Backspace while text input is on */
    CMD_PASTE,        /* Ctrl+V (Cmd+V) while text input is on */
    CMD_HELP,         /* F1: the help page */
    CMD_WHEEL,        /* y: wheel steps, positive away from the user (scroll up) */
    CMD_COACH,        /* S: start or stop the review's analysis */
    CMD_SHOW_WIN,     /* W: play the winning line through (review) */
    CMD_CONTINUE,     /* P: play on from the review position */
    CMD_ENGINE_LINE   /* E: the engine's line on the board */
} AppCommandKind;

/* Longest text of one CMD_TEXT_INPUT, terminator included (SDL's own). */
#define INPUT_TEXT_MAX 32

typedef struct AppCommand {
    AppCommandKind kind;
    int x, y;
    void *data;
    char text[INPUT_TEXT_MAX];
    bool tab; /* CMD_FOCUS_*: from Tab, not an arrow (the game screens tell them apart) */
} AppCommand;

/* Translates ev into *out.  scale_x/scale_y convert window coordinates to
 * output pixels.  Returns false (and sets out->kind to CMD_NONE) for events
 * the game ignores.  (The engines' answers are not input: the main loop
 * hands them to engines_on_event.) */
bool input_translate(const SDL_Event *ev, float scale_x, float scale_y, AppCommand *out);

#endif
