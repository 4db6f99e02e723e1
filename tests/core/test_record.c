/*
 * test_record.c - game records: notation, our text format, .psq, the
 * bridge to Game, error messages, and resistance to garbage input.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/record.h"
#include "core/record_psq.h"
#include "core/record_read.h"
#include "core/record_text.h"
#include "test_util.h"

static const Rules FREE5 = {RULE_FREESTYLE, 5};

/* Deterministic generator so failures reproduce. */
static uint32_t rng_next(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* Plays up to max_moves random legal moves (skipping occupied and
 * forbidden points), clustered near the centre so games often end in a
 * win.  Returns the game. */
static Game *random_game(int size, Rules rules, int max_moves, uint32_t seed)
{
    Game *g = game_new(size, rules);
    assert_non_null(g);
    uint32_t s = seed;
    int spread = size < 9 ? size : 9;
    int lo = (size - spread) / 2;
    for (int tries = 0;
         tries < 20000 && game_move_count(g) < max_moves && game_result(g) == GAME_ONGOING;
         tries++) {
        int range = tries > 5000 ? size : spread;
        int base = tries > 5000 ? 0 : lo;
        Move m = tu_mv(base + (int)(rng_next(&s) % (uint32_t)range),
                       base + (int)(rng_next(&s) % (uint32_t)range));
        (void)game_play(g, m);
    }
    return g;
}

static void assert_games_equal(const Game *a, const Game *b)
{
    assert_int_equal(game_board(a)->size, game_board(b)->size);
    assert_int_equal(game_rules(a).kind, game_rules(b).kind);
    assert_int_equal(game_rules(a).k, game_rules(b).k);
    assert_int_equal(game_move_count(a), game_move_count(b));
    assert_int_equal(game_result(a), game_result(b));
    for (int i = 0; i < game_move_count(a); i++) {
        assert_true(move_equal(game_move_at(a, i), game_move_at(b, i)));
    }
    assert_memory_equal(game_board(a)->cell, game_board(b)->cell, sizeof game_board(a)->cell);
}

/* Parses text (with a final "end" line added when it looks like a record,
 * so the error tested is not the missing end) and expects failure with a
 * message containing want. */
static void expect_error(const char *text_in, const char *want)
{
    Record r;
    char err[256] = "untouched";
    char text[1024];
    snprintf(text, sizeof text, "%s%s", text_in,
             strstr(text_in, "gomoku-record") != NULL ? "end\n" : "");
    int rc = record_parse(text, strlen(text), &r, err, sizeof err);
    if (rc == 0 || strstr(err, want) == NULL) {
        print_error("input:\n%s\nwanted error containing '%s', got rc %d and '%s'\n", text, want,
                    rc, err);
    }
    assert_int_equal(rc, -1);
    assert_non_null(strstr(err, want));
}

/* ---- notation -------------------------------------------------------- */

static void test_move_names(void **state)
{
    (void)state;
    char name[RECORD_MOVE_NAME_MAX];
    assert_string_equal(record_move_name(tu_mv(7, 7), 15, name), "h8");
    assert_string_equal(record_move_name(tu_mv(0, 14), 15, name), "a1");
    assert_string_equal(record_move_name(tu_mv(0, 0), 15, name), "a15");
    assert_string_equal(record_move_name(tu_mv(21, 0), 22, name), "v22");
    assert_string_equal(record_move_name(tu_mv(15, 0), 15, name), "--");
    assert_string_equal(record_move_name(MOVE_NONE, 15, name), "--");

    Move m;
    assert_int_equal(record_parse_move("h8", 2, 15, &m), 0);
    assert_int_equal(m.x, 7);
    assert_int_equal(m.y, 7);
    assert_int_equal(record_parse_move("A15", 3, 15, &m), 0);
    assert_int_equal(m.x, 0);
    assert_int_equal(m.y, 0);
    assert_int_equal(record_parse_move("v22", 3, 22, &m), 0);
    assert_int_equal(m.x, 21);
    assert_int_equal(m.y, 0);
    assert_int_equal(record_parse_move("z99", 3, 15, &m), -2);
    assert_int_equal(record_parse_move("p8", 2, 15, &m), -2);
    assert_int_equal(record_parse_move("a16", 3, 15, &m), -2);
    assert_int_equal(record_parse_move("a0", 2, 15, &m), -1);
    assert_int_equal(record_parse_move("a08", 3, 15, &m), -1);
    assert_int_equal(record_parse_move("8h", 2, 15, &m), -1);
    assert_int_equal(record_parse_move("h", 1, 15, &m), -1);
    assert_int_equal(record_parse_move("h-1", 3, 15, &m), -1);
    /* Every point of every size names itself. */
    for (int size = BOARD_MIN_SIZE; size <= BOARD_MAX_SIZE; size++) {
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                record_move_name(tu_mv(x, y), size, name);
                assert_int_equal(record_parse_move(name, strlen(name), size, &m), 0);
                assert_int_equal(m.x, x);
                assert_int_equal(m.y, y);
            }
        }
    }
}

static void test_set_text(void **state)
{
    (void)state;
    char t[RECORD_TEXT_MAX];
    record_set_text(t, "  Ann\nBob\t ");
    assert_string_equal(t, "AnnBob");
    record_set_text(t, NULL);
    assert_string_equal(t, "");
    /* 40 two-byte characters (80 bytes) must be cut at a character
     * boundary below 64 bytes. */
    char longname[100] = "";
    for (int i = 0; i < 40; i++) {
        strcat(longname, "\xc3\xa9");
    }
    record_set_text(t, longname);
    assert_int_equal(strlen(t), 62);
    record_set_text(t, "Bad\xff byte");
    assert_string_equal(t, "Bad? byte");
}

/* ---- round trips -------------------------------------------------------- */

