/*
 * scene_puzzle.c - the puzzle trainer (scene_puzzle.h).
 *
 * The attempt is the trainer's (session/trainer_run.h): the scene hands it
 * the player's clicks, draws its board and says what happened.  A move off
 * the solution's line is refuted by the engine on a thread of its own
 * (platform/task.h), never on the UI thread.  An attempt counts once, at
 * its first mistake or when it is solved, as Lichess counts its puzzles;
 * the history is written after every counted attempt, through the
 * storage writer (write, then rename).
 */
#include "scenes/scene_puzzle.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "scenes/game_screen.h"
#include "scenes/saves.h"
#include "scenes/scene.h"
#include "platform/sound.h"
#include "store/storage_file.h"
#include "store/storage_os.h"
#include "view/move_list.h"
#include "view/ui.h"

/* A solved puzzle's line. */
static const SDL_Color GOOD = {126, 200, 120, 255};

/* The shipped sets, in assets/puzzles. */
static const char *const SETS[] = {"free15.txt", "renju15.txt", "exact15.txt",
                                   "k4-9.txt",   "k4-11.txt",   "k6-19.txt"};
#define SET_MAX_BYTES (8u << 20)

static const PuzzleAction SLOTS[LAYOUT_BTN_COUNT] = {PUZZLE_RETRY, PUZZLE_HINT,  PUZZLE_SOLUTION,
                                                     PUZZLE_NEXT,  PUZZLE_THEME, PUZZLE_MENU};
static const I18nString LABELS[] = {
    [PUZZLE_RETRY] = I18N_BTN_TRY_AGAIN,   [PUZZLE_HINT] = I18N_BTN_HINT,
    [PUZZLE_SOLUTION] = I18N_BTN_SOLUTION, [PUZZLE_NEXT] = I18N_BTN_NEXT_PUZZLE,
    [PUZZLE_THEME] = I18N_BTN_THEME,       [PUZZLE_MENU] = I18N_BTN_MENU,
};
static const I18nString THEME_NAMES[TRAINER_THEME_COUNT] = {
    [TRAINER_THEME_ALL] = I18N_PUZZLE_THEME_ALL,
    [TRAINER_THEME_VCF] = I18N_PUZZLE_THEME_VCF,
    [TRAINER_THEME_VCT] = I18N_PUZZLE_THEME_VCT,
    [TRAINER_THEME_DEFENCE] = I18N_PUZZLE_THEME_DEFENCE,
    [TRAINER_THEME_FORBIDDEN] = I18N_PUZZLE_THEME_FORBIDDEN,
    [TRAINER_THEME_MINE] = I18N_PUZZLE_THEME_MINE,
    [TRAINER_THEME_FREE15] = I18N_PUZZLE_THEME_FREE15,
    [TRAINER_THEME_RENJU] = I18N_PUZZLE_THEME_RENJU,
    [TRAINER_THEME_EXACT] = I18N_PUZZLE_THEME_EXACT,
    [TRAINER_THEME_FOUR] = I18N_PUZZLE_THEME_FOUR,
    [TRAINER_THEME_SIX] = I18N_PUZZLE_THEME_SIX,
};
static const I18nString HINT_TEXTS[] = {
    [TRAINER_HINT_FIVE] = I18N_PUZZLE_HINT_FIVE,
    [TRAINER_HINT_FOUR] = I18N_PUZZLE_HINT_FOUR,
    [TRAINER_HINT_THREE] = I18N_PUZZLE_HINT_THREE,
    [TRAINER_HINT_DEFEND] = I18N_PUZZLE_HINT_DEFEND,
};

/* ---- files -------------------------------------------------------------------- */

