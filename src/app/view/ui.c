/*
 * ui.c - shapes via SDL_RenderGeometry and the button/spinner widgets.
 */
#include "view/ui.h"

#include <math.h>

#define UI_PI       3.14159265358979f
#define UI_MAX_SEGS 128

const SDL_Color UI_TEXT = {242, 236, 224, 255};
const SDL_Color UI_TEXT_DIM = {190, 180, 165, 255};
const SDL_Color UI_ACCENT = {214, 150, 62, 255};
const SDL_Color UI_DANGER = {232, 84, 72, 255};

SDL_Rect ui_rect(LayoutRect r)
{
    return (SDL_Rect){r.x, r.y, r.w, r.h};
}

bool ui_contains(const SDL_Rect *r, int x, int y)
{
    return x >= r->x && y >= r->y && x < r->x + r->w && y < r->y + r->h;
}

static SDL_Vertex vtx(float x, float y, SDL_Color c)
{
    SDL_Vertex v;
    v.position.x = x;
    v.position.y = y;
    v.color = c;
    v.tex_coord.x = 0.0f;
    v.tex_coord.y = 0.0f;
    return v;
}

static int segments_for(float radius)
{
    int n = (int)(radius * 1.2f) + 12;
    return n > UI_MAX_SEGS ? UI_MAX_SEGS : n;
}

/* Fills the convex polygon pts (centre cx, cy) and fades its edge outward
 * over one pixel for a cheap antialiased rim. */
static void fill_convex(SDL_Renderer *ren, float cx, float cy, const SDL_FPoint *pts, int n,
                        SDL_Color c)
{
    SDL_Vertex v[1 + UI_MAX_SEGS * 4 * 2];
    int idx[UI_MAX_SEGS * 4 * 9];
    SDL_Color clear = c;
    clear.a = 0;
    int nv = 0, ni = 0;
    v[nv++] = vtx(cx, cy, c);
    for (int i = 0; i < n; i++) {
        float dx = pts[i].x - cx, dy = pts[i].y - cy;
        float len = sqrtf(dx * dx + dy * dy);
        float ox = len > 0.0f ? dx / len : 0.0f, oy = len > 0.0f ? dy / len : 0.0f;
        v[nv++] = vtx(pts[i].x, pts[i].y, c);
        v[nv++] = vtx(pts[i].x + ox, pts[i].y + oy, clear);
    }
    for (int i = 0; i < n; i++) {
        int a = 1 + 2 * i, b = 1 + 2 * ((i + 1) % n);
        idx[ni++] = 0;
        idx[ni++] = a;
        idx[ni++] = b;
        idx[ni++] = a;
        idx[ni++] = a + 1;
        idx[ni++] = b;
        idx[ni++] = b;
        idx[ni++] = a + 1;
        idx[ni++] = b + 1;
    }
    SDL_RenderGeometry(ren, NULL, v, nv, idx, ni);
}

void ui_fill_circle(SDL_Renderer *ren, float cx, float cy, float radius, SDL_Color c)
{
    SDL_FPoint pts[UI_MAX_SEGS];
    int n = segments_for(radius);
    /* Pull the solid edge in by half a pixel so the fade straddles the true rim. */
    float r = radius > 0.5f ? radius - 0.5f : radius;
    for (int i = 0; i < n; i++) {
        float a = 2.0f * UI_PI * (float)i / (float)n;
        pts[i].x = cx + r * cosf(a);
        pts[i].y = cy + r * sinf(a);
    }
    fill_convex(ren, cx, cy, pts, n, c);
}

void ui_ring(SDL_Renderer *ren, float cx, float cy, float radius, float thickness, SDL_Color c)
{
    SDL_Vertex v[UI_MAX_SEGS * 2];
    int idx[UI_MAX_SEGS * 6];
    int n = segments_for(radius);
    float r0 = radius - thickness / 2.0f, r1 = radius + thickness / 2.0f;
    for (int i = 0; i < n; i++) {
        float a = 2.0f * UI_PI * (float)i / (float)n;
        v[2 * i] = vtx(cx + r0 * cosf(a), cy + r0 * sinf(a), c);
        v[2 * i + 1] = vtx(cx + r1 * cosf(a), cy + r1 * sinf(a), c);
    }
    int ni = 0;
    for (int i = 0; i < n; i++) {
        int a = 2 * i, b = 2 * ((i + 1) % n);
        idx[ni++] = a;
        idx[ni++] = a + 1;
        idx[ni++] = b;
        idx[ni++] = b;
        idx[ni++] = a + 1;
        idx[ni++] = b + 1;
    }
    SDL_RenderGeometry(ren, NULL, v, 2 * n, idx, ni);
}