static void roundtrip_one(int size, Rules rules, uint32_t seed)
{
    Game *g = random_game(size, rules, size * size, seed);
    Record r;
    assert_int_equal(record_from_game(g, &r), 0);
    assert_int_equal(r.count, game_move_count(g));
    assert_int_equal(r.result, game_result(g));
    assert_int_equal(record_validate(&r, NULL, 0), 0);

    size_t len = 0;
    char *text = record_format(&r, &len);
    assert_non_null(text);
    assert_int_equal(strlen(text), len);

    Record back;
    char err[256];
    int rc = record_parse(text, len, &back, err, sizeof err);
    if (rc != 0) {
        print_error("%s\n%s\n", err, text);
    }
    assert_int_equal(rc, 0);
    assert_int_equal(back.size, size);
    assert_int_equal(back.rules.kind, rules.kind);
    assert_int_equal(back.rules.k, rules.k);
    assert_int_equal(back.count, r.count);
    assert_int_equal(back.cursor, r.count);
    assert_int_equal(back.result, r.result);
    assert_int_equal(back.end, r.end);

    Game *g2 = record_to_game(&back, err, sizeof err);
    assert_non_null(g2);
    assert_games_equal(g, g2);

    /* The formatter is deterministic: formatting again gives the same text. */
    size_t len2 = 0;
    char *text2 = record_format(&back, &len2);
    assert_non_null(text2);
    assert_int_equal(len, len2);
    assert_memory_equal(text, text2, len);

    free(text);
    free(text2);
    game_free(g);
    game_free(g2);
}

static void test_roundtrip_rules_and_sizes(void **state)
{
    (void)state;
    static const int sizes[] = {5, 7, 9, 13, 15, 19, 22};
    static const Rules rules[] = {{RULE_FREESTYLE, 5}, {RULE_EXACT, 5}, {RULE_RENJU, 5},
                                  {RULE_FREESTYLE, 3}, {RULE_EXACT, 4}, {RULE_FREESTYLE, 6}};
    uint32_t seed = 12345;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        for (size_t j = 0; j < sizeof rules / sizeof rules[0]; j++) {
            for (int rep = 0; rep < 3; rep++) {
                roundtrip_one(sizes[i], rules[j], seed);
                seed = seed * 7u + 3u;
            }
        }
    }
}

static void test_roundtrip_metadata(void **state)
{
    (void)state;
    Game *g = random_game(15, FREE5, 12, 99);
    Record r;
    assert_int_equal(record_from_game(g, &r), 0);
    assert_int_equal(r.result, GAME_ONGOING);
    record_set_text(r.black.name, "You");
    r.black.kind = RECORD_PLAYER_HUMAN;
    record_set_text(r.white.name, "Computer (Hard) #1");
    r.white.kind = RECORD_PLAYER_COMPUTER;
    record_set_text(r.preset, "Hard");
    record_set_text(r.date, "2026-11-22T10:00:00Z");
    r.clock_ms = 600000;
    for (int i = 0; i < r.count; i++) {
        r.time_ms[i] = i % 3 == 0 ? -1 : 1000 * i + 7;
    }
    r.cursor = 5;
    r.result = GAME_WHITE_WINS;
    r.end = RECORD_END_TIME;
    assert_int_equal(record_validate(&r, NULL, 0), 0);

    char *text = record_format(&r, NULL);
    assert_non_null(text);
    Record b;
    char err[256];
    assert_int_equal(record_parse(text, strlen(text), &b, err, sizeof err), 0);
    assert_string_equal(b.black.name, "You");
    assert_int_equal(b.black.kind, RECORD_PLAYER_HUMAN);
    assert_string_equal(b.white.name, "Computer (Hard) #1");
    assert_int_equal(b.white.kind, RECORD_PLAYER_COMPUTER);
    assert_string_equal(b.preset, "Hard");
    assert_string_equal(b.date, "2026-11-22T10:00:00Z");
    assert_int_equal(b.clock_ms, 600000);
    assert_int_equal(b.cursor, 5);
    assert_int_equal(b.result, GAME_WHITE_WINS);
    assert_int_equal(b.end, RECORD_END_TIME);
    assert_int_equal(b.count, r.count);
    for (int i = 0; i < r.count; i++) {
        assert_int_equal(b.time_ms[i], r.time_ms[i]);
        assert_true(move_equal(b.moves[i], r.moves[i]));
    }

    /* The review cursor: the game shows 5 moves and can step forward. */
    Game *g2 = record_to_game(&b, err, sizeof err);
    assert_non_null(g2);
    assert_int_equal(game_move_count(g2), 5);
    assert_true(game_can_redo(g2));
    while (game_redo(g2) == GAME_OK) {
    }
    assert_games_equal(g, g2);
    free(text);
    game_free(g);
    game_free(g2);
}

static void test_hand_written_record(void **state)
{
    (void)state;
    const char *text = "\xEF\xBB\xBF# Gomoku game record\r\n"
                       "gomoku-record 1   # version\r\n"
                       "size 15\r\n"
                       "rule renju\r\n"
                       "k 5\r\n"
                       "black   Zoë  \r\n"
                       "white Computer (Hard)\r\n"
                       "x-comment anything goes here\r\n"
                       "\r\n"
                       "moves h8 i9 H9 j10   # mixed case\r\n"
                       "move g10 1500\r\n"
                       "move g8:250\r\n"
                       "end\r\n"
                       "# trailing comment\r\n";
    Record r;
    char err[256];
    int rc = record_parse(text, strlen(text), &r, err, sizeof err);
    if (rc != 0) {
        print_error("%s\n", err);
    }
    assert_int_equal(rc, 0);
    assert_int_equal(r.size, 15);
    assert_int_equal(r.rules.kind, RULE_RENJU);
    assert_string_equal(r.black.name, "Zoë");
    assert_string_equal(r.white.name, "Computer (Hard)");
    assert_int_equal(r.count, 6);
    assert_true(move_equal(r.moves[0], tu_mv(7, 7)));
    assert_true(move_equal(r.moves[2], tu_mv(7, 6)));
    assert_int_equal(r.time_ms[3], -1);
    assert_int_equal(r.time_ms[4], 1500);
    assert_int_equal(r.time_ms[5], 250);
    assert_int_equal(r.result, GAME_ONGOING);
    assert_int_equal(r.end, RECORD_END_NONE);
}

