/*
 * files_screen.c - the saved-games list and the save dialog's name field.
 */
#include "files_screen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "ui.h"

/* ------------------------------------------------------------------ list */

void files_init(FilesScreen *fs)
{
    SDL_zerop(fs);
    fs->sel = -1;
    fs->hover = -1;
    fs->pressed = -1;
}

void files_free(FilesScreen *fs)
{
    storage_list_free(&fs->files);
}

static void scroll_to_sel(FilesScreen *fs)
{
    if (fs->sel < fs->top) {
        fs->top = fs->sel;
    } else if (fs->sel >= fs->top + fs->rows_visible) {
        fs->top = fs->sel - fs->rows_visible + 1;
    }
    fs->top = SDL_max(0, fs->top);
}

const StorageEntry *files_selected(const FilesScreen *fs)
{
    if (fs->sel < 0 || fs->sel >= fs->files.count) {
        return NULL;
    }
    return &fs->files.items[fs->sel];
}

bool files_can_export(const FilesScreen *fs)
{
    const StorageEntry *e = files_selected(fs);
    return e != NULL && e->kind == STORAGE_KIND_GOMOKU;
}

StorageStatus files_reload(FilesScreen *fs, const Storage *st, bool keep, char *err, size_t errlen)
{
    char path[STORAGE_PATH_MAX] = "";
    const StorageEntry *e = files_selected(fs);
    if (keep && e != NULL) {
        SDL_strlcpy(path, e->path, sizeof path);
    }
    int old = fs->sel;
    storage_list_free(&fs->files);
    StorageStatus s = STORAGE_OK;
    if (st != NULL) {
        s = storage_list_games(st, &fs->files, err, errlen);
    }
    if (!keep) {
        fs->sel = fs->files.count > 0 ? 0 : -1;
        fs->top = 0;
        fs->hover = -1;
        fs->pressed = -1;
        return s;
    }
    fs->sel = -1;
    for (int i = 0; i < fs->files.count && path[0] != '\0'; i++) {
        if (strcmp(fs->files.items[i].path, path) == 0) {
            fs->sel = i;
        }
    }
    if (fs->sel < 0) {
        fs->sel = SDL_min(SDL_max(old, 0), fs->files.count - 1);
    }
    scroll_to_sel(fs);
    return s;
}

void files_layout(FilesScreen *fs, int out_w, int out_h, float sx)
{
    float u = sx * SDL_clamp(SDL_min((float)out_h / (sx * 700.0f), (float)out_w / (sx * 640.0f)),
                             0.5f, 1.6f);
#define U(v) ((int)lroundf((v)*u))
    int w = SDL_min(out_w - U(24), U(600));
    int h = SDL_min(out_h - U(24), U(640));
    fs->card = (SDL_Rect){(out_w - w) / 2, (out_h - h) / 2, w, h};
    int inner = U(22), bh = U(44), gap = U(8);
    int title_h = U(56);
    fs->row_h = U(46);
    SDL_Rect area = {fs->card.x + inner, fs->card.y + title_h, w - 2 * inner,
                     h - title_h - inner - bh - U(16)};
    fs->rows_visible = SDL_max(1, area.h / fs->row_h);
    area.h = fs->rows_visible * fs->row_h;
    fs->rows_area = area;
    int bw = (w - 2 * inner - (FILES_BTN_COUNT - 1) * gap) / FILES_BTN_COUNT;
    int by = fs->card.y + h - inner - bh;
    for (int i = 0; i < FILES_BTN_COUNT; i++) {
        fs->btn[i] = (SDL_Rect){fs->card.x + inner + i * (bw + gap), by, bw, bh};
    }
#undef U
}

