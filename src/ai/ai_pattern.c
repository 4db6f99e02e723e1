/*
 * ai_pattern.c - builds the pattern code tables (see ai_pattern.h).
 */
#include "ai_pattern.h"

#include "ai_pcode.h"

#include <stdlib.h>
#include <string.h>

void ai_pat_init(AiPatTable *t)
{
    memset(t, 0, sizeof *t);
    t->code_win = t->code_open4 = t->code_four = t->code_open3 = -1;
}

void ai_pat_free(AiPatTable *t)
{
    if (t == NULL) {
        return;
    }
    free(t->code[0]);
    free(t->code[1]);
    free(t->line[0]);
    free(t->line[1]);
    uint32_t stamp = t->stamp;
    ai_pat_init(t);
    t->stamp = stamp + 1; /* never back to a value a stale copy holds */
}

/* Fills one colour's table.  Adding an own stone to an empty digit only
 * increases the key, so walking keys downwards finds every successor
 * already classified: a one-pass dynamic programme. */
static void build_colour(const AiPatTable *t, uint8_t *tbl, int k, int exact)
{
    const int r = t->radius, n = t->ndigits;
    const int win = t->code_win;
    uint8_t dig[AI_PAT_MAX_DIGITS];

    for (size_t key = t->entries; key-- > 0;) {
        size_t v = key;
        for (int i = 0; i < n; i++) {
            dig[i] = (uint8_t)(v % 3);
            v /= 3;
        }
        int run = 1;
        for (int i = r - 1; i >= 0 && dig[i] == 1; i--) {
            run++;
        }
        for (int i = r; i < n && dig[i] == 1; i++) {
            run++;
        }
        if (exact ? run == k : run >= k) {
            tbl[key] = (uint8_t)win;
            continue;
        }
        if (run > k) {
            /* Every segment through the point is already too long. */
            tbl[key] = (uint8_t)AI_PAT_OVERLINE;
            continue;
        }
        int nwin = 0, best = 0;
        for (int i = 0; i < n; i++) {
            if (dig[i] != 0) {
                continue;
            }
            int c = tbl[key + t->pow3[i]] & AI_PAT_CODE_MASK;
            if (c == win) {
                nwin++;
            } else if (c > best) {
                best = c;
            }
        }
        int code;
        if (nwin >= 2) {
            code = win - 1;
        } else if (nwin == 1) {
            code = win - 2;
        } else {
            code = best > 2 ? best - 2 : 0;
        }
        tbl[key] = (uint8_t)code;
    }
}

/* Move-ordering weights, by distance from the four level (0 = the stone
 * makes a four) and openness. */
static const int32_t W_CLOSED[] = {90, 22, 5, 1, 1, 1};
static const int32_t W_OPEN[] = {420, 70, 14, 3, 1, 1};

/* The evaluation's weights: per code, by distance from the four level and
 * openness, for the side to move's points [AI_EVAL_OWN] and the
 * opponent's [AI_EVAL_OPP], and the double-threat terms. */
typedef struct EvalSet {
    int32_t closed[2][6], open[2][6];
    int32_t threat[AI_THREAT_N];
    int32_t shape[2][AI_SHAPE_N];
} EvalSet;

/* Five in a row: fitted on the outcomes of 306 games of Rapfi against
 * itself (tools/evalfit, docs/strength.md), with the codes three and more
 * stones from a four left at 0 (fitting them too did no better on the test
 * games).  The side to move's open-four points never reach the evaluation
 * (the leaf calls them a win), so that one keeps its hand-set value.  A
 * double three the opponent cannot answer with a four is nearly a win;
 * with fours about, it is worth less than its two threes, and the
 * opponent's double three already counts in its lines. */
static const EvalSet EVAL_K5 = {{{156, 45, 0, 0, 0, 0}, {174, 37, 0, 0, 0, 0}},
                                {{525, 108, 18, 0, 0, 0}, {500, 92, 9, 0, 0, 0}},
                                {1632, -214, 3299, 528, 277, -272},
                                {{0}, {0}}};

/* The hand-set weights, the same for both sides (the search adds a tempo
 * bonus, AI_TUNE_TEMPO, to the side to move's): the default for every win
 * length.  The five-in-a-row fit above predicts outcomes better but did
 * not play better (docs/strength.md), and dropping the far codes as it
 * does lost games at k = 6. */
