/*
 * storage_layout.c - reading where the Documents folder is from the text
 * of an XDG user-dirs.dirs file (see storage_layout.h); text only.
 */
#include "store/storage_layout.h"

#include <stdio.h>
#include <string.h>

#include "core/scan.h"

/* The value of one user-dirs.dirs line after the '=': quotes and
 * backslash escapes removed, $HOME replaced.  False when unusable. */
static bool user_dir_value(ScanSpan v, const char *home, char *out, size_t outlen)
{
    char raw[STORAGE_PATH_MAX];
    size_t n = 0;
    bool quoted = v.n >= 2 && v.p[0] == '"' && v.p[v.n - 1] == '"';
    size_t i = quoted ? 1 : 0, end = quoted ? v.n - 1 : v.n;
    for (; i < end && n + 1 < sizeof raw; i++) {
        if (v.p[i] == '\\' && i + 1 < end) {
            i++;
        }
        raw[n++] = v.p[i];
    }
    raw[n] = '\0';
    int m;
    if (strncmp(raw, "$HOME", 5) == 0 && (raw[5] == '/' || raw[5] == '\0')) {
        m = snprintf(out, outlen, "%s%s", home, raw + 5);
    } else if (raw[0] == '/') {
        m = snprintf(out, outlen, "%s", raw);
    } else {
        return false; /* relative paths are not allowed there */
    }
    if (m <= 0 || (size_t)m >= outlen) {
        return false;
    }
    while (m > 1 && out[m - 1] == '/') {
        out[--m] = '\0';
    }
    return true;
}

bool storage_parse_user_dirs(const char *text, size_t len, const char *home, char *out,
                             size_t outlen)
{
    if (text == NULL || home == NULL || out == NULL || outlen == 0) {
        return false;
    }
    size_t pos = 0;
    ScanSpan line;
    bool found = false;
    while (scan_next_line(text, len, &pos, &line)) {
        line = scan_trim(line);
        ScanSpan key, value;
        if (line.n == 0 || line.p[0] == '#' || !scan_split(line, '=', &key, &value) ||
            !scan_eq(scan_trim(key), "XDG_DOCUMENTS_DIR")) {
            continue;
        }
        /* The last line that says wins, as the shell that sources it would have it. */
        found = user_dir_value(scan_trim(value), home, out, outlen) || found;
    }
    return found;
}

const char *storage_layout_base_name(const char *path)
{
    const char *b = path;
    for (const char *p = path; *p != '\0'; p++) {
        if (*p == '/' || *p == '\\') {
            b = p + 1;
        }
    }
    return b;
}
