/*
 * board_view.c - the board's look.
 */
#include "view/board_view.h"

#include <math.h>
#include <stdio.h>

#include "view/ui.h"

static const SDL_Color GRID = {38, 26, 16, 235};

int board_view_stone_diameter(int cell)
{
    int d = (int)lroundf((float)cell * 0.94f);
    if (d % 2 == 0) {
        d--;
    }
    return d < 1 ? 1 : d;
}

static void line_rect(SDL_Renderer *ren, int x, int y, int w, int h)
{
    SDL_RenderFillRect(ren, &(SDL_Rect){x, y, w, h});
}

/* A soft shadow under the board lifts it off the cloth.  Only its rim
 * outside the opaque wood shows, so each layer is drawn through four clip
 * strips around the board rather than whole: filled whole, the three layers
 * were three board-sized blends a frame, the dearest thing on the screen for
 * a software GL (llvmpipe), for pixels the wood then covers. */
static void draw_board_shadow(SDL_Renderer *ren, const Layout *l)
{
    const LayoutRect b = l->board;
    int s = SDL_max(2, l->cell / 5);
    int m = 2 * s + 2; /* past the largest layer and its one-pixel rim */
    const SDL_Rect strips[4] = {
        {b.x - m, b.y - m, b.w + 2 * m, m}, /* above the board, corners included */
        {b.x - m, b.y + b.h, b.w + 2 * m, m},
        {b.x - m, b.y, m, b.h}, /* beside it */
        {b.x + b.w, b.y, m, b.h},
    };
    SDL_Rect outer;
    bool clipped = SDL_RenderIsClipEnabled(ren);
    SDL_RenderGetClipRect(ren, &outer);
    for (int k = 0; k < 4; k++) {
        SDL_Rect clip = strips[k];
        if (clipped && !SDL_IntersectRect(&strips[k], &outer, &clip)) {
            continue;
        }
        SDL_RenderSetClipRect(ren, &clip);
        for (int i = 3; i >= 1; i--) {
            SDL_Rect r = {b.x - i * s / 3 + s / 2, b.y - i * s / 3 + s, b.w + 2 * i * s / 3,
                          b.h + 2 * i * s / 3};
            ui_fill_round_rect(ren, &r, s, (SDL_Color){0, 0, 0, 38});
        }
    }
    SDL_RenderSetClipRect(ren, clipped ? &outer : NULL);
}

static void draw_wood(SDL_Renderer *ren, const Assets *a, const Layout *l)
{
    const LayoutRect b = l->board;
    draw_board_shadow(ren, l);
    SDL_RenderCopy(ren, a->board, NULL, &(SDL_Rect){b.x, b.y, b.w, b.h});
    /* A faint darker edge so the wood has a rim. */
    SDL_SetRenderDrawColor(ren, 60, 38, 18, 110);
    SDL_RenderDrawRect(ren, &(SDL_Rect){b.x, b.y, b.w, b.h});
}

static void draw_grid(SDL_Renderer *ren, const Layout *l)
{
    const int n = l->board_size, c = l->cell;
    const int t = SDL_max(1, (int)lroundf(l->scale * (c >= 30 ? 1.0f : 0.75f)));
    const int len = c * (n - 1);
    const int ox = l->origin_x, oy = l->origin_y;
    const int off = (t - 1) / 2;
    SDL_SetRenderDrawColor(ren, GRID.r, GRID.g, GRID.b, GRID.a);
    for (int i = 0; i < n; i++) {
        bool edge = i == 0 || i == n - 1;
        int w = edge ? t + SDL_max(1, t / 2) : t;
        int eo = edge ? (w - 1) / 2 : off;
        line_rect(ren, ox + i * c - eo, oy - off, w, len + t);
        line_rect(ren, ox - off, oy + i * c - eo, len + t, w);
    }
    int xs[9], ys[9];
    int count = layout_star_points(n, xs, ys);
    float r = SDL_max(2.0f * l->scale, (float)c * 0.105f);
    for (int i = 0; i < count; i++) {
        ui_fill_circle(ren, (float)(ox + xs[i] * c) + 0.5f, (float)(oy + ys[i] * c) + 0.5f, r,
                       GRID);
    }
}

