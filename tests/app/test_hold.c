/*
 * test_hold.c - a layout that holds (issue 27), read from the pixels and
 * the text audit of the real app driven headless:
 * - at 800x600, in both languages, the list of moves shows on the game
 *   screen with the clock, the engine's line, the analysis and the score
 *   all on the panel, whole (not wrapped) and inside their boxes, and on
 *   the review screen; at 1920x1080 the panel's type and the list grow;
 * - F11 on and off, and resizes whose events never came, end on a whole
 *   board laid out for the output the renderer really has;
 * - the menu's rows keep their places while values change;
 * - the review graph draws a forced win as full, gold-tipped bars up to
 *   the end; the win-chance bar is wide;
 * - the Players row and its values, the list numbered by stone, swap2's
 *   hint.
 *
 * Set GOMOKU_SCREENSHOT_EXTRA to a folder to keep the screens checked.
 */
#include "test_ui_harness.h"

#include <string.h>

#include "ai/ai_outlook.h"
#include "store/i18n.h"
#include "view/layout.h"
#include "view/panel.h"
#include "view/text.h"

/* The smallest text a player should have to read, in output pixels. */
#define HOLD_MIN_PX 12

static Uint32 pixel_at(const SDL_Surface *s, int x, int y)
{
    return ((const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch))[x];
}

static int red(Uint32 v)
{
    return (int)(Uint8)(v >> 16);
}

static int green(Uint32 v)
{
    return (int)(Uint8)(v >> 8);
}

static int blue(Uint32 v)
{
    return (int)(Uint8)v;
}

static int luma(Uint32 v)
{
    return (299 * red(v) + 587 * green(v) + 114 * blue(v)) / 1000;
}

/* The wooden board's colour, not the cloth or the panel. */
static bool wood(Uint32 v)
{
    return red(v) >= 150 && red(v) > blue(v) + 50;
}

static void shot(App *app, const char *name, int w, I18nLang lang)
{
    char full[160];
    snprintf(full, sizeof full, "hold-%s-%d-%s", lang == I18N_LANG_ZH ? "zh" : "en", w, name);
    harness_shot(app, "GOMOKU_SCREENSHOT_EXTRA", full);
}

static void set_language(App *app, I18nLang lang)
{
    while (app_test_menu_options(app).lang != lang) {
        harness_click_menu(app, MENU_ITEM_LANGUAGE, UI_SPIN_INC);
    }
}

static void start(App *app, PlayerMode mode)
{
    while (app_test_menu_options(app).mode != mode) {
        harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    }
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
}

/* Draws the screen with the audit on; fails on any string outside its box
 * or under the legible size, listing them.  Returns the audit. */
static const TextAudit *audit(App *app, const char *where)
{
    Text *t = app_test_text(app);
    text_audit(t, true, HOLD_MIN_PX);
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    SDL_FreeSurface(s);
    text_audit(t, false, 0);
    const TextAudit *a = text_audit_result(t);
    for (int i = 0; i < a->misses && i < TEXT_AUDIT_RECORD; i++) {
        const TextAuditMiss *m = &a->miss[i];
        print_message("%s: \"%s\" at %d px %s: ink %d,%d %dx%d, box %d,%d %dx%d\n", where, m->text,
                      m->px, m->tiny ? "is too small" : "does not fit", m->ink.x, m->ink.y,
                      m->ink.w, m->ink.h, m->box.x, m->box.y, m->box.w, m->box.h);
    }
    assert_int_equal(a->misses, 0);
    return a;
}

/* The first string the audit saw drawn that starts with prefix, or NULL. */
static const char *drawn_starting(const TextAudit *a, const char *prefix)
{
    for (int i = 0; i < a->draws && i < TEXT_AUDIT_DRAWN; i++) {
        if (strncmp(a->drawn[i], prefix, strlen(prefix)) == 0) {
            return a->drawn[i];
        }
    }
    return NULL;
}

/* Returns true when some string drawn holds part whole. */
static bool drawn_holding(const TextAudit *a, const char *part)
{
    for (int i = 0; i < a->draws && i < TEXT_AUDIT_DRAWN; i++) {
        if (strstr(a->drawn[i], part) != NULL) {
            return true;
        }
    }
    return false;
}

