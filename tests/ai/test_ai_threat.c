/*
 * test_ai_threat.c - threat-space search (VCF / VCT) through the public
 * API: wins by threes for k = 4, 5, 6 with replayable proofs, renju
 * forbidden points in threats, the persistent hash table, the root-move
 * list, and cancel during the threat phases.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "ai_test_util.h"
#include "core/record.h"

static AiRequest make_req(int size, RuleKind kind, int k, Stone to_move)
{
    return ai_test_req(size, kind, k, to_move, 8, 2000000);
}

/* Replays info's proof on a copy of req's board with the core's rules:
 * every move legal (renju black never on a forbidden point), nobody wins
 * early, and the attacker's last move wins. */
static void check_proof(const AiRequest *req, const AiInfo *info)
{
    Board b = req->board;
    Stone s = req->to_move;
    assert_true(info->pv_len >= 1);
    assert_int_equal(info->mate_plies, info->pv_len);
    assert_true(info->pv_len % 2 == 1);
    assert_true(move_equal(info->best, info->pv[0]));
    for (int i = 0; i < info->pv_len; i++) {
        Move m = info->pv[i];
        assert_int_equal(board_get(&b, m.x, m.y), STONE_EMPTY);
        if (req->rules.kind == RULE_RENJU && s == STONE_BLACK) {
            assert_int_equal(rules_forbidden(&b, req->rules, m), FORBID_NONE);
        }
        assert_int_equal(board_set(&b, m.x, m.y, s), 0);
        bool won = rules_is_win(&b, req->rules, m, NULL, NULL);
        if (i == info->pv_len - 1) {
            assert_true(won);
            assert_true(s == req->to_move);
        } else {
            assert_false(won);
        }
        s = stone_opponent(s);
    }
}

/* Stones far from the action, so that the defender has as many stones as
 * the attacker and nothing of its own. */
static void scatter(AiRequest *req, int n, Stone s)
{
    static const int spots[][2] = {{0, 0}, {14, 0}, {0, 14}, {14, 14}, {0, 7}, {14, 7}};
    for (int i = 0; i < n; i++) {
        put(req, spots[i][0], spots[i][1], s);
    }
}

/* A double open three (k - 2 stones, open) on a row and a column meeting
 * at (7, 7): a win by threes that no sequence of fours alone achieves. */
static void vct_fork(int k)
{
    Ai *ai = ai_new(1 << 20);
    assert_non_null(ai);
    AiRequest req = make_req(15, RULE_FREESTYLE, k, STONE_BLACK);
    put_line(&req, 7 - (k - 3), 7, 1, 0, k - 3, STONE_BLACK);
    put_line(&req, 7, 7 - (k - 3), 0, 1, k - 3, STONE_BLACK);
    scatter(&req, 2 * (k - 3), STONE_WHITE);
    AiInfo info;
    assert_int_equal(ai_threat_search(ai, &req, 0, &info), 1);
    check_proof(&req, &info);
    assert_true(info.mate_plies >= 3);

    /* The full search announces the same kind of win with a proof too. */
    ai_clear(ai);
    assert_int_equal(ai_search(ai, &req, &info), 0);
    assert_true(info.mate_plies > 0);
    check_proof(&req, &info);

    /* White to move sees black's threat and does not lose to it at once:
     * after white's answer black has no win by threes of length 5.  (With
     * k = 4 black wins anyway.) */
    if (k == 4) {
        ai_free(ai);
        return;
    }
    req.to_move = STONE_WHITE;
    ai_clear(ai);
    assert_int_equal(ai_search(ai, &req, &info), 0);
    put(&req, info.best.x, info.best.y, STONE_WHITE);
    req.to_move = STONE_BLACK;
    AiInfo after;
    if (ai_threat_search(ai, &req, 0, &after) == 1) {
        check_proof(&req, &after);
        assert_true(after.mate_plies > 5);
    }
    ai_free(ai);
}

static void test_vct_k5(void **state)
{
    (void)state;
    vct_fork(5);
}

static void test_vct_k4(void **state)
{
    (void)state;
    vct_fork(4);
}

