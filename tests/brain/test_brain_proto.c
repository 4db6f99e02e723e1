/*
 * test_brain_proto.c - scripted Gomocup sessions fed to the Brain object.
 *
 * Every test speaks only the protocol (plus the read-only accessors), so
 * what passes here is what a manager sees.
 */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* nanosleep in strict C11 */
#endif

#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#ifndef _WIN32
#include <pthread.h>
#include <time.h>
#endif

#include "brain_policy.h"
#include "brain_proto.h"
#include "core/board.h"
#include "core/rules.h"

#define CAP_LINES 256
#define CAP_LEN   256

typedef struct Capture {
    int n;
    char line[CAP_LINES][CAP_LEN];
    /* Interrupt from inside the search: at the first "MESSAGE depth" line,
     * brain_interrupt(b, trigger) is called and its answer kept. */
    Brain *b;
    BrainUrgent trigger;
    int trigger_line; /* index of that MESSAGE, -1 before */
    bool trigger_taken;
} Capture;

static void cap_write(const char *line, void *user)
{
    Capture *c = user;
    if (c->n < CAP_LINES) {
        snprintf(c->line[c->n], CAP_LEN, "%s", line);
    }
    if (c->trigger != BRAIN_URGENT_NONE && strncmp(line, "MESSAGE depth ", 14) == 0) {
        c->trigger_line = c->n;
        c->trigger_taken = brain_interrupt(c->b, c->trigger);
        c->trigger = BRAIN_URGENT_NONE;
    }
    c->n++;
}

typedef struct Fixture {
    Capture cap;
    Brain *b;
} Fixture;

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->b = brain_new(cap_write, &f->cap);
    assert_non_null(f->b);
    f->cap.b = f->b;
    f->cap.trigger_line = -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    brain_free(f->b);
    free(f);
    return 0;
}

/* Feeds one line with the capture emptied first; returns the status. */
static BrainStatus send(Fixture *f, const char *line)
{
    f->cap.n = 0;
    return brain_feed_line(f->b, line);
}

/* Number of captured lines that are not MESSAGE lines. */
static int replies(const Fixture *f)
{
    int n = 0;
    for (int i = 0; i < f->cap.n && i < CAP_LINES; i++) {
        n += strncmp(f->cap.line[i], "MESSAGE ", 8) != 0;
    }
    return n;
}

/* The only non-MESSAGE reply of the last line fed (fails if not exactly one). */
static const char *reply_of(const Fixture *f)
{
    const char *r = NULL;
    assert_int_equal(replies(f), 1);
    for (int i = 0; i < f->cap.n && i < CAP_LINES; i++) {
        if (strncmp(f->cap.line[i], "MESSAGE ", 8) != 0) {
            r = f->cap.line[i];
        }
    }
    assert_non_null(r);
    return r;
}

static void expect_reply(Fixture *f, const char *line, const char *want)
{
    send(f, line);
    assert_string_equal(reply_of(f), want);
}

static void expect_prefix(Fixture *f, const char *line, const char *prefix)
{
    const char *r;
    send(f, line);
    r = reply_of(f);
    if (strncmp(r, prefix, strlen(prefix)) != 0) {
        fail_msg("'%s' answered '%s', expected '%s...'", line, r, prefix);
    }
}

static void expect_silence(Fixture *f, const char *line)
{
    send(f, line);
    assert_int_equal(replies(f), 0);
}

/* Parses a move reply "x,y" strictly. */
static Move parse_move(const char *s)
{
    int x, y, used = 0;
    Move m = MOVE_NONE;
    if (sscanf(s, "%d,%d%n", &x, &y, &used) == 2 && s[used] == '\0') {
        m.x = (int8_t)x;
        m.y = (int8_t)y;
    }
    return m;
}

/* Feeds a line that must be answered by a move; checks it is on the board
 * and now holds the brain's stone, and returns it. */
static Move expect_move(Fixture *f, const char *line)
{
    Move m;
    send(f, line);
    m = parse_move(reply_of(f));
    if (!move_is_valid(m)) {
        fail_msg("'%s' answered '%s', expected a move", line, reply_of(f));
    }
    assert_int_equal(brain_cell(f->b, m.x, m.y), BRAIN_CELL_OWN);
    return m;
}

/* Sends BOARD, the stones, and DONE; returns the brain's move. */
static Move board_position(Fixture *f, const char *const *stones)
{
    expect_silence(f, "BOARD");
    for (int i = 0; stones[i] != NULL; i++) {
        expect_silence(f, stones[i]);
    }
    return expect_move(f, "DONE");
}

/* Rebuilds a colour board from the brain's view (own = me). */
static Board colour_board(const Fixture *f, Stone me)
{
    Board board;
    int n = brain_board_size(f->b);
    board_init(&board, n);
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            BrainCell c = brain_cell(f->b, x, y);
            if (c == BRAIN_CELL_OWN) {
                board_set(&board, x, y, me);
            } else if (c != BRAIN_CELL_EMPTY) {
                board_set(&board, x, y, stone_opponent(me));
            }
        }
    }
    return board;
}

/* ---- tests ----------------------------------------------------------- */

