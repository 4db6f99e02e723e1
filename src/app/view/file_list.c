/*
 * file_list.c - the saved-games list widget.
 */
#include "view/file_list.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "view/board_view.h"
#include "store/i18n.h"
#include "view/layout.h"
#include "view/ui.h"

/* The selected row, the hovered one, the details pane and the thumbnails'
 * frame: warm tints of the accent, as the menu uses. */
static const SDL_Color SEL_FILL = {214, 150, 62, 90};
static const SDL_Color HOVER_FILL = {255, 240, 220, 26};
static const SDL_Color PANE_FILL = {0, 0, 0, 56};
static const SDL_Color TAG_FILL = {86, 63, 34, 255};
static const SDL_Color TAG_TEXT = {240, 190, 110, 255};

void file_list_init(FileList *fs)
{
    SDL_zerop(fs);
    fs->sel = -1;
    fs->hover = -1;
    fs->pressed = -1;
}

void file_list_free(FileList *fs)
{
    game_list_free(&fs->games);
}

static void scroll_to_sel(FileList *fs)
{
    if (fs->sel < fs->top) {
        fs->top = fs->sel;
    } else if (fs->sel >= fs->top + fs->rows_visible) {
        fs->top = fs->sel - fs->rows_visible + 1;
    }
    fs->top = SDL_max(0, SDL_min(fs->top, fs->games.files.count - fs->rows_visible));
}

const StorageEntry *file_list_selected(const FileList *fs)
{
    return game_list_entry(&fs->games, fs->sel);
}

const StorageInfo *file_list_info(const FileList *fs, int i)
{
    return game_list_info(&fs->games, i);
}

bool file_list_can_export(const FileList *fs)
{
    const StorageEntry *e = file_list_selected(fs);
    return e != NULL && e->kind == STORAGE_KIND_GOMOKU;
}

/* ---- reading ------------------------------------------------------------------ */

StorageStatus file_list_reload(FileList *fs, const Storage *st, bool keep, char *err, size_t errlen)
{
    char path[STORAGE_PATH_MAX] = "";
    const StorageEntry *e = file_list_selected(fs);
    if (keep && e != NULL) {
        SDL_strlcpy(path, e->path, sizeof path);
    }
    int old_sel = fs->sel;
    StorageStatus s = game_list_reload(&fs->games, st, err, errlen);
    if (!keep) {
        fs->sel = fs->games.files.count > 0 ? 0 : -1;
        fs->top = 0;
        fs->hover = -1;
        fs->pressed = -1;
        return s;
    }
    fs->sel = -1;
    for (int i = 0; i < fs->games.files.count && path[0] != '\0'; i++) {
        if (strcmp(fs->games.files.items[i].path, path) == 0) {
            fs->sel = i;
        }
    }
    if (fs->sel < 0) {
        fs->sel = SDL_min(SDL_max(old_sel, 0), fs->games.files.count - 1);
    }
    scroll_to_sel(fs);
    return s;
}

/* ---- geometry ------------------------------------------------------------------ */

void file_list_layout(FileList *fs, int out_w, int out_h, float sx)
{
    float u = sx * SDL_clamp(SDL_min((float)out_h / (sx * 700.0f), (float)out_w / (sx * 640.0f)),
                             0.5f, 1.6f);
#define U(v) ((int)lroundf((v)*u))
    int w = SDL_min(out_w - U(24), U(1040));
    int h = SDL_min(out_h - U(24), U(680));
    fs->card = (SDL_Rect){(out_w - w) / 2, (out_h - h) / 2, w, h};
    int inner = U(22), bh = U(44), gap = U(8), title_h = U(56);
    fs->font_px = U(17);
    fs->row_h = U(58);
    SDL_Rect area = {fs->card.x + inner, fs->card.y + title_h, w - 2 * inner,
                     h - title_h - inner - bh - U(16)};
    /* Beside the list, the selected file's details, once the list keeps
     * room for a name, a date and the summary line. */
    int pane_w = SDL_clamp(area.w * 2 / 5, U(250), U(420));
    fs->details = (SDL_Rect){0, 0, 0, 0};
    if (fs->games.files.count > 0 && area.w - pane_w - U(18) >= U(330)) {
        fs->details = (SDL_Rect){area.x + area.w - pane_w, area.y, pane_w, area.h};
        area.w -= pane_w + U(18);
    }
    fs->rows_visible = SDL_max(1, area.h / fs->row_h);
    fs->rows_area = (SDL_Rect){area.x, area.y, area.w, fs->rows_visible * fs->row_h};
    int bw = (w - 2 * inner - (FILE_LIST_BUTTONS - 1) * gap) / FILE_LIST_BUTTONS;
    int by = fs->card.y + h - inner - bh;
    for (int i = 0; i < FILE_LIST_BUTTONS; i++) {
        fs->btn[i] = (SDL_Rect){fs->card.x + inner + i * (bw + gap), by, bw, bh};
    }
#undef U
}

