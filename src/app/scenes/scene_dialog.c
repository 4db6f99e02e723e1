/*
 * scene_dialog.c - the modal dialogs over the current scene: a message or
 * a question (scene_dialog_class), and the save dialog's name field
 * (scene_name_class).  Both close with scene_close; the scene below gets
 * the answer.
 */
#include "scenes/scene_dialog.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "view/ui.h"

#define DIALOG_MAX_LINES 8

/* The card's font size and width for the output, like the menu's scale. */
static void dialog_metrics(const CtxPlatform *pl, int *fp, int *w)
{
    float u = pl->sx * SDL_clamp(SDL_min((float)pl->out_h / (pl->sx * 600.0f),
                                         (float)pl->out_w / (pl->sx * 600.0f)),
                                 0.5f, 1.5f);
    *fp = (int)lroundf(18.0f * u);
    *w = SDL_min(pl->out_w - *fp * 2, (int)lroundf(520.0f * u));
}

/* Darkens what is below. */
static void dim(const CtxPlatform *pl)
{
    SDL_SetRenderDrawColor(pl->ren, 0, 0, 0, 140);
    SDL_RenderFillRect(pl->ren, NULL);
}

static int hit_button(const SDL_Rect btn[2], int n, int x, int y)
{
    for (int i = 0; i < n; i++) {
        if (ui_contains(&btn[i], x, y)) {
            return i;
        }
    }
    return -1;
}

/* ---- message and question ----------------------------------------------------- */

static void *dialog_create(Ctx *ctx)
{
    (void)ctx;
    return calloc(1, sizeof(DialogScene));
}

static void dialog_enter(void *self, Ctx *ctx, const DialogSpec *spec)
{
    DialogScene *d = self;
    d->spec = *spec;
    d->spec.buttons = spec->buttons == 1 ? 1 : 2;
    /* Enter must never destroy: a held or repeated Enter would. */
    d->spec.focus = spec->destructive ? 1 : SDL_clamp(spec->focus, 0, d->spec.buttons - 1);
    d->spec.destructive = spec->destructive && d->spec.buttons == 2;
    d->focus = d->spec.focus;
    d->hover = -1;
    d->pressed = -1;
    ctx->dirty = true;
}

static void dialog_pointer(DialogScene *d, Ctx *ctx, const AppCommand *cmd)
{
    int n = d->spec.buttons;
    int h = hit_button(d->btn, n, cmd->x, cmd->y);
    if (cmd->kind == CMD_POINTER_MOVE) {
        d->hover = h;
    } else if (cmd->kind == CMD_POINTER_DOWN) {
        d->pressed = h;
    } else if (cmd->kind == CMD_POINTER_UP) {
        int was = d->pressed;
        d->pressed = -1;
        if (h >= 0 && h == was) {
            scene_close(ctx->scenes, h, NULL);
        }
    }
}

static void dialog_handle(void *self, Ctx *ctx, const AppCommand *cmd)
{
    DialogScene *d = self;
    int n = d->spec.buttons;
    ctx->dirty = true;
    switch (cmd->kind) {
    case CMD_POINTER_MOVE:
    case CMD_POINTER_DOWN:
    case CMD_POINTER_UP: dialog_pointer(d, ctx, cmd); break;
    case CMD_DECREASE:
    case CMD_FOCUS_PREV: d->focus = (d->focus + n - 1) % n; break;
    case CMD_INCREASE:
    case CMD_FOCUS_NEXT: d->focus = (d->focus + 1) % n; break;
    case CMD_ACCEPT: scene_close(ctx->scenes, d->focus, NULL); break;
    case CMD_BACK: scene_close(ctx->scenes, n - 1, NULL); break;
    default: break;
    }
}

/* True for a paragraph that is a file's path ("/home/...", "C:\...",
 * "\\server\..."): it wraps after its separators, not at its spaces. */
static bool is_path(const char *p)
{
    return p[0] == '/' || (p[0] == '\\' && p[1] == '\\') ||
           (((p[0] | 0x20) >= 'a' && (p[0] | 0x20) <= 'z') && p[1] == ':' &&
            (p[2] == '\\' || p[2] == '/'));
}

