/*
 * panel.c - drawing the game screens' side panel from a PanelModel.
 */
#include "view/panel.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "view/game_view.h"
#include "store/i18n.h"
#include "view/ui.h"

/* Where the next line goes, and the room left. */
typedef struct Pen {
    int x, right, width, y, limit;
    int fp, pad;
    int min; /* the smallest legible size: text wraps rather than go below */
} Pen;

static const SDL_Color HEAD_GOLD = {255, 210, 120, 255};

/* ---- text for the model -------------------------------------------------- */

void panel_outlook_text(AiOutlook o, char *buf, size_t len)
{
    const char *side_black = i18n_get(I18N_PLAYER_BLACK), *side_white = i18n_get(I18N_PLAYER_WHITE);
    buf[0] = '\0';
    if (o.kind == AI_OUTLOOK_FORCED) {
        const char *side = o.winner == STONE_BLACK ? side_black : side_white;
        if (o.moves > 0) {
            i18n_format(buf, len, I18N_FMT_SIDE_WINS_IN, side, o.moves);
        } else { /* the five is on the board */
            i18n_format(buf, len, I18N_FMT_SIDE_WON, side);
        }
    } else if (o.kind == AI_OUTLOOK_CHANCE) {
        int pct = ai_outlook_percent(o);
        if (pct == 50) {
            i18n_format(buf, len, I18N_FMT_EVEN, 50);
        } else {
            i18n_format(buf, len, I18N_FMT_CHANCE, o.black_permille > 500 ? side_black : side_white,
                        pct);
        }
    }
}

SDL_Color panel_outlook_color(AiOutlook o)
{
    return o.kind == AI_OUTLOOK_FORCED ? HEAD_GOLD : (SDL_Color){190, 200, 170, 255};
}

void panel_info_text(const AiInfo *info, bool done, int size, char *buf, size_t len)
{
    char took[48], name[RECORD_MOVE_NAME_MAX];
    game_view_time_text(info->time_ms, took, sizeof took);
    if (done && move_is_valid(info->best)) {
        move_list_move_name(info->best, size, name);
        i18n_format(buf, len, I18N_FMT_ENGINE_INFO, name, info->depth, took);
    } else {
        i18n_format(buf, len, I18N_FMT_ENGINE_BARE, info->depth, took);
    }
}

/* A candidate's chance, or "" for a move the search found no exact score
 * for. */
static void candidate_text(const GameViewCandidate *c, int rank, Stone to_move, Rules r, int size,
                           char *buf, size_t len)
{
    char name[RECORD_MOVE_NAME_MAX], chance[96];
    move_list_move_name(c->move, size, name);
    panel_outlook_text(ai_outlook(c->score, c->mate_plies, to_move, r, size), chance,
                       sizeof chance);
    i18n_format(buf, len, I18N_FMT_CANDIDATE, rank, name, chance);
}

void panel_position_text(const AiInfo *ana, bool done, Stone to_move, Rules r, int size,
                         PanelPositionKind kind, char *buf, size_t len)
{
    char chance[96], name[RECORD_MOVE_NAME_MAX];
    buf[0] = '\0';
    if (!move_is_valid(ana->best)) {
        return;
    }
    if (ana->unscored) {
        /* The one answer to a four: a move, no chance to name. */
        if (kind != PANEL_POSITION_CHANCE) {
            move_list_move_name(ana->best, size, name);
            i18n_format(buf, len, I18N_FMT_HINT_MOVE, name);
        }
        return;
    }
    panel_outlook_text(ai_outlook(ana->score, ana->mate_plies, to_move, r, size), chance,
                       sizeof chance);
    size_t n = 0;
    if (kind == PANEL_POSITION_HINT) {
        move_list_move_name(ana->best, size, name);
        n = (size_t)i18n_format(buf, len, I18N_FMT_HINT_LINE, name, chance);
    } else if (kind == PANEL_POSITION_CHANCE) {
        n = (size_t)i18n_format(buf, len, I18N_FMT_WIN_CHANCE, chance);
    } else {
        GameViewCandidate c[AI_MAX_ROOT];
        int nc = game_view_candidates(ana, c, PANEL_CANDIDATES);
        for (int i = 0; i < nc && n < len; i++) {
            char one[160];
            candidate_text(&c[i], i + 1, to_move, r, size, one, sizeof one);
            n += (size_t)snprintf(buf + n, len - n, "%s%s", i > 0 ? " \xc2\xb7 " : "", one);
        }
    }
    if (!done && n < len) {
        snprintf(buf + n, len - n, "%s", "\xe2\x80\xa6"); /* still deepening */
    }
}

