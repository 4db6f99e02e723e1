/*
 * app_internal.h - what the game's own modules share: the App record and
 * the few queries the drawing code (app_draw.c) asks of the state machine
 * (app.c).  Not for anyone else: the public API is app.h.
 */
#ifndef GOMOKU_APP_INTERNAL_H
#define GOMOKU_APP_INTERNAL_H

#include <stdbool.h>

#include <SDL.h>

#include "core/game.h"
#include "core/record.h"
#include "ai/ai.h"
#include "ai_worker.h"
#include "app.h"
#include "app_test.h"
#include "assets.h"
#include "board_view.h"
#include "files_screen.h"
#include "i18n.h"
#include "input.h"
#include "layout.h"
#include "menu.h"
#include "settings.h"
#include "sound.h"
#include "storage.h"
#include "text.h"
#include "ui.h"

#define APP_DEFAULT_W 1100
#define APP_DEFAULT_H 800
#define APP_MIN_W     640
#define APP_MIN_H     520
/* Shortest time a computer-vs-computer move takes, so people can follow. */
#define APP_AI_VS_AI_PACE_MS 400
#define APP_NOTICE_MS        3000
#define APP_IDLE_WAIT_MS     500
#define APP_ANIM_FRAME_MS    33
#define APP_PLACE_ANIM_MS    120
#define APP_HINT_PULSE_MS    1200
/* Jobs of the helper engine carry this bit, the player's engine's do not. */
#define APP_HELPER_JOB 0x80000000u

/* What the pointer can press on the playing screen. */
enum {
    TARGET_NONE = -1,
    /* 0..LAYOUT_BTN_COUNT-1: the panel button slots */
    TARGET_TOGGLE = LAYOUT_BTN_COUNT, /* + LayoutToggle */
    TARGET_GRAPH = TARGET_TOGGLE + LAYOUT_TGL_COUNT,
    TARGET_BOARD
};

/* What a panel slot does in the current scene. */
typedef enum Action {
    ACT_NONE = 0,
    ACT_UNDO,
    ACT_REDO,
    ACT_HINT,
    ACT_SAVE,
    ACT_NEW_GAME,
    ACT_MENU,
    ACT_REMATCH,
    ACT_REVIEW,
    ACT_FIRST,
    ACT_PREV,
    ACT_NEXT,
    ACT_LAST,
    ACT_BACK
} Action;

/* What the helper engine is doing. */
typedef enum HelperJob { HELP_NONE = 0, HELP_HINT, HELP_ANALYSIS, HELP_EVAL } HelperJob;

typedef enum DialogKind {
    DLG_NONE = 0,
    DLG_MESSAGE,
    DLG_RESUME,
    DLG_DELETE,
    DLG_SAVE_NAME, /* the name to save the game under: a text field */
    DLG_REPLACE    /* confirm writing over an existing file */
} DialogKind;

/* What a confirmed DLG_REPLACE writes. */
typedef enum ReplaceFor { REPLACE_SAVE = 0, REPLACE_EXPORT } ReplaceFor;

struct App {
    AppConfig cfg;
    SDL_Window *win;
    SDL_Renderer *ren;
    Assets assets;
    Text *text;
    AiWorker *worker;
    AiWorker *helper; /* hints, analysis and review evaluations */

    AppState state;
    Menu menu;
    MenuOptions opt; /* the options of the current game */
    Game *game;
    bool suspended; /* in the menu with a game that Resume brings back */

    Layout layout;
    int out_w, out_h;
    float sx, sy; /* window units to output pixels */

    int mx, my; /* pointer, output pixels */
    bool mouse_in;
    int hover_target;
    Move hover_point;
    int pressed_target;
    Move pressed_point;
    bool last_mark; /* mark the last move (L) */
    Move cursor;    /* keyboard cursor on the board */
    bool cursor_shown;

    uint32_t job; /* id of the search whose answer we want */
    bool thinking;
    Uint32 think_started;
    AiWorkerResult *held; /* an answer held back to pace computer-vs-computer */
    Uint32 held_until;
    bool have_info;
    AiInfo last_info;    /* the last search's final report, for the panel */
    Uint32 move_started; /* when the side to move began thinking (move times) */
    int32_t move_ms[BOARD_MAX_CELLS];