/* ---- input ------------------------------------------------------------------------ */

/* -1 none, 0..count-1 a row, 1000 + i a button. */
static int hit(const FileList *fs, int x, int y)
{
    for (int i = 0; i < FILE_LIST_BUTTONS; i++) {
        if (ui_contains(&fs->btn[i], x, y)) {
            return 1000 + i;
        }
    }
    if (ui_contains(&fs->rows_area, x, y)) {
        int r = fs->top + (y - fs->rows_area.y) / fs->row_h;
        return r < fs->games.files.count ? r : -1;
    }
    return -1;
}

static FileListAction button_action(int b)
{
    static const FileListAction actions[FILE_LIST_BUTTONS] = {FILE_LIST_OPEN, FILE_LIST_DELETE,
                                                              FILE_LIST_EXPORT, FILE_LIST_BACK};
    return b >= 0 && b < FILE_LIST_BUTTONS ? actions[b] : FILE_LIST_NONE;
}

/* Moves the selection to row i (clamped) and shows it. */
static void select_row(FileList *fs, int i)
{
    if (fs->games.files.count > 0) {
        fs->sel = SDL_clamp(i, 0, fs->games.files.count - 1);
        scroll_to_sel(fs);
    }
}

static FileListAction pointer(FileList *fs, const AppCommand *cmd)
{
    switch (cmd->kind) {
    case CMD_POINTER_MOVE: fs->hover = hit(fs, cmd->x, cmd->y); break;
    case CMD_POINTER_LEAVE: fs->hover = -1; break;
    case CMD_POINTER_DOWN:
        fs->pressed = hit(fs, cmd->x, cmd->y);
        if (fs->pressed >= 0 && fs->pressed < 1000) {
            fs->sel = fs->pressed;
        }
        break;
    case CMD_POINTER_UP: {
        int h = hit(fs, cmd->x, cmd->y);
        int was = fs->pressed;
        fs->pressed = -1;
        if (h >= 1000 && h == was) {
            return button_action(h - 1000);
        }
        break;
    }
    case CMD_WHEEL:
        /* The view scrolls; the selection stays where it is. */
        fs->top = SDL_max(0, SDL_min(fs->top - cmd->y, fs->games.files.count - fs->rows_visible));
        break;
    default: break;
    }
    return FILE_LIST_NONE;
}

FileListAction file_list_command(FileList *fs, const AppCommand *cmd)
{
    switch (cmd->kind) {
    case CMD_FOCUS_PREV:
    case CMD_DECREASE: select_row(fs, fs->sel - 1); break;
    case CMD_FOCUS_NEXT:
    case CMD_INCREASE: select_row(fs, fs->sel + 1); break;
    case CMD_HOME: select_row(fs, 0); break;
    case CMD_END: select_row(fs, fs->games.files.count - 1); break;
    case CMD_ACCEPT: return FILE_LIST_OPEN;
    case CMD_DELETE: return FILE_LIST_DELETE;
    case CMD_BACK: return FILE_LIST_BACK;
    default: return pointer(fs, cmd);
    }
    return FILE_LIST_NONE;
}

bool file_list_hovering(const FileList *fs)
{
    return fs->hover >= 0;
}

/* ---- words ------------------------------------------------------------------------ */