static SDL_Rect stone_rect(const Layout *l, int x, int y)
{
    int d = board_view_stone_diameter(l->cell);
    int px = 0, py = 0;
    layout_point_to_pixel(l, x, y, &px, &py);
    return (SDL_Rect){px - d / 2, py - d / 2, d, d};
}

static void draw_stone(SDL_Renderer *ren, const Assets *a, const Layout *l, int x, int y, Stone s,
                       Uint8 alpha)
{
    SDL_Rect r = stone_rect(l, x, y);
    SDL_Texture *tex = s == STONE_BLACK ? a->stone_black : a->stone_white;
    if (alpha == 255) {
        int o = SDL_max(1, l->cell / 16);
        SDL_Rect sh = {r.x + o, r.y + o + o / 2, r.w, r.h};
        SDL_RenderCopy(ren, a->stone_shadow, NULL, &sh);
    }
    SDL_SetTextureAlphaMod(tex, alpha);
    SDL_RenderCopy(ren, tex, NULL, &r);
    SDL_SetTextureAlphaMod(tex, 255);
}

static void centre(const Layout *l, Move m, float *x, float *y)
{
    int px = 0, py = 0;
    layout_point_to_pixel(l, m.x, m.y, &px, &py);
    *x = (float)px + 0.5f;
    *y = (float)py + 0.5f;
}

static void draw_win_glow(SDL_Renderer *ren, const Layout *l, const BoardView *v)
{
    float d = (float)board_view_stone_diameter(l->cell);
    for (int i = 0; i < v->win_len; i++) {
        float x, y;
        centre(l, v->win[i], &x, &y);
        ui_fill_circle(ren, x, y, d * 0.5f + (float)l->cell * 0.13f, (SDL_Color){255, 214, 90, 70});
        ui_fill_circle(ren, x, y, d * 0.5f + (float)l->cell * 0.07f,
                       (SDL_Color){255, 220, 110, 110});
    }
}

static void draw_win_line(SDL_Renderer *ren, const Layout *l, const BoardView *v)
{
    float d = (float)board_view_stone_diameter(l->cell);
    for (int i = 0; i < v->win_len; i++) {
        float x, y;
        centre(l, v->win[i], &x, &y);
        ui_ring(ren, x, y, d * 0.5f, SDL_max(2.0f, (float)l->cell * 0.06f),
                (SDL_Color){255, 206, 84, 235});
    }
    if (v->win_len >= 2) {
        float x0, y0, x1, y1;
        centre(l, v->win[0], &x0, &y0);
        centre(l, v->win[v->win_len - 1], &x1, &y1);
        float dx = x1 - x0, dy = y1 - y0;
        float len = sqrtf(dx * dx + dy * dy);
        float ext = (float)l->cell * 0.32f;
        dx = dx / len * ext;
        dy = dy / len * ext;
        float t = SDL_max(2.0f, (float)l->cell * 0.08f);
        ui_thick_line(ren, x0 - dx, y0 - dy, x1 + dx, y1 + dy, t + 2.0f,
                      (SDL_Color){70, 20, 10, 120});
        ui_thick_line(ren, x0 - dx, y0 - dy, x1 + dx, y1 + dy, t, (SDL_Color){232, 64, 44, 235});
    }
}

