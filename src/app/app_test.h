/*
 * app_test.h - accessors for the UI tests: read the app's state and find
 * where things are on screen, so a test can drive the real loop with
 * synthetic mouse events and check what it draws.  Not for game code.
 */
#ifndef GOMOKU_APP_TEST_H
#define GOMOKU_APP_TEST_H

#include <stdbool.h>

#include <SDL.h>

#include "core/game.h"
#include "ai/ai.h"
#include "app.h"
#include "view/layout.h"
#include "view/menu.h"
#include "store/settings.h"
#include "store/storage.h"
#include "view/text.h"
#include "session/session.h"

typedef struct SceneStack SceneStack;

/* The screen shown (the scene under any dialog), as the tests name it. */
typedef enum AppState {
    APP_STATE_MENU = 0,
    APP_STATE_PLAYING,
    APP_STATE_GAME_OVER, /* the play scene after the game ended */
    APP_STATE_REVIEW,    /* stepping through a finished or loaded game */
    APP_STATE_FILES,     /* the saved-games list */
    APP_STATE_PUZZLE     /* the puzzle trainer */
} AppState;

/* Clickable things outside the board. */
typedef enum AppWidget {
    APP_WIDGET_UNDO = 0, /* side panel while playing */
    APP_WIDGET_REDO,
    APP_WIDGET_NEW_GAME,
    APP_WIDGET_MENU,
    APP_WIDGET_REMATCH, /* result card after the game */
    APP_WIDGET_RESULT_MENU,
    APP_WIDGET_HINT, /* playing: Hint; game over: Review; review: First */
    APP_WIDGET_SAVE, /* playing and game over: Save; review: Last */
    APP_WIDGET_TGL_ANALYSIS,
    APP_WIDGET_TGL_LINE,
    APP_WIDGET_TGL_NUMBERS,
    APP_WIDGET_TGL_COORDS,
    APP_WIDGET_TGL_SOUND,
    APP_WIDGET_GRAPH,     /* review: the evaluation graph */
    APP_WIDGET_DIALOG_OK, /* the dialog's first (default) button */
    APP_WIDGET_DIALOG_CANCEL,
    APP_WIDGET_FILES_OPEN, /* saved-games list */
    APP_WIDGET_FILES_DELETE,
    APP_WIDGET_FILES_EXPORT,
    APP_WIDGET_FILES_BACK,
    APP_WIDGET_NAME_FIELD, /* the save dialog's text field */
    APP_WIDGET_NAME_START  /* inside that field, left of its text */
} AppWidget;

/* While a person makes a swap opening's choice the panel slots hold Take
 * black (UNDO), Take white (REDO), Place two (HINT; swap2's first choice
 * only), Undo (SAVE), New game and Menu. */

/* In review the panel slots hold Previous (UNDO), Next (REDO), First
 * (HINT), Last (SAVE), Save (NEW_GAME) and Back (MENU). */

/* The modal dialog on screen, if any. */
typedef enum AppDialog {
    APP_DIALOG_NONE = 0,
    APP_DIALOG_MESSAGE,   /* a message with OK (e.g. a damaged file) */
    APP_DIALOG_RESUME,    /* "Resume the unfinished game?" */
    APP_DIALOG_DELETE,    /* confirm deleting a saved game */
    APP_DIALOG_SAVE_NAME, /* the name to save under (text: the field's text) */
    APP_DIALOG_REPLACE,   /* confirm replacing an existing save or .psq */
    APP_DIALOG_EXPORTED,  /* where an export went (text: headline, '\n', full path) */
    APP_DIALOG_QUIT,      /* "Quit Gomoku?" (Esc on the menu) */
    APP_DIALOG_LEAVE      /* "Leave the game in progress? It stays in Saved games as ..." */
} AppDialog;

/* Returns the screen shown. */
AppState app_test_state(const App *app);

/* Returns the game being played or just finished; NULL in the menu.
 * Owned by the app. */
const Game *app_test_game(const App *app);

/* Returns the menu's current options. */
MenuOptions app_test_menu_options(const App *app);

/* Returns true while the computer is searching for a move (or holding a
 * found move back to pace a computer-vs-computer game). */
bool app_test_ai_busy(const App *app);

/* Writes the window coordinates of board point (x, y).  Returns false when
 * not playing or the point is off the board. */
bool app_test_point_pos(const App *app, int x, int y, int *wx, int *wy);

/* Writes the window coordinates of the centre of a menu item (part picks a
 * spinner's arrow or value).  Returns false for an unknown item. */
bool app_test_menu_pos(const App *app, MenuItem item, UiSpinPart part, int *wx, int *wy);

/* Writes the window coordinates of the centre of a widget of the playing
 * screen.  Returns false for an unknown widget. */
bool app_test_widget_pos(const App *app, AppWidget w, int *wx, int *wy);

/* Writes the output-pixel position of point (x, y) and the cell size, for
 * sampling a capture.  Returns false off the board. */
bool app_test_point_pixel(const App *app, int x, int y, int *px, int *py, int *cell);

/* Returns the app's window (owned by the app), e.g. to resize it. */
SDL_Window *app_test_window(const App *app);

/* Returns true while the helper engine (hint, analysis, review graph) runs. */
bool app_test_helper_busy(const App *app);

/* Returns the dialog shown; *text (if not NULL) gets its text (owned by the
 * app, valid until the next step). */
