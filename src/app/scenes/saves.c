/*
 * saves.c - opening, saving, exporting and autosaving games, with the
 * dialogs that go with them.
 */
#include "scenes/saves.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/record_psq.h"
#include "core/record_text.h"
#include "ctx.h"
#include "store/i18n.h"
#include "scenes/scene.h"
#include "store/storage_os.h"

const char *saves_base_name(const char *path)
{
    const char *b = path;
    for (const char *p = path; *p != '\0'; p++) {
        if (*p == '/' || *p == '\\') {
            b = p + 1;
        }
    }
    return b;
}

void saves_free(Saves *s)
{
    free(s->pending);
    s->pending = NULL;
    free(s->resume);
    s->resume = NULL;
    free(s->origin);
    s->origin = NULL;
    free(s->live);
    s->live = NULL;
}

/* Formats rec (as .psq or ours) and has it written to path off the UI
 * thread; saves_poll tells how it went.  False (nothing queued) when
 * memory runs out or the path cannot be. */
static bool write_later(Ctx *ctx, const char *path, const Record *rec, bool psq, SavesJob tag)
{
    size_t len = 0;
    char *text = psq ? record_format_psq(rec, &len) : record_format(rec, &len);
    bool replace = tag == SAVES_JOB_AUTOSAVE || tag == SAVES_JOB_ANALYSIS;
    ctx->data.writes_asked++;
    return text != NULL &&
           storage_writer_write(ctx->data.writer, path, text, len, (int)tag, replace) == STORAGE_OK;
}

/* Asks a yes/no question tagged tag: ok, the default unless it destroys
 * something, or cancel. */
static void ask(Ctx *ctx, DialogTag tag, const char *text, I18nString ok, I18nString cancel,
                bool destructive)
{
    DialogSpec spec = {
        .tag = tag, .buttons = 2, .labels = {ok, cancel}, .destructive = destructive};
    SDL_strlcpy(spec.text, text, sizeof spec.text);
    scene_push(ctx->scenes, SCENE_DIALOG, &spec);
}

/* ---- opening --------------------------------------------------------------- */

/* Says that label cannot be opened, and why (an English sentence from
 * the reader: what is wrong with the file, in its own format's terms). */
/* The reason under a failure's headline, into out: in the player's
 * language for the causes a player can act on (a full disk, a folder that
 * cannot be written, a folder in the way), else the storage's own words
 * (English, with the system's).  Returns out. */
static const char *failure_text(char *out, size_t outlen, StorageStatus st, const char *path,
                                const char *err)
{
    static const struct {
        StorageStatus st;
        I18nString says;
    } CAUSES[] = {
        {STORAGE_ERR_NO_SPACE, I18N_FMT_WHY_DISK_FULL},
        {STORAGE_ERR_NO_ACCESS, I18N_FMT_WHY_NO_ACCESS},
        {STORAGE_ERR_FOLDER, I18N_FMT_WHY_FOLDER},
    };
    for (size_t i = 0; i < SDL_arraysize(CAUSES); i++) {
        if (CAUSES[i].st == st && path != NULL && path[0] != '\0') {
            i18n_format(out, outlen, CAUSES[i].says, path);
            return out;
        }
    }
    SDL_strlcpy(out, err, outlen);
    return out;
}

static void cannot_open(Ctx *ctx, const char *label, const char *why)
{
    char head[300], msg[SCENE_TEXT_MAX];
    i18n_format(head, sizeof head, I18N_FMT_CANNOT_OPEN, label);
    SDL_strlcpy(msg, head, sizeof msg);
    SDL_strlcat(msg, "\n", sizeof msg);
    SDL_strlcat(msg, why, sizeof msg); /* a very long reason is cut, the headline stays */
    ctx_message(ctx, msg);
}

/* Takes rec over as the game in review; false (with the message shown)
 * when it cannot be replayed. */
static bool adopt(Ctx *ctx, const Record *rec, SessionLoad how, const char *label)
{
    char err[512];
    if (session_load(ctx->session, rec, how, ctx_now(ctx), err, sizeof err) != SESSION_OK) {
        if (how == SESSION_LOAD_REVIEW) {
            cannot_open(ctx, label, err);
        } else {
            char msg[700];
            i18n_format(msg, sizeof msg, I18N_FMT_FILE_CORRUPT, label, err);
            ctx_message(ctx, msg);
        }
        return false;
    }
    ctx->suspended = false;
    ctx_clear_notice(ctx);
    return true;
}

/* Whether rec may be written back over the file it came from: not one of
 * a newer version (only what this version understands was read) and not
 * one with more kept lines than a record holds. */
