/*
 * test_opening_ui.c - the swap2 opening played through the real app,
 * headless: the menu's Opening row, the panel saying who decides what,
 * its choice buttons, the computer's decisions through the AI worker, and
 * a record that brings the opening back.  With GOMOKU_SCREENSHOT_EXTRA
 * naming a folder it also writes each step's screen, at 800x600 and
 * 1920x1080, in English and Chinese, for checking by eye.
 */
#include "test_ui_harness.h"

#include "core/record_text.h"
#include "store/i18n.h"

static void shot(App *app, const char *name)
{
    harness_shot(app, "GOMOKU_SCREENSHOT_EXTRA", name);
}

/* The menu's Opening row set to swap2 and mode stepped n times. */
static void menu_swap2(App *app, int mode_steps)
{
    harness_click_menu(app, MENU_ITEM_OPENING, UI_SPIN_INC);
    harness_click_menu(app, MENU_ITEM_OPENING, UI_SPIN_INC);
    assert_int_equal(app_test_menu_options(app).opening, RECORD_OPENING_SWAP2);
    for (int i = 0; i < mode_steps; i++) {
        harness_click_menu(app, MENU_ITEM_MODE, UI_SPIN_INC);
    }
}

static int moves(App *app)
{
    return game_move_count(app_test_game(app));
}

/* Two people: three stones by clicks, Place two, two more, Take white;
 * the panel says each step; Undo takes the choice back. */
static void test_two_people_swap2_by_clicks(void **state)
{
    (void)state;
    App *app = harness_start(800, 600, NULL, NULL);
    menu_swap2(app, 2);
    assert_int_equal(app_test_menu_options(app).mode, MODE_TWO_PLAYERS);
    shot(app, "opening-menu-800");
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    const Session *s = app_test_session(app);
    assert_int_equal(session_phase(s), SESSION_PHASE_PLACE3);
    assert_true(harness_screen_says(app, i18n_get(I18N_OPEN_HEAD_PLACE3)));
    shot(app, "opening-place3-800");
    harness_click_point(app, 7, 7);
    harness_click_point(app, 8, 6);
    harness_click_point(app, 6, 8);
    assert_int_equal(moves(app), 3);
    assert_int_equal(session_phase(s), SESSION_PHASE_CHOOSE);
    assert_true(harness_screen_says(app, i18n_get(I18N_OPEN_HEAD_CHOOSE)));
    assert_true(harness_screen_says(app, i18n_get(I18N_BTN_PLACE_TWO)));
    shot(app, "opening-choose-800");
    /* A click on the board places nothing while a choice is due. */
    harness_click_point(app, 9, 9);
    assert_int_equal(moves(app), 3);
    harness_click_widget(app, APP_WIDGET_HINT); /* Place two */
    assert_int_equal(session_choice(s, 0), RECORD_CHOICE_PLACE_TWO);
    assert_true(harness_screen_says(app, i18n_get(I18N_OPEN_HEAD_PLACE2)));
    shot(app, "opening-place2-800");
    harness_click_point(app, 9, 9);
    harness_click_point(app, 5, 5);
    assert_int_equal(session_phase(s), SESSION_PHASE_CHOOSE2);
    assert_false(harness_screen_says(app, i18n_get(I18N_BTN_PLACE_TWO)));
    shot(app, "opening-choose2-800");
    harness_click_widget(app, APP_WIDGET_REDO); /* Take white */
    assert_int_equal(session_choice(s, 1), RECORD_CHOICE_TAKE_WHITE);
    assert_int_equal(session_phase(s), SESSION_PHASE_PLAY);
    shot(app, "opening-played-800");
    harness_click_point(app, 10, 4);
    assert_int_equal(moves(app), 6);
    harness_click_widget(app, APP_WIDGET_UNDO);
    harness_click_widget(app, APP_WIDGET_UNDO);
    assert_int_equal(moves(app), 5);
    assert_int_equal(session_phase(s), SESSION_PHASE_CHOOSE2);
    app_destroy(app);
}

/* Against the computer: it opens with three stones (ai_opening_answer on
 * the worker), the person places two, the computer chooses; the saved
 * record keeps the choices and review shows them. */