static void test_vct_k6(void **state)
{
    (void)state;
    vct_fork(6);
}

/* Plays the moves named in text ("h5 g9 ..."), black first, on req's board. */
static void play_names(AiRequest *req, const char *text)
{
    Stone s = STONE_BLACK;
    while (*text != '\0') {
        size_t len = strcspn(text, " ");
        Move m;
        assert_int_equal(record_parse_move(text, len, req->board.size, &m), 0);
        put(req, m.x, m.y, s);
        s = stone_opponent(s);
        text += len;
        text += strspn(text, " ");
    }
}

/* A long win by threes and fours (Rapfi: +M25) from a game of weak Rapfi
 * against itself (tests/tactics/suite-free15.txt): found within a budget
 * the threat search by counted attacks needed five times over, proved
 * with a replayable line of 15 plies or more; and asked again, the
 * proofs the table kept make the second search a small part of the
 * first. */
static void test_vct_long(void **state)
{
    (void)state;
    Ai *ai = ai_new(1 << 20);
    assert_non_null(ai);
    AiRequest req = make_req(15, RULE_FREESTYLE, 5, STONE_BLACK);
    play_names(&req, "h5 g9 g10 e11 i10 h10 h9 h8 f10 i9");
    req.limits.max_nodes = 250000;
    AiInfo info;
    assert_int_equal(ai_threat_search(ai, &req, 0, &info), 1);
    check_proof(&req, &info);
    assert_true(info.mate_plies >= 15);

    AiInfo again;
    assert_int_equal(ai_threat_search(ai, &req, 0, &again), 1);
    check_proof(&req, &again);
    assert_true(again.nodes * 4 < info.nodes);

    /* Cleared, the table knows nothing: the same search costs the same
     * again.  This search fills more entries than the table lists, so
     * the whole table is wiped (test_vct_19 clears entry by entry). */
    ai_clear(ai);
    AiInfo fresh;
    assert_int_equal(ai_threat_search(ai, &req, 0, &fresh), 1);
    assert_int_equal(fresh.nodes, info.nodes);
    assert_int_equal(fresh.mate_plies, info.mate_plies);
    ai_free(ai);
}

/* A three that needs a forcing three first: black's open three at
 * (4..6, 7) with a broken column; found and replayable on 19x19 too. */
static void test_vct_19(void **state)
{
    (void)state;
    Ai *ai = ai_new(1 << 20);
    assert_non_null(ai);
    AiRequest req = make_req(19, RULE_FREESTYLE, 5, STONE_BLACK);
    put_line(&req, 8, 9, 1, 0, 2, STONE_BLACK);
    put(&req, 10, 7, STONE_BLACK);
    put(&req, 10, 8, STONE_BLACK);
    put(&req, 12, 11, STONE_BLACK);
    put(&req, 0, 0, STONE_WHITE);
    put(&req, 18, 0, STONE_WHITE);
    put(&req, 0, 18, STONE_WHITE);
    put(&req, 18, 18, STONE_WHITE);
    put(&req, 9, 0, STONE_WHITE);
    AiInfo info;
    assert_int_equal(ai_threat_search(ai, &req, 0, &info), 1);
    check_proof(&req, &info);
    /* A short search: cleared entry by entry, the same search again costs
     * the same (an entry left behind would make it cheaper). */
    ai_clear(ai);
    AiInfo fresh;
    assert_int_equal(ai_threat_search(ai, &req, 0, &fresh), 1);
    assert_int_equal(fresh.nodes, info.nodes);
    ai_free(ai);
}

/* No threat at all on a quiet board: no win is claimed. */
static void test_no_false_win(void **state)
{
    (void)state;
    Ai *ai = ai_new(1 << 20);
    assert_non_null(ai);
    AiRequest req = make_req(15, RULE_FREESTYLE, 5, STONE_BLACK);
    put(&req, 7, 7, STONE_BLACK);
    put(&req, 8, 8, STONE_WHITE);
    AiInfo info;
    assert_int_equal(ai_threat_search(ai, &req, 0, &info), 0);
    assert_false(move_is_valid(info.best));
    req.rules.k = 9; /* invalid */
    assert_int_equal(ai_threat_search(ai, &req, 0, &info), -1);
    ai_free(ai);
}