/* Today's date where the player is, YYYY-MM-DD. */
static void today(const Ctx *ctx, char *out, size_t len)
{
    struct tm tm;
    time_t t = ctx->cfg.test_clock ? (time_t)1795824000 : time(NULL); /* tests: 2026-11-28 */
    storage_os_local_time(t, &tm);
    snprintf(out, len, "%04d-%02d-%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
}

static void load_sets(PuzzleScene *ps, const Ctx *ctx)
{
    for (size_t i = 0; i < sizeof SETS / sizeof SETS[0] && ps->ntexts < 8; i++) {
        char path[ASSETS_PATH_MAX + 64], err[256];
        snprintf(path, sizeof path, "%spuzzles/%s", ctx->platform.assets.dir, SETS[i]);
        char *text = NULL;
        size_t len = 0;
        if (storage_read_file(path, SET_MAX_BYTES, &text, &len, err, sizeof err) != STORAGE_OK) {
            fprintf(stderr, "gomoku: %s\n", err);
            continue;
        }
        int bad = 0;
        ps->texts[ps->ntexts++] = text;
        if (trainer_index(text, len, &ps->entries, &ps->n, &ps->cap, &bad) != 0 || bad > 0) {
            fprintf(stderr, "gomoku: %s: %d lines are not puzzles\n", path, bad);
        }
    }
}

/* Reads the player's own puzzles again (Save as puzzle in review may have
 * added one since), keeping the puzzle in play by its id. */
static void load_mine(PuzzleScene *ps, const Ctx *ctx)
{
    char path[STORAGE_PATH_MAX], err[256], id[PUZZLE_ID_LEN + 1] = "";
    if (ps->cur >= ps->shipped) {
        snprintf(id, sizeof id, "%s", ps->entries[ps->cur].id);
    }
    ps->n = ps->shipped;
    free(ps->mine);
    ps->mine = NULL;
    size_t len = 0;
    int bad = 0;
    if (ctx->data.have_storage &&
        storage_path(&ctx->data.storage, TRAINER_MINE_FILE, path, sizeof path) == STORAGE_OK &&
        storage_file_exists(path) &&
        storage_read_file(path, SET_MAX_BYTES, &ps->mine, &len, err, sizeof err) == STORAGE_OK) {
        trainer_index(ps->mine, len, &ps->entries, &ps->n, &ps->cap, &bad);
    }
    for (int i = ps->shipped; id[0] != '\0' && i < ps->n; i++) {
        if (strcmp(ps->entries[i].id, id) == 0) {
            ps->cur = i;
            return;
        }
    }
    if (id[0] != '\0') {
        ps->cur = -1; /* gone from the file: the attempt goes on, uncounted */
        ps->counted = true;
    }
}

/* Reads the history; a damaged one is kept aside and the player told. */
static void load_history(PuzzleScene *ps, Ctx *ctx)
{
    trainer_init(&ps->state);
    char path[STORAGE_PATH_MAX], err[256];
    ps->can_save = ctx->data.have_storage && storage_path(&ctx->data.storage, SCENE_PUZZLE_FILE,
                                                          path, sizeof path) == STORAGE_OK;
    if (!ps->can_save || !storage_file_exists(path)) {
        return;
    }
    char *text = NULL;
    size_t len = 0;
    StorageStatus st = storage_read_file(path, 1u << 20, &text, &len, err, sizeof err);
    if (st == STORAGE_OK && trainer_parse(&ps->state, text, len, err, sizeof err) == 0) {
        free(text);
        return;
    }
    free(text);
    trainer_free(&ps->state);
    char aside[STORAGE_PATH_MAX], why[256];
    if (storage_keep_aside(path, "corrupt", aside, sizeof aside, why, sizeof why) != STORAGE_OK) {
        ps->can_save = false; /* never write over what could not be kept */
        snprintf(aside, sizeof aside, "-");
    }
    char msg[SCENE_TEXT_MAX];
    i18n_format(msg, sizeof msg, I18N_FMT_PUZZLE_HISTORY_BAD, err, aside);
    ctx_message(ctx, msg);
}

static void save_history(PuzzleScene *ps, Ctx *ctx)
{
    char path[STORAGE_PATH_MAX];
    char *text = NULL;
    size_t len = 0;
    if (!ps->can_save ||
        storage_path(&ctx->data.storage, SCENE_PUZZLE_FILE, path, sizeof path) != STORAGE_OK) {
        return;
    }
    if (trainer_format(&ps->state, &text, &len) != 0 ||
        storage_writer_write(ctx->data.writer, path, text, len, SAVES_JOB_PUZZLES, true) !=
            STORAGE_OK) {
        char msg[256];
        i18n_format(msg, sizeof msg, I18N_FMT_PUZZLE_SAVE_FAILED, "out of memory");
        ctx_notice(ctx, msg);
    }
}

/* ---- the attempt ------------------------------------------------------------------ */

static void stop_task(PuzzleScene *ps)
{
    task_free(ps->task);
    ps->task = NULL;
}

static void relayout(PuzzleScene *ps, Ctx *ctx)
{
    int n = ps->have_run ? ps->run.puzzle.size : 15;
    layout_compute_ex(&ps->view.layout, ctx->platform.out_w, ctx->platform.out_h, ctx->platform.sx,
                      n, ctx->data.settings.coordinates);
    ctx->dirty = true;
}

/* Starts entry i (-1: none left under the theme). */
static void start(PuzzleScene *ps, Ctx *ctx, int i, bool daily)
{
    stop_task(ps);
    if (ps->have_run) {
        trainer_run_free(&ps->run);
        ps->have_run = false;
    }
    ps->cur = i;
    ps->daily = daily;
    ps->counted = false;
    ps->region = MOVE_NONE;
    Puzzle *p = malloc(sizeof *p);
    char err[200];
    if (i >= 0 && p != NULL && trainer_entry_puzzle(&ps->entries[i], p, err, sizeof err) == 0 &&
        trainer_run_start(&ps->run, p) == 0) {
        ps->have_run = true;
    } else if (i >= 0) {
        fprintf(stderr, "gomoku: puzzle %s: %s\n", ps->entries[i].id, p ? err : "out of memory");
        ps->cur = -1;
    }
    free(p);
    game_view_reset(&ps->view, false);
    relayout(ps, ctx);
}

static void next_puzzle(PuzzleScene *ps, Ctx *ctx)
{
    TrainerFilter f = trainer_filter_preset(ps->theme);
    start(ps, ctx, trainer_pick(&ps->state, ps->entries, ps->n, &f, ps->cur, &ps->rng), false);
}

/* The daily puzzle when today's is not done yet, else the next one. */
static void first_puzzle(PuzzleScene *ps, Ctx *ctx)
{
    char date[32];
    today(ctx, date, sizeof date);
    int d = trainer_daily(ps->entries, ps->shipped, date); /* never one of the player's own */
    bool done = strcmp(ps->state.daily_date, date) == 0;
    if (d >= 0 && !done) {
        start(ps, ctx, d, true);
    } else {
        next_puzzle(ps, ctx);
    }
}

/* Counts the attempt once it has an outcome (a mistake, the solution
 * shown, or solved) and writes the history. */
static void count(PuzzleScene *ps, Ctx *ctx)
{
    TrainerRunState s = ps->run.state;
    bool over = ps->run.failed || s == TRAINER_RUN_SOLVED;
    if (ps->counted || !over || ps->cur < 0) {
        return;
    }
    char date[32];
    today(ctx, date, sizeof date);
    int before = (int)lround(ps->state.player.rating);
    if (trainer_record(&ps->state, &ps->entries[ps->cur], date, trainer_run_outcome(&ps->run),
                       ps->daily) != 0) {
        return;
    }
    ps->counted = true;
    ps->rating_change = (int)lround(ps->state.player.rating) - before;
    ps->show_change = true;
    save_history(ps, ctx);
}

static void refute_main(void *arg, const atomic_int *cancel)
{
    PuzzleRefuteWork *w = arg;
    Ai *ai = ai_new(0);
    w->status = ai != NULL ? trainer_refute(ai, &w->job, cancel, &w->answer) : -1;
    ai_free(ai);
}

static void play(PuzzleScene *ps, Ctx *ctx, Move m)
{
    Forbidden why;
    TrainerMove r = trainer_run_play(&ps->run, m, &why);
    if (r == TRAINER_MOVE_ILLEGAL) {
        if (why != FORBID_NONE) {
            ctx_notice(ctx, i18n_forbidden_text(why));
        }
        sound_play(SOUND_ERROR);
        return;
    }
    ps->region = MOVE_NONE;
    game_view_place(&ps->view, m, ctx_now(ctx));
    sound_play(SOUND_STONE);
    if (r == TRAINER_MOVE_CHECK) {
        char err[256];
        memset(&ps->work, 0, sizeof ps->work);
        trainer_run_job(&ps->run, &ps->work.job);
        ps->task = task_start(refute_main, &ps->work, err, sizeof err);
        if (ps->task == NULL) {
            fprintf(stderr, "gomoku: %s\n", err);
            trainer_run_refuted(&ps->run, &(TrainerRefutation){.reply = MOVE_NONE});
        }
    } else if (r == TRAINER_MOVE_SOLVED) {
        sound_play(SOUND_WIN);
    } else if (!move_equal(game_last_move(ps->run.game), m)) {
        /* The defender's reply came with it: that is the stone to watch. */
        game_view_place(&ps->view, game_last_move(ps->run.game), ctx_now(ctx));
    }
    count(ps, ctx);
}

/* Takes the refutation once its thread is done. */
static void poll_task(PuzzleScene *ps, Ctx *ctx)
{
    if (!task_done(ps->task)) {
        return;
    }
    stop_task(ps);
    TrainerRefutation a =
        ps->work.status == 0 ? ps->work.answer : (TrainerRefutation){.reply = MOVE_NONE};
    trainer_run_refuted(&ps->run, &a);
    if (move_is_valid(a.reply)) {
        game_view_place(&ps->view, a.reply, ctx_now(ctx));
    }
    sound_play(a.still_wins ? SOUND_STONE : SOUND_ERROR);
    count(ps, ctx);
    ctx->dirty = true;
}

/* ---- commands --------------------------------------------------------------------- */

PuzzleAction scene_puzzle_slot(const PuzzleScene *ps, int slot)
{
    (void)ps;
    return slot >= 0 && slot < LAYOUT_BTN_COUNT ? SLOTS[slot] : PUZZLE_NONE;
}

bool scene_puzzle_enabled(const PuzzleScene *ps, PuzzleAction a)
{
    TrainerRunState s = ps->have_run ? ps->run.state : TRAINER_RUN_SOLVED;
    switch (a) {
    case PUZZLE_RETRY:
        return ps->have_run &&
               (s == TRAINER_RUN_WRONG || s == TRAINER_RUN_ALSO_WINS || s == TRAINER_RUN_SHOWN);
    case PUZZLE_HINT: return ps->have_run && s == TRAINER_RUN_SOLVING;
    case PUZZLE_SOLUTION:
        return ps->have_run && s != TRAINER_RUN_SOLVED && s != TRAINER_RUN_SHOWN &&
               s != TRAINER_RUN_CHECKING;
    case PUZZLE_NONE: return false;
    default: return true;
    }
}

static void do_action(PuzzleScene *ps, Ctx *ctx, PuzzleAction a)
{
    if (!scene_puzzle_enabled(ps, a)) {
        return;
    }
    ctx_clear_notice(ctx);
    switch (a) {
    case PUZZLE_RETRY:
        trainer_run_retry(&ps->run);
        ps->show_change = false;
        break;
    case PUZZLE_HINT: ps->hint = trainer_run_hint(&ps->run, &ps->region); break;
    case PUZZLE_SOLUTION:
        trainer_run_show(&ps->run);
        ps->region = MOVE_NONE;
        count(ps, ctx);
        break;
    case PUZZLE_NEXT: next_puzzle(ps, ctx); break;
    case PUZZLE_THEME:
        ps->theme = (TrainerTheme)((ps->theme + 1) % TRAINER_THEME_COUNT);
        next_puzzle(ps, ctx);
        break;
    case PUZZLE_MENU: scene_go(ctx->scenes, SCENE_MENU); break;
    default: break;
    }
}

static bool target_enabled(const void *user, int t)
{
    const PuzzleScene *ps = user;
    if (t >= 0 && t < LAYOUT_BTN_COUNT) {
        return scene_puzzle_enabled(ps, scene_puzzle_slot(ps, t));
    }
    /* The analysis and its line would give the answer away. */
    return t != GAME_VIEW_NONE && t != GAME_VIEW_GRAPH && t != GAME_VIEW_LIST &&
           t != GAME_VIEW_TOGGLE + LAYOUT_TGL_ANALYSIS && t != GAME_VIEW_TOGGLE + LAYOUT_TGL_LINE;
}

static void click(PuzzleScene *ps, Ctx *ctx, const GameViewClick *c)
{
    if (c->target >= 0 && c->target < LAYOUT_BTN_COUNT) {
        do_action(ps, ctx, scene_puzzle_slot(ps, c->target));
    } else if (c->target >= GAME_VIEW_TOGGLE && c->target < GAME_VIEW_GRAPH) {
        ctx_toggle(ctx, (CtxToggle)(c->target - GAME_VIEW_TOGGLE));
        relayout(ps, ctx);
    } else if (c->target == GAME_VIEW_BOARD && ps->have_run) {
        play(ps, ctx, c->point);
    }
}

static void keyboard(PuzzleScene *ps, Ctx *ctx, AppCommandKind kind)
{
    if (!ps->have_run) {
        return;
    }
    if (kind == CMD_ACCEPT) {
        if (ps->run.state == TRAINER_RUN_SOLVED || ps->run.state == TRAINER_RUN_SHOWN) {
            do_action(ps, ctx, PUZZLE_NEXT);
        } else if (ps->view.cursor_shown) {
            play(ps, ctx, ps->view.cursor);
        }
        return;
    }
    int dx = kind == CMD_DECREASE ? -1 : kind == CMD_INCREASE ? 1 : 0;
    int dy = kind == CMD_FOCUS_PREV ? -1 : kind == CMD_FOCUS_NEXT ? 1 : 0;
    game_view_move_cursor(&ps->view, ps->run.puzzle.size, game_last_move(ps->run.game), dx, dy);
}

static void command(PuzzleScene *ps, Ctx *ctx, const AppCommand *cmd)
{
    switch (cmd->kind) {
    case CMD_UNDO: do_action(ps, ctx, PUZZLE_RETRY); break;
    case CMD_HINT: do_action(ps, ctx, PUZZLE_HINT); break;
    case CMD_NEW_GAME: do_action(ps, ctx, PUZZLE_NEXT); break;
    case CMD_HELP: scene_push(ctx->scenes, SCENE_HELP, NULL); break;
    case CMD_BACK: scene_go(ctx->scenes, SCENE_MENU); break;
    case CMD_FOCUS_PREV:
    case CMD_FOCUS_NEXT:
    case CMD_DECREASE:
    case CMD_INCREASE:
    case CMD_ACCEPT: keyboard(ps, ctx, cmd->kind); break;
    default:
        if (cmd->kind == CMD_COORDS || cmd->kind == CMD_NUMBERS || cmd->kind == CMD_MUTE ||
            cmd->kind == CMD_LAST_MARK) {
            game_screen_toggle_key(&ps->view, ctx, cmd->kind);
            relayout(ps, ctx);
        }
        break;
    }
}

static void handle(void *self, Ctx *ctx, const AppCommand *cmd)
{
    PuzzleScene *ps = self;
    GameViewClick c;
    ctx->dirty = true;
    if (cmd->kind == CMD_RESIZED) {
        relayout(ps, ctx);
        game_view_refresh_hover(&ps->view);
    } else if (game_view_keys(&ps->view, cmd, target_enabled, ps, &c) ||
               game_view_pointer(&ps->view, cmd, target_enabled, ps, &c)) {
        if (c.target != GAME_VIEW_NONE) {
            click(ps, ctx, &c);
        }
    } else {
        command(ps, ctx, cmd);
    }
}

/* ---- life ---------------------------------------------------------------------------- */

static void *create(Ctx *ctx)
{
    PuzzleScene *ps = calloc(1, sizeof *ps);
    if (ps != NULL) {
        ps->view.cursor = MOVE_NONE;
        ps->view.anim = MOVE_NONE;
        ps->cur = -1;
        ps->region = MOVE_NONE;
        ps->rng = ctx->cfg.test_clock ? 1 : (uint64_t)time(NULL);
        trainer_init(&ps->state);
    }
    return ps;
}

static void destroy(void *self)
{
    PuzzleScene *ps = self;
    stop_task(ps);
    if (ps->have_run) {
        trainer_run_free(&ps->run);
    }
    trainer_free(&ps->state);
    for (int i = 0; i < ps->ntexts; i++) {
        free(ps->texts[i]);
    }
    free(ps->entries);
    free(ps->mine);
    free(ps);
}

static void enter(void *self, Ctx *ctx, const DialogSpec *spec)
{
    (void)spec;
    PuzzleScene *ps = self;
    if (!ps->loaded) {
        ps->loaded = true;
        load_sets(ps, ctx);
        ps->shipped = ps->n;
        load_history(ps, ctx);
    }
    load_mine(ps, ctx);
    if (!ps->have_run) {
        first_puzzle(ps, ctx);
    }
    game_view_reset(&ps->view, false);
    relayout(ps, ctx);
}

static void leave(void *self, Ctx *ctx, SceneId next)
{
    (void)ctx;
    (void)next;
    PuzzleScene *ps = self;
    /* A refutation still searching is not waited for by the next scene:
     * its answer would be for a board nobody looks at. */
    if (ps->task != NULL) {
        stop_task(ps);
        trainer_run_cancel(&ps->run);
    }
}

static void answer(void *self, Ctx *ctx, const DialogAnswer *a)
{
    (void)self;
    saves_answer(ctx, a);
}

static void tick(void *self, Ctx *ctx)
{
    PuzzleScene *ps = self;
    if (ps->task != NULL) {
        poll_task(ps, ctx);
    }
    if (ps->view.changed) {
        ps->view.changed = false;
        ctx->dirty = true;
    }
}

static bool animating(const void *self, const Ctx *ctx)
{
    const PuzzleScene *ps = self;
    return ps->task != NULL || game_screen_anim_progress(&ps->view, ctx) < 1.0f ||
           ctx_notice_text(ctx)[0] != '\0';
}

static bool hovering(const void *self, const Ctx *ctx)
{
    (void)ctx;
    const PuzzleScene *ps = self;
    const GameView *v = &ps->view;
    if (v->hover == GAME_VIEW_BOARD) {
        return ps->have_run && ps->run.state == TRAINER_RUN_SOLVING &&
               move_is_valid(v->hover_point) &&
               board_get(game_board(ps->run.game), v->hover_point.x, v->hover_point.y) ==
                   STONE_EMPTY;
    }
    return v->hover != GAME_VIEW_NONE && target_enabled(ps, v->hover);
}

/* ---- drawing --------------------------------------------------------------------------- */

/* What the board shows: the position, the hint's region, the move off
 * the line and its refutation, the solution's line or defences. */
typedef struct PuzzleBoard {
    BoardView view;
    Board board;
    Move moves[BOARD_MAX_CELLS];
    Move win[BOARD_MAX_SIZE];
    Move line[PUZZLE_SOLUTION_MAX];
    BoardMark marks[BOARD_VIEW_MAX_MARKS];
} PuzzleBoard;

static void add_mark(PuzzleBoard *pb, Move m, float good, bool framed)
{
    BoardView *bv = &pb->view;
    if (move_is_valid(m) && bv->mark_count < BOARD_VIEW_MAX_MARKS) {
        pb->marks[bv->mark_count++] = (BoardMark){m, 0.8f, good, framed, 0};
    }
}

static void board_marks(const PuzzleScene *ps, PuzzleBoard *pb)
{
    const TrainerRun *r = &ps->run;
    BoardView *bv = &pb->view;
    bv->marks = pb->marks;
    if (move_is_valid(ps->region) && r->state == TRAINER_RUN_SOLVING) {
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                Move m = {ps->region.x + dx, ps->region.y + dy};
                if (board_get(&pb->board, m.x, m.y) == STONE_EMPTY) {
                    pb->marks[bv->mark_count++] = (BoardMark){m, 0.45f, 0.6f, false, 0};
                }
            }
        }
    }
    if (r->state == TRAINER_RUN_WRONG || r->state == TRAINER_RUN_ALSO_WINS) {
        add_mark(pb, r->refute.reply, r->state == TRAINER_RUN_WRONG ? -1.0f : 0.3f, true);
    }
    bool defences = r->puzzle.goal == PUZZLE_GOAL_DEFEND &&
                    (r->state == TRAINER_RUN_SOLVED || r->state == TRAINER_RUN_SHOWN);
    for (int i = 0; defences && i < r->puzzle.nsolution; i++) {
        if (board_get(&pb->board, r->puzzle.solution[i].x, r->puzzle.solution[i].y) ==
            STONE_EMPTY) {
            add_mark(pb, r->puzzle.solution[i], 1.0f, true);
        }
    }
}