static void draw_forbidden(SDL_Renderer *ren, const Layout *l, Move m)
{
    float x, y;
    centre(l, m, &x, &y);
    float s = (float)l->cell * 0.26f;
    float t = SDL_max(2.0f, (float)l->cell * 0.11f);
    ui_fill_circle(ren, x, y, (float)l->cell * 0.40f, (SDL_Color){255, 240, 235, 90});
    SDL_Color dark = {90, 10, 5, 150};
    ui_thick_line(ren, x - s, y - s, x + s, y + s, t + 2.0f, dark);
    ui_thick_line(ren, x - s, y + s, x + s, y - s, t + 2.0f, dark);
    ui_thick_line(ren, x - s, y - s, x + s, y + s, t, UI_DANGER);
    ui_thick_line(ren, x - s, y + s, x + s, y - s, t, UI_DANGER);
}

void board_view_col_label(int x, char *buf, size_t len)
{
    snprintf(buf, len, "%c", 'A' + x);
}

void board_view_row_label(int y, int n, char *buf, size_t len)
{
    snprintf(buf, len, "%d", n - y);
}

static void draw_coords(const Layout *l, const BoardView *v)
{
    const int n = l->board_size, c = l->cell;
    /* Legible on a 19x19 board in a small window: the label column (eight
     * tenths of a cell) still holds "19". */
    int px = SDL_max((int)lroundf(12.0f * l->scale), c * 9 / 20);
    int off = c * 19 / 20;
    SDL_Color col = {70, 44, 22, 230};
    char buf[16];
    for (int i = 0; i < n; i++) {
        int p = 0, q = 0;
        layout_point_to_pixel(l, i, i, &p, &q);
        board_view_col_label(i, buf, sizeof buf);
        text_draw(v->text, TEXT_BOLD, px, buf, col, p, l->origin_y - off, TEXT_CENTER);
        text_draw(v->text, TEXT_BOLD, px, buf, col, p, l->origin_y + (n - 1) * c + off,
                  TEXT_CENTER);
        board_view_row_label(i, n, buf, sizeof buf);
        text_draw(v->text, TEXT_BOLD, px, buf, col, l->origin_x - off, q, TEXT_CENTER);
        text_draw(v->text, TEXT_BOLD, px, buf, col, l->origin_x + (n - 1) * c + off, q,
                  TEXT_CENTER);
    }
}

static void draw_marks(SDL_Renderer *ren, const Layout *l, const BoardView *v)
{
    for (int i = 0; i < v->mark_count; i++) {
        const BoardMark *mk = &v->marks[i];
        if (!move_is_valid(mk->m) || board_get(v->board, mk->m.x, mk->m.y) != STONE_EMPTY) {
            continue;
        }
        float x, y;
        centre(l, mk->m, &x, &y);
        float g = SDL_clamp(mk->good, -1.0f, 1.0f);
        SDL_Color c;
        if (g >= 0.0f) {
            c = (SDL_Color){(Uint8)(90 - 60 * g), (Uint8)(170 + 60 * g), (Uint8)(90 - 30 * g), 0};
        } else {
            c = (SDL_Color){(Uint8)(200 + 40 * -g), (Uint8)(120 - 70 * -g), 60, 0};
        }
        c.a = (Uint8)(70.0f + 150.0f * SDL_clamp(mk->strength, 0.0f, 1.0f));
        /* Squares, not discs: nothing to mistake for a numbered stone.  A
         * ranked candidate carries its rank, the panel's number for it;
         * the engine's choice is framed. */
        float half = (float)l->cell * (0.18f + 0.08f * SDL_clamp(mk->strength, 0.0f, 1.0f));
        if (mk->rank > 0 && v->text != NULL) {
            half = (float)l->cell * 0.27f;
            c.a = (Uint8)SDL_max(c.a, 200);
        }
        if (mk->best) {
            float f = (float)l->cell * 0.36f, t = SDL_max(2.0f, (float)l->cell * 0.07f);
            SDL_Color frame = {40, 200, 90, 235};
            ui_thick_line(ren, x - f, y - f + t / 2, x + f, y - f + t / 2, t, frame);
            ui_thick_line(ren, x - f, y + f - t / 2, x + f, y + f - t / 2, t, frame);
            ui_thick_line(ren, x - f + t / 2, y - f + t, x - f + t / 2, y + f - t, t, frame);
            ui_thick_line(ren, x + f - t / 2, y - f + t, x + f - t / 2, y + f - t, t, frame);
        }
        SDL_Rect sq = {(int)lroundf(x - half), (int)lroundf(y - half), (int)lroundf(2 * half),
                       (int)lroundf(2 * half)};
        ui_fill_round_rect(ren, &sq, sq.w / 5, c);
        if (mk->rank > 0 && v->text != NULL) {
            char buf[16];
            snprintf(buf, sizeof buf, "%d", mk->rank);
            int px = text_fit(v->text, TEXT_BOLD, sq.h * 4 / 5, buf, sq.w);
            text_draw(v->text, TEXT_BOLD, px, buf, (SDL_Color){255, 255, 255, 255}, (int)x, (int)y,
                      TEXT_CENTER);
        }
    }
}

