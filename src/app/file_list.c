/*
 * file_list.c - the saved-games list widget.
 */
#include "file_list.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "ui.h"

void file_list_init(FileList *fs)
{
    SDL_zerop(fs);
    fs->sel = -1;
    fs->hover = -1;
    fs->pressed = -1;
}

void file_list_free(FileList *fs)
{
    storage_list_free(&fs->files);
}

static void scroll_to_sel(FileList *fs)
{
    if (fs->sel < fs->top) {
        fs->top = fs->sel;
    } else if (fs->sel >= fs->top + fs->rows_visible) {
        fs->top = fs->sel - fs->rows_visible + 1;
    }
    fs->top = SDL_max(0, fs->top);
}

const StorageEntry *file_list_selected(const FileList *fs)
{
    if (fs->sel < 0 || fs->sel >= fs->files.count) {
        return NULL;
    }
    return &fs->files.items[fs->sel];
}

bool file_list_can_export(const FileList *fs)
{
    const StorageEntry *e = file_list_selected(fs);
    return e != NULL && e->kind == STORAGE_KIND_GOMOKU;
}

StorageStatus file_list_reload(FileList *fs, const Storage *st, bool keep, char *err, size_t errlen)
{
    char path[STORAGE_PATH_MAX] = "";
    const StorageEntry *e = file_list_selected(fs);
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

void file_list_layout(FileList *fs, int out_w, int out_h, float sx)
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
    int bw = (w - 2 * inner - (FILE_LIST_BUTTONS - 1) * gap) / FILE_LIST_BUTTONS;
    int by = fs->card.y + h - inner - bh;
    for (int i = 0; i < FILE_LIST_BUTTONS; i++) {
        fs->btn[i] = (SDL_Rect){fs->card.x + inner + i * (bw + gap), by, bw, bh};
    }
#undef U
}

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
        return r < fs->files.count ? r : -1;
    }
    return -1;
}

static FileListAction button_action(int b)
{
    static const FileListAction actions[FILE_LIST_BUTTONS] = {FILE_LIST_OPEN, FILE_LIST_DELETE,
                                                              FILE_LIST_EXPORT, FILE_LIST_BACK};
    return b >= 0 && b < FILE_LIST_BUTTONS ? actions[b] : FILE_LIST_NONE;
}

FileListAction file_list_command(FileList *fs, const AppCommand *cmd)
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
    case CMD_ACCEPT: return FILE_LIST_OPEN;
    case CMD_DELETE: return FILE_LIST_DELETE;
    case CMD_BACK: return FILE_LIST_BACK;
    default: break;
    }
    return FILE_LIST_NONE;
}

bool file_list_hovering(const FileList *fs)
{
    return fs->hover >= 0;
}

void file_list_draw(FileList *fs, SDL_Renderer *ren, Text *text, SDL_Texture *background, int out_w,
                    int out_h, float sx, const char *notice)
{
    ui_cover(ren, background, out_w, out_h);
    file_list_layout(fs, out_w, out_h, sx);
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
    static const I18nString labels[FILE_LIST_BUTTONS] = {I18N_BTN_OPEN, I18N_BTN_DELETE,
                                                         I18N_BTN_EXPORT_PSQ, I18N_BTN_BACK};
    bool have_sel = file_list_selected(fs) != NULL;
    for (int i = 0; i < FILE_LIST_BUTTONS; i++) {
        UiState st = {fs->hover == 1000 + i, fs->pressed == 1000 + i, false,
                      (i < 3 && !have_sel) || (i == 2 && !file_list_can_export(fs))};
        ui_button(ren, text, &fs->btn[i], i18n_get(labels[i]), fp,
                  i == 0 ? UI_BUTTON_PRIMARY : UI_BUTTON_NORMAL, st);
    }
    if (notice != NULL && notice[0] != '\0') {
        int npx = text_fit(text, TEXT_REGULAR, fp * 7 / 8, notice, card.w - fp);
        text_draw(text, TEXT_REGULAR, npx, notice, UI_ACCENT, card.x + card.w / 2,
                  card.y + card.h + fp, TEXT_CENTER);
    }
}
