/*
 * fuzz_puzzle.c - any bytes through the puzzle reader, line by line (a
 * puzzle set as the game loads it).  It returns a status, never crashes
 * and never reads past the line; a refusal says why; a puzzle it reads is
 * valid, writes back as a line that reads as the same puzzle, and keeps
 * its id when turned or mirrored.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/puzzle.h"
#include "fuzz_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same_puzzle(const Puzzle *a, const Puzzle *b)
{
    FUZZ_CHECK(strcmp(a->id, b->id) == 0 && a->size == b->size && a->rules.kind == b->rules.kind &&
                   a->rules.k == b->rules.k && a->goal == b->goal && a->themes == b->themes &&
                   a->rating == b->rating && a->plies == b->plies,
               "a written puzzle reads back with the same head");
    FUZZ_CHECK(a->nmoves == b->nmoves && a->nsolution == b->nsolution &&
                   memcmp(a->moves, b->moves, sizeof a->moves[0] * (size_t)a->nmoves) == 0 &&
                   memcmp(a->solution, b->solution, sizeof a->solution[0] * (size_t)a->nsolution) ==
                       0,
               "a written puzzle reads back with the same moves and solution");
}

static void one_line(const char *line, size_t len, Puzzle *a, Puzzle *b, char *out)
{
    char err[256] = "";
    int st = puzzle_parse(line, len, a, err, sizeof err);
    FUZZ_CHECK(st >= -1 && st <= 1, "the reader returns -1, 0 or 1");
    FUZZ_CHECK(st != -1 || err[0] != '\0', "a refused line says why");
    if (st != 0) {
        return;
    }
    FUZZ_CHECK(puzzle_check(a, err, sizeof err) == 0, "a puzzle that reads is valid");
    int n = puzzle_format(a, out, PUZZLE_LINE_MAX);
    FUZZ_CHECK(n > 0 && (size_t)n == strlen(out), "a puzzle that reads can be written");
    FUZZ_CHECK(puzzle_parse(out, (size_t)n, b, err, sizeof err) == 0, "a written puzzle reads");
    same_puzzle(a, b);
    puzzle_make_id(a);
    *b = *a;
    for (int i = 0; i < b->nmoves; i++) {
        b->moves[i] = puzzle_sym(a->moves[i], a->size, 6);
    }
    puzzle_make_id(b);
    FUZZ_CHECK(strcmp(a->id, b->id) == 0, "a turned and mirrored puzzle keeps its id");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Puzzle *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    char *out = malloc(PUZZLE_LINE_MAX);
    for (size_t at = 0; a != NULL && b != NULL && out != NULL && at < size;) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t len = nl != NULL ? (size_t)(nl - (data + at)) : size - at;
        /* A copy of exactly the line: reading past it is caught by ASan. */
        char *line = malloc(len ? len : 1);
        if (line == NULL) {
            break;
        }
        memcpy(line, data + at, len);
        one_line(line, len, a, b, out);
        free(line);
        at += len + 1;
    }
    free(a);
    free(b);
    free(out);
    return 0;
}
