/*
 * test_tactics_k4.c - proof that black wins freestyle k = 4 from the empty
 * board on every size of the menu, 9..19, playing the engine's moves.
 *
 * The proof tree: at every black-to-move position black's move is the
 * engine's (black_move: the threat search, else the full Hard search; one
 * thread, no clock, ai_clear before every search, so the move depends on
 * the position alone), and after it EVERY legal white reply is followed.
 * A line is closed only when the engine claims a win in at most
 * CLOSE_PLIES plies and tac_check_claim (the independent prover, core
 * rules only) confirms it against every defence.  A longer claim is not
 * used: its first move is played and the tree goes on.  A refuted claim, a
 * white win, or a line still open after MAX_BLACK_MOVES black moves fails
 * the test.
 *
 * Two reductions, both exact:
 *  - a white reply that a symmetry of the position (one of the square's 8
 *    that maps the position onto itself) maps onto an earlier reply gives
 *    a congruent position and is skipped;
 *  - a position congruent to one already proven is not proven again (a
 *    transposition).
 * In such positions black's strategy is the image of the move played in
 * the congruent one.  Every reply not skipped is counted as examined,
 * transpositions included.  Sanitizer builds prove the odd sizes and
 * 10x10 only.
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

#include "tac_util.h"

#ifdef TAC_SANITIZED
#define SANITIZED 1
#else
#define SANITIZED 0
#endif

/* A claim of a win in 3 means black has just made a threat white cannot
 * meet: proving it is cheap, while longer claims make the prover search
 * quiet defences full width (closing at 5 plies costs nearly 4 times as
 * much in all). */
#define CLOSE_PLIES 3
/* Far more than needed (black closes every line by its 6th move). */
#define MAX_BLACK_MOVES 12
/* Prover budget per claim; a win in 3 needs a few hundred nodes. */
#define CLAIM_NODES 1000000
/* The threat search's horizon, in plies. */
#define THREAT_PLIES 15
/* A small engine table: ai_clear empties it before every search, and k = 4
 * searches here are short, so a big table costs only clearing time. */
#define ENGINE_TT_BYTES ((size_t)64 << 10)

/* The proven positions, as canonical keys (one byte per point). */
typedef struct Seen {
    int cap, n, cells;
    uint64_t *hash; /* 0 = empty slot */
    uint8_t *key;   /* cap * cells bytes */
} Seen;

typedef struct Stats {
    long examined;                /* white replies followed (black-to-move positions reached) */
    long symmetric;               /* white replies skipped as symmetric images of another */
    long transposed;              /* examined positions already proven */
    long closed[CLOSE_PLIES + 1]; /* lines closed by a proven claim of n plies */
    long expanded;                /* black moves played with every white reply followed */
    long long_claims;             /* of these, after a claim longer than CLOSE_PLIES (not used) */
    long engine_calls;
    int last_ply; /* latest ply (from the empty board) at which black wins */
} Stats;

typedef struct Ctx {
    Ai *ai;
    Rules r;
    Seen seen;
    Stats st;
} Ctx;

static int setup(void **state)
{
    Ctx *c = calloc(1, sizeof *c);
    if (c == NULL) {
        return -1;
    }
    c->ai = ai_new(ENGINE_TT_BYTES);
    if (c->ai == NULL) {
        free(c);
        return -1;
    }
    c->r = (Rules){RULE_FREESTYLE, 4};
    *state = c;
    return 0;
}

static int teardown(void **state)
{
    Ctx *c = *state;
    free(c->seen.hash);
    free(c->seen.key);
    ai_free(c->ai);
    free(c);
    return 0;
}

/* ---- symmetries ------------------------------------------------------- */

/* The image of (x, y) under symmetry t (bit 0: mirror x, bit 1: mirror y,
 * bit 2: transpose) of the n x n square. */
static int sym_index(int t, int n, int x, int y)
{
    if (t & 1) {
        x = n - 1 - x;
    }
    if (t & 2) {
        y = n - 1 - y;
    }
    if (t & 4) {
        int s = x;
        x = y;
        y = s;
    }
    return y * BOARD_MAX_SIZE + x;
}

/* True when symmetry t maps b onto itself. */
static bool sym_fixes(const Board *b, int t)
{
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            if (b->cell[y * BOARD_MAX_SIZE + x] != b->cell[sym_index(t, b->size, x, y)]) {
                return false;
            }
        }
    }
    return true;
}

/* Writes the lexicographically smallest of b's 8 images (row-major, one
 * byte per point) to key: congruent positions get the same key. */