static bool writable(const Record *rec)
{
    return rec->version <= RECORD_FORMAT_VERSION && !rec->extra_lost;
}

/* Before a file opens in review: the game in play (or waiting behind the
 * menu's Resume, or shown at its end) is kept for Back, with the screen
 * it was on.  A file opened from the review of another opened file keeps
 * the game kept then. */
static void keep_live(Ctx *ctx)
{
    Saves *sv = ctx->data.saves;
    if (sv->opened) {
        return;
    }
    SceneId at = scene_base(ctx->scenes);
    if (at == SCENE_FILES) {
        at = scene_previous(ctx->scenes);
    }
    sv->live_from = at == SCENE_MENU ? SCENE_MENU : SCENE_PLAY;
    /* At the menu only a game behind Resume is still in play. */
    if (session_game(ctx->session) == NULL || (at == SCENE_MENU && !ctx->suspended)) {
        free(sv->live);
        sv->live = NULL;
        return;
    }
    sv->live = sv->live != NULL ? sv->live : malloc(sizeof *sv->live);
    if (sv->live != NULL && session_to_record(ctx->session, sv->live) != SESSION_OK) {
        free(sv->live);
        sv->live = NULL;
    }
}

bool saves_open_path(Ctx *ctx, const char *path, const char *label)
{
    Record *rec = malloc(sizeof *rec);
    if (rec == NULL) {
        return false;
    }
    bool opened = false;
    char err[512];
    StorageStatus st = storage_load_path(path, rec, err, sizeof err);
    if (st == STORAGE_OK) {
        keep_live(ctx);
    }
    if (st != STORAGE_OK) {
        cannot_open(ctx, label, err);
    } else if (!adopt(ctx, rec, SESSION_LOAD_REVIEW, label)) {
        if (!ctx->data.saves->opened) {
            free(ctx->data.saves->live); /* the game in play stays as it was */
            ctx->data.saves->live = NULL;
        }
    } else {
        ctx->data.saves->opened = true;
        scene_go(ctx->scenes, SCENE_REVIEW);
        /* A .psq has no room for the analysis; our records keep it, unless
         * writing one back would lose what it holds. */
        bool back = storage_has_ext(path, STORAGE_SAVE_EXT, NULL) && writable(rec);
        SDL_strlcpy(ctx->data.saves->review_path, back ? path : "",
                    sizeof ctx->data.saves->review_path);
        if (rec->version > RECORD_FORMAT_VERSION) {
            char msg[SCENE_TEXT_MAX];
            i18n_format(msg, sizeof msg, I18N_FMT_READ_ONLY_NEWER, label);
            ctx_message(ctx, msg);
        }
        free(ctx->data.saves->origin);
        ctx->data.saves->origin = rec; /* Save keeps its names and notes */
        rec = NULL;
        opened = true;
    }
    free(rec);
    return opened;
}

/* ---- nothing left behind ------------------------------------------------- */

/* Writes the unfinished game at stake into *scratch and returns it, or
 * NULL when none is: in the review of an opened file, the game kept for
 * Back; else the session's game while it can be resumed. */
static const Record *unfinished(const Ctx *ctx, Record *scratch)
{
    const Saves *sv = ctx->data.saves;
    if (sv->opened) {
        bool open = sv->live != NULL && sv->live->result == GAME_ONGOING && sv->live->count > 0;
        return open ? sv->live : NULL;
    }
    if (!session_resumable(ctx->session) || scratch == NULL ||
        session_to_record(ctx->session, scratch) != SESSION_OK) {
        return NULL;
    }
    return scratch;
}

bool saves_unfinished_at_stake(const Ctx *ctx)
{
    const Saves *sv = ctx->data.saves;
    if (sv->opened) {
        return unfinished(ctx, NULL) != NULL;
    }
    return session_resumable(ctx->session);
}

/* A fresh name for an unfinished game ("Unfinished 2026-11-27 19-22"). */
static void leave_name(Ctx *ctx)
{
    Saves *sv = ctx->data.saves;
    if (storage_suggest_name_after(&ctx->data.storage, i18n_get(I18N_UNFINISHED_NAME),
                                   sv->leave_name, sizeof sv->leave_name) != STORAGE_OK) {
        storage_suggest_name(&ctx->data.storage, sv->leave_name, sizeof sv->leave_name);
    }
}