static void test_start_and_about(void **state)
{
    Fixture *f = *state;

    assert_int_equal(brain_board_size(f->b), 0);
    expect_prefix(f, "START 4", "ERROR");
    expect_prefix(f, "START 23", "ERROR");
    expect_prefix(f, "START", "ERROR");
    expect_prefix(f, "START fifteen", "ERROR");
    assert_int_equal(brain_board_size(f->b), 0);
    expect_reply(f, "START 15", "OK");
    assert_int_equal(brain_board_size(f->b), 15);
    expect_reply(f, "start   5", "OK");
    assert_int_equal(brain_board_size(f->b), 5);
    expect_reply(f, "START 22", "OK");
    assert_int_equal(brain_board_size(f->b), 22);
    expect_reply(f, "ABOUT",
                 "name=\"Gomoku\", version=\"" GOMOKU_VERSION "\", author=\"Gomoku developers\", "
                 "country=\"International\"");
}

static void test_rectstart(void **state)
{
    Fixture *f = *state;

    expect_reply(f, "RECTSTART 20,15", "ERROR rectangular boards are not supported");
    assert_int_equal(brain_board_size(f->b), 0);
    expect_prefix(f, "RECTSTART 30,30", "ERROR");
    expect_prefix(f, "RECTSTART 15", "ERROR");
    expect_reply(f, "RECTSTART 15 , 15", "OK");
    assert_int_equal(brain_board_size(f->b), 15);
}

static void test_begin_plays_near_centre(void **state)
{
    Fixture *f = *state;
    Move m;

    expect_reply(f, "START 15", "OK");
    expect_silence(f, "INFO timeout_turn 300");
    m = expect_move(f, "BEGIN");
    assert_true(abs(m.x - 7) <= 2 && abs(m.y - 7) <= 2);
}

static void test_board_win_then_turn_win(void **state)
{
    Fixture *f = *state;
    /* The brain has four in a row blocked on the left; the opponent has one
     * stone more, so the brain is to move and wins at 9,5. */
    static const char *const stones[] = {"14,14,2", "6,5,1", "4,5,2",  "0,0,2", "8,5,1",
                                         "0,14,2",  "5,5,1", "14,0,2", "7,5,1", NULL};
    Move m;

    expect_reply(f, "START 15", "OK");
    expect_silence(f, "INFO timeout_turn 300");
    m = board_position(f, stones);
    assert_int_equal(m.x, 9);
    assert_int_equal(m.y, 5);

    /* Take back the win and the opponent's last stone, then let the
     * opponent play it again with TURN: the brain must win again. */
    expect_reply(f, "TAKEBACK 9,5", "OK");
    assert_int_equal(brain_cell(f->b, 9, 5), BRAIN_CELL_EMPTY);
    expect_reply(f, "TAKEBACK 14,14", "OK");
    assert_int_equal(brain_cell(f->b, 14, 14), BRAIN_CELL_EMPTY);
    m = expect_move(f, "TURN 14,14");
    assert_int_equal(brain_cell(f->b, 14, 14), BRAIN_CELL_OPPONENT);
    assert_int_equal(m.x, 9);
    assert_int_equal(m.y, 5);
}

static void test_board_blocks_four(void **state)
{
    Fixture *f = *state;
    /* The opponent's diagonal four 3,3..6,6 is closed at 2,2 by us: only
     * 7,7 stops five.  Stones are in no particular order. */
    static const char *const stones[] = {"5,5,2", "10,1,1", "3,3,2",  "12,3,1", "6,6,2",
                                         "2,2,1", "4,4,2",  "0,13,1", NULL};
    Move m;

    expect_reply(f, "START 15", "OK");
    expect_silence(f, "INFO timeout_turn 300");
    m = board_position(f, stones);
    assert_int_equal(m.x, 7);
    assert_int_equal(m.y, 7);
}

/* Black (the brain) has XX_XXX on row 7: filling 5,7 makes six. */
static const char *const overline_stones[] = {"3,7,1",   "4,7,1",   "6,7,1",  "7,7,1",
                                              "8,7,1",   "0,0,2",   "14,0,2", "0,14,2",
                                              "14,14,2", "12,12,2", NULL};

static void test_renju_black_avoids_forbidden(void **state)
{
    Fixture *f = *state;
    Rules renju = {RULE_RENJU, 5};
    Board before;
    Move m;

    expect_reply(f, "START 15", "OK");
    expect_silence(f, "INFO timeout_turn 300");
    expect_silence(f, "INFO rule 4");
    assert_int_equal(brain_rules(f->b).kind, RULE_RENJU);
    m = board_position(f, overline_stones);
    assert_false(m.x == 5 && m.y == 7);
    /* The move must be legal for black in the position it was played in. */
    before = colour_board(f, STONE_BLACK);
    board_set(&before, m.x, m.y, STONE_EMPTY);
    assert_int_equal(rules_forbidden(&before, renju, m), FORBID_NONE);
}

static void test_freestyle_plays_the_overline(void **state)
{
    Fixture *f = *state;
    Move m;

    /* Same position without renju: six wins, so the brain takes it (this
     * shows the renju test above can fail). */
    expect_reply(f, "START 15", "OK");
    expect_silence(f, "INFO timeout_turn 300");
    expect_silence(f, "INFO rule 0");
    m = board_position(f, overline_stones);
    assert_int_equal(m.x, 5);
    assert_int_equal(m.y, 7);
}

static void test_renju_white_may_overline(void **state)
{
    Fixture *f = *state;
    static const char *const stones[] = {"3,7,1",   "4,7,1",   "6,7,1",  "7,7,1",
                                         "8,7,1",   "0,0,2",   "14,0,2", "0,14,2",
                                         "14,14,2", "12,12,2", "2,12,2", NULL};
    Move m;

    /* With one opponent stone more the brain is white, and white wins with
     * six under renju. */
    expect_reply(f, "START 15", "OK");
    expect_silence(f, "INFO timeout_turn 300");
    expect_silence(f, "INFO rule 4");
    m = board_position(f, stones);
    assert_int_equal(m.x, 5);
    assert_int_equal(m.y, 7);
}