/* Fills one corner of a rounded rectangle: the quarter disc about the
 * integer point (cx, cy) from angle a0 over a quarter turn, solid to
 * rad - 0.5 and fading out over the next pixel.  Every vertex stays on the
 * corner's side of x = cx and y = cy, so no pixel the body's rectangles
 * fill is blended twice. */
static void fill_corner(SDL_Renderer *ren, float cx, float cy, float rad, float a0, SDL_Color c)
{
    SDL_Vertex v[1 + 2 * (UI_MAX_SEGS / 4 + 1)];
    int idx[9 * UI_MAX_SEGS / 4];
    int per = segments_for(rad) / 4;
    per = per < 3 ? 3 : (per > UI_MAX_SEGS / 4 ? UI_MAX_SEGS / 4 : per);
    SDL_Color clear = c;
    clear.a = 0;
    int nv = 0, ni = 0;
    v[nv++] = vtx(cx, cy, c);
    for (int i = 0; i <= per; i++) {
        float a = a0 + (UI_PI / 2.0f) * (float)i / (float)per;
        float ca = cosf(a), sa = sinf(a);
        v[nv++] = vtx(cx + (rad - 0.5f) * ca, cy + (rad - 0.5f) * sa, c);
        v[nv++] = vtx(cx + (rad + 0.5f) * ca, cy + (rad + 0.5f) * sa, clear);
    }
    for (int i = 0; i < per; i++) {
        int a = 1 + 2 * i, b = a + 2;
        const int tri[9] = {0, a, b, a, a + 1, b, b, a + 1, b + 1};
        for (int k = 0; k < 9; k++) {
            idx[ni++] = tri[k];
        }
    }
    SDL_RenderGeometry(ren, NULL, v, nv, idx, ni);
}

/* Corner masks: a disc of radius rad as alpha in a white texture, made once
 * per renderer and radius and drawn a quarter at a time, tinted by the
 * texture's colour and alpha modulation.  The triangles they replace cost
 * SDL's software renderer a temporary surface each (a quarter of a frame of
 * panels under AddressSanitizer); a copy is a plain blit on every renderer.
 * The cache holds the renderer's pointer, so ui_release_renderer() must run
 * before the renderer goes. */
#define UI_CORNER_MASKS 16
#define UI_CORNER_MAX   256 /* larger radii (rare) are drawn as triangles */

typedef struct CornerMask {
    SDL_Renderer *ren;
    int rad;
    SDL_Texture *tex;
} CornerMask;

static CornerMask corner_masks[UI_CORNER_MASKS];
static int corner_next; /* the slot a new mask takes when all are used */

/* The mask's texture: alpha falls from 1 to 0 between rad - 0.5 and
 * rad + 0.5 from the centre, as the triangles' faded rim did.  NULL when
 * the renderer cannot make one. */
static SDL_Texture *corner_mask_make(SDL_Renderer *ren, int rad)
{
    int n = 2 * rad;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, n, n, 32, SDL_PIXELFORMAT_ARGB8888);
    if (s == NULL) {
        return NULL;
    }
    for (int y = 0; y < n; y++) {
        Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch);
        for (int x = 0; x < n; x++) {
            float dx = (float)x + 0.5f - (float)rad, dy = (float)y + 0.5f - (float)rad;
            float a = (float)rad + 0.5f - sqrtf(dx * dx + dy * dy);
            a = a < 0.0f ? 0.0f : (a > 1.0f ? 1.0f : a);
            row[x] = ((Uint32)(a * 255.0f + 0.5f) << 24) | 0x00FFFFFFu;
        }
    }
    SDL_Texture *tex = SDL_CreateTextureFromSurface(ren, s);
    SDL_FreeSurface(s);
    if (tex != NULL) {
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
        SDL_SetTextureScaleMode(tex, SDL_ScaleModeNearest);
    }
    return tex;
}

/* The mask of radius rad for ren, made on first use; NULL when none can be. */
static SDL_Texture *corner_mask(SDL_Renderer *ren, int rad)
{
    if (rad > UI_CORNER_MAX) {
        return NULL;
    }
    for (int i = 0; i < UI_CORNER_MASKS; i++) {
        if (corner_masks[i].ren == ren && corner_masks[i].rad == rad) {
            return corner_masks[i].tex;
        }
    }
    SDL_Texture *tex = corner_mask_make(ren, rad);
    if (tex == NULL) {
        return NULL;
    }
    CornerMask *slot = &corner_masks[corner_next];
    corner_next = (corner_next + 1) % UI_CORNER_MASKS;
    if (slot->tex != NULL) {
        SDL_DestroyTexture(slot->tex);
    }
    *slot = (CornerMask){ren, rad, tex};
    return tex;
}