static void draw_forbid_map(SDL_Renderer *ren, const Layout *l, const BoardView *v)
{
    const int n = v->board->size;
    float s = (float)l->cell * 0.14f;
    float t = SDL_max(1.5f, (float)l->cell * 0.06f);
    SDL_Color red = {214, 40, 30, 230};
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            if (v->forbid_map[y * n + x] == 0 || board_get(v->board, x, y) != STONE_EMPTY) {
                continue;
            }
            float cx, cy;
            centre(l, (Move){(int8_t)x, (int8_t)y}, &cx, &cy);
            ui_thick_line(ren, cx - s, cy - s, cx + s, cy + s, t, red);
            ui_thick_line(ren, cx - s, cy + s, cx + s, cy - s, t, red);
        }
    }
}

/* A number on a stone, in the colour that contrasts with it, sized to fit. */
static void draw_numbers(const Layout *l, const BoardView *v)
{
    int d = board_view_stone_diameter(l->cell);
    char buf[16];
    for (int i = 0; i < v->move_count; i++) {
        Move m = v->moves[i];
        if (!move_is_valid(m)) {
            continue;
        }
        Stone s = board_get(v->board, m.x, m.y);
        if (s == STONE_EMPTY) {
            continue;
        }
        float x, y;
        centre(l, m, &x, &y);
        snprintf(buf, sizeof buf, "%d", i + 1);
        int px = text_fit(v->text, TEXT_BOLD, d * 11 / 20, buf, d * 3 / 4);
        SDL_Color c =
            s == STONE_BLACK ? (SDL_Color){240, 232, 220, 255} : (SDL_Color){30, 26, 22, 255};
        if (i == v->move_count - 1) {
            c = (SDL_Color){226, 58, 40, 255};
        }
        text_draw(v->text, TEXT_BOLD, px, buf, c, (int)x, (int)y, TEXT_CENTER);
    }
}

/* The stone being placed settles from a little larger, fading in. */
static void draw_placing(SDL_Renderer *ren, const Assets *assets, const Layout *l,
                         const BoardView *v, Stone s)
{
    float t = SDL_clamp(v->anim_t, 0.0f, 1.0f);
    SDL_Rect r = stone_rect(l, v->anim.x, v->anim.y);
    float k = 1.0f + 0.25f * (1.0f - t) * (1.0f - t);
    int grow = (int)lroundf((float)r.w * (k - 1.0f) / 2.0f);
    SDL_Rect big = {r.x - grow, r.y - grow, r.w + 2 * grow, r.h + 2 * grow};
    SDL_Texture *tex = s == STONE_BLACK ? assets->stone_black : assets->stone_white;
    SDL_SetTextureAlphaMod(tex, (Uint8)(80.0f + 175.0f * t));
    SDL_RenderCopy(ren, tex, NULL, &big);
    SDL_SetTextureAlphaMod(tex, 255);
}

