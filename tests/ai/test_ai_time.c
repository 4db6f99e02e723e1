/*
 * test_ai_time.c - the Custom AI's time limit: a search with no node or
 * depth budget to stop it earlier answers within its time plus a margin.
 *
 * The only test that reads a clock, labelled "timing" so a loaded machine
 * can leave it out (ctest -LE timing).  The margin is generous (the
 * search checks the clock every few hundred nodes, well under a
 * millisecond; the margin covers a busy machine and sanitizers).
 */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "ai/ai_custom.h"

#define TIME_MARGIN_MS 250

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void test_answer_within_the_time(void **state)
{
    (void)state;
    Ai *ai = ai_new(0);
    assert_non_null(ai);
    static const int TIMES[] = {100, 400};
    for (size_t t = 0; t < sizeof TIMES / sizeof TIMES[0]; t++) {
        for (int threads = 1; threads <= 2; threads++) {
            AiRequest req;
            memset(&req, 0, sizeof req);
            board_init(&req.board, 19);
            board_set(&req.board, 9, 9, STONE_BLACK);
            board_set(&req.board, 10, 10, STONE_WHITE);
            board_set(&req.board, 8, 10, STONE_BLACK);
            req.rules = (Rules){RULE_FREESTYLE, 5};
            req.to_move = STONE_WHITE;
            req.limits = ai_custom_limits((AiCustom){10, 24, TIMES[t], threads});
            /* No depth the search could reach in the time: since the
             * double-threat leaves and pruning it reaches the Custom AI's
             * depth 10 within 400 ms here. */
            req.limits.max_depth = AI_MAX_DEPTH;
            AiInfo info;
            ai_clear(ai);
            int64_t start = now_ms();
            assert_int_equal(ai_search(ai, &req, &info), 0);
            int64_t took = now_ms() - start;
            assert_true(move_is_valid(info.best));
            if (took > TIMES[t] + TIME_MARGIN_MS) {
                print_error("%d ms limit, %d threads: answered after %lld ms\n", TIMES[t], threads,
                            (long long)took);
            }
            assert_true(took <= TIMES[t] + TIME_MARGIN_MS);
            /* The clock, not the depth, ended it. */
            assert_true(info.depth < AI_MAX_DEPTH);
        }
    }
    ai_free(ai);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_answer_within_the_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
