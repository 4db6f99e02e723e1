/*
 * scene.c - the scene stack and the one function that changes it.
 */
#include "scenes/scene.h"

#include <stdio.h>
#include <string.h>

/* Which scene may follow which, and on what.  scene_transition refuses
 * (and logs) anything else, so this table is the whole map of the app's
 * screens; HACKING.md shows it as a picture. */
typedef struct SceneEdge {
    SceneId from, to;
    const char *on;
} SceneEdge;

static const SceneEdge SCENE_EDGES[] = {
    {SCENE_MENU, SCENE_PLAY, "Play; Resume; the autosave resumed"},
    {SCENE_MENU, SCENE_FILES, "Load; Ctrl+O"},
    {SCENE_MENU, SCENE_REVIEW, "a file from the command line or dropped on the window"},
    {SCENE_PLAY, SCENE_MENU, "Menu; Esc (a game in progress waits behind Resume)"},
    {SCENE_PLAY, SCENE_REVIEW, "Review; R; a file dropped on the window"},
    {SCENE_PLAY, SCENE_FILES, "Ctrl+O"},
    {SCENE_REVIEW, SCENE_PLAY, "Back; Esc; R; New game"},
    {SCENE_REVIEW, SCENE_FILES, "Ctrl+O"},
    {SCENE_REVIEW, SCENE_MENU, "Back; Esc (a file opened from the menu: back there)"},
    {SCENE_REVIEW, SCENE_REVIEW, "another file dropped on the window"},
    {SCENE_FILES, SCENE_MENU, "Back; Esc (opened from the menu)"},
    {SCENE_MENU, SCENE_PUZZLE, "Puzzles"},
    {SCENE_PUZZLE, SCENE_MENU, "Menu; Esc"},
    {SCENE_FILES, SCENE_PLAY, "Back; Esc (opened from a game: it goes on as it was)"},
    {SCENE_FILES, SCENE_REVIEW,
     "Open; Enter; a file dropped on the window; Back, Esc (opened from a review)"},
    /* Overlays open over any base scene and close back to it. */
    {SCENE_MENU, SCENE_HELP, "F1"},
    {SCENE_PLAY, SCENE_HELP, "F1"},
    {SCENE_REVIEW, SCENE_HELP, "F1"},
    {SCENE_FILES, SCENE_HELP, "F1"},
    {SCENE_PUZZLE, SCENE_HELP, "F1"},
    {SCENE_PUZZLE, SCENE_DIALOG, "a puzzle history that could not be read"},
    {SCENE_MENU, SCENE_DIALOG,
     "the autosave offered; a damaged file or settings; Play: leave the game?"},
    {SCENE_PLAY, SCENE_DIALOG, "Save: replace?; a save that failed; leave the game?"},
    {SCENE_REVIEW, SCENE_DIALOG, "Save: replace?; a save that failed; leave the game?"},
    {SCENE_FILES, SCENE_DIALOG, "Delete?; Export: replace?; a file that does not open"},
    {SCENE_PLAY, SCENE_NAME, "Save; Ctrl+S"},
    {SCENE_REVIEW, SCENE_NAME, "Save; Ctrl+S"},
};

bool scene_edge_allowed(SceneId from, SceneId to)
{
    for (size_t i = 0; i < sizeof SCENE_EDGES / sizeof SCENE_EDGES[0]; i++) {
        if (SCENE_EDGES[i].from == from && SCENE_EDGES[i].to == to) {
            return true;
        }
    }
    return false;
}

static const SceneClass *const CLASSES[SCENE_COUNT] = {
    [SCENE_MENU] = &scene_menu_class,     [SCENE_PLAY] = &scene_play_class,
    [SCENE_REVIEW] = &scene_review_class, [SCENE_FILES] = &scene_files_class,
    [SCENE_PUZZLE] = &scene_puzzle_class, [SCENE_HELP] = &scene_help_class,
    [SCENE_DIALOG] = &scene_dialog_class, [SCENE_NAME] = &scene_name_class,
};

/* ---- requests ------------------------------------------------------------- */

