/*
 * test_newcomer.c - what a new player met on the way in, each fixed: Esc
 * on the menu asks before quitting, the menu's subtitle follows the win
 * length, Sound says when there is no
 * audio device, Tab reaches the side panel's chips and buttons, the
 * analysis marks carry no digits a numbered stone could be taken for, and
 * text sits in the middle of its button in both scripts.
 */
#include "test_ui_harness.h"

#include <SDL_ttf.h>

#include "store/i18n.h"
#include "view/text.h"

static void start_two_people(App *app)
{
    while (app_test_menu_options(app).mode != MODE_TWO_PLAYERS) {
        harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    }
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
}

static void test_escape_on_the_menu_asks(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    /* Esc asks; Esc again (or Cancel) keeps the game open. */
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_QUIT);
    harness_key(app, SDLK_ESCAPE);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_MENU);
    harness_key(app, SDLK_ESCAPE);
    harness_click_widget(app, APP_WIDGET_DIALOG_CANCEL);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_NONE);
    harness_steps(app, 2);
    /* Enter on the question quits. */
    harness_key(app, SDLK_ESCAPE);
    SDL_Event ev;
    SDL_zero(ev);
    ev.type = SDL_KEYDOWN;
    ev.key.state = SDL_PRESSED;
    ev.key.keysym.sym = SDLK_RETURN;
    SDL_PushEvent(&ev);
    assert_false(app_step(app));
    app_destroy(app);
}

static void test_subtitle_follows_k(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    assert_true(harness_screen_says(app, "Five in a row"));
    harness_click_menu(app, MENU_ITEM_K, UI_SPIN_DEC);
    harness_click_menu(app, MENU_ITEM_K, UI_SPIN_DEC);
    assert_int_equal(app_test_menu_options(app).k, 3);
    assert_true(harness_screen_says(app, "Three in a row"));
    assert_false(harness_screen_says(app, "Five in a row"));
    harness_click_menu(app, MENU_ITEM_LANGUAGE, UI_SPIN_INC);
    assert_true(harness_screen_says(app, "三子连珠"));
    harness_click_menu(app, MENU_ITEM_K, UI_SPIN_INC);
    assert_true(harness_screen_says(app, "四子连珠"));
    harness_click_menu(app, MENU_ITEM_LANGUAGE, UI_SPIN_INC);
    app_destroy(app);
}

static void test_sound_unavailable(void **state)
{
    (void)state;
    char dir[1024];
    harness_data_dir(dir, sizeof dir, "newcomer-sound");
    /* With a device (the dummy driver), Sound is On. */
    App *app = harness_start(1100, 800, dir, NULL);
    assert_true(harness_screen_says(app, i18n_get(I18N_VALUE_ON)));
    app_destroy(app);

    /* Without one, the menu and the panel say so, and nothing switches. */
    const char *was = SDL_getenv("SDL_AUDIODRIVER");
    char keep[64];
    SDL_strlcpy(keep, was != NULL ? was : "", sizeof keep);
    SDL_setenv("SDL_AUDIODRIVER", "gomoku-no-such-driver", 1);
    app = harness_start(1100, 800, dir, NULL);
    assert_true(harness_screen_says(app, i18n_get(I18N_VALUE_UNAVAILABLE)));
    assert_false(harness_screen_says(app, i18n_get(I18N_VALUE_ON)));
    bool sound = app_test_settings(app).sound;
    harness_click_menu(app, MENU_ITEM_SOUND, UI_SPIN_VALUE);
    assert_int_equal(app_test_settings(app).sound, sound);
    start_two_people(app);
    assert_true(harness_screen_says(app, i18n_get(I18N_BTN_SOUND_NONE)));
    harness_key(app, SDLK_m);
    assert_int_equal(app_test_settings(app).sound, sound);
    assert_true(harness_screen_says(app, i18n_get(I18N_SOUND_UNAVAILABLE)));
    harness_click_widget(app, APP_WIDGET_TGL_SOUND);
    assert_int_equal(app_test_settings(app).sound, sound);
    app_destroy(app);
    SDL_setenv("SDL_AUDIODRIVER", keep, 1);
}