void ui_release_renderer(SDL_Renderer *ren)
{
    for (int i = 0; i < UI_CORNER_MASKS; i++) {
        if (corner_masks[i].ren == ren) {
            if (corner_masks[i].tex != NULL) {
                SDL_DestroyTexture(corner_masks[i].tex);
            }
            corner_masks[i] = (CornerMask){NULL, 0, NULL};
        }
    }
}

/* The four corners of the rounded rectangle r (corner radius rad) from the
 * mask; false when there is no mask to draw them with. */
static bool corners_from_mask(SDL_Renderer *ren, const SDL_Rect *r, int rad, SDL_Color c)
{
    SDL_Texture *tex = corner_mask(ren, rad);
    if (tex == NULL) {
        return false;
    }
    SDL_SetTextureColorMod(tex, c.r, c.g, c.b);
    SDL_SetTextureAlphaMod(tex, c.a);
    int right = r->x + r->w - rad, bottom = r->y + r->h - rad;
    const SDL_Rect src[4] = {
        {0, 0, rad, rad}, {rad, 0, rad, rad}, {0, rad, rad, rad}, {rad, rad, rad, rad}};
    const SDL_Rect dst[4] = {{r->x, r->y, rad, rad},
                             {right, r->y, rad, rad},
                             {r->x, bottom, rad, rad},
                             {right, bottom, rad, rad}};
    for (int i = 0; i < 4; i++) {
        SDL_RenderCopy(ren, tex, &src[i], &dst[i]);
    }
    return true;
}

void ui_fill_round_rect(SDL_Renderer *ren, const SDL_Rect *r, int radius, SDL_Color c)
{
    int rad = SDL_min(radius, SDL_min(r->w, r->h) / 2);
    SDL_SetRenderDrawColor(ren, c.r, c.g, c.b, c.a);
    if (rad < 1) {
        SDL_RenderFillRect(ren, r);
        return;
    }
    /* The body as three rectangles that do not overlap (a software renderer
     * fills these at memory speed; one fan of triangles over the whole
     * rectangle cost it eight times the area), and the four corners. */
    const SDL_Rect body[3] = {{r->x + rad, r->y, r->w - 2 * rad, rad},
                              {r->x, r->y + rad, r->w, r->h - 2 * rad},
                              {r->x + rad, r->y + r->h - rad, r->w - 2 * rad, rad}};
    SDL_RenderFillRects(ren, body, 3);
    if (corners_from_mask(ren, r, rad, c)) {
        return;
    }
    float x0 = (float)(r->x + rad), y0 = (float)(r->y + rad);
    float x1 = (float)(r->x + r->w - rad), y1 = (float)(r->y + r->h - rad);
    float fr = (float)rad;
    fill_corner(ren, x1, y0, fr, -UI_PI / 2.0f, c);
    fill_corner(ren, x1, y1, fr, 0.0f, c);
    fill_corner(ren, x0, y1, fr, UI_PI / 2.0f, c);
    fill_corner(ren, x0, y0, fr, UI_PI, c);
}

void ui_thick_line(SDL_Renderer *ren, float x0, float y0, float x1, float y1, float thickness,
                   SDL_Color c)
{
    float dx = x1 - x0, dy = y1 - y0;
    float len = sqrtf(dx * dx + dy * dy);
    if (len <= 0.0f) {
        return;
    }
    float nx = -dy / len * thickness / 2.0f, ny = dx / len * thickness / 2.0f;
    SDL_Vertex v[4] = {vtx(x0 + nx, y0 + ny, c), vtx(x1 + nx, y1 + ny, c), vtx(x1 - nx, y1 - ny, c),
                       vtx(x0 - nx, y0 - ny, c)};
    int idx[6] = {0, 1, 2, 0, 2, 3};
    SDL_RenderGeometry(ren, NULL, v, 4, idx, 6);
}

void ui_fill_triangle(SDL_Renderer *ren, float x0, float y0, float x1, float y1, float x2, float y2,
                      SDL_Color c)
{
    SDL_Vertex v[3] = {vtx(x0, y0, c), vtx(x1, y1, c), vtx(x2, y2, c)};
    SDL_RenderGeometry(ren, NULL, v, 3, NULL, 0);
}