static void test_win_length_three(void **state)
{
    Fixture *f = *state;
    /* With k = 3 the diagonal pair 0,8 1,7 wins at 2,6 at once (under
     * k = 5 that line is dead, blocked by the opponent at 4,4). */
    static const char *const stones[] = {"3,4,2", "0,8,1", "4,4,2", "1,7,1", NULL};
    Move m;

    expect_reply(f, "START 9", "OK");
    expect_silence(f, "INFO timeout_turn 300");
    expect_prefix(f, "INFO win_length 0", "ERROR");
    expect_prefix(f, "INFO win_length 7", "ERROR");
    assert_int_equal(brain_rules(f->b).k, 5);
    expect_silence(f, "INFO win_length 3");
    assert_int_equal(brain_rules(f->b).k, 3);
    m = board_position(f, stones);
    assert_int_equal(m.x, 2);
    assert_int_equal(m.y, 6);
}

static void test_rule_notes(void **state)
{
    Fixture *f = *state;

    expect_silence(f, "INFO rule 1");
    assert_int_equal(brain_rules(f->b).kind, RULE_EXACT);
    /* Caro and continuous are accepted with a note and played as the
     * nearest supported rule. */
    send(f, "INFO rule 8");
    assert_int_equal(replies(f), 0);
    assert_true(f->cap.n >= 1);
    assert_int_equal(brain_rules(f->b).kind, RULE_FREESTYLE);
    send(f, "INFO rule 2");
    assert_int_equal(replies(f), 0);
    assert_true(f->cap.n >= 1);
    /* Renju with a win length other than five falls back to freestyle. */
    expect_silence(f, "INFO win_length 4");
    send(f, "INFO rule 4");
    assert_int_equal(replies(f), 0);
    assert_true(f->cap.n >= 1);
    assert_int_equal(brain_rules(f->b).kind, RULE_FREESTYLE);
    assert_int_equal(brain_rules(f->b).k, 4);
    expect_silence(f, "INFO win_length 5");
    assert_int_equal(brain_rules(f->b).kind, RULE_RENJU);
}

static void test_garbled_lines(void **state)
{
    Fixture *f = *state;
    Move m;

    expect_reply(f, "TURN 1,1", "ERROR TURN before START");
    expect_prefix(f, "BEGIN", "ERROR");
    expect_prefix(f, "TAKEBACK 1,1", "ERROR");
    expect_prefix(f, "RESTART", "ERROR");
    expect_silence(f, "BOARD");
    expect_silence(f, "1,1,1");
    expect_prefix(f, "DONE", "ERROR");

    expect_reply(f, "START 15", "OK");
    expect_silence(f, "INFO timeout_turn 200");
    expect_prefix(f, "TURN a,b", "ERROR");
    expect_prefix(f, "TURN 3", "ERROR");
    expect_prefix(f, "TURN 3,4,5", "ERROR");
    expect_prefix(f, "TURN 15,3", "ERROR");
    expect_prefix(f, "TURN -1,3", "ERROR");
    expect_prefix(f, "TURN 99999999999999999999999,3", "ERROR");
    expect_prefix(f, "DONE", "ERROR");
    expect_prefix(f, "INFO timeout_turn soon", "ERROR");
    expect_prefix(f, "INFO max_memory -5", "ERROR");
    expect_prefix(f, "INFO", "ERROR");
    /* Nothing above changed the position... */
    for (int y = 0; y < 15; y++) {
        for (int x = 0; x < 15; x++) {
            assert_int_equal(brain_cell(f->b, x, y), BRAIN_CELL_EMPTY);
        }
    }
    /* ...and the brain still answers. */
    expect_prefix(f, "ABOUT", "name=");
    expect_move(f, "  turn   7 ,  7  ");
    assert_int_equal(brain_cell(f->b, 7, 7), BRAIN_CELL_OPPONENT);
    expect_prefix(f, "TURN 7,7", "ERROR"); /* occupied */

    /* Bad lines inside BOARD are reported; the good ones still count. */
    expect_silence(f, "BOARD");
    expect_prefix(f, "1,2,5", "ERROR");
    expect_prefix(f, "1,2", "ERROR");
    expect_prefix(f, "20,2,1", "ERROR");
    expect_silence(f, "1,2,2");
    expect_prefix(f, "1,2,1", "ERROR");
    m = expect_move(f, "done");
    /* BOARD replaced the whole position: its one stone and the reply. */
    assert_int_equal(brain_cell(f->b, 1, 2), BRAIN_CELL_OPPONENT);
    {
        int stones = 0;
        for (int y = 0; y < 15; y++) {
            for (int x = 0; x < 15; x++) {
                stones += brain_cell(f->b, x, y) != BRAIN_CELL_EMPTY;
            }
        }
        assert_int_equal(stones, 2);
        assert_false(m.x == 1 && m.y == 2);
    }

    /* A command inside BOARD abandons it and is obeyed. */
    expect_silence(f, "BOARD");
    send(f, "ABOUT");
    assert_int_equal(replies(f), 2);
    assert_int_equal(strncmp(f->cap.line[0], "ERROR", 5), 0);
    assert_int_equal(strncmp(f->cap.line[1], "name=", 5), 0);

    /* Empty and blank lines are ignored. */
    expect_silence(f, "");
    expect_silence(f, "   \r");
    expect_reply(f, "RESTART\r\n", "OK");
}