/* ---- drawing ----------------------------------------------------------------- */

static void draw_stone_icon(const UiKit *kit, Stone s, int cx, int cy, int r)
{
    SDL_Texture *tex = s == STONE_BLACK ? kit->assets->stone_black : kit->assets->stone_white;
    SDL_Rect sh = {cx - r + r / 8, cy - r + r / 6, 2 * r, 2 * r};
    SDL_RenderCopy(kit->ren, kit->assets->stone_shadow, NULL, &sh);
    SDL_RenderCopy(kit->ren, tex, NULL, &(SDL_Rect){cx - r, cy - r, 2 * r, 2 * r});
}

static void separator(const UiKit *kit, const Layout *l, int x, int y, int w)
{
    SDL_SetRenderDrawColor(kit->ren, 255, 240, 220, 38);
    SDL_RenderFillRect(kit->ren, &(SDL_Rect){x, y, w, SDL_max(1, (int)l->scale)});
}

static void clock_text(int32_t ms, char *buf, size_t len)
{
    int s = (int)((SDL_max(ms, 0) + 999) / 1000);
    snprintf(buf, len, "%d:%02d", s / 60, s % 60);
}

/* The row's highlight: the side to move, or the winner. */
static void row_background(const UiKit *kit, const PanelPlayer *p, int x, int y, int w, int h,
                           int fp)
{
    if (!p->active && !p->won) {
        return;
    }
    SDL_Rect bg = {x - fp / 2, y, w + fp, h};
    ui_fill_round_rect(kit->ren, &bg, h / 4,
                       p->won ? (SDL_Color){255, 196, 90, 46} : (SDL_Color){255, 240, 220, 26});
    SDL_Rect bar = {bg.x, bg.y + h / 5, SDL_max(3, fp / 5), h * 3 / 5};
    ui_fill_round_rect(kit->ren, &bar, bar.w / 2, UI_ACCENT);
}

/* The tag at the row's right end: "wins", "thinking...", "to move".  With
 * little room, thinking is three dots alone and "to move" is left to the
 * row's highlight, so the name never runs into it. */
static const char *row_tag_text(const PanelPlayer *p, bool short_form, char *buf, size_t len)
{
    static const char *const dots[4] = {"", ".", "..", "..."};
    const char *d = dots[(SDL_GetTicks() / 350) % 4];
    if (p->won) {
        return i18n_get(I18N_TAG_WINS);
    }
    if (p->thinking) {
        snprintf(buf, len, "%s%s", short_form ? "" : i18n_get(I18N_TAG_THINKING),
                 short_form ? dots[3] : d);
        return buf;
    }
    return p->active && !p->clock && !short_form ? i18n_get(I18N_TAG_TO_MOVE) : "";
}

/* The widest the tag gets (thinking's dots all shown), so it does not
 * jiggle as they grow. */
static int row_tag_width(const UiKit *kit, const PanelPlayer *p, bool short_form, int fp)
{
    char buf[64], widest[64];
    const char *tag = row_tag_text(p, short_form, buf, sizeof buf);
    if (p->thinking && !short_form) {
        snprintf(widest, sizeof widest, "%s...", i18n_get(I18N_TAG_THINKING));
        tag = widest;
    }
    int w = 0, h = 0;
    if (tag[0] == '\0' ||
        text_measure(kit->text, p->won ? TEXT_BOLD : TEXT_REGULAR, fp, tag, &w, &h) != 0) {
        return 0;
    }
    return w;
}

static void draw_row_tag(const UiKit *kit, const PanelPlayer *p, bool short_form, int left, int cy,
                         int fp)
{
    char buf[64];
    const char *tag = row_tag_text(p, short_form, buf, sizeof buf);
    SDL_Color c = p->won ? HEAD_GOLD : p->thinking ? UI_TEXT : UI_TEXT_DIM;
    text_draw(kit->text, p->won ? TEXT_BOLD : TEXT_REGULAR, fp, tag, c, left, cy, TEXT_LEFT);
}

/* One row of the players block: stone, name, clock, and what that side is
 * doing. */