/* -1 none, 0..count-1 a row, 1000 + i a button. */
static int hit(const FilesScreen *fs, int x, int y)
{
    for (int i = 0; i < FILES_BTN_COUNT; i++) {
        if (ui_contains(&fs->btn[i], x, y)) {
            return 1000 + i;
        }
    }
    if (ui_contains(&fs->rows_area, x, y)) {
        int r = fs->top + (y - fs->rows_area.y) / fs->row_h;
        return r < fs->files.count ? r : -1;
    }
    return -1;
}

static FilesAction button_action(int b)
{
    static const FilesAction actions[FILES_BTN_COUNT] = {FILES_ACTION_OPEN, FILES_ACTION_DELETE,
                                                         FILES_ACTION_EXPORT, FILES_ACTION_BACK};
    return b >= 0 && b < FILES_BTN_COUNT ? actions[b] : FILES_ACTION_NONE;
}

FilesAction files_command(FilesScreen *fs, const AppCommand *cmd)
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
    case CMD_FOCUS_PREV:
    case CMD_DECREASE:
        if (fs->files.count > 0) {
            fs->sel = SDL_max(0, fs->sel - 1);
            scroll_to_sel(fs);
        }
        break;
    case CMD_FOCUS_NEXT:
    case CMD_INCREASE:
        if (fs->files.count > 0) {
            fs->sel = SDL_min(fs->files.count - 1, fs->sel + 1);
            scroll_to_sel(fs);
        }
        break;
    case CMD_HOME:
        fs->sel = fs->files.count > 0 ? 0 : -1;
        scroll_to_sel(fs);
        break;
    case CMD_END:
        fs->sel = fs->files.count - 1;
        scroll_to_sel(fs);
        break;
    case CMD_ACCEPT: return FILES_ACTION_OPEN;
    case CMD_DELETE: return FILES_ACTION_DELETE;
    case CMD_BACK: return FILES_ACTION_BACK;
    default: break;
    }
    return FILES_ACTION_NONE;
}

bool files_hovering(const FilesScreen *fs)
{
    return fs->hover >= 0;
}