static void canon_key(const Board *b, uint8_t *key)
{
    const int n = b->size;
    uint8_t tmp[BOARD_MAX_CELLS];
    for (int t = 0; t < 8; t++) {
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                tmp[y * n + x] = b->cell[sym_index(t, n, x, y)];
            }
        }
        if (t == 0 || memcmp(tmp, key, (size_t)(n * n)) < 0) {
            memcpy(key, tmp, (size_t)(n * n));
        }
    }
}

/* ---- the set of proven positions -------------------------------------- */

static uint64_t key_hash(const uint8_t *key, int len)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (int i = 0; i < len; i++) {
        h = (h ^ key[i]) * 1099511628211ull;
    }
    return h | 1;
}

static void seen_reset(Seen *s, int cells)
{
    free(s->hash);
    free(s->key);
    memset(s, 0, sizeof *s);
    s->cells = cells;
}

static uint8_t *seen_slot(const Seen *s, int j)
{
    return s->key + (size_t)j * (size_t)s->cells;
}

/* Returns the slot of key in s, or of the empty slot where it belongs. */
static int seen_find(const Seen *s, const uint8_t *key, uint64_t hv)
{
    int j = (int)(hv & (uint64_t)(s->cap - 1));
    while (s->hash[j] != 0 &&
           (s->hash[j] != hv || memcmp(seen_slot(s, j), key, (size_t)s->cells) != 0)) {
        j = (j + 1) & (s->cap - 1);
    }
    return j;
}

static bool seen_has(const Seen *s, const uint8_t *key)
{
    return s->cap > 0 && s->hash[seen_find(s, key, key_hash(key, s->cells))] != 0;
}

static void seen_add(Seen *s, const uint8_t *key)
{
    if (s->n * 2 >= s->cap) {
        Seen g = {s->cap ? s->cap * 2 : 4096, s->n, s->cells, NULL, NULL};
        g.hash = calloc((size_t)g.cap, sizeof *g.hash);
        g.key = malloc((size_t)g.cap * (size_t)g.cells);
        assert_non_null(g.hash);
        assert_non_null(g.key);
        for (int i = 0; i < s->cap; i++) {
            if (s->hash[i] != 0) {
                int j = seen_find(&g, seen_slot(s, i), s->hash[i]);
                g.hash[j] = s->hash[i];
                memcpy(seen_slot(&g, j), seen_slot(s, i), (size_t)s->cells);
            }
        }
        free(s->hash);
        free(s->key);
        *s = g;
    }
    uint64_t hv = key_hash(key, s->cells);
    int j = seen_find(s, key, hv);
    if (s->hash[j] == 0) {
        s->hash[j] = hv;
        memcpy(seen_slot(s, j), key, (size_t)s->cells);
        s->n++;
    }
}

/* ---- the proof -------------------------------------------------------- */

/* The engine's move for black on b: a win the threat search proves within
 * THREAT_PLIES plies, else the Hard search's move.  Both start from an
 * empty table, so the answer depends on the position alone. */
static AiInfo black_move(Ctx *c, const Board *b)
{
    AiRequest req;
    memset(&req, 0, sizeof req);
    req.board = *b;
    req.rules = c->r;
    req.to_move = STONE_BLACK;
    req.limits = tac_suite_limits();
    AiInfo info;
    ai_clear(c->ai);
    c->st.engine_calls++;
    int found = ai_threat_search(c->ai, &req, THREAT_PLIES, &info);
    assert_true(found >= 0);
    if (found == 0) {
        ai_clear(c->ai);
        c->st.engine_calls++;
        assert_int_equal(ai_search(c->ai, &req, &info), 0);
    }
    assert_true(tac_legal(b, c->r, STONE_BLACK, info.best));
    return info;
}

/* Proves that black, to move on b, wins against every defence within
 * `left` more black moves; fails the test otherwise.  b is restored. */
