/*
 * test_scan.c - the text scanner every reader uses: lines with and without
 * a last newline, CRLF, blanks, tokens, splitting, keywords, integers at
 * their limits, integer lists, UTF-8 and message copies.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/scan.h"

static ScanSpan S(const char *s)
{
    return scan_cstr(s);
}

static void assert_span(ScanSpan s, const char *want)
{
    assert_int_equal(s.n, strlen(want));
    assert_memory_equal(s.p, want, s.n);
}

static void test_lines(void **state)
{
    (void)state;
    const char text[] = "one\r\ntwo\n\nlast";
    size_t pos = 0;
    ScanSpan line;
    assert_true(scan_next_line(text, strlen(text), &pos, &line));
    assert_span(line, "one");
    assert_true(scan_next_line(text, strlen(text), &pos, &line));
    assert_span(line, "two");
    assert_true(scan_next_line(text, strlen(text), &pos, &line));
    assert_span(line, "");
    assert_true(scan_next_line(text, strlen(text), &pos, &line));
    assert_span(line, "last");
    assert_false(scan_next_line(text, strlen(text), &pos, &line));
    /* Only len bytes count: no terminator needed, nothing past it read. */
    pos = 0;
    assert_true(scan_next_line("abc\ndef", 5, &pos, &line));
    assert_span(line, "abc");
    assert_true(scan_next_line("abc\ndef", 5, &pos, &line));
    assert_span(line, "d");
    pos = 0;
    assert_false(scan_next_line(NULL, 0, &pos, &line));
    assert_false(scan_next_line("", 0, &pos, &line));
}

static void test_blanks_and_tokens(void **state)
{
    (void)state;
    assert_true(scan_is_blank(' ') && scan_is_blank('\t') && scan_is_blank('\r'));
    assert_true(scan_is_blank('\n') && scan_is_blank('\v') && scan_is_blank('\f'));
    assert_false(scan_is_blank('x') || scan_is_blank('\0'));
    assert_span(scan_trim(S(" \t a b \r\n")), "a b");
    assert_span(scan_trim(S("   ")), "");
    assert_span(scan_trim(S("")), "");
    ScanSpan rest = S("  moves h8\ti9  ");
    assert_span(scan_token(&rest), "moves");
    assert_span(scan_token(&rest), "h8");
    assert_span(scan_token(&rest), "i9");
    assert_span(scan_token(&rest), "");
    assert_span(scan_token(&rest), "");
    ScanSpan k, v;
    assert_true(scan_split(S(" size = 15 # x"), '=', &k, &v));
    assert_span(k, "size");
    assert_span(v, "15 # x");
    assert_true(scan_split(S("a=b=c"), '=', &k, &v));
    assert_span(k, "a");
    assert_span(v, "b=c");
    assert_false(scan_split(S("no separator"), '=', &k, &v));
    assert_false(scan_split(S(""), '=', &k, &v));
}

static void test_words(void **state)
{
    (void)state;
    assert_true(scan_eq(S("end"), "end"));
    assert_false(scan_eq(S("End"), "end"));
    assert_false(scan_eq(S("ends"), "end"));
    assert_true(scan_eq(S(""), ""));
    assert_true(scan_eq_nocase(S("TiMeOuT_TuRn"), "timeout_turn"));
    assert_false(scan_eq_nocase(S("timeout"), "timeout_turn"));
    static const char *const RULES[] = {"freestyle", "exact", "renju"};
    assert_int_equal(scan_word(S("RENJU"), RULES, 3), 2);
    assert_int_equal(scan_word(S("renj"), RULES, 3), -1);
}

