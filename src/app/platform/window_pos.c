/*
 * window_pos.c - the window's place between runs (window_pos.h).
 */
#include "platform/window_pos.h"

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

bool window_pos_fit(SDL_Rect usable, int frame_w, int frame_h, int min_w, int min_h, int *w, int *h)
{
    int fit_w = SDL_max(min_w, SDL_min(*w, usable.w - frame_w));
    int fit_h = SDL_max(min_h, SDL_min(*h, usable.h - frame_h));
    if (fit_w == *w && fit_h == *h) {
        return false;
    }
    *w = fit_w;
    *h = fit_h;
    return true;
}
