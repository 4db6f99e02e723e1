/*
 * assets.c - loading textures and fonts with errors a person can act on.
 */
#include "platform/assets.h"

#include <stdio.h>
#include <string.h>

#include <SDL_image.h>

/* A file every complete asset folder has; used to recognise one. */
#define ASSETS_MARKER "board.png"

static bool file_exists(const char *path)
{
    SDL_RWops *rw = SDL_RWFromFile(path, "rb");
    if (rw == NULL) {
        return false;
    }
    SDL_RWclose(rw);
    return true;
}

static void join(char *out, size_t out_len, const char *dir, const char *name)
{
    snprintf(out, out_len, "%s%s", dir, name);
}

/* Copies dir to out with exactly one trailing separator. */
static void with_slash(char *out, size_t out_len, const char *dir)
{
    size_t n = strlen(dir);
    bool has = n > 0 && (dir[n - 1] == '/' || dir[n - 1] == '\\');
    snprintf(out, out_len, "%s%s", dir, has ? "" : "/");
}

int assets_find_dir(const char *override, char *out, size_t out_len, char *err, size_t err_len)
{
    char probe[ASSETS_PATH_MAX + 64];
    if (override != NULL && override[0] != '\0') {
        with_slash(out, out_len, override);
        join(probe, sizeof probe, out, ASSETS_MARKER);
        if (!file_exists(probe)) {
            snprintf(err, err_len, "The asset folder '%s' has no %s (%s).", out, ASSETS_MARKER,
                     SDL_GetError());
            return -1;
        }
        return 0;
    }

    char *base = SDL_GetBasePath();
    if (base == NULL) {
        snprintf(err, err_len, "Cannot find the program's folder: %s", SDL_GetError());
        return -1;
    }
    char first[ASSETS_PATH_MAX], second[ASSETS_PATH_MAX];
    snprintf(first, sizeof first, "%sassets/", base);
    snprintf(second, sizeof second, "%s../share/gomoku/assets/", base);
    SDL_free(base);

    const char *tries[2] = {first, second};
    for (int i = 0; i < 2; i++) {
        join(probe, sizeof probe, tries[i], ASSETS_MARKER);
        if (file_exists(probe)) {
            snprintf(out, out_len, "%s", tries[i]);
            return 0;
        }
    }
    snprintf(err, err_len,
             "Cannot find the game's assets.\nLooked in:\n  %s\n  %s\n"
             "Reinstall the game or pass --assets DIR.",
             first, second);
    return -1;
}

static SDL_Texture *load_texture(SDL_Renderer *r, const char *dir, const char *name, char *err,
                                 size_t err_len)
{
    char path[ASSETS_PATH_MAX + 64];
    join(path, sizeof path, dir, name);
    SDL_Surface *s = IMG_Load(path);
    if (s == NULL) {
        snprintf(err, err_len, "Cannot load image %s: %s", path, IMG_GetError());
        return NULL;
    }
    SDL_Texture *t = SDL_CreateTextureFromSurface(r, s);
    bool opaque = s->format->Amask == 0 && !SDL_HasColorKey(s);
    SDL_FreeSurface(s);
    if (t == NULL) {
        snprintf(err, err_len, "Cannot create a texture from %s: %s", path, SDL_GetError());
        return NULL;
    }
    /* Stones and wood are drawn scaled; linear filtering keeps their rims smooth. */
    SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    /* An image without alpha (the wood, the cloth) covers what is under it:
     * blending it would only read every pixel it covers for nothing. */
    SDL_SetTextureBlendMode(t, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    return t;
}

static void *load_file(const char *dir, const char *name, size_t *len, char *err, size_t err_len)
{
    char path[ASSETS_PATH_MAX + 64];
    join(path, sizeof path, dir, name);
    void *data = SDL_LoadFile(path, len);
    if (data == NULL) {
        snprintf(err, err_len, "Cannot read font %s: %s", path, SDL_GetError());
        return NULL;
    }
    return data;
}

int assets_load(Assets *a, SDL_Renderer *r, const char *dir, char *err, size_t err_len)
{
    memset(a, 0, sizeof *a);
    snprintf(a->dir, sizeof a->dir, "%s", dir);

    struct {
        SDL_Texture **slot;
        const char *name;
    } textures[] = {
        {&a->background, "background.png"},     {&a->board, "board.png"},
        {&a->stone_black, "stone_black.png"},   {&a->stone_white, "stone_white.png"},
        {&a->stone_shadow, "stone_shadow.png"},
    };
    for (size_t i = 0; i < sizeof textures / sizeof textures[0]; i++) {
        *textures[i].slot = load_texture(r, a->dir, textures[i].name, err, err_len);
        if (*textures[i].slot == NULL) {
            assets_free(a);
            return -1;
        }
    }

    char path[ASSETS_PATH_MAX + 64];
    join(path, sizeof path, a->dir, "icon.png");
    a->icon = IMG_Load(path);
    if (a->icon == NULL) {
        snprintf(err, err_len, "Cannot load image %s: %s", path, IMG_GetError());
        assets_free(a);
        return -1;
    }

    a->font_regular = load_file(a->dir, "fonts/DejaVuSans.ttf", &a->font_regular_len, err, err_len);
    if (a->font_regular != NULL) {
        a->font_bold =
            load_file(a->dir, "fonts/DejaVuSans-Bold.ttf", &a->font_bold_len, err, err_len);
    }
    if (a->font_regular == NULL || a->font_bold == NULL) {
        assets_free(a);
        return -1;
    }
    /* Optional: without them the game still runs, in English glyphs only. */
    char ignored[ASSETS_PATH_MAX + 256];
    a->font_cjk_regular = load_file(a->dir, "fonts/NotoSansSC-Regular-subset.otf",
                                    &a->font_cjk_regular_len, ignored, sizeof ignored);
    a->font_cjk_bold = load_file(a->dir, "fonts/NotoSansSC-Bold-subset.otf", &a->font_cjk_bold_len,
                                 ignored, sizeof ignored);
    if (a->font_cjk_regular == NULL || a->font_cjk_bold == NULL) {
        SDL_free(a->font_cjk_regular);
        SDL_free(a->font_cjk_bold);
        a->font_cjk_regular = NULL;
        a->font_cjk_bold = NULL;
    }
    return 0;
}

void assets_free(Assets *a)
{
    SDL_Texture *textures[] = {a->background, a->board, a->stone_black, a->stone_white,
                               a->stone_shadow};
    for (size_t i = 0; i < sizeof textures / sizeof textures[0]; i++) {
        if (textures[i] != NULL) {
            SDL_DestroyTexture(textures[i]);
        }
    }
    if (a->icon != NULL) {
        SDL_FreeSurface(a->icon);
    }
    SDL_free(a->font_regular);
    SDL_free(a->font_bold);
    SDL_free(a->font_cjk_regular);
    SDL_free(a->font_cjk_bold);
    memset(a, 0, sizeof *a);
}
