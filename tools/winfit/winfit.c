/*
 * winfit.c - gomoku-winfit: self-play games whose outcomes fit the mapping
 * from engine score to win chance (src/ai/ai_outlook.c).
 *
 * Every game starts from a few random stones near the centre, then the
 * engine plays both sides under a node budget that varies from game to
 * game (so the data covers engines of several strengths, not one fixed
 * line of play).  For each position searched it writes one CSV row: the
 * score and mate the search reported for the side to move, and how the
 * game ended for that side.  tools/winfit/fit.py fits the curve on half of
 * the games and checks its calibration on the other half.
 *
 *   gomoku-winfit --k 5 --size 15 --games 400 --seed 1 > k5.csv
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "core/game.h"

typedef struct WinfitSetup {
    int k, size, games, min_nodes, max_nodes;
    uint32_t seed;
    RuleKind rule;
} WinfitSetup;

typedef struct WinfitRow {
    int ply, to_move, score, mate, depth;
} WinfitRow;

static uint32_t rng_next(uint32_t *s)
{
    /* xorshift32: small, seedable, and the same on every platform. */
    uint32_t x = *s ? *s : 0x9E3779B9u;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

/* Plays 2 to 5 random stones within three points of the centre, none of
 * them ending the game.  Returns the number played. */
static int random_opening(Game *g, int size, uint32_t *rng)
{
    int want = 2 + (int)(rng_next(rng) % 4);
    int radius = size >= 11 ? 3 : 2, c = size / 2, n = 0;
    for (int tries = 0; n < want && tries < 200; tries++) {
        Move m = {(int8_t)(c - radius + (int)(rng_next(rng) % (uint32_t)(2 * radius + 1))),
                  (int8_t)(c - radius + (int)(rng_next(rng) % (uint32_t)(2 * radius + 1)))};
        Game *probe = game_clone(g);
        if (probe == NULL) {
            return n;
        }
        bool fine = game_play(probe, m) == GAME_OK && game_result(probe) == GAME_ONGOING;
        game_free(probe);
        if (fine && game_play(g, m) == GAME_OK) {
            n++;
        }
    }
    return n;
}

/* Returns 1, 0.5 or 0: how a game that ended in result went for side s. */
static double outcome_for(GameResult result, int s)
{
    if (result == GAME_DRAW) {
        return 0.5;
    }
    Stone winner = result == GAME_BLACK_WINS ? STONE_BLACK : STONE_WHITE;
    return (int)winner == s ? 1.0 : 0.0;
}

/* Plays game number index and prints its rows.  Returns 0, or -1 when
 * memory ran out. */
static int play_one(const WinfitSetup *ws, Ai *ai, int index, WinfitRow *rows)
{
    uint32_t rng = ws->seed * 2654435761u + (uint32_t)index * 40503u + 1u;
    rng_next(&rng);
    Rules r = {.kind = ws->rule, .k = ws->k};
    Game *g = game_new(ws->size, r);
    if (g == NULL) {
        return -1;
    }
    random_opening(g, ws->size, &rng);
    int span = ws->max_nodes - ws->min_nodes;
    int64_t nodes = ws->min_nodes + (span > 0 ? (int64_t)(rng_next(&rng) % (uint32_t)span) : 0);
    ai_clear(ai);
    int n = 0;
    while (game_result(g) == GAME_ONGOING) {
        AiRequest req = {.board = *game_board(g), .rules = r, .to_move = game_to_move(g)};
        req.limits = (AiLimits){.max_depth = AI_MAX_DEPTH, .max_nodes = nodes, .threads = 1};
        AiInfo info;
        if (ai_search(ai, &req, &info) != 0 || game_play(g, info.best) != GAME_OK) {
            break;
        }
        rows[n++] = (WinfitRow){game_move_count(g) - 1, (int)req.to_move, info.score,
                                info.mate_plies, info.depth};
    }
    GameResult result = game_result(g);
    for (int i = 0; i < n && result != GAME_ONGOING; i++) {
        printf("%d,%d,%d,%d,%d,%lld,%d,%d,%d,%d,%d,%.1f\n", index, ws->k, (int)ws->rule, ws->size,
               rows[i].ply, (long long)nodes, rows[i].depth, rows[i].to_move, rows[i].score,
               rows[i].mate, game_move_count(g), outcome_for(result, rows[i].to_move));
    }
    fflush(stdout);
    game_free(g);
    return 0;
}

static int parse_args(int argc, char **argv, WinfitSetup *ws)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int *target = strcmp(a, "--k") == 0           ? &ws->k
                      : strcmp(a, "--size") == 0      ? &ws->size
                      : strcmp(a, "--games") == 0     ? &ws->games
                      : strcmp(a, "--min-nodes") == 0 ? &ws->min_nodes
                      : strcmp(a, "--max-nodes") == 0 ? &ws->max_nodes
                                                      : NULL;
        if (strcmp(a, "--seed") == 0 && v != NULL) {
            ws->seed = (uint32_t)strtoul(v, NULL, 10);
        } else if (strcmp(a, "--exact") == 0 || strcmp(a, "--renju") == 0) {
            ws->rule = a[2] == 'e' ? RULE_EXACT : RULE_RENJU;
            continue;
        } else if (target != NULL && v != NULL) {
            *target = atoi(v);
        } else {
            fprintf(stderr,
                    "usage: gomoku-winfit [--k K] [--size N] [--games G] [--seed S]\n"
                    "                     [--min-nodes N] [--max-nodes N] [--exact | --renju]\n");
            return -1;
        }
        i++;
    }
    if (ws->k < 1 || ws->k > 6 || ws->size < 5 || ws->size > BOARD_MAX_SIZE || ws->min_nodes < 1 ||
        ws->max_nodes < ws->min_nodes || (ws->rule == RULE_RENJU && ws->k != 5)) {
        fprintf(stderr,
                "gomoku-winfit: k must be 1..6 (5 for renju), size 5..%d, "
                "1 <= min-nodes <= max-nodes\n",
                BOARD_MAX_SIZE);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    WinfitSetup ws = {5, 15, 200, 5000, 60000, 1, RULE_FREESTYLE};
    if (parse_args(argc, argv, &ws) != 0) {
        return 2;
    }
    Ai *ai = ai_new(0);
    WinfitRow *rows = malloc(sizeof *rows * (BOARD_MAX_CELLS + 1));
    if (ai == NULL || rows == NULL) {
        fprintf(stderr, "gomoku-winfit: out of memory\n");
        return 1;
    }
    printf("game,k,rule,size,ply,nodes,depth,to_move,score,mate,length,result\n");
    for (int i = 0; i < ws.games; i++) {
        if (play_one(&ws, ai, i, rows) != 0) {
            fprintf(stderr, "gomoku-winfit: out of memory in game %d\n", i);
            break;
        }
    }
    free(rows);
    ai_free(ai);
    return 0;
}
