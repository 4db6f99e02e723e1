/*
 * files_screen.h - the saved-games list and the save-name field.
 *
 * FilesScreen is the list scene: our saves and Piskvork .psq files from
 * the data folder (storage_list_games), a selection, scrolling, the Open /
 * Delete / Export .psq / Back buttons, and its drawing.  It only reports
 * what the player asked for (FilesAction); the app opens, deletes and
 * exports, since that involves its game and dialogs.
 *
 * FilesName is the text field of the "Save game" dialog: UTF-8 editing
 * with a caret, a selection of all (the suggestion, replaced by typing),
 * the input method's composition, the reason a name was refused, and the
 * dialog's drawing.  The app decides what Enter and Esc do.
 *
 * Both are values owned by the app; UI thread only.
 */
#ifndef GOMOKU_FILES_SCREEN_H
#define GOMOKU_FILES_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#include "input.h"
#include "storage.h"
#include "text.h"

#define FILES_BTN_COUNT 4 /* Open, Delete, Export .psq, Back */

/* What the player asked of the list. */
typedef enum FilesAction {
    FILES_ACTION_NONE = 0,
    FILES_ACTION_OPEN,   /* open the selected file in review */
    FILES_ACTION_DELETE, /* delete the selected file (after asking) */
    FILES_ACTION_EXPORT, /* export the selected save as .psq */
    FILES_ACTION_BACK    /* leave the list */
} FilesAction;

typedef struct FilesScreen {
    StorageList files;
    int sel;     /* selected row, -1 for none */
    int top;     /* first row shown */
    int hover;   /* -1 none, a row, or 1000 + button */
    int pressed; /* as hover: where the button went down */
    SDL_Rect card, rows_area;
    int row_h, rows_visible;
    SDL_Rect btn[FILES_BTN_COUNT];
} FilesScreen;

/* Empties fs: no files, nothing selected. */
void files_init(FilesScreen *fs);

/* Releases the list (fs stays usable, empty). */
void files_free(FilesScreen *fs);

/* Reads the list from st again (st NULL: no data folder, an empty list).
 * keep: the selected file stays selected (or, when gone, the row it was
 * on); else the first row is selected and the list scrolled to the top.
 * Returns what storage_list_games returned, err saying why it failed. */
StorageStatus files_reload(FilesScreen *fs, const Storage *st, bool keep, char *err, size_t errlen);

/* Returns the selected entry (owned by fs, valid until the next reload),
 * or NULL. */
const StorageEntry *files_selected(const FilesScreen *fs);

/* Returns true when the selection can be exported: a save of ours (a .psq
 * would only be copied over itself). */
bool files_can_export(const FilesScreen *fs);

/* Places the card, rows and buttons for an out_w x out_h output with sx
 * output pixels per window unit. */
void files_layout(FilesScreen *fs, int out_w, int out_h, float sx);

/* Handles a command in the list (pointer, arrows, Enter, Delete, Esc) and
 * returns what it asks for, FILES_ACTION_NONE when it was only a change of
 * selection or hover. */
FilesAction files_command(FilesScreen *fs, const AppCommand *cmd);

/* Returns true while the pointer is over something clickable. */
bool files_hovering(const FilesScreen *fs);

/* Draws the list scene over background, laid out for out_w x out_h, and
 * notice ("" for none) under the card. */
void files_draw(FilesScreen *fs, SDL_Renderer *ren, Text *text, SDL_Texture *background, int out_w,
                int out_h, float sx, const char *notice);

/* The text field of the save dialog. */
typedef struct FilesName {
    char text[STORAGE_NAME_MAX];  /* the name, UTF-8 */
    size_t caret;                 /* byte offset of the caret in text */
    bool all;                     /* all of it is selected: typing replaces it */
    char compose[INPUT_TEXT_MAX]; /* the input method's unfinished text */
    StorageNameProblem problem;   /* why the name was refused; OK while none */
    SDL_Rect field;               /* where the field is, output pixels */
    int px, text_x;               /* as last drawn: font size, where the text starts */
    SDL_Rect ime_rect;            /* what SDL_SetTextInputRect was last told */
} FilesName;

/* Fills the field with text (cut to fit), the caret at its end; select_all
 * selects it so typing replaces it.  Clears the composition and problem. */
void files_name_set(FilesName *f, const char *text, bool select_all);

/* Handles an editing command of the field: typed text, composition,
 * Backspace, Delete, Left, Right, Home, End, Tab (ignored) and a click in
 * the field (text measures it).  Returns false for anything else (Enter,
 * Esc, buttons), which the dialog handles. */
bool files_name_command(FilesName *f, Text *text, const AppCommand *cmd);

/* Returns the current language's sentence for a refused name ("" for
 * STORAGE_NAME_OK). */
const char *files_name_problem_text(StorageNameProblem p);

/* Draws the save dialog (title, field, the refusal or the keys, Save and
 * Cancel) centred in out_w x out_h at font size fp and width w; writes the
 * buttons' rectangles to btn and tells the input method where the field
 * is (sx, sy: output pixels per window unit).  hover and pressed: the
 * button under the pointer / pressed, -1 for none. */
void files_name_draw(FilesName *f, SDL_Renderer *ren, Text *text, int out_w, int out_h, int fp,
                     int w, float sx, float sy, int hover, int pressed, SDL_Rect btn[2]);

#endif
