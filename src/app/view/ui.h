/*
 * ui.h - drawing primitives (filled circles, rounded rectangles, thick
 * lines) and the two widgets of the game: push buttons and option
 * spinners ("Label   < value >"), each with hover, focus and pressed looks.
 */
#ifndef GOMOKU_UI_H
#define GOMOKU_UI_H

#include <stdbool.h>

#include <SDL.h>

#include "platform/assets.h"
#include "view/layout.h"
#include "view/text.h"

/* What the game's widgets draw with, borrowed from the app for the frame
 * being drawn (ctx_kit): the renderer, the text, the textures, and the
 * output's size in pixels.  The widgets read nothing else of the app. */
typedef struct UiKit {
    SDL_Renderer *ren;
    Text *text;
    const Assets *assets;
    int out_w, out_h;
} UiKit;

/* How a widget (or one part of it) is being interacted with. */
typedef struct UiState {
    bool hover;    /* the mouse is over it */
    bool pressed;  /* the mouse button went down on it and is still down */
    bool focus;    /* keyboard focus */
    bool disabled; /* shown dimmed, ignores input */
} UiState;

typedef enum UiButtonStyle {
    UI_BUTTON_NORMAL = 0,
    UI_BUTTON_PRIMARY, /* the suggested action: accent coloured */
    UI_BUTTON_DANGER   /* an action that destroys something (Delete, Replace): red */
} UiButtonStyle;

/* Parts of a spinner row. */
typedef enum UiSpinPart { UI_SPIN_NONE = 0, UI_SPIN_DEC, UI_SPIN_VALUE, UI_SPIN_INC } UiSpinPart;

/* Geometry of a spinner row: the label on the left, the value box (with the
 * arrows at its two ends) on the right. */
typedef struct UiSpinner {
    SDL_Rect row;
    SDL_Rect dec;
    SDL_Rect value;
    SDL_Rect inc;
} UiSpinner;

SDL_Rect ui_rect(LayoutRect r);
bool ui_contains(const SDL_Rect *r, int x, int y);

/* Fills a circle centred at (cx, cy); the rim is faded over one pixel so
 * it does not look jagged. */
void ui_fill_circle(SDL_Renderer *ren, float cx, float cy, float radius, SDL_Color c);

/* Draws a ring (circle outline) of the given thickness. */
void ui_ring(SDL_Renderer *ren, float cx, float cy, float radius, float thickness, SDL_Color c);

/* Fills a rectangle with rounded corners of the given radius.  The corners
 * come from masks cached per renderer (see ui_release_renderer). */
void ui_fill_round_rect(SDL_Renderer *ren, const SDL_Rect *r, int radius, SDL_Color c);

/* Frees what the shapes keep for ren (the corner masks).  Call it before
 * destroying ren, and when ren's device was reset (its textures are lost);
 * the next shape drawn makes them again. */
void ui_release_renderer(SDL_Renderer *ren);

/* Draws the outline of r, t pixels thick, inside r (the focus ring of a
 * see-through widget). */
void ui_outline(SDL_Renderer *ren, const SDL_Rect *r, int t, SDL_Color c);

/* Draws a straight line of the given thickness with square ends. */
void ui_thick_line(SDL_Renderer *ren, float x0, float y0, float x1, float y1, float thickness,
                   SDL_Color c);

/* Fills the triangle with the given corners. */
void ui_fill_triangle(SDL_Renderer *ren, float x0, float y0, float x1, float y1, float x2, float y2,
                      SDL_Color c);

/* A translucent dark card with a faint light border: the background of the
 * panels. */
void ui_panel(SDL_Renderer *ren, const SDL_Rect *r, int radius);

/* Draws a push button with label at font size px. */
void ui_button(SDL_Renderer *ren, Text *text, const SDL_Rect *r, const char *label, int px,
               UiButtonStyle style, UiState st);

/* Splits row into a spinner's parts: the value box takes value_w pixels
 * at the right, arrows of arrow_w at its ends. */
UiSpinner ui_spinner_geometry(const SDL_Rect *row, int value_w, int arrow_w);

/* Draws a spinner: label, value, arrows.  hover_part tells which part
 * is under the mouse (UI_SPIN_NONE if none). */
void ui_spinner(SDL_Renderer *ren, Text *text, const UiSpinner *g, const char *label,
                const char *value, int px, UiState st, UiSpinPart hover_part,
                UiSpinPart pressed_part);

/* Returns which part of the spinner pixel (x, y) is on. */
UiSpinPart ui_spinner_hit(const UiSpinner *g, int x, int y);

/* Draws tex over the whole w x h output, cropped to keep its aspect. */
void ui_cover(SDL_Renderer *ren, SDL_Texture *tex, int w, int h);

/* The palette, shared so the scenes agree. */
extern const SDL_Color UI_TEXT;
extern const SDL_Color UI_TEXT_DIM;
extern const SDL_Color UI_ACCENT;
extern const SDL_Color UI_DANGER;

#endif