static void draw_stones(SDL_Renderer *ren, const Assets *assets, const Layout *l,
                        const BoardView *v)
{
    const int n = v->board->size < l->board_size ? v->board->size : l->board_size;
    bool placing = move_is_valid(v->anim) && v->anim_t < 1.0f;
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            Stone s = board_get(v->board, x, y);
            if (s == STONE_EMPTY) {
                continue;
            }
            if (placing && v->anim.x == x && v->anim.y == y) {
                draw_placing(ren, assets, l, v, s);
            } else {
                draw_stone(ren, assets, l, x, y, s, 255);
            }
        }
    }
}

static void draw_last_mark(SDL_Renderer *ren, const Layout *l, Move last)
{
    float x, y;
    centre(l, last, &x, &y);
    float r = SDL_max(2.5f, (float)l->cell * 0.11f);
    ui_fill_circle(ren, x, y, r + 1.0f, (SDL_Color){60, 10, 5, 110});
    ui_fill_circle(ren, x, y, r, (SDL_Color){226, 58, 40, 255});
}

static void draw_hint(SDL_Renderer *ren, const Layout *l, Move hint, float phase)
{
    float x, y;
    centre(l, hint, &x, &y);
    float p = 0.5f + 0.5f * sinf(phase * 6.2831853f);
    float r = (float)l->cell * (0.30f + 0.10f * p);
    ui_fill_circle(ren, x, y, r, (SDL_Color){70, 150, 255, (Uint8)(60 + 60 * p)});
    ui_ring(ren, x, y, r, SDL_max(2.0f, (float)l->cell * 0.07f), (SDL_Color){40, 110, 240, 240});
}

/* The keyboard cursor: four corner brackets around the point. */
static void draw_cursor(SDL_Renderer *ren, const Layout *l, Move cursor)
{
    float x, y;
    centre(l, cursor, &x, &y);
    float h = (float)l->cell * 0.48f, k = (float)l->cell * 0.16f;
    float t = SDL_max(2.0f, (float)l->cell * 0.06f);
    SDL_Color c = {255, 250, 235, 240};
    for (int sx = -1; sx <= 1; sx += 2) {
        for (int sy = -1; sy <= 1; sy += 2) {
            float cx = x + (float)sx * h, cy = y + (float)sy * h;
            ui_thick_line(ren, cx, cy, cx - (float)sx * k, cy, t, c);
            ui_thick_line(ren, cx, cy, cx, cy - (float)sy * k, t, c);
        }
    }
}

/* The engine's choice in review: a ghost stone ringed in green. */
static void draw_best(SDL_Renderer *ren, const Assets *assets, const Layout *l, const BoardView *v)
{
    float x, y;
    centre(l, v->best, &x, &y);
    draw_stone(ren, assets, l, v->best.x, v->best.y, v->best_stone, 110);
    float r = (float)board_view_stone_diameter(l->cell) / 2.0f;
    ui_ring(ren, x, y, r, SDL_max(2.0f, (float)l->cell * 0.08f), (SDL_Color){90, 200, 110, 240});
}

/* A line over the position: ghost stones numbered on from the moves played
 * (line_number), as the stones are. */
static void draw_line(SDL_Renderer *ren, const Assets *assets, const Layout *l, const BoardView *v)
{
    int d = board_view_stone_diameter(l->cell);
    char buf[16];
    for (int i = 0; i < v->line_len; i++) {
        Move m = v->line[i];
        if (!move_is_valid(m) || board_get(v->board, m.x, m.y) != STONE_EMPTY) {
            continue;
        }
        Stone s = i % 2 == 0 ? v->line_first : stone_opponent(v->line_first);
        draw_stone(ren, assets, l, m.x, m.y, s, 200);
        if (v->text == NULL) {
            continue;
        }
        float x, y;
        centre(l, m, &x, &y);
        snprintf(buf, sizeof buf, "%d", i + (v->line_number > 0 ? v->line_number : 1));
        int px = text_fit(v->text, TEXT_BOLD, d * 11 / 20, buf, d * 3 / 4);
        SDL_Color c = v->line_wins && i == v->line_len - 1 ? (SDL_Color){90, 200, 110, 255}
                      : s == STONE_BLACK                   ? (SDL_Color){240, 232, 220, 255}
                                                           : (SDL_Color){30, 26, 22, 255};
        text_draw(v->text, TEXT_BOLD, px, buf, c, (int)x, (int)y, TEXT_CENTER);
    }
}

