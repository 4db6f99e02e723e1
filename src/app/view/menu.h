/*
 * menu.h - the start screen: game options as spinners, Play and Quit.
 *
 * The menu keeps its own widget state (focus, hover, pressed) and reacts to
 * AppCommands; it never starts a game itself but returns MENU_ACTION_PLAY
 * and lets the app perform the transition.
 */
#ifndef GOMOKU_MENU_H
#define GOMOKU_MENU_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#include "ai/ai.h"
#include "ai/ai_custom.h"
#include "core/rules.h"
#include "store/i18n.h"
#include "store/settings.h"
#include "platform/assets.h"
#include "platform/input.h"
#include "view/text.h"
#include "view/ui.h"

#define MENU_MIN_SIZE SETTINGS_MIN_SIZE
#define MENU_MAX_SIZE SETTINGS_MAX_SIZE

typedef struct MenuOptions {
    int size;              /* MENU_MIN_SIZE..MENU_MAX_SIZE */
    int k;                 /* RULES_MIN_K..RULES_MAX_K */
    RuleKind rule;         /* RULE_RENJU only with k == 5 */
    RecordOpening opening; /* offered with k == 5; the setup drops it otherwise */
    PlayerMode mode;
    AiPreset preset;
    bool custom;        /* the Custom AI instead of preset */
    AiCustom custom_ai; /* ai_custom.h ranges */
    int clock_min;      /* minutes per side; 0 = no clock (see menu_clock_steps) */
    I18nLang lang;
    bool sound;
} MenuOptions;

typedef enum MenuItem {
    MENU_ITEM_SIZE = 0,
    MENU_ITEM_K,
    MENU_ITEM_RULE,
    MENU_ITEM_OPENING,
    MENU_ITEM_CLOCK,
    MENU_ITEM_MODE,
    MENU_ITEM_LEVEL,
    MENU_ITEM_DEPTH, /* the Custom AI's four rows, enabled only with Custom */
    MENU_ITEM_BREADTH,
    MENU_ITEM_TIME,
    MENU_ITEM_THREADS,
    MENU_ITEM_LANGUAGE,
    MENU_ITEM_SOUND,
    MENU_ITEM_PLAY,
    MENU_ITEM_RESUME, /* only while a game is suspended */
    MENU_ITEM_LOAD,
    MENU_ITEM_PUZZLES,
    MENU_ITEM_QUIT,
    MENU_ITEM_COUNT
} MenuItem;

#define MENU_SPINNERS 13

typedef enum MenuAction {
    MENU_ACTION_NONE = 0,
    MENU_ACTION_PLAY,
    MENU_ACTION_QUIT,
    MENU_ACTION_ASK_QUIT, /* Esc with no game to resume: ask before quitting */
    MENU_ACTION_RESUME,
    MENU_ACTION_LOAD,
    MENU_ACTION_PUZZLES
} MenuAction;

typedef struct Menu {
    MenuOptions opt;
    int focus;      /* MenuItem with keyboard focus */
    int hover_item; /* -1: none */
    UiSpinPart hover_part;
    int pressed_item; /* -1: none */
    UiSpinPart pressed_part;
    /* Geometry from menu_layout, in output pixels. */
    float unit; /* pixels per design unit */
    SDL_Rect card;
    UiSpinner rows[MENU_SPINNERS];
    SDL_Rect play, resume, load, puzzles, quit;
    bool can_resume; /* a game is suspended: show Resume, Esc goes back */
    bool no_audio;   /* no audio device: the Sound row says so and is off */
    int title_y, subtitle_y, hint_y;
    int title_px, font_px, out_w, out_h;
    float scale; /* menu_layout's */
    int columns; /* of option rows: two in a landscape window (only a resize changes it) */
} Menu;

/* Returns the defaults: 15x15, five in a row, freestyle, you play black,
 * medium strength, no clock, English, sound on. */
MenuOptions menu_default_options(void);

/* Makes opt consistent (ranges; renju only with k = 5). */
void menu_sanitize(MenuOptions *opt);

/* Starts the menu with opt (sanitized), focus on Play. */
void menu_init(Menu *m, const MenuOptions *opt);

/* Computes the widget geometry for an output of out_w x out_h pixels at
 * scale pixels per window unit. */
void menu_layout(Menu *m, int out_w, int out_h, float scale);

/* Applies one command; returns what the app should do next. */
MenuAction menu_command(Menu *m, const AppCommand *cmd);

/* Draws the menu scene (background included). */
void menu_draw(const Menu *m, SDL_Renderer *ren, Text *text, const Assets *assets);

/* Writes the pixel centre of an item (part selects a spinner's arrow or
 * value; ignored for buttons).  Returns false for an unknown item. */
bool menu_widget_center(const Menu *m, MenuItem item, UiSpinPart part, int *x, int *y);

/* Writes the display text of a spinner row's value to buf ("" for items
 * that are not spinners). */
void menu_value_text(const Menu *m, MenuItem item, char *buf, size_t len);

/* Returns the Players row's value for mode in the current language ("You
 * (black) vs computer"); swap: under a swap opening, where it says who
 * places the first stones ("You open vs computer"). */
const char *menu_players_name(PlayerMode mode, bool swap);

/* Returns true when item does not apply to the options chosen (drawn
 * dimmed, skipped by the keyboard, deaf to clicks); it keeps its place. */
bool menu_item_disabled(const Menu *m, MenuItem item);

/* Shows or hides the Resume button (relayout needed: call menu_layout). */
void menu_set_can_resume(Menu *m, bool can);

/* The clock choices in minutes, 0 (off) first; returns how many. */
int menu_clock_steps(const int **steps);

/* Returns the options the settings hold (the language is the current one). */
MenuOptions menu_options_from_settings(const Settings *s);

/* Stores the options' choices (board, rule, players, level, clock, sound)
 * in the settings. */
void menu_options_to_settings(const MenuOptions *opt, Settings *s);

#endif