static const EvalSet EVAL_HAND = {{{90, 22, 5, 1, 1, 1}, {90, 22, 5, 1, 1, 1}},
                                  {{420, 70, 14, 3, 1, 1}, {420, 70, 14, 3, 1, 1}},
                                  {500, 300, 1500, 600, 500, 350},
                                  {{0}, {0}}};

/* Freestyle five, fitted to Rapfi's searched evaluations (100 ms each) of
 * 8811 quiet positions from 360 games at 150 ms a move (ours against
 * Rapfi strength 75 with the hand-set and with a first fitted set, Rapfi
 * against itself), point shapes included: test log-loss 0.559 against
 * 0.603 for the hand-set weights (tools/rapfi/rapfi-label.py,
 * tools/evalfit, docs/strength.md, fourth round).  The fit weighs the
 * side to move's points apart from the opponent's, so no tempo bonus. */
static const EvalSet EVAL_K5_SHAPE = {
    {{113, 4, 3, 3, 0, 0}, {75, 4, 4, 3, 0, 0}},
    {{525, 83, -3, -1, 0, 0}, {677, 45, -3, -2, 0, 0}},
    {601, 75, 4029, 294, 55, 218},
    {{0, 13, 16, 37, 93, 193, 30, 133, 135, -450, 65, 403, 164, 2145, 0},
     {0, 6, 16, 31, 41, 146, -10, 114, 158, -322, 141, 282, 334, 1160, 294}}};

/* Renju, fitted the same way on 11843 quiet positions from 480 renju games
 * at 150 ms a move (ours against Rapfi strength 75, with the hand-set and
 * with a first fitted set; Rapfi against itself at strength 50 and at
 * full strength), one set for black to move and one for white: renju is
 * not symmetric.  Test log-loss 0.564 against 0.637 for the hand-set
 * weights (one set for both colours: 0.556, but it played worse: 26 %
 * against 37 % over 100 games, docs/strength.md, fifth round).  Black's
 * forbidden points have no shape and no double-threat class, so their
 * lines count but never as a threat. */
static const EvalSet EVAL_RENJU_BLACK = {
    {{66, 4, -12, 7, 0, 0}, {178, 6, 1, 0, 0, 0}},
    {{525, -3, -22, 2, 0, 0}, {639, 71, 0, 1, 0, 0}},
    {2544, 0, 0, -121, -979, -57},
    {{0, 29, 46, 33, 95, 229, 200, 147, 111, 0, 51, 363, 330, 2242, 0},
     {0, 13, -9, -22, 52, 8, -60, 23, 99, 84, 99, 194, 374, 1674, -121}}};
static const EvalSet EVAL_RENJU_WHITE = {
    {{214, -12, 3, 0, 0, 0}, {24, 5, -9, 3, 0, 0}},
    {{525, 87, -1, 0, 0, 0}, {455, -67, -16, 1, 0, 0}},
    {-253, 328, 4637, 0, 345, 0},
    {{0, 1, -30, -13, 72, 105, -68, 37, 105, -224, 15, 227, 322, 1742, 0},
     {0, -10, 9, -6, 1, 147, 207, 150, 197, 0, 91, 263, 294, 710, 0}}};

/* The class (AI_COMBO_*) of a point whose four lines' info
 * values add up to v, for black (renju_black: double threes and double
 * fours are forbidden, so they threaten nothing) or any other side. */
static uint8_t combo_class(unsigned v, int renju_black)
{
    unsigned fours = AI_PAT_INFO_FOUR(v), open3 = AI_PAT_INFO_OPEN3(v);
    if (AI_PAT_INFO_WIN(v) > 0) {
        return AI_COMBO_NONE; /* a five is searched, not classed */
    }
    if (fours >= 2) {
        return renju_black ? AI_COMBO_NONE : AI_COMBO_44;
    }
    if (fours == 1 && open3 >= 1) {
        return renju_black && open3 >= 2 ? AI_COMBO_NONE : AI_COMBO_43;
    }
    if (fours == 0 && open3 >= 2) {
        return renju_black ? AI_COMBO_NONE : AI_COMBO_33;
    }
    return AI_COMBO_NONE;
}

/* The shape (AI_SHAPE_*) of a point whose shape key (AI_PAT_INFO_SHAPE)
 * is key, for black (renju_black: double threes and double fours are
 * forbidden points, worth nothing) or any other side. */