/* Writes the literal text of format id before its first conversion. */
static void format_prefix(I18nString id, char *out, size_t len)
{
    const char *f = i18n_get(id);
    size_t n = strcspn(f, "%");
    snprintf(out, len, "%.*s", (int)n, f);
}

static bool ends_with(const char *s, const char *tail)
{
    size_t a = strlen(s), b = strlen(tail);
    return a >= b && strcmp(s + a - b, tail) == 0;
}

/* The board is laid out for the output the renderer has, lies inside it,
 * and is drawn whole: wood at its four corners, the cloth just outside. */
static void check_whole_board(App *app, const char *where)
{
    Layout l;
    assert_true(app_test_layout(app, &l));
    int ow = 0, oh = 0;
    app_test_output_size(app, &ow, &oh);
    if (l.out_w != ow || l.out_h != oh) {
        fail_msg("%s: laid out for %dx%d, the output is %dx%d", where, l.out_w, l.out_h, ow, oh);
    }
    LayoutRect b = l.board;
    assert_true(b.x >= 0 && b.y >= 0 && b.x + b.w <= ow && b.y + b.h <= oh);
    assert_true(l.panel.x + l.panel.w <= ow && l.panel.y + l.panel.h <= oh);
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    assert_int_equal(s->w, ow);
    assert_int_equal(s->h, oh);
    int in = SDL_max(3, l.cell / 5);
    const int cx[2] = {b.x + in, b.x + b.w - 1 - in};
    const int cy[2] = {b.y + in, b.y + b.h - 1 - in};
    for (int i = 0; i < 4; i++) {
        Uint32 v = pixel_at(s, cx[i % 2], cy[i / 2]);
        if (!wood(v)) {
            fail_msg("%s: no wood at the board's corner %d,%d (%d,%d,%d)", where, cx[i % 2],
                     cy[i / 2], red(v), green(v), blue(v));
        }
    }
    if (b.x > 4) {
        assert_false(wood(pixel_at(s, b.x - 4, b.y + b.h / 2)));
    }
    SDL_FreeSurface(s);
}

/* The list of moves is drawn: its rows' box holds light text pixels. */
static void check_list_drawn(App *app, const char *where, int *row_h)
{
    SDL_Rect r;
    int rows = 0;
    if (!app_test_list_rect(app, &r, row_h, &rows)) {
        fail_msg("%s: the list of moves is not drawn", where);
    }
    assert_true(rows >= 2);
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    int light = 0;
    for (int y = r.y; y < r.y + SDL_min(r.h, 2 * *row_h); y++) {
        for (int x = r.x; x < r.x + r.w; x++) {
            light += luma(pixel_at(s, x, y)) > 170;
        }
    }
    SDL_FreeSurface(s);
    if (light < 20) {
        fail_msg("%s: the list's first rows show no text (%d light pixels)", where, light);
    }
}

/* A free point near the centre. */
static Move free_point(App *app)
{
    const Board *b = game_board(app_test_game(app));
    int c = b->size / 2;
    for (int d = 0; d < b->size; d++) {
        for (int y = c - d; y <= c + d; y++) {
            for (int x = c - d; x <= c + d; x++) {
                if (x >= 0 && y >= 0 && x < b->size && y < b->size &&
                    board_get(b, x, y) == STONE_EMPTY) {
                    return (Move){(int8_t)x, (int8_t)y};
                }
            }
        }
    }
    return MOVE_NONE;
}

/* Plays the person's move and waits for the computer's answer. */
static void play_a_move(App *app)
{
    harness_wait_ai(app);
    Move m = free_point(app);
    harness_click_point(app, m.x, m.y);
    harness_wait_ai(app);
    harness_steps(app, 2);
}

/* A game against the computer with every line of the panel: a score (the
 * first game lost on time), the clocks, the engine's line, the analysis. */
