/*
 * soak.c - gomoku-match --soak (soak.h).
 */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif

#include "soak.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !defined(_WIN32)
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h> /* mallinfo2 */
#endif
#endif

#include "ai/ai.h"
#include "ai/ai_pattern.h"
#include "ai/ai_pos.h"
#include "core/game.h"
#include "pbrain_client.h"

#define SOAK_LINE     256
#define SOAK_GRACE_MS 3000
#define SOAK_WHY      512
/* After the warm-up, resident memory may grow by this much at most: a
 * leak of even a few hundred bytes a move passes it within a long soak. */
#define SOAK_RSS_SLACK (8L * 1024 * 1024)

/* A sanitizer's allocator keeps freed blocks in quarantine (up to 256 MB
 * for ASan) and its shadow grows with them, so resident memory says
 * nothing about leaks there; LeakSanitizer checks those builds instead. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SOAK_CHECK_RSS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SOAK_CHECK_RSS 0
#endif
#endif
#ifndef SOAK_CHECK_RSS
#define SOAK_CHECK_RSS 1
#endif

typedef enum SoakSide { SIDE_ENGINE = 0, SIDE_BRAIN } SoakSide;

/* One game's settings and the state the checks keep. */
typedef struct SoakGame {
    int index;
    int size;
    Rules rules;
    SoakSide side[2]; /* black, white */
    AiLimits limits[2];
    bool board_mode; /* tell the brain the whole board every move (BOARD) */
    int brain_known; /* moves the brain has been told */
    Game *g;
    AiPatTable pt;
    AiPos *inc;   /* the incremental position, kept in step */
    AiPos *fresh; /* built afresh from the referee's board */
    char why[SOAK_WHY];
} SoakGame;

typedef struct Soak {
    const SoakSetup *s;
    uint32_t rng;
    uint64_t zob[2 * AI_CELLS + 1];
    Ai *ai;
    PbrainClient *brain;
    long long moves, games_brain, results[4];
    long rss_start, rss_warm, rss_end, brain_rss_warm, brain_rss_end;
    long heap_warm, heap_end; /* heap_in_use(): what the check of this process reads */
} Soak;

