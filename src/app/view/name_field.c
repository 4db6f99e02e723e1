/*
 * name_field.c - the text field of the save dialog.
 */
#include "view/name_field.h"

#include <math.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/i18n.h"
#include "view/ui.h"

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

void name_field_set(NameField *f, const char *text, bool select_all)
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

const char *name_field_problem_text(StorageNameProblem p)
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
static void take_selection(NameField *f)
{
    if (f->all) {
        f->text[0] = '\0';
        f->caret = 0;
        f->all = false;
    }
}

/* Inserts typed UTF-8 text at the caret, whole characters only, as much as
 * fits (the rest is refused with "too long"). */
static void insert(NameField *f, const char *t)
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
static void erase(NameField *f, bool back)
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

static void move_caret(NameField *f, AppCommandKind kind)
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
static void click(NameField *f, Text *text, int x)
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

bool name_field_command(NameField *f, Text *text, const AppCommand *cmd)
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
static void ime_rect(NameField *f, float sx, float sy)
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
static void draw_field_text(NameField *f, SDL_Renderer *ren, Text *text, SDL_Rect well, int rim,
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

void name_field_draw(NameField *f, SDL_Renderer *ren, Text *text, int out_w, int out_h, int fp,
                     int w, float sx, float sy, int hover, int pressed, SDL_Rect btn[2])
{
    int bh = fp * 5 / 2;
    int title_px = fp * 5 / 4;
    int field_h = fp * 13 / 5;
    int h = fp * 3 / 2 + title_px * 2 + field_h + fp / 2 + fp * 3 / 2 + fp + bh + fp * 3 / 2;
    SDL_Rect card = {(out_w - w) / 2, (out_h - h) / 2, w, h};
    ui_fill_round_rect(ren, &card, fp, (SDL_Color){40, 34, 28, 250});
    ui_panel(ren, &card, fp);
    text_push_box(text, card);
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
        note = name_field_problem_text(f->problem);
        note_c = UI_DANGER;
    }
    int note_px = text_fit_down_to(text, TEXT_REGULAR, fp * 7 / 8,
                                   SDL_min(fp * 7 / 8, (int)lroundf(12.0f * sx)), note, field.w);
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
    text_pop_box(text);
}