static void busiest_panel(App *app)
{
    start(app, MODE_HUMAN_BLACK);
    play_a_move(app);
    app_test_set_clock(app, 30, 60000);
    for (int i = 0; app_test_state(app) == APP_STATE_PLAYING && i < 5000; i++) {
        harness_steps(app, 1);
        SDL_Delay(1);
    }
    assert_int_equal(app_test_state(app), APP_STATE_GAME_OVER);
    harness_click_widget(app, APP_WIDGET_REMATCH);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    play_a_move(app);
    play_a_move(app);
    app_test_set_clock(app, 299000, 25000);
    if (!app_test_settings(app).analysis) {
        harness_key(app, SDLK_a);
    }
    harness_wait_helper(app);
    harness_motion(2, 2);
    harness_steps(app, 2);
}

/* The panel's lines, each drawn whole: the rules, the engine's line, the
 * analysis (as the game words it), the score. */
static void check_panel_lines(App *app, const TextAudit *a, const char *where)
{
    char subtitle[200], k_s[48], size_s[48];
    i18n_format(k_s, sizeof k_s, I18N_FMT_IN_A_ROW, 5);
    i18n_format(size_s, sizeof size_s, I18N_FMT_BOARD_SIZE, 15, 15);
    snprintf(subtitle, sizeof subtitle, "%s \xc2\xb7 %s \xc2\xb7 %s \xc2\xb7 %s",
             i18n_preset_name(AI_PRESET_MEDIUM), i18n_rule_name(RULE_FREESTYLE), k_s, size_s);
    if (!text_audit_drew(app_test_text(app), subtitle)) {
        fail_msg("%s: the rules line \"%s\" is not drawn whole", where, subtitle);
    }
    char prefix[64], unit[32];
    format_prefix(I18N_FMT_ENGINE_INFO, prefix, sizeof prefix);
    const char *engine = drawn_starting(a, prefix);
    /* It ends on the time it took, in ms or in seconds. */
    i18n_format(unit, sizeof unit, I18N_FMT_MILLISECONDS, 1);
    bool whole = engine != NULL && ends_with(engine, strchr(unit, '1') + 1);
    i18n_format(unit, sizeof unit, I18N_FMT_SECONDS, 1.0);
    whole = whole || (engine != NULL && ends_with(engine, strrchr(unit, '0') + 1));
    if (!whole) {
        fail_msg("%s: the engine's line is not drawn whole (%s)", where, engine ? engine : "none");
    }
    AiInfo ana;
    assert_true(app_test_analysis(app, &ana));
    const Game *g = app_test_game(app);
    char line[240];
    panel_position_text(&ana, true, game_to_move(g), game_rules(g), game_board(g)->size,
                        PANEL_POSITION_CANDIDATES, line, sizeof line);
    /* Each candidate whole ("1. I6 White 66%"), on one line or more. */
    for (char *part = line, *next; part != NULL; part = next) {
        next = strstr(part, " \xc2\xb7 ");
        if (next != NULL) {
            *next = '\0';
            next += 4;
        }
        if (!drawn_holding(a, part)) {
            fail_msg("%s: the analysis' candidate \"%s\" is not drawn whole", where, part);
        }
    }
    format_prefix(I18N_FMT_SCORE, prefix, sizeof prefix);
    const char *score = drawn_starting(a, prefix);
    if (score == NULL || strstr(score, i18n_get(I18N_PLAYER_YOU)) == NULL ||
        strstr(score, i18n_get(I18N_PLAYER_COMPUTER)) == NULL ||
        strchr("0123456789", score[strlen(score) - 1]) == NULL) {
        fail_msg("%s: the score is not drawn whole (%s)", where, score ? score : "none");
    }
}

/* The busiest game screen and the review at w x h in lang; returns the
 * list's row height on the game screen. */
