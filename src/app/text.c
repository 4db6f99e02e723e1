/*
 * text.c - font and rendered-text caches over SDL_ttf.
 */
#include "text.h"

#include <stdio.h>
#include <string.h>

#include <SDL_ttf.h>

#define TEXT_MAX_FONTS 24
#define TEXT_CACHE_SIZE 160
#define TEXT_KEY_MAX 160
#define TEXT_MIN_PX 6

typedef struct FontSlot {
    TTF_Font *font;
    TextFace face;
    int px;
    Uint32 used;
} FontSlot;

typedef struct CacheEntry {
    SDL_Texture *tex;
    TextFace face;
    int px;
    Uint32 rgba;
    int w, h;
    Uint32 used;
    char key[TEXT_KEY_MAX];
} CacheEntry;

struct Text {
    SDL_Renderer *ren;
    const void *data[2];
    size_t len[2];
    FontSlot fonts[TEXT_MAX_FONTS];
    CacheEntry cache[TEXT_CACHE_SIZE];
    Uint32 clock; /* bumped on every use; the smallest stamp is evicted */
};

static TTF_Font *open_font(const void *data, size_t len, int px)
{
    SDL_RWops *rw = SDL_RWFromConstMem(data, (int)len);
    if (rw == NULL) {
        return NULL;
    }
    return TTF_OpenFontRW(rw, 1, px);
}

