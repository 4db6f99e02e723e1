/*
 * test_ai_pos.c - the engine's incremental position against a fresh
 * rebuild and against the core's rules, over random games.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ai/ai_movegen.h"
#include "ai/ai_pattern.h"
#include "ai/ai_pos.h"

static uint64_t zob[2 * AI_CELLS + 1];

static uint32_t rng_next(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static void init_zobrist(void)
{
    uint32_t s = 99;
    for (size_t i = 0; i < sizeof zob / sizeof zob[0]; i++) {
        zob[i] = (uint64_t)rng_next(&s) << 40 ^ (uint64_t)rng_next(&s) << 16 ^ rng_next(&s);
    }
}

/* The counts a keeps (AiPosCounts) against a scan of its keys and sums:
 * a position set up from scratch builds them by the same moves, so only a
 * scan can tell a count the moves never kept. */
static void assert_counts_scan(const AiPos *a)
{
    AiPosCounts n;
    memset(&n, 0, sizeof n);
    for (int y = 0; y < a->size; y++) {
        for (int x = 0; x < a->size; x++) {
            const int c = ai_pos_index(a, x, y);
            for (int ci = 0; ci < 2 && a->cell[c] == STONE_EMPTY; ci++) {
                for (int d = 0; d < 4; d++) {
                    n.code[ci][ai_pos_code(a, ci, c, d) & AI_PAT_CODE_MASK]++;
                    n.line[ci][a->pt->line[ci][a->key[ci][c][d]]]++;
                }
                n.shape[ci][a->pt->shape[ci][AI_PAT_INFO_SHAPE(a->isum[ci][c])]]++;
            }
        }
    }
    assert_memory_equal(&n, &a->n, sizeof n);
}

/* What a lean move keeps (ai_pos_set_lean) must equal a rebuild's: the
 * keys of the empty points (a stone's are not kept), codes' classes and
 * point sums the threat searches read.  One assertion for the whole
 * board: the per-cell checks are plain comparisons, so that the
 * 100 000-step walk stays fast. */
static void assert_same_lean(const AiPos *a, const AiPos *b)
{
    assert_int_equal(a->stm, b->stm);
    assert_true(a->hash == b->hash);
    assert_memory_equal(a->cnt, b->cnt, sizeof a->cnt);
    assert_memory_equal(a->combo, b->combo, sizeof a->combo);
    assert_memory_equal(a->cell, b->cell, sizeof a->cell);
    int differ = 0;
    for (int y = 0; y < a->size; y++) {
        for (int x = 0; x < a->size; x++) {
            int c = ai_pos_index(a, x, y);
            if (a->cell[c] == STONE_EMPTY) {
                differ |= memcmp(a->key[0][c], b->key[0][c], sizeof a->key[0][c]) |
                          memcmp(a->key[1][c], b->key[1][c], sizeof a->key[1][c]);
                differ |= a->isum[0][c] != b->isum[0][c] || a->isum[1][c] != b->isum[1][c];
            }
        }
    }
    assert_int_equal(differ, 0);
}

/* The incremental state must equal a position built from scratch: what a
 * lean move keeps, and the totals (unless the table has them off), counts
 * and point codes besides. */
static void assert_same(const AiPos *a, const AiPos *b)
{
    assert_same_lean(a, b);
    if (!a->pt->totals_off) {
        assert_memory_equal(a->total, b->total, sizeof a->total);
    }
    if (a->pt->count_on) {
        assert_memory_equal(&a->n, &b->n, sizeof a->n);
        assert_counts_scan(a);
    }
    assert_memory_equal(a->near, b->near, sizeof a->near);
    assert_memory_equal(a->board.cell, b->board.cell, sizeof a->board.cell);
    int differ = 0;
    for (int y = 0; y < a->size; y++) {
        for (int x = 0; x < a->size; x++) {
            int c = ai_pos_index(a, x, y);
            if (a->cell[c] == STONE_EMPTY) {
                differ |= a->pcode[0][c] != b->pcode[0][c] || a->pcode[1][c] != b->pcode[1][c];
            }
        }
    }
    assert_int_equal(differ, 0);
}

/* The table's "wins here" for both colours on the empty point (x, y)
 * must agree with the core. */
static void assert_win_agrees(const AiPos *p, Rules r, int x, int y)
{
    const int c = ai_pos_index(p, x, y);
    const Move m = {(int8_t)x, (int8_t)y};
    for (int ci = 0; ci < 2; ci++) {
        int w = 0;
        for (int d = 0; d < 4; d++) {
            w |= (int)(ai_pos_code(p, ci, c, d) & AI_PAT_CODE_MASK) == p->pt->code_win;
        }
        assert_int_equal(w, rules_wins_if_played(&p->board, r, m, (Stone)(ci + 1)));
    }
}