static void draw_player_row(const UiKit *kit, const Layout *l, const PanelPlayer *p, Stone side,
                            int x, int y, int w, int h)
{
    const int fp = l->font_px;
    row_background(kit, p, x, y, w, h, fp);
    int r = h * 3 / 10;
    int cy = y + h / 2;
    draw_stone_icon(kit, side, x + fp / 3 + r, cy, r);
    int tx = x + fp / 3 + 2 * r + fp * 2 / 3;
    int right = x + w;
    if (p->clock) {
        char cbuf[16];
        clock_text(p->clock_ms, cbuf, sizeof cbuf);
        SDL_Color cc = p->clock_ms < 30000 ? UI_DANGER : (p->active ? UI_TEXT : UI_TEXT_DIM);
        int cw = text_draw(kit->text, TEXT_BOLD, fp * 9 / 8, cbuf, cc, right, cy, TEXT_RIGHT);
        right -= cw + fp / 2;
    }
    bool lit = p->active || p->won;
    TextFace nface = lit ? TEXT_BOLD : TEXT_REGULAR;
    int name_w = 0, name_h = 0;
    text_measure(kit->text, nface, fp, p->name, &name_w, &name_h);
    int gap = fp / 2;
    bool short_form = name_w + gap + row_tag_width(kit, p, false, fp) > right - tx;
    int tag_w = row_tag_width(kit, p, short_form, fp);
    int name_room = right - tx - (tag_w > 0 ? tag_w + gap : 0);
    int npx = text_fit(kit->text, nface, fp * 9 / 8, p->name, name_room);
    char name[64];
    text_ellipsize(kit->text, nface, npx, p->name, name_room, name, sizeof name);
    text_push_box(kit->text, (SDL_Rect){tx, y, name_room, h});
    text_draw(kit->text, nface, npx, name, lit ? UI_TEXT : UI_TEXT_DIM, tx, cy, TEXT_LEFT);
    text_pop_box(kit->text);
    if (tag_w > 0) {
        text_push_box(kit->text, (SDL_Rect){right - tag_w, y, tag_w, h});
        draw_row_tag(kit, p, short_form, right - tag_w, cy, fp);
        text_pop_box(kit->text);
    }
}

/* A position whose outlook is a forced result: ai_outlook gives exactly 0
 * or 1000 for those and never for a chance. */
static bool forced_pm(int pm)
{
    return pm == 0 || pm == 1000;
}

static void draw_graph_bars(const UiKit *kit, LayoutRect g, int mid, float half,
                            const PanelModel *m)
{
    int cols = m->graph_n + 1;
    int cap = SDL_max(2, (int)(half / 6.0f));
    /* One column per position, filled from the middle: up while black is
     * ahead, down while white is, as far as the win chance says; a forced
     * result fills the whole half, tipped with gold, so a won stretch reads
     * apart from 99 %. */
    for (int i = 0; i <= m->graph_n; i++) {
        if (m->graph_pm[i] < 0) {
            continue;
        }
        float v = (float)(m->graph_pm[i] - 500) / 500.0f;
        int x0 = g.x + (int)((long)i * g.w / cols);
        int x1 = g.x + (int)((long)(i + 1) * g.w / cols);
        int bw = SDL_max(1, x1 - x0 - (x1 - x0 > 4 ? 1 : 0));
        int hgt = (int)lroundf(v * half);
        SDL_Rect bar = hgt >= 0 ? (SDL_Rect){x0, mid - hgt, bw, SDL_max(1, hgt)}
                                : (SDL_Rect){x0, mid, bw, -hgt};
        SDL_Color c = hgt >= 0 ? (SDL_Color){20, 18, 16, 240} : (SDL_Color){240, 234, 224, 235};
        if (i == m->graph_pos) {
            c = hgt >= 0 ? (SDL_Color){70, 50, 20, 255} : (SDL_Color){255, 226, 170, 255};
        }
        SDL_SetRenderDrawColor(kit->ren, c.r, c.g, c.b, c.a);
        SDL_RenderFillRect(kit->ren, &bar);
        if (forced_pm(m->graph_pm[i])) {
            SDL_Rect tip = {x0, hgt >= 0 ? bar.y : bar.y + bar.h - cap, bw, cap};
            SDL_SetRenderDrawColor(kit->ren, HEAD_GOLD.r, HEAD_GOLD.g, HEAD_GOLD.b, 255);
            SDL_RenderFillRect(kit->ren, &tip);
        }
    }
}