static void test_tab_reaches_the_panel(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    start_two_people(app);
    harness_click_point(app, 7, 7);
    harness_click_point(app, 8, 8);
    bool analysis = app_test_settings(app).analysis;
    /* Tab: the first chip (Analysis); Enter flips it. */
    harness_key(app, SDLK_TAB);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_settings(app).analysis, !analysis);
    assert_int_equal(game_move_count(app_test_game(app)), 2);
    /* Four more chips, then Undo; Space presses it. */
    for (int i = 0; i < 5; i++) {
        harness_key(app, SDLK_TAB);
    }
    harness_key(app, SDLK_SPACE);
    assert_int_equal(game_move_count(app_test_game(app)), 1);
    /* Shift+Tab walks back; past the first chip the keys are the board's
     * again, and Enter places a stone at the cursor. */
    for (int i = 0; i < 6; i++) {
        harness_key_mod(app, SDLK_TAB, KMOD_LSHIFT);
    }
    harness_key(app, SDLK_RIGHT);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(game_move_count(app_test_game(app)), 2);
    /* An arrow gives the board the keys back from the panel too, and
     * moves the cursor where it was. */
    harness_key(app, SDLK_TAB);
    harness_key(app, SDLK_DOWN);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(game_move_count(app_test_game(app)), 3);
    assert_int_equal(app_test_settings(app).analysis, !analysis);
    app_destroy(app);
}

/* Counts the strings of digits alone the screen shows. */
static int digit_strings(App *app)
{
    const TextAudit *a = harness_audit_frame(app);
    int n = 0;
    for (int i = 0; i < a->draws && i < TEXT_AUDIT_DRAWN; i++) {
        const char *d = a->drawn[i];
        n += d[0] != '\0' && strspn(d, "0123456789") == strlen(d) ? 1 : 0;
    }
    return n;
}

/* Returns the first string drawn on screen that starts with prefix ("" if
 * none; the audit owns it). */
static const char *drawn_starting(App *app, const char *prefix)
{
    const TextAudit *a = harness_audit_frame(app);
    for (int i = 0; i < a->draws && i < TEXT_AUDIT_DRAWN; i++) {
        if (strncmp(a->drawn[i], prefix, strlen(prefix)) == 0) {
            return a->drawn[i];
        }
    }
    return "";
}

/* Whether the screen draws the string s (whole). */
static bool drawn(App *app, const char *s)
{
    return harness_screen_says(app, s);
}

/* The overlay's candidates carry their rank, 1 to 3, as the panel lists
 * them; the stones keep their numbers. */
static void test_analysis_marks_are_ranked(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    start_two_people(app);
    for (int i = 0; i < 4; i++) {
        harness_click_point(app, 5 + i, i % 2 == 0 ? 7 : 9);
    }
    if (app_test_settings(app).coordinates) {
        harness_key(app, SDLK_c);
    }
    if (!app_test_settings(app).move_numbers) {
        harness_key(app, SDLK_d);
    }
    /* The four stones' numbers on the board, and the same four in the
     * list of moves, which numbers each move by its stone. */
    assert_int_equal(digit_strings(app), 8);
    harness_key(app, SDLK_a);
    harness_wait_helper(app);
    AiInfo ana;
    assert_true(app_test_analysis(app, &ana));
    assert_int_equal(ana.root_exact, 3);
    assert_int_equal(digit_strings(app), 8 + 3); /* and the three ranks */
    /* The panel names each with its chance: "1. E8 Black 57%". */
    char name[8], line[64];
    snprintf(name, sizeof name, "%c%d", 'A' + ana.best.x, 15 - ana.best.y);
    snprintf(line, sizeof line, "1. %s ", name);
    assert_non_null(strstr(drawn_starting(app, "1. "), line));
    assert_non_null(strchr(drawn_starting(app, "1. "), '%'));
    assert_non_null(strstr(drawn_starting(app, "1. "), "3. "));
    app_destroy(app);
}

/* One position, one verdict: the engine's line says what the computer
 * did and never a chance; the chance of the position on the board is its
 * analysis's, whether the overlay is on or off, and a hint is that
 * analysis's move and chance. */
