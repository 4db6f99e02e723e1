/*
 * tac_util.c - diagrams and the independent AND-OR prover of the tactics
 * tests.
 *
 * The prover is deliberately simple and uses only core/rules.h.  Its
 * pruning is sound by construction:
 *  - an attacker (OR) node may try any subset of moves: trying fewer can
 *    only fail to find a win, never invent one;
 *  - a defender (AND) node tries every legal move, except that when the
 *    attacker already has a winning point the defender must occupy one of
 *    them (any other move loses at once, and a defender stone elsewhere can
 *    never spoil an attacker's five), and a defender who can win at once
 *    refutes the node;
 *  - with fewer than 3 plies left an attacker without a win-now cannot win
 *    in time unless its move creates a win point, so only such moves are
 *    tried there (and with 1 ply left only the win itself).
 */
#include "tac_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int DIRS[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

bool tac_legal(const Board *b, Rules r, Stone s, Move m)
{
    if (board_get(b, m.x, m.y) != STONE_EMPTY || !board_in_bounds(b, m.x, m.y)) {
        return false;
    }
    if (s == STONE_BLACK && r.kind == RULE_RENJU) {
        return rules_forbidden(b, r, m) == FORBID_NONE;
    }
    return true;
}

/* True when (x, y) has a stone of colour s among its 8 neighbours. */
static bool has_neighbour(const Board *b, int x, int y, Stone s)
{
    for (int dy = -1; dy <= 1; dy++) {
        for (int dx = -1; dx <= 1; dx++) {
            if ((dx || dy) && board_get(b, x + dx, y + dy) == s) {
                return true;
            }
        }
    }
    return false;
}

/* A win point of s: s makes a winning line there and may legally play it
 * (a renju five is never forbidden, but be explicit). */
static bool is_win_point(const Board *b, Rules r, Stone s, int x, int y)
{
    Move m = {(int8_t)x, (int8_t)y};
    if (board_get(b, x, y) != STONE_EMPTY) {
        return false;
    }
    if (r.k >= 2 && !has_neighbour(b, x, y, s)) {
        return false;
    }
    return rules_wins_if_played(b, r, m, s);
}

int tac_win_points(const Board *b, Rules r, Stone s, Move *out, int max)
{
    int n = 0;
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            if (is_win_point(b, r, s, x, y)) {
                if (out != NULL && n < max) {
                    out[n] = (Move){(int8_t)x, (int8_t)y};
                }
                n++;
            }
        }
    }
    return n;
}

bool tac_someone_won(const Board *b, Rules r)
{
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            Move m = {(int8_t)x, (int8_t)y};
            if (board_get(b, x, y) != STONE_EMPTY && rules_is_win(b, r, m, NULL, NULL)) {
                return true;
            }
        }
    }
    return false;
}

/* Number of win points of s on the lines through m (m just played by s). */
static int new_win_points(const Board *b, Rules r, Stone s, Move m)
{
    int n = 0;
    for (int d = 0; d < 4; d++) {
        for (int i = -r.k; i <= r.k; i++) {
            if (i == 0) {
                continue;
            }
            int x = m.x + i * DIRS[d][0], y = m.y + i * DIRS[d][1];
            if (board_in_bounds(b, x, y) && is_win_point(b, r, s, x, y)) {
                n++;
            }
        }
    }
    return n;
}

/* True when s playing m (legal, empty) creates at least one win point. */
static bool makes_threat(Board *b, Rules r, Stone s, Move m)
{
    board_set(b, m.x, m.y, s);
    bool t = new_win_points(b, r, s, m) > 0;
    board_set(b, m.x, m.y, STONE_EMPTY);
    return t;
}

void tac_prover_init(TacProver *p, Rules r, Stone attacker, bool full_or, int64_t max_nodes)
{
    memset(p, 0, sizeof *p);
    p->rules = r;
    p->attacker = attacker;
    p->full_or = full_or;
    p->max_nodes = max_nodes;
    for (int i = 0; i < AI_MAX_PV + 2; i++) {
        p->killer[i][0] = p->killer[i][1] = MOVE_NONE;
    }
}