static void prove_black(Ctx *c, Board *b, int left)
{
    const Rules r = c->r;
    uint8_t key[BOARD_MAX_CELLS];
    canon_key(b, key);
    if (seen_has(&c->seen, key)) {
        c->st.transposed++;
        return;
    }
    if (left <= 0) {
        tac_dump(b);
        fail_msg("black has not won within %d moves", MAX_BLACK_MOVES);
    }
    AiInfo info = black_move(c, b);
    if (info.mate_plies > 0 && info.mate_plies <= CLOSE_PLIES) {
        TacResult t = tac_check_claim(b, r, STONE_BLACK, &info, CLAIM_NODES);
        if (t != TAC_YES) {
            tac_dump(b);
            fail_msg("the engine's claim of a win in %d at %d,%d is %s", info.mate_plies,
                     info.best.x, info.best.y, t == TAC_NO ? "false" : "beyond the prover");
        }
        c->st.closed[info.mate_plies]++;
        int ply = b->count + info.mate_plies;
        if (ply > c->st.last_ply) {
            c->st.last_ply = ply;
        }
        seen_add(&c->seen, key);
        return;
    }
    if (info.mate_plies > CLOSE_PLIES) {
        c->st.long_claims++;
    }
    const Move m = info.best;
    board_set(b, m.x, m.y, STONE_BLACK);
    if (rules_is_win(b, r, m, NULL, NULL)) {
        /* The engine won without claiming it: still a closed line. */
        c->st.closed[1]++;
        if (b->count > c->st.last_ply) {
            c->st.last_ply = b->count;
        }
    } else {
        c->st.expanded++;
        bool stab[8];
        for (int t = 1; t < 8; t++) {
            stab[t] = sym_fixes(b, t);
        }
        for (int y = 0; y < b->size; y++) {
            for (int x = 0; x < b->size; x++) {
                if (board_get(b, x, y) != STONE_EMPTY) {
                    continue;
                }
                /* Follow only the first point of each orbit under the
                 * position's own symmetries. */
                bool first = true;
                for (int t = 1; t < 8 && first; t++) {
                    first = !stab[t] || sym_index(t, b->size, x, y) >= y * BOARD_MAX_SIZE + x;
                }
                if (!first) {
                    c->st.symmetric++;
                    continue;
                }
                board_set(b, x, y, STONE_WHITE);
                if (rules_is_win(b, r, (Move){(int8_t)x, (int8_t)y}, NULL, NULL)) {
                    tac_dump(b);
                    fail_msg("white won at %d,%d", x, y);
                }
                c->st.examined++;
                prove_black(c, b, left - 1);
                board_set(b, x, y, STONE_EMPTY);
            }
        }
    }
    board_set(b, m.x, m.y, STONE_EMPTY);
    seen_add(&c->seen, key);
}

static void prove_size(Ctx *c, int n)
{
    memset(&c->st, 0, sizeof c->st);
    seen_reset(&c->seen, n * n);
    Board b;
    assert_int_equal(board_init(&b, n), 0);
    clock_t t0 = clock();
    prove_black(c, &b, MAX_BLACK_MOVES);
    const Stats *s = &c->st;
    printf("  k=4 freestyle %dx%d: black wins by ply %d; %ld white replies examined "
           "(%ld transpositions; %ld more skipped as symmetric), %ld lines closed by proven "
           "wins in 3 and %ld in 1, %ld played on (%ld after a longer claim), %ld engine calls, "
           "%.1f s CPU\n",
           n, n, s->last_ply, s->examined, s->transposed, s->symmetric, s->closed[3], s->closed[1],
           s->expanded, s->long_claims, s->engine_calls, (double)(clock() - t0) / CLOCKS_PER_SEC);
    assert_true(s->closed[1] + s->closed[3] > 0);
}

/* Proves the sizes of one parity (K4_SIZES=9,15 picks sizes by hand for
 * experiments).  Odd and even sizes are separate tests so that ctest can
 * run them side by side: the even ones cost about twice as much (black's
 * first move is off centre, so few replies are symmetric). */
static void prove_sizes(Ctx *c, int parity)
{
    const char *env = getenv("K4_SIZES");
    if (env != NULL) {
        for (const char *p = env; *p != '\0';) {
            int n = atoi(p);
            if (n % 2 == parity) {
                prove_size(c, n);
            }
            while (*p != '\0' && *(p++) != ',') {
            }
        }
        return;
    }
    for (int n = 9 + (parity == 0); n <= 19; n += 2) {
        /* Sanitizer builds, about 3 times slower, prove 10x10 only of the
         * even sizes. */
        if (SANITIZED && parity == 0 && n > 10) {
            break;
        }
        prove_size(c, n);
    }
}

static void test_k4_odd_sizes(void **state)
{
    prove_sizes(*state, 1);
}

static void test_k4_even_sizes(void **state)
{
    prove_sizes(*state, 0);
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    /* TAC_FILTER=test_k4_even_sizes runs one half (set by CMake). */
    if (getenv("TAC_FILTER") != NULL) {
        cmocka_set_test_filter(getenv("TAC_FILTER"));
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_k4_odd_sizes),
        cmocka_unit_test(test_k4_even_sizes),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