/* The engine's analysis of each position rides along in x-eval lines. */
static void test_eval_lines_roundtrip(void **state)
{
    (void)state;
    const char *text = "gomoku-record 1\nsize 15\nmoves h8 i9 h9\n"
                       "x-eval 0 12 0 9 h8 -\n"
                       "x-eval 3 999995 5 1 h10 -999996 h10 h11 h7 h6 h11   # a proof\n"
                       "x-eval 2 -40 0 8 - 310\nend\n";
    Record r;
    char err[256] = "";
    int rc = record_parse(text, strlen(text), &r, err, sizeof err);
    if (rc != 0) {
        print_error("%s\n", err);
    }
    assert_int_equal(rc, 0);
    assert_true(r.eval[0].have);
    assert_false(r.eval[0].have_second);
    assert_int_equal(r.eval[0].score, 12);
    assert_int_equal(r.eval[0].depth, 9);
    assert_true(move_equal(r.eval[0].best, tu_mv(7, 7)));
    assert_false(r.eval[1].have);
    assert_true(r.eval[2].have_second);
    assert_int_equal(r.eval[2].second, 310);
    assert_false(move_is_valid(r.eval[2].best));
    assert_int_equal(r.eval[3].mate_plies, 5);
    assert_int_equal(r.eval[3].pv_len, 5);
    assert_true(move_equal(r.eval_pv[r.eval[3].pv_start + 4], tu_mv(7, 4)));
    size_t len = 0;
    char *out = record_format(&r, &len);
    assert_non_null(out);
    Record back;
    assert_int_equal(record_parse(out, len, &back, err, sizeof err), 0);
    free(out);
    for (int i = 0; i <= r.count; i++) {
        assert_int_equal(back.eval[i].have, r.eval[i].have);
        assert_int_equal(back.eval[i].score, r.eval[i].score);
        assert_int_equal(back.eval[i].mate_plies, r.eval[i].mate_plies);
        assert_int_equal(back.eval[i].pv_len, r.eval[i].pv_len);
    }
    assert_memory_equal(&back.eval_pv[back.eval[3].pv_start], &r.eval_pv[r.eval[3].pv_start],
                        5 * sizeof(Move));
}

static void test_eval_lines_rejected(void **state)
{
    (void)state;
    expect_error("gomoku-record 1\nsize 15\nmoves h8\nx-eval 1 12\n",
                 "line 4: x-eval needs a position");
    expect_error("gomoku-record 1\nsize 15\nmoves h8\nx-eval 2 12 0 9 h8 -\n",
                 "line 4: x-eval speaks of position 2 but only 1 moves came before it");
    expect_error("gomoku-record 1\nsize 15\nmoves h8\nx-eval 1 12 0 9 z99 -\n",
                 "line 4: analysis move 'z99' is not a point of the board");
    expect_error("gomoku-record 1\nsize 15\nmoves h8\nx-eval 1 12 0 9 h9 - h9 -\n",
                 "line 4: analysis move '-' is not a point");
    expect_error("gomoku-record 1\nsize 15\nmoves h8\nx-eval 1 abc 0 9 h9 -\n",
                 "line 4: x-eval needs a position");
    /* Found by fuzz_record: an analysis before the board's size was read as
     * points of a 15x15 board, and a save of it did not load. */
    expect_error("gomoku-record 1\nx-eval 0 12 0 9 e6 -\nsize 9\n",
                 "line 2: moves must come after 'size'");
    expect_error("gomoku-record 1\nsize 15\nx-eval 0 12 0 9 e6 -\nsize 9\n",
                 "line 4: 'size' is given twice");
    expect_error("gomoku-record 1\nsize 9\nx-eval 0 12 0 9 e6 -\nk 4\n",
                 "line 4: 'k' must come before the moves");
}

/* The opening rule and its choices ride in one x-opening line that a
 * reader before it keeps as an extension key. */
static void test_opening_roundtrip(void **state)
{
    (void)state;
    const char *text = "gomoku-record 1\nsize 15\nx-opening swap2 place-two take-white\n"
                       "moves h8 i9 h9 h10 g8 j8\nend\n";
    Record r;
    char err[256] = "";
    int rc = record_parse(text, strlen(text), &r, err, sizeof err);
    if (rc != 0) {
        print_error("%s\n", err);
    }
    assert_int_equal(rc, 0);
    assert_int_equal(r.opening, RECORD_OPENING_SWAP2);
    assert_int_equal(r.choice[0], RECORD_CHOICE_PLACE_TWO);
    assert_int_equal(r.choice[1], RECORD_CHOICE_TAKE_WHITE);
    assert_int_equal(r.extra_len, 0); /* read, not kept as an unknown line */
    size_t len = 0;
    char *out = record_format(&r, &len);
    assert_non_null(out);
    assert_non_null(strstr(out, "x-opening swap2 place-two take-white\n"));
    Record back;
    assert_int_equal(record_parse(out, len, &back, err, sizeof err), 0);
    free(out);
    assert_int_equal(back.opening, RECORD_OPENING_SWAP2);
    assert_int_equal(back.choice[0], RECORD_CHOICE_PLACE_TWO);
    assert_int_equal(back.choice[1], RECORD_CHOICE_TAKE_WHITE);

    /* A standard game writes no opening line: old files stay as they were. */
    const char *plain = "gomoku-record 1\nsize 15\nmoves h8 i9\nend\n";
    assert_int_equal(record_parse(plain, strlen(plain), &r, err, sizeof err), 0);
    assert_int_equal(r.opening, RECORD_OPENING_STANDARD);
    out = record_format(&r, &len);
    assert_non_null(out);
    assert_null(strstr(out, "x-opening"));
    free(out);

    /* Mid-opening: swap, three stones, no choice yet. */
    const char *mid = "gomoku-record 1\nsize 15\nx-opening swap\nmoves h8 i9 h9\nend\n";
    assert_int_equal(record_parse(mid, strlen(mid), &r, err, sizeof err), 0);
    assert_int_equal(r.opening, RECORD_OPENING_SWAP);
    assert_int_equal(r.choice[0], RECORD_CHOICE_NONE);
    assert_int_equal(record_validate(&r, err, sizeof err), 0);
    r.choice[1] = RECORD_CHOICE_TAKE_BLACK;
    assert_int_equal(record_validate(&r, err, sizeof err), -1);
}

