/*
 * text.h - UTF-8 text drawn with SDL_ttf, with a small cache of rendered
 * textures so an unchanged label costs one copy per frame.
 *
 * Fonts are opened lazily from font files held in memory, one TTF_Font per
 * (face, pixel size) in use, so the UI can scale with the window.
 */
#ifndef GOMOKU_TEXT_H
#define GOMOKU_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

typedef struct Text Text;

typedef enum TextFace { TEXT_REGULAR = 0, TEXT_BOLD = 1 } TextFace;

/* Horizontal anchor of text_draw's x; y is always the vertical centre. */
typedef enum TextAlign { TEXT_LEFT = 0, TEXT_CENTER, TEXT_RIGHT } TextAlign;

/* Returns a text renderer drawing to r with the two font files (bytes, not
 * copied: they must outlive the Text), or NULL with a message in err. */
Text *text_create(SDL_Renderer *r, const void *regular, size_t regular_len, const void *bold,
                  size_t bold_len, char *err, size_t err_len);

/* Releases t, its fonts and cached textures; NULL is allowed. */
void text_destroy(Text *t);

/* Draws s (UTF-8) in colour c at px pixels, anchored at (x, y) as align
 * says, y being the vertical centre.  Returns the drawn width, 0 on error. */
int text_draw(Text *t, TextFace face, int px, const char *s, SDL_Color c, int x, int y,
              TextAlign align);

/* Writes the size s would have at px pixels.  Returns 0, or -1 on error. */
int text_measure(Text *t, TextFace face, int px, const char *s, int *w, int *h);

/* Returns the largest size <= px at which s fits in max_w pixels (at least
 * a legible minimum). */
int text_fit(Text *t, TextFace face, int px, const char *s, int max_w);

/* Gives t a second pair of fonts (bytes, not copied: they must outlive t;
 * NULL for none) for strings with characters the first pair lacks.  After
 * these, a CJK font of the system is tried (see text.c); a string no font
 * covers is drawn with the first pair. */
void text_set_fallback(Text *t, const void *regular, size_t regular_len, const void *bold,
                       size_t bold_len);

#define TEXT_LINE_MAX 256

/* Splits s into at most max_lines lines that fit max_w pixels at px (regular
 * face): at spaces where there are any, else between characters (Chinese
 * has no spaces).  Returns how many lines it wrote. */
int text_wrap(Text *t, int px, const char *s, int max_w, char lines[][TEXT_LINE_MAX],
              int max_lines);

/* Returns true when some font of t has every character of s (UTF-8), so it
 * draws completely. */
bool text_can_draw(Text *t, const char *s);

#endif
