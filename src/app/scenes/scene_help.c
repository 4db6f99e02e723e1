/*
 * scene_help.c - the help page over any screen (F1): every key and the
 * three rules.  Esc, F1, Enter or a click closes it.
 */
#include "scenes/scene_help.h"

#include <math.h>
#include <stdlib.h>

#include "scenes/scene.h"
#include "view/ui.h"

#define HELP_RULE_LINES 3

/* The keys as the README's table has them; key names are not translated. */
static const struct {
    const char *keys;
    I18nString does;
} KEYS[] = {
    {"\xe2\x86\x90 \xe2\x86\x91 \xe2\x86\x92 \xe2\x86\x93, Enter", I18N_HELP_PLACE},
    {"Ctrl+Z, Backspace \xc2\xb7 Ctrl+Y", I18N_HELP_UNDO},
    {"H \xc2\xb7 A \xc2\xb7 E", I18N_HELP_HINT},
    {"D \xc2\xb7 C \xc2\xb7 L \xc2\xb7 F", I18N_HELP_MARKS},
    {"M", I18N_HELP_SOUND},
    {"R \xc2\xb7 \xe2\x86\x90 \xe2\x86\x92 Home End", I18N_HELP_REVIEW},
    {"S \xc2\xb7 W \xc2\xb7 P", I18N_HELP_COACH},
    {"Ctrl+S \xc2\xb7 Ctrl+O", I18N_HELP_FILES},
    {"N, F2 \xc2\xb7 Esc", I18N_HELP_GAME},
    {"F11, Alt+Enter \xc2\xb7 Ctrl+Q", I18N_HELP_WINDOW},
};
#define KEY_COUNT ((int)(sizeof KEYS / sizeof KEYS[0]))

static const I18nString RULES[] = {I18N_HELP_FREESTYLE, I18N_HELP_EXACT, I18N_HELP_RENJU,
                                   I18N_HELP_SWAP};
#define RULE_COUNT ((int)(sizeof RULES / sizeof RULES[0]))

/* The card's geometry for the output, and the rules wrapped to it. */
typedef struct HelpGeometry {
    SDL_Rect card;
    int fp, row_h, keys_w, rule_px;
    int rule_lines[RULE_COUNT];
    char rules[RULE_COUNT][HELP_RULE_LINES][TEXT_LINE_MAX];
} HelpGeometry;

static void geometry(const CtxPlatform *pl, Text *text, HelpGeometry *g)
{
    float u = pl->sx * SDL_clamp(SDL_min((float)pl->out_h / (pl->sx * 680.0f),
                                         (float)pl->out_w / (pl->sx * 800.0f)),
                                 0.5f, 1.5f);
    g->fp = (int)lroundf(17.0f * u);
    g->row_h = g->fp * 3 / 2;
    g->rule_px = g->fp * 7 / 8;
    int w = SDL_min(pl->out_w - g->fp * 2, (int)lroundf(780.0f * u));
    int h = g->fp * 4 + KEY_COUNT * g->row_h + g->fp * 7 / 2;
    for (int i = 0; i < RULE_COUNT; i++) {
        g->rule_lines[i] = text_wrap(text, TEXT_REGULAR, g->rule_px, i18n_get(RULES[i]),
                                     w - g->fp * 3, g->rules[i], HELP_RULE_LINES);
        h += g->rule_lines[i] * g->rule_px * 3 / 2 + g->rule_px / 3;
    }
    h = SDL_min(h, pl->out_h - g->fp);
    g->card = (SDL_Rect){(pl->out_w - w) / 2, (pl->out_h - h) / 2, w, h};
    g->keys_w = w * 7 / 20;
}

static void handle(void *self, Ctx *ctx, const AppCommand *cmd)
{
    (void)self;
    switch (cmd->kind) {
    case CMD_BACK:
    case CMD_HELP:
    case CMD_ACCEPT:
    case CMD_POINTER_UP: scene_close(ctx->scenes, 0, NULL); break;
    default: break;
    }
}