static void board_model(const PuzzleScene *ps, const Ctx *ctx, PuzzleBoard *pb)
{
    const Game *g = ps->run.game;
    BoardView *bv = &pb->view;
    memset(bv, 0, sizeof *bv);
    pb->board = *game_board(g);
    int count = game_move_count(g);
    for (int i = 0; i < count; i++) {
        pb->moves[i] = game_move_at(g, i);
    }
    bv->board = &pb->board;
    bv->last = count > 0 && ctx->ui.last_mark ? pb->moves[count - 1] : MOVE_NONE;
    bv->cursor = ps->view.cursor_shown ? ps->view.cursor : MOVE_NONE;
    bv->hint = MOVE_NONE;
    bv->best = MOVE_NONE;
    bv->hover = MOVE_NONE;
    bv->anim = ps->view.anim;
    bv->anim_t = game_screen_anim_progress(&ps->view, ctx);
    bv->text = ctx->ui.text;
    /* Numbers count the attempt's moves from 1 (the puzzle's stones have
     * none); a solved puzzle shows its whole line numbered. */
    const TrainerRun *run = &ps->run;
    bv->moves = pb->moves + run->start;
    bv->move_count = count - run->start;
    bv->numbers = ctx->data.settings.move_numbers || run->state == TRAINER_RUN_SOLVED;
    bv->coords = ctx->data.settings.coordinates;
    if (game_result(g) != GAME_ONGOING) {
        bv->win_len = game_win_line(g, pb->win, BOARD_MAX_SIZE);
        bv->win = bv->win_len > 0 ? pb->win : NULL;
    }
    const TrainerRun *r = &ps->run;
    if (r->state == TRAINER_RUN_SOLVING && ps->view.hover == GAME_VIEW_BOARD &&
        move_is_valid(ps->view.hover_point) &&
        board_get(&pb->board, ps->view.hover_point.x, ps->view.hover_point.y) == STONE_EMPTY) {
        bv->hover = ps->view.hover_point;
        bv->hover_stone = r->solver;
        bv->hover_forbidden =
            r->solver == STONE_BLACK && game_forbidden(g, ps->view.hover_point) != FORBID_NONE;
    }
    if (r->state == TRAINER_RUN_SHOWN && r->puzzle.goal == PUZZLE_GOAL_WIN) {
        bv->line = pb->line;
        bv->line_len = trainer_run_line(r, pb->line, PUZZLE_SOLUTION_MAX);
        bv->line_first = r->solver;
        bv->line_wins = true;
        bv->line_number = count - r->start + 1;
    }
    board_marks(ps, pb);
}