static uint32_t rnd(uint32_t *s)
{
    uint32_t x = *s ? *s : 0x9E3779B9u;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

static int between(uint32_t *s, int lo, int hi)
{
    return lo + (int)(rnd(s) % (uint32_t)(hi - lo + 1));
}

/* Resident memory of process pid (0: this one), bytes; -1 when unknown. */
static long rss_of(long pid)
{
#if defined(__linux__)
    char path[64];
    snprintf(path, sizeof path, pid > 0 ? "/proc/%ld/statm" : "/proc/self/statm", pid);
    FILE *f = fopen(path, "r");
    long size = 0, resident = -1;
    if (f != NULL) {
        if (fscanf(f, "%ld %ld", &size, &resident) != 2) {
            resident = -1;
        }
        fclose(f);
    }
    return resident < 0 ? -1 : resident * sysconf(_SC_PAGESIZE);
#else
    (void)pid;
    return -1;
#endif
}

/* ---- settings ------------------------------------------------------------------ */

/* A search budget small enough for thousands of games, drawn wide enough
 * to reach every part of the engine: depth or nodes, breadth cuts (strict
 * or not), the imperfection of the weak presets. */
static AiLimits random_limits(uint32_t *r)
{
    AiLimits l;
    memset(&l, 0, sizeof l);
    l.max_depth = between(r, 1, 8);
    l.max_nodes = between(r, 200, 6000);
    l.threads = 1;
    l.breadth = rnd(r) % 3 == 0 ? between(r, 2, 24) : 0;
    l.strict_breadth = l.breadth > 0 && rnd(r) % 2 == 0;
    l.miss_three_pct = rnd(r) % 4 == 0 ? between(r, 5, 45) : 0;
    l.seed = rnd(r);
    return l;
}

static void draw_settings(Soak *sk, SoakGame *sg)
{
    uint32_t *r = &sk->rng;
    sg->size = between(r, 9, 19);
    sg->rules.k = between(r, 1, 6);
    int kinds = sg->rules.k == 5 ? 3 : 2;
    sg->rules.kind = (RuleKind)between(r, 0, kinds - 1);
    bool with_brain = sk->brain != NULL && sg->index % 2 == 1;
    int brain_colour = between(r, 0, 1);
    for (int c = 0; c < 2; c++) {
        sg->side[c] = with_brain && c == brain_colour ? SIDE_BRAIN : SIDE_ENGINE;
        sg->limits[c] = random_limits(r);
    }
    sg->board_mode = with_brain && rnd(r) % 5 == 0;
    sg->brain_known = 0;
}

/* ---- the brain ------------------------------------------------------------------- */

static int brain_send(Soak *sk, SoakGame *sg, const char *line)
{
    if (pbrain_client_send(sk->brain, line) != 0) {
        snprintf(sg->why, sizeof sg->why, "the brain has gone (sending '%s')", line);
        return -1;
    }
    return 0;
}

/* Reads lines until one is not chatter (MESSAGE, DEBUG, SUGGEST).  Returns
 * 0 with it in line, or -1 (why set). */
static int brain_reply(Soak *sk, SoakGame *sg, char *line, size_t len, int wait_ms)
{
    long long deadline = pbrain_client_now_ms() + wait_ms;
    for (;;) {
        long long left = deadline - pbrain_client_now_ms();
        int rc = pbrain_client_read_line(sk->brain, line, len, left > 0 ? (int)left : 0);
        if (rc != 0) {
            snprintf(sg->why, sizeof sg->why, "the brain %s", rc == -1 ? "timed out" : "has gone");
            return -1;
        }
        if (strncmp(line, "MESSAGE", 7) != 0 && strncmp(line, "DEBUG", 5) != 0 &&
            strncmp(line, "SUGGEST", 7) != 0) {
            return 0;
        }
    }
}

static int brain_start_game(Soak *sk, SoakGame *sg)
{
    static const int RULE_BITS[] = {[RULE_FREESTYLE] = 0, [RULE_EXACT] = 1, [RULE_RENJU] = 4};
    char line[SOAK_LINE];
    snprintf(line, sizeof line, "START %d", sg->size);
    if (brain_send(sk, sg, line) != 0 || brain_reply(sk, sg, line, sizeof line, 5000) != 0) {
        return -1;
    }
    if (strcmp(line, "OK") != 0) {
        snprintf(sg->why, sizeof sg->why, "START %d answered '%s'", sg->size, line);
        return -1;
    }
    char info[4][64];
    snprintf(info[0], sizeof info[0], "INFO timeout_turn %d", sk->s->brain_ms);
    snprintf(info[1], sizeof info[1], "INFO timeout_match 0");
    snprintf(info[2], sizeof info[2], "INFO rule %d", RULE_BITS[sg->rules.kind]);
    snprintf(info[3], sizeof info[3], "INFO win_length %d", sg->rules.k);
    for (int i = 0; i < 4; i++) {
        if (brain_send(sk, sg, info[i]) != 0) {
            return -1;
        }
    }
    return 0;
}

/* Tells the brain what it has not seen: BEGIN, a TURN, or the whole board. */
static int brain_tell(Soak *sk, SoakGame *sg)
{
    int n = game_move_count(sg->g);
    char line[SOAK_LINE];
    if (n == 0) {
        return brain_send(sk, sg, "BEGIN");
    }
    if (!sg->board_mode && sg->brain_known == n - 1) {
        Move m = game_last_move(sg->g);
        snprintf(line, sizeof line, "TURN %d,%d", m.x, m.y);
        return brain_send(sk, sg, line);
    }
    Stone me = game_to_move(sg->g);
    if (brain_send(sk, sg, "BOARD") != 0) {
        return -1;
    }
    for (int i = 0; i < n; i++) {
        Move m = game_move_at(sg->g, i);
        int f = board_get(game_board(sg->g), m.x, m.y) == me ? 1 : 2;
        snprintf(line, sizeof line, "%d,%d,%d", m.x, m.y, f);
        if (brain_send(sk, sg, line) != 0) {
            return -1;
        }
    }
    return brain_send(sk, sg, "DONE");
}

static int brain_move(Soak *sk, SoakGame *sg, Move *out)
{
    char line[SOAK_LINE];
    if (brain_tell(sk, sg) != 0 ||
        brain_reply(sk, sg, line, sizeof line, sk->s->brain_ms + SOAK_GRACE_MS) != 0) {
        return -1;
    }
    int x, y;
    char rest;
    if (sscanf(line, "%d,%d%c", &x, &y, &rest) != 2) {
        snprintf(sg->why, sizeof sg->why, "the brain answered '%s', not a move", line);
        return -1;
    }
    *out = (Move){(int8_t)(x < 0 || x > 127 ? -1 : x), (int8_t)(y < 0 || y > 127 ? -1 : y)};
    sg->brain_known = game_move_count(sg->g) + 1;
    return 0;
}

/* ---- the checks ----------------------------------------------------------------------- */

/* Returns NULL when a and b are the same position, else what differs. */
static const char *pos_differs(const AiPos *a, const AiPos *b)
{
    if (a->stm != b->stm || a->hash != b->hash) {
        return "side to move or hash";
    }
    if (memcmp(a->total, b->total, sizeof a->total) != 0 ||
        memcmp(a->cnt, b->cnt, sizeof a->cnt) != 0) {
        return "evaluation totals";
    }
    if (memcmp(a->cell, b->cell, sizeof a->cell) != 0 ||
        memcmp(a->near, b->near, sizeof a->near) != 0 ||
        memcmp(a->board.cell, b->board.cell, sizeof a->board.cell) != 0) {
        return "stones";
    }
    for (int y = 0; y < a->size; y++) {
        for (int x = 0; x < a->size; x++) {
            int c = ai_pos_index(a, x, y);
            if (a->cell[c] != STONE_EMPTY) {
                continue; /* a stone's keys are not kept (AiPos.key) */
            }
            if (memcmp(a->key[0][c], b->key[0][c], sizeof a->key[0][c]) != 0 ||
                memcmp(a->key[1][c], b->key[1][c], sizeof a->key[1][c]) != 0) {
                return "pattern keys";
            }
        }
    }
    return NULL;
}

/* The incremental position equals one built from the referee's board. */
static int check_incremental(Soak *sk, SoakGame *sg, const char *when)
{
    if (ai_pos_setup(sg->fresh, &sg->pt, sk->zob, game_board(sg->g), game_to_move(sg->g)) != 0) {
        snprintf(sg->why, sizeof sg->why, "the referee's board cannot be loaded (%s)", when);
        return -1;
    }
    const char *d = pos_differs(sg->inc, sg->fresh);
    if (d != NULL) {
        snprintf(sg->why, sizeof sg->why, "the incremental position differs %s: %s", when, d);
        return -1;
    }
    return 0;
}

static bool same_state(const Game *g, const Board *b, Stone to_move, GameResult r)
{
    return memcmp(game_board(g)->cell, b->cell, sizeof b->cell) == 0 &&
           game_to_move(g) == to_move && game_result(g) == r;
}

/* Plays m in the referee and the incremental position, then takes it back
 * and plays it again in both: every step must agree. */
static int play_checked(Soak *sk, SoakGame *sg, Move m)
{
    Board before = *game_board(sg->g);
    Stone mover = game_to_move(sg->g);
    GameStatus st = game_play(sg->g, m);
    if (st != GAME_OK) {
        snprintf(sg->why, sizeof sg->why, "%s played %d,%d, which the referee refused (%d)",
                 sg->side[mover == STONE_BLACK ? 0 : 1] == SIDE_BRAIN ? "the brain" : "the engine",
                 m.x, m.y, (int)st);
        return -1;
    }
    ai_pos_make(sg->inc, ai_pos_index(sg->inc, m.x, m.y));
    if (check_incremental(sk, sg, "after the move") != 0) {
        return -1;
    }
    Board after = *game_board(sg->g);
    Stone next = game_to_move(sg->g);
    GameResult res = game_result(sg->g);
    uint64_t hash = sg->inc->hash;
    if (game_undo(sg->g) != GAME_OK || !same_state(sg->g, &before, mover, GAME_ONGOING)) {
        snprintf(sg->why, sizeof sg->why, "undo did not restore the position before %d,%d", m.x,
                 m.y);
        return -1;
    }
    ai_pos_undo(sg->inc);
    if (check_incremental(sk, sg, "after undo") != 0) {
        return -1;
    }
    ai_pos_make(sg->inc, ai_pos_index(sg->inc, m.x, m.y));
    if (game_redo(sg->g) != GAME_OK || !same_state(sg->g, &after, next, res) ||
        sg->inc->hash != hash) {
        snprintf(sg->why, sizeof sg->why, "redo did not restore the position after %d,%d", m.x,
                 m.y);
        return -1;
    }
    sk->moves++;
    return 0;
}

/* ---- a game ---------------------------------------------------------------------------- */

static int engine_move(Soak *sk, SoakGame *sg, Move *out)
{
    int c = game_to_move(sg->g) == STONE_BLACK ? 0 : 1;
    AiRequest req;
    memset(&req, 0, sizeof req);
    req.board = *game_board(sg->g);
    req.rules = sg->rules;
    req.to_move = game_to_move(sg->g);
    req.limits = sg->limits[c];
    req.limits.seed = rnd(&sk->rng);
    AiInfo info;
    if (ai_search(sk->ai, &req, &info) != 0 || !move_is_valid(info.best)) {
        snprintf(sg->why, sizeof sg->why, "the engine found no move");
        return -1;
    }
    *out = info.best;
    return 0;
}

static int play_game(Soak *sk, SoakGame *sg)
{
    if (ai_pat_build(&sg->pt, sg->rules) != 0) {
        snprintf(sg->why, sizeof sg->why, "no pattern tables for these rules");
        return -1;
    }
    Board empty;
    board_init(&empty, sg->size);
    if (ai_pos_setup(sg->inc, &sg->pt, sk->zob, &empty, STONE_BLACK) != 0) {
        snprintf(sg->why, sizeof sg->why, "no position for an empty %dx%d board", sg->size,
                 sg->size);
        return -1;
    }
    bool brain = sg->side[0] == SIDE_BRAIN || sg->side[1] == SIDE_BRAIN;
    if (brain && brain_start_game(sk, sg) != 0) {
        return -1;
    }
    sk->games_brain += brain ? 1 : 0;
    ai_clear(sk->ai);
    while (game_result(sg->g) == GAME_ONGOING && !board_is_full(game_board(sg->g))) {
        int c = game_to_move(sg->g) == STONE_BLACK ? 0 : 1;
        Move m;
        int rc = sg->side[c] == SIDE_BRAIN ? brain_move(sk, sg, &m) : engine_move(sk, sg, &m);
        if (rc != 0 || play_checked(sk, sg, m) != 0) {
            return -1;
        }
    }
    sk->results[game_result(sg->g)]++;
    return 0;
}

/* ---- the soak -------------------------------------------------------------------------- */

/* What this process's malloc has handed out and not taken back, bytes,
 * whether or not its pages were touched yet (glibc's count); where that is
 * unknown, resident memory.  The engine's tables are fresh zero pages after
 * each clear and become resident only as searches reach them, so resident
 * memory after a short warm-up read as "grew" whenever a later game merely
 * searched more (soak_short failed so beside other tests, 12.8 -> 23.3 MB
 * over 30 games); the allocator's count moves only with what is allocated. */
static long heap_in_use(void)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 mi = mallinfo2();
    return (long)(mi.uordblks + mi.hblkhd);
#else
    return rss_of(0);
#endif
}

