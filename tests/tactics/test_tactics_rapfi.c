/*
 * test_tactics_rapfi.c - the CI subset of the Rapfi-made suites
 * (tests/tactics/suite-*.txt, made by tools/tactics/gen_suites.py; the
 * whole suites are played out against Rapfi by gomoku-tactics, see
 * docs/tactics.md).
 *
 * For a subset of the positions the engine solves today, at a fixed node
 * budget (no time limit, one thread, ai_clear first, so the answer is the
 * same on every machine and under the sanitizers):
 *   - a win position: the threat search proves a win (a replayable proof
 *     line) or, failing that, the main search returns a proved win score;
 *     either claim is replayed and checked by the independent prover of
 *     tac_util.c as far as its budget goes (refuted = failure);
 *   - a defence position: the main search plays the one refutation (and a
 *     win it claims there must not be refuted by the prover).
 *
 * With TAC_RAPFI_SURVEY=1 in the environment it checks every position of
 * every suite instead and only reports (no assertion): how the subset
 * below was chosen (TAC_RAPFI_SURVEY=def: the defence suites only).
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

#include "core/record.h"
#include "tac_suite.h"
#include "tac_util.h"

#ifndef TAC_SUITE_DIR
#error "TAC_SUITE_DIR must name tests/tactics"
#endif

/* Budgets: enough for what the engine solves today, small enough for the
 * whole subset to run in seconds (and in a minute or two under ASan). */
#define THREAT_NODES 400000
#define SEARCH_NODES 600000
#define PROVER_NODES 20000

static const char *const SUITES[] = {
    "suite-free15.txt",     "suite-free20.txt",      "suite-renju15.txt",    "suite-def-free15.txt",
    "suite-def-free20.txt", "suite-def-renju15.txt", "suite-def-puzzles.txt"};
#define FIRST_DEF 3 /* SUITES from here on are defence suites */
#define NSUITES   ((int)(sizeof SUITES / sizeof SUITES[0]))

/* The CI subset: position numbers (1-based, in file order) per suite, each
 * solved by today's engine at the budgets above (found with the survey). */
typedef struct Pick {
    int suite;
    int index;
} Pick;

static const Pick PICKS[] = {
    {0, 3},  {0, 6},  {0, 8},  {0, 14}, {0, 20}, {0, 21}, {0, 36}, {0, 39}, {0, 42}, {0, 47},
    {1, 1},  {1, 6},  {1, 13}, {1, 20}, {1, 23}, {1, 25}, {2, 3},  {2, 5},  {2, 8},  {2, 9},
    {2, 18}, {2, 20}, {2, 22}, {3, 1},  {3, 3},  {3, 4},  {3, 6},  {3, 11}, {3, 14}, {3, 20},
    {3, 26}, {3, 41}, {3, 43}, {4, 2},  {4, 4},  {4, 9},  {4, 10}, {5, 1},  {5, 2},  {5, 5},
    {5, 8},  {5, 10}, {5, 17}, {5, 18}, {5, 30}, {6, 1},  {6, 3},
};
#define NPICKS ((int)(sizeof PICKS / sizeof PICKS[0]))

/* Under the sanitizers every other pick: they check the engine's memory
 * and arithmetic, which half the positions exercise as well as all of
 * them, in half this test's time there (the release build checks every
 * pick's answer). */
#ifdef TAC_SANITIZED
#define PICK_STEP 2
#else
#define PICK_STEP 1
#endif

typedef enum How { HOW_FAIL = 0, HOW_THREAT, HOW_SEARCH, HOW_REFUTED } How;

static const char *const HOW_NAME[] = {"FAIL", "threat", "search", "BAD CLAIM"};

static AiRequest request(const TacSuitePos *p)
{
    AiRequest req;
    memset(&req, 0, sizeof req);
    req.board = p->board;
    req.rules = p->rules;
    req.to_move = p->to_move;
    req.limits = tac_suite_limits();
    req.limits.max_nodes = SEARCH_NODES;
    req.limits.max_depth = AI_MAX_DEPTH;
    return req;
}

