/*
 * storage.h - the game's data folder: where it is, saved games and their
 * names, the list of games, the autosave, exports.  One file at a time
 * (atomic writes, reads, setting aside) is storage_file.h; the files'
 * names and the longest path, storage_layout.h.  They include one another
 * one way, bottom up: storage_layout, storage_os (the system calls),
 * storage_file, storage.
 *
 * Layout of the data folder (see docs/file-format.md):
 *     settings.ini          settings (settings.h)
 *     autosave.gomoku       the game in progress, rewritten after every move
 *     saves/NAME.gomoku     games the player saved
 *     NAME.psq, saves/NAME.psq   Piskvork games put there; listed and opened
 *                                beside the saves
 * and, where a player finds them, the exports:
 *     DOCUMENTS/Gomoku/NAME.psq  games exported as .psq (Export .psq), also
 *                                listed; DOCUMENTS is the user's Documents
 *                                folder (storage_set_documents)
 *
 * Every write goes to a uniquely named temporary file in the same folder,
 * is flushed to disk, and is then renamed over the target, so a crash
 * leaves either the old file or the new one, never a mix.  A file that
 * fails to load is never written by a load: it is left as it is and the
 * caller gets a message (and may call storage_set_aside if the player
 * agrees).
 *
 * Every function returns a StorageStatus and, on failure, writes one
 * English sentence to err (when err is not NULL and errlen > 0) naming the
 * file and the reason.  None of them aborts on bad input.  They keep no
 * state, so the app's writer thread (storage_writer.h) writes files while
 * its UI thread reads others; two threads must not write the same file.
 */
#ifndef GOMOKU_STORAGE_H
#define GOMOKU_STORAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/record.h"

#include "store/storage_file.h"
#include "store/storage_layout.h"

/* Longest save name, in bytes, terminator included. */
#define STORAGE_NAME_MAX 64
/* Files larger than this are refused by storage_read_file's callers here. */
#define STORAGE_MAX_FILE (1024 * 1024)

/* The environment variable that overrides the data folder (tests, portable
 * installs). */
#define STORAGE_ENV_DIR "GOMOKU_DATA_DIR"
/* The environment variable that overrides the Documents folder exports go
 * under (tests, so they never write to the real home). */
#define STORAGE_ENV_DOCUMENTS "GOMOKU_DOCUMENTS_DIR"

/* The files' names (STORAGE_AUTOSAVE_FILE, STORAGE_SAVES_DIR,
 * STORAGE_SAVE_EXT, STORAGE_PSQ_EXT...) and STORAGE_PATH_MAX are
 * storage_layout.h's. */

/* The data folder and the exports folder, as a value.  Both end without
 * a separator. */
typedef struct Storage {
    char dir[STORAGE_PATH_MAX];
    char exports[STORAGE_PATH_MAX]; /* DOCUMENTS/Gomoku; "" when no Documents folder is known */
} Storage;

/* What a listed file holds (by its extension; the contents are only read
 * when it is opened). */
typedef enum StorageKind {
    STORAGE_KIND_GOMOKU = 0, /* saves/NAME.gomoku, our own record */
    STORAGE_KIND_PSQ         /* NAME.psq in the exports folder, the data folder or saves/ */
} StorageKind;

/* One saved game in the list. */
typedef struct StorageEntry {
    char name[STORAGE_NAME_MAX]; /* file name without its extension (a longer .psq name is
                                  * cut at a character boundary: path is what counts) */
    char path[STORAGE_PATH_MAX]; /* full path */
    StorageKind kind;
    int64_t mtime; /* modification time, seconds since 1970 (UTC) */
    char date[32]; /* mtime as local "YYYY-MM-DD HH:MM" */
    int64_t bytes; /* file size */
} StorageEntry;

typedef struct StorageList {
    StorageEntry *items; /* newest first (ties: by name) */
    int count;
} StorageList;

/* What a listed game holds, read from its contents for the file list. */
typedef struct StorageInfo {
    bool damaged;      /* the file does not load: why says why */
    char why[200];     /* English, from the reader (what is wrong, by line) */
    Rules rules;       /* as the file says (a .psq: as read, see record_psq.h) */
    int moves;         /* moves played */
    GameResult result; /* GAME_ONGOING: unfinished */
    RecordEnd end;     /* how a finished game ended */
    Board board;       /* the final position (board.size is the board size) */
    Move last;         /* the last move, MOVE_NONE when none */
} StorageInfo;

