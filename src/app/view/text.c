/*
 * text.c - font and rendered-text caches over SDL_ttf.
 *
 * Fallback: the shipped CJK font is a subset cut to the UI's own strings,
 * so text the player supplies (a save name typed in Chinese, a file name)
 * may hold characters it lacks, which SDL_ttf would draw as nothing.  A
 * string with such characters is drawn whole in the first font that has
 * them all: the bundled Latin font (text_set_fallback: accented letters,
 * Greek, Cyrillic), else a CJK font of the system, looked for once, the
 * first time it is needed, in the places the usual systems keep one.
 */
#include "view/text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL_ttf.h>

#define TEXT_MAX_FONTS  24
#define TEXT_CACHE_SIZE 160
#define TEXT_KEY_MAX    160
#define TEXT_MIN_PX     6

/* Font sources: the primary pair, the bundled fallback pair, the system
 * font.  A slot's face is source * 2 + TextFace. */
enum { SRC_PRIMARY = 0, SRC_BUNDLED, SRC_SYSTEM, SRC_COUNT };
#define TEXT_FACES (SRC_COUNT * 2)

typedef struct FontSlot {
    TTF_Font *font;
    int face; /* source * 2 + TextFace */
    int px;
    Uint32 used;
    /* From the top of a rendered line to the middle of the letters' ink
     * (capitals for Latin, the em box's ink for Chinese), so text is
     * centred by what the eye sees, not by the line box, whose descent
     * would push it low. */
    int mid_latin, mid_cjk;
} FontSlot;

typedef struct CacheEntry {
    SDL_Texture *tex;
    TextFace face;
    int px;
    Uint32 rgba;
    int w, h;
    int mid; /* FontSlot's mid for this string */
    Uint32 used;
    char key[TEXT_KEY_MAX];
} CacheEntry;

struct Text {
    SDL_Renderer *ren;
    const void *data[SRC_SYSTEM * 2]; /* the in-memory faces; NULL: none */
    size_t len[SRC_SYSTEM * 2];
    bool system_tried;      /* looked for a system font already */
    char system_path[1024]; /* "" when none was found */
    char system_bold[1024]; /* its bold sibling; "": embolden the regular */
    long system_index;      /* face in a collection (.ttc) */
    FontSlot fonts[TEXT_MAX_FONTS];
    CacheEntry cache[TEXT_CACHE_SIZE];
    Uint32 clock; /* bumped on every use; the smallest stamp is evicted */
    SDL_Rect box[TEXT_BOX_DEPTH];
    int nbox;
    bool auditing;
    int audit_min_px;
    TextAudit audit;
};

static TTF_Font *open_font(const void *data, size_t len, int px)
{
    SDL_RWops *rw = SDL_RWFromConstMem(data, (int)len);
    if (rw == NULL) {
        return NULL;
    }
    return TTF_OpenFontRW(rw, 1, px);
}

/* The middle of glyph c's ink, from the top of a rendered line: the glyph
 * is rendered and its rows scanned, so hinting and rounding agree with
 * what text_draw will put on screen.  fallback when the font lacks it. */
static int ink_mid(TTF_Font *font, Uint32 c, int fallback)
{
    if (!TTF_GlyphIsProvided32(font, c)) {
        return fallback;
    }
    SDL_Surface *g = TTF_RenderGlyph32_Blended(font, c, (SDL_Color){255, 255, 255, 255});
    SDL_Surface *a = g != NULL ? SDL_ConvertSurfaceFormat(g, SDL_PIXELFORMAT_ARGB8888, 0) : NULL;
    int top = -1, bottom = -1;
    for (int y = 0; a != NULL && y < a->h; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)a->pixels + y * a->pitch);
        for (int x = 0; x < a->w; x++) {
            if ((row[x] >> 24) >= 128) {
                top = top < 0 ? y : top;
                bottom = y;
                break;
            }
        }
    }
    SDL_FreeSurface(a);
    SDL_FreeSurface(g);
    return top >= 0 ? (top + bottom + 1) / 2 : fallback;
}

