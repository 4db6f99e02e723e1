/*
 * test_ai_net.c - the evaluation network's inputs (ai_net.h): what they
 * count must not depend on how the board is turned, nor on which colour
 * is which, and must add up.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ai/ai_net.h"

static uint64_t zob[2 * AI_CELLS + 1];
static AiPatTable table;

/* A middle-game position: black's stones at even indexes, white's at odd. */
static const int8_t STONES[][2] = {{7, 7},  {8, 8}, {8, 7}, {6, 7},  {9, 6},  {7, 8}, {9, 8},
                                   {10, 9}, {6, 9}, {9, 7}, {5, 10}, {7, 10}, {8, 10}};
enum { NSTONES = sizeof STONES / sizeof STONES[0] };

/* The inputs of the position, each stone moved by the symmetry sym (0..7)
 * and, with swap, of the other colour, for the side to move stm. */
static void features(int sym, int swap, Stone stm, int32_t *x)
{
    Board b;
    board_init(&b, 15);
    for (int i = 0; i < NSTONES; i++) {
        int px = STONES[i][0], py = STONES[i][1];
        if (sym & 1) {
            px = 14 - px;
        }
        if (sym & 2) {
            py = 14 - py;
        }
        if (sym & 4) {
            int t = px;
            px = py;
            py = t;
        }
        Stone s = (i % 2 == 0) != (swap != 0) ? STONE_BLACK : STONE_WHITE;
        assert_int_equal(board_set(&b, px, py, s), 0);
    }
    static AiPos p;
    assert_int_equal(ai_pos_setup(&p, &table, zob, &b, stm), 0);
    ai_net_features(&p, x);
}

static void test_symmetric(void **state)
{
    (void)state;
    int32_t base[AI_NET_IN], x[AI_NET_IN];
    features(0, 0, STONE_WHITE, base);
    for (int sym = 1; sym < 8; sym++) {
        features(sym, 0, STONE_WHITE, x);
        assert_memory_equal(x, base, sizeof x);
    }
    /* The same stones with the colours swapped, the other side to move:
     * the same position for the side to move. */
    features(0, 1, STONE_BLACK, x);
    assert_memory_equal(x, base, sizeof x);
    /* With the move handed over, the two sides' counts trade places. */
    features(0, 0, STONE_BLACK, x);
    assert_memory_equal(x, base + AI_NET_CODES, AI_NET_CODES * sizeof x[0]);
    assert_memory_equal(x + AI_NET_CODES, base, AI_NET_CODES * sizeof x[0]);
}

static void test_counts_add_up(void **state)
{
    (void)state;
    int32_t x[AI_NET_IN];
    features(0, 0, STONE_WHITE, x);
    const int empty = 15 * 15 - NSTONES;
    const int32_t *line = x + AI_NET_IN - 2 * AI_L_N;
    for (int s = 0; s < 2; s++) {
        int32_t sum = 0;
        for (int l = 0; l < AI_L_N; l++) {
            sum += line[s * AI_L_N + l];
        }
        /* Every empty point has one line pattern on each of its lines. */
        assert_int_equal(sum, 4 * empty);
    }
    const int32_t *flag = x + 2 * AI_NET_CODES;
    for (int i = 0; i < AI_NET_FLAGS; i++) {
        assert_true(flag[i] == 0 || flag[i] == 1);
    }
    /* Both sides' stones make patterns somewhere. */
    for (int s = 0; s < 2; s++) {
        int32_t codes = 0;
        for (int c = 0; c < AI_NET_CODES; c++) {
            codes += x[s * AI_NET_CODES + c];
        }
        assert_true(codes > 0);
    }
}

static void test_fits_five_only(void **state)
{
    (void)state;
    AiPatTable t;
    ai_pat_init(&t);
    assert_true(ai_net_fits(&table));
    assert_int_equal(ai_pat_build(&t, (Rules){RULE_FREESTYLE, 4}), 0);
    assert_false(ai_net_fits(&t));
    assert_int_equal(ai_pat_build(&t, (Rules){RULE_EXACT, 6}), 0);
    assert_false(ai_net_fits(&t));
    ai_pat_free(&t);
}

/* Largest absolute first-layer weight of hidden unit j over inputs
 * [from, to). */