/* What goes over the stones: numbers, marks, the last move, the winning
 * line, the hover stone, the hint, the cursor. */
static void draw_decorations(SDL_Renderer *ren, const Assets *assets, const Layout *l,
                             const BoardView *v)
{
    if (v->numbers && v->text != NULL && v->moves != NULL) {
        draw_numbers(l, v);
    }
    if (v->forbid_map != NULL) {
        draw_forbid_map(ren, l, v);
    }
    if (v->marks != NULL && v->mark_count > 0) {
        draw_marks(ren, l, v);
    }
    if (!v->numbers && move_is_valid(v->last) &&
        board_get(v->board, v->last.x, v->last.y) != STONE_EMPTY) {
        draw_last_mark(ren, l, v->last);
    }
    bool ghosts = v->line != NULL && v->line_len > 0;
    if (v->win != NULL && v->win_len > 0 && !ghosts) {
        draw_win_line(ren, l, v);
    }
    if (move_is_valid(v->hover) && board_get(v->board, v->hover.x, v->hover.y) == STONE_EMPTY) {
        if (v->hover_forbidden) {
            draw_forbidden(ren, l, v->hover);
        } else if (v->hover_stone != STONE_EMPTY) {
            draw_stone(ren, assets, l, v->hover.x, v->hover.y, v->hover_stone, 130);
        }
    }
    if (move_is_valid(v->hint) && board_get(v->board, v->hint.x, v->hint.y) == STONE_EMPTY) {
        draw_hint(ren, l, v->hint, v->hint_phase);
    }
    if (move_is_valid(v->best) && v->line_len == 0 &&
        board_get(v->board, v->best.x, v->best.y) == STONE_EMPTY) {
        draw_best(ren, assets, l, v);
    }
    if (ghosts) {
        draw_line(ren, assets, l, v);
        if (v->win != NULL && v->win_len > 0) {
            draw_win_line(ren, l, v); /* the row the line ends on, over its stones */
        }
    }
    if (move_is_valid(v->cursor)) {
        draw_cursor(ren, l, v->cursor);
    }
}

/* The board without anything on it. */
static void draw_table(SDL_Renderer *ren, const Assets *assets, const Layout *l, const BoardView *v)
{
    draw_wood(ren, assets, l);
    draw_grid(ren, l);
    if (v->coords && v->text != NULL && l->coords) {
        draw_coords(l, v);
    }
}

void board_view_draw_pieces(SDL_Renderer *ren, const Assets *assets, const Layout *l,
                            const BoardView *v)
{
    if (v->board == NULL) {
        return;
    }
    if (v->win != NULL && v->win_len > 0) {
        draw_win_glow(ren, l, v);
    }
    draw_stones(ren, assets, l, v);
    draw_decorations(ren, assets, l, v);
}

void board_view_draw(SDL_Renderer *ren, const Assets *assets, const Layout *l, const BoardView *v)
{
    draw_table(ren, assets, l, v);
    board_view_draw_pieces(ren, assets, l, v);
}

/* ---- the backdrop, drawn once ---------------------------------------------------- */

static void draw_backdrop(SDL_Renderer *ren, const Assets *assets, const Layout *l,
                          const BoardView *v, int out_w, int out_h)
{
    ui_cover(ren, assets->background, out_w, out_h);
    draw_table(ren, assets, l, v);
}