static void test_unknown_commands(void **state)
{
    Fixture *f = *state;

    expect_reply(f, "FOO bar", "UNKNOWN FOO bar");
    expect_prefix(f, "PLAY 1,1", "UNKNOWN");
    expect_prefix(f, "STARTX 15", "UNKNOWN");
    expect_prefix(f, "ABOUTTHISVERYLONGCOMMANDNAME", "UNKNOWN");
    expect_reply(f, "START 15", "OK");
    expect_prefix(f, "about", "name=");
    /* Unknown INFO keys are ignored silently; so are the unused known ones. */
    expect_silence(f, "INFO colour_of_the_sky blue");
    expect_silence(f, "INFO folder C:\\tmp\\brain");
    expect_silence(f, "INFO evaluate 3,4");
    expect_silence(f, "INFO game_type 1");
    expect_silence(f, "INFO TIMEOUT_MATCH 100000");
}

static void test_takeback_and_restart(void **state)
{
    Fixture *f = *state;
    Move m;

    expect_reply(f, "START 15", "OK");
    expect_silence(f, "INFO timeout_turn 200");
    m = expect_move(f, "BEGIN");
    expect_prefix(f, "TAKEBACK 0,0", "ERROR");
    expect_prefix(f, "TAKEBACK 15,0", "ERROR");
    {
        char line[32];
        snprintf(line, sizeof line, "TAKEBACK %d,%d", m.x, m.y);
        expect_reply(f, line, "OK");
        assert_int_equal(brain_cell(f->b, m.x, m.y), BRAIN_CELL_EMPTY);
        expect_prefix(f, line, "ERROR");
    }
    expect_move(f, "TURN 0,0");
    expect_reply(f, "RESTART", "OK");
    assert_int_equal(brain_board_size(f->b), 15);
    for (int y = 0; y < 15; y++) {
        for (int x = 0; x < 15; x++) {
            assert_int_equal(brain_cell(f->b, x, y), BRAIN_CELL_EMPTY);
        }
    }
    /* After RESTART the brain plays first again as black. */
    m = expect_move(f, "BEGIN");
    assert_true(abs(m.x - 7) <= 2 && abs(m.y - 7) <= 2);
}

static void test_end(void **state)
{
    Fixture *f = *state;

    assert_int_equal(send(f, "START 15"), BRAIN_CONTINUE);
    assert_int_equal(send(f, "ABOUT"), BRAIN_CONTINUE);
    assert_int_equal(send(f, "end"), BRAIN_QUIT);
    assert_int_equal(f->cap.n, 0);
    assert_int_equal(send(f, "END\r"), BRAIN_QUIT);
    assert_int_equal(f->cap.n, 0);
}

static void test_messages_report_the_search(void **state)
{
    Fixture *f = *state;
    int found = 0;

    expect_reply(f, "START 15", "OK");
    expect_silence(f, "INFO timeout_turn 200");
    expect_move(f, "TURN 7,7");
    for (int i = 0; i < f->cap.n && i < CAP_LINES; i++) {
        const char *l = f->cap.line[i];
        if (strncmp(l, "MESSAGE depth ", 14) == 0) {
            assert_non_null(strstr(l, " eval "));
            assert_non_null(strstr(l, " nodes "));
            assert_non_null(strstr(l, " nps "));
            assert_non_null(strstr(l, " time "));
            assert_non_null(strstr(l, " pv"));
            found++;
        }
    }
    assert_true(found >= 1);
}

static void test_info_clock_and_memory(void **state)
{
    Fixture *f = *state;
    int t;

    assert_int_equal(brain_table_bytes(f->b), BRAIN_DEFAULT_TABLE_BYTES);
    expect_silence(f, "INFO max_memory 83886080");
    assert_true(brain_table_bytes(f->b) <= 83886080 / 2);
    assert_true(brain_table_bytes(f->b) >= (size_t)1 << 20);
    expect_silence(f, "INFO max_memory 0");
    assert_int_equal(brain_table_bytes(f->b), BRAIN_DEFAULT_TABLE_BYTES);

    expect_reply(f, "START 15", "OK");
    expect_silence(f, "INFO timeout_turn 1000");
    assert_true(brain_table_bytes(f->b) <= 1000 * BRAIN_TABLE_BYTES_PER_MS);
    t = brain_time_budget_ms(f->b);
    assert_true(t > 500 && t <= 1000 - BRAIN_MIN_MARGIN_MS);
    expect_silence(f, "INFO timeout_match 60000");
    expect_silence(f, "INFO time_left 1200");
    t = brain_time_budget_ms(f->b);
    assert_true(t >= 1 && t <= 1200 / 12);
    expect_silence(f, "INFO timeout_turn 0");
    expect_silence(f, "INFO time_left 60000");
    assert_int_equal(brain_time_budget_ms(f->b), BRAIN_FAST_MS);
}

/* INFO thread_num sets the search threads, within what the engine runs. */
static void test_info_thread_num(void **state)
{
    Fixture *f = *state;

    assert_int_equal(brain_search_threads(f->b), 1);
    expect_silence(f, "INFO thread_num 2");
    assert_int_equal(brain_search_threads(f->b), 2);
    expect_silence(f, "INFO THREAD_NUM 0");
    assert_int_equal(brain_search_threads(f->b), 1);
    expect_silence(f, "INFO thread_num 100000");
    assert_int_equal(brain_search_threads(f->b), AI_MAX_THREADS);
    expect_reply(f, "INFO thread_num two", "ERROR INFO thread_num needs a number");
    assert_int_equal(brain_search_threads(f->b), AI_MAX_THREADS);
    expect_silence(f, "INFO thread_num 2");
    expect_reply(f, "START 15", "OK");
    expect_move(f, "BEGIN");
    assert_int_equal(brain_search_threads(f->b), 2);
}