static void test_opening_rejected(void **state)
{
    (void)state;
    expect_error("gomoku-record 1\nsize 15\nx-opening swap3\n",
                 "line 3: opening 'swap3' is not standard, swap or swap2");
    expect_error("gomoku-record 1\nsize 15\nx-opening swap take-red\n",
                 "line 3: opening choice 'take-red' is not");
    expect_error("gomoku-record 1\nsize 15\nx-opening swap\nx-opening swap\n",
                 "line 4: 'x-opening' is given twice");
    expect_error("gomoku-record 1\nsize 15\nx-opening swap2 place-two take-black take-white\n",
                 "line 3: unexpected 'take-white'");
    expect_error("gomoku-record 1\nsize 15\nx-opening swap\nmoves h8 i9 h9 h10\n",
                 "the fourth stone comes before the opening's choice");
    expect_error("gomoku-record 1\nsize 15\nx-opening swap take-black\nmoves h8 i9\n",
                 "the opening's choice comes before the third stone");
    expect_error("gomoku-record 1\nsize 15\nx-opening swap place-two\nmoves h8 i9 h9\n",
                 "placing two more stones is a swap2 choice");
    expect_error("gomoku-record 1\nsize 15\nx-opening swap2 place-two\nmoves h8 i9 h9 h10 g8 j8\n",
                 "the sixth stone comes before the opening's second choice");
    expect_error(
        "gomoku-record 1\nsize 15\nx-opening swap2 take-black take-white\nmoves h8 i9 h9\n",
        "second choice after taking a colour");
    expect_error("gomoku-record 1\nsize 15\nk 4\nx-opening swap\n",
                 "swap openings are for five in a row only");
}

/* ---- errors ------------------------------------------------------------- */

static void test_malformed_inputs(void **state)
{
    (void)state;
    expect_error("", "empty");
    expect_error("hello world\n", "line 1: not a Gomoku record");
    expect_error("gomoku-record 0\nsize 15\n", "line 1: record version 0 is not supported");
    expect_error("gomoku-record 2\nsize 15\nmoves h8 z99\n",
                 "saved by a newer version of Gomoku (record version 2; this one reads version "
                 "1) and cannot be read here: line 3: move 'z99' is off");
    expect_error("gomoku-record x\n", "line 1: version 'x' is not a number");
    expect_error("gomoku-record 1\nrule freestyle\n", "no 'size' line");
    expect_error("gomoku-record 1\nsize 30\n", "line 2: board size 30 is not supported");
    expect_error("gomoku-record 1\nsize 15\nmoves h8 z99\n",
                 "line 3: move 'z99' is off a 15x15 board");
    expect_error("gomoku-record 1\nsize 15\nmoves h8 i9\nmoves h8\n",
                 "line 4: move 3 'h8' is on a point that is already taken");
    expect_error("gomoku-record 1\nsize 15\nmoves h8 7x\n", "line 3: '7x' is not a move");
    expect_error("gomoku-record 1\nsize 15\ncolour red\n", "line 3: unknown key 'colour'");
    expect_error("gomoku-record 1\nsize 15\nsize 15\n", "line 3: 'size' is given twice");
    expect_error("gomoku-record 1\nsize 15\nrule gomoku\n", "line 3: unknown rule 'gomoku'");
    expect_error("gomoku-record 1\nsize 15\nrule renju\nk 4\nmoves h8\n",
                 "line 5: renju needs k 5");
    expect_error("gomoku-record 1\nk 9\n", "line 2: k '9' is not a win length");
    expect_error("gomoku-record 1\nmoves h8\nsize 15\n", "line 2: moves must come after 'size'");
    expect_error("gomoku-record 1\nsize 15\nmoves h8\nrule exact\n",
                 "line 4: 'rule' must come before the moves");
    expect_error("gomoku-record 1\nsize 15\nmoves h8:abc\n",
                 "line 3: time 'abc' of move 'h8' is not a number of milliseconds");
    expect_error("gomoku-record 1\nsize 15\nblack \xff\xfe\n", "line 3: black's name is not valid");
    expect_error("gomoku-record 1\nsize 15\nwhite "
                 "0123456789012345678901234567890123456789012345678901234567890123456789\n",
                 "line 3: white's name is too long");
    expect_error("gomoku-record 1\nsize 15\n\x01\x02\x03\n", "line 3: unexpected control");
    expect_error("gomoku-record 1\nsize 15\nmoves h8\nposition 5\n", "position 5 is past");
    expect_error("gomoku-record 1\nsize 15\nend\nmoves h8\n",
                 "line 4: unexpected 'moves' after 'end'");
    expect_error("gomoku-record 1\nsize 15\nend now\n", "line 3: unexpected text after 'end'");
    expect_error("gomoku-record 1\nsize 15\nresult maybe\n", "line 3: result 'maybe'");
    expect_error("gomoku-record 1\nsize 15\nresult black\nmoves h8\n",
                 "the result says black won but the board shows no winning line");
    expect_error("gomoku-record 1\nsize 15\nresult draw\n", "the board is not full");
    expect_error("gomoku-record 1\nsize 15\nresult ongoing time\n", "an ongoing game cannot");
    /* Black's five on row 8, then a further move. */
    expect_error("gomoku-record 1\nsize 15\nmoves h8 a1 i8 a2 j8 a3 k8 a4 l8 a5\n",
                 "line 3: move 10 'a5' comes after black had already won");
    expect_error("gomoku-record 1\nsize 15\nresult white\nmoves h8 a1 i8 a2 j8 a3 k8 a4 l8\n",
                 "the result says white but black has a winning line");
    expect_error("gomoku-record 1\nsize 15\nresult black resign\n"
                 "moves h8 a1 i8 a2 j8 a3 k8 a4 l8\n",
                 "the result says 'resign' but the game was decided on the board");
    /* Renju: i8 makes a double three (g8-h8-i8 and i8-i9-i10). */
    expect_error("gomoku-record 1\nsize 15\nrule renju\nmoves h8 a1 g8 c1 i9 e1 i10 o15 i8\n",
                 "line 4: move 9 'i8' is forbidden for black under renju (double three)");
}

/* Parses text (expecting success), formats the record and parses that:
 * what a save of a loaded record gives.  Returns the formatted text. */
static char *resave(const char *text, Record *first, Record *again)
{
    char err[256];
    int rc = record_parse(text, strlen(text), first, err, sizeof err);
    if (rc != 0) {
        print_error("%s\n", err);
    }
    assert_int_equal(rc, 0);
    size_t len = 0;
    char *out = record_format(first, &len);
    assert_non_null(out);
    rc = record_parse(out, len, again, err, sizeof err);
    if (rc != 0) {
        print_error("%s\n%s\n", err, out);
    }
    assert_int_equal(rc, 0);
    return out;
}

/* Issue 11: a name with a tab, a date or preset with a '#', read and saved
 * again, come back as they were (a tab was dropped, a '#' in the date
 * became a space). */