/* A win claim is good when it replays and the prover does not refute it
 * (a budget too small to decide is not a failure). */
static bool claim_holds(const TacSuitePos *p, const AiInfo *info)
{
    return tac_check_claim(&p->board, p->rules, p->to_move, info, PROVER_NODES) != TAC_NO;
}

static How solve_win(Ai *ai, const TacSuitePos *p, AiInfo *info)
{
    AiRequest req = request(p);
    req.limits.max_nodes = THREAT_NODES;
    ai_clear(ai);
    if (ai_threat_search(ai, &req, 0, info) == 1) {
        if (info->pv_len != info->mate_plies || !claim_holds(p, info)) {
            return HOW_REFUTED;
        }
        return HOW_THREAT;
    }
    req = request(p);
    ai_clear(ai);
    if (ai_search(ai, &req, info) != 0 || info->score < AI_SCORE_WIN_THRESHOLD) {
        return HOW_FAIL;
    }
    return claim_holds(p, info) ? HOW_SEARCH : HOW_REFUTED;
}

/* The one refutation; a win claimed on the way must not be refuted. */
static bool solve_defence(Ai *ai, const TacSuitePos *p, AiInfo *info)
{
    AiRequest req = request(p);
    ai_clear(ai);
    if (ai_search(ai, &req, info) != 0 || !move_equal(info->best, p->answer)) {
        return false;
    }
    return info->mate_plies <= 0 || claim_holds(p, info);
}

static TacSuitePos *load(int suite, int *n)
{
    char path[1024];
    char err[512];
    snprintf(path, sizeof path, "%s/%s", TAC_SUITE_DIR, SUITES[suite]);
    TacSuitePos *pos = NULL;
    if (tac_suite_load(path, &pos, n, err, sizeof err) != 0) {
        printf("  %s\n", err);
        fail();
    }
    return pos;
}

/* Checks position pos of suite, prints a line, returns whether it passed. */
static bool check(Ai *ai, int suite, int index, const TacSuitePos *p)
{
    AiInfo info;
    memset(&info, 0, sizeof info);
    clock_t t0 = clock();
    const char *what;
    bool ok;
    if (p->kind == TAC_SUITE_WIN) {
        How how = solve_win(ai, p, &info);
        ok = how == HOW_THREAT || how == HOW_SEARCH;
        what = HOW_NAME[how];
    } else {
        ok = solve_defence(ai, p, &info);
        what = ok ? "refutes" : "FAIL";
    }
    char got[RECORD_MOVE_NAME_MAX], want[RECORD_MOVE_NAME_MAX];
    record_move_name(info.best, p->size, got);
    record_move_name(p->answer, p->size, want);
    printf("  %-18s #%-3d %s %2d plies  %-9s %-4s (Rapfi %-4s) mate %3d  %.2fs\n", SUITES[suite],
           index, p->kind == TAC_SUITE_WIN ? "win" : "def", p->plies, what, got, want,
           info.mate_plies, (double)(clock() - t0) / CLOCKS_PER_SEC);
    if (!ok) {
        tac_dump(&p->board);
    }
    return ok;
}

static void test_subset(void **state)
{
    (void)state;
    Ai *ai = ai_new(16u << 20);
    assert_non_null(ai);
    TacSuitePos *pos[NSUITES];
    int n[NSUITES];
    for (int s = 0; s < NSUITES; s++) {
        pos[s] = load(s, &n[s]);
    }
    int bad = 0;
    int per_kind[2] = {0, 0};
    for (int i = 0; i < NPICKS; i += PICK_STEP) {
        const Pick *pk = &PICKS[i];
        assert_true(pk->suite >= 0 && pk->suite < NSUITES);
        assert_true(pk->index >= 1 && pk->index <= n[pk->suite]);
        const TacSuitePos *p = &pos[pk->suite][pk->index - 1];
        per_kind[p->kind]++;
        bad += !check(ai, pk->suite, pk->index, p);
    }
    const int checked = (NPICKS + PICK_STEP - 1) / PICK_STEP;
    printf("  %d of %d passed (%d wins, %d defences)\n", checked - bad, checked,
           per_kind[TAC_SUITE_WIN], per_kind[TAC_SUITE_DEF]);
    for (int s = 0; s < NSUITES; s++) {
        free(pos[s]);
    }
    ai_free(ai);
    /* Every suite is represented, so a broken rule or size shows. */
    assert_true(per_kind[TAC_SUITE_WIN] > 0 && per_kind[TAC_SUITE_DEF] > 0);
    assert_int_equal(bad, 0);
}

