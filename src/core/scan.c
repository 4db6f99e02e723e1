/*
 * scan.c - spans, lines, tokens, keywords, integers and UTF-8 for every
 * text reader of the project.
 */
#include "scan.h"

#include <string.h>

ScanSpan scan_cstr(const char *s)
{
    return (ScanSpan){s, s != NULL ? strlen(s) : 0};
}

bool scan_is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

ScanSpan scan_trim(ScanSpan s)
{
    while (s.n > 0 && scan_is_blank(s.p[0])) {
        s.p++;
        s.n--;
    }
    while (s.n > 0 && scan_is_blank(s.p[s.n - 1])) {
        s.n--;
    }
    return s;
}

bool scan_next_line(const char *text, size_t len, size_t *pos, ScanSpan *line)
{
    if (text == NULL || *pos >= len) {
        return false;
    }
    const char *nl = memchr(text + *pos, '\n', len - *pos);
    size_t end = nl == NULL ? len : (size_t)(nl - text);
    *line = (ScanSpan){text + *pos, end - *pos};
    if (line->n > 0 && line->p[line->n - 1] == '\r') {
        line->n--;
    }
    *pos = end + 1;
    return true;
}

ScanSpan scan_token(ScanSpan *rest)
{
    ScanSpan s = *rest;
    while (s.n > 0 && scan_is_blank(s.p[0])) {
        s.p++;
        s.n--;
    }
    size_t i = 0;
    while (i < s.n && !scan_is_blank(s.p[i])) {
        i++;
    }
    *rest = (ScanSpan){s.p + i, s.n - i};
    return (ScanSpan){s.p, i};
}

bool scan_split(ScanSpan s, char sep, ScanSpan *before, ScanSpan *after)
{
    const char *at = s.n > 0 ? memchr(s.p, sep, s.n) : NULL;
    if (at == NULL) {
        return false;
    }
    size_t i = (size_t)(at - s.p);
    *before = scan_trim((ScanSpan){s.p, i});
    *after = scan_trim((ScanSpan){s.p + i + 1, s.n - i - 1});
    return true;
}

ScanSpan scan_strip_comment(ScanSpan s, char mark)
{
    for (size_t i = 0; i < s.n; i++) {
        if (s.p[i] == mark && (i == 0 || scan_is_blank(s.p[i - 1]))) {
            s.n = i;
            break;
        }
    }
    return scan_trim(s);
}

bool scan_eq(ScanSpan s, const char *word)
{
    size_t n = strlen(word);
    return s.n == n && (n == 0 || memcmp(s.p, word, n) == 0);
}

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

bool scan_eq_nocase(ScanSpan s, const char *word)
{
    size_t n = strlen(word);
    if (s.n != n) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        if (lower(s.p[i]) != lower(word[i])) {
            return false;
        }
    }
    return true;
}

int scan_word(ScanSpan s, const char *const *words, int count)
{
    for (int i = 0; i < count; i++) {
        if (scan_eq_nocase(s, words[i])) {
            return i;
        }
    }
    return -1;
}

/* More digits than this could overflow int64_t. */
#define SCAN_MAX_DIGITS 18

bool scan_uint(ScanSpan s, int64_t max, int64_t *out)
{
    if (s.n == 0 || s.n > SCAN_MAX_DIGITS) {
        return false;
    }
    int64_t v = 0;
    for (size_t i = 0; i < s.n; i++) {
        if (s.p[i] < '0' || s.p[i] > '9') {
            return false;
        }
        v = v * 10 + (s.p[i] - '0');
    }
    if (v > max) {
        return false;
    }
    *out = v;
    return true;
}

bool scan_int(ScanSpan s, int64_t max_abs, int64_t *out)
{
    bool neg = s.n > 0 && s.p[0] == '-';
    if (s.n > 0 && (s.p[0] == '-' || s.p[0] == '+')) {
        s.p++;
        s.n--;
    }
    int64_t v;
    if (!scan_uint(s, max_abs, &v)) {
        return false;
    }
    *out = neg ? -v : v;
    return true;
}

int scan_ints(ScanSpan s, char sep, int64_t max_abs, int64_t *out, int max)
{
    int count = 0;
    for (;;) {
        const char *at = s.n > 0 ? memchr(s.p, sep, s.n) : NULL;
        size_t len = at != NULL ? (size_t)(at - s.p) : s.n;
        if (count == max || !scan_int(scan_trim((ScanSpan){s.p, len}), max_abs, &out[count])) {
            return -1;
        }
        count++;
        if (at == NULL) {
            return count;
        }
        s = (ScanSpan){at + 1, s.n - len - 1};
    }
}

size_t scan_utf8_len(const unsigned char *p, size_t n)
{
    if (n == 0) {
        return 0;
    }
    unsigned char c = p[0];
    if (c < 0x80) {
        return 1;
    }
    size_t len = (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
    if (len == 0 || n < len) {
        return 0;
    }
    unsigned int cp = c & (0x7fu >> len);
    for (size_t i = 1; i < len; i++) {
        if ((p[i] & 0xc0) != 0x80) {
            return 0;
        }
        cp = (cp << 6) | (p[i] & 0x3fu);
    }
    /* Overlong forms, surrogates and values past U+10FFFF are invalid. */
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
        cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
        return 0;
    }
    return len;
}

bool scan_utf8_valid(ScanSpan s)
{
    for (size_t i = 0; i < s.n;) {
        size_t cl = scan_utf8_len((const unsigned char *)s.p + i, s.n - i);
        if (cl == 0) {
            return false;
        }
        i += cl;
    }
    return true;
}

const char *scan_show(ScanSpan s, char *buf, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < s.n && n + 4 < cap; i++) {
        unsigned char c = (unsigned char)s.p[i];
        buf[n++] = (c < 0x20 || c == 0x7f) ? '?' : (char)c;
    }
    if (n < s.n && n + 4 <= cap) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n] = '\0';
    return buf;
}