static uint8_t shape_class(unsigned key, int renju_black)
{
    int a = 0, b = 0;
    for (int level = 5; level >= 1 && b == 0; level--) {
        unsigned n = (key >> (3 * (5 - level))) & 7u;
        if (n >= 2 && a == 0) {
            a = b = level;
        } else if (n >= 1 && a == 0) {
            a = level;
        } else if (n >= 1) {
            b = level;
        }
    }
    unsigned fours = key & 7u, threes = (key >> 3) & 7u;
    if (a < 2 || b < 1 || (renju_black && (fours >= 2 || threes >= 2))) {
        return 0;
    }
    return (uint8_t)AI_SHAPE(a, b);
}

/* Copies into t the weights of set es for the side to move mover
 * (colour index): its own points' weights and the threat terms, and the
 * opponent's points' weights while mover is to move. */
static void copy_eval_set(AiPatTable *t, const EvalSet *es, int mover)
{
    const int other = 1 - mover;
    memcpy(t->shape_eval[mover][AI_EVAL_OWN], es->shape[AI_EVAL_OWN], sizeof es->shape[0]);
    memcpy(t->shape_eval[other][AI_EVAL_OPP], es->shape[AI_EVAL_OPP], sizeof es->shape[0]);
    /* The double-threat terms were set and measured by games at five in a
     * row only; other lengths play without them (docs/strength.md). */
    if (t->rules.k == 5) {
        memcpy(t->threat[mover], es->threat, sizeof t->threat[0]);
    } else {
        memset(t->threat[mover], 0, sizeof t->threat[0]);
    }
    for (int c = 1; c < t->code_win; c++) {
        int level = (t->code_win - 1 - c) / 2; /* 0: four level */
        int open = (c - 1) % 2;
        if (level > 5) {
            level = 5;
        }
        const int x[2] = {mover, other};
        for (int side = 0; side < 2; side++) {
            t->eval[x[side]][side][c] = open ? es->open[side][level] : es->closed[side][level];
        }
    }
    t->eval[mover][AI_EVAL_OWN][t->code_win] = t->eval[other][AI_EVAL_OPP][t->code_win] = 2000;
}

void ai_pat_set_eval(AiPatTable *t, int fitted, const int *line_delta)
{
    /* es[x]: the weights when colour index x is to move. */
    const EvalSet *es[2] = {&EVAL_HAND, &EVAL_HAND};
    if (t->rules.k == 5 && fitted == 1) {
        es[0] = es[1] = &EVAL_K5;
    } else if (fitted == 2 && ai_pat_has_shapes(t->rules) && t->rules.kind == RULE_RENJU) {
        es[0] = &EVAL_RENJU_BLACK;
        es[1] = &EVAL_RENJU_WHITE;
    } else if (fitted == 2 && ai_pat_has_shapes(t->rules)) {
        es[0] = es[1] = &EVAL_K5_SHAPE;
    }
    int delta[2 * AI_L_N] = {0};
    if (line_delta != NULL) {
        memcpy(delta, line_delta, sizeof delta);
    }
    t->fitted = es[0] == &EVAL_HAND ? 0 : fitted;
    if (t->eval_set[0] == es[0] && t->eval_set[1] == es[1] &&
        memcmp(t->line_delta, delta, sizeof delta) == 0) {
        return; /* every search sets them: keep the stamp when nothing changes */
    }
    copy_eval_set(t, es[0], 0);
    copy_eval_set(t, es[1], 1);
    for (int ci = 0; ci < 2; ci++) {
        for (int side = 0; side < 2; side++) {
            memcpy(t->line_eval[ci][side], &delta[side * AI_L_N], sizeof t->line_eval[0][0]);
        }
    }
    t->eval_set[0] = es[0];
    t->eval_set[1] = es[1];
    memcpy(t->line_delta, delta, sizeof delta);
    t->line_on = 0;
    for (int i = 0; i < 2 * AI_L_N; i++) {
        t->line_on |= delta[i] != 0;
    }
    t->stamp++;
}

/* Fills the per-code tables of t (its codes set): move-ordering weights,
 * info counters and classes. */
static void fill_code_tables(AiPatTable *t)
{
    for (int c = 1; c < t->code_win; c++) {
        int level = (t->code_win - 1 - c) / 2; /* 0: four level */
        int open = (c - 1) % 2;
        t->weight[c] = open ? W_OPEN[level > 5 ? 5 : level] : W_CLOSED[level > 5 ? 5 : level];
    }
    t->weight[t->code_win] = 2000;
    for (int c = 0; c <= AI_PAT_MAX_CODE; c++) {
        unsigned v = 0;
        uint8_t cls = 3;
        if (c == t->code_win) {
            v = 1u;
            cls = 0;
        } else if (c == t->code_open4) {
            v = (1u << 3) | (1u << 6);
            cls = 1;
        } else if (c == t->code_four) {
            v = 1u << 6;
            cls = 2;
        } else if (c == t->code_open3) {
            v = 1u << 9;
        } else if (ai_pat_has_shapes(t->rules) && c >= t->code_win - 6 && c <= t->code_win - 4) {
            /* Closed three, open two, closed two: the shape counters,
             * kept only where shapes can be weighed. */
            v = 1u << (12 + 3 * (t->code_win - 4 - c));
        }
        t->info[c] = (uint32_t)v;
        t->cls[c] = cls;
    }
}

