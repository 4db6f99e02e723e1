/*
 * game_list.c - the saved-games list as data (game_list.h).
 */
#include "store/game_list.h"

#include <stdlib.h>
#include <string.h>

/* Fills the new list's infos: a file seen before with the same size and
 * time keeps what was read of it; the others are read now. */
static void read_infos(GameList *gl, const StorageList *old, const StorageInfo *old_info)
{
    gl->reads = 0;
    gl->info = gl->files.count > 0 ? calloc((size_t)gl->files.count, sizeof *gl->info) : NULL;
    Record *scratch = NULL;
    for (int i = 0; gl->info != NULL && i < gl->files.count; i++) {
        const StorageEntry *e = &gl->files.items[i];
        int known = -1;
        for (int j = 0; old_info != NULL && j < old->count && known < 0; j++) {
            const StorageEntry *o = &old->items[j];
            if (o->mtime == e->mtime && o->bytes == e->bytes && strcmp(o->path, e->path) == 0) {
                known = j;
            }
        }
        if (known >= 0) {
            gl->info[i] = old_info[known];
            continue;
        }
        scratch = scratch != NULL ? scratch : malloc(sizeof *scratch);
        storage_read_info(e->path, scratch, &gl->info[i]);
        gl->reads++;
    }
    free(scratch);
}

StorageStatus game_list_reload(GameList *gl, const Storage *st, char *err, size_t errlen)
{
    StorageList old = gl->files;
    StorageInfo *old_info = gl->info;
    gl->files = (StorageList){NULL, 0};
    gl->info = NULL;
    StorageStatus s = STORAGE_OK;
    if (st != NULL) {
        s = storage_list_games(st, &gl->files, err, errlen);
    }
    read_infos(gl, &old, old_info);
    storage_list_free(&old);
    free(old_info);
    return s;
}

const StorageEntry *game_list_entry(const GameList *gl, int i)
{
    return i >= 0 && i < gl->files.count ? &gl->files.items[i] : NULL;
}

const StorageInfo *game_list_info(const GameList *gl, int i)
{
    return gl->info != NULL && i >= 0 && i < gl->files.count ? &gl->info[i] : NULL;
}

void game_list_free(GameList *gl)
{
    storage_list_free(&gl->files);
    free(gl->info);
    gl->info = NULL;
}