void saves_ask_leave(Ctx *ctx)
{
    char msg[SCENE_TEXT_MAX];
    if (!ctx->data.have_storage) {
        /* Nowhere to keep it: say so, and make leaving the harder answer. */
        SDL_strlcpy(msg, i18n_get(I18N_LEAVE_UNKEPT), sizeof msg);
        ask(ctx, DIALOG_LEAVE_GAME, msg, I18N_BTN_LEAVE, I18N_BTN_KEEP_PLAYING, true);
        return;
    }
    leave_name(ctx);
    i18n_format(msg, sizeof msg, I18N_FMT_LEAVE_QUESTION, ctx->data.saves->leave_name);
    ask(ctx, DIALOG_LEAVE_GAME, msg, I18N_BTN_LEAVE, I18N_BTN_KEEP_PLAYING, false);
}

/* Queues rec's write into Saved games under the name asked; true when
 * queued.  Until it is done the autosave stays (saves_write_autosave). */
static bool keep_record(Ctx *ctx, const Record *rec)
{
    Saves *sv = ctx->data.saves;
    char path[STORAGE_PATH_MAX], err[512];
    if (sv->leave_name[0] == '\0') {
        leave_name(ctx);
    }
    if (!ctx->data.have_storage ||
        storage_game_path(&ctx->data.storage, sv->leave_name, path, sizeof path, err, sizeof err) !=
            STORAGE_OK ||
        !write_later(ctx, path, rec, false, SAVES_JOB_KEEP)) {
        return false;
    }
    sv->keeping = true;
    sv->drop_autosave = true;
    return true;
}

bool saves_keep_unfinished(Ctx *ctx)
{
    Record *scratch = malloc(sizeof *scratch);
    const Record *rec = unfinished(ctx, scratch);
    bool queued = rec != NULL && keep_record(ctx, rec);
    free(scratch);
    saves_forget_live(ctx);
    return queued;
}

bool saves_reviewing_opened(const Ctx *ctx)
{
    return ctx->data.saves->opened;
}

void saves_forget_live(Ctx *ctx)
{
    free(ctx->data.saves->live);
    ctx->data.saves->live = NULL;
    ctx->data.saves->opened = false;
}

void saves_back_from_opened(Ctx *ctx)
{
    Saves *sv = ctx->data.saves;
    SceneId to = sv->live_from == SCENE_MENU ? SCENE_MENU : SCENE_PLAY;
    Record *live = sv->live;
    sv->live = NULL;
    sv->opened = false;
    sv->review_path[0] = '\0';
    if (live != NULL && adopt(ctx, live, SESSION_LOAD_RESUME, STORAGE_AUTOSAVE_FILE)) {
        ctx->suspended = to == SCENE_MENU && session_resumable(ctx->session);
    } else {
        /* Nothing was in play: the opened game is not one to play on. */
        session_end(ctx->session);
        to = SCENE_MENU;
    }
    free(live);
    scene_go(ctx->scenes, to);
}

/* Says the game in progress cannot be kept, and why (in the writer's words). */
static void autosave_message(Ctx *ctx, const char *why)
{
    char msg[SCENE_TEXT_MAX];
    SDL_strlcpy(msg, i18n_get(I18N_AUTOSAVE_FAILED), sizeof msg);
    SDL_strlcat(msg, "\n", sizeof msg);
    SDL_strlcat(msg, why, sizeof msg);
    ctx_message(ctx, msg);
    ctx->data.saves->autosave_warned = true;
}

/* Writes who played whom in rec as the game's title says it: "You vs
 * Computer (Hard)", "Two players"... */
static void players_text(const Record *rec, char *buf, size_t len)
{
    bool bc = rec->black.kind == RECORD_PLAYER_COMPUTER;
    bool wc = rec->white.kind == RECORD_PLAYER_COMPUTER;
    I18nString who = bc && wc ? I18N_MATCH_AI_VS_AI
                     : wc     ? I18N_MATCH_YOU_VS_COMPUTER
                     : bc     ? I18N_MATCH_COMPUTER_VS_YOU
                              : I18N_MATCH_TWO_PLAYERS;
    AiPreset p;
    if ((bc || wc) && ai_preset_from_name(rec->preset, &p) == 0) {
        /* A no-break space: the level stays with the players. */
        snprintf(buf, len, "%s\xc2\xa0(%s)", i18n_get(who), i18n_preset_name(p));
    } else {
        snprintf(buf, len, "%s", i18n_get(who));
    }
}

/* "Resume the unfinished game?", the game named (board, rule, players,
 * moves, when its last move was made) and where New game keeps it. */