typedef struct Cand {
    Move m;
    int score;
} Cand;

static int cand_cmp(const void *a, const void *b)
{
    const Cand *x = a, *y = b;
    return (y->score > x->score) - (y->score < x->score);
}

/* Chebyshev distance from (x, y) to the nearest stone, capped at 3. */
static int near_dist(const Board *b, int x, int y)
{
    for (int r = 1; r <= 2; r++) {
        for (int dy = -r; dy <= r; dy++) {
            for (int dx = -r; dx <= r; dx++) {
                if (board_get(b, x + dx, y + dy) != STONE_EMPTY) {
                    return r;
                }
            }
        }
    }
    return 3;
}

/* A cheap shape score of s at (x, y): own stones on the four lines within
 * reach, not counting past an opponent stone. */
static int shape_score(const Board *b, Rules r, Stone s, int x, int y)
{
    int total = 0;
    for (int d = 0; d < 4; d++) {
        int c = 0;
        for (int sign = -1; sign <= 1; sign += 2) {
            for (int i = 1; i < r.k; i++) {
                Stone t = board_get(b, x + sign * i * DIRS[d][0], y + sign * i * DIRS[d][1]);
                if (t == s) {
                    c++;
                } else if (t != STONE_EMPTY || !board_in_bounds(b, x + sign * i * DIRS[d][0],
                                                                y + sign * i * DIRS[d][1])) {
                    break;
                }
            }
        }
        total += c * c;
    }
    return total;
}

static TacResult or_node(TacProver *p, Board *b, int plies, int depth);

/* True when a can make, in one move, a win point the defender cannot take
 * away with one stone: two or more, or one that renju black may not play.
 * Monotone in the defender's stones except for renju black's forbidden
 * points, so it is only used when the attacker is not renju black. */
static bool has_double_threat_move(Board *b, Rules r, Stone a)
{
    const Stone d = stone_opponent(a);
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            if (board_get(b, x, y) != STONE_EMPTY) {
                continue;
            }
            if (r.k >= 3 && near_dist(b, x, y) > 2) {
                continue; /* a point that far cannot complete a line of 3+ */
            }
            Move m = {(int8_t)x, (int8_t)y};
            board_set(b, x, y, a);
            int n = new_win_points(b, r, a, m);
            board_set(b, x, y, STONE_EMPTY);
            if (n >= 2 || (n == 1 && d == STONE_BLACK && r.kind == RULE_RENJU)) {
                return true;
            }
        }
    }
    return false;
}
static TacResult and_node(TacProver *p, Board *b, int plies, int depth);

static bool budget_gone(TacProver *p)
{
    p->nodes++;
    if (p->max_nodes > 0 && p->nodes > p->max_nodes) {
        p->out_of_budget = true;
    }
    return p->out_of_budget;
}

static void add_killer(TacProver *p, int depth, Move m)
{
    if (depth >= AI_MAX_PV + 2 || move_equal(p->killer[depth][0], m)) {
        return;
    }
    p->killer[depth][1] = p->killer[depth][0];
    p->killer[depth][0] = m;
}

