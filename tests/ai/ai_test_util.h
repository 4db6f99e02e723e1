/*
 * ai_test_util.h - building engine requests in the ai tests (header only:
 * each test program includes it once, after cmocka.h).
 */
#ifndef GOMOKU_AI_TEST_UTIL_H
#define GOMOKU_AI_TEST_UTIL_H

#include <string.h>

#include "ai/ai.h"

/* Returns a request on an empty size x size board with the given rule,
 * side to move and depth / node budget (nothing else limited). */
static inline AiRequest ai_test_req(int size, RuleKind kind, int k, Stone to_move, int depth,
                                    int64_t nodes)
{
    AiRequest req;
    memset(&req, 0, sizeof req);
    assert_int_equal(board_init(&req.board, size), 0);
    req.rules.kind = kind;
    req.rules.k = k;
    req.to_move = to_move;
    req.limits.max_depth = depth;
    req.limits.max_nodes = nodes;
    return req;
}

static inline void put(AiRequest *req, int x, int y, Stone s)
{
    assert_int_equal(board_set(&req->board, x, y, s), 0);
}

/* Places a line of n stones from (x, y) in direction (dx, dy). */
static inline void put_line(AiRequest *req, int x, int y, int dx, int dy, int n, Stone s)
{
    for (int i = 0; i < n; i++) {
        put(req, x + i * dx, y + i * dy, s);
    }
}

#endif