static void test_one_chance_on_screen(void **state)
{
    (void)state;
    App *app = harness_start(1100, 800, NULL, NULL);
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE); /* you: black, Medium */
    harness_click_point(app, 7, 7);
    harness_wait_ai(app);
    harness_wait_helper(app);
    const char *engine = drawn_starting(app, "Engine played ");
    assert_true(engine[0] != '\0' && strchr(engine, '%') == NULL);
    assert_null(strstr(engine, "0.0 s")); /* its real time: ms under a second */
    char chance[96];
    SDL_strlcpy(chance, drawn_starting(app, "Win chance: "), sizeof chance);
    assert_non_null(strchr(chance, '%'));
    harness_key(app, SDLK_a);
    harness_wait_helper(app);
    AiInfo ana;
    assert_true(app_test_analysis(app, &ana));
    /* The overlay's first candidate has the chance the line said. */
    assert_non_null(strstr(drawn_starting(app, "1. "), chance + strlen("Win chance: ")));
    harness_key(app, SDLK_a);
    harness_key(app, SDLK_h);
    assert_true(move_equal(app_test_hint(app), ana.best));
    char hint[160];
    snprintf(hint, sizeof hint, "Hint: %c%d \xc2\xb7 %s", 'A' + ana.best.x, 15 - ana.best.y,
             chance + strlen("Win chance: "));
    assert_true(drawn(app, hint));
    app_destroy(app);
}

/* The middle row of the ink of s drawn centred on y = 40 in a 300 x 80
 * software canvas, with the shipped fonts. */
static double ink_middle(Text *t, SDL_Renderer *ren, SDL_Surface *canvas, const char *s)
{
    SDL_SetRenderDrawColor(ren, 0, 0, 0, 255);
    SDL_RenderClear(ren);
    text_draw(t, TEXT_BOLD, 28, s, (SDL_Color){255, 255, 255, 255}, 150, 40, TEXT_CENTER);
    SDL_RenderPresent(ren);
    int top = -1, bottom = -1;
    for (int y = 0; y < canvas->h; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)canvas->pixels + y * canvas->pitch);
        for (int x = 0; x < canvas->w; x++) {
            if ((row[x] & 0xFF) > 128) {
                top = top < 0 ? y : top;
                bottom = y;
                break;
            }
        }
    }
    assert_true(top >= 0);
    return (top + bottom) / 2.0;
}

static void *read_font(const char *name, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/fonts/%s", GOMOKU_TEST_ASSETS, name);
    void *data = SDL_LoadFile(path, len);
    assert_non_null(data);
    return data;
}

static void test_labels_sit_in_the_middle(void **state)
{
    (void)state;
    assert_int_equal(TTF_Init(), 0);
    SDL_Surface *canvas = SDL_CreateRGBSurfaceWithFormat(0, 300, 80, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *ren = SDL_CreateSoftwareRenderer(canvas);
    assert_non_null(ren);
    size_t rl = 0, bl = 0;
    void *regular = read_font("NotoSansSC-Regular-subset.otf", &rl);
    void *bold = read_font("NotoSansSC-Bold-subset.otf", &bl);
    char err[256];
    Text *t = text_create(ren, regular, rl, bold, bl, err, sizeof err);
    assert_non_null(t);
    /* Latin without descenders and Chinese: the ink's middle on the line
     * asked for, within a pixel, so buttons of both languages line up. */
    static const char *const LABELS[] = {"Undo", "Hint", "Menu", "开始", "悔棋", "提示", "主菜单"};
    for (size_t i = 0; i < sizeof LABELS / sizeof LABELS[0]; i++) {
        double mid = ink_middle(t, ren, canvas, LABELS[i]);
        if (mid < 39.0 || mid > 41.0) {
            print_error("\"%s\": ink centred on %.1f, not 40\n", LABELS[i], mid);
        }
        assert_true(mid >= 39.0 && mid <= 41.0);
    }
    text_destroy(t);
    SDL_free(regular);
    SDL_free(bold);
    SDL_DestroyRenderer(ren);
    SDL_FreeSurface(canvas);
    TTF_Quit();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escape_on_the_menu_asks),
        cmocka_unit_test(test_subtitle_follows_k),
        cmocka_unit_test(test_sound_unavailable),
        cmocka_unit_test(test_tab_reaches_the_panel),
        cmocka_unit_test(test_analysis_marks_are_ranked),
        cmocka_unit_test(test_one_chance_on_screen),
        cmocka_unit_test(test_labels_sit_in_the_middle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