/* Every position of every suite from suite `from` on, reported only
 * (TAC_RAPFI_SURVEY=1: all, =def: the defence suites). */
static void survey(int from)
{
    Ai *ai = ai_new(16u << 20);
    assert_non_null(ai);
    for (int s = from; s < NSUITES; s++) {
        int n;
        TacSuitePos *pos = load(s, &n);
        int ok = 0;
        for (int i = 0; i < n; i++) {
            ok += check(ai, s, i + 1, &pos[i]);
        }
        printf("%s: %d of %d solved\n", SUITES[s], ok, n);
        free(pos);
    }
    ai_free(ai);
}

/* The suites themselves load: every line parses and replays legally. */
static void test_suites_load(void **state)
{
    (void)state;
    int total = 0;
    for (int s = 0; s < NSUITES; s++) {
        int n;
        TacSuitePos *pos = load(s, &n);
        assert_true(n > 0);
        for (int i = 0; i < n; i++) {
            const TacSuitePos *p = &pos[i];
            assert_int_equal(p->kind, s >= FIRST_DEF ? TAC_SUITE_DEF : TAC_SUITE_WIN);
            assert_true(p->plies >= 1 && p->plies <= 25);
            assert_false(tac_someone_won(&p->board, p->rules));
        }
        total += n;
        free(pos);
    }
    printf("  %d positions in %d suites\n", total, NSUITES);
}

/* The reader refuses what is not a position. */
static void test_reader_refuses(void **state)
{
    (void)state;
    static TacSuitePos p;
    char err[160];
    assert_int_equal(tac_suite_parse_line("# a comment", &p, err, sizeof err), 0);
    assert_int_equal(tac_suite_parse_line("   ", &p, err, sizeof err), 0);
    assert_int_equal(tac_suite_parse_line("win 15 0 white 5 h9 h8", &p, err, sizeof err), 1);
    assert_int_equal(p.count, 1);
    /* the answer on a stone */
    assert_int_equal(tac_suite_parse_line("win 15 0 white 5 h8 h8", &p, err, sizeof err), -1);
    /* the wrong side to move */
    assert_int_equal(tac_suite_parse_line("win 15 0 black 5 h9 h8", &p, err, sizeof err), -1);
    /* a stone on a stone */
    assert_int_equal(tac_suite_parse_line("def 15 0 black 5 h9 h8 h8", &p, err, sizeof err), -1);
    /* exactly five (rule bit 1) reads; an unknown rule or kind does not */
    assert_int_equal(tac_suite_parse_line("win 15 1 white 5 h9 h8", &p, err, sizeof err), 1);
    assert_int_equal(p.rules.kind, RULE_EXACT);
    assert_int_equal(tac_suite_parse_line("win 15 2 white 5 h9 h8", &p, err, sizeof err), -1);
    assert_int_equal(tac_suite_parse_line("won 15 0 white 5 h9 h8", &p, err, sizeof err), -1);
    /* a game already won */
    assert_int_equal(tac_suite_parse_line("win 15 0 black 5 a9 a1 a2 b1 b2 c1 c2 d1 d2 e1 a9", &p,
                                          err, sizeof err),
                     -1);
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    const char *sv = getenv("TAC_RAPFI_SURVEY");
    if (sv != NULL && (sv[0] == '1' || strcmp(sv, "def") == 0)) {
        survey(sv[0] == '1' ? 0 : FIRST_DEF);
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reader_refuses),
        cmocka_unit_test(test_suites_load),
        cmocka_unit_test(test_subset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
