/*
 * app_frame.h - the main loop's frames: whether one is wanted and due (on
 * frame_clock.h's grid, or vsync), drawing, finishing, holding and
 * presenting it, a copy kept for the UI tests (app_test_keep_frames) and a
 * line per frame for --frame-stats.  The App's frame fields
 * (app_internal.h) are its state; app.c calls it once a step.
 */
#ifndef GOMOKU_APP_FRAME_H
#define GOMOKU_APP_FRAME_H

#include <stdbool.h>
#include <stddef.h>

#include "app.h"

/* Paces frames by the refresh of the window's display, or by vsync when the
 * renderer has it (frame_clock.h checks that presenting really waits);
 * again when the window goes to another display. */
void app_frame_clock_setup(App *app);

/* --frame-stats FILE: opens path and writes a header; a line per presented
 * frame follows.  Returns 0, or -1 with a sentence in err. */
int app_frame_open_stats(App *app, const char *path, char *err, size_t errlen);

/* Returns true when a frame is wanted: something changed, something moves,
 * or the last frame showed something moving (an animation's final state, a
 * stone fully placed, the last dot of "thinking", must be drawn although
 * nothing asks for it).  Never for a minimized or hidden window. */
bool app_frame_wanted(const App *app);

/* Returns true when the wanted frame is due: on the frame clock's grid (or
 * vsync); a headless test, which never sleeps, draws a change or an
 * animation's end at once and only paces the frames of something moving. */
bool app_frame_due(App *app, bool moving);

/* Draws and presents a frame; moving: drawn because something moves. */
void app_frame_present(App *app, bool moving);

#endif