static void measure(Soak *sk, int done)
{
    /* The engines' tables are fresh zero pages after every ai_clear and
     * become resident only as deep searches touch them, so one short game
     * says little: the warm-up is the first tenth of the games but at
     * least ten (of twenty or more), and its peak is the reference. */
    int games = sk->s->games;
    int warm = games < 20 ? 1 : games / 10 > 10 ? games / 10 : 10;
    long self = rss_of(0);
    long brain = sk->brain != NULL ? rss_of(pbrain_client_pid(sk->brain)) : -1;
    long heap = heap_in_use();
    if (done <= warm) {
        sk->heap_warm = heap > sk->heap_warm ? heap : sk->heap_warm;
        sk->rss_warm = self > sk->rss_warm ? self : sk->rss_warm;
        sk->brain_rss_warm = brain > sk->brain_rss_warm ? brain : sk->brain_rss_warm;
    }
    sk->heap_end = heap;
    sk->rss_end = self;
    sk->brain_rss_end = brain;
}

static void report(const Soak *sk, int done)
{
    printf("soak: %d games, %lld moves (%lld games against the brain), RSS %.1f MB", done,
           sk->moves, sk->games_brain, (double)sk->rss_end / 1048576.0);
    if (sk->brain_rss_end >= 0) {
        printf(", brain %.1f MB", (double)sk->brain_rss_end / 1048576.0);
    }
    printf("\n");
    fflush(stdout);
}