static void resume_question(Ctx *ctx, const Record *rec)
{
    char size_s[48], k_s[48], who[160], moves[48], when[96] = "", keep[300], path[STORAGE_PATH_MAX];
    char msg[SCENE_TEXT_MAX];
    i18n_format(size_s, sizeof size_s, I18N_FMT_BOARD_SIZE, rec->size, rec->size);
    i18n_format(k_s, sizeof k_s, I18N_FMT_IN_A_ROW, rec->rules.k);
    players_text(rec, who, sizeof who);
    i18n_format(moves, sizeof moves, I18N_FMT_MOVES_COUNT, rec->count);
    int64_t bytes = 0, mtime = 0;
    struct tm tm;
    char stamp[32];
    if (storage_path(&ctx->data.storage, STORAGE_AUTOSAVE_FILE, path, sizeof path) == STORAGE_OK &&
        storage_os_file_info(path, &bytes, &mtime)) {
        storage_os_local_time((time_t)mtime, &tm);
        if (strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M", &tm) > 0) {
            i18n_format(when, sizeof when, I18N_FMT_LAST_MOVE_AT, stamp);
        }
    }
    leave_name(ctx);
    i18n_format(keep, sizeof keep, I18N_FMT_RESUME_KEEP, ctx->data.saves->leave_name);
    snprintf(msg, sizeof msg, "%s\n%s \xc2\xb7 %s \xc2\xb7 %s \xc2\xb7 %s \xc2\xb7 %s%s%s\n%s",
             i18n_get(I18N_RESUME_QUESTION), size_s, i18n_rule_name(rec->rules.kind), k_s, who,
             moves, when[0] != '\0' ? " \xc2\xb7 " : "", when, keep);
    ask(ctx, DIALOG_RESUME, msg, I18N_BTN_RESUME, I18N_BTN_NEW_GAME, false);
}

/* Offers the autosave back, or says it is damaged (and keeps it aside).
 * Returns true when a dialog opened. */
static bool offer_autosave(Ctx *ctx)
{
    Saves *sv = ctx->data.saves;
    sv->resume = sv->resume != NULL ? sv->resume : malloc(sizeof *sv->resume);
    if (sv->resume == NULL) {
        return false;
    }
    char err[512], msg[700];
    StorageStatus st = storage_autosave_load(&ctx->data.storage, sv->resume, err, sizeof err);
    if (st == STORAGE_OK && sv->resume->version > RECORD_FORMAT_VERSION) {
        sv->autosave_aside = "newer"; /* kept, not written over */
    }
    if (st == STORAGE_OK && sv->resume->result == GAME_ONGOING && sv->resume->count > 0) {
        resume_question(ctx, sv->resume);
        return true;
    }
    if (st == STORAGE_ERR_CORRUPT || st == STORAGE_ERR_TOO_BIG) {
        i18n_format(msg, sizeof msg, I18N_FMT_FILE_CORRUPT, STORAGE_AUTOSAVE_FILE, err);
        sv->autosave_aside = "corrupt";
        ctx_message(ctx, msg);
        return true;
    }
    if (st != STORAGE_OK && st != STORAGE_ERR_NOT_FOUND) {
        /* A folder in its place, no permission: no game will be kept. */
        char path[STORAGE_PATH_MAX];
        if (storage_path(&ctx->data.storage, STORAGE_AUTOSAVE_FILE, path, sizeof path) !=
            STORAGE_OK) {
            path[0] = '\0';
        }
        autosave_message(ctx, failure_text(msg, sizeof msg, st, path, err));
        return true;
    }
    return false;
}

/* What the start says about settings.ini when it did not read cleanly. */
static void settings_message(Ctx *ctx)
{
    char msg[SCENE_TEXT_MAX];
    I18nString head = ctx->data.settings_read == SETTINGS_WARNINGS ? I18N_SETTINGS_WARNINGS
                      : ctx->data.settings_read == SETTINGS_NEWER  ? I18N_SETTINGS_NEWER
                                                                   : I18N_SETTINGS_CORRUPT;
    SDL_strlcpy(msg, i18n_get(head), sizeof msg);
    SDL_strlcat(msg, "\n", sizeof msg);
    SDL_strlcat(msg, ctx->data.settings_why, sizeof msg); /* English, from the reader */
    ctx_message(ctx, msg);
}

void saves_startup(Ctx *ctx)
{
    const char *path = ctx->cfg.open_path;
    bool dialog = false;
    if (path != NULL && path[0] != '\0') {
        dialog = !saves_open_path(ctx, path, saves_base_name(path));
    } else if (ctx->data.have_storage) {
        dialog = offer_autosave(ctx);
    }
    if (!dialog && ctx->data.settings_msg) {
        settings_message(ctx);
    }
}

/* ---- saving under a name ---------------------------------------------------- */

/* Opens the name dialog: with the suggested name selected (typing replaces
 * it), or with the name as it was (keep: back from "Replace it?"). */