/* Chooses and creates the data folder: dir if not NULL and not empty,
 * else $GOMOKU_DATA_DIR if set and not empty, else
 * SDL_GetPrefPath("Gomoku", "Gomoku") (SDL need not be initialised).
 * Also creates its "saves" subfolder, chooses the exports folder as
 * storage_set_documents(st, NULL) does, and removes what interrupted
 * writes left there (storage_clean_temp).  Returns STORAGE_OK, or an
 * error (st->dir is then "") when no folder can be found or created. */
StorageStatus storage_init(Storage *st, const char *dir, char *err, size_t errlen);

/* Removes the temporary files that writes cut short (a crash, a kill, a
 * power cut) left in the data folder, saves/ and the exports folder: only
 * ours (settings.ini, NAME.gomoku or NAME.psq, then STORAGE_TEMP_MARK and
 * the rest of the name we give them), and only those whose process is
 * gone or that are over an hour old, so a save another instance is making
 * now is left alone.  Returns how many were removed. */
int storage_clean_temp(const Storage *st);

/* Chooses the exports folder, DOCUMENTS/Gomoku: DOCUMENTS is documents if
 * not NULL and not empty, else $GOMOKU_DOCUMENTS_DIR if set and not empty,
 * else the user's Documents folder (Windows: the Documents known folder;
 * macOS: ~/Documents; elsewhere XDG_DOCUMENTS_DIR from user-dirs.dirs,
 * else ~/Documents).  Nothing is created until an export writes there.
 * Returns STORAGE_OK, or STORAGE_ERR_NOT_FOUND (st->exports "") when no
 * Documents folder is known. */
StorageStatus storage_set_documents(Storage *st, const char *documents);

/* Writes the path Export .psq of the save name writes to, NAME.psq in the
 * exports folder (the data folder when there is none), and creates that
 * folder.  Returns STORAGE_OK, STORAGE_ERR_ARGS (a bad name, too long) or
 * STORAGE_ERR_IO when the folder cannot be created, with err saying why. */
StorageStatus storage_export_path(const Storage *st, const char *name, char *out, size_t outlen,
                                  char *err, size_t errlen);

/* Writes a file:// URL naming path (a folder or a file) to out: '/'
 * separators, every byte but letters, digits and -._~/ percent-encoded
 * (UTF-8), "file:///C:/..." for a Windows drive path.  For SDL_OpenURL.
 * Returns STORAGE_OK or STORAGE_ERR_ARGS when it does not fit. */
StorageStatus storage_file_url(const char *path, char *out, size_t outlen);

/* Joins st->dir and rel ("saves/x.gomoku", '/' separated) into out.
 * Returns STORAGE_OK or STORAGE_ERR_ARGS when it does not fit. */
StorageStatus storage_path(const Storage *st, const char *rel, char *out, size_t outlen);

/* Why a save name is refused (see storage_name_check). */
typedef enum StorageNameProblem {
    STORAGE_NAME_OK = 0,
    STORAGE_NAME_EMPTY,    /* "" (or NULL) */
    STORAGE_NAME_TOO_LONG, /* STORAGE_NAME_MAX bytes or more */
    STORAGE_NAME_BAD_TEXT, /* not valid UTF-8 */
    STORAGE_NAME_BAD_CHAR, /* a control character or one of / \ : < > " | ? * */
    STORAGE_NAME_BAD_EDGE, /* starts with '.' or a space, or ends with one */
    STORAGE_NAME_RESERVED  /* a Windows device name (con, prn, aux, nul, com1, lpt1...) */
} StorageNameProblem;

/* Returns why name cannot be a save name, or STORAGE_NAME_OK.  Allowed:
 * 1..STORAGE_NAME_MAX-1 bytes of valid UTF-8 (so any language's letters,
 * e.g. "五子棋"), no '/', '\\', ':', control characters or characters
 * Windows forbids (<>"|?*), not starting with '.' or a space, not ending
 * with '.' or a space, not a Windows device name.  The rules are the same
 * on every platform so a save folder can be copied between them. */
StorageNameProblem storage_name_check(const char *name);

/* Returns true when storage_name_check(name) is STORAGE_NAME_OK. */
bool storage_name_valid(const char *name);

/* Returns true when a save called name exists (saves/NAME.gomoku); false
 * for an invalid name or no data folder. */
bool storage_save_exists(const Storage *st, const char *name);

/* Writes a default save name for a new save to out: the local date and
 * time "YYYY-MM-DD HH-MM", with " (2)", " (3)"... appended when a save of
 * that name exists.  Returns STORAGE_OK or STORAGE_ERR_ARGS. */
StorageStatus storage_suggest_name(const Storage *st, char *out, size_t outlen);