/* The key table: keys right-aligned in the left column, what they do on
 * the right.  Returns the y below it. */
static int draw_keys(Text *text, const HelpGeometry *g, int y)
{
    int split = g->card.x + g->keys_w;
    int gap = g->fp;
    for (int i = 0; i < KEY_COUNT; i++) {
        int kpx = text_fit(text, TEXT_BOLD, g->fp, KEYS[i].keys, g->keys_w - gap * 2);
        text_draw(text, TEXT_BOLD, kpx, KEYS[i].keys, UI_ACCENT, split - gap / 2, y + g->row_h / 2,
                  TEXT_RIGHT);
        const char *does = i18n_get(KEYS[i].does);
        int room = g->card.x + g->card.w - gap * 3 / 2 - (split + gap / 2);
        int dpx = text_fit(text, TEXT_REGULAR, g->fp, does, room);
        text_draw(text, TEXT_REGULAR, dpx, does, UI_TEXT, split + gap / 2, y + g->row_h / 2,
                  TEXT_LEFT);
        y += g->row_h;
    }
    return y;
}

/* The rules, each wrapped to the card.  Returns the y below them. */
static int draw_rules(Text *text, const HelpGeometry *g, int y)
{
    int px = g->rule_px;
    int x = g->card.x + g->fp * 3 / 2;
    for (int i = 0; i < RULE_COUNT; i++) {
        for (int k = 0; k < g->rule_lines[i]; k++) {
            text_draw(text, TEXT_REGULAR, px, g->rules[i][k], UI_TEXT_DIM, x, y + px * 3 / 4,
                      TEXT_LEFT);
            y += px * 3 / 2;
        }
        y += px / 3;
    }
    return y;
}

static void draw(void *self, Ctx *ctx)
{
    (void)self;
    HelpGeometry g;
    geometry(&ctx->platform, ctx->ui.text, &g);
    SDL_SetRenderDrawColor(ctx->platform.ren, 0, 0, 0, 150);
    SDL_RenderFillRect(ctx->platform.ren, NULL);
    ui_fill_round_rect(ctx->platform.ren, &g.card, g.fp, (SDL_Color){40, 34, 28, 250});
    ui_panel(ctx->platform.ren, &g.card, g.fp);
    SDL_RenderSetClipRect(ctx->platform.ren, &g.card);
    text_push_box(ctx->ui.text, g.card);
    int y = g.card.y + g.fp * 3 / 2;
    const char *title = i18n_get(I18N_HELP_TITLE);
    text_draw(ctx->ui.text, TEXT_BOLD, g.fp * 3 / 2, title, UI_TEXT, g.card.x + g.card.w / 2,
              y + g.fp * 3 / 4, TEXT_CENTER);
    y += g.fp * 5 / 2;
    y = draw_keys(ctx->ui.text, &g, y);
    y += g.fp / 2;
    SDL_SetRenderDrawColor(ctx->platform.ren, 255, 240, 220, 38);
    SDL_RenderFillRect(ctx->platform.ren,
                       &(SDL_Rect){g.card.x + g.fp * 3 / 2, y, g.card.w - g.fp * 3,
                                   SDL_max(1, (int)ctx->platform.sx)});
    draw_rules(ctx->ui.text, &g, y + g.fp / 2);
    const char *close = i18n_get(I18N_HELP_CLOSE);
    int close_px = SDL_max(g.fp * 4 / 5, (int)lroundf(12.0f * ctx->platform.sx));
    text_draw(ctx->ui.text, TEXT_REGULAR, close_px, close, UI_TEXT_DIM, g.card.x + g.card.w / 2,
              g.card.y + g.card.h - g.fp, TEXT_CENTER);
    text_pop_box(ctx->ui.text);
    SDL_RenderSetClipRect(ctx->platform.ren, NULL);
}

const SceneClass scene_help_class = {
    .name = "help",
    .overlay = true,
    .handle = handle,
    .draw = draw,
};