static void ask_name(Ctx *ctx, bool keep)
{
    DialogSpec spec = {.tag = DIALOG_SAVE_NAME,
                       .buttons = 2,
                       .labels = {I18N_BTN_SAVE, I18N_BTN_CANCEL},
                       .select_all = !keep};
    if (keep) {
        SDL_strlcpy(spec.text, ctx->data.saves->name, sizeof spec.text);
    } else if (storage_suggest_name(&ctx->data.storage, spec.text, sizeof spec.text) !=
               STORAGE_OK) {
        spec.text[0] = '\0';
    }
    scene_push(ctx->scenes, SCENE_NAME, &spec);
}

/* The game being saved is the record opened in review (same moves): what
 * the session does not keep (the players' names, the preset's own text,
 * the clock to the millisecond, comment lines and extension keys) is
 * written as the record had it, so saving it again changes none of it. */
static void keep_origin(Record *rec, const Record *origin)
{
    bool same = origin != NULL && origin->count == rec->count && origin->size == rec->size;
    for (int i = 0; same && i < rec->count; i++) {
        same = move_equal(origin->moves[i], rec->moves[i]);
    }
    if (!same) {
        return;
    }
    rec->black = origin->black;
    rec->white = origin->white;
    memcpy(rec->preset, origin->preset, sizeof rec->preset);
    rec->clock_ms = origin->clock_ms;
    memcpy(rec->extra, origin->extra, sizeof rec->extra);
    rec->extra_len = origin->extra_len;
    rec->extra_head = origin->extra_head;
}

void saves_begin_save(Ctx *ctx)
{
    const Game *g = session_game(ctx->session);
    if (g == NULL || game_move_count(g) == 0) {
        return;
    }
    if (!ctx->data.have_storage) {
        ctx_notice(ctx, "No data folder.");
        return;
    }
    Saves *sv = ctx->data.saves;
    sv->pending = sv->pending != NULL ? sv->pending : malloc(sizeof *sv->pending);
    if (sv->pending == NULL || session_to_record(ctx->session, sv->pending) != SESSION_OK) {
        return;
    }
    keep_origin(sv->pending, sv->origin);
    ask_name(ctx, false);
}

/* Has the copied game written as saves/NAME.gomoku; saves_poll says how
 * it went. */
static void save_finish(Ctx *ctx)
{
    Saves *sv = ctx->data.saves;
    char err[512] = "", msg[700], path[STORAGE_PATH_MAX];
    if (sv->pending == NULL ||
        storage_game_path(&ctx->data.storage, sv->name, path, sizeof path, err, sizeof err) !=
            STORAGE_OK ||
        !write_later(ctx, path, sv->pending, false, SAVES_JOB_SAVE)) {
        i18n_format(msg, sizeof msg, I18N_FMT_SAVE_FAILED, sv->name, err);
        ctx_message(ctx, msg);
    }
    free(sv->pending);
    sv->pending = NULL;
}

/* A name was typed (the dialog checked it): ask before replacing a save,
 * or save. */
static void name_given(Ctx *ctx, const char *name)
{
    SDL_strlcpy(ctx->data.saves->name, name, sizeof ctx->data.saves->name);
    if (storage_save_exists(&ctx->data.storage, name)) {
        char msg[300];
        i18n_format(msg, sizeof msg, I18N_FMT_REPLACE_CONFIRM, name);
        ask(ctx, DIALOG_REPLACE_SAVE, msg, I18N_BTN_REPLACE, I18N_BTN_CANCEL, true);
        return;
    }
    save_finish(ctx);
}

/* ---- Export .psq -------------------------------------------------------------- */

/* Says where the export went: the full path, and Open folder. */
static void exported(Ctx *ctx, const char *dst)
{
    DialogSpec spec = {.tag = DIALOG_EXPORTED,
                       .buttons = 2,
                       .labels = {I18N_BTN_OPEN_FOLDER, I18N_BTN_OK},
                       .focus = 1};
    char head[300];
    i18n_format(head, sizeof head, I18N_FMT_EXPORTED, saves_base_name(dst));
    SDL_strlcpy(spec.text, head, sizeof spec.text);
    SDL_strlcat(spec.text, "\n", sizeof spec.text);
    SDL_strlcat(spec.text, dst, sizeof spec.text);
    scene_push(ctx->scenes, SCENE_DIALOG, &spec);
}

/* Shows the folder the last export went to in the system's file manager
 * (a test only notes the URL it would open). */
