/*
 * window_pos.c - the window's place between runs (window_pos.h).
 */
#include "window_pos.h"

/* The point of the title bar that must be on a screen: a little right of
 * and below the client area's corner. */
#define WINDOW_POS_GRIP_X 40
#define WINDOW_POS_GRIP_Y 20

bool window_pos_on_screen(int x, int y, const SDL_Rect *displays, int n)
{
    SDL_Point p = {x + WINDOW_POS_GRIP_X, y + WINDOW_POS_GRIP_Y};
    for (int d = 0; d < n; d++) {
        if (SDL_PointInRect(&p, &displays[d])) {
            return true;
        }
    }
    return false;
}

bool window_pos_framed(int want_x, int want_y, int at_x, int at_y, int left, int top)
{
    return (left > 0 || top > 0) && at_x == want_x + left && at_y == want_y + top;
}