static int64_t max_weight(int j, int from, int to)
{
    int64_t m = 0;
    for (int i = from; i < to; i++) {
        const int64_t w = AI_NET_W1[i][j] < 0 ? -(int64_t)AI_NET_W1[i][j] : AI_NET_W1[i][j];
        m = w > m ? w : m;
    }
    return m;
}

/* ai_net_eval sums the hidden units in int32: on the largest board, with
 * every input group at the most its counts can add up to (per side, four
 * lines of every point among the codes and among the line patterns, every
 * point among the shapes, each flag once), no sum may leave int32.  This
 * fails when a refitted network's weights outgrow that. */
static void test_hidden_sums_fit_int32(void **state)
{
    (void)state;
    enum { SH = AI_SHAPE_N - 1 };
    const int64_t cells = (int64_t)BOARD_MAX_SIZE * BOARD_MAX_SIZE;
    const int flag = 2 * AI_NET_CODES, shape = flag + AI_NET_FLAGS, line = shape + 2 * SH;
    for (int j = 0; j < AI_NET_HIDDEN; j++) {
        int64_t bound = AI_NET_B1[j] < 0 ? -(int64_t)AI_NET_B1[j] : AI_NET_B1[j];
        for (int s = 0; s < 2; s++) {
            bound += 4 * cells * max_weight(j, s * AI_NET_CODES, (s + 1) * AI_NET_CODES);
            bound += cells * max_weight(j, shape + s * SH, shape + (s + 1) * SH);
            bound += 4 * cells * max_weight(j, line + s * AI_L_N, line + (s + 1) * AI_L_N);
        }
        for (int f = flag; f < shape; f++) {
            bound += max_weight(j, f, f + 1);
        }
        assert_true(bound < INT32_MAX);
    }
}

/* The network as ai_net.h describes it, in 64 bits throughout: the
 * engine's faster arithmetic must give the same evaluation. */
static int reference_eval(const AiPos *p)
{
    int32_t x[AI_NET_IN];
    ai_net_features(p, x);
    int64_t z = 0, out = 0;
    for (int i = 0; i < AI_NET_IN; i++) {
        z += (int64_t)x[i] * AI_NET_U[i];
    }
    for (int j = 0; j < AI_NET_HIDDEN; j++) {
        int64_t h = AI_NET_B1[j];
        for (int i = 0; i < AI_NET_IN; i++) {
            h += (int64_t)x[i] * AI_NET_W1[i][j];
        }
        out += h > 0 ? h * AI_NET_V[j] : 0;
    }
    return (int)(AI_NET_C + (z >> AI_NET_SHIFT) + (out >> (AI_NET_SHIFT + AI_NET_OUT_SHIFT)));
}

/* Every position of a long random game, either side to move, evaluates as
 * the reference does. */
static void test_eval_matches_reference(void **state)
{
    (void)state;
    static AiPos p;
    Board b;
    board_init(&b, 15);
    uint64_t r = 7;
    int evaluated = 0;
    for (int ply = 0; ply < 120; ply++) {
        r = r * 6364136223846793005ull + 1442695040888963407ull;
        const int cell = (int)((r >> 33) % (15 * 15));
        const Stone s = ply % 2 == 0 ? STONE_BLACK : STONE_WHITE;
        if (board_set(&b, cell % 15, cell / 15, s) != 0) {
            continue;
        }
        for (int stm = STONE_BLACK; stm <= STONE_WHITE; stm++) {
            assert_int_equal(ai_pos_setup(&p, &table, zob, &b, (Stone)stm), 0);
            assert_int_equal(ai_net_eval(&p), reference_eval(&p));
            evaluated++;
        }
    }
    assert_true(evaluated > 100);
}

int main(void)
{
    uint64_t s = 12345;
    for (size_t i = 0; i < sizeof zob / sizeof zob[0]; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        zob[i] = s;
    }
    ai_pat_init(&table);
    if (ai_pat_build(&table, (Rules){RULE_FREESTYLE, 5}) != 0) {
        return 1;
    }
    ai_pat_set_eval(&table, 2, NULL);
    ai_pat_set_counts(&table, 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_symmetric),
        cmocka_unit_test(test_counts_add_up),
        cmocka_unit_test(test_fits_five_only),
        cmocka_unit_test(test_hidden_sums_fit_int32),
        cmocka_unit_test(test_eval_matches_reference),
    };
    const int rc = cmocka_run_group_tests(tests, NULL, NULL);
    ai_pat_free(&table);
    return rc;
}