static void test_text_fields_survive_resave(void **state)
{
    (void)state;
    const char *text = "gomoku-record 1\nsize 15\n"
                       "black Ann\tLee  # the champion\n"
                       "white #2 Bob\n"
                       "preset Hard#3\n"
                       "date 2026-11-22#evening\n"
                       "moves h8 i9\nend\n";
    Record *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    assert_non_null(a);
    assert_non_null(b);
    char *out = resave(text, a, b);
    assert_string_equal(a->black.name, "Ann\tLee  # the champion");
    assert_string_equal(a->white.name, "#2 Bob");
    assert_string_equal(a->preset, "Hard#3");
    assert_string_equal(a->date, "2026-11-22#evening");
    assert_string_equal(b->black.name, a->black.name);
    assert_string_equal(b->white.name, a->white.name);
    assert_string_equal(b->preset, a->preset);
    assert_string_equal(b->date, a->date);
    /* A control character other than tab is dropped when read, as when set. */
    const char *cr = "gomoku-record 1\nsize 15\nblack A\rB\nend\n";
    free(out);
    out = resave(cr, a, b);
    assert_string_equal(a->black.name, "AB");
    assert_string_equal(b->black.name, "AB");
    free(out);
    free(a);
    free(b);
}

/* Issue 11: comment lines and extension keys a player or a newer version
 * put in a record are written back by a save (the coach writes its
 * analysis into the file it opened), before or after the moves as they
 * were; only the game's own first comment is written anew. */
static void test_comments_and_extensions_kept(void **state)
{
    (void)state;
    const char *text = "# Gomoku game record (see docs/file-format.md)\n"
                       "# Club final, round 3\n"
                       "gomoku-record 1\nsize 15\n"
                       "x-venue Beijing\t# hall 2\n"
                       "moves h8 i9\n"
                       "  # a fine reply\n"
                       "x-clock-log 1 2 3\n"
                       "end\n"
                       "# after the end\n";
    Record *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    assert_non_null(a);
    assert_non_null(b);
    char *out = resave(text, a, b);
    assert_string_equal(a->extra, "# Club final, round 3\nx-venue Beijing\t# hall 2\n"
                                  "# a fine reply\nx-clock-log 1 2 3\n# after the end\n");
    assert_int_equal(a->extra_head,
                     (int)strlen("# Club final, round 3\nx-venue Beijing\t# hall 2\n"));
    assert_false(a->extra_lost);
    assert_string_equal(b->extra, a->extra);
    assert_int_equal(b->extra_head, a->extra_head);
    assert_non_null(strstr(out, "# Club final, round 3\n"));
    assert_non_null(strstr(out, "result ongoing\n# Club final"));
    assert_non_null(strstr(out, "x-clock-log 1 2 3\n# after the end\nend\n"));
    /* The game's own comment once, not once per save. */
    const char *own = strstr(out, "# Gomoku game record");
    assert_non_null(own);
    assert_null(strstr(own + 1, "# Gomoku game record"));
    free(out);

    /* More than there is room for: what fits is kept, and the record says
     * some was lost (so nobody writes it back over its file). */
    size_t cap = RECORD_EXTRA_MAX * 2;
    char *big = malloc(cap);
    assert_non_null(big);
    int n = snprintf(big, cap, "gomoku-record 1\nsize 15\n");
    for (int i = 0; n < (int)cap - 200 && i < 400; i++) {
        n +=
            snprintf(big + n, cap - (size_t)n, "# note %03d: a rather long comment line here\n", i);
    }
    n += snprintf(big + n, cap - (size_t)n, "end\n");
    char err[256];
    assert_int_equal(record_parse(big, (size_t)n, a, err, sizeof err), 0);
    assert_true(a->extra_lost);
    assert_true(a->extra_len < RECORD_EXTRA_MAX);
    assert_int_equal(a->extra[a->extra_len - 1], '\n');
    free(big);
    free(a);
    free(b);
}

/* Issue 11: a record from a newer version is read as far as this one
 * understands it (its new keys skipped, its extension keys kept) and says
 * which version it is, so the app opens it read-only. */
static void test_newer_version_read(void **state)
{
    (void)state;
    const char *text = "gomoku-record 2\nsize 15\nrule exact\ncolour red\nx-new 1\n"
                       "moves h8 i9 j10\nhandicap 2 stones\nend\n";
    Record *r = malloc(sizeof *r);
    assert_non_null(r);
    char err[256];
    assert_int_equal(record_parse(text, strlen(text), r, err, sizeof err), 0);
    assert_int_equal(r->version, 2);
    assert_int_equal(r->rules.kind, RULE_EXACT);
    assert_int_equal(r->count, 3);
    assert_string_equal(r->extra, "x-new 1\n");
    Record mine;
    record_init(&mine, 15, FREE5);
    assert_int_equal(mine.version, RECORD_FORMAT_VERSION);
    free(r);
}

static void test_renju_legal_game_accepted(void **state)
{
    (void)state;
    /* The same position under freestyle: i8 is fine. */
    const char *text = "gomoku-record 1\nsize 15\nrule freestyle\n"
                       "moves h8 a1 g8 c1 i9 e1 i10 o15 i8\nend\n";
    Record r;
    char err[256];
    assert_int_equal(record_parse(text, strlen(text), &r, err, sizeof err), 0);
    assert_int_equal(r.count, 9);
    /* A win by five with the result stated. */
    const char *won = "gomoku-record 1\nsize 9\nrule exact\nresult black board\n"
                      "moves e5 a1 e4 a2 e3 a3 e2 a4 e1\nend";
    assert_int_equal(record_parse(won, strlen(won), &r, err, sizeof err), 0);
    assert_int_equal(r.result, GAME_BLACK_WINS);
    assert_int_equal(r.end, RECORD_END_BOARD);
}

static void test_validate_rejects_bad_struct(void **state)
{
    (void)state;
    Record r;
    char err[256];
    assert_int_equal(record_init(&r, 15, FREE5), 0);
    assert_int_equal(record_init(&r, 99, FREE5), -1);
    assert_int_equal(r.size, 15);
    assert_int_equal(record_add_move(&r, tu_mv(15, 0), -1), -1);
    assert_int_equal(record_add_move(&r, tu_mv(7, 7), -1), 0);
    assert_int_equal(record_add_move(&r, tu_mv(7, 7), -1), 0);
    assert_int_equal(record_validate(&r, err, sizeof err), -1);
    assert_non_null(strstr(err, "move 2 'h8' is on a point that is already taken"));
    assert_null(record_to_game(&r, err, sizeof err));
    r.count = 1;
    r.cursor = 3;
    assert_int_equal(record_validate(&r, err, sizeof err), -1);
    assert_non_null(strstr(err, "review position 3"));
    assert_null(record_to_game(NULL, err, sizeof err));
    assert_int_equal(record_from_game(NULL, &r), -1);
}

