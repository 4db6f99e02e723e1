/*
 * fuzz_record.c - any bytes through our record reader.  It returns a
 * status, never crashes and never reads past the input; a refusal says
 * why; and a record it reads is the same game when saved and read back
 * (moves and times, setup, players, text fields, analysis lines, kept
 * comments and extension keys), and saving that again writes the very
 * same bytes.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/record.h"
#include "core/record_text.h"
#include "fuzz_check.h"
#include "fuzz_record_same.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Record *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    if (a == NULL || b == NULL) {
        free(a);
        free(b);
        return 0;
    }
    char err[256];
    int st = record_parse((const char *)data, size, a, err, sizeof err);
    FUZZ_CHECK(st == 0 || err[0] != '\0', "a refused record says why");
    if (st == 0) {
        FUZZ_CHECK(record_validate(a, err, sizeof err) == 0, "a record that loads is valid");
        size_t len = 0, len2 = 0;
        char *text = record_format(a, &len);
        FUZZ_CHECK(text != NULL, "a record that loads can be saved");
        int again = record_parse(text, len, b, err, sizeof err);
        FUZZ_CHECK(again == 0, "a saved record loads back");
        FUZZ_CHECK(fuzz_record_differs_fully(a, b) == NULL, "a saved record is the same game");
        char *text2 = record_format(b, &len2);
        FUZZ_CHECK(text2 != NULL && len2 == len && memcmp(text, text2, len) == 0,
                   "saving it again writes the same bytes");
        free(text);
        free(text2);
    }
    free(a);
    free(b);
    return 0;
}