static TacResult or_node(TacProver *p, Board *b, int plies, int depth)
{
    const Rules r = p->rules;
    const Stone a = p->attacker, d = stone_opponent(a);
    if (budget_gone(p)) {
        return TAC_UNKNOWN;
    }
    if (plies < 1) {
        return TAC_NO;
    }
    if (tac_win_points(b, r, a, NULL, 0) > 0) {
        return TAC_YES;
    }
    if (plies < 3 || board_is_full(b)) {
        return TAC_NO;
    }
    static const int CAP = BOARD_MAX_CELLS;
    Cand *c = malloc(sizeof(Cand) * (size_t)CAP);
    if (c == NULL) {
        return TAC_UNKNOWN;
    }
    int n = 0;
    Move dw[4];
    int ndw = tac_win_points(b, r, d, dw, 4);
    if (ndw >= 2) {
        free(c);
        return TAC_NO; /* one stone cannot stop two fives */
    }
    if (ndw == 1) {
        if (tac_legal(b, r, a, dw[0])) {
            c[n++] = (Cand){dw[0], 0};
        }
    } else {
        for (int y = 0; y < b->size; y++) {
            for (int x = 0; x < b->size; x++) {
                Move m = {(int8_t)x, (int8_t)y};
                if (board_get(b, x, y) != STONE_EMPTY) {
                    continue;
                }
                int dist = b->count == 0 ? 1 : near_dist(b, x, y);
                if (plies == 3) {
                    /* With 3 plies left only a move making a win point can win. */
                    if (!makes_threat(b, r, a, m)) {
                        continue;
                    }
                } else if (!p->full_or && dist > 2) {
                    continue;
                } else if (p->fours_only && !makes_threat(b, r, a, m)) {
                    continue;
                }
                int s = shape_score(b, r, a, x, y) * 4 + shape_score(b, r, d, x, y) - dist;
                if (move_equal(m, p->killer[depth][0])) {
                    s += 1000000;
                } else if (move_equal(m, p->killer[depth][1])) {
                    s += 500000;
                } else if (plies > 3 && makes_threat(b, r, a, m)) {
                    s += 10000;
                }
                c[n++] = (Cand){m, s};
            }
        }
        qsort(c, (size_t)n, sizeof c[0], cand_cmp);
    }
    TacResult res = TAC_NO;
    for (int i = 0; i < n; i++) {
        Move m = c[i].m;
        if (!tac_legal(b, r, a, m)) {
            continue;
        }
        board_set(b, m.x, m.y, a);
        TacResult t = and_node(p, b, plies - 1, depth + 1);
        board_set(b, m.x, m.y, STONE_EMPTY);
        if (t == TAC_YES) {
            add_killer(p, depth, m);
            res = TAC_YES;
            break;
        }
        if (t == TAC_UNKNOWN) {
            res = TAC_UNKNOWN;
            break;
        }
    }
    free(c);
    return res;
}

static TacResult and_node(TacProver *p, Board *b, int plies, int depth)
{
    const Rules r = p->rules;
    const Stone a = p->attacker, d = stone_opponent(a);
    if (budget_gone(p)) {
        return TAC_UNKNOWN;
    }
    if (tac_win_points(b, r, d, NULL, 0) > 0) {
        /* Would the defender be unable to play its win (renju black)?  A
         * five is never forbidden, so a win point is always playable. */
        return TAC_NO;
    }
    if (plies < 2 || board_is_full(b)) {
        return TAC_NO;
    }
    Move aw[BOARD_MAX_CELLS];
    int naw = tac_win_points(b, r, a, aw, BOARD_MAX_CELLS);
    if (naw == 0 && plies < 4) {
        return TAC_NO;
    }
    if (naw == 0 && plies < 6 && !(a == STONE_BLACK && r.kind == RULE_RENJU) &&
        !has_double_threat_move(b, r, a)) {
        /* The defender's move cannot give the attacker such a move, so the
         * attacker's next move leaves at most one win point to block. */
        return TAC_NO;
    }
    Cand *c = malloc(sizeof(Cand) * (size_t)BOARD_MAX_CELLS);
    if (c == NULL) {
        return TAC_UNKNOWN;
    }
    int n = 0;
    if (naw > 0) {
        for (int i = 0; i < naw; i++) {
            c[n++] = (Cand){aw[i], 0};
        }
    } else {
        for (int y = 0; y < b->size; y++) {
            for (int x = 0; x < b->size; x++) {
                if (board_get(b, x, y) == STONE_EMPTY) {
                    /* Near moves first: refutations are found sooner. */
                    int s = shape_score(b, r, a, x, y) * 2 + shape_score(b, r, d, x, y) -
                            4 * near_dist(b, x, y);
                    c[n++] = (Cand){{(int8_t)x, (int8_t)y}, s};
                }
            }
        }
        qsort(c, (size_t)n, sizeof c[0], cand_cmp);
    }
    TacResult res = TAC_YES;
    int tried = 0;
    for (int i = 0; i < n; i++) {
        Move m = c[i].m;
        if (!tac_legal(b, r, d, m)) {
            continue;
        }
        tried++;
        board_set(b, m.x, m.y, d);
        TacResult t = or_node(p, b, plies - 1, depth + 1);
        board_set(b, m.x, m.y, STONE_EMPTY);
        if (t != TAC_YES) {
            res = t;
            break;
        }
    }
    /* A defender with no legal move at all (renju black boxed in) is not a
     * win for the attacker unless the attacker can still complete one. */
    if (tried == 0 && naw == 0) {
        res = TAC_NO;
    }
    free(c);
    return res;
}

