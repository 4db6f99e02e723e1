/*
 * test_ai_threads.c - engines on several threads: two Ai instances
 * searching at once give the same answers as one after the other, and a
 * multi-threaded search (Lazy SMP) still answers correctly.  Run it under
 * -DGOMOKU_TSAN=ON to check for data races.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ai/ai.h"

typedef struct Job {
    AiRequest req;
    AiInfo info;
    int rc;
} Job;

static void setup_position(AiRequest *req, int variant)
{
    memset(req, 0, sizeof *req);
    board_init(&req->board, 15);
    req->rules.kind = variant ? RULE_EXACT : RULE_FREESTYLE;
    req->rules.k = 5;
    req->to_move = STONE_BLACK;
    board_set(&req->board, 7, 7, STONE_BLACK);
    board_set(&req->board, 8, 8, STONE_WHITE);
    board_set(&req->board, 8, 6, STONE_BLACK);
    board_set(&req->board, 6 + variant, 8, STONE_WHITE);
    req->limits = ai_preset_limits(AI_PRESET_MEDIUM);
    req->limits.time_ms = 0;
}

static void *run_job(void *arg)
{
    Job *j = arg;
    Ai *ai = ai_new(1 << 20);
    if (ai == NULL) {
        j->rc = -2;
        return NULL;
    }
    j->rc = ai_search(ai, &j->req, &j->info);
    ai_free(ai);
    return NULL;
}

static void test_two_engines_at_once(void **state)
{
    (void)state;
    Job seq[2], par[2];
    for (int i = 0; i < 2; i++) {
        setup_position(&seq[i].req, i);
        par[i].req = seq[i].req;
        run_job(&seq[i]);
        assert_int_equal(seq[i].rc, 0);
    }
    pthread_t t[2];
    for (int i = 0; i < 2; i++) {
        assert_int_equal(pthread_create(&t[i], NULL, run_job, &par[i]), 0);
    }
    for (int i = 0; i < 2; i++) {
        pthread_join(t[i], NULL);
        assert_int_equal(par[i].rc, 0);
        assert_true(move_equal(par[i].info.best, seq[i].info.best));
        assert_int_equal(par[i].info.score, seq[i].info.score);
        assert_true(par[i].info.nodes == seq[i].info.nodes);
    }
}

static void test_smp_search(void **state)
{
    (void)state;
    Ai *ai = ai_new(1 << 20);
    assert_non_null(ai);
    AiRequest req;
    setup_position(&req, 0);
    req.limits.threads = 3;
    req.limits.max_depth = 6;
    AiInfo info;
    assert_int_equal(ai_search(ai, &req, &info), 0);
    assert_true(move_is_valid(info.best));
    assert_int_equal(board_get(&req.board, info.best.x, info.best.y), STONE_EMPTY);
    assert_true(info.depth >= 1);

    /* White's diagonal four (black holds (7, 7)) must still be blocked. */
    board_set(&req.board, 9, 9, STONE_WHITE);
    board_set(&req.board, 10, 10, STONE_WHITE);
    board_set(&req.board, 11, 11, STONE_WHITE);
    req.limits = ai_preset_limits(AI_PRESET_HARD);
    req.limits.threads = 2;
    assert_int_equal(ai_search(ai, &req, &info), 0);
    assert_int_equal(info.best.x, 12);
    assert_int_equal(info.best.y, 12);

    /* A real search with helpers: the VCF-free middle game position. */
    board_set(&req.board, 12, 12, STONE_BLACK);
    req.to_move = STONE_WHITE;
    req.limits.threads = 2;
    req.limits.max_nodes = 200000;
    assert_int_equal(ai_search(ai, &req, &info), 0);
    assert_int_equal(board_get(&req.board, info.best.x, info.best.y), STONE_EMPTY);
    ai_free(ai);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_engines_at_once),
        cmocka_unit_test(test_smp_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
