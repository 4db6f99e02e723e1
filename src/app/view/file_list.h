/*
 * file_list.h - the saved-games list widget: our saves and Piskvork .psq
 * files (storage_list_games), each with what its contents say (board,
 * rule, win length, moves, result, a thumbnail of the final position) and,
 * when the window is wide enough, a details pane for the selected file
 * with a large preview; a selection, scrolling, the Open / Delete / Export
 * .psq / Back buttons, and its drawing.  It only reports what the player
 * asked for (FileListAction); the files scene opens, deletes and exports.
 *
 * The files and their contents are a GameList (store/game_list.h): each
 * file's contents are read once, when the list is read again and the file
 * is new or changed; a damaged file shows as damaged.  A FileList is a
 * value owned by its scene; UI thread only.
 */
#ifndef GOMOKU_FILE_LIST_H
#define GOMOKU_FILE_LIST_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#include "platform/assets.h"
#include "platform/input.h"
#include "store/game_list.h"
#include "store/storage.h"
#include "view/text.h"

#define FILE_LIST_BUTTONS 4 /* Open, Delete, Export .psq, Back */

/* What the player asked of the list. */
typedef enum FileListAction {
    FILE_LIST_NONE = 0,
    FILE_LIST_OPEN,   /* open the selected file in review */
    FILE_LIST_DELETE, /* delete the selected file (after asking) */
    FILE_LIST_EXPORT, /* export the selected save as .psq */
    FILE_LIST_BACK    /* leave the list */
} FileListAction;

typedef struct FileList {
    GameList games; /* the files and what each holds */
    int sel;        /* selected row, -1 for none */
    int top;        /* first row shown */
    int hover;      /* -1 none, a row, or 1000 + button */
    int pressed;    /* as hover: where the button went down */
    SDL_Rect card, rows_area;
    SDL_Rect details; /* the selected file's pane; w == 0 when the card is too narrow */
    int row_h, rows_visible;
    int font_px; /* the names' size; the rest scale from it */
    SDL_Rect btn[FILE_LIST_BUTTONS];
} FileList;

/* Empties fs: no files, nothing selected. */
void file_list_init(FileList *fs);

/* Releases the list (fs stays usable, empty). */
void file_list_free(FileList *fs);

/* Reads the list from st again (st NULL: no data folder, an empty list),
 * reading the contents of new and changed files only.  keep: the selected
 * file stays selected (or, when gone, the row it was on); else the first
 * row is selected and the list scrolled to the top.  Returns what
 * storage_list_games returned, err saying why it failed. */
StorageStatus file_list_reload(FileList *fs, const Storage *st, bool keep, char *err,
                               size_t errlen);

/* Returns the selected entry (owned by fs, valid until the next reload),
 * or NULL. */
const StorageEntry *file_list_selected(const FileList *fs);

/* Returns what row i's file holds (owned by fs, valid until the next
 * reload), or NULL when i is out of range or it is not known. */
const StorageInfo *file_list_info(const FileList *fs, int i);

/* Returns true when the selection can be exported: a save of ours (a .psq
 * would only be copied over itself). */
bool file_list_can_export(const FileList *fs);

/* Places the card, rows, details pane and buttons for an out_w x out_h
 * output with sx output pixels per window unit. */
void file_list_layout(FileList *fs, int out_w, int out_h, float sx);

/* Handles a command in the list (pointer, wheel, arrows, Enter, Delete,
 * Esc) and returns what it asks for, FILE_LIST_NONE when it was only a
 * change of selection, scroll or hover. */
FileListAction file_list_command(FileList *fs, const AppCommand *cmd);

/* Returns true while the pointer is over something clickable. */
bool file_list_hovering(const FileList *fs);

/* Draws the list scene over the background, laid out for out_w x out_h,
 * and notice ("" for none) under the card. */
void file_list_draw(FileList *fs, SDL_Renderer *ren, Text *text, const Assets *assets, int out_w,
                    int out_h, float sx, const char *notice);

#endif
