/*
 * move_list.c - drawing and hit-testing the list of moves.
 */
#include "view/move_list.h"

#include <stdio.h>

#include "store/i18n.h"
#include "view/text.h"
#include "view/ui.h"

static const struct {
    const char *glyph;
    SDL_Color color;
} MARKS[MOVE_LIST_MARK_COUNT] = {
    [MOVE_LIST_MARK_NONE] = {"", {236, 226, 210, 255}},
    [MOVE_LIST_MARK_BEST] = {"", {150, 205, 140, 255}},
    [MOVE_LIST_MARK_ONLY] = {"!", {120, 190, 240, 255}},
    [MOVE_LIST_MARK_INACCURACY] = {"?!", {240, 210, 100, 255}},
    [MOVE_LIST_MARK_MISTAKE] = {"?", {245, 150, 70, 255}},
    [MOVE_LIST_MARK_BLUNDER] = {"??", {235, 85, 70, 255}},
    [MOVE_LIST_MARK_MISSED_WIN] = {"\xc3\x97", {235, 85, 70, 255}},
};

void move_list_move_name(Move m, int size, char out[RECORD_MOVE_NAME_MAX])
{
    record_move_name(m, size, out);
    out[0] = (char)SDL_toupper((unsigned char)out[0]);
}

const char *move_list_glyph(MoveListMark k)
{
    return k >= 0 && k < MOVE_LIST_MARK_COUNT ? MARKS[k].glyph : "";
}

SDL_Color move_list_color(MoveListMark k)
{
    return k >= 0 && k < MOVE_LIST_MARK_COUNT ? MARKS[k].color : MARKS[0].color;
}

static int total_rows(const MoveListModel *m)
{
    return (m->count + 1) / 2;
}

/* Keeps the shown move in view, unless the player scrolled and the shown
 * move has not changed since. */
static void follow(MoveList *ml, const MoveListModel *m)
{
    int total = total_rows(m);
    if (ml->pinned && ml->last_shown == m->shown) {
        ml->first_row = SDL_clamp(ml->first_row, 0, SDL_max(0, total - ml->rows));
        return;
    }
    ml->pinned = false;
    ml->last_shown = m->shown;
    int row = m->shown > 0 ? (m->shown - 1) / 2 : 0;
    if (m->shown == m->count) {
        row = SDL_max(0, total - 1);
    }
    if (row < ml->first_row) {
        ml->first_row = row;
    } else if (row >= ml->first_row + ml->rows) {
        ml->first_row = row - ml->rows + 1;
    }
    ml->first_row = SDL_clamp(ml->first_row, 0, SDL_max(0, total - ml->rows));
}

/* The width of one move's cell: its stone's number, its name and mark.
 * Black's cells on the left, white's on the right, not spread apart over
 * a wide panel. */
static int cell_w(const MoveList *ml)
{
    int bar = SDL_max(3, ml->row_h / 6);
    return SDL_min((ml->rect.w - bar - ml->row_h / 4) / 2, ml->row_h * 6);
}

/* The left edge of side's cells (0 black, 1 white). */
static int cell_x(const MoveList *ml, int side)
{
    return ml->rect.x + side * cell_w(ml);
}

/* The room for a stone's number ("225") before the move's name. */
static int number_w(const MoveList *ml)
{
    return ml->row_h * 3 / 2;
}

/* The tag of an opening decision after a move's name, from x: the colour
 * the chooser took as a small stone, or "+2". */
static void draw_choice(const UiKit *kit, RecordChoice c, int x, int cy, int fp)
{
    if (c == RECORD_CHOICE_PLACE_TWO) {
        text_draw(kit->text, TEXT_BOLD, fp * 7 / 8, "+2", UI_ACCENT, x, cy, TEXT_LEFT);
        return;
    }
    int d = fp * 3 / 4;
    SDL_Texture *tex =
        c == RECORD_CHOICE_TAKE_BLACK ? kit->assets->stone_black : kit->assets->stone_white;
    SDL_Rect st = {x, cy - d / 2, d, d};
    SDL_RenderCopy(kit->ren, kit->assets->stone_shadow, NULL, &st);
    SDL_RenderCopy(kit->ren, tex, NULL, &st);
}

/* Move i in its cell of the row at y: the number of its stone (as the
 * board numbers it), its name, the coach's mark, an opening decision. */
static void draw_move(MoveList *ml, const UiKit *kit, const MoveListModel *m, int i, int y, int fp)
{
    int x = cell_x(ml, i % 2), w = cell_w(ml), nw_room = number_w(ml);
    bool current = i == m->shown - 1;
    if (current) {
        SDL_Rect hl = {x + fp / 8, y + 1, w - fp / 4, ml->row_h - 2};
        ui_fill_round_rect(kit->ren, &hl, hl.h / 4, (SDL_Color){214, 150, 62, 200});
    }
    char name[RECORD_MOVE_NAME_MAX], num[16];
    move_list_move_name(m->moves[i], m->board_size, name);
    snprintf(num, sizeof num, "%d", i + 1);
    MoveListMark k = (MoveListMark)m->marks[i];
    bool future = i >= m->shown;
    SDL_Color c = current ? (SDL_Color){30, 22, 12, 255} : future ? UI_TEXT_DIM : UI_TEXT;
    SDL_Color nc = current ? (SDL_Color){70, 52, 30, 255} : UI_TEXT_DIM;
    int cy = y + ml->row_h / 2;
    text_push_box(kit->text, (SDL_Rect){x, y, w, ml->row_h});
    text_draw(kit->text, TEXT_REGULAR, fp * 7 / 8, num, nc, x + nw_room - fp / 3, cy, TEXT_RIGHT);
    int nx = x + nw_room;
    int nw =
        text_draw(kit->text, current ? TEXT_BOLD : TEXT_REGULAR, fp, name, c, nx, cy, TEXT_LEFT);
    const char *g = move_list_glyph(k);
    int end = nx + nw;
    if (g[0] != '\0') {
        end += fp / 5 + text_draw(kit->text, TEXT_BOLD, fp, g, current ? c : move_list_color(k),
                                  nx + nw + fp / 5, cy, TEXT_LEFT);
    } else if (k == MOVE_LIST_MARK_BEST) {
        ui_fill_circle(kit->ren, (float)(nx + nw + fp / 2), (float)cy, (float)fp / 7.0f,
                       current ? c : move_list_color(k));
        end += fp * 2 / 3;
    }
    for (int j = 0; j < 2; j++) {
        if (m->choice_after[j] == i && m->choice[j] != RECORD_CHOICE_NONE) {
            draw_choice(kit, m->choice[j], end + fp / 3, cy, fp);
        }
    }
    text_pop_box(kit->text);
}

