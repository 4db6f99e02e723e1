/*
 * pz_grade.c - a puzzle's difficulty, starting rating and themes (see
 * pz_grade.h).
 */
#include "pz_grade.h"

#include <string.h>

#include "core/rules.h"

static const int DIRS[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

/* Win points s has on the four lines through m (just played), counted
 * once each. */
static int win_points_through(const Board *b, Rules r, Stone s, Move m)
{
    int n = 0;
    for (int d = 0; d < 4; d++) {
        for (int i = -r.k; i <= r.k; i++) {
            Move q = {(int8_t)(m.x + i * DIRS[d][0]), (int8_t)(m.y + i * DIRS[d][1])};
            if (i != 0 && board_in_bounds(b, q.x, q.y) && board_get(b, q.x, q.y) == STONE_EMPTY &&
                rules_is_legal(b, r, s, q) && rules_wins_if_played(b, r, q, s)) {
                n++;
            }
        }
    }
    return n;
}

/* True when s playing m makes a four, or a three: a point on m's lines
 * from which s would then have two win points. */
static bool looks_forcing(Board *b, Rules r, Stone s, Move m)
{
    board_set(b, m.x, m.y, s);
    bool forcing = win_points_through(b, r, s, m) > 0;
    for (int d = 0; d < 4 && !forcing; d++) {
        for (int i = -r.k + 1; i < r.k && !forcing; i++) {
            Move q = {(int8_t)(m.x + i * DIRS[d][0]), (int8_t)(m.y + i * DIRS[d][1])};
            if (i == 0 || !board_in_bounds(b, q.x, q.y) || board_get(b, q.x, q.y) != STONE_EMPTY ||
                !rules_is_legal(b, r, s, q)) {
                continue;
            }
            board_set(b, q.x, q.y, s);
            forcing = win_points_through(b, r, s, q) >= 2;
            board_set(b, q.x, q.y, STONE_EMPTY);
        }
    }
    board_set(b, m.x, m.y, STONE_EMPTY);
    return forcing;
}

/* A win: the moves that make a four or a three.  A defence: the points
 * near the threat the opponent would make (its forcing moves), each of
 * which looks like a block. */
static int count_plausible(const Puzzle *p, Board *b, Stone s)
{
    Stone who = p->goal == PUZZLE_GOAL_WIN ? s : stone_opponent(s);
    int n = 0;
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            Move m = {(int8_t)x, (int8_t)y};
            if (pz_near(b, p->rules, who, m) && looks_forcing(b, p->rules, who, m)) {
                n++;
            }
        }
    }
    return n;
}

bool pz_grade_correct(Ai *ai, const Puzzle *p, Move best, const PzBudget *bud)
{
    for (int i = 0; i < (p->goal == PUZZLE_GOAL_WIN ? 1 : p->nsolution); i++) {
        if (move_equal(best, p->solution[i])) {
            return true;
        }
    }
    if (p->goal != PUZZLE_GOAL_WIN || !move_is_valid(best)) {
        return false;
    }
    /* Another first move may win too: then every reply loses to a proof. */
    Board b;
    Stone s;
    if (puzzle_position(p, &b, &s) != 0 || !rules_is_legal(&b, p->rules, s, best)) {
        return false;
    }
    board_set(&b, best.x, best.y, s);
    if (rules_is_win(&b, p->rules, best, NULL, NULL)) {
        return true;
    }
    Stone d = stone_opponent(s);
    for (int y = 0; y < b.size; y++) {
        for (int x = 0; x < b.size; x++) {
            Move m = {(int8_t)x, (int8_t)y};
            if (!pz_near(&b, p->rules, d, m)) {
                continue;
            }
            Board t = b;
            board_set(&t, x, y, d);
            if (rules_is_win(&t, p->rules, m, NULL, NULL) || !pz_wins(ai, &t, p->rules, s, bud)) {
                return false;
            }
        }
    }
    return true;
}