static const char *result_word(const StorageInfo *in)
{
    switch (in->result) {
    case GAME_BLACK_WINS: return i18n_get(I18N_FILES_BLACK_WON);
    case GAME_WHITE_WINS: return i18n_get(I18N_FILES_WHITE_WON);
    case GAME_DRAW: return i18n_get(I18N_RESULT_DRAW);
    default: return i18n_get(I18N_FILES_UNFINISHED);
    }
}

/* "15 × 15 • Freestyle • 5 in a row • 43 moves • Black won". */
static void summary(const StorageInfo *in, char *out, size_t len)
{
    char board[32], k[64], moves[64];
    i18n_format(board, sizeof board, I18N_FMT_BOARD_SIZE, in->board.size, in->board.size);
    i18n_format(k, sizeof k, I18N_FMT_IN_A_ROW, in->rules.k);
    i18n_format(moves, sizeof moves, I18N_FMT_MOVES_COUNT, in->moves);
    snprintf(out, len, "%s • %s • %s • %s • %s", board, i18n_rule_name(in->rules.kind), k, moves,
             result_word(in));
}

/* In KB, as file managers show it in every language ("0.2 KB"). */
static void file_size(int64_t bytes, char *out, size_t len)
{
    snprintf(out, len, "%.1f KB", SDL_max(0.1, (double)bytes / 1024.0));
}

/* Copies s into out, cut with "…" to fit max_w at px: at its end, or at
 * its start (keep_end: a folder's path keeps the folder's own name). */
static void clip(Text *t, TextFace face, int px, const char *s, int max_w, bool keep_end, char *out,
                 size_t len)
{
    int w = 0, h = 0;
    SDL_strlcpy(out, s, len);
    text_measure(t, face, px, out, &w, &h);
    size_t n = strlen(s), cut = 0;
    while (w > max_w && cut < n) {
        /* One more whole character off. */
        do {
            cut++;
        } while (cut < n && ((unsigned char)s[keep_end ? cut : n - cut] & 0xC0) == 0x80);
        if (keep_end) {
            snprintf(out, len, "…%s", s + cut);
        } else {
            snprintf(out, len, "%.*s…", (int)(n - cut), s);
        }
        text_measure(t, face, px, out, &w, &h);
    }
}

/* ---- drawing ------------------------------------------------------------------------ */

/* A small board of the final position: the wood, and the stones as dots
 * (at this size a grid would only be noise). */
static void draw_thumb(SDL_Renderer *ren, const Assets *a, const SDL_Rect *r, const StorageInfo *in)
{
    ui_fill_round_rect(ren, &(SDL_Rect){r->x + 1, r->y + 2, r->w, r->h}, r->w / 10,
                       (SDL_Color){0, 0, 0, 70});
    SDL_RenderCopy(ren, a->board, NULL, r);
    if (in == NULL || in->damaged) {
        SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(ren, 30, 20, 16, 150);
        SDL_RenderFillRect(ren, r);
        return;
    }
    int n = in->board.size;
    float cell = (float)r->w / (float)n;
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            Stone s = board_get(&in->board, x, y);
            if (s == STONE_EMPTY) {
                continue;
            }
            SDL_Color c =
                s == STONE_BLACK ? (SDL_Color){24, 22, 20, 255} : (SDL_Color){246, 244, 236, 255};
            ui_fill_circle(ren, (float)r->x + cell * ((float)x + 0.5f),
                           (float)r->y + cell * ((float)y + 0.5f), cell * 0.55f, c);
        }
    }
}

/* The ".psq" pill after a name at x; returns its width. */
static int draw_tag(SDL_Renderer *ren, Text *text, int px, int x, int cy)
{
    int tw = 0, th = 0;
    text_measure(text, TEXT_BOLD, px, STORAGE_PSQ_EXT, &tw, &th);
    int h = px * 8 / 5;
    SDL_Rect tag = {x, cy - h / 2, tw + px, h};
    /* Opaque: a translucent fill doubles up where the rounded ends overlap. */
    ui_fill_round_rect(ren, &tag, h / 3, TAG_FILL);
    text_draw(text, TEXT_BOLD, px, STORAGE_PSQ_EXT, TAG_TEXT, tag.x + tag.w / 2, cy - px / 10,
              TEXT_CENTER);
    return tag.w;
}

