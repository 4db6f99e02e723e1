/*
 * fuzz_record.c - any bytes through the record readers (ours and .psq, as
 * record_parse_any chooses): they return a status, never crash, and never
 * read past the input.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/record.h"
#include "core/record_text.h"
#include "fuzz_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Record *rec = malloc(sizeof *rec);
    if (rec == NULL) {
        return 0;
    }
    char err[256];
    int st = record_parse_any((const char *)data, size, rec, err, sizeof err);
    FUZZ_CHECK(st == 0 || err[0] != '\0', "a refused record says why");
    free(rec);
    return 0;
}
