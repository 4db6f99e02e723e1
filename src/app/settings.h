/*
 * settings.h - everything the player chose, kept between runs in
 * settings.ini in the data folder (see storage.h, docs/file-format.md).
 * Every key is one row of the table KEYS in settings.c, which drives the
 * defaults, reading, writing, range checks and comparison alike.
 *
 * The file is "key = value" lines after a "gomoku-settings 1" line.
 * Reading is lenient per key: unknown keys are ignored (a newer version's
 * file still loads) and a value that is out of range or malformed falls
 * back to that key's default with a warning.  A file that is garbled as a
 * whole (binary junk, a line that is not "key = value", a missing header,
 * or cut off mid-line: the writer always ends the file with a newline)
 * gives all defaults and a message.
 *
 * Policy for a damaged file: settings_load never writes.  The app should
 * call settings_save only when the settings differ from what was loaded
 * (settings_equal), i.e. once the player changes something, so a damaged
 * file stays on disk for inspection until then.
 */
#ifndef GOMOKU_SETTINGS_H
#define GOMOKU_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "ai/ai.h"
#include "core/rules.h"
#include "session/session.h"
#include "storage.h"

#define SETTINGS_FORMAT_VERSION 1
#define SETTINGS_LANG_MAX       8
/* The window's size at the first start, in window units (gomoku --help
 * names it too). */
#define SETTINGS_DEFAULT_WINDOW_W  1024
#define SETTINGS_DEFAULT_WINDOW_H  768
#define SETTINGS_MIN_WINDOW        320
#define SETTINGS_MAX_WINDOW        16384
#define SETTINGS_MIN_CLOCK_MINUTES 1
#define SETTINGS_MAX_CLOCK_MINUTES 180
/* The board sizes the menu offers. */
#define SETTINGS_MIN_SIZE 9
#define SETTINGS_MAX_SIZE 19

typedef struct Settings {
    /* The menu's choices (same ranges as MenuOptions; renju only with k 5). */
    int size;
    int k;
    RuleKind rule;
    PlayerMode mode;
    AiPreset preset;
    /* The Custom AI (ai_custom.h), played instead of preset when custom. */
    bool custom;
    int custom_depth, custom_breadth, custom_time_ms, custom_threads;
    /* Window, in window units.  has_position false: let the system place it. */
    int window_w, window_h;
    bool has_position;
    int window_x, window_y;
    bool maximized;
    bool fullscreen;
    /* "en", "zh", or "" = choose from the system locale. */
    char language[SETTINGS_LANG_MAX];
    bool sound;
    /* Board toggles. */
    bool move_numbers;
    bool coordinates;
    bool analysis;
    bool forbidden_marks;
    /* Player clock: off, or clock_minutes per side. */
    bool clock;
    int clock_minutes;
} Settings;

typedef enum SettingsStatus {
    SETTINGS_OK = 0,       /* loaded, every key valid */
    SETTINGS_MISSING = 1,  /* no file yet: defaults, nothing to report */
    SETTINGS_WARNINGS = 2, /* loaded, but some values fell back to defaults (message says which) */
    SETTINGS_CORRUPT = -1, /* garbled or truncated: all defaults, message says why */
    SETTINGS_ERR_IO = -2   /* could not read or write (message says why); defaults on read */
} SettingsStatus;

/* Writes the defaults to *s: 15x15, five in a row, freestyle, you play
 * black, medium; 1024x768 window placed by the system, not maximized or
 * fullscreen; language "" (system); sound on; coordinates and forbidden
 * marks on, move numbers and analysis off; clock off, 10 minutes. */
void settings_defaults(Settings *s);

/* Makes *s consistent: every out-of-range field gets its default (renju
 * with k != 5 becomes freestyle).  Returns the number of fields changed. */
int settings_sanitize(Settings *s);

/* Returns true when the two are the same in every field. */
bool settings_equal(const Settings *a, const Settings *b);

/* Parses the text of a settings file into *out (defaults for what is not
 * there).  Returns SETTINGS_OK, SETTINGS_WARNINGS or SETTINGS_CORRUPT (then
 * *out is all defaults); msg (if not NULL) gets the warnings or the reason,
 * "" when OK. */
SettingsStatus settings_parse(const char *text, size_t len, Settings *out, char *msg,
                              size_t msglen);

/* Formats s as a settings file.  Returns a NUL-terminated string to free()
 * (its length in *len if not NULL), or NULL when memory runs out. */
char *settings_format(const Settings *s, size_t *len);

/* Loads settings.ini from the data folder.  Never writes anything.
 * Always leaves a usable *out (defaults where needed). */
SettingsStatus settings_load(const Storage *st, Settings *out, char *msg, size_t msglen);

/* Writes settings.ini atomically.  Returns SETTINGS_OK or SETTINGS_ERR_IO. */
SettingsStatus settings_save(const Storage *st, const Settings *s, char *msg, size_t msglen);

/* Returns the game setup the settings hold (the clock only when it is on). */
SessionSetup settings_setup(const Settings *s);

#endif