bool pz_grade_solves(Ai *ai, const Puzzle *p, AiPreset preset, const PzBudget *bud)
{
    AiRequest req;
    memset(&req, 0, sizeof req);
    if (puzzle_position(p, &req.board, &req.to_move) != 0) {
        return false;
    }
    req.rules = p->rules;
    req.limits = ai_preset_limits(preset);
    req.limits.time_ms = 0; /* the node budget alone: the same on every machine */
    req.limits.fresh = 1;
    AiInfo info;
    return ai_search(ai, &req, &info) == 0 && pz_grade_correct(ai, p, info.best, bud);
}

/* Extra rating for a level that fails the puzzle: a puzzle Hard misses is
 * a hard puzzle. */
static const int LEVEL_BONUS[PZ_GRADE_LEVELS] = {150, 200, 250, 300};

void pz_grade(Ai *ai, Puzzle *p, const PzBudget *bud, PzGrade *g)
{
    memset(g, 0, sizeof *g);
    Board b;
    Stone s;
    if (puzzle_position(p, &b, &s) != 0) {
        return;
    }
    g->plausible = count_plausible(p, &b, s);
    int moves = (p->plies + 1) / 2, plausible = g->plausible < 30 ? g->plausible : 30;
    int rating = 600 + 60 * moves + 10 * plausible;
    for (int i = 0; i < PZ_GRADE_LEVELS; i++) {
        g->solved[i] = pz_grade_solves(ai, p, (AiPreset)(AI_PRESET_BEGINNER + i), bud);
        rating += g->solved[i] ? 0 : LEVEL_BONUS[i];
    }
    rating = rating < PUZZLE_RATING_MIN ? PUZZLE_RATING_MIN : rating;
    g->rating = rating > PUZZLE_RATING_MAX ? PUZZLE_RATING_MAX : rating;
    p->rating = g->rating;
}

/* True when, black to move on b, a forbidden point decides something:
 * white threatens to win on a point black may not take (black cannot
 * block there), or a four black would make is on a point it may not take
 * (its attack has to go another way). */
static bool forbidden_matters(Board *b, Rules r)
{
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            Move m = {(int8_t)x, (int8_t)y};
            if (board_get(b, x, y) != STONE_EMPTY || rules_forbidden(b, r, m) == FORBID_NONE) {
                continue;
            }
            if (rules_wins_if_played(b, r, m, STONE_WHITE)) {
                return true;
            }
            board_set(b, x, y, STONE_BLACK);
            bool four = win_points_through(b, r, STONE_BLACK, m) > 0;
            board_set(b, x, y, STONE_EMPTY);
            if (four) {
                return true;
            }
        }
    }
    return false;
}

unsigned pz_grade_themes(const Puzzle *p)
{
    Board b;
    Stone s;
    if (puzzle_position(p, &b, &s) != 0) {
        return 0;
    }
    unsigned t = p->themes & PUZZLE_THEME_MINE;
    if (p->goal == PUZZLE_GOAL_DEFEND) {
        t |= PUZZLE_THEME_DEFENCE;
    } else {
        t |= pz_line_is_vcf(&b, p->rules, s, p->solution, p->nsolution) ? PUZZLE_THEME_VCF
                                                                        : PUZZLE_THEME_VCT;
    }
    if (p->rules.kind != RULE_RENJU) {
        return t;
    }
    /* Renju: a forbidden point that matters at one of black's turns. */
    Stone mover = s;
    int n = p->goal == PUZZLE_GOAL_WIN ? p->nsolution - 1 : 0;
    for (int i = 0; i <= n; i++) {
        if (mover == STONE_BLACK && forbidden_matters(&b, p->rules)) {
            return t | PUZZLE_THEME_FORBIDDEN;
        }
        if (i < n) {
            board_set(&b, p->solution[i].x, p->solution[i].y, mover);
            mover = stone_opponent(mover);
        }
    }
    return t;
}