void files_draw(FilesScreen *fs, SDL_Renderer *ren, Text *text, SDL_Texture *background, int out_w,
                int out_h, float sx, const char *notice)
{
    ui_cover(ren, background, out_w, out_h);
    files_layout(fs, out_w, out_h, sx);
    SDL_Rect card = fs->card;
    int fp = fs->row_h * 2 / 5;
    ui_panel(ren, &card, fp);
    SDL_Rect area = fs->rows_area;
    text_draw(text, TEXT_BOLD, fp * 3 / 2, i18n_get(I18N_SAVED_GAMES), UI_TEXT, area.x,
              card.y + (area.y - card.y) / 2, TEXT_LEFT);
    if (fs->files.count == 0) {
        text_draw(text, TEXT_REGULAR, fp, i18n_get(I18N_NO_SAVED_GAMES), UI_TEXT_DIM,
                  area.x + area.w / 2, area.y + area.h / 3, TEXT_CENTER);
    }
    for (int r = 0; r < fs->rows_visible; r++) {
        int i = fs->top + r;
        if (i >= fs->files.count) {
            break;
        }
        const StorageEntry *e = &fs->files.items[i];
        SDL_Rect row = {area.x, area.y + r * fs->row_h, area.w, fs->row_h - 2};
        if (i == fs->sel) {
            ui_fill_round_rect(ren, &row, row.h / 4, (SDL_Color){214, 150, 62, 90});
        } else if (i == fs->hover) {
            ui_fill_round_rect(ren, &row, row.h / 4, (SDL_Color){255, 240, 220, 26});
        }
        bool psq = e->kind == STORAGE_KIND_PSQ;
        int tag_px = fp * 3 / 4;
        int tag_w = 0, tag_h = 0;
        text_measure(text, TEXT_BOLD, tag_px, STORAGE_PSQ_EXT, &tag_w, &tag_h);
        tag_w += tag_px; /* the pill's padding */
        int room = row.w * 3 / 5 - (psq ? tag_w + fp / 2 : 0);
        int nw = text_fit(text, TEXT_BOLD, fp, e->name, room);
        int drawn = text_draw(text, TEXT_BOLD, nw, e->name, UI_TEXT, row.x + fp / 2,
                              row.y + row.h / 2, TEXT_LEFT);
        if (psq) {
            /* Piskvork's files sit among ours, told apart by a small tag. */
            int th = tag_px * 8 / 5;
            SDL_Rect tag = {row.x + fp / 2 + drawn + fp / 2, row.y + (row.h - th) / 2, tag_w, th};
            /* Opaque: a translucent fill doubles up where the rounded ends overlap. */
            ui_fill_round_rect(ren, &tag, th / 3, (SDL_Color){86, 63, 34, 255});
            text_draw(text, TEXT_BOLD, tag_px, STORAGE_PSQ_EXT, (SDL_Color){240, 190, 110, 255},
                      tag.x + tag.w / 2, tag.y + tag.h / 2 - tag_px / 10, TEXT_CENTER);
        }
        text_draw(text, TEXT_REGULAR, fp * 7 / 8, e->date, UI_TEXT_DIM, row.x + row.w - fp / 2,
                  row.y + row.h / 2, TEXT_RIGHT);
    }
    static const I18nString labels[FILES_BTN_COUNT] = {I18N_BTN_OPEN, I18N_BTN_DELETE,
                                                       I18N_BTN_EXPORT_PSQ, I18N_BTN_BACK};
    bool have_sel = files_selected(fs) != NULL;
    for (int i = 0; i < FILES_BTN_COUNT; i++) {
        UiState st = {fs->hover == 1000 + i, fs->pressed == 1000 + i, false,
                      (i < 3 && !have_sel) || (i == 2 && !files_can_export(fs))};
        ui_button(ren, text, &fs->btn[i], i18n_get(labels[i]), fp,
                  i == 0 ? UI_BUTTON_PRIMARY : UI_BUTTON_NORMAL, st);
    }
    if (notice != NULL && notice[0] != '\0') {
        int npx = text_fit(text, TEXT_REGULAR, fp * 7 / 8, notice, card.w - fp);
        text_draw(text, TEXT_REGULAR, npx, notice, UI_ACCENT, card.x + card.w / 2,
                  card.y + card.h + fp, TEXT_CENTER);
    }
}

/* ------------------------------------------------------------ name field */

/* Byte offset of the character before / after offset i of UTF-8 s. */
static size_t utf8_prev(const char *s, size_t i)
{
    while (i > 0) {
        i--;
        if (((unsigned char)s[i] & 0xC0) != 0x80) {
            break;
        }
    }
    return i;
}

static size_t utf8_next(const char *s, size_t i)
{
    size_t n = strlen(s);
    if (i < n) {
        i++;
        while (i < n && ((unsigned char)s[i] & 0xC0) == 0x80) {
            i++;
        }
    }
    return i;
}

void files_name_set(FilesName *f, const char *text, bool select_all)
{
    size_t n = strlen(text);
    if (n >= sizeof f->text) {
        n = sizeof f->text - 1;
        while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80) {
            n--; /* whole characters only */
        }
    }
    memcpy(f->text, text, n);
    f->text[n] = '\0';
    f->caret = n;
    f->all = select_all && n > 0;
    f->compose[0] = '\0';
    f->problem = STORAGE_NAME_OK;
}

const char *files_name_problem_text(StorageNameProblem p)
{
    switch (p) {
    case STORAGE_NAME_EMPTY: return i18n_get(I18N_NAME_EMPTY);
    case STORAGE_NAME_TOO_LONG: return i18n_get(I18N_NAME_TOO_LONG);
    case STORAGE_NAME_BAD_TEXT: return i18n_get(I18N_NAME_BAD_TEXT);
    case STORAGE_NAME_BAD_CHAR: return i18n_get(I18N_NAME_BAD_CHAR);
    case STORAGE_NAME_BAD_EDGE: return i18n_get(I18N_NAME_BAD_EDGE);
    case STORAGE_NAME_RESERVED: return i18n_get(I18N_NAME_RESERVED);
    default: return "";
    }
}