/* The feedback line under the goal, and its colour. */
static void status_line(const PuzzleScene *ps, PanelModel *m)
{
    const TrainerRun *r = &ps->run;
    const char *opp = i18n_get(r->solver == STONE_BLACK ? I18N_PLAYER_WHITE : I18N_PLAYER_BLACK);
    char where[RECORD_MOVE_NAME_MAX] = "?";
    if (move_is_valid(r->refute.reply)) {
        move_list_move_name(r->refute.reply, r->puzzle.size, where);
    }
    m->status_color = UI_TEXT;
    switch (r->state) {
    case TRAINER_RUN_SOLVING:
        snprintf(m->status, sizeof m->status, "%s",
                 i18n_get(game_move_count(r->game) > r->start ? I18N_PUZZLE_GOOD
                                                              : I18N_PUZZLE_YOUR_MOVE));
        break;
    case TRAINER_RUN_CHECKING:
        snprintf(m->status, sizeof m->status, "%s", i18n_get(I18N_PUZZLE_CHECKING));
        break;
    case TRAINER_RUN_WRONG:
        m->status_color = UI_DANGER;
        if (r->puzzle.goal == PUZZLE_GOAL_WIN) {
            i18n_format(m->status, sizeof m->status, I18N_FMT_PUZZLE_HOLDS, opp, where);
        } else if (r->refute.win_plies > 0) {
            i18n_format(m->status, sizeof m->status, I18N_FMT_PUZZLE_LOSES_IN, opp, where,
                        (r->refute.win_plies + 1) / 2);
        } else {
            i18n_format(m->status, sizeof m->status, I18N_FMT_PUZZLE_LOSES, opp, where);
        }
        break;
    case TRAINER_RUN_ALSO_WINS:
        snprintf(m->status, sizeof m->status, "%s", i18n_get(I18N_PUZZLE_ALSO_WINS));
        break;
    case TRAINER_RUN_SOLVED:
        m->status_color = GOOD;
        snprintf(m->status, sizeof m->status, "%s",
                 i18n_get(r->failed      ? I18N_PUZZLE_SOLVED_AFTER
                          : r->hints > 0 ? I18N_PUZZLE_SOLVED_HELPED
                                         : I18N_PUZZLE_SOLVED));
        break;
    case TRAINER_RUN_SHOWN:
        snprintf(
            m->status, sizeof m->status, "%s",
            i18n_get(r->puzzle.goal == PUZZLE_GOAL_WIN ? I18N_PUZZLE_SHOWN : I18N_PUZZLE_DEFENCES));
        break;
    }
}