static bool grew(long warm, long end)
{
    return warm > 0 && end > 0 && end > warm + warm / 10 + SOAK_RSS_SLACK;
}

static int soak_games(Soak *sk, SoakGame *sg)
{
    for (int i = 0; i < sk->s->games; i++) {
        sg->index = i;
        draw_settings(sk, sg);
        sg->g = game_new(sg->size, sg->rules);
        if (sg->g == NULL) {
            fprintf(stderr, "soak: out of memory\n");
            return 2;
        }
        int rc = play_game(sk, sg);
        int moves = game_move_count(sg->g);
        game_free(sg->g);
        if (rc != 0) {
            fprintf(stderr, "soak: game %d (%dx%d, %s, k = %d, black %s, white %s), move %d: %s\n",
                    i, sg->size, sg->size, rules_kind_word(sg->rules.kind), sg->rules.k,
                    sg->side[0] == SIDE_BRAIN ? "brain" : "engine",
                    sg->side[1] == SIDE_BRAIN ? "brain" : "engine", moves + 1, sg->why);
            return 1;
        }
        measure(sk, i + 1);
        if (sk->s->report_every > 0 && (i + 1) % sk->s->report_every == 0) {
            report(sk, i + 1);
        }
    }
    return 0;
}

static int soak_open(Soak *sk, SoakGame *sg)
{
    uint32_t z = sk->s->seed * 2654435761u + 17u;
    for (size_t i = 0; i < sizeof sk->zob / sizeof sk->zob[0]; i++) {
        sk->zob[i] = (uint64_t)rnd(&z) << 32 | rnd(&z);
    }
    sk->ai = ai_new(0);
    sg->inc = malloc(sizeof *sg->inc);
    sg->fresh = malloc(sizeof *sg->fresh);
    ai_pat_init(&sg->pt);
    if (sk->ai == NULL || sg->inc == NULL || sg->fresh == NULL) {
        fprintf(stderr, "soak: out of memory\n");
        return 2;
    }
    if (sk->s->brain != NULL) {
        char path[1024];
        snprintf(path, sizeof path, "%s", sk->s->brain);
        char *argv[2] = {path, NULL};
        char err[SOAK_WHY];
        sk->brain = pbrain_client_spawn(argv, true, err, sizeof err);
        if (sk->brain == NULL) {
            fprintf(stderr, "soak: %s\n", err);
            return 2;
        }
    }
    sk->rss_start = rss_of(0);
    return 0;
}

