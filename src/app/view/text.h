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

/* Returns the largest size from min_px to px at which s fits in max_w
 * pixels; min_px when none does (the caller then wraps or shortens). */
int text_fit_down_to(Text *t, TextFace face, int px, int min_px, const char *s, int max_w);

/* Gives t a second pair of fonts (bytes, not copied: they must outlive t;
 * NULL for none) for strings with characters the first pair lacks.  After
 * these, a CJK font of the system is tried (see text.c); a string no font
 * covers is drawn with the first pair. */
void text_set_fallback(Text *t, const void *regular, size_t regular_len, const void *bold,
                       size_t bold_len);

/* Writes s to out (room for len bytes), cut at a character and ended with
 * "…" when it is wider than max_w at px; returns out. */
char *text_ellipsize(Text *t, TextFace face, int px, const char *s, int max_w, char *out,
                     size_t len);

#define TEXT_LINE_MAX 256

/* Splits s into at most max_lines lines that fit max_w pixels at px in
 * face: at spaces where there are any, else between characters (Chinese
 * has no spaces).  Returns how many lines it wrote. */
int text_wrap(Text *t, TextFace face, int px, const char *s, int max_w, char lines[][TEXT_LINE_MAX],
              int max_lines);

/* Returns how many lines text_wrap needs for all of s at px in max_w
 * pixels (0 for ""). */
int text_line_count(Text *t, TextFace face, int px, const char *s, int max_w);

/* Returns true when some font of t has every character of s (UTF-8), so it
 * draws completely. */
bool text_can_draw(Text *t, const char *s);

/* ---- the fit audit -------------------------------------------------------
 * Every string must fit the widget it is drawn in, at a legible size, in
 * every language and window size.  A widget names its box (output pixels)
 * around its text; text drawn with no box must stay on screen.  While an
 * audit runs, text_draw checks each string against the innermost box and
 * the minimum size, and counts what does not fit (the UI tests draw every
 * scene and expect none). */

#define TEXT_BOX_DEPTH    8
#define TEXT_AUDIT_RECORD 8
#define TEXT_AUDIT_DRAWN  256

typedef struct TextAuditMiss {
    char text[96];
    int px;
    SDL_Rect ink; /* where the string's letters went */
    SDL_Rect box; /* where they had to stay */
    bool tiny;    /* below the minimum size (else: outside the box) */
} TextAuditMiss;

typedef struct TextAudit {
    int draws;                             /* strings checked */
    int min_px;                            /* the smallest size drawn */
    int misses;                            /* strings outside their box or too small */
    TextAuditMiss miss[TEXT_AUDIT_RECORD]; /* the first few */
    char drawn[TEXT_AUDIT_DRAWN][96];      /* the first strings drawn */
} TextAudit;

/* Makes box the one the following text must fit in, until text_pop_box.
 * Boxes nest (at most TEXT_BOX_DEPTH); the innermost counts. */
void text_push_box(Text *t, SDL_Rect box);

/* Ends the innermost box. */
void text_pop_box(Text *t);

/* Starts (on) or stops an audit; min_px is the smallest legible size in
 * output pixels.  Starting clears the previous result. */
void text_audit(Text *t, bool on, int min_px);

/* Returns what the audit found so far (owned by t). */
const TextAudit *text_audit_result(const Text *t);

/* Returns true when the audit saw s drawn (whole, or its first 95 bytes). */
bool text_audit_drew(const Text *t, const char *s);

#endif