static void draw_row(FileList *fs, SDL_Renderer *ren, Text *text, const Assets *a, int i,
                     SDL_Rect row)
{
    const StorageEntry *e = &fs->games.files.items[i];
    const StorageInfo *in = file_list_info(fs, i);
    int fp = fs->font_px, small = fp * 13 / 16, pad = row.h / 8;
    if (i == fs->sel) {
        ui_fill_round_rect(ren, &row, row.h / 5, SEL_FILL);
    } else if (i == fs->hover) {
        ui_fill_round_rect(ren, &row, row.h / 5, HOVER_FILL);
    }
    SDL_Rect thumb = {row.x + pad, row.y + pad, row.h - 2 * pad, row.h - 2 * pad};
    draw_thumb(ren, a, &thumb, in);
    int x = thumb.x + thumb.w + pad * 3 / 2, right = row.x + row.w - pad;
    int top = row.y + row.h * 9 / 25, bottom = row.y + row.h * 18 / 25;
    int dw = 0, dh = 0;
    text_measure(text, TEXT_REGULAR, small, e->date, &dw, &dh);
    text_draw(text, TEXT_REGULAR, small, e->date, UI_TEXT_DIM, right, top, TEXT_RIGHT);
    bool psq = e->kind == STORAGE_KIND_PSQ;
    int room = right - x - dw - fp - (psq ? fp * 3 : 0);
    char name[STORAGE_NAME_MAX + 8], line[256];
    clip(text, TEXT_BOLD, fp, e->name, room, false, name, sizeof name);
    int drawn = text_draw(text, TEXT_BOLD, fp, name, UI_TEXT, x, top, TEXT_LEFT);
    if (psq) {
        draw_tag(ren, text, small, x + drawn + fp / 2, top);
    }
    if (in == NULL) {
        return;
    }
    if (in->damaged) {
        text_draw(text, TEXT_REGULAR, small, i18n_get(I18N_FILES_DAMAGED), UI_DANGER, x, bottom,
                  TEXT_LEFT);
        return;
    }
    char sum[256];
    summary(in, sum, sizeof sum);
    clip(text, TEXT_REGULAR, small, sum, right - x, false, line, sizeof line);
    text_draw(text, TEXT_REGULAR, small, line, UI_TEXT_DIM, x, bottom, TEXT_LEFT);
}

/* A thin bar at the list's right edge when it scrolls. */
static void draw_scrollbar(const FileList *fs, SDL_Renderer *ren)
{
    int n = fs->games.files.count, shown = fs->rows_visible;
    if (n <= shown) {
        return;
    }
    const SDL_Rect *a = &fs->rows_area;
    int w = SDL_max(3, fs->row_h / 14);
    SDL_Rect track = {a->x + a->w + w, a->y, w, a->h};
    ui_fill_round_rect(ren, &track, w / 2, (SDL_Color){255, 240, 220, 24});
    int th = SDL_max(w * 4, a->h * shown / n);
    SDL_Rect thumb = {track.x, a->y + (a->h - th) * fs->top / SDL_max(1, n - shown), w, th};
    ui_fill_round_rect(ren, &thumb, w / 2, (SDL_Color){214, 150, 62, 200});
}

/* The final position, large, on the real board with its stones. */
static void draw_preview(SDL_Renderer *ren, const Assets *a, const SDL_Rect *r,
                         const StorageInfo *in, float sx)
{
    int n = in->board.size;
    Layout l;
    SDL_zero(l);
    l.out_w = r->w;
    l.out_h = r->h;
    l.scale = sx;
    l.board_size = n;
    l.cell = SDL_max(2, (int)((float)r->w / ((float)n + 0.4f)));
    int len = l.cell * (n - 1);
    l.origin_x = r->x + (r->w - len) / 2;
    l.origin_y = r->y + (r->h - len) / 2;
    l.board = (LayoutRect){r->x, r->y, r->w, r->h};
    BoardView v;
    SDL_zero(v);
    v.board = &in->board;
    v.last = in->last;
    v.hover = v.cursor = v.hint = v.best = v.anim = MOVE_NONE;
    board_view_draw(ren, a, &l, &v);
}