/* The table's "wins here" must agree with the core on every empty point. */
static void assert_wins_agree(const AiPos *p, Rules r)
{
    for (int y = 0; y < p->size; y++) {
        for (int x = 0; x < p->size; x++) {
            if (p->cell[ai_pos_index(p, x, y)] == STONE_EMPTY) {
                assert_win_agrees(p, r, x, y);
            }
        }
    }
}

static void run_games(Rules r, int size, uint32_t seed)
{
    static AiPos inc, fresh;
    AiPatTable t;
    ai_pat_init(&t);
    assert_int_equal(ai_pat_build(&t, r), 0);
    /* The weights with point shapes, so that their running totals are
     * checked too (freestyle five and renju have them). */
    ai_pat_set_eval(&t, 2, NULL);
    /* And the point codes' weights where they exist (freestyle five). */
    ai_pat_set_pcodes(&t, 100);
    Board b;
    assert_int_equal(board_init(&b, size), 0);
    assert_int_equal(ai_pos_setup(&inc, &t, zob, &b, STONE_BLACK), 0);
    int moves = size * size * 2 / 3;
    for (int i = 0; i < moves; i++) {
        int x, y;
        do {
            x = (int)(rng_next(&seed) % (uint32_t)size);
            y = (int)(rng_next(&seed) % (uint32_t)size);
        } while (board_get(&b, x, y) != STONE_EMPTY);
        Stone s = inc.stm;
        ai_pos_make(&inc, ai_pos_index(&inc, x, y));
        board_set(&b, x, y, s);
        assert_int_equal(ai_pos_setup(&fresh, &t, zob, &b, stone_opponent(s)), 0);
        assert_same(&inc, &fresh);
        assert_wins_agree(&inc, r);
    }
    for (int i = moves - 1; i >= moves / 2; i--) {
        ai_pos_undo(&inc);
    }
    /* Replay the first half on the fresh side to compare after undo. */
    ai_pos_setup(&fresh, &t, zob, &inc.board, inc.stm);
    assert_same(&inc, &fresh);
    ai_pat_free(&t);
}

static void test_incremental_matches_rebuild(void **state)
{
    (void)state;
    init_zobrist();
    const RuleKind kinds[] = {RULE_FREESTYLE, RULE_EXACT};
    uint32_t seed = 7;
    for (int ki = 0; ki < 2; ki++) {
        for (int k = 1; k <= 6; k++) {
            Rules r = {kinds[ki], k};
            run_games(r, 9, seed++);
            run_games(r, 5, seed++);
        }
    }
    Rules renju = {RULE_RENJU, 5};
    run_games(renju, 15, seed++);
    Rules free5 = {RULE_FREESTYLE, 5};
    run_games(free5, 15, seed++);
    Rules big = {RULE_EXACT, 6};
    run_games(big, 22, seed++);
}

/* Points where colour ci wins at once on b, on the four lines through
 * (x, y) within k cells: after a stone there, the new winning points. */