static void subtitle(const Puzzle *p, char *buf, size_t len)
{
    char size_s[48], k_s[48];
    i18n_format(size_s, sizeof size_s, I18N_FMT_BOARD_SIZE, p->size, p->size);
    i18n_format(k_s, sizeof k_s, I18N_FMT_IN_A_ROW, p->rules.k);
    SDL_snprintf(buf, len, "%s \xc2\xb7 %s \xc2\xb7 %s", i18n_rule_name(p->rules.kind), k_s,
                 size_s);
}

/* The rating, the streak and the theme. */
static void standing(const PuzzleScene *ps, PanelModel *m)
{
    const TrainerState *st = &ps->state;
    int rating = (int)lround(st->player.rating), solved = 0, tried = st->nplayed;
    for (int i = 0; i < st->nplayed; i++) {
        solved += st->played[i].solved > 0;
    }
    if (ps->show_change) {
        i18n_format(m->score, sizeof m->score, I18N_FMT_PUZZLE_RATING_MOVED, rating,
                    ps->rating_change);
    } else {
        i18n_format(m->score, sizeof m->score, I18N_FMT_PUZZLE_RATING, rating);
    }
    i18n_format(m->coach[0], sizeof m->coach[0], I18N_FMT_PUZZLE_THEME,
                i18n_get(THEME_NAMES[ps->theme]));
    m->coach_color[0] = UI_TEXT;
    i18n_format(m->coach[1], sizeof m->coach[1], I18N_FMT_PUZZLE_STREAK, st->streak,
                st->best_streak, solved, tried);
    m->coach_color[1] = UI_TEXT_DIM;
}

