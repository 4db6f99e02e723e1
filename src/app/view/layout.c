/*
 * layout.c - screen geometry for the playing scene.
 */
#include "view/layout.h"

#include <math.h>

static int imax(int a, int b)
{
    return a > b ? a : b;
}

static int imin(int a, int b)
{
    return a < b ? a : b;
}

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

static int px_of(float scale, float units)
{
    return (int)lroundf(scale * units);
}

static int chip_height(const Layout *l)
{
    return imax(px_of(l->ui, 28.0f), l->font_px + l->font_px / 2 + 4);
}

/* The chips in one row under the board. */
static void place_chips_below(Layout *l, int gap)
{
    const LayoutRect b = l->board;
    int th = chip_height(l);
    int tw = (b.w - (LAYOUT_TGL_COUNT - 1) * gap) / LAYOUT_TGL_COUNT;
    for (int i = 0; i < LAYOUT_TGL_COUNT; i++) {
        l->toggles[i] = (LayoutRect){b.x + i * (tw + gap), b.y + b.h + gap, tw, th};
    }
}

/* Lays the panel's buttons out: rows of three in a panel wide enough for
 * their labels, else rows of two; the toggle chips in one row above them and the
 * review graph above the chips. */
static void place_buttons(Layout *l)
{
    const LayoutRect p = l->panel;
    const int inner = l->pad;
    const int gap = imax(1, l->pad / 2);
    const int bh = imax(px_of(l->ui, 38.0f), l->font_px * 2 + 4);
    /* Three a row where each holds the longest label ("Play from here"). */
    const int cols = (p.w - 2 * inner - 2 * gap) / 3 >= l->font_px * 15 / 2 ? 3 : 2;
    const int rows = (LAYOUT_BTN_COUNT + cols - 1) / cols;
    int bw = (p.w - 2 * inner - (cols - 1) * gap) / cols;
    int y0 = p.y + p.h - inner - rows * bh - (rows - 1) * gap;
    for (int i = 0; i < LAYOUT_BTN_COUNT; i++) {
        int r = i / cols, c = i % cols;
        l->buttons[i] = (LayoutRect){p.x + inner + c * (bw + gap), y0 + r * (bh + gap), bw, bh};
    }
    /* After the game, Rematch and Menu take the places of New game and
     * Menu: the same spots, with no duplicate buttons. */
    l->result_buttons[0] = l->buttons[LAYOUT_BTN_NEW_GAME];
    l->result_buttons[1] = l->buttons[LAYOUT_BTN_MENU];

    int ty = y0;
    if (!l->chips_below) {
        int th = chip_height(l);
        /* Chips in one row when each can hold about ten characters, else
         * rows of three. */
        int one_w = (p.w - 2 * inner - (LAYOUT_TGL_COUNT - 1) * gap) / LAYOUT_TGL_COUNT;
        int per_row = one_w >= l->font_px * 6 ? LAYOUT_TGL_COUNT : 3;
        int trows = (LAYOUT_TGL_COUNT + per_row - 1) / per_row;
        int tw = (p.w - 2 * inner - (per_row - 1) * gap) / per_row;
        ty = y0 - trows * (th + gap);
        for (int i = 0; i < LAYOUT_TGL_COUNT; i++) {
            int r = i / per_row, c = i % per_row;
            l->toggles[i] = (LayoutRect){p.x + inner + c * (tw + gap), ty + r * (th + gap), tw, th};
        }
    }
    /* The graph leaves most of the room above it to the coach's lines and
     * the list of moves: it grows only with what is left once they have
     * about 300 units. */
    int spare = (ty - p.y - px_of(l->ui, 300.0f)) / 2;
    int gh = imax(l->font_px * 3, imin(px_of(l->ui, 150.0f), spare));
    l->graph = (LayoutRect){p.x + inner, ty - gap - gh, p.w - 2 * inner, gh};
    l->content_bottom = ty - gap;
}

void layout_compute(Layout *l, int out_w, int out_h, float scale, int board_size)
{
    layout_compute_ex(l, out_w, out_h, scale, board_size, false);
}

/* How much larger than its design size the screen's furniture is drawn:
 * 1 up to a window of about 1280 x 800 units, then growing with the
 * window (a full HD or 4K screen at 1x), at most twice. */
static float growth(int out_w, int out_h, float scale)
{
    float g = fminf((float)out_w / (scale * 1280.0f), (float)out_h / (scale * 800.0f));
    return g < 1.0f ? 1.0f : (g > 2.0f ? 2.0f : g);
}