/* ---- interrupts (STOP / END while searching) -------------------------- */

/* Starts a 20x20 game with a 30 s turn and the brain's centre opening, so
 * that the next TURN starts a search that would run for many seconds. */
static void long_search_setup(Fixture *f)
{
    expect_reply(f, "START 20", "OK");
    expect_silence(f, "INFO timeout_turn 30000");
    expect_silence(f, "INFO max_memory 83886080");
    expect_move(f, "BEGIN");
}

/* Deepest "MESSAGE depth D" among the captured lines from index from on. */
static int deepest_report(const Fixture *f, int from)
{
    int deepest = -1;
    for (int i = from; i < f->cap.n && i < CAP_LINES; i++) {
        int d;
        if (sscanf(f->cap.line[i], "MESSAGE depth %d", &d) == 1 && d > deepest) {
            deepest = d;
        }
    }
    return deepest;
}

/* Clock values up to and past the int64 limit: taken (saturated), never
 * overflowing in the time policy (UBSan aborts the old code here). */
static void test_clock_at_integer_limits(void **state)
{
    /* The first is within the protocol's numbers: the old policy's
     * margin overflowed on it. */
    static const char *const huge[] = {"999999999999999999", "9223372036854775807",
                                       "9223372036854775808", "99999999999999999999999999",
                                       "+2147483648"};
    Fixture *f = *state;
    char line[64];
    int t;

    expect_reply(f, "START 15", "OK");
    for (size_t i = 0; i < sizeof huge / sizeof huge[0]; i++) {
        snprintf(line, sizeof line, "INFO timeout_turn %s", huge[i]);
        expect_silence(f, line);
        snprintf(line, sizeof line, "INFO timeout_match %s", huge[i]);
        expect_silence(f, line);
        snprintf(line, sizeof line, "INFO time_left %s", huge[i]);
        expect_silence(f, line);
        /* Hours at least (the last: 2^31 ms over 40 moves). */
        t = brain_time_budget_ms(f->b);
        assert_true(t >= 40000000);
    }
    /* A huge match clock under a short turn: the turn decides. */
    expect_silence(f, "INFO timeout_turn 200");
    t = brain_time_budget_ms(f->b);
    assert_true(t >= 1 && t < 200);
    expect_move(f, "TURN 7,7");
    /* A clock run past zero means no time left: answer at once. */
    expect_silence(f, "INFO time_left -250");
    assert_true(brain_time_budget_ms(f->b) <= 2);
    expect_silence(f, "INFO time_left -99999999999999999999999");
    assert_true(brain_time_budget_ms(f->b) <= 2);
    /* Other keys stay non-negative, and a number is still a number. */
    expect_reply(f, "INFO timeout_turn -5", "ERROR INFO timeout_turn needs a non-negative number");
    expect_reply(f, "INFO max_memory 12x", "ERROR INFO max_memory needs a number");
    expect_prefix(f, "INFO time_left -", "ERROR");
    expect_prefix(f, "INFO time_left 1 2", "ERROR");
}

/* BEGIN on a board with stones (a BEGIN sent twice) is refused with a
 * reason and changes nothing: a move now would be a second in a row. */
static void test_begin_twice(void **state)
{
    Fixture *f = *state;
    Move m;

    expect_reply(f, "START 15", "OK");
    expect_silence(f, "INFO timeout_turn 100");
    m = expect_move(f, "BEGIN");
    expect_reply(f, "BEGIN", "ERROR BEGIN on a board with stones: send START or RESTART first");
    for (int y = 0; y < 15; y++) {
        for (int x = 0; x < 15; x++) {
            assert_int_equal(brain_cell(f->b, x, y),
                             x == m.x && y == m.y ? BRAIN_CELL_OWN : BRAIN_CELL_EMPTY);
        }
    }
    /* The game goes on as it was. */
    expect_move(f, "TURN 0,0");
    expect_reply(f, "RESTART", "OK");
    expect_move(f, "BEGIN");
}

/* What the brain echoes of a bad line is text: control bytes and bytes
 * that are not UTF-8 come back as '?', well-formed UTF-8 as it came. */
static void test_echoes_are_text(void **state)
{
    Fixture *f = *state;

    expect_reply(f, "FOO \x01\x1b[2J\x7f\xff\xc3 bar", "UNKNOWN FOO ??[2J??? bar");
    expect_reply(f, "FOO \xe4\xba\x94 \xe5\xad", "UNKNOWN FOO \xe4\xba\x94 ??");
    expect_reply(f, "START 15", "OK");
    expect_silence(f, "BOARD");
    expect_reply(f, "1,\x02", "ERROR BOARD: expected x,y,field or DONE, got '1,?'");
}

/* Caps bound every search: a tiny node budget still answers a legal move
 * at once, and the table stays within its cap. */