/* Label on the left, value after the labels' column; returns the next y. */
static int detail_row(Text *text, int px, const char *label, const char *value, int x, int col,
                      int right, int y)
{
    char v[STORAGE_PATH_MAX + 8];
    text_draw(text, TEXT_REGULAR, px, label, UI_TEXT_DIM, x, y, TEXT_LEFT);
    clip(text, TEXT_REGULAR, px, value, right - col, true, v, sizeof v);
    text_draw(text, TEXT_REGULAR, px, v, UI_TEXT, col, y, TEXT_LEFT);
    return y + px * 8 / 5;
}

/* What a damaged file says, wrapped under its name; returns the y below. */
static int draw_damage(Text *text, int px, const StorageInfo *in, const SDL_Rect *r, int y)
{
    text_draw(text, TEXT_BOLD, px, i18n_get(I18N_FILES_DAMAGED), UI_DANGER, r->x, y, TEXT_LEFT);
    char lines[6][TEXT_LINE_MAX];
    int nl = text_wrap(text, TEXT_REGULAR, px, in->why, r->w, lines, 6);
    for (int i = 0; i < nl; i++) {
        y += px * 3 / 2;
        text_draw(text, TEXT_REGULAR, px, lines[i], UI_TEXT_DIM, r->x, y, TEXT_LEFT);
    }
    return y + px * 5 / 2;
}

/* The table under the preview: result, moves, board, rules, date, size,
 * folder (a damaged file: only what the folder tells, from first on). */
static void draw_facts(Text *text, int px, const StorageEntry *e, const StorageInfo *in,
                       const SDL_Rect *r, int y, int first)
{
    char board[32], k[64], moves[32], size[32], folder[STORAGE_PATH_MAX];
    i18n_format(board, sizeof board, I18N_FMT_BOARD_SIZE, in->board.size, in->board.size);
    i18n_format(k, sizeof k, I18N_FMT_IN_A_ROW, in->rules.k);
    snprintf(moves, sizeof moves, "%d", in->moves);
    file_size(e->bytes, size, sizeof size);
    size_t dir = 0;
    for (size_t i = 0; e->path[i] != '\0'; i++) {
        dir = e->path[i] == '/' || e->path[i] == '\\' ? i : dir;
    }
    SDL_strlcpy(folder, e->path, SDL_min(sizeof folder, dir + 1));
    const char *rows[][2] = {
        {i18n_get(I18N_FILES_RESULT), result_word(in)},
        {i18n_get(I18N_FILES_MOVES), moves},
        {i18n_get(I18N_FILES_BOARD), board},
        {i18n_get(I18N_MENU_WIN_LENGTH), k},
        {i18n_get(I18N_MENU_RULE), i18n_rule_name(in->rules.kind)},
        {i18n_get(I18N_FILES_DATE), e->date},
        {i18n_get(I18N_FILES_FILE_SIZE), size},
        {i18n_get(I18N_FILES_FOLDER), folder},
    };
    int col = 0, n = (int)(sizeof rows / sizeof rows[0]);
    for (int i = 0; i < n; i++) {
        int w = 0, h = 0;
        text_measure(text, TEXT_REGULAR, px, rows[i][0], &w, &h);
        col = SDL_max(col, w);
    }
    col = SDL_min(r->x + col + px * 3 / 2, r->x + r->w / 2);
    for (int i = SDL_max(0, first); i < n; i++) {
        y = detail_row(text, px, rows[i][0], rows[i][1], r->x, col, r->x + r->w, y);
    }
}

/* Where the facts of a damaged file start: its date, size and folder. */
#define FACTS_OF_THE_FILE 5