TacResult tac_prove(TacProver *p, Board *b, Stone to_move, int plies)
{
    p->out_of_budget = false;
    TacResult r = to_move == p->attacker ? or_node(p, b, plies, 0) : and_node(p, b, plies, 0);
    return p->out_of_budget ? TAC_UNKNOWN : r;
}

int tac_min_win(Board *b, Rules r, Stone to_move, int max_plies, int64_t max_nodes, bool *unknown)
{
    if (unknown != NULL) {
        *unknown = false;
    }
    for (int n = 1; n <= max_plies; n += 2) {
        TacProver p;
        tac_prover_init(&p, r, to_move, true, max_nodes);
        TacResult t = tac_prove(&p, b, to_move, n);
        if (t == TAC_YES) {
            return n;
        }
        if (t == TAC_UNKNOWN) {
            if (unknown != NULL) {
                *unknown = true;
            }
            return 0;
        }
    }
    return 0;
}

int tac_parse(Board *b, int size, const char *const *rows, int ox, int oy, Stone x_colour,
              Move *stars, int *nstars, Move *hashes, int *nhashes)
{
    if (board_init(b, size) != 0) {
        return -1;
    }
    *nstars = 0;
    *nhashes = 0;
    for (int y = 0; rows[y] != NULL; y++) {
        for (int x = 0; rows[y][x] != '\0'; x++) {
            int bx = ox + x, by = oy + y;
            char ch = rows[y][x];
            if (ch == ' ') {
                continue;
            }
            if (!board_in_bounds(b, bx, by)) {
                return -1;
            }
            Move m = {(int8_t)bx, (int8_t)by};
            switch (ch) {
            case 'X': board_set(b, bx, by, x_colour); break;
            case 'O': board_set(b, bx, by, stone_opponent(x_colour)); break;
            case '*':
                if (*nstars < 16) {
                    stars[(*nstars)++] = m;
                }
                break;
            case '#':
                if (*nhashes < 16) {
                    hashes[(*nhashes)++] = m;
                }
                break;
            case '.': break;
            default: return -1;
            }
        }
    }
    return 0;
}

void tac_dump(const Board *b)
{
    fprintf(stderr, "   ");
    for (int x = 0; x < b->size; x++) {
        fprintf(stderr, "%c", 'a' + x);
    }
    fprintf(stderr, "\n");
    for (int y = 0; y < b->size; y++) {
        fprintf(stderr, "%2d ", y);
        for (int x = 0; x < b->size; x++) {
            Stone s = board_get(b, x, y);
            fprintf(stderr, "%c", s == STONE_BLACK ? 'B' : s == STONE_WHITE ? 'W' : '.');
        }
        fprintf(stderr, "\n");
    }
}