static void draw_graph(const UiKit *kit, const Layout *l, const PanelModel *m)
{
    const LayoutRect g = l->graph;
    SDL_Renderer *ren = kit->ren;
    SDL_Rect r = ui_rect(g);
    ui_fill_round_rect(ren, &r, SDL_max(2, l->pad / 4), (SDL_Color){128, 116, 100, 255});
    int mid = g.y + g.h / 2;
    int n = m->graph_n;
    draw_graph_bars(kit, g, mid, (float)g.h / 2.0f - 2.0f, m);
    SDL_SetRenderDrawColor(ren, 255, 240, 220, 90);
    SDL_RenderFillRect(ren, &(SDL_Rect){g.x, mid, g.w, SDL_max(1, (int)l->scale)});
    int cx = g.x + (int)(((long)m->graph_pos * 2 + 1) * g.w / (2 * (n + 1)));
    int mw = SDL_max(2, l->pad / 6);
    SDL_SetRenderDrawColor(ren, UI_ACCENT.r, UI_ACCENT.g, UI_ACCENT.b, 255);
    SDL_RenderFillRect(ren, &(SDL_Rect){cx - mw / 2, g.y, mw, g.h});
    text_push_box(kit->text, r);
    text_draw(kit->text, TEXT_REGULAR, l->font_px * 3 / 4, i18n_get(I18N_REVIEW_EVAL),
              (SDL_Color){236, 226, 210, 255}, g.x + l->pad / 3, g.y + l->font_px / 2, TEXT_LEFT);
    text_pop_box(kit->text);
}

/* The win-chance bar beside the board: black's share from the bottom (or
 * the left), white's above, ringed so white reads on the dark cloth,
 * notched in gold at the middle; a forced result fills it with the
 * winner's colour, ringed in gold.  A few rectangles: cheap every frame. */
static void draw_winbar(const UiKit *kit, const Layout *l, const PanelModel *m)
{
    const LayoutRect b = l->winbar;
    if (b.w <= 0 || b.h <= 0) {
        return;
    }
    SDL_Rect r = ui_rect(b);
    bool vertical = b.h >= b.w;
    int thick = vertical ? r.w : r.h, len = vertical ? r.h : r.w;
    int rad = SDL_max(2, thick / 3);
    int t = SDL_max(1, (int)lroundf(l->scale));
    if (m->outlook.kind == AI_OUTLOOK_NONE) {
        ui_fill_round_rect(kit->ren, &r, rad, (SDL_Color){255, 240, 220, 22});
        return;
    }
    bool forced = m->outlook.kind == AI_OUTLOOK_FORCED;
    /* A chance held from the position before: faded, no notches. */
    Uint8 a = m->outlook_stale ? 110 : 255;
    SDL_Rect ring = {r.x - 2 * t, r.y - 2 * t, r.w + 4 * t, r.h + 4 * t};
    ui_fill_round_rect(kit->ren, &ring, rad + 2 * t,
                       forced && !m->outlook_stale ? HEAD_GOLD : (SDL_Color){10, 9, 8, 200});
    int black = (int)((long)len * m->outlook.black_permille / 1000);
    ui_fill_round_rect(kit->ren, &r, rad, (SDL_Color){238, 232, 220, a});
    SDL_Rect dark = vertical ? (SDL_Rect){r.x, r.y + r.h - black, r.w, black}
                             : (SDL_Rect){r.x, r.y, black, r.h};
    if (black > 0) {
        ui_fill_round_rect(kit->ren, &dark, SDL_min(rad, black / 2), (SDL_Color){24, 22, 20, a});
    }
    if (forced || m->outlook_stale) {
        return;
    }
    /* Notches at even, from each side a third of the way in: the split
     * itself stays plain black against white. */
    int notch = SDL_max(2, thick / 3);
    SDL_SetRenderDrawColor(kit->ren, 214, 150, 62, 255);
    if (vertical) {
        int y = r.y + r.h / 2 - t;
        SDL_RenderFillRect(kit->ren, &(SDL_Rect){r.x, y, notch, 2 * t});
        SDL_RenderFillRect(kit->ren, &(SDL_Rect){r.x + r.w - notch, y, notch, 2 * t});
    } else {
        int x = r.x + r.w / 2 - t;
        SDL_RenderFillRect(kit->ren, &(SDL_Rect){x, r.y, 2 * t, notch});
        SDL_RenderFillRect(kit->ren, &(SDL_Rect){x, r.y + r.h - notch, 2 * t, notch});
    }
}

/* The chips' short labels, for narrow chips (I18N_STRING_COUNT: none). */
static const I18nString SHORT[LAYOUT_TGL_COUNT] = {I18N_STRING_COUNT, I18N_BTN_ENGINE_LINE_SHORT,
                                                   I18N_BTN_MOVE_NUMBERS_SHORT,
                                                   I18N_BTN_COORDINATES_SHORT, I18N_STRING_COUNT};

