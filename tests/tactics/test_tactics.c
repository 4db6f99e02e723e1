/*
 * test_tactics.c - the tactics suite: forced wins (VCF and VCT) and forced
 * defences for several k, board sizes and rules.  Each diagram is first
 * proven by the independent prover in tac_util.c, then the engine must
 * find a winning move (or one of the defending moves), and any win it
 * claims is replayed and proven.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "tac_positions.h"
#include "tac_util.h"

/* Under the sanitizers every other case of each kind: the defences are
 * nine tenths of this test's time there (the engine's incremental
 * updates, instrumented), and half of them exercise its memory and
 * arithmetic as well as all; the release build plays every case. */
#ifdef TAC_SANITIZED
#define CASE_STEP 2
#else
#define CASE_STEP 1
#endif

static int run_all(TacType type)
{
    Ai *ai = ai_new(16u << 20);
    assert_non_null(ai);
    int bad = 0, n = 0, seen = 0;
    for (int i = 0; i < TAC_NCASES; i++) {
        if (TAC_CASES[i].type != type || seen++ % CASE_STEP != 0) {
            continue;
        }
        n++;
        clock_t t0 = clock();
        int rc = tac_run_case(&TAC_CASES[i], ai, tac_suite_limits());
        printf("  %-40s %-12s %.1fs\n", TAC_CASES[i].name,
               rc == 0   ? "ok"
               : rc == 1 ? "BAD DIAGRAM"
                         : "ENGINE FAILS",
               (double)(clock() - t0) / CLOCKS_PER_SEC);
        bad += rc != 0;
    }
    ai_free(ai);
    printf("  %d of %d passed\n", n - bad, n);
    return bad;
}

static void test_wins(void **state)
{
    (void)state;
    assert_int_equal(run_all(TAC_WIN), 0);
}

static void test_defences(void **state)
{
    (void)state;
    assert_int_equal(run_all(TAC_DEFEND), 0);
}

/* The threat search alone must prove every win of the suite (they are all
 * VCF or VCT), with a complete line that replays and survives the prover;
 * in the defence positions any win it claims for X must be real. */
static void test_threat_search(void **state)
{
    (void)state;
    Ai *ai = ai_new(16u << 20);
    assert_non_null(ai);
    int bad = 0;
    for (int i = 0; i < TAC_NCASES; i++) {
        const TacCase *c = &TAC_CASES[i];
        Board b;
        Move st[16], hs[16];
        int ns, nh;
        assert_int_equal(
            tac_parse(&b, c->size, c->rows, c->ox, c->oy, c->x_colour, st, &ns, hs, &nh), 0);
        AiRequest req;
        memset(&req, 0, sizeof req);
        req.board = b;
        req.rules = (Rules){c->kind, c->k};
        req.to_move = c->x_colour;
        req.limits = tac_suite_limits();
        AiInfo info;
        ai_clear(ai);
        clock_t t0 = clock();
        int rc = ai_threat_search(ai, &req, c->type == TAC_WIN ? c->plies + 4 : 0, &info);
        const char *verdict = "ok";
        if (rc < 0) {
            verdict = "ERROR";
        } else if (rc == 1) {
            if (info.pv_len != info.mate_plies ||
                tac_check_claim(&b, req.rules, c->x_colour, &info, 2000000) != TAC_YES) {
                verdict = "BAD PROOF";
            }
        } else if (c->type == TAC_WIN) {
            verdict = "NOT FOUND";
        }
        printf("  %-40s %-10s %s %2d plies  %.1fs\n", c->name, verdict, rc == 1 ? "win" : "   ",
               rc == 1 ? info.mate_plies : 0, (double)(clock() - t0) / CLOCKS_PER_SEC);
        bad += strcmp(verdict, "ok") != 0;
    }
    ai_free(ai);
    assert_int_equal(bad, 0);
}

/* The prover itself must not be fooled: no win where there is none. */
static void test_prover_sanity(void **state)
{
    (void)state;
    Rules r = {RULE_FREESTYLE, 5};
    Board b;
    assert_int_equal(board_init(&b, 15), 0);
    /* A lone open three wins in 5 only if the defender does nothing; the
     * defender can block, so no win in 5 (there is one in 5 for the side
     * to move, though: open four then five is 3 plies away). */
    for (int i = 0; i < 3; i++) {
        board_set(&b, 5 + i, 7, STONE_BLACK);
    }
    board_set(&b, 0, 0, STONE_WHITE);
    board_set(&b, 14, 14, STONE_WHITE);
    TacProver p;
    tac_prover_init(&p, r, STONE_BLACK, true, 0);
    assert_int_equal(tac_prove(&p, &b, STONE_BLACK, 3), TAC_YES);
    tac_prover_init(&p, r, STONE_BLACK, true, 0);
    assert_int_equal(tac_prove(&p, &b, STONE_BLACK, 1), TAC_NO);
    tac_prover_init(&p, r, STONE_BLACK, true, 0);
    assert_int_equal(tac_prove(&p, &b, STONE_WHITE, 4), TAC_NO);
    /* After white blocks one end black has only a simple four. */
    board_set(&b, 4, 7, STONE_WHITE);
    tac_prover_init(&p, r, STONE_BLACK, true, 0);
    assert_int_equal(tac_prove(&p, &b, STONE_BLACK, 3), TAC_NO);
    /* A claim with a wrong line is rejected. */
    AiInfo info;
    memset(&info, 0, sizeof info);
    info.best = (Move){8, 7};
    info.mate_plies = 3;
    info.pv_len = 3;
    info.pv[0] = (Move){8, 7};
    info.pv[1] = (Move){9, 7};
    info.pv[2] = (Move){9, 8};
    assert_int_equal(tac_check_claim(&b, r, STONE_BLACK, &info, 0), TAC_NO);
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_prover_sanity),
        cmocka_unit_test(test_wins),
        cmocka_unit_test(test_defences),
        cmocka_unit_test(test_threat_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
