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
#include "app.h"
#include "menu.h"

/* Clickable things outside the board. */
typedef enum AppWidget {
    APP_WIDGET_UNDO = 0,   /* side panel while playing */
    APP_WIDGET_REDO,
    APP_WIDGET_NEW_GAME,
    APP_WIDGET_MENU,
    APP_WIDGET_REMATCH,    /* result card after the game */
    APP_WIDGET_RESULT_MENU
} AppWidget;

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

/* Renders the current frame and reads it back (before presenting) into a
 * new ARGB8888 surface at *out, which the caller frees.  Returns 0, or -1
 * with SDL_GetError() set. */
int app_capture(App *app, SDL_Surface **out);

#endif