TacResult tac_check_claim(const Board *b, Rules r, Stone to_move, const AiInfo *info,
                          int64_t max_nodes)
{
    const Stone a = to_move;
    int plies = info->mate_plies;
    if (plies <= 0) {
        return TAC_YES; /* nothing claimed */
    }
    Board w = *b;
    /* The line itself: legal moves, alternating, ending in the attacker's
     * win and nobody winning earlier. */
    /* The line: the whole proof when pv_len == mate_plies, else a prefix
     * (a main-search mate may have its line cut by the hash table). */
    if (info->pv_len < 1 || info->pv_len > plies || !move_equal(info->pv[0], info->best)) {
        fprintf(stderr, "claim: pv_len %d, mate_plies %d, pv[0] %s best; pv:", info->pv_len, plies,
                info->pv_len > 0 && move_equal(info->pv[0], info->best) ? "==" : "!=");
        for (int i = 0; i < info->pv_len; i++) {
            fprintf(stderr, " %d,%d", info->pv[i].x, info->pv[i].y);
        }
        fprintf(stderr, "\n");
        return TAC_NO;
    }
    Stone s = a;
    for (int i = 0; i < info->pv_len; i++) {
        Move m = info->pv[i];
        if (!board_in_bounds(&w, m.x, m.y) || !tac_legal(&w, r, s, m)) {
            fprintf(stderr, "claim: pv move %d (%d,%d) illegal\n", i, m.x, m.y);
            return TAC_NO;
        }
        board_set(&w, m.x, m.y, s);
        bool won = rules_is_win(&w, r, m, NULL, NULL);
        bool last = i == info->pv_len - 1 && info->pv_len == plies;
        if (won != last) {
            fprintf(stderr, "claim: pv move %d (%d,%d) %s\n", i, m.x, m.y,
                    won ? "ends the game early" : "is the last and does not win");
            return TAC_NO;
        }
        s = stone_opponent(s);
    }
    /* Every defence, exhaustively. */
    w = *b;
    if (!tac_legal(&w, r, a, info->best)) {
        return TAC_NO;
    }
    board_set(&w, info->best.x, info->best.y, a);
    if (rules_is_win(&w, r, info->best, NULL, NULL)) {
        return TAC_YES;
    }
    TacProver p;
    tac_prover_init(&p, r, a, false, max_nodes);
    TacResult t = tac_prove(&p, &w, stone_opponent(a), plies - 1);
    if (t != TAC_YES) {
        fprintf(stderr, "claim: win in %d after (%d,%d) %s (%lld prover nodes)\n", plies,
                info->best.x, info->best.y, t == TAC_NO ? "REFUTED" : "undecided",
                (long long)p.nodes);
    }
    return t;
}

/* ---- running a tactics case ------------------------------------------ */

#include "tac_positions.h"

AiLimits tac_suite_limits(void)
{
    AiLimits l = ai_preset_limits(AI_PRESET_HARD);
    l.time_ms = 0;
    l.threads = 1;
    l.miss_three_pct = 0;
    return l;
}

static bool in_set(const Move *set, int n, Move m)
{
    for (int i = 0; i < n; i++) {
        if (move_equal(set[i], m)) {
            return true;
        }
    }
    return false;
}

/* The prover's budgets: generous, since a verdict of "unknown" fails. */
#define TAC_PROVER_NODES 2000000
/* Claims: a long main-search mate with quiet moves is beyond the prover;
 * it must then be confirmed some other way (reported as undecided). */
#define TAC_CLAIM_NODES 100000

