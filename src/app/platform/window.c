/*
 * window.c - the game's window and its renderer (window.h).
 */
#include "platform/window.h"

#include "core/err.h"
#include "platform/window_pos.h"

#define WINDOW_MAX_DISPLAYS 16
/* How long a restored window waits for its frame: tries x ms. */
#define WINDOW_FRAME_WAIT_TRIES 10
#define WINDOW_FRAME_WAIT_MS    10
/* Room a usual frame takes (borders; title bar and borders), kept free
 * when a window is made to fit its screen. */
#define WINDOW_FRAME_ROOM_W 16
#define WINDOW_FRAME_ROOM_H 64

/* Shrinks the settings' window size to what fits the first display's
 * usable area with a frame around it (the default 1024x768 on a laptop's
 * 768 rows under a taskbar, a size saved on a larger monitor).  The frame
 * is not known before the window is made, so the room a usual one takes is
 * kept; without a window system (dummy, offscreen) there is none. */
static void fit_on_screen(const WindowPlan *plan, int *w, int *h)
{
    const char *driver = SDL_GetCurrentVideoDriver();
    bool framed = driver == NULL ||
                  (SDL_strcmp(driver, "dummy") != 0 && SDL_strcmp(driver, "offscreen") != 0);
    SDL_Rect usable;
    if (plan->headless_test || SDL_GetDisplayUsableBounds(0, &usable) != 0) {
        return;
    }
    (void)window_pos_fit(usable, framed ? WINDOW_FRAME_ROOM_W : 0, framed ? WINDOW_FRAME_ROOM_H : 0,
                         WINDOW_MIN_W, WINDOW_MIN_H, w, h);
}

/* Where the window opens: the size asked for, else the saved size (as
 * much of it as fits the screen) and place (only where a screen still is:
 * monitors come and go). */
static void place(const WindowPlan *plan, int *x, int *y, int *w, int *h)
{
    *x = *y = SDL_WINDOWPOS_CENTERED;
    *w = plan->saved_w;
    *h = plan->saved_h;
    if (plan->asked_w > 0 && plan->asked_h > 0) {
        *w = plan->asked_w;
        *h = plan->asked_h;
        return;
    }
    fit_on_screen(plan, w, h);
    if (!plan->has_place) {
        return;
    }
    SDL_Rect bounds[WINDOW_MAX_DISPLAYS];
    int n = 0;
    for (int d = 0; d < SDL_GetNumVideoDisplays() && n < WINDOW_MAX_DISPLAYS; d++) {
        if (SDL_GetDisplayBounds(d, &bounds[n]) == 0) {
            n++;
        }
    }
    if (window_pos_on_screen(plan->saved_x, plan->saved_y, bounds, n)) {
        *x = plan->saved_x;
        *y = plan->saved_y;
    }
}

/* The window asked for at (x, y): once the window manager has framed it,
 * moves it back if the frame rather than the client area went there
 * (window_pos.h), so a saved place stays put from run to run.  Waits for
 * the frame a moment at most (a window manager sets it when it maps the
 * window; without one it never comes). */
static void settle_position(SDL_Window *win, int x, int y)
{
    int top = 0, left = 0;
    for (int i = 0; i < WINDOW_FRAME_WAIT_TRIES; i++) {
        SDL_PumpEvents();
        if (SDL_GetWindowBordersSize(win, &top, &left, NULL, NULL) != 0) {
            return; /* no frames here (Wayland): nothing to correct */
        }
        if (top > 0 || left > 0) {
            break;
        }
        SDL_Delay(WINDOW_FRAME_WAIT_MS);
    }
    int at_x = 0, at_y = 0;
    SDL_GetWindowPosition(win, &at_x, &at_y);
    if (window_pos_framed(x, y, at_x, at_y, left, top)) {
        SDL_SetWindowPosition(win, x, y);
    }
}

int window_open(const WindowPlan *plan, SDL_Window **win, SDL_Renderer **ren, char *err,
                size_t errlen)
{
    int x, y, w, h;
    place(plan, &x, &y, &w, &h);
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (plan->maximized) {
        flags |= SDL_WINDOW_MAXIMIZED;
    }
    *ren = NULL;
    *win = SDL_CreateWindow(plan->title, x, y, w, h, flags);
    if (*win == NULL) {
        err_set(err, errlen, "Cannot open the window: %s", SDL_GetError());
        return -1;
    }
    SDL_SetWindowMinimumSize(*win, WINDOW_MIN_W, WINDOW_MIN_H);
    SDL_StopTextInput(); /* until a text field asks for it */
    Uint32 rflags =
        SDL_RENDERER_ACCELERATED | (plan->headless_test ? 0 : SDL_RENDERER_PRESENTVSYNC);
    *ren = SDL_CreateRenderer(*win, -1, rflags);
    if (*ren == NULL) {
        *ren = SDL_CreateRenderer(*win, -1, SDL_RENDERER_SOFTWARE);
    }
    if (*ren == NULL) {
        err_set(err, errlen, "Cannot create a renderer: %s", SDL_GetError());
        return -1;
    }
    SDL_SetRenderDrawBlendMode(*ren, SDL_BLENDMODE_BLEND);
    /* Last: an OpenGL renderer may make the window anew (SDL_RecreateWindow),
     * and the minimum size moves it too under X11. */
    if (x != SDL_WINDOWPOS_CENTERED && (flags & SDL_WINDOW_MAXIMIZED) == 0 &&
        !plan->headless_test) {
        settle_position(*win, x, y);
    }
    return 0;
}