static int new_wins(const Board *b, Rules r, int x, int y, Stone s)
{
    static const int dir[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    int n = 0;
    for (int d = 0; d < 4; d++) {
        for (int i = -r.k; i <= r.k; i++) {
            int px = x + i * dir[d][0], py = y + i * dir[d][1];
            Move m = {(int8_t)px, (int8_t)py};
            if (i != 0 && px >= 0 && py >= 0 && px < b->size && py < b->size &&
                board_get(b, px, py) == STONE_EMPTY && rules_wins_if_played(b, r, m, s)) {
                n++;
            }
        }
    }
    return n;
}

/* The point class's fours against the core's rules: for each colour with
 * no winning point yet, a stone on cell leaves at least two winning
 * points for an open or double four, exactly one for a four with or
 * without something else, none for any lesser class. */
static void assert_class_fours(const AiPos *p, Rules r, int c)
{
    const int x = ai_pos_x(p, c), y = ai_pos_y(p, c);
    for (int ci = 0; ci < 2; ci++) {
        AiPointClass cls = ai_pos_point(p, ci, c);
        if (p->cnt[ci][AI_CNT_WIN] > 0 || cls == AI_P_FIVE || cls == AI_P_FORBID_SUSPECT) {
            continue;
        }
        Board b = p->board;
        board_set(&b, x, y, (Stone)(ci + 1));
        int w = new_wins(&b, r, x, y, (Stone)(ci + 1));
        if (cls == AI_P_F4 || cls == AI_P_44) {
            assert_true(w >= 2);
        } else if (cls == AI_P_B4 || cls == AI_P_B4_PLUS || cls == AI_P_43) {
            assert_int_equal(w, 1);
        } else {
            assert_int_equal(w, 0);
        }
    }
}

/* On n random empty points: the engine's win points agree with the
 * core's, and in renju the forbidden points the engine sees (its pattern
 * data picks the suspects, the core's rules decide) are exactly the
 * core's, none missed by the suspect filter. */
static void assert_points_agree(const AiPos *p, Rules r, uint32_t *seed, int n)
{
    for (int i = 0; i < n; i++) {
        int x = (int)(rng_next(seed) % (uint32_t)p->size);
        int y = (int)(rng_next(seed) % (uint32_t)p->size);
        int c = ai_pos_index(p, x, y);
        if (p->cell[c] != STONE_EMPTY) {
            continue;
        }
        Move m = {(int8_t)x, (int8_t)y};
        assert_win_agrees(p, r, x, y);
        assert_class_fours(p, r, c);
        if (r.kind != RULE_RENJU) {
            continue;
        }
        int32_t w = 0;
        int flags = ai_gen_threat(p, 0, c, &w);
        int core = rules_forbidden(&p->board, r, m) != FORBID_NONE;
        assert_int_equal(ai_gen_forbidden_for(p, 0, c, flags), core);
        if (core) {
            assert_true(flags & AI_T_SUSPECT);
        }
    }
}

/* Up to three lean moves on p (board b alongside), each checked against a
 * rebuild, then taken back: the walk's next check sees whether the undo
 * left the counts and point codes the lean moves skipped as they were. */
static void lean_excursion(AiPos *p, Board *b, const AiPatTable *t, uint32_t *seed)
{
    static AiPos fresh;
    const int size = p->size;
    int played[3], n = 0;
    const int was = ai_pos_set_lean(p, 1);
    for (int k = 1 + (int)(rng_next(seed) % 3); k > 0 && n < 3; k--) {
        int x, y, tries = 0;
        do {
            x = (int)(rng_next(seed) % (uint32_t)size);
            y = (int)(rng_next(seed) % (uint32_t)size);
        } while (board_get(b, x, y) != STONE_EMPTY && ++tries < 100);
        if (board_get(b, x, y) != STONE_EMPTY) {
            break;
        }
        board_set(b, x, y, p->stm);
        played[n++] = y * size + x;
        ai_pos_make(p, ai_pos_index(p, x, y));
        assert_int_equal(ai_pos_setup(&fresh, t, zob, b, p->stm), 0);
        assert_same_lean(p, &fresh);
    }
    while (n > 0) {
        n--;
        board_set(b, played[n] % size, played[n] / size, STONE_EMPTY);
        ai_pos_undo(p);
    }
    ai_pos_set_lean(p, was);
}

/* One random walk of moves and undos on a size x size board: after every
 * step the incremental position equals one built from scratch, its win
 * points agree with the core's, and (renju) so do its forbidden points. */
static void random_walk(const AiPatTable *t, int size, int steps, uint32_t seed)
{
    static AiPos inc, fresh;
    const Rules r = t->rules;
    Board b;
    assert_int_equal(board_init(&b, size), 0);
    assert_int_equal(ai_pos_setup(&inc, t, zob, &b, STONE_BLACK), 0);
    int played[BOARD_MAX_CELLS], n = 0;
    for (int i = 0; i < steps; i++) {
        int make = n == 0 || (n < size * size && rng_next(&seed) % 100 < 60);
        if (make) {
            int x, y;
            do {
                x = (int)(rng_next(&seed) % (uint32_t)size);
                y = (int)(rng_next(&seed) % (uint32_t)size);
            } while (board_get(&b, x, y) != STONE_EMPTY);
            board_set(&b, x, y, inc.stm);
            played[n++] = y * size + x;
            ai_pos_make(&inc, ai_pos_index(&inc, x, y));
        } else {
            n--;
            board_set(&b, played[n] % size, played[n] / size, STONE_EMPTY);
            ai_pos_undo(&inc);
        }
        if (rng_next(&seed) % 8 == 0) {
            lean_excursion(&inc, &b, t, &seed);
        }
        assert_int_equal(ai_pos_setup(&fresh, t, zob, &b, inc.stm), 0);
        assert_same(&inc, &fresh);
        assert_points_agree(&inc, r, &seed, 16);
    }
}

/* The property test of the incremental position: 100 000 random moves and
 * undos in all, spread over every board size and every rule (freestyle
 * and exact for k = 1..6, renju), each step compared with a rebuild. */
static void test_random_moves_and_undos(void **state)
{
    (void)state;
    init_zobrist();
    enum { TOTAL = 100000 };
    Rules rules[13];
    int nr = 0;
    for (int k = 1; k <= 6; k++) {
        rules[nr++] = (Rules){RULE_FREESTYLE, k};
        rules[nr++] = (Rules){RULE_EXACT, k};
    }
    rules[nr++] = (Rules){RULE_RENJU, 5};
    const int sizes = BOARD_MAX_SIZE - BOARD_MIN_SIZE + 1;
    const int steps = TOTAL / (nr * sizes) + 1;
    uint32_t seed = 2811;
    /* Line pattern weights all different, so that a line pattern counted
     * wrong shows in the totals. */
    int delta[2 * AI_L_N];
    for (int i = 0; i < 2 * AI_L_N; i++) {
        delta[i] = 7 * i + 3 - (i % 3) * 11;
    }
    for (int ri = 0; ri < nr; ri++) {
        AiPatTable t;
        ai_pat_init(&t);
        assert_int_equal(ai_pat_build(&t, rules[ri]), 0);
        ai_pat_set_eval(&t, 2, ri % 2 == 0 ? delta : NULL);
        /* Every rule walks with the pattern counts kept.  On even sizes
         * freestyle five keeps the point-code weights as well; on odd
         * ones every rule walks as the network's search does, without
         * the point codes and the totals. */
        ai_pat_set_counts(&t, 1);
        for (int size = BOARD_MIN_SIZE; size <= BOARD_MAX_SIZE; size++) {
            ai_pat_set_pcodes(&t, size % 2 ? 0 : 100);
            ai_pat_set_totals(&t, size % 2 == 0);
            random_walk(&t, size, steps, seed++);
        }
        ai_pat_free(&t);
    }
}

/* The fine line pattern black makes at (x, y) along row 7's direction. */
static AiLine row_line(const AiPos *p, int x, int y)
{
    return ai_pos_line(p, 0, ai_pos_index(p, x, y), 0);
}

/* Spot checks of the fine line patterns and point classes, k = 5. */
static void test_line_patterns_and_classes(void **state)
{
    (void)state;
    init_zobrist();
    static AiPos p;
    AiPatTable t;
    ai_pat_init(&t);
    assert_int_equal(ai_pat_build(&t, (Rules){RULE_FREESTYLE, 5}), 0);
    Board b;
    board_init(&b, 15);
    /* Row 7: black at 5 and 6.  At 7: _XXX_ with room, two ways to an
     * open four (F3S); at 8: XX_X, one way (F3); at 4: XXX the other
     * side (F3S); at 3: X_XX (F3). */
    board_set(&b, 5, 7, STONE_BLACK);
    board_set(&b, 6, 7, STONE_BLACK);
    /* Row 2: black at 7.  At 8: an open two with four ways to an open
     * three (F2B); at 9: X_X, three ways (F2A); at 11: X___X, no three
     * one stone away in the open (B2 or weaker). */
    board_set(&b, 7, 2, STONE_BLACK);
    assert_int_equal(ai_pos_setup(&p, &t, zob, &b, STONE_WHITE), 0);
    assert_int_equal(row_line(&p, 7, 7), AI_L_F3S);
    assert_int_equal(row_line(&p, 4, 7), AI_L_F3S);
    assert_int_equal(row_line(&p, 8, 7), AI_L_F3);
    assert_int_equal(row_line(&p, 3, 7), AI_L_F3);
    assert_int_equal(row_line(&p, 8, 2), AI_L_F2B);
    assert_int_equal(row_line(&p, 9, 2), AI_L_F2A);
    assert_int_equal(ai_pos_point(&p, 0, ai_pos_index(&p, 7, 7)), AI_P_F3);
    /* White closes the left end: XX then XXX at 7 is a closed three. */
    board_set(&b, 4, 7, STONE_WHITE);
    assert_int_equal(ai_pos_setup(&p, &t, zob, &b, STONE_BLACK), 0);
    assert_int_equal(row_line(&p, 7, 7), AI_L_B3);
    /* A four-three at (8, 7): row 5..7 closed by white at 4 (a four with
     * 8), and column 8 with black at (8, 8), (8, 9): an open three. */
    board_set(&b, 7, 7, STONE_BLACK);
    board_set(&b, 8, 8, STONE_BLACK);
    board_set(&b, 8, 9, STONE_BLACK);
    assert_int_equal(ai_pos_setup(&p, &t, zob, &b, STONE_WHITE), 0);
    assert_int_equal(row_line(&p, 8, 7), AI_L_B4);
    assert_int_equal(ai_pos_line(&p, 0, ai_pos_index(&p, 8, 7), 1), AI_L_F3S);
    assert_int_equal(ai_pos_point(&p, 0, ai_pos_index(&p, 8, 7)), AI_P_43);
    /* Nothing of white's there. */
    assert_true(ai_pos_point(&p, 1, ai_pos_index(&p, 8, 7)) < AI_P_F3);
    ai_pat_free(&t);

    /* Renju: black's double three is a suspect for the core's rules to
     * judge; white's is a double three. */
    assert_int_equal(ai_pat_build(&t, (Rules){RULE_RENJU, 5}), 0);
    board_init(&b, 15);
    board_set(&b, 5, 7, STONE_BLACK);
    board_set(&b, 6, 7, STONE_BLACK);
    board_set(&b, 7, 5, STONE_BLACK);
    board_set(&b, 7, 6, STONE_BLACK);
    board_set(&b, 9, 11, STONE_WHITE);
    board_set(&b, 10, 11, STONE_WHITE);
    board_set(&b, 11, 9, STONE_WHITE);
    board_set(&b, 11, 10, STONE_WHITE);
    assert_int_equal(ai_pos_setup(&p, &t, zob, &b, STONE_BLACK), 0);
    assert_int_equal(ai_pos_point(&p, 0, ai_pos_index(&p, 7, 7)), AI_P_FORBID_SUSPECT);
    assert_int_equal(ai_pos_point(&p, 1, ai_pos_index(&p, 11, 11)), AI_P_33);
    /* (12, 11): the split three XX_X on the row, and an open two with
     * (11, 10) on the diagonal. */
    assert_int_equal(ai_pos_point(&p, 1, ai_pos_index(&p, 12, 11)), AI_P_F3_PLUS);
    ai_pat_free(&t);
}

/* Spot checks of pattern codes for k = 5 on an empty 15x15 board. */
static void test_pattern_codes(void **state)
{
    (void)state;
    init_zobrist();
    static AiPos p;
    AiPatTable t;
    ai_pat_init(&t);
    Rules r = {RULE_FREESTYLE, 5};
    assert_int_equal(ai_pat_build(&t, r), 0);
    Board b;
    board_init(&b, 15);
    /* _XXX_ on row 7, x = 5..7: black at 4 or 8 makes an open four. */
    board_set(&b, 5, 7, STONE_BLACK);
    board_set(&b, 6, 7, STONE_BLACK);
    board_set(&b, 7, 7, STONE_BLACK);
    assert_int_equal(ai_pos_setup(&p, &t, zob, &b, STONE_BLACK), 0);
    assert_int_equal(ai_pos_code(&p, 0, ai_pos_index(&p, 4, 7), 0), t.code_open4);
    assert_int_equal(ai_pos_code(&p, 0, ai_pos_index(&p, 8, 7), 0), t.code_open4);
    assert_int_equal(ai_pos_code(&p, 0, ai_pos_index(&p, 3, 7), 0), t.code_four);
    assert_int_equal(ai_pos_code(&p, 0, ai_pos_index(&p, 9, 7), 0), t.code_four);
    int32_t w = 0;
    int f = ai_gen_threat(&p, 0, ai_pos_index(&p, 4, 7), &w);
    assert_true(f & AI_T_OPEN4);
    /* White's view of the same points: nothing on that line beyond blocks. */
    assert_true((int)ai_pos_code(&p, 1, ai_pos_index(&p, 4, 7), 0) < t.code_open3);
    assert_int_equal(p.cnt[0][AI_CNT_OPEN4], 2);
    assert_int_equal(p.cnt[0][AI_CNT_WIN], 0);
    /* A white stone on x = 8 leaves a closed three: fours only at 3 and 4. */
    ai_pos_make(&p, ai_pos_index(&p, 10, 10));
    ai_pos_make(&p, ai_pos_index(&p, 8, 7));
    assert_int_equal(ai_pos_code(&p, 0, ai_pos_index(&p, 4, 7), 0), t.code_four);
    assert_int_equal(ai_pos_code(&p, 0, ai_pos_index(&p, 3, 7), 0), t.code_four);
    assert_int_equal(p.cnt[0][AI_CNT_OPEN4], 0);
    ai_pat_free(&t);
}

/* Points classed by what one stone makes over its four lines. */
static void test_combo_classes(void **state)
{
    (void)state;
    init_zobrist();
    static AiPos p;
    AiPatTable t;
    ai_pat_init(&t);
    Board b;
    board_init(&b, 15);
    /* Black: two stones on row 7 (x = 5, 6) and two on column 7 (y = 5, 6):
     * a black stone at (7,7) makes two open threes. */
    board_set(&b, 5, 7, STONE_BLACK);
    board_set(&b, 6, 7, STONE_BLACK);
    board_set(&b, 7, 5, STONE_BLACK);
    board_set(&b, 7, 6, STONE_BLACK);
    Rules free5 = {RULE_FREESTYLE, 5};
    assert_int_equal(ai_pat_build(&t, free5), 0);
    assert_int_equal(ai_pos_setup(&p, &t, zob, &b, STONE_BLACK), 0);
    assert_int_equal(t.combo[0][p.isum[0][ai_pos_index(&p, 7, 7)] & AI_PAT_INFO_THREAT],
                     AI_COMBO_33);
    assert_true(p.combo[0][AI_COMBO_33] >= 1);
    assert_int_equal(p.combo[0][AI_COMBO_43], 0);
    assert_int_equal(p.combo[0][AI_COMBO_44], 0);
    assert_int_equal(p.combo[1][AI_COMBO_33], 0);
    assert_int_equal(t.shape[0][AI_PAT_INFO_SHAPE(p.isum[0][ai_pos_index(&p, 7, 7)])],
                     AI_SHAPE(4, 4));
    /* (7,4) would make an open three up the column and nothing else;
     * (1,1) lies on no line of black's. */
    assert_int_equal(t.shape[0][AI_PAT_INFO_SHAPE(p.isum[0][ai_pos_index(&p, 7, 4)])], 0);
    assert_int_equal(t.shape[0][AI_PAT_INFO_SHAPE(p.isum[0][ai_pos_index(&p, 1, 1)])], 0);
    /* (6,5) makes open twos with (7,5), (6,7) and (7,6), no three. */
    assert_int_equal(t.shape[0][AI_PAT_INFO_SHAPE(p.isum[0][ai_pos_index(&p, 6, 5)])],
                     AI_SHAPE(2, 2));
    /* Black adds (4,7), white closes the row at (3,7): (7,7) now makes a
     * four on the row and an open three on the column. */
    ai_pos_make(&p, ai_pos_index(&p, 4, 7));
    ai_pos_make(&p, ai_pos_index(&p, 3, 7));
    assert_int_equal(t.combo[0][p.isum[0][ai_pos_index(&p, 7, 7)] & AI_PAT_INFO_THREAT],
                     AI_COMBO_43);
    assert_true(p.combo[0][AI_COMBO_43] >= 1);
    assert_int_equal(t.shape[0][AI_PAT_INFO_SHAPE(p.isum[0][ai_pos_index(&p, 7, 7)])],
                     AI_SHAPE(5, 4));
    /* Under renju black's double three is forbidden and counts nowhere. */
    ai_pat_free(&t);
    Rules renju = {RULE_RENJU, 5};
    assert_int_equal(ai_pat_build(&t, renju), 0);
    assert_int_equal(ai_pos_setup(&p, &t, zob, &b, STONE_BLACK), 0);
    assert_int_equal(t.combo[0][p.isum[0][ai_pos_index(&p, 7, 7)] & AI_PAT_INFO_THREAT],
                     AI_COMBO_NONE);
    assert_int_equal(p.combo[0][AI_COMBO_33], 0);
    assert_int_equal(t.shape[0][AI_PAT_INFO_SHAPE(p.isum[0][ai_pos_index(&p, 7, 7)])], 0);
    /* Renju keeps the shape counters too (its fitted weights read them):
     * black's (6,5) is still two open twos. */
    assert_int_equal(t.shape[0][AI_PAT_INFO_SHAPE(p.isum[0][ai_pos_index(&p, 6, 5)])],
                     AI_SHAPE(2, 2));
    ai_pat_free(&t);
}

/* True when cell (x, y) is among the n candidates c. */
static int listed(const AiPos *p, const AiCand *c, int n, int x, int y)
{
    for (int i = 0; i < n; i++) {
        if (c[i].cell == ai_pos_index(p, x, y)) {
            return 1;
        }
    }
    return 0;
}

/* Against the opponent's four-three point, ai_gen_moves' combo_answer
 * lists only threats and moves on the lines of the opponent's threats:
 * the point itself, the other end of the four, the column's open-three
 * points; not a quiet move far away. */
static void test_combo_answer(void **state)
{
    (void)state;
    init_zobrist();
    static AiPos p;
    static AiCand c[BOARD_MAX_CELLS];
    AiPatTable t;
    ai_pat_init(&t);
    Board b;
    board_init(&b, 15);
    static const int black[][2] = {{4, 7}, {5, 7}, {6, 7}, {7, 5}, {7, 6}};
    for (int i = 0; i < 5; i++) {
        board_set(&b, black[i][0], black[i][1], STONE_BLACK);
    }
    board_set(&b, 3, 7, STONE_WHITE);
    board_set(&b, 12, 12, STONE_WHITE);
    Rules free5 = {RULE_FREESTYLE, 5};
    assert_int_equal(ai_pat_build(&t, free5), 0);
    assert_int_equal(ai_pos_setup(&p, &t, zob, &b, STONE_WHITE), 0);
    assert_true(p.combo[0][AI_COMBO_43] >= 1);
    int kind = -1;
    int all = ai_gen_moves(&p, -1, 0, c, &kind);
    assert_int_equal(kind, AI_GEN_NORMAL);
    assert_true(listed(&p, c, all, 13, 13));
    assert_true(listed(&p, c, all, 7, 7));
    int cut = ai_gen_moves(&p, -1, 1, c, &kind);
    assert_int_equal(kind, AI_GEN_NORMAL);
    assert_true(cut < all);
    assert_false(listed(&p, c, cut, 13, 13));
    assert_true(listed(&p, c, cut, 7, 7));
    assert_true(listed(&p, c, cut, 8, 7));
    assert_true(listed(&p, c, cut, 7, 4));
    /* A blind opponent's doubles are not answered this way. */
    assert_int_equal(ai_gen_moves(&p, 0, 1, c, &kind), all);
    ai_pat_free(&t);
}

/* The totals of a position and of its colour swap (black's stones white's,
 * the other side to move) under rules r with the fitted weights: returns
 * true when each colour's totals are the other's in the swap. */
static int totals_mirror(Rules r)
{
    static AiPos a, b;
    AiPatTable t;
    ai_pat_init(&t);
    assert_int_equal(ai_pat_build(&t, r), 0);
    ai_pat_set_eval(&t, 2, NULL);
    Board x, y;
    board_init(&x, 15);
    board_init(&y, 15);
    static const int black[][2] = {{7, 7}, {9, 7}};
    static const int white[][2] = {{8, 9}};
    for (int i = 0; i < 2; i++) {
        board_set(&x, black[i][0], black[i][1], STONE_BLACK);
        board_set(&y, black[i][0], black[i][1], STONE_WHITE);
    }
    for (int i = 0; i < 1; i++) {
        board_set(&x, white[i][0], white[i][1], STONE_WHITE);
        board_set(&y, white[i][0], white[i][1], STONE_BLACK);
    }
    assert_int_equal(ai_pos_setup(&a, &t, zob, &x, STONE_WHITE), 0);
    assert_int_equal(ai_pos_setup(&b, &t, zob, &y, STONE_BLACK), 0);
    int same = 1;
    for (int ci = 0; ci < 2; ci++) {
        for (int w = 0; w < 2; w++) {
            same = same && a.total[ci][w] == b.total[1 - ci][w];
        }
    }
    ai_pat_free(&t);
    return same;
}

/* Freestyle is the same game for both colours, so its weights are; renju
 * is not, and its fitted weights differ by colour (its pattern codes do
 * too, so there the totals of a swapped position say nothing). */
/* Puts about size * size / 4 random stones on an empty board of size. */
static void random_board(Board *b, int size, uint32_t *seed)
{
    assert_int_equal(board_init(b, size), 0);
    for (int i = 0; i < size * size / 4; i++) {
        int x = (int)(rng_next(seed) % (uint32_t)size), y = (int)(rng_next(seed) % (uint32_t)size);
        board_set(b, x, y, i % 2 == 0 ? STONE_BLACK : STONE_WHITE);
    }
}

/* A set-up from the kept empty board equals one from scratch, and the kept
 * board is made again whenever the size, the rules (the same table
 * rebuilt in place) or the evaluation weights change. */
static void test_cached_setup(void **state)
{
    (void)state;
    init_zobrist();
    static AiPos cached, fresh;
    static AiPosEmpty empty;
    memset(&empty, 0, sizeof empty);
    static const struct {
        Rules r;
        int size, fitted;
    } STEPS[] = {
        {{RULE_FREESTYLE, 5}, 15, 0}, {{RULE_FREESTYLE, 5}, 15, 0}, {{RULE_FREESTYLE, 5}, 15, 2},
        {{RULE_FREESTYLE, 5}, 13, 2}, {{RULE_RENJU, 5}, 13, 2},     {{RULE_EXACT, 5}, 13, 2},
        {{RULE_EXACT, 4}, 13, 0},     {{RULE_FREESTYLE, 5}, 19, 1}, {{RULE_FREESTYLE, 5}, 19, 0},
    };
    AiPatTable t;
    ai_pat_init(&t);
    uint32_t seed = 7;
    for (size_t i = 0; i < sizeof STEPS / sizeof STEPS[0]; i++) {
        assert_int_equal(ai_pat_build(&t, STEPS[i].r), 0);
        ai_pat_set_eval(&t, STEPS[i].fitted, NULL);
        ai_pat_set_counts(&t, (int)i % 2);
        for (int round = 0; round < 3; round++) {
            Board b;
            random_board(&b, STEPS[i].size, &seed);
            Stone stm = round == 1 ? STONE_WHITE : STONE_BLACK;
            assert_int_equal(ai_pos_setup_cached(&cached, &empty, &t, zob, &b, stm), 0);
            assert_int_equal(ai_pos_setup(&fresh, &t, zob, &b, stm), 0);
            assert_same(&cached, &fresh);
            assert_int_equal(empty.size, STEPS[i].size);
            assert_true(empty.stamp == t.stamp);
        }
    }
    /* New line pattern weights make the kept empty board stale. */
    int delta[2 * AI_L_N] = {0};
    delta[AI_L_F2] = 40;
    uint32_t before = t.stamp;
    ai_pat_set_eval(&t, 0, delta);
    assert_true(t.stamp != before);
    Board b;
    random_board(&b, 19, &seed);
    assert_int_equal(ai_pos_setup_cached(&cached, &empty, &t, zob, &b, STONE_BLACK), 0);
    assert_int_equal(ai_pos_setup(&fresh, &t, zob, &b, STONE_BLACK), 0);
    assert_same(&cached, &fresh);
    ai_pat_set_eval(&t, 0, delta);
    assert_true(empty.stamp == t.stamp); /* the same weights again: nothing stale */
    /* Keeping the counts or not makes it stale too: they are in it. */
    before = t.stamp;
    ai_pat_set_counts(&t, !t.count_on);
    assert_true(t.stamp != before);
    ai_pat_set_counts(&t, t.count_on);
    assert_true(t.stamp == before + 1);
    ai_pat_free(&t);
}

static void test_colour_weights(void **state)
{
    (void)state;
    init_zobrist();
    assert_true(totals_mirror((Rules){RULE_FREESTYLE, 5}));
    AiPatTable t;
    ai_pat_init(&t);
    assert_int_equal(ai_pat_build(&t, (Rules){RULE_RENJU, 5}), 0);
    ai_pat_set_eval(&t, 2, NULL);
    assert_true(memcmp(t.eval[0], t.eval[1], sizeof t.eval[0]) != 0);
    assert_true(memcmp(t.shape_eval[0], t.shape_eval[1], sizeof t.shape_eval[0]) != 0);
    assert_true(memcmp(t.threat[0], t.threat[1], sizeof t.threat[0]) != 0);
    ai_pat_set_eval(&t, 0, NULL);
    assert_true(memcmp(t.eval[0], t.eval[1], sizeof t.eval[0]) == 0);
    ai_pat_free(&t);
}

/* The keys tools share with the engine: the same seed gives the same
 * keys, another seed others, and no two keys of one set are equal (a
 * zero or repeated key would make different positions hash alike). */
static void test_fill_keys(void **state)
{
    (void)state;
    enum { N = 2 * AI_CELLS + 1 };
    static uint64_t a[N], b[N], c[N];
    ai_pos_fill_keys(a, N, AI_POS_KEY_SEED);
    ai_pos_fill_keys(b, N, AI_POS_KEY_SEED);
    ai_pos_fill_keys(c, N, AI_POS_KEY_SEED + 1);
    assert_memory_equal(a, b, sizeof a);
    int same = 0;
    for (int i = 0; i < N; i++) {
        assert_true(a[i] != 0);
        same += a[i] == c[i];
        for (int j = 0; j < i; j++) {
            assert_true(a[i] != a[j]);
        }
    }
    assert_int_equal(same, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pattern_codes),
        cmocka_unit_test(test_incremental_matches_rebuild),
        cmocka_unit_test(test_random_moves_and_undos),
        cmocka_unit_test(test_line_patterns_and_classes),
        cmocka_unit_test(test_combo_classes),
        cmocka_unit_test(test_combo_answer),
        cmocka_unit_test(test_colour_weights),
        cmocka_unit_test(test_cached_setup),
        cmocka_unit_test(test_fill_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
