/*
 * assets.h - the game's textures and fonts: find the asset folder, load
 * everything up front, and say exactly which file failed and why.
 */
#ifndef GOMOKU_ASSETS_H
#define GOMOKU_ASSETS_H

#include <stdbool.h>
#include <stddef.h>

#include <SDL.h>

#define ASSETS_PATH_MAX 1024

typedef struct Assets {
    char dir[ASSETS_PATH_MAX]; /* with a trailing separator */
    SDL_Texture *background;
    SDL_Texture *board;
    SDL_Texture *stone_black;
    SDL_Texture *stone_white;
    SDL_Texture *stone_shadow;
    SDL_Surface *icon;
    void *font_regular; /* whole font files, owned; text.c reads them */
    size_t font_regular_len;
    void *font_bold;
    size_t font_bold_len;
    /* The CJK-capable fonts (Noto Sans SC subset), covering every UI string
     * of both languages; NULL when missing (the Latin fonts are used). */
    void *font_cjk_regular;
    size_t font_cjk_regular_len;
    void *font_cjk_bold;
    size_t font_cjk_bold_len;
} Assets;

/* Picks the asset folder: override if not NULL/empty, else
 * SDL_GetBasePath() + "assets/", else <base>/../share/gomoku/assets/.
 * Writes it (with a trailing separator) to out.  Returns 0, or -1 with a
 * message naming the places tried in err. */
int assets_find_dir(const char *override, char *out, size_t out_len, char *err, size_t err_len);

/* Loads every asset from dir into *a (zeroed first), textures for r.
 * Returns 0, or -1 with a message naming the file and the reason in err;
 * on failure nothing stays allocated. */
int assets_load(Assets *a, SDL_Renderer *r, const char *dir, char *err, size_t err_len);

/* Releases everything in *a and zeroes it; safe on a zeroed Assets. */
void assets_free(Assets *a);

#endif