static void draw_scrollbar(const MoveList *ml, const UiKit *kit, int total)
{
    if (total <= ml->rows) {
        return;
    }
    int track = ml->rect.h, bw = SDL_max(3, ml->row_h / 6);
    int th = SDL_max(bw * 2, track * ml->rows / total);
    int ty = ml->rect.y + (track - th) * ml->first_row / SDL_max(1, total - ml->rows);
    SDL_Rect bar = {ml->rect.x + ml->rect.w - bw, ty, bw, th};
    ui_fill_round_rect(kit->ren, &bar, bw / 2, (SDL_Color){255, 240, 220, 70});
}

/* The head of the list: each side's stone and colour over its cells, so
 * every move's colour reads at a glance. */
static void draw_head(const MoveList *ml, const UiKit *kit, int y, int h, int font_px)
{
    int d = h * 3 / 5;
    for (int side = 0; side < 2; side++) {
        SDL_Texture *tex = side == 0 ? kit->assets->stone_black : kit->assets->stone_white;
        int x = cell_x(ml, side) + number_w(ml), w = cell_w(ml) - number_w(ml);
        SDL_Rect st = {x, y + (h - d) / 2, d, d};
        SDL_RenderCopy(kit->ren, kit->assets->stone_shadow, NULL, &st);
        SDL_RenderCopy(kit->ren, tex, NULL, &st);
        const char *name = i18n_get(side == 0 ? I18N_PLAYER_BLACK : I18N_PLAYER_WHITE);
        text_push_box(kit->text, (SDL_Rect){x, y, w, h});
        text_draw(kit->text, TEXT_REGULAR,
                  text_fit(kit->text, TEXT_REGULAR, font_px, name, w - d - font_px / 2), name,
                  UI_TEXT_DIM, x + d + font_px / 3, y + h / 2, TEXT_LEFT);
        text_pop_box(kit->text);
    }
    SDL_SetRenderDrawColor(kit->ren, 255, 240, 220, 30);
    SDL_RenderFillRect(kit->ren, &(SDL_Rect){ml->rect.x, y + h - 1, ml->rect.w, 1});
}

void move_list_draw(MoveList *ml, const UiKit *kit, LayoutRect r, int font_px,
                    const MoveListModel *m)
{
    SDL_Rect bg = ui_rect(r);
    ui_fill_round_rect(kit->ren, &bg, font_px / 3, (SDL_Color){0, 0, 0, 40});
    ml->row_h = font_px * 3 / 2;
    /* The rows go under the head; rect is theirs (clicks, scrolling). */
    int head = ml->row_h;
    ml->rect = (LayoutRect){r.x, r.y + head, r.w, r.h - head};
    draw_head(ml, kit, r.y, head, font_px);
    r = ml->rect;
    ml->rows = SDL_max(1, r.h / SDL_max(1, ml->row_h));
    follow(ml, m);
    int total = total_rows(m);
    ml->total = total;
    ml->count = m->count;
    for (int row = ml->first_row; row < total && row < ml->first_row + ml->rows; row++) {
        int y = r.y + (row - ml->first_row) * ml->row_h;
        for (int i = 2 * row; i < 2 * row + 2 && i < m->count; i++) {
            draw_move(ml, kit, m, i, y, font_px);
        }
    }
    draw_scrollbar(ml, kit, total);
}

int move_list_hit(const MoveList *ml, const MoveListModel *m, int px, int py)
{
    if (ml->rect.w <= 0 || !layout_rect_contains(ml->rect, px, py) || ml->row_h <= 0) {
        return -1;
    }
    int row = ml->first_row + (py - ml->rect.y) / ml->row_h;
    int i = 2 * row + (px >= cell_x(ml, 1) ? 1 : 0);
    return i < m->count ? i + 1 : -1;
}

bool move_list_cell_pos(const MoveList *ml, int move, int *px, int *py)
{
    int row = move / 2 - ml->first_row;
    if (ml->rect.w <= 0 || move < 0 || move >= ml->count || row < 0 || row >= ml->rows) {
        return false;
    }
    *px = cell_x(ml, move % 2) + number_w(ml) + ml->row_h / 2;
    *py = ml->rect.y + row * ml->row_h + ml->row_h / 2;
    return true;
}

void move_list_scroll(MoveList *ml, int rows)
{
    ml->first_row = SDL_clamp(ml->first_row + rows, 0, SDL_max(0, ml->total - ml->rows));
    ml->pinned = true;
}

void move_list_reset(MoveList *ml)
{
    *ml = (MoveList){.last_shown = -1};
}