/* What the backdrop shows depends on these only. */
static BoardBackdrop backdrop_key(const Assets *assets, const Layout *l, const BoardView *v,
                                  int out_w, int out_h)
{
    BoardBackdrop k;
    SDL_zero(k);
    k.out_w = out_w;
    k.out_h = out_h;
    k.scale = l->scale;
    k.size = l->board_size;
    k.cell = l->cell;
    k.origin_x = l->origin_x;
    k.origin_y = l->origin_y;
    k.board = l->board;
    k.coords = v->coords && v->text != NULL && l->coords;
    k.text = v->text;
    k.cloth = assets->background;
    k.wood = assets->board;
    return k;
}

static bool backdrop_same(const BoardBackdrop *a, const BoardBackdrop *b)
{
    return a->out_w == b->out_w && a->out_h == b->out_h && a->scale == b->scale &&
           a->size == b->size && a->cell == b->cell && a->origin_x == b->origin_x &&
           a->origin_y == b->origin_y && a->board.x == b->board.x && a->board.y == b->board.y &&
           a->board.w == b->board.w && a->board.h == b->board.h && a->coords == b->coords &&
           a->text == b->text && a->cloth == b->cloth && a->wood == b->wood;
}

/* Draws the backdrop into the cache's texture (made to the output's size).
 * Returns false when the renderer cannot: then the caller draws it
 * directly. */
static bool backdrop_render(SDL_Renderer *ren, const Assets *assets, const Layout *l,
                            const BoardView *v, const BoardBackdrop *key, BoardBackdrop *cache)
{
    if (cache->tex == NULL || cache->out_w != key->out_w || cache->out_h != key->out_h) {
        board_view_backdrop_free(cache);
        cache->tex = SDL_CreateTexture(ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET,
                                       key->out_w, key->out_h);
        if (cache->tex == NULL) {
            return false;
        }
        /* Copied 1:1 over everything: nothing to blend or filter. */
        SDL_SetTextureBlendMode(cache->tex, SDL_BLENDMODE_NONE);
        SDL_SetTextureScaleMode(cache->tex, SDL_ScaleModeNearest);
    }
    SDL_Texture *tex = cache->tex;
    if (SDL_SetRenderTarget(ren, tex) != 0) {
        board_view_backdrop_free(cache);
        return false;
    }
    Uint8 r, g, b, a;
    SDL_GetRenderDrawColor(ren, &r, &g, &b, &a);
    SDL_SetRenderDrawColor(ren, 0, 0, 0, 255);
    SDL_RenderClear(ren);
    SDL_SetRenderDrawColor(ren, r, g, b, a);
    draw_backdrop(ren, assets, l, v, key->out_w, key->out_h);
    SDL_SetRenderTarget(ren, NULL);
    *cache = *key;
    cache->tex = tex;
    return true;
}

void board_view_draw_backdrop(SDL_Renderer *ren, const Assets *assets, const Layout *l,
                              const BoardView *v, int out_w, int out_h, BoardBackdrop *cache)
{
    BoardBackdrop key = backdrop_key(assets, l, v, out_w, out_h);
    bool cacheable = cache != NULL && out_w > 0 && out_h > 0 && SDL_RenderTargetSupported(ren) &&
                     SDL_GetRenderTarget(ren) == NULL;
    if (cacheable && cache->tex != NULL && backdrop_same(cache, &key)) {
        SDL_RenderCopy(ren, cache->tex, NULL, NULL);
    } else if (cacheable && backdrop_render(ren, assets, l, v, &key, cache)) {
        SDL_RenderCopy(ren, cache->tex, NULL, NULL);
    } else {
        draw_backdrop(ren, assets, l, v, out_w, out_h);
    }
}

void board_view_backdrop_free(BoardBackdrop *cache)
{
    if (cache != NULL && cache->tex != NULL) {
        SDL_DestroyTexture(cache->tex);
    }
    if (cache != NULL) {
        SDL_zero(*cache);
    }
}