static void test_computer_opens_swap2(void **state)
{
    (void)state;
    App *app = harness_start(1920, 1080, NULL, NULL);
    harness_click_menu(app, MENU_ITEM_LEVEL, UI_SPIN_DEC);
    harness_click_menu(app, MENU_ITEM_LEVEL, UI_SPIN_DEC);
    menu_swap2(app, 1);
    assert_int_equal(app_test_menu_options(app).mode, MODE_COMPUTER_BLACK);
    shot(app, "opening-menu-1920");
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    const Session *s = app_test_session(app);
    harness_wait_ai(app);
    harness_steps(app, 3);
    assert_int_equal(moves(app), 3);
    assert_int_equal(session_phase(s), SESSION_PHASE_CHOOSE);
    assert_true(session_humans_turn(s));
    shot(app, "opening-choose-1920");
    harness_click_widget(app, APP_WIDGET_HINT); /* Place two */
    const Board *b = game_board(app_test_game(app));
    int placed = 0;
    for (int y = 2; y < 13 && placed < 2; y++) {
        for (int x = 2; x < 13 && placed < 2; x++) {
            if (board_get(b, x, y) == STONE_EMPTY) {
                harness_click_point(app, x, y);
                placed++;
            }
        }
    }
    /* The computer may have chosen (and played white's move) already. */
    assert_true(moves(app) == 5 || moves(app) == 6);
    if (session_phase(s) == SESSION_PHASE_CHOOSE2) {
        shot(app, "opening-computer-choosing-1920");
    }
    harness_wait_ai(app);
    harness_steps(app, 3);
    assert_true(session_choice(s, 1) == RECORD_CHOICE_TAKE_BLACK ||
                session_choice(s, 1) == RECORD_CHOICE_TAKE_WHITE);
    assert_int_equal(session_phase(s), SESSION_PHASE_PLAY);
    shot(app, "opening-decided-1920");
    Record rec;
    assert_int_equal(session_to_record(s, &rec), SESSION_OK);
    assert_int_equal(rec.opening, RECORD_OPENING_SWAP2);
    assert_int_equal(rec.choice[0], RECORD_CHOICE_PLACE_TWO);
    harness_key(app, SDLK_r);
    assert_int_equal(app_test_state(app), APP_STATE_REVIEW);
    /* At the end the review names both decisions, at move 4 only the first. */
    char two[96], took[96], line[240];
    i18n_format(two, sizeof two, I18N_FMT_CHOSE_TWO, i18n_get(I18N_PLAYER_YOU));
    i18n_format(took, sizeof took,
                session_choice(s, 1) == RECORD_CHOICE_TAKE_BLACK ? I18N_FMT_CHOSE_BLACK
                                                                 : I18N_FMT_CHOSE_WHITE,
                i18n_get(I18N_ROLE_COMPUTER));
    snprintf(line, sizeof line, "%s \xc2\xb7 %s \xc2\xb7 %s", i18n_get(I18N_OPENING_SWAP2), two,
             took);
    assert_true(harness_screen_says(app, line));
    assert_true(harness_screen_says(app, "+2")); /* the list marks the place-two */
    shot(app, "opening-review-1920");
    int lx, ly, pos, count, evaluated;
    assert_true(app_test_list_pos(app, 3, &lx, &ly));
    harness_click(app, lx, ly);
    app_test_review(app, &pos, &count, &evaluated);
    assert_int_equal(pos, 4);
    snprintf(line, sizeof line, "%s \xc2\xb7 %s", i18n_get(I18N_OPENING_SWAP2), two);
    assert_true(harness_screen_says(app, line));
    app_destroy(app);
}

/* Closed mid-opening, the game comes back at the same decision: the
 * autosave keeps the rule and the choice, and the menu's rows follow. */
static void test_resume_mid_opening(void **state)
{
    (void)state;
    char dir[1024];
    harness_data_dir(dir, sizeof dir, "opening-autosave");
    App *app = harness_start(800, 600, dir, NULL);
    menu_swap2(app, 2);
    harness_click_menu(app, MENU_ITEM_PLAY, UI_SPIN_NONE);
    harness_click_point(app, 7, 7);
    harness_click_point(app, 8, 6);
    harness_click_point(app, 6, 8);
    harness_click_widget(app, APP_WIDGET_HINT); /* Place two */
    harness_click_point(app, 9, 9);
    app_destroy(app);

    app = harness_start(800, 600, dir, NULL);
    assert_int_equal(app_test_dialog(app, NULL), APP_DIALOG_RESUME);
    harness_key(app, SDLK_RETURN);
    assert_int_equal(app_test_state(app), APP_STATE_PLAYING);
    const Session *s = app_test_session(app);
    assert_int_equal(moves(app), 4);
    assert_int_equal(session_setup(s).opening, RECORD_OPENING_SWAP2);
    assert_int_equal(session_choice(s, 0), RECORD_CHOICE_PLACE_TWO);
    assert_int_equal(session_phase(s), SESSION_PHASE_PLACE2);
    harness_click_point(app, 5, 5);
    assert_int_equal(session_phase(s), SESSION_PHASE_CHOOSE2);
    app_destroy(app);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_people_swap2_by_clicks),
        cmocka_unit_test(test_computer_opens_swap2),
        cmocka_unit_test(test_resume_mid_opening),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