static int game_and_review(int w, int h, I18nLang lang)
{
    char where[64];
    snprintf(where, sizeof where, "%s %dx%d", lang == I18N_LANG_ZH ? "zh" : "en", w, h);
    App *app = harness_start(w, h, NULL, NULL);
    set_language(app, lang);
    shot(app, "menu", w, lang);
    busiest_panel(app);
    shot(app, "play", w, lang);
    const TextAudit *a = audit(app, where);
    check_panel_lines(app, a, where);
    int wx, wy;
    int count = game_move_count(app_test_game(app));
    assert_true(app_test_list_pos(app, count - 1, &wx, &wy));
    int row_h = 0;
    check_list_drawn(app, where, &row_h);
    check_whole_board(app, where);

    harness_key(app, SDLK_r); /* review the game in progress */
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    harness_wait_helper(app);
    harness_key(app, SDLK_LEFT);
    harness_motion(2, 2);
    harness_steps(app, 2);
    shot(app, "review", w, lang);
    audit(app, where);
    int pos, n, evaluated, review_row_h = 0;
    app_test_review(app, &pos, &n, &evaluated);
    assert_true(pos > 0);
    assert_true(app_test_list_pos(app, pos - 1, &wx, &wy));
    check_list_drawn(app, where, &review_row_h);
    check_whole_board(app, where);
    app_destroy(app);
    return row_h;
}

static void test_panel_holds_at_800x600(void **state)
{
    (void)state;
    int small = 0;
    for (int l = 0; l < I18N_LANG_COUNT; l++) {
        small = game_and_review(800, 600, (I18nLang)l);
    }
    /* A large screen: the same lines, in larger type, and a longer list. */
    int large = game_and_review(1920, 1080, I18N_LANG_EN);
    assert_true(large >= small * 5 / 4);
    Layout l800, l1920, l1280;
    layout_compute_ex(&l800, 800, 600, 1.0f, 15, true);
    layout_compute_ex(&l1280, 1280, 800, 1.0f, 15, true);
    layout_compute_ex(&l1920, 1920, 1080, 1.0f, 15, true);
    assert_true(l1920.font_px >= 20 && l1920.font_px > l1280.font_px);
    assert_true(l1920.panel.w > l1280.panel.w);
}

/* F11 on and off, and resizes whose events were lost, end on a whole board
 * laid out for the output the renderer has. */
static void test_fullscreen_and_lost_resizes(void **state)
{
    (void)state;
    App *app = harness_start(800, 600, NULL, NULL);
    start(app, MODE_TWO_PLAYERS);
    harness_click_point(app, 7, 7);
    harness_click_point(app, 8, 8);
    check_whole_board(app, "800x600");
    for (int i = 0; i < 2; i++) {
        harness_key(app, SDLK_F11);
        harness_steps(app, 3);
        check_whole_board(app, i == 0 ? "fullscreen" : "fullscreen again");
        harness_key(app, SDLK_F11);
        harness_steps(app, 3);
        check_whole_board(app, i == 0 ? "windowed" : "windowed again");
    }
    /* The window changes size and no event says so (a window manager's
     * late answer, or none): the next step still lays the screen out. */
    const int sizes[3][2] = {{1000, 700}, {700, 520}, {1920, 1080}};
    for (int i = 0; i < 3; i++) {
        SDL_SetWindowSize(app_test_window(app), sizes[i][0], sizes[i][1]);
        SDL_FlushEvent(SDL_WINDOWEVENT);
        harness_steps(app, 2);
        char where[64];
        snprintf(where, sizeof where, "%dx%d without an event", sizes[i][0], sizes[i][1]);
        check_whole_board(app, where);
    }
    app_destroy(app);
}

/* The rows (their arrows) stay where they are while values change:
 * Custom, each player mode, swap2. */
static void check_menu_rows_stay(int w, int h)
{
    App *app = harness_start(w, h, NULL, NULL);
    SDL_Rect card;
    int cols;
    app_test_menu_card(app, &card, &cols);
    /* A margin under the card. */
    assert_true(card.y + card.h <= h - 8);
    int x0[MENU_SPINNERS], y0[MENU_SPINNERS];
    for (int i = 0; i < MENU_SPINNERS; i++) {
        assert_true(app_test_menu_pos(app, (MenuItem)i, UI_SPIN_INC, &x0[i], &y0[i]));
    }
    for (int step = 0; step < 14; step++) {
        if (step < 6) {
            harness_click_menu(app, MENU_ITEM_LEVEL, UI_SPIN_INC); /* on to Custom */
        } else if (step < 10) {
            harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
        } else {
            harness_click_menu(app, MENU_ITEM_OPENING, UI_SPIN_INC);
        }
        if (step == 5) {
            assert_true(app_test_menu_options(app).custom);
        }
        SDL_Rect c2;
        int cols2;
        app_test_menu_card(app, &c2, &cols2);
        assert_int_equal(cols2, cols);
        assert_memory_equal(&c2, &card, sizeof card);
        for (int i = 0; i < MENU_SPINNERS; i++) {
            int x, y;
            assert_true(app_test_menu_pos(app, (MenuItem)i, UI_SPIN_INC, &x, &y));
            if (x != x0[i] || y != y0[i]) {
                fail_msg("%dx%d: row %d moved from %d,%d to %d,%d after change %d", w, h, i, x0[i],
                         y0[i], x, y, step);
            }
        }
    }
    app_destroy(app);
}