static void open_export_folder(Ctx *ctx)
{
    Saves *sv = ctx->data.saves;
    char dir[STORAGE_PATH_MAX];
    size_t folder = (size_t)(saves_base_name(sv->export_dst) - sv->export_dst);
    SDL_strlcpy(dir, sv->export_dst, SDL_min(sizeof dir, folder > 0 ? folder : 1));
    if (storage_file_url(dir, sv->opened_url, sizeof sv->opened_url) != STORAGE_OK) {
        return;
    }
    if (!ctx->cfg.headless_test && SDL_OpenURL(sv->opened_url) != 0) {
        char msg[STORAGE_PATH_MAX + 300];
        i18n_format(msg, sizeof msg, I18N_FMT_OPEN_FAILED, dir, SDL_GetError());
        ctx_notice(ctx, msg);
    }
}

/* Has the save src written as the .psq dst (after a confirmed replace,
 * too); saves_poll shows where it went, or why it did not.  Returns
 * false when it could not even be read. */
static bool export_write(Ctx *ctx, const char *src, const char *dst)
{
    Record *rec = malloc(sizeof *rec);
    if (rec == NULL) {
        return false;
    }
    char err[512], msg[800];
    StorageStatus st = storage_load_path(src, rec, err, sizeof err);
    if (st != STORAGE_OK) {
        i18n_format(msg, sizeof msg, I18N_FMT_FILE_CORRUPT, saves_base_name(src), err);
        ctx_message(ctx, msg);
    } else if (!write_later(ctx, dst, rec, true, SAVES_JOB_EXPORT)) {
        i18n_format(msg, sizeof msg, I18N_FMT_SAVE_FAILED, saves_base_name(dst), "out of memory");
        ctx_message(ctx, msg);
        st = STORAGE_ERR_NOMEM;
    }
    free(rec);
    return st == STORAGE_OK;
}

bool saves_export(Ctx *ctx, const StorageEntry *e)
{
    if (e == NULL || e->kind != STORAGE_KIND_GOMOKU || !ctx->data.have_storage) {
        return false;
    }
    Saves *sv = ctx->data.saves;
    char rel[STORAGE_NAME_MAX + 16], err[512];
    snprintf(rel, sizeof rel, "%s%s", e->name, STORAGE_PSQ_EXT);
    if (storage_export_path(&ctx->data.storage, e->name, sv->export_dst, sizeof sv->export_dst, err,
                            sizeof err) != STORAGE_OK) {
        char msg[800];
        i18n_format(msg, sizeof msg, I18N_FMT_SAVE_FAILED, rel, err);
        ctx_message(ctx, msg);
        return false;
    }
    SDL_strlcpy(sv->export_src, e->path, sizeof sv->export_src);
    if (storage_file_exists(sv->export_dst)) {
        char msg[300];
        i18n_format(msg, sizeof msg, I18N_FMT_REPLACE_CONFIRM, rel);
        ask(ctx, DIALOG_REPLACE_EXPORT, msg, I18N_BTN_REPLACE, I18N_BTN_CANCEL, true);
        return false;
    }
    return export_write(ctx, sv->export_src, sv->export_dst);
}

/* ---- answers ------------------------------------------------------------------ */

static void resume_answer(Ctx *ctx, int button)
{
    if (button == 0) {
        if (ctx->data.saves->resume != NULL &&
            adopt(ctx, ctx->data.saves->resume, SESSION_LOAD_RESUME, STORAGE_AUTOSAVE_FILE)) {
            scene_go(ctx->scenes, SCENE_PLAY);
        }
    } else if (ctx->data.have_storage && ctx->data.saves->resume != NULL) {
        /* A new game: the unfinished one goes to Saved games, as the
         * question said, and the autosave only once it is there. */
        keep_record(ctx, ctx->data.saves->resume);
    }
    free(ctx->data.saves->resume);
    ctx->data.saves->resume = NULL;
}

bool saves_answer(Ctx *ctx, const DialogAnswer *a)
{
    switch (a->tag) {
    case DIALOG_SAVE_NAME:
        if (a->button == 0) {
            name_given(ctx, a->text);
        } else {
            free(ctx->data.saves->pending);
            ctx->data.saves->pending = NULL;
        }
        return true;
    case DIALOG_REPLACE_SAVE:
        if (a->button == 0) {
            save_finish(ctx);
        } else {
            ask_name(ctx, true); /* back to the name, to change it */
        }
        return true;
    case DIALOG_REPLACE_EXPORT:
        if (a->button == 0) {
            export_write(ctx, ctx->data.saves->export_src, ctx->data.saves->export_dst);
        }
        return true;
    case DIALOG_RESUME: resume_answer(ctx, a->button); return true;
    case DIALOG_EXPORTED:
        if (a->button == 0) {
            open_export_folder(ctx);
        }
        return true;
    default: return false;
    }
}