int soak_run(const SoakSetup *s)
{
    Soak sk;
    memset(&sk, 0, sizeof sk);
    sk.s = s;
    sk.rng = s->seed * 2246822519u + 1u;
    SoakGame sg;
    memset(&sg, 0, sizeof sg);
    int rc = soak_open(&sk, &sg);
    long brain_start_rss = sk.brain != NULL ? rss_of(pbrain_client_pid(sk.brain)) : -1;
    if (rc == 0) {
        rc = soak_games(&sk, &sg);
    }
    if (sk.brain != NULL) {
        pbrain_client_send(sk.brain, "END");
        pbrain_client_close(sk.brain, 2000);
    }
    ai_pat_free(&sg.pt);
    free(sg.inc);
    free(sg.fresh);
    ai_free(sk.ai);
    if (rc != 0) {
        return rc;
    }
    printf("soak: %d games, %lld moves: black won %lld, white %lld, drawn %lld; "
           "every move legal, incremental position = rebuilt, undo/redo exact\n",
           s->games, sk.moves, sk.results[GAME_BLACK_WINS], sk.results[GAME_WHITE_WINS],
           sk.results[GAME_DRAW]);
    printf("soak: RSS %.1f MB at the start, %.1f MB after the warm-up, %.1f MB at the end",
           (double)sk.rss_start / 1048576.0, (double)sk.rss_warm / 1048576.0,
           (double)sk.rss_end / 1048576.0);
    if (sk.brain_rss_end >= 0) {
        printf("; brain %.1f / %.1f / %.1f MB", (double)brain_start_rss / 1048576.0,
               (double)sk.brain_rss_warm / 1048576.0, (double)sk.brain_rss_end / 1048576.0);
    }
    printf("; heap in use %.1f / %.1f MB", (double)sk.heap_warm / 1048576.0,
           (double)sk.heap_end / 1048576.0);
    printf(SOAK_CHECK_RSS ? "\n" : " (not checked under a sanitizer)\n");
    if (SOAK_CHECK_RSS && grew(sk.heap_warm, sk.heap_end)) {
        fprintf(stderr, "soak: this process's heap grew after the warm-up\n");
        return 1;
    }
    if (SOAK_CHECK_RSS && grew(sk.brain_rss_warm, sk.brain_rss_end)) {
        fprintf(stderr, "soak: the brain's resident memory grew after the warm-up\n");
        return 1;
    }
    return 0;
}