static SceneRequest *request(SceneStack *st, SceneOp op, SceneId id)
{
    if (st->npending >= SCENE_PENDING_MAX) {
        fprintf(stderr, "gomoku: too many scene changes at once; %d dropped\n", (int)id);
        return NULL;
    }
    SceneRequest *r = &st->pending[st->npending++];
    memset(r, 0, sizeof *r);
    r->op = op;
    r->id = id;
    return r;
}

void scene_go(SceneStack *st, SceneId id)
{
    request(st, SCENE_OP_GO, id);
}

void scene_push(SceneStack *st, SceneId id, const DialogSpec *spec)
{
    SceneRequest *r = request(st, SCENE_OP_PUSH, id);
    if (r != NULL && spec != NULL) {
        r->spec = *spec;
    }
}

void scene_close(SceneStack *st, int button, const char *text)
{
    SceneRequest *r = request(st, SCENE_OP_CLOSE, SCENE_COUNT);
    if (r != NULL) {
        r->button = button;
        SDL_strlcpy(r->text, text != NULL ? text : "", sizeof r->text);
    }
}

void scene_dismiss(SceneStack *st)
{
    request(st, SCENE_OP_DISMISS, SCENE_COUNT);
}

/* ---- the stack ------------------------------------------------------------ */

int scene_stack_init(SceneStack *st, Ctx *ctx, SceneId first, char *err, size_t errlen)
{
    memset(st, 0, sizeof *st);
    for (int i = 0; i < SCENE_COUNT; i++) {
        st->classes[i] = CLASSES[i];
        st->state[i] = CLASSES[i]->create != NULL ? CLASSES[i]->create(ctx) : NULL;
        if (CLASSES[i]->create != NULL && st->state[i] == NULL) {
            snprintf(err, errlen, "Out of memory for the %s screen.", CLASSES[i]->name);
            scene_stack_free(st, ctx);
            return -1;
        }
    }
    st->items[0] = first;
    st->previous = first;
    st->depth = 1;
    if (st->classes[first]->enter != NULL) {
        st->classes[first]->enter(st->state[first], ctx, NULL);
    }
    return 0;
}

void scene_stack_free(SceneStack *st, Ctx *ctx)
{
    while (st->depth > 0) {
        SceneId id = st->items[--st->depth];
        if (st->classes[id]->leave != NULL) {
            st->classes[id]->leave(st->state[id], ctx, SCENE_COUNT);
        }
    }
    for (int i = 0; i < SCENE_COUNT; i++) {
        if (st->classes[i] != NULL && st->classes[i]->destroy != NULL && st->state[i] != NULL) {
            st->classes[i]->destroy(st->state[i]);
        }
        st->state[i] = NULL;
    }
}

SceneId scene_top(const SceneStack *st)
{
    return st->items[st->depth - 1];
}

SceneId scene_base(const SceneStack *st)
{
    return st->items[0];
}

SceneId scene_previous(const SceneStack *st)
{
    return st->previous;
}

void *scene_state(const SceneStack *st, SceneId id)
{
    return id >= 0 && id < SCENE_COUNT ? st->state[id] : NULL;
}

#define CALL(st, id, fn, ...)                                                                      \
    do {                                                                                           \
        if ((st)->classes[id]->fn != NULL) {                                                       \
            (st)->classes[id]->fn((st)->state[id], __VA_ARGS__);                                   \
        }                                                                                          \
    } while (0)

/* Takes the top overlay off and hands its answer to the scene below. */
static void pop_overlay(SceneStack *st, Ctx *ctx, const SceneRequest *r)
{
    if (st->depth < 2) {
        st->refused++;
        fprintf(stderr, "gomoku: no overlay to close\n");
        return;
    }
    SceneId top = st->items[--st->depth];
    SceneId below = st->items[st->depth - 1];
    CALL(st, top, leave, ctx, below);
    DialogAnswer a = {st->specs[st->depth].tag, r->button, r->text};
    if (st->depth == 1) {
        CALL(st, below, cover, ctx, false);
    }
    if (top != SCENE_HELP) {
        CALL(st, below, answer, ctx, &a);
    }
}