static void test_menu_rows_stay(void **state)
{
    (void)state;
    check_menu_rows_stay(800, 600);
    check_menu_rows_stay(1024, 768);
    check_menu_rows_stay(1920, 1080);
    check_menu_rows_stay(700, 1000);
}

static const Move BLACK5[5] = {{3, 7}, {4, 7}, {5, 7}, {6, 7}, {7, 7}};
static const Move WHITE4[4] = {{3, 9}, {4, 9}, {5, 9}, {6, 9}};

/* Black's forced win to the end: every column from black's open three on
 * is full up and tipped with gold, the final position too (it was an
 * empty slot, read as level). */
static void test_graph_forced_stretch(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    start(app, MODE_TWO_PLAYERS);
    for (int i = 0; i < 9; i++) {
        Move m = i % 2 == 0 ? BLACK5[i / 2] : WHITE4[i / 2];
        harness_click_point(app, m.x, m.y);
    }
    harness_click_widget(app, APP_WIDGET_HINT); /* Review */
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    harness_wait_helper(app);
    harness_key(app, SDLK_HOME); /* the position marker away from the end */
    harness_motion(2, 2);
    harness_steps(app, 2);
    shot(app, "graph", 1100, I18N_LANG_EN);
    Layout l;
    assert_true(app_test_layout(app, &l));
    int pos, n, evaluated;
    app_test_review(app, &pos, &n, &evaluated);
    assert_int_equal(n, 9);
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    const LayoutRect g = l.graph;
    int mid = g.y + g.h / 2, half = g.h / 2 - 2;
    for (int i = 8; i <= n; i++) {
        int x0 = g.x + i * g.w / (n + 1), x1 = g.x + (i + 1) * g.w / (n + 1);
        int x = (x0 + x1) / 2;
        Uint32 tip = pixel_at(s, x, mid - half + 1);
        Uint32 body = pixel_at(s, x, mid - half / 2);
        if (!(red(tip) > 200 && green(tip) > 160 && blue(tip) < 170) || luma(body) > 60) {
            fail_msg("position %d: not a full, gold-tipped bar (tip %d,%d,%d, body luma %d)", i,
                     red(tip), green(tip), blue(tip), luma(body));
        }
    }
    SDL_FreeSurface(s);
    app_destroy(app);
}

/* The win-chance bar is wide enough to see: 18 pixels or more at 1x,
 * wider on a large screen. */
static void test_winbar_is_wide(void **state)
{
    (void)state;
    Layout small, large;
    layout_compute_ex(&small, 1100, 800, 1.0f, 15, true);
    layout_compute_ex(&large, 1920, 1080, 1.0f, 15, true);
    assert_true(small.winbar.w >= 18);
    assert_true(large.winbar.w > small.winbar.w);
    App *app = harness_start(1100, 800, NULL, NULL);
    start(app, MODE_TWO_PLAYERS);
    harness_click_point(app, 7, 7);
    if (!app_test_settings(app).analysis) {
        harness_key(app, SDLK_a);
    }
    harness_wait_helper(app);
    harness_motion(2, 2);
    harness_steps(app, 2);
    SDL_Rect bar;
    assert_true(app_test_winbar(app, &bar));
    assert_true(bar.w >= 18);
    SDL_Surface *s = NULL;
    assert_int_equal(app_capture(app, &s), 0);
    /* Black's share dark at the bottom, white's light at the top, across
     * the bar's whole width. */
    for (int x = bar.x + bar.w / 4; x < bar.x + bar.w * 3 / 4; x++) {
        assert_true(luma(pixel_at(s, x, bar.y + bar.h - 1 - bar.w)) < 60);
        assert_true(luma(pixel_at(s, x, bar.y + bar.w)) > 180);
    }
    SDL_FreeSurface(s);
    app_destroy(app);
}

