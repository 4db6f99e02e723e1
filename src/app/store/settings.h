/*
 * settings.h - everything the player chose, kept between runs in
 * settings.ini in the data folder (see storage.h, docs/file-format.md).
 * Every key is one row of the table KEYS in settings.c, which drives the
 * defaults, reading, writing, range checks and comparison alike.
 *
 * The file is "key = value" lines after a "gomoku-settings 1" line.
 * Reading is lenient per key: unknown keys are ignored (a newer game's
 * keys) and a value that is out of range or malformed falls back to that
 * key's default with a warning.  A file that is garbled as a whole (binary
 * junk, a line that is not "key = value", a missing header, or cut off
 * mid-line: the writer always ends the file with a newline) gives all
 * defaults and a message.
 *
 * Writing never loses what the player or a newer game put in the file:
 * a save changes only the lines of the settings that changed and keeps
 * every other line as it was - comments, unknown keys, and a value that
 * could not be read (until the player sets that setting) - and writes
 * nothing when no byte would change (settings_text_for).  A file from a
 * newer version ("gomoku-settings 2", or a "version = 2" line) is read as
 * far as this one understands it and never written; a file that could
 * not be read is never written; a damaged one is renamed aside
 * (settings.ini.corrupt-N) before a new one is written, and only once the
 * player changes a setting (docs/file-format.md, "Settings").
 */
#ifndef GOMOKU_SETTINGS_H
#define GOMOKU_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "ai/ai.h"
#include "core/rules.h"
#include "session/session.h"
#include "store/storage.h"

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
    RecordOpening opening; /* swap or swap2 only with k 5 (the setup drops it otherwise) */
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
    SETTINGS_NEWER = 3,    /* from a newer version: read as far as understood, never written */
    SETTINGS_CORRUPT = -1, /* garbled or truncated: all defaults, message says why */
    SETTINGS_ERR_IO = -2   /* could not read or write (message says why); defaults on read */
} SettingsStatus;

/* settings.ini as it was read: its bytes, so that saving changes only the
 * lines of what changed, and how it read, which says whether it may be
 * written at all. */
typedef struct SettingsFile {
    char *text; /* the file's bytes (owned; free with settings_file_free), NULL: none */
    size_t len;
    SettingsStatus status; /* settings_load's answer */
} SettingsFile;

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

/* Formats s as a new settings file.  Returns a NUL-terminated string to
 * free() (its length in *len if not NULL), or NULL when memory runs out. */
char *settings_format(const Settings *s, size_t *len);

/* Formats s over old (old_len bytes, the text of a settings file; NULL:
 * none): old with only the lines of the settings whose value differs
 * changed (the last line of each; a setting old lacks is added at the
 * end, a window position s lacks loses its lines), every other byte kept.
 * What it returns reads back as s.  Old that is not a settings file
 * (settings_parse: SETTINGS_CORRUPT) gives settings_format(s).  Returns a
 * string to free() (length in *len if not NULL), or NULL when memory runs
 * out. */
char *settings_merge(const char *old, size_t old_len, const Settings *s, size_t *len);

/* The text that saving s over file should write, or NULL when nothing
 * should be written: no byte would change, or the file is from a newer
 * version or could not be read (file->status SETTINGS_NEWER or
 * SETTINGS_ERR_IO).  *aside_first is set when the file on disk is
 * damaged and must be kept aside (storage_set_aside) before the text is
 * written.  file NULL: settings_format(s).  The caller frees the text. */
char *settings_text_for(const SettingsFile *file, const Settings *s, size_t *len,
                        bool *aside_first);

/* Loads settings.ini from the data folder.  Never writes anything.
 * Always leaves a usable *out (defaults where needed).  file (may be
 * NULL) gets the bytes read and the status, for settings_text_for. */
SettingsStatus settings_load(const Storage *st, Settings *out, SettingsFile *file, char *msg,
                             size_t msglen);

/* Saves s in settings.ini as settings_text_for(file, s) says, at once (the
 * app writes off its UI thread instead, storage_writer.h): the damaged
 * file kept aside first, then an atomic write; nothing when nothing would
 * change.  file (may be NULL: a new file) is updated to what is on disk.
 * Returns SETTINGS_OK (written, or nothing to write), SETTINGS_NEWER (a
 * newer version's file, not written) or SETTINGS_ERR_IO (message says
 * why; the file on disk is as it was). */
SettingsStatus settings_save(const Storage *st, const Settings *s, SettingsFile *file, char *msg,
                             size_t msglen);

/* Releases file's text and marks it as no file; NULL allowed. */
void settings_file_free(SettingsFile *file);

/* Returns the game setup the settings hold (the clock only when it is on). */
SessionSetup settings_setup(const Settings *s);

#endif
