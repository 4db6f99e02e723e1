/*
 * test_puzzles_shipped.c - the puzzle sets in assets/puzzles/ as the game
 * reads them: every line of every set is a well-formed puzzle, ids are
 * unique within the sets, and a sample drawn afresh on every run (its seed
 * printed; PUZZLES_SEED=N repeats it, PUZZLES_SAMPLE=N sizes it) is proved
 * again by the engine at the budgets the generator checked it with
 * (gomoku-puzzles verify does all of them; docs/puzzles.md).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "pz_check.h"

#if !defined(PUZZLE_DIR) || !defined(PUZZLE_SETS)
#error "PUZZLE_DIR must name assets/puzzles and PUZZLE_SETS its files (comma-separated)"
#endif

/* The generator's check budgets (gomoku-puzzles defaults). */
static const PzBudget CHECK = {500000, 200000};

static Puzzle *all;
static int nall;

static void load(const char *name)
{
    char path[1024], line[PUZZLE_LINE_MAX], err[256];
    snprintf(path, sizeof path, "%s/%s", PUZZLE_DIR, name);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fail_msg("cannot open %s", path);
    }
    for (int no = 1; fgets(line, sizeof line, f) != NULL; no++) {
        all = realloc(all, sizeof *all * (size_t)(nall + 1));
        assert_non_null(all);
        int got = puzzle_parse(line, strcspn(line, "\r\n"), &all[nall], err, sizeof err);
        if (got < 0) {
            fail_msg("%s:%d: %s", name, no, err);
        }
        nall += got == 0;
    }
    fclose(f);
}

static void test_every_line_reads(void **state)
{
    (void)state;
    char name[256];
    int sets = 0;
    for (const char *p = PUZZLE_SETS; *p != '\0'; sets++) {
        size_t n = strcspn(p, ",");
        assert_true(n > 0 && n < sizeof name);
        memcpy(name, p, n);
        name[n] = '\0';
        int before = nall;
        load(name);
        if (nall == before) {
            fail_msg("%s holds no puzzle", name);
        }
        p += n + (p[n] == ',');
    }
    print_message("%d puzzles in %d sets\n", nall, sets);
    assert_true(sets > 0);
    for (int i = 0; i < nall; i++) {
        Puzzle p = all[i];
        puzzle_make_id(&p);
        assert_string_equal(p.id, all[i].id); /* the id is the position's */
        for (int j = 0; j < i; j++) {
            assert_string_not_equal(all[i].id, all[j].id);
        }
    }
}

static void test_a_sample_is_proved_again(void **state)
{
    (void)state;
    const char *env = getenv("PUZZLES_SEED");
    uint64_t seed = env != NULL ? strtoull(env, NULL, 10) : (uint64_t)time(NULL);
    env = getenv("PUZZLES_SAMPLE");
    int sample = env != NULL ? atoi(env) : 8;
    print_message("sample of %d from %d puzzles, PUZZLES_SEED=%llu\n", sample, nall,
                  (unsigned long long)seed);
    Ai *ai = ai_new(0);
    assert_non_null(ai);
    for (int i = 0; i < sample && nall > 0; i++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        const Puzzle *p = &all[(seed >> 33) % (uint64_t)nall];
        char err[256] = "";
        if (pz_verify(ai, p, &CHECK, err, sizeof err) != 0) {
            ai_free(ai);
            fail_msg("puzzle %s: %s", p->id, err);
        }
    }
    ai_free(ai);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_line_reads),
        cmocka_unit_test(test_a_sample_is_proved_again),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    free(all);
    return rc;
}