static void test_caps(void **state)
{
    Fixture *f = *state;
    BrainCaps caps = {2, 300, BRAIN_MIN_TABLE_BYTES};

    brain_set_caps(f->b, caps);
    assert_int_equal(brain_table_bytes(f->b), BRAIN_MIN_TABLE_BYTES);
    expect_reply(f, "START 15", "OK");
    expect_silence(f, "INFO timeout_turn 30000");
    expect_move(f, "TURN 7,7");
    assert_true(deepest_report(f, 0) <= 2);
    for (int i = 0; i < f->cap.n && i < CAP_LINES; i++) {
        long long nodes;
        if (sscanf(f->cap.line[i], "MESSAGE depth %*d eval %*d nodes %lld", &nodes) == 1) {
            assert_true(nodes <= 2 * 300);
        }
    }
    caps.table_bytes = 1; /* below the least table: the least */
    brain_set_caps(f->b, caps);
    assert_int_equal(brain_table_bytes(f->b), BRAIN_MIN_TABLE_BYTES);
    expect_move(f, "TURN 0,0");
}

/* Parses an answer of n stones "x,y x,y ..." strictly; false otherwise. */
static bool parse_stones(const char *s, Move *m, int n)
{
    for (int i = 0; i < n; i++) {
        int x, y, used = 0;
        if (sscanf(s, "%d,%d%n", &x, &y, &used) != 2) {
            return false;
        }
        m[i].x = (int8_t)x;
        m[i].y = (int8_t)y;
        s += used;
        if (*s != (i + 1 < n ? ' ' : '\0')) {
            return false;
        }
        s += i + 1 < n;
    }
    return true;
}

/* Sends SWAP2BOARD, the stone lines and DONE; returns the answer to DONE. */
static const char *swap2(Fixture *f, const char *const *stones)
{
    expect_silence(f, "SWAP2BOARD");
    for (int i = 0; stones[i] != NULL; i++) {
        expect_silence(f, stones[i]);
    }
    send(f, "DONE");
    return reply_of(f);
}

/* A budget small enough for quick tests, large enough to judge. */
static const BrainCaps SWAP2_CAPS = {10, 60000, 0};

static void test_swap2board_places_three(void **state)
{
    Fixture *f = *state;
    static const char *const none[] = {NULL};
    Move m[3];

    brain_set_caps(f->b, SWAP2_CAPS);
    expect_silence(f, "SWAP2BOARD");
    expect_prefix(f, "DONE", "ERROR SWAP2BOARD before START");
    expect_reply(f, "START 15", "OK");
    const char *r = swap2(f, none);
    if (!parse_stones(r, m, 3)) {
        fail_msg("SWAP2BOARD on an empty board answered '%s'", r);
    }
    /* Three distinct points on the board: black, white, black.  Until the
     * other side chooses, the brain holds the black ones as its own. */
    for (int i = 0; i < 3; i++) {
        assert_true(m[i].x >= 0 && m[i].x < 15 && m[i].y >= 0 && m[i].y < 15);
        for (int j = 0; j < i; j++) {
            assert_false(move_equal(m[i], m[j]));
        }
        assert_int_equal(brain_cell(f->b, m[i].x, m[i].y),
                         i == 1 ? BRAIN_CELL_OPPONENT : BRAIN_CELL_OWN);
    }
    /* Another seed, another opening (the default seed's first two differ). */
    Move again[3];
    assert_true(parse_stones(swap2(f, none), again, 3));
    assert_true(memcmp(m, again, sizeof m) != 0);
}

static void test_swap2board_takes_black_with_swap(void **state)
{
    Fixture *f = *state;
    /* Two black stones together in the centre, the white one in a corner. */
    static const char *const three[] = {"7,7", "0,0", "8,8", NULL};
    /* The same with the fields some managers add (ignored). */
    static const char *const fields[] = {"7,7,2", "0,0,1", "8,8,2", NULL};
    /* Five: an open three for black, white's stones in the corners. */
    static const char *const five[] = {"6,7", "0,0", "7,7", "14,14", "8,7", NULL};

    brain_set_caps(f->b, SWAP2_CAPS);
    expect_reply(f, "START 15", "OK");
    assert_string_equal(swap2(f, three), "SWAP");
    assert_int_equal(brain_cell(f->b, 7, 7), BRAIN_CELL_OWN);
    assert_int_equal(brain_cell(f->b, 0, 0), BRAIN_CELL_OPPONENT);
    /* The other side plays white's move; the brain answers as black. */
    Move m = expect_move(f, "TURN 9,9");
    assert_false(m.x == 9 && m.y == 9);
    assert_string_equal(swap2(f, fields), "SWAP");
    assert_string_equal(swap2(f, five), "SWAP");
    assert_int_equal(brain_cell(f->b, 14, 14), BRAIN_CELL_OPPONENT);
}

static void test_swap2board_takes_white_with_a_move(void **state)
{
    Fixture *f = *state;
    /* Black's stones in two corners, white's in the centre. */
    static const char *const three[] = {"0,0", "7,7", "14,14", NULL};
    static const char *const five[] = {"0,0", "7,7", "14,0", "8,7", "0,14", NULL};
    Move m = MOVE_NONE;

    brain_set_caps(f->b, SWAP2_CAPS);
    expect_reply(f, "START 15", "OK");
    for (int k = 0; k < 2; k++) {
        const char *r = swap2(f, k == 0 ? three : five);
        if (!parse_stones(r, &m, 1)) {
            fail_msg("SWAP2BOARD with white ahead answered '%s'", r);
        }
        /* The brain is white now: its move and the centre are its own. */
        assert_int_equal(brain_cell(f->b, m.x, m.y), BRAIN_CELL_OWN);
        assert_int_equal(brain_cell(f->b, 7, 7), BRAIN_CELL_OWN);
        assert_int_equal(brain_cell(f->b, 0, 0), BRAIN_CELL_OPPONENT);
        assert_false(m.x == 0 && m.y == 0);
        assert_false(m.x == 14 && m.y == 14);
    }
    /* Black's next move comes as TURN; the brain answers as white. */
    m = expect_move(f, "TURN 1,1");
    Board board = colour_board(f, STONE_WHITE);
    assert_int_equal(board.count, 8);
}