static void test_integers(void **state)
{
    (void)state;
    int64_t v = 77;
    assert_true(scan_uint(S("0"), 10, &v));
    assert_int_equal(v, 0);
    assert_true(scan_uint(S("2147483647"), 2147483647, &v));
    assert_int_equal(v, 2147483647);
    v = 77;
    assert_false(scan_uint(S("2147483648"), 2147483647, &v));
    assert_false(scan_uint(S("+5"), 10, &v));
    assert_false(scan_uint(S("-5"), 10, &v));
    assert_false(scan_uint(S(""), 10, &v));
    assert_false(scan_uint(S("1x"), 10, &v));
    assert_false(scan_uint(S(" 1"), 10, &v));
    assert_false(scan_uint(S("9999999999999999999999"), INT64_MAX, &v)); /* no overflow */
    assert_int_equal(v, 77);
    assert_true(scan_int(S("-12"), 100, &v));
    assert_int_equal(v, -12);
    assert_true(scan_int(S("+12"), 100, &v));
    assert_int_equal(v, 12);
    assert_true(scan_int(S("999999999999999999"), 999999999999999999, &v));
    assert_false(scan_int(S("-101"), 100, &v));
    assert_false(scan_int(S("-"), 100, &v));
    assert_false(scan_int(S("--1"), 100, &v));
}

static void test_integer_lists(void **state)
{
    (void)state;
    int64_t v[3] = {0, 0, 0};
    assert_int_equal(scan_ints(S("8,9"), ',', 1000, v, 3), 2);
    assert_int_equal(v[0], 8);
    assert_int_equal(v[1], 9);
    assert_int_equal(scan_ints(S(" 1 , -2 ,3 "), ',', 1000, v, 3), 3);
    assert_int_equal(v[1], -2);
    assert_int_equal(v[2], 3);
    assert_int_equal(scan_ints(S("7"), ',', 1000, v, 3), 1);
    assert_int_equal(scan_ints(S("1,2,3,4"), ',', 1000, v, 3), -1); /* too many */
    assert_int_equal(scan_ints(S("1,,2"), ',', 1000, v, 3), -1);    /* empty field */
    assert_int_equal(scan_ints(S("1,2,"), ',', 1000, v, 3), -1);
    assert_int_equal(scan_ints(S(""), ',', 1000, v, 3), -1);
    assert_int_equal(scan_ints(S("1,x"), ',', 1000, v, 3), -1);
    assert_int_equal(scan_ints(S("1,2001"), ',', 1000, v, 3), -1); /* past the limit */
    assert_int_equal(scan_ints(S("DONE"), ',', 1000, v, 3), -1);
}

static void test_utf8(void **state)
{
    (void)state;
    assert_true(scan_utf8_valid(S("plain")));
    assert_true(scan_utf8_valid(S("五子棋 \xc2\xb7 \xf0\x9f\x98\x80")));
    assert_false(scan_utf8_valid(S("\xc0\xaf")));         /* overlong '/' */
    assert_false(scan_utf8_valid(S("\xed\xa0\x80")));     /* a surrogate */
    assert_false(scan_utf8_valid(S("\xf4\x90\x80\x80"))); /* past U+10FFFF */
    assert_false(scan_utf8_valid(S("\xe4\xb8")));         /* cut short */
    assert_false(scan_utf8_valid(S("\xff")));
    assert_int_equal(scan_utf8_len((const unsigned char *)"\xe4\xba\x94", 3), 3);
    assert_int_equal(scan_utf8_len((const unsigned char *)"\xe4\xba\x94", 2), 0);
    assert_int_equal(scan_utf8_len((const unsigned char *)"", 0), 0);
}

static void test_show(void **state)
{
    (void)state;
    char buf[12];
    assert_string_equal(scan_show(S("h8"), buf, sizeof buf), "h8");
    assert_string_equal(scan_show(S("a\x01"
                                    "b"),
                                  buf, sizeof buf),
                        "a?b");
    assert_string_equal(scan_show(S("a very long token"), buf, sizeof buf), "a very l...");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines),         cmocka_unit_test(test_blanks_and_tokens),
        cmocka_unit_test(test_words),         cmocka_unit_test(test_integers),
        cmocka_unit_test(test_integer_lists), cmocka_unit_test(test_utf8),
        cmocka_unit_test(test_show),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