/* As storage_suggest_name, the name starting with prefix and a blank
 * ("Unfinished 2026-11-27 19-22").  prefix must be a valid start of a
 * name, at most half of STORAGE_NAME_MAX. */
StorageStatus storage_suggest_name_after(const Storage *st, const char *prefix, char *out,
                                         size_t outlen);

/* Writes the current UTC time as ISO 8601 ("2026-11-22T10:00:00Z"), for
 * Record.date.  Returns out. */
char *storage_date_now(char *out, size_t outlen);

/* Lists saves/ *.gomoku, newest first.  On success out owns an array to
 * release with storage_list_free (count may be 0).  Unreadable entries are
 * skipped; their contents are not parsed (listing stays fast). */
StorageStatus storage_list_saves(const Storage *st, StorageList *out, char *err, size_t errlen);

/* Lists everything the file list shows, newest first (ties: by name):
 * saves/ *.gomoku (kind STORAGE_KIND_GOMOKU) and the .psq files directly in
 * the exports folder (where Export .psq writes them), in the data folder
 * and in saves/ (where a player may put them; kind STORAGE_KIND_PSQ).  An
 * exports folder that is missing or unreadable lists nothing.  Like
 * storage_list_saves otherwise: unreadable entries are skipped, contents
 * are not parsed, out owns an array to release with storage_list_free. */
StorageStatus storage_list_games(const Storage *st, StorageList *out, char *err, size_t errlen);

/* Deletes the listed file e (either kind).  Refuses (STORAGE_ERR_ARGS) a
 * path outside the data folder, its saves/ and the exports folder, or with
 * another extension,
 * so a stale or forged entry cannot remove anything else;
 * STORAGE_ERR_NOT_FOUND when it is already gone. */
StorageStatus storage_delete_entry(const Storage *st, const StorageEntry *e, char *err,
                                   size_t errlen);

/* Reads the game in path for the list: its board, rules, result, moves
 * and final position, or damaged with the reason.  scratch is a Record to
 * parse into (records are large: the caller keeps one for many files).
 * Never fails: a file that cannot be read is reported as damaged. */
void storage_read_info(const char *path, Record *scratch, StorageInfo *out);

/* Releases the list's array and zeroes *list; NULL allowed. */
void storage_list_free(StorageList *list);

/* Writes the path of the save called name, saves/NAME.gomoku, to out.
 * Returns STORAGE_ERR_ARGS for an invalid name (see storage_name_valid) or
 * no data folder, with err saying which. */
StorageStatus storage_game_path(const Storage *st, const char *name, char *out, size_t outlen,
                                char *err, size_t errlen);

/* Saves rec as saves/NAME.gomoku (replacing a save of that name).
 * Returns STORAGE_ERR_ARGS for an invalid name (see storage_name_valid). */
StorageStatus storage_save_game(const Storage *st, const char *name, const Record *rec, char *err,
                                size_t errlen);

/* Loads saves/NAME.gomoku into *out.  STORAGE_ERR_CORRUPT (message with
 * the line number) when it does not parse; the file is left untouched. */
StorageStatus storage_load_game(const Storage *st, const char *name, Record *out, char *err,
                                size_t errlen);

/* Deletes saves/NAME.gomoku. */
StorageStatus storage_delete_game(const Storage *st, const char *name, char *err, size_t errlen);

/* Loads any record file (ours or .psq, chosen by content, not by
 * extension): for "gomoku FILE" and files dropped on the window. */
StorageStatus storage_load_path(const char *path, Record *out, char *err, size_t errlen);

/* Writes rec to path atomically: as .psq when path ends in ".psq"
 * (case-insensitive), else in our format. */
StorageStatus storage_save_path(const char *path, const Record *rec, char *err, size_t errlen);

/* Writes the autosave (call after every move). */
StorageStatus storage_autosave_write(const Storage *st, const Record *rec, char *err,
                                     size_t errlen);

/* Loads the autosave.  STORAGE_ERR_NOT_FOUND when there is none (no
 * message needed), STORAGE_ERR_CORRUPT when it is damaged (left as it is;
 * offer storage_set_aside or storage_autosave_remove). */
StorageStatus storage_autosave_load(const Storage *st, Record *out, char *err, size_t errlen);

/* Removes the autosave (the game ended normally, or the player declined
 * to resume).  Missing is not an error. */
StorageStatus storage_autosave_remove(const Storage *st, char *err, size_t errlen);

/* Returns a short English name of the status ("ok", "file not found"...). */
const char *storage_status_name(StorageStatus s);

#endif
