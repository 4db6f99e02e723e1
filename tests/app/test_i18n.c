/*
 * test_i18n.c - both languages are complete, their printf formats take the
 * documented arguments, and the shipped font draws every glyph of every
 * UI string (SDL_ttf draws a missing glyph as blank without an error, so
 * only this test notices a character the font subset lacks).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <SDL.h>
#include <SDL_ttf.h>

#include "store/i18n.h"

/* Every I18N_FMT_* id with its documented arguments, one letter per
 * conversion (d, s, f); every other id must have no conversions. */
static const struct {
    I18nString id;
    const char *args;
} FORMATS[] = {
    {I18N_FMT_BOARD_SIZE, "dd"},
    {I18N_FMT_OPEN_PLACE3, "s"},
    {I18N_FMT_OPEN_CHOOSE, "s"},
    {I18N_FMT_OPEN_CHOOSE2, "s"},
    {I18N_FMT_OPEN_PLACE2, "s"},
    {I18N_FMT_CHOSE_BLACK, "s"},
    {I18N_FMT_CHOSE_WHITE, "s"},
    {I18N_FMT_CHOSE_TWO, "s"},
    {I18N_FMT_IN_A_ROW, "d"},
    {I18N_FMT_CLOCK_MIN, "d"},
    {I18N_FMT_CLOCK_MIN_INC, "dd"},
    {I18N_FMT_SIDE_THINKING, "s"},
    {I18N_FMT_RESULT_LINE, "dd"},
    {I18N_FMT_TIMEOUT, "s"},
    {I18N_FMT_MOVE_NUMBER, "d"},
    {I18N_FMT_SCORE, "sdsd"},
    {I18N_FMT_SCORE_DRAWS, "d"},
    {I18N_FMT_ENGINE_INFO, "sds"},
    {I18N_FMT_MILLISECONDS, "d"},
    {I18N_FMT_WIN_CHANCE, "s"},
    {I18N_FMT_CANDIDATE, "dss"},
    {I18N_FMT_ENGINE_BARE, "ds"},
    {I18N_FMT_HINT_MOVE, "s"},
    {I18N_FMT_REVIEW_MOVE, "dd"},
    {I18N_FMT_SAVED_AS, "s"},
    {I18N_FMT_OPEN_FAILED, "ss"},
    {I18N_FMT_SAVE_FAILED, "ss"},
    {I18N_FMT_FILE_CORRUPT, "ss"},
    {I18N_FMT_DELETE_CONFIRM, "s"},
    {I18N_FMT_AI_FAILED, "s"},
    {I18N_FMT_OPENED, "s"},
    {I18N_FMT_MOVES_COUNT, "d"},
    {I18N_FMT_REPLACE_CONFIRM, "s"},
    {I18N_FMT_CHANCE, "sd"},
    {I18N_FMT_EVEN, "d"},
    {I18N_FMT_SIDE_WINS_IN, "sd"},
    {I18N_FMT_SIDE_WON, "s"},
    {I18N_FMT_HINT_LINE, "ss"},
    {I18N_FMT_BEST_MOVE, "s"},
    {I18N_FMT_ANALYSING, "dd"},
    {I18N_FMT_ACCURACY, "d"},
    {I18N_FMT_WIN_LINE_WORKING, "s"},
    {I18N_FMT_WIN_LINE_DONE, "sd"},
    {I18N_FMT_PLIES, "d"},
    {I18N_FMT_MOVES_WIDE, "d"},
    {I18N_FMT_SECONDS, "f"},
    {I18N_FMT_CUSTOM_SHORT, "ddf"},
    {I18N_FMT_CANNOT_OPEN, "s"},
    {I18N_FMT_EXPORTED, "s"},
    {I18N_FMT_READ_ONLY_NEWER, "s"},
    {I18N_FMT_KEPT_ASIDE, "ss"},
    {I18N_FMT_WHY_DISK_FULL, "s"},
    {I18N_FMT_WHY_NO_ACCESS, "s"},
    {I18N_FMT_WHY_FOLDER, "s"},
    {I18N_FMT_RESUME_KEEP, "s"},
    {I18N_FMT_LEAVE_QUESTION, "s"},
    {I18N_FMT_KEPT_UNFINISHED, "s"},
    {I18N_FMT_LAST_MOVE_AT, "s"},
    {I18N_FMT_PUZZLE_HOLDS, "ss"},
    {I18N_FMT_PUZZLE_LOSES, "ss"},
    {I18N_FMT_PUZZLE_LOSES_IN, "ssd"},
    {I18N_FMT_PUZZLE_RATING, "d"},
    {I18N_FMT_PUZZLE_RATING_MOVED, "dd"},
    {I18N_FMT_PUZZLE_STREAK, "dddd"},
    {I18N_FMT_PUZZLE_INFO, "sd"},
    {I18N_FMT_PUZZLE_THEME, "s"},
    {I18N_FMT_PUZZLE_HISTORY_BAD, "ss"},
    {I18N_FMT_PUZZLE_SAVE_FAILED, "s"},
    {I18N_FMT_PUZZLE_RECENT, "ds"},
};

