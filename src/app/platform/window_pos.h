/*
 * window_pos.h - the window's place between runs: whether a saved place is
 * still on a screen, whether the window manager put the window's frame
 * rather than its client area there, and a size that fits the screen.
 *
 * SDL_GetWindowPosition reports the client area's corner, and that is what
 * the settings keep.  SDL_SetWindowPosition places the client area too (it
 * allows for the frame).  But a window created at a position under X11 is
 * framed by the window manager with the *frame's* corner there (ICCCM
 * north-west gravity), so the client area lands a border and a title bar
 * further: every start crept down by the title bar.  Pure arithmetic, so
 * the tests check it without a window manager.
 */
#ifndef GOMOKU_WINDOW_POS_H
#define GOMOKU_WINDOW_POS_H

#include <stdbool.h>

#include <SDL.h>

/* Returns true when a window whose client area starts at (x, y) would show
 * its title bar on one of the n displays (bounds): monitors come and go. */
bool window_pos_on_screen(int x, int y, const SDL_Rect *displays, int n);

/* Returns true when the window asked for at (want_x, want_y) has its client
 * area at (at_x, at_y) exactly a frame (left border, top border and title)
 * further: the window manager placed the frame there, and the window should
 * be moved back.  False for any other place (the manager chose its own, or
 * the system placed the client area as asked). */
bool window_pos_framed(int want_x, int want_y, int at_x, int at_y, int left, int top);

/* Shrinks the window size *w x *h so that, with its frame (frame_w and
 * frame_h: borders and title bar), it fits the usable area of its display
 * (without taskbars and docks), never below min_w x min_h.  Returns true
 * when the size changed. */
bool window_pos_fit(SDL_Rect usable, int frame_w, int frame_h, int min_w, int min_h, int *w,
                    int *h);

#endif