/* Typing over a selection starts afresh. */
static void take_selection(FilesName *f)
{
    if (f->all) {
        f->text[0] = '\0';
        f->caret = 0;
        f->all = false;
    }
}

/* Inserts typed UTF-8 text at the caret, whole characters only, as much as
 * fits (the rest is refused with "too long"). */
static void insert(FilesName *f, const char *t)
{
    take_selection(f);
    f->problem = STORAGE_NAME_OK;
    size_t len = strlen(f->text);
    for (size_t i = 0; t[i] != '\0';) {
        size_t k = utf8_next(t, i) - i;
        unsigned char c = (unsigned char)t[i];
        if (c < 0x20 || c == 0x7f) {
            i += k; /* a pasted line break or tab is never part of a name */
            continue;
        }
        if (len + k >= sizeof f->text) {
            f->problem = STORAGE_NAME_TOO_LONG;
            break;
        }
        memmove(f->text + f->caret + k, f->text + f->caret, len - f->caret + 1);
        memcpy(f->text + f->caret, t + i, k);
        f->caret += k;
        len += k;
        i += k;
    }
}

/* Removes the character before (back) or after the caret, or the selection. */
static void erase(FilesName *f, bool back)
{
    f->problem = STORAGE_NAME_OK;
    if (f->all) {
        take_selection(f);
        return;
    }
    size_t len = strlen(f->text);
    size_t from = back ? utf8_prev(f->text, f->caret) : f->caret;
    size_t to = back ? f->caret : utf8_next(f->text, f->caret);
    if (to > from) {
        memmove(f->text + from, f->text + to, len - to + 1);
        f->caret = from;
    }
}

static void move_caret(FilesName *f, AppCommandKind kind)
{
    size_t len = strlen(f->text);
    if (f->all) {
        /* Left/Home go to the start of the selection, Right/End to its end. */
        f->caret = kind == CMD_DECREASE || kind == CMD_HOME ? 0 : len;
        f->all = false;
        return;
    }
    switch (kind) {
    case CMD_DECREASE: f->caret = utf8_prev(f->text, f->caret); break;
    case CMD_INCREASE: f->caret = utf8_next(f->text, f->caret); break;
    case CMD_HOME: f->caret = 0; break;
    default: f->caret = len; break;
    }
}

/* Puts the caret at the character boundary nearest to output x. */
static void click(FilesName *f, Text *text, int x)
{
    f->all = false;
    size_t best = 0;
    int best_d = abs(x - f->text_x);
    size_t len = strlen(f->text);
    for (size_t i = utf8_next(f->text, 0); i <= len && len > 0;) {
        char prefix[STORAGE_NAME_MAX];
        memcpy(prefix, f->text, i);
        prefix[i] = '\0';
        int w = 0, h = 0;
        text_measure(text, TEXT_REGULAR, f->px, prefix, &w, &h);
        int d = abs(x - (f->text_x + w));
        if (d < best_d) {
            best_d = d;
            best = i;
        }
        if (i == len) {
            break;
        }
        i = utf8_next(f->text, i);
    }
    f->caret = best;
}