/* ---- autosave ---------------------------------------------------------------- */

/* Keeps the autosave that cannot be written over (damaged, or a newer
 * version's) out of the way, under its own name.  A rename: no data is
 * written, so it is quick enough for the UI thread, and it is done before
 * the write is queued, so that write never goes over it. */
static void set_aside_autosave(Ctx *ctx)
{
    char path[STORAGE_PATH_MAX], err[512], moved[STORAGE_PATH_MAX + 32];
    if (storage_path(&ctx->data.storage, STORAGE_AUTOSAVE_FILE, path, sizeof path) == STORAGE_OK &&
        storage_keep_aside(path, ctx->data.saves->autosave_aside, moved, sizeof moved, err,
                           sizeof err) == STORAGE_OK) {
        char msg[STORAGE_PATH_MAX + 200];
        i18n_format(msg, sizeof msg, I18N_FMT_KEPT_ASIDE, STORAGE_AUTOSAVE_FILE,
                    saves_base_name(moved));
        ctx_notice(ctx, msg);
    }
    ctx->data.saves->autosave_aside = NULL;
}

/* The review of an opened record is analysed: the analysis goes into the
 * file as it is on the disk (its names and comments stay), so opening it
 * again is instant.  A file changed meanwhile is left alone. */
static void store_analysis(Ctx *ctx)
{
    const char *path = ctx->data.saves->review_path;
    Record *rec = malloc(sizeof *rec);
    char err[512];
    if (path[0] == '\0' || rec == NULL) {
        free(rec);
        return;
    }
    const Session *s = ctx->session;
    bool same = storage_load_path(path, rec, err, sizeof err) == STORAGE_OK &&
                rec->count == session_review_count(s);
    for (int i = 0; same && i < rec->count; i++) {
        same = move_equal(rec->moves[i], session_review_move(s, i));
    }
    if (same && writable(rec)) {
        Record *now = malloc(sizeof *now);
        if (now != NULL && session_to_record(s, now) == SESSION_OK) {
            memcpy(rec->eval, now->eval, sizeof rec->eval);
            memcpy(rec->eval_pv, now->eval_pv, sizeof rec->eval_pv);
            rec->eval_pv_used = now->eval_pv_used;
            write_later(ctx, path, rec, false, SAVES_JOB_ANALYSIS);
        }
        free(now);
    }
    free(rec);
}

bool saves_on_session_event(Ctx *ctx, const SessionEvent *ev)
{
    if (ev->kind == SESSION_EVENT_REVIEW_ANALYSED) {
        store_analysis(ctx);
        return true;
    }
    if (ev->kind != SESSION_EVENT_AUTOSAVE && ev->kind != SESSION_EVENT_AUTOSAVE_CLEAR) {
        return false;
    }
    /* Only the last one of a batch matters: saves_write_autosave writes it. */
    ctx->data.saves->autosave_due = ev->kind;
    return true;
}

void saves_write_autosave(Ctx *ctx)
{
    SessionEventKind due = ctx->data.saves->autosave_due;
    ctx->data.saves->autosave_due = 0;
    char path[STORAGE_PATH_MAX];
    if (due == 0 || !ctx->data.have_storage ||
        storage_path(&ctx->data.storage, STORAGE_AUTOSAVE_FILE, path, sizeof path) != STORAGE_OK) {
        return;
    }
    if (ctx->data.saves->autosave_aside != NULL) {
        set_aside_autosave(ctx);
    }
    if (due == SESSION_EVENT_AUTOSAVE_CLEAR && ctx->data.saves->keeping) {
        return; /* the game left is being kept: its autosave stays until it is */
    }
    Record *rec = malloc(sizeof *rec);
    if (due == SESSION_EVENT_AUTOSAVE_CLEAR || rec == NULL ||
        session_to_record(ctx->session, rec) != SESSION_OK) {
        storage_writer_remove(ctx->data.writer, path, SAVES_JOB_AUTOSAVE);
        ctx->data.writes_asked++;
    } else {
        write_later(ctx, path, rec, false, SAVES_JOB_AUTOSAVE);
    }
    free(rec);
}

/* The autosave could not be written: the player hears it once (until a
 * write works again), since no game in progress is being kept. */
static void autosave_done(Ctx *ctx, const StorageResult *r)
{
    Saves *sv = ctx->data.saves;
    if (r->status == STORAGE_OK) {
        sv->autosave_warned = false;
        return;
    }
    fprintf(stderr, "gomoku: %s\n", r->err);
    if (!sv->autosave_warned && ctx->scenes != NULL) {
        char why[SCENE_TEXT_MAX];
        autosave_message(ctx, failure_text(why, sizeof why, r->status, r->path, r->err));
    }
}