static void test_swap2board_bad_lists(void **state)
{
    Fixture *f = *state;

    brain_set_caps(f->b, SWAP2_CAPS);
    expect_reply(f, "START 15", "OK");
    /* Stone counts other than 0, 3 and 5. */
    static const char *const one[] = {"7,7", NULL};
    static const char *const four[] = {"7,7", "8,8", "9,9", "10,10", NULL};
    assert_string_equal(swap2(f, one), "ERROR SWAP2BOARD needs 0, 3 or 5 stones, got 1");
    assert_string_equal(swap2(f, four), "ERROR SWAP2BOARD needs 0, 3 or 5 stones, got 4");
    /* Bad lines are refused one by one and leave out their stone. */
    expect_silence(f, "SWAP2BOARD");
    expect_prefix(f, "15,0", "ERROR SWAP2BOARD: point 15,0 is off");
    expect_prefix(f, "1,2,3", "ERROR SWAP2BOARD: expected x,y");
    expect_prefix(f, "1", "ERROR SWAP2BOARD: expected x,y");
    expect_silence(f, "1,1");
    expect_prefix(f, "1,1", "ERROR SWAP2BOARD: point 1,1 given twice");
    expect_silence(f, "2,2");
    expect_silence(f, "3,3");
    expect_silence(f, "4,4");
    expect_silence(f, "5,5");
    expect_prefix(f, "6,6", "ERROR SWAP2BOARD: more than 5 stones");
    /* The five stones kept make a choice after five. */
    send(f, "DONE");
    Move m;
    assert_true(parse_stones(reply_of(f), &m, 1) || strcmp(reply_of(f), "SWAP") == 0);
    /* A command inside the list ends it, and is obeyed. */
    expect_silence(f, "SWAP2BOARD");
    send(f, "ABOUT");
    assert_int_equal(replies(f), 2);
    assert_int_equal(strncmp(f->cap.line[0], "ERROR SWAP2BOARD ended", 22), 0);
    assert_int_equal(strncmp(f->cap.line[1], "name=", 5), 0);
    expect_prefix(f, "DONE", "ERROR DONE without BOARD");
    /* Swap2 is a rule of five in a row. */
    static const char *const none[] = {NULL};
    expect_silence(f, "INFO win_length 4");
    assert_string_equal(swap2(f, none), "ERROR SWAP2BOARD needs five in a row, not 4");
}

static void test_urgent_kind(void **state)
{
    (void)state;
    assert_int_equal(brain_urgent_kind("END"), BRAIN_URGENT_END);
    assert_int_equal(brain_urgent_kind("  end\r\n"), BRAIN_URGENT_END);
    assert_int_equal(brain_urgent_kind("END now"), BRAIN_URGENT_END);
    assert_int_equal(brain_urgent_kind(NULL), BRAIN_URGENT_NONE);
    assert_int_equal(brain_urgent_kind("STOP"), BRAIN_URGENT_STOP);
    assert_int_equal(brain_urgent_kind("Stop\r"), BRAIN_URGENT_STOP);
    assert_int_equal(brain_urgent_kind("YXSTOP"), BRAIN_URGENT_STOP);
    assert_int_equal(brain_urgent_kind("yxstop "), BRAIN_URGENT_STOP);
    assert_int_equal(brain_urgent_kind("STOPX"), BRAIN_URGENT_NONE);
    assert_int_equal(brain_urgent_kind("ENDING"), BRAIN_URGENT_NONE);
    assert_int_equal(brain_urgent_kind("XSTOP"), BRAIN_URGENT_NONE);
    assert_int_equal(brain_urgent_kind("ABOUT"), BRAIN_URGENT_NONE);
    assert_int_equal(brain_urgent_kind("TURN 1,1"), BRAIN_URGENT_NONE);
    assert_int_equal(brain_urgent_kind(""), BRAIN_URGENT_NONE);
}

static void test_interrupt_while_idle(void **state)
{
    Fixture *f = *state;

    assert_false(brain_interrupt(f->b, BRAIN_URGENT_STOP));
    assert_false(brain_interrupt(f->b, BRAIN_URGENT_END));
    assert_false(brain_interrupt(f->b, BRAIN_URGENT_NONE));
    assert_false(brain_interrupt(NULL, BRAIN_URGENT_END));
    /* Refused interrupts change nothing: the brain goes on as before. */
    expect_reply(f, "START 15", "OK");
    expect_silence(f, "INFO timeout_turn 200");
    expect_move(f, "TURN 7,7");
    assert_false(brain_interrupt(f->b, BRAIN_URGENT_END));
    expect_prefix(f, "ABOUT", "name=");
    /* Fed as lines outside a search, STOP and YXSTOP are unknown commands. */
    expect_reply(f, "STOP", "UNKNOWN STOP");
    expect_reply(f, "yxstop", "UNKNOWN yxstop");
}