int tac_run_case(const struct TacCase *c, Ai *ai, AiLimits limits)
{
    Board b;
    Move stars[16], hashes[16];
    int ns, nh;
    const Rules r = {c->kind, c->k};
    const Stone x = c->x_colour, o = stone_opponent(x);
    if (!rules_valid(r) ||
        tac_parse(&b, c->size, c->rows, c->ox, c->oy, x, stars, &ns, hashes, &nh) != 0) {
        fprintf(stderr, "[%s] diagram does not parse\n", c->name);
        return 1;
    }
    if (tac_someone_won(&b, r)) {
        fprintf(stderr, "[%s] the game is already over\n", c->name);
        return 1;
    }
    for (int i = 0; i < nh; i++) {
        if (rules_forbidden(&b, r, hashes[i]) == FORBID_NONE) {
            fprintf(stderr, "[%s] # at (%d,%d) is not forbidden\n", c->name, hashes[i].x,
                    hashes[i].y);
            return 1;
        }
    }
    if (c->type == TAC_WIN) {
        if (ns != 0) {
            fprintf(stderr, "[%s] a win diagram has '*' marks\n", c->name);
            return 1;
        }
        TacProver p;
        tac_prover_init(&p, r, x, false, TAC_PROVER_NODES);
        if (tac_prove(&p, &b, x, c->plies) != TAC_YES) {
            fprintf(stderr, "[%s] the prover does not confirm a win in %d\n", c->name, c->plies);
            tac_dump(&b);
            return 1;
        }
    } else {
        /* The '*' set must be exactly the moves that avoid a loss within
         * c->plies plies, checked full width. */
        int found = 0;
        for (int y = 0; y < b.size; y++) {
            for (int xx = 0; xx < b.size; xx++) {
                Move m = {(int8_t)xx, (int8_t)y};
                if (!tac_legal(&b, r, x, m)) {
                    continue;
                }
                board_set(&b, xx, y, x);
                TacProver p;
                tac_prover_init(&p, r, o, true, TAC_PROVER_NODES);
                TacResult t = tac_prove(&p, &b, o, c->plies);
                board_set(&b, xx, y, STONE_EMPTY);
                if (t == TAC_UNKNOWN) {
                    fprintf(stderr, "[%s] prover out of budget at (%d,%d)\n", c->name, xx, y);
                    return 1;
                }
                bool safe = t == TAC_NO;
                if (safe != in_set(stars, ns, m)) {
                    fprintf(stderr, "[%s] (%d,%d) is %s but %s marked\n", c->name, xx, y,
                            safe ? "safe" : "losing", safe ? "not" : "is");
                    tac_dump(&b);
                    return 1;
                }
                found += safe;
            }
        }
        if (found == 0) {
            fprintf(stderr, "[%s] no defence at all\n", c->name);
            return 1;
        }
    }

    /* The engine. */
    AiRequest req;
    memset(&req, 0, sizeof req);
    req.board = b;
    req.rules = r;
    req.to_move = x;
    req.limits = limits;
    AiInfo info;
    ai_clear(ai);
    if (ai_search(ai, &req, &info) != 0 || !tac_legal(&b, r, x, info.best)) {
        fprintf(stderr, "[%s] engine gave no legal move\n", c->name);
        return 2;
    }
    if (info.mate_plies > 0) {
        TacResult t = tac_check_claim(&b, r, x, &info, TAC_CLAIM_NODES);
        if (t == TAC_NO) {
            fprintf(stderr, "[%s] engine's claim of a win in %d is false\n", c->name,
                    info.mate_plies);
            return 2;
        }
        if (t == TAC_UNKNOWN) {
            /* Too deep for the prover: the move itself is still checked
             * below; the claim is reported, not trusted. */
            fprintf(stderr, "[%s] note: engine's claim of a win in %d is beyond the prover\n",
                    c->name, info.mate_plies);
        }
    }
    if (c->type == TAC_DEFEND) {
        if (!in_set(stars, ns, info.best)) {
            fprintf(stderr, "[%s] engine played (%d,%d), not a defence\n", c->name, info.best.x,
                    info.best.y);
            return 2;
        }
        return 0;
    }
    /* A win: the engine's move must keep a forced win (a route up to one
     * move longer than the diagram's is accepted). */
    Board w = b;
    board_set(&w, info.best.x, info.best.y, x);
    if (rules_is_win(&w, r, info.best, NULL, NULL)) {
        return 0;
    }
    TacProver p;
    tac_prover_init(&p, r, x, false, TAC_PROVER_NODES);
    int bound = c->plies + 2;
    if (info.mate_plies > bound) {
        bound = info.mate_plies;
    }
    TacResult t = tac_prove(&p, &w, o, bound - 1);
    if (t != TAC_YES) {
        fprintf(stderr, "[%s] engine played (%d,%d) (claim %d, depth %d): %s\n", c->name,
                info.best.x, info.best.y, info.mate_plies, info.depth,
                t == TAC_NO ? "no forced win after it" : "prover undecided");
        return 2;
    }
    if (info.mate_plies <= 0) {
        fprintf(stderr, "[%s] note: engine played a winning move without claiming the win\n",
                c->name);
    }
    return 0;
}
