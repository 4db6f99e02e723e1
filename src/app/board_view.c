/*
 * board_view.c - the board's look.
 */
#include "board_view.h"

#include <math.h>

#include "ui.h"

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

static void draw_wood(SDL_Renderer *ren, const Assets *a, const Layout *l)
{
    const LayoutRect b = l->board;
    /* A soft shadow under the board lifts it off the cloth. */
    int s = SDL_max(2, l->cell / 5);
    for (int i = 3; i >= 1; i--) {
        SDL_Rect r = {b.x - i * s / 3 + s / 2, b.y - i * s / 3 + s, b.w + 2 * i * s / 3,
                      b.h + 2 * i * s / 3};
        ui_fill_round_rect(ren, &r, s, (SDL_Color){0, 0, 0, 38});
    }
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
        ui_fill_circle(ren, (float)(ox + xs[i] * c) + 0.5f, (float)(oy + ys[i] * c) + 0.5f, r, GRID);
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
        ui_fill_circle(ren, x, y, d * 0.5f + (float)l->cell * 0.07f, (SDL_Color){255, 220, 110, 110});
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
        ui_thick_line(ren, x0 - dx, y0 - dy, x1 + dx, y1 + dy, t + 2.0f, (SDL_Color){70, 20, 10, 120});
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

void board_view_draw(SDL_Renderer *ren, const Assets *assets, const Layout *l, const BoardView *v)
{
    draw_wood(ren, assets, l);
    draw_grid(ren, l);
    if (v->board == NULL) {
        return;
    }
    if (v->win != NULL && v->win_len > 0) {
        draw_win_glow(ren, l, v);
    }
    const int n = v->board->size < l->board_size ? v->board->size : l->board_size;
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            Stone s = board_get(v->board, x, y);
            if (s != STONE_EMPTY) {
                draw_stone(ren, assets, l, x, y, s, 255);
            }
        }
    }
    if (move_is_valid(v->last) && board_get(v->board, v->last.x, v->last.y) != STONE_EMPTY) {
        float x, y;
        centre(l, v->last, &x, &y);
        float r = SDL_max(2.5f, (float)l->cell * 0.11f);
        ui_fill_circle(ren, x, y, r + 1.0f, (SDL_Color){60, 10, 5, 110});
        ui_fill_circle(ren, x, y, r, (SDL_Color){226, 58, 40, 255});
    }
    if (v->win != NULL && v->win_len > 0) {
        draw_win_line(ren, l, v);
    }
    if (move_is_valid(v->hover) && board_get(v->board, v->hover.x, v->hover.y) == STONE_EMPTY) {
        if (v->hover_forbidden) {
            draw_forbidden(ren, l, v->hover);
        } else if (v->hover_stone != STONE_EMPTY) {
            draw_stone(ren, assets, l, v->hover.x, v->hover.y, v->hover_stone, 130);
        }
    }
}