static void push_overlay(SceneStack *st, Ctx *ctx, const SceneRequest *r)
{
    SceneId top = scene_top(st);
    bool free_slot = st->depth < SCENE_STACK_MAX;
    for (int i = 0; i < st->depth; i++) {
        free_slot = free_slot && st->items[i] != r->id; /* one instance each */
    }
    if (!free_slot || !st->classes[r->id]->overlay || !scene_edge_allowed(scene_base(st), r->id)) {
        st->refused++;
        fprintf(stderr, "gomoku: refused to open %s over %s\n", st->classes[r->id]->name,
                st->classes[top]->name);
        return;
    }
    if (st->depth == 1) {
        CALL(st, top, cover, ctx, true);
    }
    st->specs[st->depth] = r->spec;
    st->items[st->depth++] = r->id;
    CALL(st, r->id, enter, ctx, &r->spec);
}

/* Closes every overlay unanswered; the base is uncovered. */
static void dismiss(SceneStack *st, Ctx *ctx, SceneId next)
{
    if (st->depth < 2) {
        return;
    }
    while (st->depth > 1) {
        SceneId top = st->items[--st->depth];
        CALL(st, top, leave, ctx, next);
    }
    CALL(st, st->items[0], cover, ctx, false);
}

/* Replaces the base scene: overlays close unanswered, the old base leaves,
 * the new one enters. */
static void go(SceneStack *st, Ctx *ctx, SceneId to)
{
    SceneId from = scene_base(st);
    if (st->classes[to]->overlay || !scene_edge_allowed(from, to)) {
        st->refused++;
        fprintf(stderr, "gomoku: refused to go from %s to %s\n", st->classes[from]->name,
                st->classes[to]->name);
        return;
    }
    dismiss(st, ctx, to);
    CALL(st, from, leave, ctx, to);
    st->items[0] = to;
    st->previous = from;
    CALL(st, to, enter, ctx, NULL);
}

void scene_transition(SceneStack *st, Ctx *ctx)
{
    /* Entering or answering may ask for more: take them in order. */
    for (int i = 0; i < st->npending; i++) {
        SceneRequest r = st->pending[i];
        switch (r.op) {
        case SCENE_OP_GO: go(st, ctx, r.id); break;
        case SCENE_OP_PUSH: push_overlay(st, ctx, &r); break;
        case SCENE_OP_CLOSE: pop_overlay(st, ctx, &r); break;
        case SCENE_OP_DISMISS: dismiss(st, ctx, scene_base(st)); break;
        }
        ctx->dirty = true;
    }
    st->npending = 0;
}

/* ---- per frame -------------------------------------------------------------- */

void scene_handle(SceneStack *st, Ctx *ctx, const AppCommand *cmd)
{
    if (cmd->kind == CMD_RESIZED) {
        /* Every scene on the stack lays itself out again. */
        for (int i = 0; i < st->depth; i++) {
            CALL(st, st->items[i], handle, ctx, cmd);
        }
        return;
    }
    SceneId top = scene_top(st);
    if (cmd->kind == CMD_DROP_FILE && st->depth > 1) {
        /* A dropped file opens over anything: what was asked is left unanswered. */
        scene_dismiss(st);
        top = scene_base(st);
    }
    CALL(st, top, handle, ctx, cmd);
}

void scene_tick(SceneStack *st, Ctx *ctx)
{
    for (int i = 0; i < st->depth; i++) {
        CALL(st, st->items[i], tick, ctx);
    }
}

void scene_draw(SceneStack *st, Ctx *ctx)
{
    for (int i = 0; i < st->depth; i++) {
        CALL(st, st->items[i], draw, ctx);
    }
}

bool scene_animating(const SceneStack *st, const Ctx *ctx)
{
    for (int i = 0; i < st->depth; i++) {
        SceneId id = st->items[i];
        if (st->classes[id]->animating != NULL && st->classes[id]->animating(st->state[id], ctx)) {
            return true;
        }
    }
    return false;
}

bool scene_hovering(const SceneStack *st, const Ctx *ctx)
{
    SceneId top = scene_top(st);
    return st->classes[top]->hovering != NULL && st->classes[top]->hovering(st->state[top], ctx);
}