static void draw_toggles(const UiKit *kit, const Layout *l, const PanelModel *m)
{
    const bool *on = m->toggle_on;
    const int hover = m->hover, focus = m->focus;
    const char *labels[LAYOUT_TGL_COUNT] = {
        i18n_get(I18N_BTN_ANALYSIS), i18n_get(I18N_BTN_ENGINE_LINE),
        i18n_get(I18N_BTN_MOVE_NUMBERS), i18n_get(I18N_BTN_COORDINATES),
        i18n_get(m->sound_none          ? I18N_BTN_SOUND_NONE
                 : on[LAYOUT_TGL_SOUND] ? I18N_BTN_SOUND_ON
                                        : I18N_BTN_SOUND_OFF)};
    for (int i = 0; i < LAYOUT_TGL_COUNT; i++) {
        SDL_Rect r = ui_rect(l->toggles[i]);
        bool lit = hover == GAME_VIEW_TOGGLE + i;
        if (focus == GAME_VIEW_TOGGLE + i) {
            int ring = SDL_max(2, r.h / 12);
            SDL_Rect f = {r.x - ring, r.y - ring, r.w + 2 * ring, r.h + 2 * ring};
            ui_outline(kit->ren, &f, ring, (SDL_Color){250, 214, 150, 255});
        }
        SDL_Color bg = on[i] ? (SDL_Color){214, 150, 62, (Uint8)(lit ? 230 : 190)}
                             : (SDL_Color){255, 240, 220, (Uint8)(lit ? 64 : 36)};
        ui_fill_round_rect(kit->ren, &r, r.h / 3, bg);
        /* A label too long for a narrow chip gives way to its short form
         * before it gets too small to read. */
        int px = text_fit(kit->text, TEXT_BOLD, l->font_px * 13 / 16, labels[i], r.w - r.h / 2);
        if (px < (int)lroundf(12.0f * l->scale) && SHORT[i] != I18N_STRING_COUNT) {
            labels[i] = i18n_get(SHORT[i]);
            px = text_fit(kit->text, TEXT_BOLD, l->font_px * 13 / 16, labels[i], r.w - r.h / 2);
        }
        text_push_box(kit->text, r);
        text_draw(kit->text, on[i] ? TEXT_BOLD : TEXT_REGULAR, px, labels[i],
                  on[i] ? (SDL_Color){30, 22, 12, 255} : UI_TEXT_DIM, r.x + r.w / 2, r.y + r.h / 2,
                  TEXT_CENTER);
        text_pop_box(kit->text);
    }
}

/* The size every button's label is drawn at: the largest at which the
 * longest fits, so that one long label ("Play from here") does not stand
 * out smaller than its neighbours. */
static int buttons_font_px(const UiKit *kit, const Layout *l, const PanelModel *m)
{
    int px = l->font_px;
    for (int i = 0; i < LAYOUT_BTN_COUNT; i++) {
        if (m->button[i].label != NULL) {
            SDL_Rect br = ui_rect(l->buttons[i]);
            px = SDL_min(px, text_fit(kit->text, TEXT_BOLD, l->font_px, m->button[i].label,
                                      br.w - br.h / 2));
        }
    }
    return px;
}

static void draw_buttons(const UiKit *kit, const Layout *l, const PanelModel *m)
{
    int px = buttons_font_px(kit, l, m);
    for (int i = 0; i < LAYOUT_BTN_COUNT; i++) {
        const PanelButton *b = &m->button[i];
        if (b->label == NULL) {
            continue; /* an empty slot */
        }
        UiState st = {m->hover == i, m->pressed == i, b->emphasis || m->focus == i, !b->enabled};
        SDL_Rect br = ui_rect(l->buttons[i]);
        ui_button(kit->ren, kit->text, &br, b->label, px,
                  b->primary ? UI_BUTTON_PRIMARY : UI_BUTTON_NORMAL, st);
    }
}

/* A line of text that fits the width, when there is room: smaller down to
 * the legible minimum, then on two lines, the second shortened with "…" if
 * it must.  advance: the step down after one line (-1: the text's size and
 * half a pad); a second line adds its height. */
