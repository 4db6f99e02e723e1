/*
 * fuzz_psq.c - any bytes through the .psq reader (Piskvork's files).  It
 * returns a status, never crashes and never reads past the input; a
 * refusal says why; and a game it reads, exported as .psq and imported
 * again, is the same game (board, the rule it guessed, moves, times, an
 * unknown time written as 0, result), while saved in our own format it
 * comes back whole (players' names too).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/record.h"
#include "core/record_psq.h"
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
    int st = record_parse_psq((const char *)data, size, a, err, sizeof err);
    FUZZ_CHECK(st == 0 || err[0] != '\0', "a refused .psq says why");
    if (st == 0) {
        FUZZ_CHECK(record_validate(a, err, sizeof err) == 0, "a .psq that loads is valid");
        size_t len = 0;
        char *psq = record_format_psq(a, &len);
        FUZZ_CHECK(psq != NULL, "a game that loads can be exported");
        FUZZ_CHECK(record_parse_psq(psq, len, b, err, sizeof err) == 0,
                   "an exported .psq imports again");
        FUZZ_CHECK(fuzz_record_differs(a, b, true) == NULL, "an exported .psq is the same game");
        free(psq);
        char *ours = record_format(a, &len);
        FUZZ_CHECK(ours != NULL, "an imported game can be saved");
        FUZZ_CHECK(record_parse(ours, len, b, err, sizeof err) == 0,
                   "an imported game saved in our format loads");
        FUZZ_CHECK(fuzz_record_differs_fully(a, b) == NULL,
                   "an imported game saved in our format is the same game");
        free(ours);
    }
    free(a);
    free(b);
    return 0;
}