/* Writes the conversion letters of printf format s to out ("%+d %s" ->
 * "ds"; "%%" is no conversion).  Returns false on a malformed or
 * unsupported conversion (anything but d, s, f without length modifiers). */
static bool conversions(const char *s, char *out, size_t len)
{
    size_t n = 0;
    for (const char *p = s; *p != '\0'; p++) {
        if (*p != '%') {
            continue;
        }
        p++;
        if (*p == '%') {
            continue;
        }
        while (*p != '\0' && strchr("-+ #0", *p) != NULL) {
            p++;
        }
        while (*p >= '0' && *p <= '9') {
            p++;
        }
        if (*p == '.') {
            p++;
            while (*p >= '0' && *p <= '9') {
                p++;
            }
        }
        if (*p != 'd' && *p != 's' && *p != 'f') {
            return false;
        }
        if (n + 1 >= len) {
            return false;
        }
        out[n++] = *p;
    }
    out[n] = '\0';
    return true;
}

static const char *expected_args(I18nString id)
{
    for (size_t i = 0; i < SDL_arraysize(FORMATS); i++) {
        if (FORMATS[i].id == id) {
            return FORMATS[i].args;
        }
    }
    return "";
}

static void test_every_string_translated(void **state)
{
    (void)state;
    for (int lang = 0; lang < I18N_LANG_COUNT; lang++) {
        for (int id = 0; id < I18N_STRING_COUNT; id++) {
            if (!i18n_has((I18nLang)lang, (I18nString)id)) {
                fail_msg("string %d has no text in language %d", id, lang);
            }
            const char *s = i18n_get_in((I18nLang)lang, (I18nString)id);
            assert_non_null(s);
            if (s[0] == '\0') {
                fail_msg("string %d is empty in language %d", id, lang);
            }
        }
        assert_true(i18n_language_name((I18nLang)lang)[0] != '\0');
    }
    /* Out of range is harmless. */
    assert_string_equal(i18n_get_in(I18N_LANG_COUNT, I18N_APP_TITLE), "");
    assert_string_equal(i18n_get_in(I18N_LANG_EN, I18N_STRING_COUNT), "");
    assert_false(i18n_has(I18N_LANG_EN, I18N_STRING_COUNT));
}

static void test_chinese_is_chinese(void **state)
{
    (void)state;
    /* A guard against a table pasted with English in the Chinese column:
     * every word-bearing Chinese string holds at least one CJK ideograph. */
    int with_cjk = 0, with_letters = 0;
    for (int id = 0; id < I18N_STRING_COUNT; id++) {
        const char *en = i18n_get_in(I18N_LANG_EN, (I18nString)id);
        const char *zh = i18n_get_in(I18N_LANG_ZH, (I18nString)id);
        bool letters = false;
        for (const char *p = en; *p != '\0'; p++) {
            if (*p == '%') {
                p += strcspn(p, "dsf"); /* a conversion is not a word */
                if (*p == '\0') {
                    break;
                }
            } else if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
                letters = true;
            }
        }
        if (!letters) {
            continue; /* symbols and numbers only */
        }
        with_letters++;
        /* UTF-8 of U+4E00..U+9FFF starts with 0xE4..0xE9. */
        for (const unsigned char *p = (const unsigned char *)zh; *p != '\0'; p++) {
            if (*p >= 0xE4 && *p <= 0xE9) {
                with_cjk++;
                break;
            }
        }
        if (with_cjk != with_letters) {
            fail_msg("string %d (\"%s\") has no Chinese: \"%s\"", id, en, zh);
        }
    }
    assert_true(with_letters > 100);
}

static void test_formats_match(void **state)
{
    (void)state;
    for (int id = 0; id < I18N_STRING_COUNT; id++) {
        const char *want = expected_args((I18nString)id);
        for (int lang = 0; lang < I18N_LANG_COUNT; lang++) {
            char got[16];
            const char *s = i18n_get_in((I18nLang)lang, (I18nString)id);
            if (!conversions(s, got, sizeof got)) {
                fail_msg("string %d in language %d has a bad format: \"%s\"", id, lang, s);
            }
            if (strcmp(got, want) != 0) {
                fail_msg("string %d in language %d takes \"%s\", documented \"%s\": \"%s\"", id,
                         lang, got, want, s);
            }
        }
    }
}