static void draw_line(const UiKit *kit, Pen *p, const char *s, TextFace face, int px, SDL_Color c,
                      int advance)
{
    if (s[0] == '\0' || p->y + p->fp >= p->limit) {
        return;
    }
    int fit = text_fit_down_to(kit->text, face, px, SDL_min(px, p->min), s, p->width);
    char lines[3][TEXT_LINE_MAX];
    int n = text_wrap(kit->text, face, fit, s, p->width, lines, 3);
    int room = p->y + fit * 5 / 2 < p->limit ? 2 : 1;
    if (n > room) {
        /* The rest goes on the last line kept, cut with "…". */
        char rest[3 * TEXT_LINE_MAX];
        snprintf(rest, sizeof rest, "%s %s%s%s", lines[room - 1], lines[room],
                 n > room + 1 ? " " : "", n > room + 1 ? lines[room + 1] : "");
        text_ellipsize(kit->text, face, fit, rest, p->width, lines[room - 1], TEXT_LINE_MAX);
        n = room;
    }
    for (int i = 0; i < n; i++) {
        text_draw(kit->text, face, fit, lines[i], c, p->x, p->y + fit / 2, TEXT_LEFT);
        p->y += i + 1 < n ? fit + fit / 4 : (advance >= 0 ? advance : fit + p->pad / 2);
    }
}

/* Whether s fits the pen's width at px. */
static bool fits(const UiKit *kit, const Pen *p, const char *s, int px)
{
    int w = 0, h = 0;
    return text_measure(kit->text, TEXT_REGULAR, px, s, &w, &h) == 0 && w <= p->width;
}

/* Draws one line of a parts line and steps down. */
static void parts_row(const UiKit *kit, Pen *p, const char *s, int px, SDL_Color c, bool last)
{
    char cut[TEXT_LINE_MAX];
    text_ellipsize(kit->text, TEXT_REGULAR, px, s, p->width, cut, sizeof cut);
    text_draw(kit->text, TEXT_REGULAR, px, cut, c, p->x, p->y + px / 2, TEXT_LEFT);
    p->y += last ? px + p->pad / 2 : px + px / 4;
}

/* A line made of parts joined by " · " (the rules, the opening's
 * decisions) never breaks inside a part, so "15 × 15" or "5 in a row"
 * never stands in halves: on one line down to the legible size; else on
 * two, broken at the separator that balances them best; else a line per
 * run of whole parts (a part longer than a line is cut with "…"). */
static void draw_parts(const UiKit *kit, Pen *p, const char *s, int px, SDL_Color c)
{
    static const char SEP[] = " \xc2\xb7 ";
    const size_t sep = sizeof SEP - 1;
    if (s[0] == '\0' || p->y + p->fp >= p->limit) {
        return;
    }
    int fit = text_fit_down_to(kit->text, TEXT_REGULAR, px, SDL_min(px, p->min), s, p->width);
    if (fits(kit, p, s, fit)) {
        parts_row(kit, p, s, fit, c, true);
        return;
    }
    size_t len = strlen(s), best = 0, at[8];
    int n = 0;
    for (const char *q = strstr(s, SEP); q != NULL && n < 8; q = strstr(q + 1, SEP)) {
        at[n++] = (size_t)(q - s);
    }
    for (int i = 0; i < n; i++) {
        size_t d = at[i] > len / 2 ? at[i] - len / 2 : len / 2 - at[i];
        if (best == 0 || d < (best > len / 2 ? best - len / 2 : len / 2 - best)) {
            best = at[i];
        }
    }
    char line[TEXT_LINE_MAX];
    SDL_snprintf(line, sizeof line, "%.*s", (int)best, s);
    if (n > 0 && best < sizeof line && fits(kit, p, line, p->min) &&
        fits(kit, p, s + best + sep, p->min)) {
        fit = SDL_min(
            text_fit_down_to(kit->text, TEXT_REGULAR, px, p->min, line, p->width),
            text_fit_down_to(kit->text, TEXT_REGULAR, px, p->min, s + best + sep, p->width));
        parts_row(kit, p, line, fit, c, false);
        parts_row(kit, p, s + best + sep, fit, c, true);
        return;
    }
    /* Runs of whole parts at the smallest size, each as long as fits. */
    size_t start = 0;
    while (start < len && p->y + p->min < p->limit) {
        size_t end = len;
        for (int i = n - 1; i >= 0; i--) {
            SDL_snprintf(line, sizeof line, "%.*s", (int)(end - start), s + start);
            if (end - start < sizeof line && fits(kit, p, line, p->min)) {
                break;
            }
            end = at[i] > start ? at[i] : end;
        }
        SDL_snprintf(line, sizeof line, "%.*s", (int)(end - start), s + start);
        parts_row(kit, p, line, p->min, c, end >= len);
        start = end >= len ? len : end + sep;
    }
}