bool files_name_command(FilesName *f, Text *text, const AppCommand *cmd)
{
    switch (cmd->kind) {
    case CMD_TEXT_INPUT:
        f->compose[0] = '\0';
        insert(f, cmd->text);
        return true;
    case CMD_TEXT_EDITING: SDL_strlcpy(f->compose, cmd->text, sizeof f->compose); return true;
    case CMD_PASTE: {
        /* SDL returns "" (never NULL) when the clipboard holds no text;
         * insert() drops line breaks and stops at the length limit. */
        char *clip = SDL_GetClipboardText();
        if (clip != NULL) {
            f->compose[0] = '\0';
            insert(f, clip);
            SDL_free(clip);
        }
        return true;
    }
    case CMD_ERASE_BACK:
    case CMD_DELETE: erase(f, cmd->kind == CMD_ERASE_BACK); return true;
    case CMD_DECREASE:
    case CMD_INCREASE:
    case CMD_HOME:
    case CMD_END: move_caret(f, cmd->kind); return true;
    case CMD_FOCUS_PREV:
    case CMD_FOCUS_NEXT: return true; /* Enter saves, Esc cancels: no focus to move */
    case CMD_POINTER_DOWN:
        if (ui_contains(&f->field, cmd->x, cmd->y)) {
            click(f, text, cmd->x);
            return true;
        }
        return false;
    default: return false;
    }
}

/* Tells the input method where the text field is, so its candidate
 * window opens beside it (only when that moved). */
static void ime_rect(FilesName *f, float sx, float sy)
{
    SDL_Rect r = {(int)((float)f->field.x / sx), (int)((float)f->field.y / sy),
                  (int)((float)f->field.w / sx), (int)((float)f->field.h / sy)};
    if (SDL_memcmp(&r, &f->ime_rect, sizeof r) != 0) {
        f->ime_rect = r;
        SDL_SetTextInputRect(&r);
    }
}

/* The field's contents: the text, the composition at the caret, the
 * selection or the caret, clipped to the well. */
static void draw_field_text(FilesName *f, SDL_Renderer *ren, Text *text, SDL_Rect well, int rim,
                            int fp)
{
    int pad = fp * 2 / 3;
    int avail = well.w - 2 * pad;
    char before[STORAGE_NAME_MAX];
    size_t caret = SDL_min(f->caret, strlen(f->text));
    memcpy(before, f->text, caret);
    before[caret] = '\0';
    const char *after = f->text + caret;
    char shown[STORAGE_NAME_MAX + INPUT_TEXT_MAX];
    snprintf(shown, sizeof shown, "%s%s%s", before, f->compose, after);
    int px = text_fit(text, TEXT_REGULAR, fp, shown, avail);
    int wb = 0, wc = 0, wa = 0, th = 0;
    if (before[0] != '\0') {
        text_measure(text, TEXT_REGULAR, px, before, &wb, &th);
    }
    if (f->compose[0] != '\0') {
        text_measure(text, TEXT_REGULAR, px, f->compose, &wc, &th);
    }
    if (after[0] != '\0') {
        text_measure(text, TEXT_REGULAR, px, after, &wa, &th);
    }
    /* Still too wide at the smallest size: scroll so the caret shows. */
    int scroll = SDL_max(0, wb + wc - avail);
    int tx = well.x + pad - scroll;
    int cy = well.y + well.h / 2;
    f->px = px;
    f->text_x = tx;
    SDL_Rect clip = {well.x + rim, well.y, well.w - 2 * rim, well.h};
    SDL_RenderSetClipRect(ren, &clip);
    if (f->all && f->text[0] != '\0') {
        SDL_Rect sel = {tx - 2, cy - px * 2 / 3, wb + wa + 4, px * 4 / 3};
        ui_fill_round_rect(ren, &sel, px / 6, (SDL_Color){214, 150, 62, 110});
    }
    if (shown[0] == '\0') {
        text_draw(text, TEXT_REGULAR, px, i18n_get(I18N_FILE_NAME), UI_TEXT_DIM, tx + rim * 2, cy,
                  TEXT_LEFT);
    }
    if (before[0] != '\0') {
        text_draw(text, TEXT_REGULAR, px, before, UI_TEXT, tx, cy, TEXT_LEFT);
    }
    if (f->compose[0] != '\0') {
        /* The unfinished composition, underlined as input methods do. */
        text_draw(text, TEXT_REGULAR, px, f->compose, UI_ACCENT, tx + wb, cy, TEXT_LEFT);
        SDL_Rect ul = {tx + wb, cy + px * 3 / 5, wc, SDL_max(1, px / 12)};
        SDL_SetRenderDrawColor(ren, UI_ACCENT.r, UI_ACCENT.g, UI_ACCENT.b, 255);
        SDL_RenderFillRect(ren, &ul);
    }
    if (after[0] != '\0') {
        text_draw(text, TEXT_REGULAR, px, after, UI_TEXT, tx + wb + wc, cy, TEXT_LEFT);
    }
    if (!f->all) {
        SDL_Rect bar = {tx + wb + wc, cy - px * 5 / 8, SDL_max(2, px / 10), px * 5 / 4};
        SDL_SetRenderDrawColor(ren, UI_TEXT.r, UI_TEXT.g, UI_TEXT.b, 255);
        SDL_RenderFillRect(ren, &bar);
    }
    SDL_RenderSetClipRect(ren, NULL);
}