/* Fills t's point class and shape tables for its rules. */
static void fill_point_tables(AiPatTable *t)
{
    const int renju = t->rules.kind == RULE_RENJU;
    for (unsigned v = 0; v < AI_PAT_INFO_SUMS; v++) {
        t->combo[0][v] = combo_class(v, renju);
        t->combo[1][v] = combo_class(v, 0);
    }
    for (unsigned key = 0; key < AI_PAT_SHAPE_KEYS; key++) {
        t->shape[0][key] = shape_class(key, renju);
        t->shape[1][key] = shape_class(key, 0);
    }
}

/* The fine pattern of key in one colour's code table tbl: the code's
 * level and openness, a three or two split by how many of its successors
 * (one more own stone on an empty digit) reach the next open level. */
static uint8_t line_of(const AiPatTable *t, const uint8_t *tbl, size_t key)
{
    const int raw = tbl[key], c = raw & AI_PAT_CODE_MASK, win = t->code_win;
    if (c == 0) {
        return (raw & AI_PAT_OVERLINE) ? AI_L_OVERLINE : AI_L_DEAD;
    }
    if (c == win) {
        return AI_L_F5;
    }
    const int d = (win - 1 - c) / 2, open = (win - 1 - c) % 2 == 0;
    if (d == 0) {
        return open ? AI_L_F4 : AI_L_B4;
    }
    if (d >= 3) {
        return open ? AI_L_F1 : AI_L_B1;
    }
    if (!open) {
        return d == 1 ? AI_L_B3 : AI_L_B2;
    }
    /* Open three or open two: count the ways up to the next open level. */
    size_t v = key;
    int ways = 0;
    for (int i = 0; i < t->ndigits; i++, v /= 3) {
        if (v % 3 == 0 && (int)(tbl[key + t->pow3[i]] & AI_PAT_CODE_MASK) == c + 2) {
            ways++;
        }
    }
    if (d == 1) {
        return ways >= 2 ? AI_L_F3S : AI_L_F3;
    }
    return ways >= 4 ? AI_L_F2B : (ways == 3 ? AI_L_F2A : AI_L_F2);
}

/* The class of a point whose four lines have the patterns counted in n
 * (n[AI_L_*]), for black under renju (renju_black) or any other side. */
static uint8_t point_class(const int n[AI_L_N], int renju_black)
{
    const int f3 = n[AI_L_F3] + n[AI_L_F3S], f2 = n[AI_L_F2] + n[AI_L_F2A] + n[AI_L_F2B];
    const int b3 = n[AI_L_B3], b4 = n[AI_L_B4], f4 = n[AI_L_F4];
    if (n[AI_L_F5] > 0) {
        return AI_P_FIVE;
    }
    if (renju_black && (n[AI_L_OVERLINE] > 0 || f4 + b4 >= 2 || f3 >= 2)) {
        return AI_P_FORBID_SUSPECT;
    }
    if (f4 > 0) {
        return AI_P_F4;
    }
    if (b4 >= 2) {
        return AI_P_44;
    }
    if (b4 == 1) {
        return f3 > 0 ? AI_P_43 : (b3 + f2 > 0 ? AI_P_B4_PLUS : AI_P_B4);
    }
    if (f3 >= 2) {
        return AI_P_33;
    }
    if (f3 == 1) {
        return b3 + f2 > 0 ? AI_P_F3_PLUS : AI_P_F3;
    }
    if (b3 > 0) {
        return f2 > 0 ? AI_P_B3_F2 : AI_P_B3;
    }
    return f2 >= 2 ? AI_P_22 : (f2 == 1 ? AI_P_F2 : AI_P_NONE);
}