void ui_panel(SDL_Renderer *ren, const SDL_Rect *r, int radius)
{
    SDL_Rect outer = {r->x - 1, r->y - 1, r->w + 2, r->h + 2};
    ui_fill_round_rect(ren, &outer, radius + 1, (SDL_Color){255, 240, 210, 40});
    ui_fill_round_rect(ren, r, radius, (SDL_Color){24, 20, 17, 205});
}

void ui_outline(SDL_Renderer *ren, const SDL_Rect *r, int t, SDL_Color c)
{
    SDL_SetRenderDrawColor(ren, c.r, c.g, c.b, c.a);
    const SDL_Rect sides[4] = {{r->x + t, r->y, r->w - 2 * t, t},
                               {r->x + t, r->y + r->h - t, r->w - 2 * t, t},
                               {r->x, r->y + t, t, r->h - 2 * t},
                               {r->x + r->w - t, r->y + t, t, r->h - 2 * t}};
    SDL_RenderFillRects(ren, sides, 4);
}

void ui_button(SDL_Renderer *ren, Text *text, const SDL_Rect *r, const char *label, int px,
               UiButtonStyle style, UiState st)
{
    int radius = r->h / 4;
    static const SDL_Color FACES[] = {
        [UI_BUTTON_NORMAL] = {66, 56, 48, 255},
        [UI_BUTTON_PRIMARY] = {178, 112, 40, 255},
        [UI_BUTTON_DANGER] = {164, 52, 42, 255},
    };
    SDL_Color face = FACES[style];
    SDL_Color label_c = UI_TEXT;
    if (st.disabled) {
        face = (SDL_Color){52, 46, 41, 200};
        label_c = (SDL_Color){130, 122, 112, 255};
    } else if (st.pressed) {
        face.r = (Uint8)(face.r * 3 / 4);
        face.g = (Uint8)(face.g * 3 / 4);
        face.b = (Uint8)(face.b * 3 / 4);
    } else if (st.hover) {
        face.r = (Uint8)SDL_min(255, face.r + 28);
        face.g = (Uint8)SDL_min(255, face.g + 24);
        face.b = (Uint8)SDL_min(255, face.b + 18);
    }
    int ring = r->h >= 40 ? 3 : 2;
    if (st.focus && !st.disabled) {
        SDL_Rect f = {r->x - ring, r->y - ring, r->w + 2 * ring, r->h + 2 * ring};
        ui_fill_round_rect(ren, &f, radius + ring, (SDL_Color){250, 214, 150, 255});
    }
    /* A darker lip under the face gives the button some depth; pressing
     * moves the face down onto it. */
    int lip = r->h >= 40 ? 3 : 2;
    SDL_Rect base = *r;
    ui_fill_round_rect(ren, &base, radius, (SDL_Color){18, 14, 12, 230});
    SDL_Rect top = {r->x, r->y + (st.pressed ? lip : 0), r->w, r->h - lip};
    ui_fill_round_rect(ren, &top, radius, face);
    int fit = text_fit(text, TEXT_BOLD, px, label, r->w - r->h / 2);
    text_push_box(text, top);
    text_draw(text, TEXT_BOLD, fit, label, label_c, top.x + top.w / 2, top.y + top.h / 2,
              TEXT_CENTER);
    text_pop_box(text);
}

UiSpinner ui_spinner_geometry(const SDL_Rect *row, int value_w, int arrow_w)
{
    UiSpinner g;
    g.row = *row;
    if (value_w > row->w) {
        value_w = row->w;
    }
    g.value = (SDL_Rect){row->x + row->w - value_w, row->y, value_w, row->h};
    g.dec = (SDL_Rect){g.value.x, row->y, arrow_w, row->h};
    g.inc = (SDL_Rect){g.value.x + value_w - arrow_w, row->y, arrow_w, row->h};
    return g;
}

UiSpinPart ui_spinner_hit(const UiSpinner *g, int x, int y)
{
    if (ui_contains(&g->dec, x, y)) {
        return UI_SPIN_DEC;
    }
    if (ui_contains(&g->inc, x, y)) {
        return UI_SPIN_INC;
    }
    if (ui_contains(&g->value, x, y)) {
        return UI_SPIN_VALUE;
    }
    return UI_SPIN_NONE;
}