/* Who plays whom (or Review), and under what rules. */
static void draw_titles(const UiKit *kit, Pen *p, const PanelModel *m)
{
    int title_px = text_fit(kit->text, TEXT_BOLD, p->fp * 5 / 4, m->title, p->width);
    text_draw(kit->text, TEXT_BOLD, title_px, m->title, UI_TEXT, p->x, p->y + title_px * 2 / 3,
              TEXT_LEFT);
    p->y += title_px * 3 / 2;
    draw_parts(kit, p, m->subtitle, p->fp * 7 / 8, UI_TEXT_DIM);
    if (m->opening[0] != '\0') {
        draw_parts(kit, p, m->opening, p->fp * 7 / 8, UI_ACCENT);
    }
    p->y += p->pad / 4;
}

/* The two sides, the one to move (or the winner) highlighted; only when
 * the panel is tall enough, else the headline alone says whose turn.
 * Returns whether they were drawn. */
static bool draw_rows(const UiKit *kit, const Layout *l, Pen *p, const PanelModel *m)
{
    int row_h = p->fp * 9 / 4;
    int head_h = p->fp * 2 + p->pad;
    if (m->review || m->no_players || p->y + 2 * row_h + p->pad + head_h + 2 * p->fp >= p->limit) {
        return false;
    }
    draw_player_row(kit, l, &m->player[0], STONE_BLACK, p->x, p->y, p->width, row_h);
    p->y += row_h + p->pad / 4;
    draw_player_row(kit, l, &m->player[1], STONE_WHITE, p->x, p->y, p->width, row_h);
    p->y += row_h + p->pad * 3 / 4;
    separator(kit, l, p->x, p->y, p->width);
    p->y += p->pad;
    return true;
}

/* The headline: the result, the review position, or whose turn it is. */
static void draw_headline(const UiKit *kit, Pen *p, const PanelModel *m, bool rows)
{
    const char *headline = m->headline[0] != '\0' ? m->headline : (!rows ? m->turn : NULL);
    if (headline == NULL || p->y + p->fp * 3 / 2 >= p->limit) {
        return;
    }
    SDL_Color c = m->headline[0] != '\0' ? m->head_color : UI_TEXT;
    int big = m->over ? p->fp * 2 : p->fp * 3 / 2;
    int hx = p->x;
    if (!rows && m->head_stone != STONE_EMPTY) {
        int r = big * 3 / 5;
        draw_stone_icon(kit, m->head_stone, p->x + r, p->y + big / 2, r);
        hx = p->x + 2 * r + p->pad * 2 / 3;
    }
    int head_px = text_fit(kit->text, TEXT_BOLD, big, headline, p->right - hx);
    text_draw(kit->text, TEXT_BOLD, head_px, headline, c, hx, p->y + big / 2, TEXT_LEFT);
    p->y += big + p->pad * 2 / 3;
    if (m->move_name[0] != '\0' && p->y + p->fp < p->limit) {
        text_draw(kit->text, TEXT_REGULAR, p->fp, m->move_name, UI_TEXT_DIM, p->x, p->y + p->fp / 2,
                  TEXT_LEFT);
        p->y += p->fp + p->pad / 3;
    }
}

/* Move count, the engine's reports, the score. */
static void draw_reports(const UiKit *kit, Pen *p, const PanelModel *m)
{
    const int fp = p->fp;
    if (m->move_count >= 0 && p->y + fp < p->limit) {
        char buf[64];
        i18n_format(buf, sizeof buf, I18N_FMT_MOVE_NUMBER, m->move_count);
        text_draw(kit->text, TEXT_REGULAR, fp * 7 / 8, buf, UI_TEXT_DIM, p->x, p->y + fp / 2,
                  TEXT_LEFT);
        p->y += fp + p->pad / 3;
    }
    draw_line(kit, p, m->info, TEXT_REGULAR, fp * 7 / 8, (SDL_Color){170, 160, 146, 255},
              fp + p->pad / 3);
    /* The candidates ("1. I6 White 66% · 2. ..."), a hint or the chance:
     * never broken inside a candidate. */
    draw_parts(kit, p, m->analysis, fp * 7 / 8, m->analysis_color);
    if (m->score[0] != '\0' && p->y + fp + p->pad / 2 < p->limit) {
        p->y += p->pad / 2;
        draw_line(kit, p, m->score, TEXT_BOLD, fp, UI_TEXT, -1);
    }
}

