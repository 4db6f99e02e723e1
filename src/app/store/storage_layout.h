/*
 * storage_layout.h - the names the data folder's files go by, the longest
 * path, and where the Documents folder is said to be (XDG user-dirs.dirs).
 * Text only, no file-system call: the bottom of the store's files, under
 * storage_os.h, storage_file.h and storage.h (which includes it, so every
 * name here is storage.h's too).
 */
#ifndef GOMOKU_STORAGE_LAYOUT_H
#define GOMOKU_STORAGE_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>

#define STORAGE_PATH_MAX 1024

/* The folder in Documents that exports go to. */
#define STORAGE_EXPORTS_DIR "Gomoku"

#define STORAGE_AUTOSAVE_FILE "autosave.gomoku"
#define STORAGE_SETTINGS_FILE "settings.ini"
#define STORAGE_SAVES_DIR     "saves"
#define STORAGE_SAVE_EXT      ".gomoku"
#define STORAGE_PSQ_EXT       ".psq"

/* Returns the part of path after its last '/' or '\\' (path itself when
 * it has none); a pointer into path. */
const char *storage_layout_base_name(const char *path);

/* Finds XDG_DOCUMENTS_DIR in the text of an XDG user-dirs.dirs file
 * (lines XDG_..._DIR="$HOME/..." or ="/..."; '#' comments) and writes it
 * to out with $HOME replaced by home.  Returns false when the text names
 * none that can be used. */
bool storage_parse_user_dirs(const char *text, size_t len, const char *home, char *out,
                             size_t outlen);

#endif
