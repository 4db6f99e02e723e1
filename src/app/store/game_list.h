/*
 * game_list.h - the saved-games list as data: our saves and Piskvork .psq
 * files (storage_list_games), each with what its contents say
 * (StorageInfo: board, rule, win length, moves, result, final position).
 *
 * Reading the list again reads the contents of new and changed files only
 * (by path, size and modification time); the rest is kept from the reading
 * before.  The file list widget (view/file_list.h) shows it.  A GameList
 * is a value; UI thread only.
 */
#ifndef GOMOKU_GAME_LIST_H
#define GOMOKU_GAME_LIST_H

#include <stddef.h>

#include "store/storage.h"

typedef struct GameList {
    StorageList files;
    StorageInfo *info; /* one per file, what its contents say; NULL when out of memory */
    int reads;         /* files whose contents the last reload read (the rest were known) */
} GameList;

/* Reads the list from st again (st NULL: no data folder, an empty list),
 * reading the contents of new and changed files only.  Returns what
 * storage_list_games returned, err saying why it failed. */
StorageStatus game_list_reload(GameList *gl, const Storage *st, char *err, size_t errlen);

/* Returns file i (owned by gl, valid until the next reload), or NULL when
 * i is out of range. */
const StorageEntry *game_list_entry(const GameList *gl, int i);

/* Returns what file i holds (owned by gl, valid until the next reload), or
 * NULL when i is out of range or it is not known. */
const StorageInfo *game_list_info(const GameList *gl, int i);

/* Releases the list (gl stays usable, empty). */
void game_list_free(GameList *gl);

#endif