/* Wraps a path after a separator where it can, else where it must. */
static int wrap_path(Text *t, int px, const char *path, int max_w, char lines[][TEXT_LINE_MAX],
                     int max_lines)
{
    int nl = 0;
    size_t len = strlen(path), start = 0;
    while (start < len && nl < max_lines) {
        size_t end = start, cut = 0;
        while (end < len) {
            size_t next = end + 1;
            while (next < len && ((unsigned char)path[next] & 0xC0) == 0x80) {
                next++;
            }
            char tmp[TEXT_LINE_MAX];
            int w = 0, h = 0;
            SDL_strlcpy(tmp, path + start, SDL_min(next - start + 1, sizeof tmp));
            text_measure(t, TEXT_REGULAR, px, tmp, &w, &h);
            if ((w > max_w && end > start) || next - start >= sizeof tmp - 1) {
                break;
            }
            end = next;
            cut = path[end - 1] == '/' || path[end - 1] == '\\' ? end : cut;
        }
        end = end < len && cut > start ? cut : end;
        SDL_strlcpy(lines[nl++], path + start, SDL_min(end - start + 1, (size_t)TEXT_LINE_MAX));
        start = end;
    }
    return nl;
}

/* The text's lines: each paragraph ('\n' ends one) wrapped to max_w.
 * *head gets how many lines the first paragraph took. */
static int wrap_paragraphs(Text *t, int px, const char *text, int max_w,
                           char lines[][TEXT_LINE_MAX], int *head)
{
    int nl = 0;
    *head = 0;
    const char *p = text;
    while (nl < DIALOG_MAX_LINES) {
        const char *end = strchr(p, '\n');
        char para[SCENE_TEXT_MAX];
        size_t n = end != NULL ? (size_t)(end - p) : strlen(p);
        SDL_strlcpy(para, p, SDL_min(n + 1, sizeof para));
        nl += is_path(para)
                  ? wrap_path(t, px, para, max_w, lines + nl, DIALOG_MAX_LINES - nl)
                  : text_wrap(t, TEXT_REGULAR, px, para, max_w, lines + nl, DIALOG_MAX_LINES - nl);
        *head = *head == 0 ? nl : *head;
        if (end == NULL) {
            break;
        }
        p = end + 1;
    }
    return nl;
}

/* The action looks like what it does: red when it destroys, accent when
 * it is the default; the way out is plain. */
static UiButtonStyle button_style(const DialogSpec *spec, int i)
{
    if (spec->destructive) {
        return i == 0 ? UI_BUTTON_DANGER : UI_BUTTON_NORMAL;
    }
    return i == spec->focus ? UI_BUTTON_PRIMARY : UI_BUTTON_NORMAL;
}

static void dialog_draw(void *self, Ctx *ctx)
{
    DialogScene *d = self;
    int fp, w, head;
    dim(&ctx->platform);
    dialog_metrics(&ctx->platform, &fp, &w);
    char lines[DIALOG_MAX_LINES][TEXT_LINE_MAX];
    int nl = wrap_paragraphs(ctx->ui.text, fp, d->spec.text, w - 3 * fp, lines, &head);
    int bh = fp * 5 / 2;
    int h = fp * 2 + nl * fp * 3 / 2 + fp + bh + fp * 3 / 2;
    SDL_Rect card = {(ctx->platform.out_w - w) / 2, (ctx->platform.out_h - h) / 2, w, h};
    ui_fill_round_rect(ctx->platform.ren, &card, fp, (SDL_Color){40, 34, 28, 250});
    ui_panel(ctx->platform.ren, &card, fp);
    text_push_box(ctx->ui.text, card);
    int y = card.y + fp * 2;
    /* A question's first paragraph is the question, a message's its
     * headline when more follows: bold. */
    bool bold_head = d->spec.tag != DIALOG_MESSAGE || head < nl;
    for (int i = 0; i < nl; i++) {
        TextFace face = i < head && bold_head ? TEXT_BOLD : TEXT_REGULAR;
        SDL_Color c = i < head || !bold_head ? UI_TEXT : UI_TEXT_DIM;
        text_draw(ctx->ui.text, face, fp, lines[i], c, card.x + w / 2, y, TEXT_CENTER);
        y += fp * 3 / 2;
    }
    int nb = d->spec.buttons;
    int bw = (w - 3 * fp - (nb - 1) * fp) / nb;
    if (nb == 1) {
        bw = SDL_min(bw, fp * 8);
    }
    int total = nb * bw + (nb - 1) * fp;
    int by = card.y + h - fp * 3 / 2 - bh;
    for (int i = 0; i < nb; i++) {
        d->btn[i] = (SDL_Rect){card.x + (w - total) / 2 + i * (bw + fp), by, bw, bh};
        UiState st = {d->hover == i, d->pressed == i, d->focus == i, false};
        ui_button(ctx->platform.ren, ctx->ui.text, &d->btn[i], i18n_get(d->spec.labels[i]), fp,
                  button_style(&d->spec, i), st);
    }
    text_pop_box(ctx->ui.text);
}

