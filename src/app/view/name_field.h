/*
 * name_field.h - the text field of the "Save game" dialog: UTF-8 editing
 * with a caret, a selection of all (the suggestion, replaced by typing),
 * the input method's composition, the reason a name was refused, and the
 * dialog's drawing.  The name dialog scene decides what Enter and Esc do.
 *
 * A NameField is a value owned by its scene; UI thread only.
 */
#ifndef GOMOKU_NAME_FIELD_H
#define GOMOKU_NAME_FIELD_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#include "platform/input.h"
#include "store/storage.h"
#include "view/text.h"

/* The text field of the save dialog. */
typedef struct NameField {
    char text[STORAGE_NAME_MAX];  /* the name, UTF-8 */
    size_t caret;                 /* byte offset of the caret in text */
    bool all;                     /* all of it is selected: typing replaces it */
    char compose[INPUT_TEXT_MAX]; /* the input method's unfinished text */
    StorageNameProblem problem;   /* why the name was refused; OK while none */
    SDL_Rect field;               /* where the field is, output pixels */
    int px, text_x;               /* as last drawn: font size, where the text starts */
    SDL_Rect ime_rect;            /* what SDL_SetTextInputRect was last told */
} NameField;

/* Fills the field with text (cut to fit), the caret at its end; select_all
 * selects it so typing replaces it.  Clears the composition and problem. */
void name_field_set(NameField *f, const char *text, bool select_all);

/* Handles an editing command of the field: typed text, composition,
 * Backspace, Delete, Left, Right, Home, End, Tab (ignored) and a click in
 * the field (text measures it).  Returns false for anything else (Enter,
 * Esc, buttons), which the dialog handles. */
bool name_field_command(NameField *f, Text *text, const AppCommand *cmd);

/* Returns the current language's sentence for a refused name ("" for
 * STORAGE_NAME_OK). */
const char *name_field_problem_text(StorageNameProblem p);

/* Draws the save dialog (title, field, the refusal or the keys, Save and
 * Cancel) centred in out_w x out_h at font size fp and width w; writes the
 * buttons' rectangles to btn and tells the input method where the field
 * is (sx, sy: output pixels per window unit).  hover and pressed: the
 * button under the pointer / pressed, -1 for none. */
void name_field_draw(NameField *f, SDL_Renderer *ren, Text *text, int out_w, int out_h, int fp,
                     int w, float sx, float sy, int hover, int pressed, SDL_Rect btn[2]);

#endif