/* Says how a write the player asked for went. */
static void asked_done(Ctx *ctx, const StorageResult *r)
{
    char name[STORAGE_PATH_MAX], msg[SCENE_TEXT_MAX];
    SDL_strlcpy(name, saves_base_name(r->path), sizeof name);
    size_t n = strlen(name), e = strlen(STORAGE_SAVE_EXT);
    if (r->tag == SAVES_JOB_SAVE && n > e) {
        name[n - e] = '\0'; /* the save's name, as typed */
    }
    if (r->status != STORAGE_OK) {
        char why[SCENE_TEXT_MAX];
        failure_text(why, sizeof why, r->status, r->path, r->err);
        i18n_format(msg, sizeof msg, I18N_FMT_SAVE_FAILED, name, why);
        ctx_message(ctx, msg);
    } else if (r->tag == SAVES_JOB_EXPORT) {
        exported(ctx, r->path);
    } else {
        i18n_format(msg, sizeof msg, I18N_FMT_SAVED_AS, name);
        ctx_notice(ctx, msg);
    }
}

/* The unfinished game left is in Saved games (or could not be put
 * there: then its autosave stays, and the player hears why). */
static void kept(Ctx *ctx, const StorageResult *r, bool shown)
{
    Saves *sv = ctx->data.saves;
    char msg[SCENE_TEXT_MAX], path[STORAGE_PATH_MAX];
    sv->keeping = false;
    if (r->status != STORAGE_OK) {
        sv->drop_autosave = false;
        fprintf(stderr, "gomoku: %s\n", r->err);
        if (shown) {
            asked_done(ctx, r);
        }
        return;
    }
    /* The autosave holds the game left, unless a move of the game that
     * followed was written over it meanwhile. */
    if (sv->drop_autosave && !session_resumable(ctx->session) &&
        storage_path(&ctx->data.storage, STORAGE_AUTOSAVE_FILE, path, sizeof path) == STORAGE_OK) {
        storage_writer_remove(ctx->data.writer, path, SAVES_JOB_AUTOSAVE);
        ctx->data.writes_asked++;
    }
    sv->drop_autosave = false;
    if (shown) {
        i18n_format(msg, sizeof msg, I18N_FMT_KEPT_UNFINISHED, sv->leave_name);
        ctx_notice(ctx, msg);
    }
}

void saves_poll(Ctx *ctx)
{
    StorageResult r;
    while (storage_writer_poll(ctx->data.writer, &r)) {
        bool shown = ctx->scenes != NULL && ctx->platform.win != NULL;
        switch (r.tag) {
        case SAVES_JOB_AUTOSAVE: autosave_done(ctx, &r); break;
        case SAVES_JOB_SETTINGS: ctx_settings_written(ctx, &r); break;
        case SAVES_JOB_KEEP: kept(ctx, &r, shown); break;
        case SAVES_JOB_PUZZLES:
            if (r.status != STORAGE_OK) {
                char msg[sizeof r.err + 128];
                i18n_format(msg, sizeof msg, I18N_FMT_PUZZLE_SAVE_FAILED, r.err);
                fprintf(stderr, "gomoku: %s\n", r.err);
                if (shown) {
                    ctx_notice(ctx, msg);
                }
            }
            break;
        case SAVES_JOB_SAVE:
        case SAVES_JOB_EXPORT:
            if (shown) {
                asked_done(ctx, &r);
            } else if (r.status != STORAGE_OK) {
                fprintf(stderr, "gomoku: %s\n", r.err); /* at the end: only the log hears it */
            }
            break;
        default:
            if (r.status != STORAGE_OK) {
                fprintf(stderr, "gomoku: %s\n", r.err);
            }
            break;
        }
        free(r.data);
    }
}

void saves_end(Ctx *ctx)
{
    if (ctx->data.saves == NULL) {
        return; /* the app ended before its context was made */
    }
    saves_flush(ctx);
    /* Every file asked for is on the disk before the game ends. */
    storage_writer_wait(ctx->data.writer);
    saves_poll(ctx);
    saves_free(ctx->data.saves);
}

void saves_flush(Ctx *ctx)
{
    SessionEvent ev;
    while (ctx->session != NULL && session_next_event(ctx->session, &ev)) {
        saves_on_session_event(ctx, &ev);
    }
    if (ctx->session != NULL) {
        saves_write_autosave(ctx);
    }
}
