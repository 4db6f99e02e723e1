/*
 * frame_clock.h - when the main loop may draw its next frame.
 *
 * While something moves, frames are due on a fixed grid of deadlines, one
 * display refresh apart, counted on the performance counter: a frame that
 * starts a little late does not push the ones after it, so millisecond
 * sleeps and a busy machine cannot make the rate drift down.  When the
 * renderer was asked for vsync and presenting really waits for the display,
 * the display paces instead (a grid of our own beside it would beat against
 * the refresh and drop frames); whether presenting waits is measured, since
 * drivers may accept vsync and ignore it (a hidden window, some X servers).
 * Frames drawn for input are held to the same grid, so a fast mouse costs
 * at most one frame a refresh.
 *
 * On the grid, what the player sees is when presenting happens, and the
 * time drawing takes varies (a software GL does its work inside
 * SDL_RenderPresent: 6 to 10 ms for the same frame).  So the loop begins a
 * frame early by the longest recent drawing time (lead), makes the renderer
 * finish it, holds it until its deadline and only then presents: frames
 * appear one period apart whatever each took to draw.
 *
 * Pure arithmetic on counter ticks: the loop (app.c) passes the times in,
 * and the tests drive it with made-up ones.
 */
#ifndef GOMOKU_FRAME_CLOCK_H
#define GOMOKU_FRAME_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

/* The rate when the display's is unknown or implausible. */
#define FRAME_CLOCK_DEFAULT_HZ 60
/* Back-to-back frames measured before deciding whether vsync waits. */
#define FRAME_CLOCK_PROBE_FRAMES 30
/* After vsync was found not to wait: seconds until it is tried again (the
 * window may have been hidden, or moved to another display). */
#define FRAME_CLOCK_RETRY_S 10

typedef struct FrameClock {
    uint64_t freq;   /* counter ticks a second */
    uint64_t period; /* ticks a frame */
    uint64_t next;   /* when the next frame is to be shown; 0: none drawn yet */
    uint64_t lead;   /* ticks a frame takes to draw: a maximum that decays slowly */
    bool vsync_asked;
    bool vsync;            /* presenting waits for the display (as last measured) */
    int probe_n;           /* back-to-back frames measured so far */
    uint64_t probe_start;  /* when the first of them was presented */
    uint64_t last_present; /* when the last frame was presented; 0: none */
    uint64_t retry_at;     /* pacing by the grid although vsync was asked: try it again then */
} FrameClock;

/* Sets fc up for a counter of freq ticks a second, a display refreshing
 * refresh_hz times a second (<= 0 or implausible: FRAME_CLOCK_DEFAULT_HZ),
 * and a renderer asked for vsync or not. */
void frame_clock_init(FrameClock *fc, uint64_t freq, int refresh_hz, bool vsync);

/* The moments of one frame, in counter ticks. */
typedef struct FrameTimes {
    uint64_t start; /* drawing began */
    uint64_t ready; /* drawn (and finished, when held) */
    uint64_t shown; /* handed to SDL_RenderPresent, after any hold */
    uint64_t end;   /* SDL_RenderPresent returned */
} FrameTimes;

/* Returns how many ticks after now the next frame should be begun: 0 for
 * now (always while vsync paces: presenting will wait). */
uint64_t frame_clock_wait(const FrameClock *fc, uint64_t now);

/* Returns the wait of frame_clock_wait in whole milliseconds, rounded up so
 * the loop never wakes before it. */
int frame_clock_wait_ms(const FrameClock *fc, uint64_t now);

/* Returns true when a drawn frame should be finished and held until its
 * deadline before presenting (the grid paces, not vsync). */
bool frame_clock_holds(const FrameClock *fc);

/* Returns how many ticks after now (the frame ready) it is to be shown. */
uint64_t frame_clock_hold(const FrameClock *fc, uint64_t now);

/* Records a presented frame; moving: it was drawn because something moves,
 * so another follows at once (that is what tells whether vsync waits). */
void frame_clock_presented(FrameClock *fc, const FrameTimes *t, bool moving);

#endif