void layout_compute_ex(Layout *l, int out_w, int out_h, float scale, int board_size, bool coords)
{
    if (scale <= 0.0f) {
        scale = 1.0f;
    }
    out_w = imax(out_w, 64);
    out_h = imax(out_h, 64);
    board_size = clampi(board_size, 2, 64);

    l->out_w = out_w;
    l->out_h = out_h;
    l->scale = scale;
    l->ui = scale * growth(out_w, out_h, scale);
    l->board_size = board_size;
    l->portrait = out_h > out_w;
    l->coords = coords;
    const float ui = l->ui;

    /* Text shrinks a little in small windows so the panel still fits. */
    float logical_min = (float)imin(out_w, out_h) / ui;
    float font_units = logical_min < 560.0f ? 14.0f : (logical_min > 900.0f ? 18.0f : 16.0f);
    l->font_px = imax(8, px_of(ui, font_units));
    l->pad = imax(4, px_of(ui, 16.0f));
    const int pad = l->pad;

    /* The win-chance bar stands between the board and the panel, half a
     * pad from each, wide enough to read at a glance. */
    const int bar = imax(8, px_of(ui, logical_min < 560.0f ? 16.0f : 20.0f));
    const int gap = imax(2, pad / 2);
    int area_w, area_h, panel_w = 0, panel_h = 0;
    if (!l->portrait) {
        /* Wide enough for the header's line of rules at a legible size. */
        panel_w = clampi(out_w * 34 / 100, px_of(ui, 248.0f), px_of(ui, 380.0f));
        panel_w = imin(panel_w, out_w / 2);
        area_w = out_w - panel_w - 2 * pad - 2 * gap - bar;
        area_h = out_h - 2 * pad;
    } else {
        panel_h = clampi(out_h * 35 / 100, px_of(ui, 230.0f), px_of(ui, 340.0f));
        panel_h = imin(panel_h, out_h / 2);
        area_w = out_w - 2 * pad;
        area_h = out_h - panel_h - 2 * pad - 2 * gap - bar;
    }
    int side = imax(8, imin(area_w, area_h));

    /* The margin is three quarters of a cell: room for the edge stones and
     * a little wood around them. */
    float margins = coords ? 2.6f : 1.5f;
    int cell = (int)floorf((float)side / ((float)(board_size - 1) + margins));
    cell = imax(cell, 2);
    /* With labels: half a cell for the edge stones, then the label column. */
    int margin = coords ? (cell * 13 + 5) / 10 : (cell * 3 + 2) / 4;
    int wood = cell * (board_size - 1) + 2 * margin;
    l->cell = cell;

    /* A wide window leaves height to spare under a board as wide as it
     * may be: the chips go there. */
    l->chips_below = !l->portrait && area_h - wood >= chip_height(l) + 2 * gap;
    int below = l->chips_below ? chip_height(l) + gap : 0;
    if (!l->portrait) {
        /* The panel takes the window's height: the list of moves needs
         * every line a small window has. */
        int ph = out_h - 2 * pad;
        int group_w = wood + 2 * gap + bar + panel_w;
        int gx = imax(pad, (out_w - group_w) / 2);
        l->board = (LayoutRect){gx, (out_h - wood - below) / 2, wood, wood};
        l->winbar = (LayoutRect){gx + wood + gap, l->board.y, bar, wood};
        l->panel = (LayoutRect){gx + wood + 2 * gap + bar, (out_h - ph) / 2, panel_w, ph};
    } else {
        int pw = imax(wood, imin(out_w - 2 * pad, px_of(ui, 420.0f)));
        int group_h = wood + 2 * gap + bar + panel_h;
        int gy = imax(pad, (out_h - group_h) / 2);
        l->board = (LayoutRect){(out_w - wood) / 2, gy, wood, wood};
        l->winbar = (LayoutRect){l->board.x, gy + wood + gap, wood, bar};
        l->panel = (LayoutRect){(out_w - pw) / 2, gy + wood + 2 * gap + bar, pw, panel_h};
    }
    l->origin_x = l->board.x + margin;
    l->origin_y = l->board.y + margin;
    place_buttons(l);
    if (l->chips_below) {
        place_chips_below(l, gap);
    }
}

bool layout_point_to_pixel(const Layout *l, int x, int y, int *px, int *py)
{
    if (x < 0 || y < 0 || x >= l->board_size || y >= l->board_size) {
        return false;
    }
    *px = l->origin_x + x * l->cell;
    *py = l->origin_y + y * l->cell;
    return true;
}

bool layout_pixel_to_point(const Layout *l, int px, int py, int *x, int *y)
{
    /* floor(d / cell + 1/2) in integers: the nearest line, ties to the right. */
    const int c = l->cell;
    int dx = px - l->origin_x + c / 2;
    int dy = py - l->origin_y + c / 2;
    if (dx < 0 || dy < 0) {
        return false;
    }
    int ix = dx / c;
    int iy = dy / c;
    if (ix >= l->board_size || iy >= l->board_size) {
        return false;
    }
    *x = ix;
    *y = iy;
    return true;
}

bool layout_rect_contains(LayoutRect r, int px, int py)
{
    return px >= r.x && py >= r.y && px < r.x + r.w && py < r.y + r.h;
}

int layout_star_points(int n, int *xs, int *ys)
{
    if (n < 7) {
        return 0;
    }
    /* Corner stars on the fourth line from big boards, the third from small
     * ones; sides too on 17 and up, the centre on odd sizes. */
    int e = n >= 13 ? 3 : 2;
    int lines[3] = {e, n / 2, n - 1 - e};
    bool odd = (n % 2) == 1;
    int count = 0;
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++) {
            bool mid_i = i == 1, mid_j = j == 1;
            if (mid_i && mid_j) {
                if (!odd) {
                    continue;
                }
            } else if (mid_i || mid_j) {
                if (!odd || n < 17) {
                    continue;
                }
            }
            xs[count] = lines[i];
            ys[count] = lines[j];
            count++;
        }
    }
    return count;
}