static void test_format_and_switch(void **state)
{
    (void)state;
    char buf[64];
    i18n_set_language(I18N_LANG_EN);
    assert_int_equal(i18n_language(), I18N_LANG_EN);
    i18n_format(buf, sizeof buf, I18N_FMT_REVIEW_MOVE, 3, 41);
    assert_string_equal(buf, "Move 3 of 41");
    assert_string_equal(i18n_rule_name(RULE_RENJU), "Renju");
    assert_string_equal(i18n_preset_name(AI_PRESET_MASTER), "Master");
    assert_string_equal(i18n_forbidden_text(FORBID_DOUBLE_THREE), "Forbidden: double three");

    i18n_set_language(I18N_LANG_ZH);
    assert_int_equal(i18n_language(), I18N_LANG_ZH);
    i18n_format(buf, sizeof buf, I18N_FMT_REVIEW_MOVE, 3, 41);
    assert_string_equal(buf, "第 3 手，共 41 手");
    i18n_format(buf, sizeof buf, I18N_FMT_ENGINE_INFO, "H8", 12, "1.3 秒");
    assert_string_equal(buf, "引擎走 H8 · 深度 12 · 1.3 秒");
    assert_string_equal(i18n_get(I18N_BTN_UNDO), "悔棋");
    assert_string_equal(i18n_rule_name(RULE_RENJU), "有禁手");
    assert_string_equal(i18n_preset_name(AI_PRESET_BEGINNER), "入门");
    assert_string_equal(i18n_forbidden_text(FORBID_OVERLINE), "长连禁手");
    assert_string_equal(i18n_forbidden_text(FORBID_NONE), "");

    /* Truncation keeps a terminated string; a zero-size buffer is left alone. */
    char small[5];
    i18n_format(small, sizeof small, I18N_FMT_MOVE_NUMBER, 12345);
    assert_int_equal(small[sizeof small - 1], '\0');
    assert_int_equal(i18n_format(NULL, 0, I18N_FMT_MOVE_NUMBER, 1), 0);

    /* Out of range leaves the language alone. */
    i18n_set_language((I18nLang)7);
    assert_int_equal(i18n_language(), I18N_LANG_ZH);
    i18n_set_language(I18N_LANG_EN);
    assert_string_equal(i18n_get(I18N_BTN_UNDO), "Undo");
}

static void test_language_codes(void **state)
{
    (void)state;
    static const struct {
        const char *code;
        bool known;
        I18nLang lang;
    } CASES[] = {
        {"zh", true, I18N_LANG_ZH},          {"zh_CN", true, I18N_LANG_ZH},
        {"zh-Hans", true, I18N_LANG_ZH},     {"ZH-tw", true, I18N_LANG_ZH},
        {"zh_CN.UTF-8", true, I18N_LANG_ZH}, {"en", true, I18N_LANG_EN},
        {"en_US", true, I18N_LANG_EN},       {"fr", false, I18N_LANG_EN},
        {"zhx", false, I18N_LANG_EN},        {"z", false, I18N_LANG_EN},
        {"", false, I18N_LANG_EN},           {"english", false, I18N_LANG_EN},
    };
    for (size_t i = 0; i < SDL_arraysize(CASES); i++) {
        I18nLang got = (I18nLang)99;
        bool known = i18n_lang_from_code(CASES[i].code, &got);
        if (known != CASES[i].known || (known && got != CASES[i].lang)) {
            fail_msg("code \"%s\": known %d lang %d", CASES[i].code, known, (int)got);
        }
        if (!known) {
            assert_int_equal(got, 99); /* untouched */
        }
    }
    I18nLang l = I18N_LANG_EN;
    assert_false(i18n_lang_from_code(NULL, &l));
    for (int lang = 0; lang < I18N_LANG_COUNT; lang++) {
        I18nLang back = I18N_LANG_COUNT;
        assert_true(i18n_language_parse(i18n_language_code((I18nLang)lang), &back));
        assert_int_equal(back, lang);
    }
    l = I18N_LANG_ZH;
    assert_false(i18n_language_parse("klingon", &l));
    assert_int_equal(l, I18N_LANG_ZH);
    assert_string_equal(i18n_language_name(I18N_LANG_EN), "English");
    assert_string_equal(i18n_language_name(I18N_LANG_ZH), "简体中文");
}