/* The last attempts, oldest first: a tick solved, a cross failed, a dot
 * solved with a hint. */
static void recent(const PuzzleScene *ps, PanelModel *m)
{
    static const char *const GLYPH[TRAINER_OUTCOME_COUNT] = {"\xc3\x97", "\xe2\x9c\x93",
                                                             "\xc2\xb7"};
    const TrainerState *st = &ps->state;
    int n = st->nhistory < 10 ? st->nhistory : 10;
    char marks[10 * 4 + 1] = "";
    for (int i = st->nhistory - n; i < st->nhistory; i++) {
        strcat(marks, GLYPH[st->history[i].outcome]);
    }
    if (n > 0) {
        i18n_format(m->analysis, sizeof m->analysis, I18N_FMT_PUZZLE_RECENT, n, marks);
        m->analysis_color = UI_TEXT_DIM;
    }
}

static void puzzle_info(const PuzzleScene *ps, PanelModel *m)
{
    const TrainerEntry *e = &ps->entries[ps->cur];
    char info[160];
    i18n_format(info, sizeof info, I18N_FMT_PUZZLE_INFO, e->id,
                (int)lround(trainer_puzzle_rating(&ps->state, e).rating));
    if (ps->daily) {
        SDL_snprintf(m->info, sizeof m->info, "%s \xc2\xb7 %s", i18n_get(I18N_PUZZLE_DAILY), info);
    } else {
        snprintf(m->info, sizeof m->info, "%s", info);
    }
    recent(ps, m);
    if (move_is_valid(ps->region) && ps->run.state == TRAINER_RUN_SOLVING) {
        snprintf(m->analysis, sizeof m->analysis, "%s", i18n_get(HINT_TEXTS[ps->hint]));
        m->analysis_color = UI_ACCENT;
    }
}