/* Review: the coach's lines, the analysis' progress, the summary. */
static void draw_review_block(const UiKit *kit, const Layout *l, Pen *p, const PanelModel *m)
{
    const int fp = p->fp;
    for (int i = 0; i < 2; i++) {
        draw_line(kit, p, m->coach[i], i == 0 ? TEXT_BOLD : TEXT_REGULAR, fp * 15 / 16,
                  m->coach_color[i], fp + p->pad / 3);
    }
    if (m->review && m->progress >= 0.0f && p->y + fp * 2 < p->limit) {
        draw_line(kit, p, m->progress_text, TEXT_REGULAR, fp * 13 / 16, UI_TEXT_DIM,
                  fp * 3 / 4 + p->pad / 4);
        int h = SDL_max(3, fp / 4);
        SDL_Rect track = {p->x, p->y, p->width, h};
        ui_fill_round_rect(kit->ren, &track, h / 2, (SDL_Color){255, 240, 220, 30});
        SDL_Rect done = {p->x, p->y, (int)((float)p->width * SDL_min(1.0f, m->progress)), h};
        if (done.w > 0) {
            ui_fill_round_rect(kit->ren, &done, h / 2, UI_ACCENT);
        }
        p->y += h + p->pad / 2;
    }
    for (int i = 0; i < 2; i++) {
        if (m->summary[i][0] == '\0' || p->y + fp >= p->limit) {
            continue;
        }
        int r = fp * 2 / 5;
        draw_stone_icon(kit, i == 0 ? STONE_BLACK : STONE_WHITE, p->x + r, p->y + fp / 2, r);
        int fit = text_fit(kit->text, TEXT_REGULAR, fp * 7 / 8, m->summary[i],
                           p->width - 2 * r - p->pad / 2);
        text_draw(kit->text, TEXT_REGULAR, fit, m->summary[i], UI_TEXT, p->x + 2 * r + p->pad / 2,
                  p->y + fp / 2, TEXT_LEFT);
        p->y += fp + p->pad / 3;
    }
    (void)l;
}

/* The room the list of moves keeps whatever the reports above it say: its
 * head and three rows.  The reports give way first (the last ones, the
 * least needed, are left out when they do not fit); whose turn it is and
 * the status line come before the list. */
static int list_min_h(const Pen *p)
{
    return (p->fp * 7 / 8) * 3 / 2 * 4 + p->pad / 3;
}

/* The list of moves in the room left (a short panel may hold one row: the
 * last moves, which follow the game). */
static void draw_list(const UiKit *kit, Pen *p, const PanelModel *m, MoveList *list)
{
    if (list == NULL) {
        return;
    }
    int fp = p->fp * 7 / 8;
    int top = p->y + p->pad / 3;
    int h = p->limit - top;
    if (m->list_model.count == 0 || h < fp * 3 / 2 * 2) { /* the head and a row */
        list->rect = (LayoutRect){0, 0, 0, 0};
        return;
    }
    move_list_draw(list, kit, (LayoutRect){p->x, top, p->width, h}, fp, &m->list_model);
    p->y = p->limit;
}

void panel_draw(const UiKit *kit, const Layout *l, const PanelModel *m, MoveList *list)
{
    SDL_Rect panel = ui_rect(l->panel);
    ui_panel(kit->ren, &panel, l->pad * 3 / 4);
    Pen p;
    p.fp = l->font_px;
    p.pad = l->pad;
    p.x = panel.x + p.pad;
    p.right = panel.x + panel.w - p.pad;
    p.width = p.right - p.x;
    p.y = panel.y + p.pad;
    int limit = (m->review ? l->graph.y : l->content_bottom) - p.pad / 4;
    p.limit = limit;
    p.min = SDL_min(p.fp, SDL_max((int)lroundf(12.0f * l->scale), p.fp * 3 / 4));
    /* Lines of text stay between the panel's margins and above the graph
     * or the chips. */
    text_push_box(kit->text, (SDL_Rect){p.x, panel.y, p.width, limit - panel.y});
    draw_titles(kit, &p, m);
    separator(kit, l, p.x, p.y, p.width);
    p.y += p.pad * 3 / 4;
    bool rows = draw_rows(kit, l, &p, m);
    draw_headline(kit, &p, m, rows);
    draw_line(kit, &p, m->status, TEXT_REGULAR, p.fp, m->status_color, -1);
    p.limit = list != NULL ? limit - list_min_h(&p) : limit;
    draw_reports(kit, &p, m);
    draw_review_block(kit, l, &p, m);
    p.limit = limit;
    draw_list(kit, &p, m, list);
    text_pop_box(kit->text);
    if (m->review) {
        draw_graph(kit, l, m);
    }
    draw_winbar(kit, l, m);
    draw_toggles(kit, l, m);
    draw_buttons(kit, l, m);
}