/* Renju: the double three at (7, 7) is forbidden for black, so black's
 * fork is no threat, and an overline point is no winning point. */
static void test_renju_fake_threats(void **state)
{
    (void)state;
    Ai *ai = ai_new(1 << 20);
    assert_non_null(ai);
    AiRequest req = make_req(15, RULE_RENJU, 5, STONE_BLACK);
    put_line(&req, 5, 7, 1, 0, 2, STONE_BLACK);
    put_line(&req, 7, 5, 0, 1, 2, STONE_BLACK);
    scatter(&req, 4, STONE_WHITE);
    Move fork = {7, 7};
    assert_true(rules_forbidden(&req.board, req.rules, fork) != FORBID_NONE);
    AiInfo info;
    if (ai_threat_search(ai, &req, 0, &info) == 1) {
        check_proof(&req, &info);
        assert_false(move_equal(info.pv[0], fork));
    }

    /* XXX_XX: the gap makes six, which is no win for renju black, so the
     * line is no four and white to move has nothing to block. */
    AiRequest r2 = make_req(15, RULE_RENJU, 5, STONE_BLACK);
    put_line(&r2, 2, 7, 1, 0, 3, STONE_BLACK);
    put_line(&r2, 6, 7, 1, 0, 2, STONE_BLACK);
    put(&r2, 1, 7, STONE_WHITE);
    put(&r2, 8, 7, STONE_WHITE);
    scatter(&r2, 3, STONE_WHITE);
    if (ai_threat_search(ai, &r2, 0, &info) == 1) {
        check_proof(&r2, &info);
    }
    Move gap = {5, 7};
    assert_false(rules_wins_if_played(&r2.board, r2.rules, gap, STONE_BLACK));
    assert_true(ai_threat_search(ai, &r2, 1, &info) == 0);
    ai_free(ai);
}

/* A second search of the same position reuses the table: same move,
 * fewer nodes.  ai_clear brings back the first search's node count. */
static void test_persistent_tt(void **state)
{
    (void)state;
    Ai *ai = ai_new(4 << 20);
    assert_non_null(ai);
    AiRequest req = make_req(15, RULE_FREESTYLE, 5, STONE_WHITE);
    put(&req, 7, 7, STONE_BLACK);
    put(&req, 8, 8, STONE_WHITE);
    put(&req, 8, 6, STONE_BLACK);
    put(&req, 6, 8, STONE_WHITE);
    put(&req, 9, 7, STONE_BLACK);
    req.limits = ai_preset_limits(AI_PRESET_MEDIUM);
    req.limits.time_ms = 0;
    req.limits.miss_three_pct = 0;
    AiInfo a, b, c;
    assert_int_equal(ai_search(ai, &req, &a), 0);
    assert_int_equal(ai_search(ai, &req, &b), 0);
    assert_true(move_equal(a.best, b.best));
    assert_true(b.nodes < a.nodes);
    ai_clear(ai);
    assert_int_equal(ai_search(ai, &req, &c), 0);
    assert_true(move_equal(a.best, c.best));
    assert_true(c.nodes == a.nodes);
    /* The root list: best first, no duplicates, all empty points. */
    assert_true(a.root_count >= 1 && a.root_count <= AI_MAX_ROOT);
    assert_true(move_equal(a.root_move[0], a.best));
    for (int i = 0; i < a.root_count; i++) {
        assert_int_equal(board_get(&req.board, a.root_move[i].x, a.root_move[i].y), STONE_EMPTY);
        for (int j = 0; j < i; j++) {
            assert_false(move_equal(a.root_move[i], a.root_move[j]));
        }
    }
    ai_free(ai);
}

typedef struct Canceller {
    atomic_int *flag;
    int delay_ms;
} Canceller;

static void *cancel_later(void *arg)
{
    Canceller *c = arg;
    struct timespec ts = {0, (long)c->delay_ms * 1000000L};
    nanosleep(&ts, NULL);
    atomic_store(c->flag, 1);
    return NULL;
}