/* ---- .psq ----------------------------------------------------------------- */

/* As Piskvork writes it: CRLF lines, 1-based x,y,time, then the brains and
 * a -1.  Black (first) wins with a five along a row. */
static const char PSQ_SAMPLE[] = "Piskvorky 20x20, 11:11, 0\r\n"
                                 "10,10,0\r\n"
                                 "11,11,2727\r\n"
                                 "11,9,2529\r\n"
                                 "9,9,834\r\n"
                                 "12,8,1815\r\n"
                                 "13,7,2773\r\n"
                                 "9,11,2241\r\n"
                                 "8,12,2862\r\n"
                                 "12,10,2679\r\n"
                                 "12,12,568\r\n"
                                 "12,9,2780\r\n"
                                 "12,7,353\r\n"
                                 "11,10,2221\r\n"
                                 "13,10,1362\r\n"
                                 "9,10,2556\r\n"
                                 "7,7,1259\r\n"
                                 "8,10,1085\r\n"
                                 "C:\\Gomocup\\brains\\pbrain-embryo.exe\r\n"
                                 "C:\\Gomocup\\brains\\pbrain-rapfi.exe\r\n"
                                 "-1\r\n";

static void test_psq_import(void **state)
{
    (void)state;
    Record r;
    char err[256];
    assert_true(record_is_psq(PSQ_SAMPLE, strlen(PSQ_SAMPLE)));
    int rc = record_parse_any(PSQ_SAMPLE, strlen(PSQ_SAMPLE), &r, err, sizeof err);
    if (rc != 0) {
        print_error("%s\n", err);
    }
    assert_int_equal(rc, 0);
    assert_int_equal(r.size, 20);
    assert_int_equal(r.rules.kind, RULE_FREESTYLE);
    assert_int_equal(r.rules.k, 5);
    assert_int_equal(r.count, 17);
    assert_true(move_equal(r.moves[0], tu_mv(9, 9)));
    assert_true(move_equal(r.moves[1], tu_mv(10, 10)));
    assert_int_equal(r.time_ms[0], 0);
    assert_int_equal(r.time_ms[1], 2727);
    /* The last move completes black's five along row 10 (y = 9). */
    assert_true(move_equal(r.moves[16], tu_mv(7, 9)));
    assert_int_equal(r.result, GAME_BLACK_WINS);
    assert_int_equal(r.end, RECORD_END_BOARD);
    assert_string_equal(r.black.name, "pbrain-embryo.exe");
    assert_string_equal(r.white.name, "pbrain-rapfi.exe");
    Game *g = record_to_game(&r, err, sizeof err);
    assert_non_null(g);
    assert_int_equal(game_result(g), GAME_BLACK_WINS);
    game_free(g);
}

static void test_psq_export_roundtrip(void **state)
{
    (void)state;
    for (uint32_t seed = 1; seed <= 20; seed++) {
        int size = 10 + (int)(seed % 13);
        Game *g = random_game(size, FREE5, 80, seed * 31u);
        Record r;
        assert_int_equal(record_from_game(g, &r), 0);
        for (int i = 0; i < r.count; i++) {
            r.time_ms[i] = (int32_t)(i * 37);
        }
        size_t len;
        char *psq = record_format_psq(&r, &len);
        assert_non_null(psq);
        assert_true(record_is_psq(psq, len));
        Record b;
        char err[256];
        int rc = record_parse_psq(psq, len, &b, err, sizeof err);
        if (rc != 0) {
            print_error("%s\n%s\n", err, psq);
        }
        assert_int_equal(rc, 0);
        assert_int_equal(b.size, size);
        assert_int_equal(b.count, r.count);
        assert_int_equal(b.result, r.result);
        for (int i = 0; i < r.count; i++) {
            assert_true(move_equal(b.moves[i], r.moves[i]));
            assert_int_equal(b.time_ms[i], r.time_ms[i]);
        }
        free(psq);
        game_free(g);
    }
}

/* Issue 11: a k = 6 game goes on after a five, which ends a freestyle or
 * exact five game: its .psq export was refused on import.  Every rule the
 * game plays reads back. */
static void test_psq_export_any_k_reads_back(void **state)
{
    (void)state;
    /* Black's five along row 8 does not win six in a row; the sixth does. */
    static const Move MOVES[] = {{0, 7}, {0, 0}, {1, 7}, {2, 0}, {2, 7}, {4, 0},
                                 {3, 7}, {6, 0}, {4, 7}, {8, 0}, {5, 7}};
    static const Rules RULES[] = {{RULE_FREESTYLE, 6}, {RULE_EXACT, 6}};
    for (size_t k = 0; k < sizeof RULES / sizeof RULES[0]; k++) {
        Game *g = game_new(15, RULES[k]);
        assert_non_null(g);
        for (size_t i = 0; i < sizeof MOVES / sizeof MOVES[0]; i++) {
            assert_int_equal(game_play(g, MOVES[i]), GAME_OK);
        }
        assert_int_equal(game_result(g), GAME_BLACK_WINS);
        Record r, b;
        assert_int_equal(record_from_game(g, &r), 0);
        size_t len;
        char *psq = record_format_psq(&r, &len);
        assert_non_null(psq);
        char err[256];
        int rc = record_parse_psq(psq, len, &b, err, sizeof err);
        if (rc != 0) {
            print_error("%s\n%s\n", err, psq);
        }
        assert_int_equal(rc, 0);
        assert_int_equal(b.count, r.count);
        assert_int_equal(b.rules.k, 6);
        assert_int_equal(b.result, GAME_BLACK_WINS);
        free(psq);
        game_free(g);
    }
    /* Random games of every rule the game plays. */
    for (int k = RULES_MIN_K; k <= RULES_MAX_K; k++) {
        for (int kind = RULE_FREESTYLE; kind <= RULE_EXACT; kind++) {
            for (uint32_t seed = 1; seed <= 6; seed++) {
                Game *g = random_game(9 + (int)seed, (Rules){(RuleKind)kind, k}, 200,
                                      seed * 977u + (uint32_t)k);
                Record r, b;
                assert_int_equal(record_from_game(g, &r), 0);
                char *psq = record_format_psq(&r, NULL);
                assert_non_null(psq);
                char err[256];
                int rc = record_parse_psq(psq, strlen(psq), &b, err, sizeof err);
                if (rc != 0) {
                    print_error("k %d kind %d seed %u: %s\n", k, kind, seed, err);
                }
                assert_int_equal(rc, 0);
                assert_int_equal(b.count, r.count);
                free(psq);
                game_free(g);
            }
        }
    }
}