    /* The helper engine. */
    uint32_t hjob;
    HelperJob hkind;
    int hindex;       /* HELP_EVAL: which review position */
    uint32_t serial;  /* bumped on every change of position */
    uint32_t hserial; /* the position the running helper job is about */
    bool hint_wanted;
    Move hint;
    uint32_t hint_serial;
    Uint32 hint_since;
    bool ana_valid;
    AiInfo ana;
    uint32_t ana_serial;
    unsigned char fmap[BOARD_MAX_CELLS];
    uint32_t fmap_serial;
    bool fmap_valid;

    /* Review. */
    Move rmoves[BOARD_MAX_CELLS];
    int rn, rpos;
    float reval[BOARD_MAX_CELLS + 1]; /* black's view, -1..1 */
    bool rhave[BOARD_MAX_CELLS + 1];
    GameResult rresult; /* the reviewed game's result (time-outs included) */
    AppState rreturn;   /* where Back goes */

    /* Clocks. */
    bool clock_on;
    int32_t clock_ms[2]; /* left for black, white */
    Uint32 clock_tick;
    bool timed_out;
    GameResult timeout_result;

    /* Placing animation. */
    Move anim;
    Uint32 anim_start;

    /* Data folder and settings. */
    bool have_storage;
    Storage storage;
    Settings settings;
    Settings saved_settings; /* what settings.ini holds (or was loaded as) */
    bool autosave_bad;       /* the autosave could not be read: set it aside first */
    bool settings_bad;       /* settings.ini was damaged: keep it until the player changes one */
    char date[RECORD_TEXT_MAX];

    FilesScreen files; /* the saved-games list */

    /* Modal dialog. */
    DialogKind dlg;
    char dlg_text[512];
    Record dlg_record; /* DLG_RESUME: the autosave */
    int dlg_focus, dlg_hover, dlg_pressed;
    SDL_Rect dlg_card, dlg_btn[2];

    /* Saving under a typed name (DLG_SAVE_NAME, then maybe DLG_REPLACE). */
    FilesName name;   /* the text field */
    Record *save_rec; /* the game as it was when Save was chosen; owned */
    ReplaceFor replace_for;
    char export_src[STORAGE_PATH_MAX]; /* REPLACE_EXPORT: the save and the .psq to write */
    char export_dst[STORAGE_PATH_MAX];

    char notice[256];
    Uint32 notice_until;

    bool dirty;
    bool quit;
    bool fullscreen;
    SDL_Cursor *hand; /* over anything clickable; NULL where unsupported */
    bool hand_shown;
    int score[4]; /* games finished since Play, indexed by GameResult */
    bool scored;  /* this game's result is in score[] */
    GameResult scored_result;
    Uint32 last_frame;
};

/* ---- queries, in app.c ---- */

/* True when side is played by the computer. */
bool app_is_computer(const App *app, Stone side);
/* True when exactly one side is a person: results then say "You win!". */
bool app_one_human(const App *app);
/* The result, counting a fallen flag. */
GameResult app_result_of(const App *app);
/* True when a person is to move in a game in progress. */
bool app_humans_turn(const App *app);
/* The shown name of side's player (a static string). */
const char *app_player_name(const App *app, Stone side);
/* Writes to *b the board after the first i moves of the review. */
void app_review_board(const App *app, int i, Board *b);
/* True when the analysis overlay should be drawn now. */
bool app_analysis_active(const App *app);
/* What panel slot does in the current scene. */
Action app_slot_action(const App *app, int slot);
/* The label of a (a static or i18n string). */
const char *app_action_label(const App *app, Action a);
/* True when a can be done now (its button is not greyed out). */
bool app_action_enabled(const App *app, Action a);
/* How many buttons the open dialog has. */
int app_dialog_buttons(const App *app);

/* ---- drawing, in app_draw.c ---- */

/* How far the last stone's placing animation has run, 0..1 (1: done). */
float app_anim_progress(const App *app);
/* Draws the whole window for the current state and presents it. */
void app_render_frame(App *app);

#endif