/* Cancel while the threat searches run (a position full of threes and no
 * quick win): the search still answers with a legal move and says it was
 * cancelled; the threat search alone answers "no win found". */
static void test_cancel_in_threats(void **state)
{
    (void)state;
    Ai *ai = ai_new(1 << 20);
    assert_non_null(ai);
    AiRequest req = make_req(19, RULE_FREESTYLE, 6, STONE_BLACK);
    for (int i = 0; i < 7; i++) {
        put(&req, 3 + 2 * i, 9, STONE_BLACK);
        put(&req, 3 + 2 * i, 10, STONE_WHITE);
        put(&req, 4 + 2 * i, 8, STONE_BLACK);
        put(&req, 4 + 2 * i, 11, STONE_WHITE);
    }
    req.limits = ai_preset_limits(AI_PRESET_MASTER);
    req.limits.time_ms = 0;
    req.limits.max_nodes = 0;
    atomic_int flag;
    atomic_init(&flag, 0);
    req.cancel = &flag;
    for (int round = 0; round < 2; round++) {
        atomic_store(&flag, 0);
        Canceller c = {&flag, round == 0 ? 1 : 20};
        pthread_t t;
        assert_int_equal(pthread_create(&t, NULL, cancel_later, &c), 0);
        AiInfo info;
        assert_int_equal(ai_search(ai, &req, &info), 0);
        pthread_join(t, NULL);
        assert_true(move_is_valid(info.best));
        assert_int_equal(board_get(&req.board, info.best.x, info.best.y), STONE_EMPTY);
        assert_int_equal(info.cancelled, 1);
    }
    AiInfo info;
    atomic_store(&flag, 1);
    assert_int_equal(ai_threat_search(ai, &req, 0, &info), 0);
    ai_free(ai);
}

/* Plays a move list in our records' notation, black first. */
static void play_moves(AiRequest *req, const char *moves)
{
    Stone s = STONE_BLACK;
    for (const char *w = moves; *w != '\0';) {
        size_t n = strcspn(w, " ");
        Move m;
        assert_int_equal(record_parse_move(w, n, req->board.size, &m), 0);
        put(req, m.x, m.y, s);
        s = stone_opponent(s);
        w += n + (w[n] == ' ');
    }
}

/* An only-defence position (tests/tactics/suite-def-free15.txt line 28)
 * whose one refutation is a four: the block is forced, and the defender,
 * with the move back, then has a defence it did not have before.  Judging
 * the four by the position after the block with the opponent to move
 * again (as if the four had to stop the threat alone) called it losing,
 * found every candidate lost and so kept every root move. */
static void test_defence_by_tempo_four(void **state)
{
    (void)state;
    static const struct {
        int size;
        const char *moves, *answer;
    } cases[] = {
        {15,
         "i9 j11 f5 k11 i11 k10 j8 j12 h10 g11 l6 k7 i12 i8 k9 j7 h9 j9 i13 i10 i14 i15 h7 "
         "m12 l11 h8 h11",
         "j13"},
    };
    Ai *ai = ai_new(16 << 20);
    assert_non_null(ai);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        AiRequest req = make_req(cases[i].size, RULE_FREESTYLE, 5, STONE_WHITE);
        play_moves(&req, cases[i].moves);
        req.limits.max_depth = 10;
        req.limits.max_nodes = 3000000;
        Move want;
        assert_int_equal(
            record_parse_move(cases[i].answer, strlen(cases[i].answer), cases[i].size, &want), 0);
        ai_clear(ai);
        AiInfo info;
        assert_int_equal(ai_search(ai, &req, &info), 0);
        assert_true(move_equal(info.best, want));
    }
    ai_free(ai);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vct_k5),
        cmocka_unit_test(test_vct_k4),
        cmocka_unit_test(test_vct_k6),
        cmocka_unit_test(test_vct_19),
        cmocka_unit_test(test_vct_long),
        cmocka_unit_test(test_no_false_win),
        cmocka_unit_test(test_renju_fake_threats),
        cmocka_unit_test(test_persistent_tt),
        cmocka_unit_test(test_cancel_in_threats),
        cmocka_unit_test(test_defence_by_tempo_four),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