static void test_psq_errors_and_variants(void **state)
{
    (void)state;
    Record r;
    char err[256];
    const char *nonsquare = "Piskvorky 20x15, 11:11, 0\n10,10,0\n-1\n";
    assert_int_equal(record_parse_psq(nonsquare, strlen(nonsquare), &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "line 1: only square boards"));
    const char *big = "Piskvorky 30x30, 11:11, 0\n10,10,0\n-1\n";
    assert_int_equal(record_parse_psq(big, strlen(big), &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "board size 30x30 is not supported"));
    const char *off = "Piskvorky 15x15, 11:11, 0\n10,10,0\n16,1,0\n-1\n";
    assert_int_equal(record_parse_psq(off, strlen(off), &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "line 3: move 2 at 16,1 is off the 15x15 board"));
    const char *dup = "Piskvorky 15x15, 11:11, 0\n10,10,0\n10,10,0\n-1\n";
    assert_int_equal(record_parse_psq(dup, strlen(dup), &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "line 3: move 2"));
    const char *nohdr = "Gomoku 15x15\n";
    assert_int_equal(record_parse_psq(nohdr, strlen(nohdr), &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "not a Piskvork file"));
    const char *baddims = "Piskvorky big, 11:11, 0\n";
    assert_int_equal(record_parse_psq(baddims, strlen(baddims), &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "is not WxH"));

    /* Two-field moves without times, no trailer, no final newline. */
    const char *bare = "piskvorky 15x15, 1:1, 0\n8,8\n9,9\n 7 , 9 ";
    assert_int_equal(record_parse_psq(bare, strlen(bare), &r, err, sizeof err), 0);
    assert_int_equal(r.count, 3);
    assert_int_equal(r.time_ms[0], -1);
    assert_true(move_equal(r.moves[2], tu_mv(6, 8)));

    /* An overline that does not end the game: exact five explains it
     * (Gomocup's "standard" rule). */
    const char *over = "Piskvorky 15x15, 11:11, 0\n"
                       "1,1,0\n1,10,0\n2,1,0\n2,10,0\n3,1,0\n3,12,0\n"
                       "5,1,0\n5,10,0\n6,1,0\n6,12,0\n4,1,0\n15,15,0\n-1\n";
    assert_int_equal(record_parse_psq(over, strlen(over), &r, err, sizeof err), 0);
    assert_int_equal(r.rules.kind, RULE_EXACT);
    assert_int_equal(r.count, 12);
}

/* Each damaged .psq is told what is wrong with it as a .psq, by line and
 * by move, in Piskvork's own 1-based "x,y" terms. */
static void test_psq_damage_named(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *says;
    } CASES[] = {
        {"Piskvorky 15x15, 11:11, 0\n8,8,0\nabc\n9,9,0\n-1\n",
         "line 3: 'x,y' expected, found 'abc'"},
        {"Piskvorky 15x15, 11:11, 0\n8,8,0\n9,x,0\n", "line 3: 'x,y' expected, found '9,x,0'"},
        {"Piskvorky 15x15, 11:11, 0\n1,1\n2,2\n3,3\n4,4\n5,5\n6,6\n7,7\n8,8\n9,9\n10,10\n"
         "11,11\n16,4\n-1\n",
         "line 13: move 12 at 16,4 is off the 15x15 board"},
        {"Piskvorky 15x15, 11:11, 0\n1,1\n2,2\n3,3\n4,4\n5,5\n6,6\n2,2\n-1\n",
         "line 8: move 7 at 2,2 is on an occupied point"},
        {"Piskvorky 15x15, 11:11, 0\n-1\npbrain-a.exe\n", "no moves"},
        {"Piskvorky 15x15, 11:11, 0\n", "no moves"},
        {"Piskvork 15x15, 11:11, 0\n8,8,0\n-1\n",
         "line 1: not a Piskvork file: it should start with 'Piskvorky WxH', not 'Piskvork 15x15"},
        {"\xFF\xFEP\0i\0s\0", "UTF-16"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        Record r;
        char err[256] = "";
        size_t len = i == 7 ? 8 : strlen(CASES[i].text);
        int rc = record_parse_file("game.psq", CASES[i].text, len, &r, err, sizeof err);
        if (rc == 0 || strstr(err, CASES[i].says) == NULL || strstr(err, "gomoku-record")) {
            fail_msg("case %zu: rc %d, said \"%s\", wanted \"%s\"", i, rc, err, CASES[i].says);
        }
    }
}

/* The reader is chosen by the name first: a .psq whose header is damaged
 * is not read as ours; a .gomoku (or any name) with a Piskvork header is
 * read as .psq; text that is neither says so. */
static void test_parse_file_chooses_reader(void **state)
{
    (void)state;
    Record r;
    char err[256];
    const char *nohdr = "Gomoku 15x15\n8,8,0\n";
    assert_int_equal(record_parse_file("dir/x.PSQ", nohdr, strlen(nohdr), &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "not a Piskvork file"));
    assert_null(strstr(err, "gomoku-record"));
    const char *psq = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n-1\n";
    assert_int_equal(record_parse_file("x.gomoku", psq, strlen(psq), &r, err, sizeof err), 0);
    assert_int_equal(r.count, 2);
    const char *ours = "gomoku-record 1\nsize 15\nmoves h8 i9\nend\n";
    assert_int_equal(record_parse_file("x.txt", ours, strlen(ours), &r, err, sizeof err), 0);
    assert_int_equal(r.count, 2);
    assert_int_equal(record_parse_file(NULL, ours, strlen(ours), &r, err, sizeof err), 0);
    const char *notes = "shopping list\n";
    assert_int_equal(record_parse_file("notes.txt", notes, strlen(notes), &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "not a game record"));
    assert_int_equal(record_parse_file("x.gomoku", notes, strlen(notes), &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "gomoku-record 1"));
}