static bool dialog_hovering(const void *self, const Ctx *ctx)
{
    (void)ctx;
    return ((const DialogScene *)self)->hover >= 0;
}

const SceneClass scene_dialog_class = {
    .name = "dialog",
    .overlay = true,
    .create = dialog_create,
    .destroy = free,
    .enter = dialog_enter,
    .handle = dialog_handle,
    .draw = dialog_draw,
    .hovering = dialog_hovering,
};

/* ---- the name to save under ------------------------------------------------------ */

static void *name_create(Ctx *ctx)
{
    (void)ctx;
    return calloc(1, sizeof(NameScene));
}

/* The keyboard types into the field exactly while it is shown (SDL starts
 * text input by default, which would turn hotkeys into typing). */
static void name_enter(void *self, Ctx *ctx, const DialogSpec *spec)
{
    NameScene *ns = self;
    ns->spec = *spec;
    ns->hover = -1;
    ns->pressed = -1;
    name_field_set(&ns->field, spec->text, spec->select_all);
    ns->field.ime_rect = (SDL_Rect){0, 0, 0, 0};
    SDL_StartTextInput();
    ctx->dirty = true;
}

static void name_leave(void *self, Ctx *ctx, SceneId next)
{
    (void)ctx;
    (void)next;
    NameScene *ns = self;
    SDL_StopTextInput();
    ns->field.compose[0] = '\0';
}

/* Enter or Save: a name that cannot be a file name is refused, saying why,
 * and the dialog stays. */
static void name_submit(NameScene *ns, Ctx *ctx)
{
    ns->field.problem = storage_name_check(ns->field.text);
    if (ns->field.problem == STORAGE_NAME_OK) {
        scene_close(ctx->scenes, 0, ns->field.text);
    }
}

static void name_pointer(NameScene *ns, Ctx *ctx, const AppCommand *cmd)
{
    int h = hit_button(ns->btn, 2, cmd->x, cmd->y);
    if (cmd->kind == CMD_POINTER_MOVE) {
        ns->hover = h;
    } else if (cmd->kind == CMD_POINTER_DOWN) {
        ns->pressed = h;
    } else if (cmd->kind == CMD_POINTER_UP) {
        int was = ns->pressed;
        ns->pressed = -1;
        if (h == 0 && was == 0) {
            name_submit(ns, ctx);
        } else if (h == 1 && was == 1) {
            scene_close(ctx->scenes, 1, NULL);
        }
    }
}

static void name_handle(void *self, Ctx *ctx, const AppCommand *cmd)
{
    NameScene *ns = self;
    ctx->dirty = true;
    if (name_field_command(&ns->field, ctx->ui.text, cmd)) {
        return;
    }
    switch (cmd->kind) {
    case CMD_POINTER_MOVE:
    case CMD_POINTER_DOWN:
    case CMD_POINTER_UP: name_pointer(ns, ctx, cmd); break;
    case CMD_ACCEPT: name_submit(ns, ctx); break; /* Enter saves, whatever has the focus */
    case CMD_BACK: scene_close(ctx->scenes, 1, NULL); break;
    default: break;
    }
}

static void name_draw(void *self, Ctx *ctx)
{
    NameScene *ns = self;
    int fp, w;
    dim(&ctx->platform);
    dialog_metrics(&ctx->platform, &fp, &w);
    name_field_draw(&ns->field, ctx->platform.ren, ctx->ui.text, ctx->platform.out_w,
                    ctx->platform.out_h, fp, w, ctx->platform.sx, ctx->platform.sy, ns->hover,
                    ns->pressed, ns->btn);
}

static bool name_hovering(const void *self, const Ctx *ctx)
{
    (void)ctx;
    return ((const NameScene *)self)->hover >= 0;
}

const SceneClass scene_name_class = {
    .name = "name",
    .overlay = true,
    .create = name_create,
    .destroy = free,
    .enter = name_enter,
    .leave = name_leave,
    .handle = name_handle,
    .draw = name_draw,
    .hovering = name_hovering,
};