/* Fills t's point-class tables from every combination of four patterns. */
static void fill_point_classes(AiPatTable *t)
{
    const int renju = t->rules.kind == RULE_RENJU;
    for (int key = 0; key < AI_LINE_KEYS; key++) {
        int n[AI_L_N] = {0};
        for (int i = 0, v = key; i < 4; i++, v /= AI_L_N) {
            n[v % AI_L_N]++;
        }
        t->point[0][key] = point_class(n, renju);
        t->point[1][key] = point_class(n, 0);
    }
}

int ai_pat_build(AiPatTable *t, Rules r)
{
    if (t->code[0] != NULL && t->rules.kind == r.kind && t->rules.k == r.k) {
        return 0;
    }
    ai_pat_free(t);
    if (!rules_valid(r)) {
        return -1;
    }
    const int k = r.k;
    t->rules = r;
    t->radius = r.kind == RULE_FREESTYLE ? k - 1 : k;
    t->ndigits = 2 * t->radius;
    t->entries = 1;
    for (int i = 0; i < t->ndigits; i++) {
        t->pow3[i] = (uint32_t)t->entries;
        t->entries *= 3;
    }
    t->code_win = 2 * k - 1;
    t->code_open4 = k >= 2 ? 2 * k - 2 : -1;
    t->code_four = k >= 2 ? 2 * k - 3 : -1;
    t->code_open3 = k >= 3 ? 2 * k - 4 : -1;
    fill_code_tables(t);
    fill_point_tables(t);
    ai_pat_set_eval(t, 0, NULL);

    t->code[0] = malloc(t->entries);
    t->code[1] = malloc(t->entries);
    t->line[0] = malloc(t->entries);
    t->line[1] = malloc(t->entries);
    if (t->code[0] == NULL || t->code[1] == NULL || t->line[0] == NULL || t->line[1] == NULL) {
        ai_pat_free(t);
        return -1;
    }
    int exact_black = r.kind != RULE_FREESTYLE;
    int exact_white = r.kind == RULE_EXACT;
    build_colour(t, t->code[0], k, exact_black);
    build_colour(t, t->code[1], k, exact_white);
    for (int ci = 0; ci < 2; ci++) {
        for (size_t key = 0; key < t->entries; key++) {
            t->line[ci][key] = line_of(t, t->code[ci], key);
        }
    }
    fill_point_classes(t);
    return 0;
}

/* The fitted entry of a sorted point code, or NULL. */
static const AiPcodeWeight *find_weight(int code)
{
    int lo = 0, hi = AI_PCODE_K5_N - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (AI_PCODE_K5[mid].code == code) {
            return &AI_PCODE_K5[mid];
        }
        if (AI_PCODE_K5[mid].code < code) {
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    return NULL;
}

int ai_pat_sorted_pcode(int key)
{
    int l[4];
    for (int i = 3, v = key; i >= 0; i--, v /= AI_L_N) {
        l[i] = v % AI_L_N;
    }
    for (int i = 1; i < 4; i++) {
        for (int j = i; j > 0 && l[j - 1] < l[j]; j--) {
            int t = l[j];
            l[j] = l[j - 1];
            l[j - 1] = t;
        }
    }
    return ((l[0] * AI_L_N + l[1]) * AI_L_N + l[2]) * AI_L_N + l[3];
}

void ai_pat_set_counts(AiPatTable *t, int on)
{
    if ((on != 0) != t->count_on) {
        t->count_on = on != 0;
        t->stamp++;
    }
}

void ai_pat_set_totals(AiPatTable *t, int on)
{
    /* No new stamp: an empty board's set-up always works the totals out. */
    t->totals_off = on == 0;
}

int ai_pat_pcode_pct(Rules r, int pct)
{
    return r.kind != RULE_FREESTYLE || r.k != 5 || pct < 0 ? 0 : pct;
}

void ai_pat_set_pcodes(AiPatTable *t, int pct)
{
    pct = ai_pat_pcode_pct(t->rules, pct);
    if (pct == t->pc_on) {
        return; /* every search sets them: keep the stamp when nothing changes */
    }
    memset(t->pc_eval, 0, sizeof t->pc_eval);
    for (int key = 0; pct > 0 && key < AI_LINE_KEYS; key++) {
        const AiPcodeWeight *w = find_weight(ai_pat_sorted_pcode(key));
        if (w != NULL) {
            t->pc_eval[key][AI_EVAL_OWN] = (int16_t)(w->own * pct / 100);
            /* Fitted as what the opponent's points are worth to the side
             * to move; evaluate() subtracts the OPP totals. */
            t->pc_eval[key][AI_EVAL_OPP] = (int16_t)(-w->opp * pct / 100);
        }
    }
    t->pc_on = pct;
    t->stamp++;
}
