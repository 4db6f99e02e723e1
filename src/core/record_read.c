/*
 * record_read.c - reading a record in either format: the format is told
 * by the contents (record_is_psq) or, for a file, by its name first.
 */
#include "record_read.h"

#include <stdbool.h>
#include <string.h>

#include "err.h"
#include "record_psq.h"
#include "record_text.h"

int record_parse_any(const char *text, size_t len, Record *out, char *err, size_t errlen)
{
    if (record_is_psq(text, len)) {
        return record_parse_psq(text, len, out, err, errlen);
    }
    return record_parse(text, len, out, err, errlen);
}

/* True when name ends in ext, ignoring ASCII case. */
static bool name_ends_with(const char *name, const char *ext)
{
    size_t n = name != NULL ? strlen(name) : 0, e = strlen(ext);
    if (n < e) {
        return false;
    }
    for (size_t i = 0; i < e; i++) {
        char c = name[n - e + i];
        if ((c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c) != ext[i]) {
            return false;
        }
    }
    return true;
}

/* True when word occurs in the len bytes of text. */
static bool text_contains(const char *text, size_t len, const char *word)
{
    size_t w = strlen(word);
    for (size_t i = 0; text != NULL && i + w <= len; i++) {
        if (memcmp(text + i, word, w) == 0) {
            return true;
        }
    }
    return false;
}

int record_parse_file(const char *name, const char *text, size_t len, Record *out, char *err,
                      size_t errlen)
{
    /* A damaged .psq must hear about its own format, not ours: the name
     * decides before the contents, which a damaged header no longer shows. */
    if (name_ends_with(name, ".psq") || record_is_psq(text, len)) {
        return record_parse_psq(text, len, out, err, errlen);
    }
    if (record_parse(text, len, out, err, errlen) == 0) {
        return 0;
    }
    bool ours_by_name = name_ends_with(name, ".gomoku");
    bool mentions_ours = text_contains(text, len, "gomoku-record");
    if (!ours_by_name && !mentions_ours) {
        err_set(err, errlen,
                "not a game record: a Gomoku save starts with 'gomoku-record %d' and a "
                "Piskvork file with 'Piskvorky WxH'",
                RECORD_FORMAT_VERSION);
    }
    return -1;
}
