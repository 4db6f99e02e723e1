/*
 * selftest.h - the packaged game checks itself: a scripted game between two
 * people, played through the real loop with synthetic clicks, ending in a
 * screenshot.  Used by the package smoke tests (e.g. the Windows build under
 * Wine), where the cmocka tests are not built.
 */
#ifndef GOMOKU_SELFTEST_H
#define GOMOKU_SELFTEST_H

/* Plays the scripted game (black wins with five in a row on 15x15) in a
 * 1100x800 headless window with the assets from assets_dir (NULL: next to
 * the program) and, when png_path is not NULL, writes the final screen
 * there.  Returns 0 when every step did what it should, else 1 after
 * printing what went wrong on stderr. */
int selftest_run(const char *assets_dir, const char *png_path);

#endif
