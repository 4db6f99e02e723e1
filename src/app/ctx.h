/*
 * ctx.h - what every scene works with, in parts: the platform (window,
 * renderer, assets, output size, sound), the data (the data folder, the
 * settings, the files), the UI (text, the kept backdrop, the notice, the
 * board's options of the moment), and beside them the game session and
 * its engines and the scene stack to ask for a change of scene.
 *
 * The Ctx is owned by the app (app.c creates it with ctx_init/ctx_open and
 * ends it with ctx_finish/ctx_close); the window, the renderer, the scene
 * stack and the Saves in it are borrowed from the app.  UI thread only.
 */
#ifndef GOMOKU_CTX_H
#define GOMOKU_CTX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <SDL.h>

#include "session/session.h"
#include "app.h"
#include "platform/assets.h"
#include "view/board_view.h"
#include "engines.h"
#include "store/i18n.h"
#include "store/settings.h"
#include "store/storage.h"
#include "store/storage_writer.h"
#include "view/text.h"
#include "view/ui.h"

#define CTX_NOTICE_MS 3000
/* Where a test's clock starts (AppConfig.test_clock): not 0, which some
 * fields take for "never". */
#define CTX_TEST_CLOCK_START 1000

typedef struct SceneStack SceneStack;
typedef struct Saves Saves;

/* The tag of settings.ini's writes (StorageResult.tag): saves_poll, which
 * takes every write's outcome, hands theirs to ctx_settings_written. */
#define CTX_WRITE_SETTINGS 5

/* The edges to the OS: the window and the renderer (borrowed from the
 * app), what is drawn with them, the output's size, the sound device. */
typedef struct CtxPlatform {
    SDL_Window *win;
    SDL_Renderer *ren;
    Assets assets;
    int out_w, out_h; /* output pixels */
    float sx, sy;     /* window units to output pixels */
    bool fullscreen;
    bool sound_ok; /* an audio device is open: Sound can be switched on */
} CtxPlatform;

/* The data folder, the settings and the files. */
typedef struct CtxData {
    bool have_storage;
    Storage storage;
    StorageWriter *writer; /* writes files off this thread (ctx_open .. ctx_close) */
    int writes_asked;      /* files asked to be written since the last frame (--frame-stats) */
    Settings settings;
    SettingsFile settings_file;   /* what settings.ini holds, as read or last written */
    SettingsStatus settings_read; /* how it read at start */
    char settings_why[512];       /* why it read as it did (English), for the player */
    bool settings_bad;    /* settings.ini was damaged: keep it until the player changes one */
    bool settings_msg;    /* tell the player at start how it read */
    I18nLang lang_system; /* the language "system" means */
    Saves *saves; /* borrowed from the app: the state of the file actions (scenes/saves.c) */
} CtxData;

/* What the screens share beyond the game: the text, the kept backdrop, the
 * status-line notice, the board's options of the moment. */
typedef struct CtxUi {
    Text *text;
    BoardBackdrop backdrop; /* the game screens' cloth and bare board, kept between frames */
    char notice[256];
    uint64_t notice_until;
    bool last_mark;   /* mark the last move (L; not kept between runs) */
    bool engine_line; /* the analysis's line on the board (E; not kept) */
} CtxUi;

/* The one room every scene hangs from, in parts a helper can take alone. */
typedef struct Ctx {
    AppConfig cfg;
    uint64_t test_now;  /* ctx_now under AppConfig.test_clock */
    SceneStack *scenes; /* borrowed: ask for changes with scene_go/push/close */
    CtxPlatform platform;
    CtxData data;
    CtxUi ui;
    Session *session; /* the game */
    Engines *engines; /* its searches on threads */
    bool suspended;   /* a game in progress waits behind the menu's Resume */
    bool dirty;       /* draw a frame (anything that changes what shows sets it) */
    bool quit;
} Ctx;

/* Finds the data folder and reads the settings (trouble is reported, not
 * fatal), sets the language.  Call before the window exists. */
void ctx_init(Ctx *ctx, const AppConfig *cfg);

/* Loads the assets and fonts for ren, starts the session, the engines and
 * sound.  Returns 0, or -1 with a sentence naming what failed in err. */
int ctx_open(Ctx *ctx, SDL_Window *win, SDL_Renderer *ren, SceneStack *scenes, char *err,
             size_t errlen);

/* The app is ending: forgets the scene stack (gone) and has the settings
 * written when they changed.  Then saves_end waits for the files and
 * ctx_close releases the rest. */
void ctx_finish(Ctx *ctx);

/* Releases everything ctx_open and ctx_init made. */
void ctx_close(Ctx *ctx);

/* Returns what the widgets draw with now: the renderer, the text, the
 * assets and the output's size (borrowed from ctx for one frame). */
UiKit ctx_kit(const Ctx *ctx);

/* Returns the time now, in ms (a test's clock under AppConfig.test_clock). */
uint64_t ctx_now(const Ctx *ctx);

/* Reads the window's and the renderer's sizes again (after a resize). */
void ctx_update_output(Ctx *ctx);

/* Shows msg in the status line for a few seconds. */
void ctx_notice(Ctx *ctx, const char *msg);

/* Returns the notice while it shows, else "". */
const char *ctx_notice_text(const Ctx *ctx);

/* Clears the notice. */
void ctx_clear_notice(Ctx *ctx);

/* Opens a message dialog (OK) over the current scene. */
void ctx_message(Ctx *ctx, const char *text);

/* The settings changed (or the window did): copies the window's state into
 * them and has settings.ini written (off this thread) when a byte of it
 * would change - never a file that could not be read or is from a newer
 * version, and a damaged one only once the player changed a setting, kept
 * aside first (settings_text_for). */
void ctx_settings_changed(Ctx *ctx);

/* Takes the outcome of a settings.ini write: on success what the file now
 * holds; on failure the player is told and the file read again, so the
 * next change is written over what is really there. */
void ctx_settings_written(Ctx *ctx, StorageResult *r);

/* The board toggles shared by the game's screens. */
typedef enum CtxToggle {
    CTX_TOGGLE_ANALYSIS = 0, /* the first ones in the order of the chips (LayoutToggle) */
    CTX_TOGGLE_ENGINE_LINE,
    CTX_TOGGLE_NUMBERS,
    CTX_TOGGLE_COORDS,
    CTX_TOGGLE_SOUND,
    CTX_TOGGLE_FORBIDDEN,
    CTX_TOGGLE_LAST_MARK
} CtxToggle;

/* Flips a toggle, tells the player (notice) where the old app did, keeps it
 * in the settings. */
void ctx_toggle(Ctx *ctx, CtxToggle which);

/* Switches fullscreen on or off and keeps it in the settings. */
void ctx_toggle_fullscreen(Ctx *ctx);

/* Starts a new game with setup (NULL: the session's) dated now; keep_score:
 * the score runs on (a rematch).  Returns 0, or -1 after telling the player
 * in the status line. */
int ctx_new_game(Ctx *ctx, const SessionSetup *setup, bool keep_score);

/* Returns the name shown for side's player: "You"/"Computer", "Black"/
 * "White" or "Computer (black)"... (a static or i18n string). */
const char *ctx_player_name(const Ctx *ctx, Stone side);

#endif