/* ---- garbage ------------------------------------------------------------- */

static void parse_all(const char *buf, size_t len)
{
    Record r;
    char err[128];
    err[0] = '\0';
    if (record_parse(buf, len, &r, err, sizeof err) != 0) {
        assert_true(err[0] != '\0');
    } else {
        assert_int_equal(record_validate(&r, NULL, 0), 0);
    }
    err[0] = '\0';
    if (record_parse_psq(buf, len, &r, err, sizeof err) != 0) {
        assert_true(err[0] != '\0');
    } else {
        assert_int_equal(record_validate(&r, NULL, 0), 0);
    }
    (void)record_parse_any(buf, len, &r, NULL, 0);
    err[0] = '\0';
    if (record_parse_file("x.psq", buf, len, &r, err, sizeof err) != 0) {
        assert_true(err[0] != '\0');
    } else {
        assert_int_equal(record_validate(&r, NULL, 0), 0);
    }
    (void)record_is_psq(buf, len);
}

static void test_fuzz_garbage_and_truncations(void **state)
{
    (void)state;
    uint32_t s = 777;
    char buf[512];
    /* Random bytes, and random bytes drawn from the format's alphabet
     * (more likely to get deep into the parser). */
    static const char alpha[] = "gomoku-record 1\nsize15rulejk#:,abcdhv0123456789 \r\n"
                                "Piskvorky20x-";
    for (int it = 0; it < 3000; it++) {
        size_t len = rng_next(&s) % sizeof buf;
        bool text = it % 2 == 0;
        for (size_t i = 0; i < len; i++) {
            uint32_t v = rng_next(&s);
            buf[i] = text ? alpha[v % (sizeof alpha - 1)] : (char)(v & 0xff);
        }
        if (it % 4 == 0 && len > 16) {
            memcpy(buf, "gomoku-record 1\n", 16);
        }
        /* A heap copy of exactly len bytes so ASan catches any overread. */
        char *heap = malloc(len == 0 ? 1 : len);
        assert_non_null(heap);
        memcpy(heap, buf, len);
        parse_all(heap, len);
        free(heap);
    }

    /* Every truncation and many byte mutations of a valid record and of
     * a valid .psq. */
    Game *g = random_game(15, (Rules){RULE_RENJU, 5}, 60, 4242);
    Record r;
    assert_int_equal(record_from_game(g, &r), 0);
    record_set_text(r.black.name, "Black player");
    char *docs[2];
    size_t lens[2];
    docs[0] = record_format(&r, &lens[0]);
    docs[1] = record_format_psq(&r, &lens[1]);
    assert_non_null(docs[0]);
    assert_non_null(docs[1]);
    for (int d = 0; d < 2; d++) {
        for (size_t cut = 0; cut <= lens[d]; cut++) {
            char *heap = malloc(cut == 0 ? 1 : cut);
            assert_non_null(heap);
            memcpy(heap, docs[d], cut);
            parse_all(heap, cut);
            free(heap);
        }
        for (int it = 0; it < 500; it++) {
            char *heap = malloc(lens[d]);
            assert_non_null(heap);
            memcpy(heap, docs[d], lens[d]);
            int flips = 1 + (int)(rng_next(&s) % 4);
            for (int f = 0; f < flips; f++) {
                heap[rng_next(&s) % lens[d]] = (char)(rng_next(&s) & 0xff);
            }
            parse_all(heap, lens[d]);
            free(heap);
        }
    }
    /* A truncation at a line boundary that keeps whole moves is caught by
     * the missing "end", and every shorter cut fails too. */
    const char *cut_at = strstr(docs[0], "moves");
    assert_non_null(cut_at);
    const char *eol = strchr(cut_at, '\n');
    assert_non_null(eol);
    Record shorter;
    char err[128];
    assert_int_equal(record_parse(docs[0], (size_t)(eol + 1 - docs[0]), &shorter, err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "cut off"));
    for (size_t cut = 0; cut + 4 < lens[0]; cut++) {
        assert_int_equal(record_parse(docs[0], cut, &shorter, NULL, 0), -1);
    }
    assert_int_equal(record_parse(docs[0], lens[0], &shorter, NULL, 0), 0);
    free(docs[0]);
    free(docs[1]);
    game_free(g);
}

/* A searched position, a proven one and the one reply to a four: only the
 * last is unscored, whatever its score field holds. */
static void test_eval_unscored(void **state)
{
    (void)state;
    RecordEval searched = {.have = true, .depth = 6, .score = 40};
    RecordEval proven = {.have = true, .depth = 0, .mate_plies = -3, .score = -9000};
    RecordEval reply = {.have = true, .depth = 0, .score = 1234};
    assert_false(record_eval_unscored(&searched));
    assert_false(record_eval_unscored(&proven));
    assert_true(record_eval_unscored(&reply));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_names),
        cmocka_unit_test(test_set_text),
        cmocka_unit_test(test_roundtrip_rules_and_sizes),
        cmocka_unit_test(test_roundtrip_metadata),
        cmocka_unit_test(test_hand_written_record),
        cmocka_unit_test(test_eval_lines_roundtrip),
        cmocka_unit_test(test_eval_lines_rejected),
        cmocka_unit_test(test_opening_roundtrip),
        cmocka_unit_test(test_opening_rejected),
        cmocka_unit_test(test_malformed_inputs),
        cmocka_unit_test(test_text_fields_survive_resave),
        cmocka_unit_test(test_comments_and_extensions_kept),
        cmocka_unit_test(test_newer_version_read),
        cmocka_unit_test(test_renju_legal_game_accepted),
        cmocka_unit_test(test_validate_rejects_bad_struct),
        cmocka_unit_test(test_psq_import),
        cmocka_unit_test(test_psq_export_roundtrip),
        cmocka_unit_test(test_psq_export_any_k_reads_back),
        cmocka_unit_test(test_psq_errors_and_variants),
        cmocka_unit_test(test_psq_damage_named),
        cmocka_unit_test(test_parse_file_chooses_reader),
        cmocka_unit_test(test_fuzz_garbage_and_truncations),
        cmocka_unit_test(test_eval_unscored),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
