/*
 * pz_check.c - puzzles checked by the engine (see pz_check.h).
 */
#include "pz_check.h"

#include <string.h>

#include "core/err.h"
#include "core/record.h"
#include "core/rules.h"

static AiRequest request(const Board *b, Rules r, Stone to_move, int64_t nodes)
{
    AiRequest req;
    memset(&req, 0, sizeof req);
    req.board = *b;
    req.rules = r;
    req.to_move = to_move;
    req.limits.max_depth = AI_MAX_DEPTH;
    req.limits.max_nodes = nodes;
    req.limits.threads = 1;
    req.limits.fresh = 1;
    return req;
}

int pz_threat(Ai *ai, const Board *b, Rules r, Stone to_move, int64_t nodes, AiInfo *out)
{
    AiRequest req = request(b, r, to_move, nodes);
    AiInfo info;
    return ai_threat_search(ai, &req, 0, out != NULL ? out : &info);
}

bool pz_wins(Ai *ai, const Board *b, Rules r, Stone to_move, const PzBudget *bud)
{
    return pz_threat(ai, b, r, to_move, bud->threat_nodes, NULL) == 1;
}

bool pz_may_win(Ai *ai, const Board *b, Rules r, Stone to_move, const PzBudget *bud)
{
    if (pz_wins(ai, b, r, to_move, bud)) {
        return true;
    }
    if (bud->search_nodes <= 0) {
        return false;
    }
    AiRequest req = request(b, r, to_move, bud->search_nodes);
    AiInfo info;
    return ai_search(ai, &req, &info) == 0 && info.mate_plies > 0;
}

bool pz_near(const Board *b, Rules r, Stone s, Move m)
{
    if (board_get(b, m.x, m.y) != STONE_EMPTY || !rules_is_legal(b, r, s, m)) {
        return false;
    }
    for (int dy = -2; dy <= 2; dy++) {
        for (int dx = -2; dx <= 2; dx++) {
            if (board_get(b, m.x + dx, m.y + dy) != STONE_EMPTY) {
                return true;
            }
        }
    }
    return false;
}

/* Returns true when s has a point that wins at once on b. */
static bool has_win_point(const Board *b, Rules r, Stone s)
{
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            Move m = {(int8_t)x, (int8_t)y};
            if (board_get(b, x, y) == STONE_EMPTY && rules_is_legal(b, r, s, m) &&
                rules_wins_if_played(b, r, m, s)) {
                return true;
            }
        }
    }
    return false;
}

bool pz_line_is_vcf(const Board *b, Rules r, Stone s, const Move *line, int n)
{
    Board t = *b;
    Stone mover = s;
    for (int i = 0; i < n - 1; i++) {
        board_set(&t, line[i].x, line[i].y, mover);
        if (mover == s && !has_win_point(&t, r, s)) {
            return false;
        }
        mover = stone_opponent(mover);
    }
    return true;
}

/* A win: at each of the solver's turns along the line, a proof. */
static int verify_win(Ai *ai, const Puzzle *p, Board b, Stone s, const PzBudget *bud, char *err,
                      size_t errlen)
{
    Stone mover = s;
    for (int i = 0; i < p->nsolution - 1; i++) {
        if (mover == s && !pz_wins(ai, &b, p->rules, s, bud)) {
            err_set(err, errlen, "no forced win found before solution move %d", i + 1);
            return -1;
        }
        board_set(&b, p->solution[i].x, p->solution[i].y, mover);
        mover = stone_opponent(mover);
    }
    return 0;
}

static bool listed(const Puzzle *p, Move m)
{
    for (int i = 0; i < p->nsolution; i++) {
        if (move_equal(p->solution[i], m)) {
            return true;
        }
    }
    return false;
}

/* A defence: the threat is real, it is not the defender's win, the
 * listed moves hold and every other candidate loses. */
static int verify_defence(Ai *ai, const Puzzle *p, const Board *b, Stone s, const PzBudget *bud,
                          char *err, size_t errlen)
{
    Stone a = stone_opponent(s);
    if (!pz_wins(ai, b, p->rules, a, bud)) {
        err_set(err, errlen, "no threat: the opponent has no forced win even after a pass");
        return -1;
    }
    if (pz_wins(ai, b, p->rules, s, bud)) {
        err_set(err, errlen, "the side to move has a forced win of its own");
        return -1;
    }
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            Move m = {(int8_t)x, (int8_t)y};
            bool want_hold = listed(p, m);
            if (!want_hold && !pz_near(b, p->rules, s, m)) {
                continue;
            }
            Board t = *b;
            board_set(&t, x, y, s);
            bool holds = want_hold ? !pz_may_win(ai, &t, p->rules, a, bud)
                                   : !pz_wins(ai, &t, p->rules, a, bud);
            if (holds != want_hold) {
                char name[RECORD_MOVE_NAME_MAX];
                err_set(err, errlen, want_hold ? "%s is listed but loses" : "%s also holds",
                        record_move_name(m, b->size, name));
                return -1;
            }
        }
    }
    return 0;
}

int pz_verify(Ai *ai, const Puzzle *p, const PzBudget *bud, char *err, size_t errlen)
{
    Board b;
    Stone s;
    if (puzzle_check(p, err, errlen) != 0 || puzzle_position(p, &b, &s) != 0) {
        return -1;
    }
    return p->goal == PUZZLE_GOAL_WIN ? verify_win(ai, p, b, s, bud, err, errlen)
                                      : verify_defence(ai, p, &b, s, bud, err, errlen);
}

int pz_holds(Ai *ai, const Board *b, Rules r, Stone s, const PzBudget *bud, Move *out, int max,
             int stop_after)
{
    int n = 0;
    Stone a = stone_opponent(s);
    for (int y = 0; y < b->size && (stop_after <= 0 || n <= stop_after); y++) {
        for (int x = 0; x < b->size && (stop_after <= 0 || n <= stop_after); x++) {
            Move m = {(int8_t)x, (int8_t)y};
            if (!pz_near(b, r, s, m)) {
                continue;
            }
            Board t = *b;
            board_set(&t, x, y, s);
            if (!pz_may_win(ai, &t, r, a, bud)) {
                if (n < max) {
                    out[n] = m;
                }
                n++;
            }
        }
    }
    return n;
}