static void panel_model(const PuzzleScene *ps, const Ctx *ctx, PanelModel *m)
{
    memset(m, 0, sizeof *m);
    m->no_players = true;
    m->move_count = -1;
    m->title = i18n_get(I18N_PUZZLE_TITLE);
    m->toggle_on[LAYOUT_TGL_NUMBERS] = ctx->data.settings.move_numbers;
    m->toggle_on[LAYOUT_TGL_COORDS] = ctx->data.settings.coordinates;
    m->toggle_on[LAYOUT_TGL_SOUND] = ctx->data.settings.sound && ctx->platform.sound_ok;
    m->sound_none = !ctx->platform.sound_ok;
    m->hover = ps->view.hover;
    m->pressed = ps->view.pressed;
    m->focus = ps->view.focus;
    for (int i = 0; i < LAYOUT_BTN_COUNT; i++) {
        PuzzleAction a = scene_puzzle_slot(ps, i);
        bool on = scene_puzzle_enabled(ps, a);
        m->button[i] = (PanelButton){i18n_get(LABELS[a]), on, false, false};
    }
    standing(ps, m);
    if (!ps->have_run) {
        snprintf(m->headline, sizeof m->headline, "%s", i18n_get(I18N_PUZZLE_NONE));
        m->head_color = UI_TEXT;
        return;
    }
    const TrainerRun *r = &ps->run;
    subtitle(&r->puzzle, m->subtitle, sizeof m->subtitle);
    bool black = r->solver == STONE_BLACK, win = r->puzzle.goal == PUZZLE_GOAL_WIN;
    I18nString goal = win ? (black ? I18N_PUZZLE_GOAL_WIN_BLACK : I18N_PUZZLE_GOAL_WIN_WHITE)
                          : (black ? I18N_PUZZLE_GOAL_DEFEND_BLACK : I18N_PUZZLE_GOAL_DEFEND_WHITE);
    snprintf(m->headline, sizeof m->headline, "%s", i18n_get(goal));
    m->head_color = UI_TEXT;
    m->head_stone = r->solver;
    status_line(ps, m);
    if (ps->cur >= 0) {
        puzzle_info(ps, m);
    }
    bool done = r->state == TRAINER_RUN_SOLVED || r->state == TRAINER_RUN_SHOWN;
    m->button[3].primary = done; /* Next */
    m->button[0].primary = r->state == TRAINER_RUN_WRONG || r->state == TRAINER_RUN_ALSO_WINS;
}

static void draw(void *self, Ctx *ctx)
{
    PuzzleScene *ps = self;
    PanelModel *m = malloc(sizeof *m);
    PuzzleBoard *pb = malloc(sizeof *pb);
    if (m == NULL || pb == NULL) {
        free(m);
        free(pb);
        return;
    }
    panel_model(ps, ctx, m);
    if (ps->have_run) {
        board_model(ps, ctx, pb);
    } else {
        memset(&pb->view, 0, sizeof pb->view);
        board_init(&pb->board, 15);
        pb->view.board = &pb->board;
        pb->view.last = pb->view.hover = pb->view.cursor = MOVE_NONE;
        pb->view.hint = pb->view.best = pb->view.anim = MOVE_NONE;
    }
    game_screen_draw(&ps->view, ctx, &pb->view, m);
    free(m);
    free(pb);
}

const SceneClass scene_puzzle_class = {
    .name = "puzzle",
    .create = create,
    .destroy = destroy,
    .enter = enter,
    .leave = leave,
    .handle = handle,
    .answer = answer,
    .tick = tick,
    .draw = draw,
    .animating = animating,
    .hovering = hovering,
};