/* The selected file: a large preview, its name, what it holds. */
static void draw_details(const FileList *fs, SDL_Renderer *ren, Text *text, const Assets *a,
                         float sx)
{
    SDL_Rect pane = fs->details;
    int fp = fs->font_px, pad = fp;
    ui_fill_round_rect(ren, &pane, fp * 2 / 3, PANE_FILL);
    const StorageEntry *e = file_list_selected(fs);
    const StorageInfo *in = file_list_info(fs, fs->sel);
    if (e == NULL || in == NULL) {
        return;
    }
    SDL_Rect inner = {pane.x + pad, pane.y + pad, pane.w - 2 * pad, pane.h - 2 * pad};
    int small = fp * 7 / 8, table = 8 * small * 8 / 5;
    int side = SDL_min(inner.w, inner.h - table - fp * 3);
    SDL_Rect board = {inner.x + (inner.w - side) / 2, inner.y, side, side};
    if (in->damaged) {
        board.h = board.w = 0;
    } else if (side > fp * 4) {
        draw_preview(ren, a, &board, in, sx);
    }
    int y = board.y + board.h + fp * 3 / 2;
    char name[STORAGE_NAME_MAX + 8];
    clip(text, TEXT_BOLD, fp, e->name, inner.w, false, name, sizeof name);
    text_draw(text, TEXT_BOLD, fp, name, UI_TEXT, inner.x, y, TEXT_LEFT);
    y += fp * 2;
    if (in->damaged) {
        y = draw_damage(text, small, in, &inner, y);
    }
    draw_facts(text, small, e, in, &inner, y, in->damaged ? FACTS_OF_THE_FILE : 0);
}

static void draw_buttons(FileList *fs, SDL_Renderer *ren, Text *text)
{
    static const I18nString labels[FILE_LIST_BUTTONS] = {I18N_BTN_OPEN, I18N_BTN_DELETE,
                                                         I18N_BTN_EXPORT_PSQ, I18N_BTN_BACK};
    bool have_sel = file_list_selected(fs) != NULL;
    for (int i = 0; i < FILE_LIST_BUTTONS; i++) {
        UiState st = {fs->hover == 1000 + i, fs->pressed == 1000 + i, false,
                      (i < 3 && !have_sel) || (i == 2 && !file_list_can_export(fs))};
        ui_button(ren, text, &fs->btn[i], i18n_get(labels[i]), fs->font_px * 15 / 16,
                  i == 0 ? UI_BUTTON_PRIMARY : UI_BUTTON_NORMAL, st);
    }
}

void file_list_draw(FileList *fs, SDL_Renderer *ren, Text *text, const Assets *assets, int out_w,
                    int out_h, float sx, const char *notice)
{
    ui_cover(ren, assets->background, out_w, out_h);
    file_list_layout(fs, out_w, out_h, sx);
    SDL_Rect card = fs->card, area = fs->rows_area;
    int fp = fs->font_px;
    ui_panel(ren, &card, fp);
    text_push_box(text, card);
    text_draw(text, TEXT_BOLD, fp * 8 / 5, i18n_get(I18N_SAVED_GAMES), UI_TEXT, area.x,
              card.y + (area.y - card.y) / 2, TEXT_LEFT);
    if (fs->games.files.count == 0) {
        text_draw(text, TEXT_REGULAR, fp, i18n_get(I18N_NO_SAVED_GAMES), UI_TEXT_DIM,
                  area.x + area.w / 2, area.y + area.h / 3, TEXT_CENTER);
    }
    for (int r = 0; r < fs->rows_visible && fs->top + r < fs->games.files.count; r++) {
        SDL_Rect row = {area.x, area.y + r * fs->row_h, area.w, fs->row_h - 3};
        text_push_box(text, row);
        draw_row(fs, ren, text, assets, fs->top + r, row);
        text_pop_box(text);
    }
    draw_scrollbar(fs, ren);
    if (fs->details.w > 0) {
        text_push_box(text, fs->details);
        draw_details(fs, ren, text, assets, sx);
        text_pop_box(text);
    }
    draw_buttons(fs, ren, text);
    if (notice != NULL && notice[0] != '\0') {
        /* In the title's line, right: inside the card at every size. */
        int tw = 0, th = 0;
        text_measure(text, TEXT_BOLD, fp * 8 / 5, i18n_get(I18N_SAVED_GAMES), &tw, &th);
        char line[300];
        int right = card.x + card.w - (area.x - card.x);
        clip(text, TEXT_REGULAR, fp * 7 / 8, notice, right - area.x - tw - fp * 2, false, line,
             sizeof line);
        text_draw(text, TEXT_REGULAR, fp * 7 / 8, line, UI_ACCENT, right,
                  card.y + (area.y - card.y) / 2, TEXT_RIGHT);
    }
    text_pop_box(text);
}
