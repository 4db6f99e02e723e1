/*
 * saves_puzzle.c - Save as puzzle: a review position the coach marked
 * becomes a puzzle of the player's own (saves_puzzle.h).
 */
#include "scenes/saves_puzzle.h"

#include <stdlib.h>

#include "scenes/saves.h"
#include "session/trainer.h"
#include "store/i18n.h"
#include "store/storage_file.h"

void saves_save_puzzle(Ctx *ctx, int i)
{
    Puzzle *p = malloc(sizeof *p);
    char path[STORAGE_PATH_MAX], err[512];
    if (p == NULL || !ctx->data.have_storage ||
        storage_path(&ctx->data.storage, TRAINER_MINE_FILE, path, sizeof path) != STORAGE_OK) {
        free(p);
        return;
    }
    if (trainer_review_puzzle(ctx->session, i, p) != 0) {
        ctx_notice(ctx, i18n_get(I18N_PUZZLE_NO_PROOF));
        free(p);
        return;
    }
    /* The set is read, added to and written whole: an earlier puzzle's
     * write still queued must land first, or this one would be written
     * over it. */
    storage_writer_wait(ctx->data.writer);
    saves_poll(ctx);
    char *old = NULL, *text = NULL;
    size_t len = 0, newlen = 0;
    if (storage_file_exists(path) &&
        storage_read_file(path, 8u << 20, &old, &len, err, sizeof err) != STORAGE_OK) {
        ctx_notice(ctx, err); /* never write over a set that could not be read */
        free(p);
        return;
    }
    int rc = trainer_mine_append(old, len, p, &text, &newlen);
    free(old);
    free(p);
    if (rc == 1) {
        ctx_notice(ctx, i18n_get(I18N_PUZZLE_ALREADY_MINE));
    } else if (rc == 0 && storage_writer_write(ctx->data.writer, path, text, newlen,
                                               SAVES_JOB_PUZZLES, false) == STORAGE_OK) {
        ctx_notice(ctx, i18n_get(I18N_PUZZLE_SAVED_MINE));
    } else {
        ctx_notice(ctx, "out of memory");
    }
}