AppDialog app_test_dialog(const App *app, const char **text);

/* Writes the review position, the number of moves, and how many positions
 * the graph has an evaluation for. */
void app_test_review(const App *app, int *pos, int *count, int *evaluated);

/* Show the win in review: writes the line's moves worked out so far (room
 * for max), how many, the review position it starts from and how many of
 * them the board shows; returns where the line stands. */
SessionLineState app_test_review_line(const App *app, Move *moves, int max, int *len, int *from,
                                      int *shown);

/* Writes the window coordinates of the graph's column for a review move. */
bool app_test_graph_pos(const App *app, int move, int *wx, int *wy);

/* Writes the window coordinates of move (0 = the first) in the panel's
 * list of moves; false when the list does not show it. */
bool app_test_list_pos(const App *app, int move, int *wx, int *wy);

/* Writes the win-chance bar's rectangle in output pixels; false when the
 * screen has none. */
bool app_test_winbar(const App *app, SDL_Rect *out);

/* Copies the game screen's layout (output pixels: the board, the panel,
 * the bar, the graph); false on other screens. */
bool app_test_layout(const App *app, Layout *out);

/* Writes the renderer's output size now, which may differ from the size
 * the screens were laid out for while a resize is not followed yet. */
void app_test_output_size(const App *app, int *w, int *h);

/* Writes where the list of moves' rows were last drawn (output pixels),
 * their height and how many fit; false when the list was not drawn. */
bool app_test_list_rect(const App *app, SDL_Rect *out, int *row_h, int *rows);

/* Writes the menu's card (output pixels) and its number of columns. */
void app_test_menu_card(const App *app, SDL_Rect *card, int *columns);

/* Returns the hint shown for the current position, or MOVE_NONE. */
Move app_test_hint(const App *app);

/* Copies the finished analysis of the current position; false if none. */
bool app_test_analysis(const App *app, AiInfo *out);

/* Writes the number of saved games listed and the selected row (-1). */
void app_test_files(const App *app, int *count, int *selected);

/* Writes the name (without extension) and kind of listed file i; *psq is
 * true for a Piskvork file.  Returns false when i is out of range. */
bool app_test_file(const App *app, int i, const char **name, bool *psq);

/* Returns what the list read from file i's contents (owned by the app,
 * valid until the list is read again), or NULL. */
const StorageInfo *app_test_file_info(const App *app, int i);

/* Returns how many files' contents the list read when it was last read
 * again (files it knew unchanged are not read twice). */
int app_test_files_read(const App *app);

/* Returns why the name dialog refused the name ("" when it did not, or no
 * name dialog is shown).  Owned by the app. */
const char *app_test_name_problem(const App *app);

/* Returns the URL Open folder last asked the system to show ("" when
 * none; a headless app only notes it).  Owned by the app. */
const char *app_test_opened_url(const App *app);

/* Returns the exports folder (Documents/Gomoku; under the data folder in
 * a headless test unless $GOMOKU_DOCUMENTS_DIR says).  Owned by the app. */
const char *app_test_exports_dir(const App *app);

/* Returns the settings as the app holds them (toggles, language...). */
Settings app_test_settings(const App *app);

/* Returns the game's result, counting a fallen flag. */
GameResult app_test_result(const App *app);

/* Turns the clocks on with the given time left for each side. */
void app_test_set_clock(App *app, int black_ms, int white_ms);

/* Returns true while the help page (F1) is open. */
bool app_test_help_shown(const App *app);

/* Returns the session the scenes show (owned by the app). */
const Session *app_test_session(const App *app);

/* Returns how many changes of scene the transition table refused so far
 * (each is a bug; scene.c logs it). */
int app_test_refused(const App *app);

/* Returns the scene stack, so a test can ask for a change of scene the way
 * a scene does (scene_go/scene_push, then app_step performs it). */
SceneStack *app_test_scenes(App *app);

/* Returns the app's text renderer (owned by the app), e.g. for
 * text_audit. */
Text *app_test_text(App *app);

/* Moves the game's clock on by ms (AppConfig.test_clock only). */
void app_test_advance_clock(App *app, int ms);

/* From now on (keep true) keeps a copy of every frame the loop presents,
 * so a test can check what the player saw rather than draw anew. */
void app_test_keep_frames(App *app, bool keep);

/* Returns the last frame the loop presented since app_test_keep_frames
 * (ARGB8888, owned by the app, valid until the next step), or NULL. */
const SDL_Surface *app_test_presented(const App *app);

/* Returns how many frames the loop has presented. */
unsigned long app_test_frames(const App *app);

/* From now on files are written by a thread of their own, as in the game
 * (a headless app writes each file at once, so a step returns with it on
 * the disk). */
void app_test_thread_writes(App *app);

/* Returns true while a file is being written or waits to be. */
bool app_test_writes_busy(App *app);

/* Waits until every file asked for is written (the next step tells how
 * it went). */
void app_test_wait_writes(App *app);

/* Renders the current frame and reads it back (before presenting) into a
 * new ARGB8888 surface at *out, which the caller frees.  Returns 0, or -1
 * with SDL_GetError() set. */
int app_capture(App *app, SDL_Surface **out);

/* The puzzle trainer's state (scenes/scene_puzzle.h; made on the first
 * visit, NULL before). */
const struct PuzzleScene *app_test_puzzle(const App *app);

#endif