Text *text_create(SDL_Renderer *r, const void *regular, size_t regular_len, const void *bold,
                  size_t bold_len, char *err, size_t err_len)
{
    Text *t = SDL_calloc(1, sizeof *t);
    if (t == NULL) {
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    t->ren = r;
    t->data[TEXT_REGULAR] = regular;
    t->len[TEXT_REGULAR] = regular_len;
    t->data[TEXT_BOLD] = bold;
    t->len[TEXT_BOLD] = bold_len;
    /* Open both faces once now so a broken font is reported at start-up, not
     * as missing labels later. */
    for (int f = 0; f < 2; f++) {
        TTF_Font *font = open_font(t->data[f], t->len[f], 16);
        if (font == NULL) {
            snprintf(err, err_len, "cannot open the %s font: %s",
                     f == TEXT_REGULAR ? "regular" : "bold", TTF_GetError());
            SDL_free(t);
            return NULL;
        }
        t->fonts[f] = (FontSlot){font, (TextFace)f, 16, 0};
    }
    return t;
}

void text_destroy(Text *t)
{
    if (t == NULL) {
        return;
    }
    for (int i = 0; i < TEXT_MAX_FONTS; i++) {
        if (t->fonts[i].font != NULL) {
            TTF_CloseFont(t->fonts[i].font);
        }
    }
    for (int i = 0; i < TEXT_CACHE_SIZE; i++) {
        if (t->cache[i].tex != NULL) {
            SDL_DestroyTexture(t->cache[i].tex);
        }
    }
    SDL_free(t);
}

static TTF_Font *get_font(Text *t, TextFace face, int px)
{
    int victim = -1;
    t->clock++;
    for (int i = 0; i < TEXT_MAX_FONTS; i++) {
        FontSlot *s = &t->fonts[i];
        if (s->font != NULL && s->face == face && s->px == px) {
            s->used = t->clock;
            return s->font;
        }
        /* Prefer a free slot, else the least recently used one. */
        if (victim < 0) {
            victim = i;
        } else if (s->font == NULL) {
            if (t->fonts[victim].font != NULL) {
                victim = i;
            }
        } else if (t->fonts[victim].font != NULL && s->used < t->fonts[victim].used) {
            victim = i;
        }
    }
    FontSlot *s = &t->fonts[victim];
    TTF_Font *font = open_font(t->data[face], t->len[face], px);
    if (font == NULL) {
        return NULL;
    }
    /* A cached text texture never points at its font, so closing the least
     * recently used font is safe. */
    if (s->font != NULL) {
        TTF_CloseFont(s->font);
    }
    *s = (FontSlot){font, face, px, t->clock};
    return font;
}

static Uint32 pack(SDL_Color c)
{
    return ((Uint32)c.r << 24) | ((Uint32)c.g << 16) | ((Uint32)c.b << 8) | c.a;
}

static CacheEntry *lookup(Text *t, TextFace face, int px, const char *s, SDL_Color c)
{
    Uint32 rgba = pack(c);
    size_t n = strlen(s);
    bool cacheable = n < TEXT_KEY_MAX;
    int victim = 0;
    t->clock++;
    if (cacheable) {
        for (int i = 0; i < TEXT_CACHE_SIZE; i++) {
            CacheEntry *e = &t->cache[i];
            if (e->tex != NULL && e->face == face && e->px == px && e->rgba == rgba &&
                strcmp(e->key, s) == 0) {
                e->used = t->clock;
                return e;
            }
            if (e->tex == NULL) {
                if (t->cache[victim].tex != NULL) {
                    victim = i;
                }
            } else if (t->cache[victim].tex != NULL && e->used < t->cache[victim].used) {
                victim = i;
            }
        }
    } else {
        victim = TEXT_CACHE_SIZE - 1;
    }

    TTF_Font *font = get_font(t, face, px);
    if (font == NULL) {
        return NULL;
    }
    SDL_Surface *surf = TTF_RenderUTF8_Blended(font, s, (SDL_Color){c.r, c.g, c.b, 255});
    if (surf == NULL) {
        return NULL;
    }
    SDL_Texture *tex = SDL_CreateTextureFromSurface(t->ren, surf);
    int w = surf->w, h = surf->h;
    SDL_FreeSurface(surf);
    if (tex == NULL) {
        return NULL;
    }
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    SDL_SetTextureAlphaMod(tex, c.a);
    CacheEntry *e = &t->cache[victim];
    if (e->tex != NULL) {
        SDL_DestroyTexture(e->tex);
    }
    *e = (CacheEntry){tex, face, px, rgba, w, h, t->clock, {0}};
    if (cacheable) {
        memcpy(e->key, s, n + 1);
    } else {
        /* Too long to key: keep it for this one draw only. */
        e->key[0] = '\0';
        e->rgba = ~rgba;
    }
    return e;
}

int text_draw(Text *t, TextFace face, int px, const char *s, SDL_Color c, int x, int y,
              TextAlign align)
{
    if (t == NULL || s == NULL || s[0] == '\0') {
        return 0;
    }
    if (px < TEXT_MIN_PX) {
        px = TEXT_MIN_PX;
    }
    CacheEntry *e = lookup(t, face, px, s, c);
    if (e == NULL) {
        return 0;
    }
    SDL_Rect dst = {x, y - e->h / 2, e->w, e->h};
    if (align == TEXT_CENTER) {
        dst.x -= e->w / 2;
    } else if (align == TEXT_RIGHT) {
        dst.x -= e->w;
    }
    SDL_RenderCopy(t->ren, e->tex, NULL, &dst);
    return e->w;
}

int text_measure(Text *t, TextFace face, int px, const char *s, int *w, int *h)
{
    if (t == NULL || s == NULL) {
        return -1;
    }
    if (px < TEXT_MIN_PX) {
        px = TEXT_MIN_PX;
    }
    TTF_Font *font = get_font(t, face, px);
    if (font == NULL || TTF_SizeUTF8(font, s, w, h) != 0) {
        return -1;
    }
    return 0;
}

int text_fit(Text *t, TextFace face, int px, const char *s, int max_w)
{
    int min_px = px * 2 / 3;
    if (min_px < TEXT_MIN_PX + 2) {
        min_px = TEXT_MIN_PX + 2;
    }
    while (px > min_px) {
        int w = 0, h = 0;
        if (text_measure(t, face, px, s, &w, &h) != 0 || w <= max_w) {
            break;
        }
        px--;
    }
    return px;
}