void files_name_draw(FilesName *f, SDL_Renderer *ren, Text *text, int out_w, int out_h, int fp,
                     int w, float sx, float sy, int hover, int pressed, SDL_Rect btn[2])
{
    int bh = fp * 5 / 2;
    int title_px = fp * 5 / 4;
    int field_h = fp * 13 / 5;
    int h = fp * 3 / 2 + title_px * 2 + field_h + fp / 2 + fp * 3 / 2 + fp + bh + fp * 3 / 2;
    SDL_Rect card = {(out_w - w) / 2, (out_h - h) / 2, w, h};
    ui_fill_round_rect(ren, &card, fp, (SDL_Color){40, 34, 28, 250});
    ui_panel(ren, &card, fp);
    int y = card.y + fp * 3 / 2 + title_px * 3 / 4;
    text_draw(text, TEXT_BOLD, title_px, i18n_get(I18N_SAVE_TITLE), UI_TEXT, card.x + w / 2, y,
              TEXT_CENTER);
    y = card.y + fp * 3 / 2 + title_px * 2;

    /* The field: an accent rim (it has the keyboard) around a dark well. */
    SDL_Rect field = {card.x + fp * 3 / 2, y, w - fp * 3, field_h};
    f->field = field;
    int rim = SDL_max(2, fp / 9);
    ui_fill_round_rect(ren, &field, fp / 3, UI_ACCENT);
    SDL_Rect well = {field.x + rim, field.y + rim, field.w - 2 * rim, field.h - 2 * rim};
    ui_fill_round_rect(ren, &well, fp / 3 - rim / 2, (SDL_Color){22, 19, 16, 255});
    draw_field_text(f, ren, text, well, rim, fp);
    ime_rect(f, sx, sy);

    y = field.y + field.h + fp / 2 + fp * 3 / 4;
    const char *note = i18n_get(I18N_SAVE_HELP);
    SDL_Color note_c = UI_TEXT_DIM;
    if (f->problem != STORAGE_NAME_OK) {
        note = files_name_problem_text(f->problem);
        note_c = UI_DANGER;
    }
    int note_px = text_fit(text, TEXT_REGULAR, fp * 7 / 8, note, field.w);
    text_draw(text, TEXT_REGULAR, note_px, note, note_c, field.x, y, TEXT_LEFT);

    int bw = (w - 3 * fp - fp) / 2;
    int by = card.y + h - fp * 3 / 2 - bh;
    static const I18nString labels[2] = {I18N_BTN_SAVE, I18N_BTN_CANCEL};
    for (int i = 0; i < 2; i++) {
        btn[i] = (SDL_Rect){card.x + fp * 3 / 2 + i * (bw + fp), by, bw, bh};
        UiState st = {hover == i, pressed == i, false, false};
        ui_button(ren, text, &btn[i], i18n_get(labels[i]), fp,
                  i == 0 ? UI_BUTTON_PRIMARY : UI_BUTTON_NORMAL, st);
    }
}
