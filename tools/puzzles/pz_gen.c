/*
 * pz_gen.c - puzzles cut from self-play games (see pz_gen.h).
 */
#include "pz_gen.h"

#include <string.h>

#include "core/rules.h"

static uint64_t next_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

typedef struct GenGame {
    Puzzle pos; /* the moves so far (nmoves), the rules and size */
    Board b;
    Stone to_move;
} GenGame;

static void play(GenGame *g, Move m)
{
    board_set(&g->b, m.x, m.y, g->to_move);
    g->pos.moves[g->pos.nmoves++] = m;
    g->to_move = stone_opponent(g->to_move);
}

/* Two to four stones at random in the middle of the board. */
static void random_opening(GenGame *g, uint64_t *rng)
{
    int n = 2 + (int)(next_rand(rng) % 3), span = g->b.size >= 13 ? 5 : 3;
    int lo = (g->b.size - span) / 2;
    for (int i = 0, tries = 0; i < n && tries < 100; tries++) {
        Move m = {(int8_t)(lo + (int)(next_rand(rng) % (uint64_t)span)),
                  (int8_t)(lo + (int)(next_rand(rng) % (uint64_t)span))};
        if (rules_is_legal(&g->b, g->pos.rules, g->to_move, m)) {
            play(g, m);
            i++;
        }
    }
}

static Puzzle *candidate(GenGame *g, PuzzleGoal goal, int plies)
{
    g->pos.goal = goal;
    g->pos.plies = plies;
    g->pos.rating = 1500;
    g->pos.themes = 0;
    g->pos.nsolution = 0;
    return &g->pos;
}

/* Returns the length of the side to move's proved win (the line in
 * *info), or 0 when the threat search finds none. */
static int proved_win(GenGame *g, Ai *judge, const PzGenOpts *o, AiInfo *info)
{
    if (pz_threat(judge, &g->b, o->rules, g->to_move, o->cut.threat_nodes, info) != 1) {
        return 0;
    }
    return info->pv_len;
}

/* The proved win as a puzzle, if it is long enough. */
static void cut_win(GenGame *g, const PzGenOpts *o, const AiInfo *info, PzFound found, void *user,
                    int *count)
{
    int n = info->pv_len;
    if (o->wins && n >= o->min_plies && n <= PUZZLE_SOLUTION_MAX && n % 2 == 1) {
        Puzzle *p = candidate(g, PUZZLE_GOAL_WIN, n);
        memcpy(p->solution, info->pv, sizeof info->pv[0] * (size_t)n);
        p->nsolution = n;
        (*count)++;
        found(p, user);
    }
}

/* The position before the move that let the opponent win (g is back at
 * it): would the opponent have won if the side to move passed, with only
 * a few moves that hold?  Then it is a defence puzzle. */
static void cut_defence(GenGame *g, Ai *judge, const PzGenOpts *o, PzFound found, void *user,
                        int *count)
{
    AiInfo info;
    Stone a = stone_opponent(g->to_move);
    if (!o->defences || pz_threat(judge, &g->b, o->rules, a, o->cut.threat_nodes, &info) != 1 ||
        info.pv_len < o->min_plies) {
        return;
    }
    Move holds[PUZZLE_DEFENCES_MAX];
    int n = pz_holds(judge, &g->b, o->rules, g->to_move, &o->cut, holds, PUZZLE_DEFENCES_MAX,
                     o->max_defences);
    if (n < 1 || n > o->max_defences) {
        return;
    }
    Puzzle *p = candidate(g, PUZZLE_GOAL_DEFEND, info.pv_len);
    memcpy(p->solution, holds, sizeof holds[0] * (size_t)n);
    p->nsolution = n;
    (*count)++;
    found(p, user);
}

static bool engine_move(Ai *ai, GenGame *g, AiPreset level, uint64_t *rng, Move *out)
{
    AiRequest req;
    memset(&req, 0, sizeof req);
    req.board = g->b;
    req.rules = g->pos.rules;
    req.to_move = g->to_move;
    req.limits = ai_preset_limits(level);
    req.limits.time_ms = 0;
    req.limits.seed = (uint32_t)next_rand(rng);
    AiInfo info;
    if (ai_search(ai, &req, &info) != 0 || !move_is_valid(info.best)) {
        return false;
    }
    *out = info.best;
    return true;
}

int pz_gen_game(Ai *players[2], Ai *judge, const PzGenOpts *o, uint64_t seed, PzFound found,
                void *user)
{
    GenGame g;
    memset(&g, 0, sizeof g);
    g.pos.size = o->size;
    g.pos.rules = o->rules;
    g.to_move = STONE_BLACK;
    if (!rules_valid(o->rules) || board_init(&g.b, o->size) != 0) {
        return -1;
    }
    uint64_t rng = seed;
    random_opening(&g, &rng);
    AiPreset level[2];
    for (int i = 0; i < 2; i++) {
        int span = o->strongest > AI_PRESET_EASY ? (int)o->strongest - AI_PRESET_EASY + 1 : 1;
        level[i] = (AiPreset)(AI_PRESET_EASY + (int)(next_rand(&rng) % (uint64_t)span));
        ai_clear(players[i]);
    }
    int count = 0;
    GenGame before = g;
    bool have_before = false, won = false;
    while (g.pos.nmoves < o->size * o->size - 1) {
        AiInfo info;
        int n = proved_win(&g, judge, o, &info);
        bool vcf = n > 0 && pz_line_is_vcf(&g.b, o->rules, g.to_move, info.pv, n);
        if (n > 0 && !won) {
            /* The first forced win: a puzzle, and the move just played
             * let it in, so the position before may be a missed defence. */
            cut_win(&g, o, &info, found, user, &count);
            if (have_before) {
                cut_defence(&before, judge, o, found, user, &count);
            }
            won = true;
        } else if (vcf) {
            cut_win(&g, o, &info, found, user, &count);
        }
        if (vcf) {
            break; /* played on only to find the win by fours alone */
        }
        Move m;
        int side = g.to_move == STONE_BLACK ? 0 : 1;
        if (!engine_move(players[side], &g, level[side], &rng, &m)) {
            break;
        }
        before = g;
        have_before = true;
        play(&g, m);
        if (rules_is_win(&g.b, o->rules, m, NULL, NULL)) {
            break;
        }
    }
    return count;
}