/* The Players row: its name and values in both languages, under a swap
 * opening who places the first stones, and swap2's hint says the chooser
 * may place two more. */
static void test_players_row(void **state)
{
    (void)state;
    static const I18nString SWAP2_HINTS[MODE_COUNT] = {
        I18N_HINT_SWAP2_YOU, I18N_HINT_SWAP2_COMPUTER, I18N_HINT_SWAP2_TWO, I18N_HINT_SWAP2_AI};
    App *app = harness_start(1100, 800, NULL, NULL);
    for (int l = 0; l < I18N_LANG_COUNT; l++) {
        set_language(app, (I18nLang)l);
        assert_true(harness_screen_says(app, i18n_get(I18N_MENU_PLAYERS)));
        for (int i = 0; i < MODE_COUNT; i++) {
            PlayerMode mode = app_test_menu_options(app).mode;
            assert_true(harness_screen_says(app, menu_players_name(mode, false)));
            harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
        }
        while (app_test_menu_options(app).opening != RECORD_OPENING_SWAP2) {
            harness_click_menu(app, MENU_ITEM_OPENING, UI_SPIN_INC);
        }
        for (int i = 0; i < MODE_COUNT; i++) {
            PlayerMode mode = app_test_menu_options(app).mode;
            assert_true(harness_screen_says(app, menu_players_name(mode, true)));
            assert_true(harness_screen_says(app, i18n_get(SWAP2_HINTS[mode])));
            harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
        }
        harness_motion(2, 2);
        harness_steps(app, 1);
        shot(app, "menu-swap2", 1100, (I18nLang)l);
        while (app_test_menu_options(app).opening != RECORD_OPENING_STANDARD) {
            harness_click_menu(app, MENU_ITEM_OPENING, UI_SPIN_INC);
        }
    }
    assert_string_equal(menu_players_name(MODE_HUMAN_BLACK, false),
                        i18n_get_in(I18N_LANG_ZH, I18N_PLAYERS_YOU_BLACK));
    set_language(app, I18N_LANG_EN);
    app_destroy(app);
}

/* The list numbers each move by its stone, as the board does: "1 H8",
 * "2 G7" side by side, "3 ..." on the next row; no pair numbers ("1."). */
static void test_list_numbered_by_stone(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    start(app, MODE_TWO_PLAYERS);
    for (int i = 0; i < 6; i++) {
        harness_click_point(app, 3 + i / 2, i % 2 == 0 ? 7 : 9);
    }
    if (app_test_settings(app).coordinates) {
        harness_key(app, SDLK_c);
    }
    if (app_test_settings(app).move_numbers) {
        harness_key(app, SDLK_d);
    }
    const TextAudit *a = audit(app, "numbers");
    (void)a;
    Text *t = app_test_text(app);
    const char *nums[6] = {"1", "2", "3", "4", "5", "6"};
    for (int i = 0; i < 6; i++) {
        assert_true(text_audit_drew(t, nums[i]));
    }
    assert_false(text_audit_drew(t, "1."));
    assert_false(text_audit_drew(t, "2."));
    int x[3], y[3];
    for (int i = 0; i < 3; i++) {
        assert_true(app_test_list_pos(app, i, &x[i], &y[i]));
    }
    assert_int_equal(y[0], y[1]);
    assert_true(x[1] > x[0]);
    assert_true(y[2] > y[0]);
    assert_int_equal(x[2], x[0]);
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_panel_holds_at_800x600),
        cmocka_unit_test(test_fullscreen_and_lost_resizes),
        cmocka_unit_test(test_menu_rows_stay),
        cmocka_unit_test(test_graph_forced_stretch),
        cmocka_unit_test(test_winbar_is_wide),
        cmocka_unit_test(test_players_row),
        cmocka_unit_test(test_list_numbered_by_stone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