static FontSlot slot_make(TTF_Font *font, int face, int px, Uint32 used)
{
    int latin = ink_mid(font, 'H', TTF_FontHeight(font) / 2);
    return (FontSlot){font, face, px, used, latin, ink_mid(font, 0x4E2D, latin)};
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
        t->fonts[f] = slot_make(font, f, 16, 0);
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

/* Opens face (source * 2 + TextFace) at px pixels, or NULL. */
static TTF_Font *open_face(Text *t, int face, int px)
{
    if (face < SRC_SYSTEM * 2) {
        return t->data[face] != NULL ? open_font(t->data[face], t->len[face], px) : NULL;
    }
    if (t->system_path[0] == '\0') {
        return NULL;
    }
    if (face % 2 == TEXT_BOLD && t->system_bold[0] != '\0') {
        TTF_Font *bold = TTF_OpenFontIndex(t->system_bold, px, t->system_index);
        if (bold != NULL) {
            return bold;
        }
    }
    TTF_Font *font = TTF_OpenFontIndex(t->system_path, px, t->system_index);
    if (font != NULL && face % 2 == TEXT_BOLD) {
        TTF_SetFontStyle(font, TTF_STYLE_BOLD); /* one weight on disk: embolden it */
    }
    return font;
}

static FontSlot *get_slot(Text *t, int face, int px);

static TTF_Font *get_font(Text *t, int face, int px)
{
    FontSlot *s = get_slot(t, face, px);
    return s != NULL ? s->font : NULL;
}

static FontSlot *get_slot(Text *t, int face, int px)
{
    int victim = -1;
    t->clock++;
    for (int i = 0; i < TEXT_MAX_FONTS; i++) {
        FontSlot *s = &t->fonts[i];
        if (s->font != NULL && s->face == face && s->px == px) {
            s->used = t->clock;
            return s;
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
    TTF_Font *font = open_face(t, face, px);
    if (font == NULL) {
        return NULL;
    }
    /* A cached text texture never points at its font, so closing the least
     * recently used font is safe. */
    if (s->font != NULL) {
        TTF_CloseFont(s->font);
    }
    *s = slot_make(font, face, px, t->clock);
    return s;
}

/* Decodes the UTF-8 character at *p and advances past it; 0xFFFD for a
 * malformed byte (drawn as the font's replacement, never a reason to fall
 * back). */
static Uint32 next_char(const char **p)
{
    const unsigned char *s = (const unsigned char *)*p;
    Uint32 c = s[0];
    int n = c < 0x80 ? 0 : c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : -1;
    if (n < 0) {
        *p += 1;
        return 0xFFFD;
    }
    c &= n == 0 ? 0x7Fu : (0x3Fu >> n);
    for (int i = 1; i <= n; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *p += i;
            return 0xFFFD;
        }
        c = (c << 6) | (s[i] & 0x3Fu);
    }
    *p += n + 1;
    return c;
}

/* True when the font has a glyph for every character of s (spaces and
 * other characters no font draws count as present). */
static bool font_covers(TTF_Font *font, const char *s)
{
    for (const char *p = s; *p != '\0';) {
        Uint32 c = next_char(&p);
        if (c >= 0x80 && c != 0xFFFD && c != 0x200B && c != 0xFEFF &&
            !TTF_GlyphIsProvided32(font, c)) {
            return false;
        }
    }
    return true;
}

/* Writes c to out with a leading "%WINDIR%" replaced by that variable.
 * Returns false when it is needed but not set, or the path does not fit. */
static bool expand_path(const char *c, char *out, size_t len)
{
    int n;
    if (strncmp(c, "%WINDIR%", 8) == 0) {
        const char *windir = getenv("WINDIR");
        if (windir == NULL || windir[0] == '\0') {
            return false;
        }
        n = snprintf(out, len, "%s%s", windir, c + 8);
    } else {
        n = snprintf(out, len, "%s", c);
    }
    return n > 0 && (size_t)n < len;
}

/* Looks once for a CJK font of the system: Noto Sans CJK / WenQuanYi /
 * Droid on Linux, Microsoft YaHei / SimSun on Windows, PingFang / Heiti on
 * macOS.  Only glyph coverage matters, so any of them will do. */
static void find_system_font(Text *t)
{
    t->system_tried = true;
    /* Face 2 of Noto's collections is Simplified Chinese, like our subset. */
    static const struct {
        const char *path;
        const char *bold; /* NULL: none */
        long index;
    } candidates[] = {
        {"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
         "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", 2},
        {"/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
         "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc", 2},
        {"/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
         "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Bold.ttc", 2},
        {"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", NULL, 0},
        {"/usr/share/fonts/wenquanyi/wqy-microhei/wqy-microhei.ttc", NULL, 0},
        {"/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", NULL, 0},
        {"/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", NULL, 0},
        {"/usr/share/fonts/google-droid-sans-fonts/DroidSansFallbackFull.ttf", NULL, 0},
        {"%WINDIR%/Fonts/msyh.ttc", "%WINDIR%/Fonts/msyhbd.ttc", 0},
        {"%WINDIR%/Fonts/msyh.ttf", "%WINDIR%/Fonts/msyhbd.ttf", 0},
        {"%WINDIR%/Fonts/simsun.ttc", NULL, 0},
        {"/System/Library/Fonts/PingFang.ttc", NULL, 0},
        {"/System/Library/Fonts/STHeiti Light.ttc", "/System/Library/Fonts/STHeiti Medium.ttc", 0},
        {"/Library/Fonts/Arial Unicode.ttf", NULL, 0},
    };
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
        char path[sizeof t->system_path];
        if (!expand_path(candidates[i].path, path, sizeof path)) {
            continue;
        }
        TTF_Font *font = TTF_OpenFontIndex(path, 16, candidates[i].index);
        if (font != NULL) {
            bool cjk = TTF_GlyphIsProvided32(font, 0x4E2D); /* 中 */
            TTF_CloseFont(font);
            if (cjk) {
                snprintf(t->system_path, sizeof t->system_path, "%s", path);
                t->system_index = candidates[i].index;
                t->system_bold[0] = '\0';
                if (candidates[i].bold != NULL &&
                    expand_path(candidates[i].bold, path, sizeof path)) {
                    snprintf(t->system_bold, sizeof t->system_bold, "%s", path);
                }
                return;
            }
        }
    }
}

/* The face to draw s in: face itself when its font has every character,
 * else the first fallback that has them all, else face (a fallback that
 * has only some would mix styles for no gain). */
static int pick_face(Text *t, TextFace face, int px, const char *s)
{
    const char *p = s;
    while (*p != '\0' && (unsigned char)*p < 0x80) {
        p++;
    }
    if (*p == '\0') {
        return face; /* ASCII: every font has it */
    }
    TTF_Font *primary = get_font(t, face, px);
    if (primary == NULL || font_covers(primary, s)) {
        return face;
    }
    for (int src = SRC_BUNDLED; src < SRC_COUNT; src++) {
        if (src == SRC_SYSTEM && !t->system_tried) {
            find_system_font(t);
        }
        TTF_Font *f = get_font(t, src * 2 + face, px);
        if (f != NULL && font_covers(f, s)) {
            return src * 2 + face;
        }
    }
    return face;
}

/* True when s has a CJK ideograph or punctuation: such a line is centred
 * on the ideographs' ink, which fills more of the em box than capitals. */
static bool has_cjk(const char *s)
{
    for (const char *p = s; *p != '\0';) {
        Uint32 c = next_char(&p);
        if ((c >= 0x3000 && c <= 0x9FFF) || (c >= 0xFF00 && c <= 0xFFEF)) {
            return true;
        }
    }
    return false;
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

    FontSlot *slot = get_slot(t, pick_face(t, face, px, s), px);
    if (slot == NULL) {
        return NULL;
    }
    TTF_Font *font = slot->font;
    int mid = has_cjk(s) ? slot->mid_cjk : slot->mid_latin;
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
    *e = (CacheEntry){tex, face, px, rgba, w, h, mid, t->clock, {0}};
    if (cacheable) {
        memcpy(e->key, s, n + 1);
    } else {
        /* Too long to key: keep it for this one draw only. */
        e->key[0] = '\0';
        e->rgba = ~rgba;
    }
    return e;
}

/* Checks one drawn string: its ink (the line's width; the height of
 * capitals or ideographs, about 0.8 em, around the centre line y) must lie
 * in the innermost box, or on screen, and its size must be legible. */
static void audit_draw(Text *t, const char *s, int px, const SDL_Rect *dst, int y)
{
    SDL_Rect box;
    if (t->nbox > 0) {
        box = t->box[t->nbox - 1];
    } else {
        box = (SDL_Rect){0, 0, 0, 0};
        SDL_GetRendererOutputSize(t->ren, &box.w, &box.h);
    }
    int half = px * 2 / 5;
    SDL_Rect ink = {dst->x, y - half, dst->w, 2 * half};
    const int slack = 1; /* antialiasing may touch the edge */
    bool inside = ink.x >= box.x - slack && ink.y >= box.y - slack &&
                  ink.x + ink.w <= box.x + box.w + slack && ink.y + ink.h <= box.y + box.h + slack;
    bool tiny = px < t->audit_min_px;
    if (t->audit.draws < TEXT_AUDIT_DRAWN) {
        snprintf(t->audit.drawn[t->audit.draws], sizeof t->audit.drawn[0], "%s", s);
    }
    t->audit.draws++;
    t->audit.min_px = t->audit.min_px == 0 ? px : SDL_min(t->audit.min_px, px);
    if (inside && !tiny) {
        return;
    }
    if (t->audit.misses < TEXT_AUDIT_RECORD) {
        TextAuditMiss *m = &t->audit.miss[t->audit.misses];
        snprintf(m->text, sizeof m->text, "%s", s);
        m->px = px;
        m->ink = ink;
        m->box = box;
        m->tiny = tiny;
    }
    t->audit.misses++;
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
    SDL_Rect dst = {x, y - e->mid, e->w, e->h};
    if (align == TEXT_CENTER) {
        dst.x -= e->w / 2;
    } else if (align == TEXT_RIGHT) {
        dst.x -= e->w;
    }
    SDL_RenderCopy(t->ren, e->tex, NULL, &dst);
    if (t->auditing) {
        audit_draw(t, s, px, &dst, y);
    }
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
    TTF_Font *font = get_font(t, pick_face(t, face, px, s), px);
    if (font == NULL || TTF_SizeUTF8(font, s, w, h) != 0) {
        return -1;
    }
    return 0;
}

int text_fit_down_to(Text *t, TextFace face, int px, int min_px, const char *s, int max_w)
{
    while (px > min_px) {
        int w = 0, h = 0;
        if (text_measure(t, face, px, s, &w, &h) != 0 || w <= max_w) {
            break;
        }
        px--;
    }
    return px;
}

int text_fit(Text *t, TextFace face, int px, const char *s, int max_w)
{
    return text_fit_down_to(t, face, px, SDL_max(px * 2 / 3, TEXT_MIN_PX + 2), s, max_w);
}

char *text_ellipsize(Text *t, TextFace face, int px, const char *s, int max_w, char *out,
                     size_t len)
{
    if (len == 0) {
        return out;
    }
    snprintf(out, len, "%s", s);
    int w = 0, h = 0;
    if (text_measure(t, face, px, out, &w, &h) != 0 || w <= max_w) {
        return out;
    }
    /* Drop whole characters from the end until the rest and "…" fit. */
    size_t n = strlen(out);
    while (n > 0) {
        do {
            n--;
        } while (n > 0 && ((unsigned char)out[n] & 0xC0) == 0x80);
        if (n + 4 > len) {
            continue;
        }
        memcpy(out + n, "\xe2\x80\xa6", 4);
        if (text_measure(t, face, px, out, &w, &h) != 0 || w <= max_w) {
            return out;
        }
    }
    snprintf(out, len, "\xe2\x80\xa6");
    return out;
}

void text_set_fallback(Text *t, const void *regular, size_t regular_len, const void *bold,
                       size_t bold_len)
{
    if (t == NULL) {
        return;
    }
    t->data[SRC_BUNDLED * 2 + TEXT_REGULAR] = regular;
    t->len[SRC_BUNDLED * 2 + TEXT_REGULAR] = regular_len;
    t->data[SRC_BUNDLED * 2 + TEXT_BOLD] = bold;
    t->len[SRC_BUNDLED * 2 + TEXT_BOLD] = bold_len;
}

bool text_can_draw(Text *t, const char *s)
{
    if (t == NULL || s == NULL) {
        return false;
    }
    int face = pick_face(t, TEXT_REGULAR, 16, s);
    TTF_Font *font = get_font(t, face, 16);
    return font != NULL && font_covers(font, s);
}

/* Where the line starting at start ends: the last character that fits,
 * moved back to a space when there is one. */
static size_t line_end(Text *t, TextFace face, int px, const char *s, size_t len, size_t start,
                       int max_w)
{
    size_t best = start, last_space = 0, i = start;
    while (i < len) {
        size_t next = i + 1;
        while (next < len && ((unsigned char)s[next] & 0xC0) == 0x80) {
            next++;
        }
        char tmp[TEXT_LINE_MAX];
        size_t n = SDL_min(next - start, sizeof tmp - 1);
        memcpy(tmp, s + start, n);
        tmp[n] = '\0';
        int w = 0, h = 0;
        text_measure(t, face, px, tmp, &w, &h);
        if (w > max_w && best > start) {
            break;
        }
        best = next;
        if (s[i] == ' ') {
            last_space = next;
        }
        i = next;
        if (n == sizeof tmp - 1) {
            break;
        }
    }
    return best < len && last_space > start ? last_space : best;
}

int text_wrap(Text *t, TextFace face, int px, const char *s, int max_w, char lines[][TEXT_LINE_MAX],
              int max_lines)
{
    int count = 0;
    size_t len = strlen(s), start = 0;
    while (start < len && count < max_lines) {
        size_t best = line_end(t, face, px, s, len, start, max_w);
        size_t n = SDL_min(best - start, (size_t)TEXT_LINE_MAX - 1);
        memcpy(lines[count], s + start, n);
        lines[count][n] = '\0';
        count++;
        start = best;
        while (start < len && s[start] == ' ') {
            start++;
        }
    }
    return count;
}

int text_line_count(Text *t, TextFace face, int px, const char *s, int max_w)
{
    int count = 0;
    size_t len = strlen(s), start = 0;
    while (start < len) {
        start = line_end(t, face, px, s, len, start, max_w);
        count++;
        while (start < len && s[start] == ' ') {
            start++;
        }
    }
    return count;
}

void text_push_box(Text *t, SDL_Rect box)
{
    if (t != NULL && t->nbox < TEXT_BOX_DEPTH) {
        t->box[t->nbox++] = box;
    }
}

void text_pop_box(Text *t)
{
    if (t != NULL && t->nbox > 0) {
        t->nbox--;
    }
}

void text_audit(Text *t, bool on, int min_px)
{
    if (t == NULL) {
        return;
    }
    t->auditing = on;
    t->audit_min_px = min_px;
    if (on) {
        memset(&t->audit, 0, sizeof t->audit);
    }
}

const TextAudit *text_audit_result(const Text *t)
{
    return &t->audit;
}

bool text_audit_drew(const Text *t, const char *s)
{
    size_t n = sizeof t->audit.drawn[0] - 1;
    for (int i = 0; i < t->audit.draws && i < TEXT_AUDIT_DRAWN; i++) {
        if (strncmp(t->audit.drawn[i], s, n) == 0) {
            return true;
        }
    }
    return false;
}