static void arrow(SDL_Renderer *ren, const SDL_Rect *r, bool left, SDL_Color c, bool hover,
                  bool pressed)
{
    float cx = (float)r->x + (float)r->w / 2.0f, cy = (float)r->y + (float)r->h / 2.0f;
    float s = (float)(r->h < r->w ? r->h : r->w) * 0.19f;
    if (hover || pressed) {
        SDL_Color bg = pressed ? (SDL_Color){255, 255, 255, 30} : (SDL_Color){255, 255, 255, 22};
        SDL_Rect b = {r->x + 3, r->y + 3, r->w - 6, r->h - 6};
        ui_fill_round_rect(ren, &b, b.h / 3, bg);
    }
    if (left) {
        ui_fill_triangle(ren, cx - s, cy, cx + s * 0.75f, cy - s, cx + s * 0.75f, cy + s, c);
    } else {
        ui_fill_triangle(ren, cx + s, cy, cx - s * 0.75f, cy + s, cx - s * 0.75f, cy - s, c);
    }
}

void ui_spinner(SDL_Renderer *ren, Text *text, const UiSpinner *g, const char *label,
                const char *value, int px, UiState st, UiSpinPart hover_part,
                UiSpinPart pressed_part)
{
    SDL_Color lc = st.disabled ? (SDL_Color){140, 132, 120, 255} : UI_TEXT;
    if (st.focus && !st.disabled) {
        SDL_Rect hl = {g->row.x - px / 2, g->row.y - 2, g->row.w + px, g->row.h + 4};
        ui_fill_round_rect(ren, &hl, hl.h / 4, (SDL_Color){214, 150, 62, 48});
        SDL_Rect bar = {hl.x, hl.y + hl.h / 5, 3 + px / 8, hl.h * 3 / 5};
        ui_fill_round_rect(ren, &bar, bar.w / 2, UI_ACCENT);
    }
    /* The label has the row up to the value box. */
    int label_w = g->value.x - g->row.x - px;
    text_push_box(text, (SDL_Rect){g->row.x, g->row.y, g->value.x - g->row.x, g->row.h});
    text_draw(text, st.focus ? TEXT_BOLD : TEXT_REGULAR,
              text_fit(text, TEXT_BOLD, px, label, label_w), label, lc, g->row.x + px / 2,
              g->row.y + g->row.h / 2, TEXT_LEFT);
    text_pop_box(text);

    SDL_Rect box = {g->value.x, g->value.y + 3, g->value.w, g->value.h - 6};
    SDL_Color box_c = st.disabled ? (SDL_Color){40, 35, 31, 160} : (SDL_Color){14, 12, 10, 150};
    if (!st.disabled && hover_part == UI_SPIN_VALUE) {
        box_c = (SDL_Color){40, 34, 29, 190};
    }
    ui_fill_round_rect(ren, &box, box.h / 4, box_c);
    SDL_Color ac = st.disabled ? (SDL_Color){110, 102, 94, 255} : UI_ACCENT;
    arrow(ren, &g->dec, true, ac, !st.disabled && hover_part == UI_SPIN_DEC,
          !st.disabled && pressed_part == UI_SPIN_DEC);
    arrow(ren, &g->inc, false, ac, !st.disabled && hover_part == UI_SPIN_INC,
          !st.disabled && pressed_part == UI_SPIN_INC);
    int room = g->value.w - g->dec.w - g->inc.w;
    int fit = text_fit(text, TEXT_BOLD, px, value, room);
    text_push_box(text, (SDL_Rect){g->dec.x + g->dec.w, g->value.y, room, g->value.h});
    text_draw(text, TEXT_BOLD, fit, value, lc, g->value.x + g->value.w / 2,
              g->value.y + g->value.h / 2, TEXT_CENTER);
    text_pop_box(text);
}

void ui_cover(SDL_Renderer *ren, SDL_Texture *tex, int w, int h)
{
    int tw = 0, th = 0;
    if (SDL_QueryTexture(tex, NULL, NULL, &tw, &th) != 0 || tw <= 0 || th <= 0 || w <= 0 ||
        h <= 0) {
        return;
    }
    SDL_Rect src = {0, 0, tw, th};
    /* Compare aspects in integers: tw/th against w/h. */
    if ((long long)tw * h > (long long)w * th) {
        src.w = (int)((long long)th * w / h);
        src.x = (tw - src.w) / 2;
    } else {
        src.h = (int)((long long)tw * h / w);
        src.y = (th - src.h) / 2;
    }
    SDL_RenderCopy(ren, tex, &src, &(SDL_Rect){0, 0, w, h});
}
