/*
 * saves.h - the game's files as the player meets them: a file opened from
 * the command line, dropped on the window or picked in the list; Save
 * under a typed name (asking before replacing); Export .psq; the autosave
 * written after every move and offered back at the next start.
 *
 * These are the app's actions over storage.h and the session; they open
 * the dialogs they need and take their answers back (saves_answer).  The
 * files are written off the UI thread (storage_writer.h, ctx->data.writer):
 * what was saved, or why not, is told when the writer says (saves_poll).
 */
#ifndef GOMOKU_SAVES_H
#define GOMOKU_SAVES_H

#include <stdbool.h>

#include "core/record.h"
#include "ctx.h"
#include "session/session.h"
#include "store/storage.h"

typedef struct DialogAnswer DialogAnswer;
typedef struct StorageResult StorageResult;

/* What a file written off the UI thread was, so its outcome is told right
 * (StorageResult.tag). */
typedef enum SavesJob {
    SAVES_JOB_AUTOSAVE = 1,                  /* the autosave written or removed */
    SAVES_JOB_SAVE,                          /* Save under a name */
    SAVES_JOB_ANALYSIS,                      /* the review's analysis written into its file */
    SAVES_JOB_EXPORT,                        /* Export .psq */
    SAVES_JOB_SETTINGS = CTX_WRITE_SETTINGS, /* settings.ini (ctx_settings_written) */
    SAVES_JOB_KEEP,   /* an unfinished game kept in Saved games before it was left */
    SAVES_JOB_PUZZLES /* the puzzle trainer's history (scene_puzzle.c) */
} SavesJob;

struct Saves {
    Record *pending;                    /* the game as it was when Save was chosen; owned */
    Record *resume;                     /* the autosave offered at the start; owned */
    Record *origin;                     /* the record last opened in review, for Save to keep its
                                         * names and notes while the game is the same; owned */
    const char *autosave_aside;         /* keep the autosave aside before writing over it, as
                                         * "corrupt" (damaged) or "newer" (a newer version's); NULL */
    bool autosave_warned;               /* the player knows the autosave cannot be written */
    SessionEventKind autosave_due;      /* the last autosave event not yet written; 0: none */
    char name[STORAGE_NAME_MAX];        /* the name being saved under */
    char export_src[STORAGE_PATH_MAX];  /* Export .psq: the save */
    char export_dst[STORAGE_PATH_MAX];  /* ...and the .psq to write */
    char review_path[STORAGE_PATH_MAX]; /* the record in review: its analysis goes back into it */
    /* A file opened in review while a game was in play (or waiting behind
     * the menu): that game, for Back to bring back, and the scene (a
     * SceneId) Back returns to.  opened: the review shows an opened file,
     * not the game in play. */
    bool opened;
    Record *live;
    int live_from;
    /* The name the unfinished game is kept under, as the question said;
     * keeping: its write is under way (the autosave is not removed until
     * it is done); drop_autosave: remove the autosave once it is. */
    char leave_name[STORAGE_NAME_MAX];
    bool keeping, drop_autosave;
    char opened_url[STORAGE_PATH_MAX * 3]; /* the last folder shown (Open folder), as a URL */
};

/* At the start: opens the file given on the command line in review, or
 * offers to resume the autosave, and says when the settings were damaged. */
void saves_startup(Ctx *ctx);

/* Opens a record file (ours or .psq) in review; label names it in
 * messages.  Returns true when it opened; a file that does not load is
 * reported in a dialog and left untouched. */
bool saves_open_path(Ctx *ctx, const char *path, const char *label);

/* Save: copies the game now (a move the computer makes meanwhile is not
 * part of it) and asks for a name. */
void saves_begin_save(Ctx *ctx);

/* Export .psq of the listed save e: NAME.psq in the exports folder
 * (Documents/Gomoku), asking before replacing one; once written, a dialog
 * shows the full path and offers to open the folder.  Returns true when
 * the file was written now. */
bool saves_export(Ctx *ctx, const StorageEntry *e);

/* Takes the answer of a dialog saves opened (save name, replace, resume);
 * returns false for any other dialog. */
bool saves_answer(Ctx *ctx, const DialogAnswer *a);

/* Notes the session's autosave events (the last one of a batch wins);
 * returns false for other events. */
bool saves_on_session_event(Ctx *ctx, const SessionEvent *ev);

/* Has the autosave written (or removed) as the last noted event asked,
 * once; the writing happens off the UI thread. */
void saves_write_autosave(Ctx *ctx);

/* Writes or removes the autosave as the session's queued events say (at
 * the end, so the last move is not lost), dropping the other events. */
void saves_flush(Ctx *ctx);

/* Tells the player how the files written off the UI thread went (saved,
 * exported, or why not); call once a step. */
void saves_poll(Ctx *ctx);

/* Returns true when replacing the game now (a new game, Play in the menu,
 * Play from here on an opened file) would leave an unfinished game that
 * only the autosave holds. */
bool saves_unfinished_at_stake(const Ctx *ctx);

/* Asks "Leave the game in progress? It stays in Saved games as “NAME”."
 * (DIALOG_LEAVE_GAME); the scene under it gets the answer and, on Leave
 * (button 0), calls saves_keep_unfinished and goes on. */
void saves_ask_leave(Ctx *ctx);

/* Has the unfinished game written to Saved games under the name the
 * question gave (a new name when none was asked) and forgets the game
 * kept for Back; the status line says where it is once it is written.
 * Returns true when the write was queued. */
bool saves_keep_unfinished(Ctx *ctx);

/* Returns true while the review shows an opened file, not the game in
 * play. */
bool saves_reviewing_opened(const Ctx *ctx);

/* Back from the review of an opened file: brings the game that was in
 * play back (as it was, clocks included) and goes where the player came
 * from: the game, or the menu with it behind Resume. */
void saves_back_from_opened(Ctx *ctx);

/* The opened file's game becomes the game in play (Play from here, a new
 * game from its review): the game kept for Back is let go (keep it first
 * with saves_keep_unfinished when it is unfinished). */
void saves_forget_live(Ctx *ctx);

/* At the end (after ctx_finish): writes or removes the autosave as the
 * session's queued events say (saves_flush), waits until every file asked
 * for is on the disk, tells how they went (saves_poll) and releases what
 * ctx->data.saves holds.  Nothing is done without ctx->data.saves. */
void saves_end(Ctx *ctx);

/* Releases what s holds. */
void saves_free(Saves *s);

/* Returns the part of path after its last separator. */
const char *saves_base_name(const char *path);

#endif
