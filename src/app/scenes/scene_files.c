/*
 * scene_files.c - the saved-games list: open a game in review, delete a
 * file (after asking), export a save as .psq (asking before replacing),
 * and Back to where the list was opened (the menu, a game, a review).
 */
#include "scenes/scene_files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenes/saves.h"
#include "scenes/scene.h"

/* Reads the list again; keep: the selection stays (after a change). */
static void reload(FilesScene *fs, Ctx *ctx, bool keep)
{
    char err[512];
    if (file_list_reload(&fs->list, ctx->data.have_storage ? &ctx->data.storage : NULL, keep, err,
                         sizeof err) != STORAGE_OK) {
        ctx_notice(ctx, err);
    }
    ctx->dirty = true;
}

/* Opens the selected file in review; a .psq is imported exactly as
 * "gomoku FILE.psq" would. */
static void open_selected(FilesScene *fs, Ctx *ctx)
{
    const StorageEntry *e = file_list_selected(&fs->list);
    if (e != NULL) {
        char path[STORAGE_PATH_MAX];
        SDL_strlcpy(path, e->path, sizeof path);
        saves_open_path(ctx, path, saves_base_name(path));
    }
}

static void ask_delete(FilesScene *fs, Ctx *ctx)
{
    const StorageEntry *e = file_list_selected(&fs->list);
    if (e == NULL) {
        return;
    }
    DialogSpec spec = {.tag = DIALOG_DELETE,
                       .buttons = 2,
                       .labels = {I18N_BTN_DELETE, I18N_BTN_CANCEL},
                       .destructive = true};
    /* A .psq is named with its extension: "x" and "x.psq" may both be listed. */
    i18n_format(spec.text, sizeof spec.text, I18N_FMT_DELETE_CONFIRM,
                e->kind == STORAGE_KIND_PSQ ? saves_base_name(e->path) : e->name);
    scene_push(ctx->scenes, SCENE_DIALOG, &spec);
}

static void act(FilesScene *fs, Ctx *ctx, FileListAction a)
{
    switch (a) {
    case FILE_LIST_OPEN: open_selected(fs, ctx); break;
    case FILE_LIST_DELETE: ask_delete(fs, ctx); break;
    case FILE_LIST_EXPORT:
        if (file_list_can_export(&fs->list) && saves_export(ctx, file_list_selected(&fs->list))) {
            reload(fs, ctx, true); /* the new .psq joins the list */
        }
        break;
    case FILE_LIST_BACK: scene_go(ctx->scenes, fs->back); break;
    default: break;
    }
}

static void handle(void *self, Ctx *ctx, const AppCommand *cmd)
{
    FilesScene *fs = self;
    ctx->dirty = true;
    switch (cmd->kind) {
    case CMD_RESIZED:
        file_list_layout(&fs->list, ctx->platform.out_w, ctx->platform.out_h, ctx->platform.sx);
        break;
    case CMD_HELP: scene_push(ctx->scenes, SCENE_HELP, NULL); break;
    case CMD_DROP_FILE: saves_open_path(ctx, cmd->data, saves_base_name(cmd->data)); break;
    default: act(fs, ctx, file_list_command(&fs->list, cmd)); break;
    }
}

static void answer(void *self, Ctx *ctx, const DialogAnswer *a)
{
    FilesScene *fs = self;
    if (saves_answer(ctx, a)) {
        reload(fs, ctx, true);
        return;
    }
    const StorageEntry *e = file_list_selected(&fs->list);
    if (a->tag != DIALOG_DELETE || a->button != 0 || e == NULL) {
        return;
    }
    char err[512];
    if (storage_delete_entry(&ctx->data.storage, e, err, sizeof err) != STORAGE_OK) {
        ctx_message(ctx, err);
    }
    reload(fs, ctx, true);
}

static void *create(Ctx *ctx)
{
    (void)ctx;
    FilesScene *fs = calloc(1, sizeof *fs);
    if (fs != NULL) {
        file_list_init(&fs->list);
    }
    return fs;
}

static void destroy(void *self)
{
    FilesScene *fs = self;
    file_list_free(&fs->list);
    free(fs);
}

static void enter(void *self, Ctx *ctx, const DialogSpec *spec)
{
    (void)spec;
    FilesScene *fs = self;
    /* Back returns to what was there: a game goes on, a review stays on
     * its move (both wait untouched while the list shows). */
    SceneId from = scene_previous(ctx->scenes);
    fs->back = from == SCENE_PLAY || from == SCENE_REVIEW ? from : SCENE_MENU;
    file_list_layout(&fs->list, ctx->platform.out_w, ctx->platform.out_h, ctx->platform.sx);
    reload(fs, ctx, false);
}

static void draw(void *self, Ctx *ctx)
{
    FilesScene *fs = self;
    file_list_draw(&fs->list, ctx->platform.ren, ctx->ui.text, &ctx->platform.assets,
                   ctx->platform.out_w, ctx->platform.out_h, ctx->platform.sx,
                   ctx_notice_text(ctx));
}

static bool animating(const void *self, const Ctx *ctx)
{
    (void)self;
    return ctx_notice_text(ctx)[0] != '\0';
}

static bool hovering(const void *self, const Ctx *ctx)
{
    (void)ctx;
    return file_list_hovering(&((const FilesScene *)self)->list);
}

const SceneClass scene_files_class = {
    .name = "files",
    .create = create,
    .destroy = destroy,
    .enter = enter,
    .handle = handle,
    .answer = answer,
    .draw = draw,
    .animating = animating,
    .hovering = hovering,
};