static void test_stop_during_search(void **state)
{
    Fixture *f = *state;
    int stopped_at = -1;

    long_search_setup(f);
    f->cap.trigger = BRAIN_URGENT_STOP;
    expect_move(f, "TURN 11,11");
    assert_true(f->cap.trigger_taken);
    assert_true(f->cap.trigger_line >= 0);
    assert_int_equal(sscanf(f->cap.line[f->cap.trigger_line], "MESSAGE depth %d", &stopped_at), 1);
    /* Left alone the search would go many plies deeper in its 26 s; stopped,
     * it can at most finish the iteration it was in. */
    assert_true(deepest_report(f, 0) <= stopped_at + 2);
    assert_int_equal(brain_cell(f->b, 11, 11), BRAIN_CELL_OPPONENT);

    /* The stop was for that search only: the next one is not cut short
     * before it starts (it would then report no finished depth). */
    expect_silence(f, "INFO timeout_turn 300");
    expect_move(f, "TURN 9,9");
    assert_true(deepest_report(f, 0) >= 1);
    /* YXSTOP is the same request. */
    expect_silence(f, "INFO timeout_turn 30000");
    f->cap.trigger = BRAIN_URGENT_STOP;
    f->cap.trigger_line = -1;
    expect_move(f, "TURN 12,12");
    assert_true(f->cap.trigger_taken);
}

static void test_end_during_search(void **state)
{
    Fixture *f = *state;

    long_search_setup(f);
    f->cap.trigger = BRAIN_URGENT_END;
    assert_int_equal(send(f, "TURN 11,11"), BRAIN_QUIT);
    assert_true(f->cap.trigger_taken);
    /* Nothing at all after END: no MESSAGE, no move. */
    assert_int_equal(f->cap.n, f->cap.trigger_line + 1);
    assert_int_equal(replies(f), 0);
    /* The brain has quit: every later line is refused the same way. */
    assert_int_equal(send(f, "ABOUT"), BRAIN_QUIT);
    assert_int_equal(f->cap.n, 0);
    assert_false(brain_interrupt(f->b, BRAIN_URGENT_STOP));
}

#ifndef _WIN32
typedef struct Stopper {
    Brain *b;
    atomic_int done;  /* set by the test once the search has answered */
    atomic_int taken; /* 1 when a STOP was taken */
} Stopper;

/* Offers STOP every millisecond until a search takes it, as the input
 * thread would for a manager that sends STOP at some moment. */
static void *stopper_main(void *arg)
{
    Stopper *s = arg;
    while (atomic_load(&s->done) == 0) {
        struct timespec nap = {0, 1000000};
        if (brain_interrupt(s->b, BRAIN_URGENT_STOP)) {
            atomic_store(&s->taken, 1);
            break;
        }
        nanosleep(&nap, NULL);
    }
    return NULL;
}
#endif

static void test_stop_from_another_thread(void **state)
{
#ifdef _WIN32
    (void)state;
    skip();
#else
    Fixture *f = *state;
    Stopper s;
    pthread_t t;

    long_search_setup(f);
    s.b = f->b;
    atomic_init(&s.done, 0);
    atomic_init(&s.taken, 0);
    assert_int_equal(pthread_create(&t, NULL, stopper_main, &s), 0);
    expect_move(f, "TURN 11,11");
    atomic_store(&s.done, 1);
    pthread_join(t, NULL);
    assert_int_equal(atomic_load(&s.taken), 1);
    /* Idle again: a late STOP is refused. */
    assert_false(brain_interrupt(f->b, BRAIN_URGENT_STOP));
    expect_prefix(f, "ABOUT", "name=");
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_start_and_about, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rectstart, setup, teardown),
        cmocka_unit_test_setup_teardown(test_begin_plays_near_centre, setup, teardown),
        cmocka_unit_test_setup_teardown(test_board_win_then_turn_win, setup, teardown),
        cmocka_unit_test_setup_teardown(test_board_blocks_four, setup, teardown),
        cmocka_unit_test_setup_teardown(test_renju_black_avoids_forbidden, setup, teardown),
        cmocka_unit_test_setup_teardown(test_freestyle_plays_the_overline, setup, teardown),
        cmocka_unit_test_setup_teardown(test_renju_white_may_overline, setup, teardown),
        cmocka_unit_test_setup_teardown(test_win_length_three, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rule_notes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_garbled_lines, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unknown_commands, setup, teardown),
        cmocka_unit_test_setup_teardown(test_takeback_and_restart, setup, teardown),
        cmocka_unit_test_setup_teardown(test_end, setup, teardown),
        cmocka_unit_test_setup_teardown(test_messages_report_the_search, setup, teardown),
        cmocka_unit_test_setup_teardown(test_info_clock_and_memory, setup, teardown),
        cmocka_unit_test_setup_teardown(test_info_thread_num, setup, teardown),
        cmocka_unit_test_setup_teardown(test_clock_at_integer_limits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_begin_twice, setup, teardown),
        cmocka_unit_test_setup_teardown(test_echoes_are_text, setup, teardown),
        cmocka_unit_test_setup_teardown(test_caps, setup, teardown),
        cmocka_unit_test_setup_teardown(test_swap2board_places_three, setup, teardown),
        cmocka_unit_test_setup_teardown(test_swap2board_takes_black_with_swap, setup, teardown),
        cmocka_unit_test_setup_teardown(test_swap2board_takes_white_with_a_move, setup, teardown),
        cmocka_unit_test_setup_teardown(test_swap2board_bad_lists, setup, teardown),
        cmocka_unit_test(test_urgent_kind),
        cmocka_unit_test_setup_teardown(test_interrupt_while_idle, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stop_during_search, setup, teardown),
        cmocka_unit_test_setup_teardown(test_end_during_search, setup, teardown),
        cmocka_unit_test_setup_teardown(test_stop_from_another_thread, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