static void test_from_system(void **state)
{
    (void)state;
#if defined(__linux__)
    /* SDL reads LANG, then LANGUAGE, on Linux. */
    char *old_lang = SDL_getenv("LANG") ? SDL_strdup(SDL_getenv("LANG")) : NULL;
    char *old_language = SDL_getenv("LANGUAGE") ? SDL_strdup(SDL_getenv("LANGUAGE")) : NULL;
    SDL_setenv("LANGUAGE", "", 1);
    SDL_setenv("LANG", "zh_CN.UTF-8", 1);
    assert_int_equal(i18n_from_system(), I18N_LANG_ZH);
    SDL_setenv("LANG", "en_GB.UTF-8", 1);
    assert_int_equal(i18n_from_system(), I18N_LANG_EN);
    SDL_setenv("LANG", "de_DE.UTF-8", 1);
    assert_int_equal(i18n_from_system(), I18N_LANG_EN);
    /* The first language we have wins. */
    SDL_setenv("LANGUAGE", "fr:zh_CN:en", 1);
    assert_int_equal(i18n_from_system(), I18N_LANG_ZH);
    SDL_setenv("LANGUAGE", "fr:en:zh_CN", 1);
    assert_int_equal(i18n_from_system(), I18N_LANG_EN);
    SDL_setenv("LANG", old_lang ? old_lang : "", 1);
    SDL_setenv("LANGUAGE", old_language ? old_language : "", 1);
    SDL_free(old_lang);
    SDL_free(old_language);
#else
    I18nLang l = i18n_from_system();
    assert_true(l == I18N_LANG_EN || l == I18N_LANG_ZH);
#endif
}

/* Decodes one UTF-8 sequence at *p, advancing it; returns 0xFFFD on a bad one. */
static Uint32 next_codepoint(const unsigned char **p)
{
    const unsigned char *s = *p;
    Uint32 c = s[0];
    int extra = c < 0x80           ? 0
                : (c >> 5) == 0x6  ? 1
                : (c >> 4) == 0xE  ? 2
                : (c >> 3) == 0x1E ? 3
                                   : -1;
    if (extra < 0) {
        *p = s + 1;
        return 0xFFFD;
    }
    c &= extra == 0 ? 0x7Fu : (0x3Fu >> extra);
    for (int i = 1; i <= extra; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *p = s + i;
            return 0xFFFD;
        }
        c = (c << 6) | (s[i] & 0x3Fu);
    }
    *p = s + extra + 1;
    return c;
}

static TTF_Font *open_font(I18nLang lang, bool bold)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", GOMOKU_TEST_ASSETS, i18n_font_file(lang, bold));
    TTF_Font *f = TTF_OpenFont(path, 16);
    if (f == NULL) {
        fail_msg("cannot open %s: %s", path, TTF_GetError());
    }
    return f;
}

/* Returns how many glyphs of s font lacks, printing each. */
static int missing_glyphs(TTF_Font *font, const char *s, const char *what)
{
    int missing = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p != '\0') {
        Uint32 c = next_codepoint(&p);
        if (c >= 0x20 && !TTF_GlyphIsProvided32(font, c)) {
            fprintf(stderr, "missing glyph U+%04X in %s \"%s\"\n", (unsigned)c, what, s);
            missing++;
        }
    }
    return missing;
}

static void test_font_covers_every_string(void **state)
{
    (void)state;
    assert_int_equal(TTF_Init(), 0);
    for (int lang = 0; lang < I18N_LANG_COUNT; lang++) {
        for (int bold = 0; bold < 2; bold++) {
            TTF_Font *font = open_font((I18nLang)lang, bold != 0);
            int missing = 0;
            for (int id = 0; id < I18N_STRING_COUNT; id++) {
                char what[64];
                snprintf(what, sizeof what, "string %d (lang %d, bold %d)", id, lang, bold);
                missing += missing_glyphs(font, i18n_get_in((I18nLang)lang, (I18nString)id), what);
            }
            /* The language menu shows every language's name in any language. */
            for (int other = 0; other < I18N_LANG_COUNT; other++) {
                missing += missing_glyphs(font, i18n_language_name((I18nLang)other), "name");
            }
            /* Digits, signs and the Latin a player may see in formatted text. */
            missing += missing_glyphs(font,
                                      " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                      "[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~",
                                      "ASCII");
            assert_int_equal(missing, 0);
            /* The check can fail: the subset really is a subset (this rare
             * ideograph is in full Noto CJK but in no UI string). */
            assert_false(TTF_GlyphIsProvided32(font, 0x9F98));
            TTF_CloseFont(font);
        }
    }
    TTF_Quit();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_string_translated),
        cmocka_unit_test(test_chinese_is_chinese),
        cmocka_unit_test(test_formats_match),
        cmocka_unit_test(test_format_and_switch),
        cmocka_unit_test(test_language_codes),
        cmocka_unit_test(test_from_system),
        cmocka_unit_test(test_font_covers_every_string),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
