/*
 * bench.c - gomoku-bench: search a fixed set of positions with a fixed
 * budget and print what the engine found, how deep, how many nodes, how
 * fast, and one signature over all of it.
 *
 * The signature is the point: with a depth or node budget and one thread
 * the search is deterministic, so any change in its behaviour (a new
 * pruning rule, an evaluation tweak, a bug) changes the signature, while a
 * pure speed-up does not.  Run it before and after a change.
 */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(_WIN32)
#include <windows.h>
#endif

#include "ai/ai.h"
#include "ai/ai_tune.h"
#include "bench_make.h"
#include "core/board.h"
#include "core/rules.h"

/* Without a budget on the command line every position is searched to this
 * depth (further capped by BENCH_DEFAULT_NODES so no position runs away). */
#define BENCH_DEFAULT_DEPTH 8
#define BENCH_DEFAULT_NODES 400000

/*
 * A position: stones as "X h8 i9 O g7" (X black, O white; the letter is
 * the column from the left, the number the row from the top, both as the
 * board's x and y plus one), or as a game "M h8 i9 g7 ..." whose moves
 * alternate from black; and the side to move.
 */
typedef struct BenchPos {
    const char *id;
    int size;
    RuleKind rule;
    int k;
    char to_move; /* 'X' or 'O' */
    const char *stones;
    const char *what;
} BenchPos;

static const BenchPos POSITIONS[] = {
    {"open15", 15, RULE_FREESTYLE, 5, 'X', "", "empty board, first move"},
    {"open15-3", 15, RULE_FREESTYLE, 5, 'O', "X h8 i9 O i8", "three-stone opening"},
    {"renju-open", 15, RULE_RENJU, 5, 'X', "X h8 j6 O i7 i8", "renju opening"},
    {"renju-foul", 15, RULE_RENJU, 5, 'X', "X g8 h8 i6 i7 O a1 o1 a15 o15",
     "i8 would be a double three for black"},
    {"block-four", 15, RULE_FREESTYLE, 5, 'X', "O e5 f6 g7 h8 X d4 k3 c12 m12",
     "white's closed four: only i9 saves"},
    {"defend-three", 15, RULE_FREESTYLE, 5, 'X', "O g7 h7 i7 X g8 h9 m13",
     "white's open three must be answered"},
    {"four-three", 15, RULE_FREESTYLE, 5, 'X', "X h8 i8 j8 k6 k7 O g8 c2 c14 n2 n14",
     "k8 makes a four and an open three"},
    {"exact-six", 15, RULE_EXACT, 5, 'X', "X e8 f8 g8 h8 j8 O b2 n2 b14 n14 h2",
     "exact five: i8 overlines, d8 wins"},
    {"edge15", 15, RULE_FREESTYLE, 5, 'O', "X a1 b2 c3 b1 O d4 a2 c1 X a3 a4",
     "stones in a corner"},
    {"k3-9", 9, RULE_FREESTYLE, 3, 'O', "X e5", "k = 3 on 9x9"},
    {"k4-9", 9, RULE_FREESTYLE, 4, 'X', "M f6 f7 d4 g7 e7 h7 i7 g5", "k = 4 on 9x9"},
    {"exact-k4-9", 9, RULE_EXACT, 4, 'X', "X c5 d5 e5 g5 O b5 h5 d6 e6",
     "exact four: f5 overlines"},
    {"k6-15", 15, RULE_EXACT, 6, 'X', "X h8 i8 j9 O h9 i9 g7", "exact six on 15x15"},
    /* Middle games: prefixes of engine-vs-engine games (Easy vs Medium). */
    {"mid15", 15, RULE_FREESTYLE, 5, 'X', "M j10 f9 g7 i9 g10 g8 h7 f10 f7 i7 i8 g9",
     "middle game"},
    {"exact-mid15", 15, RULE_EXACT, 5, 'O', "M h8 f6 g6 g5 e7 i7 e8 f4 h6 f5 f7 h5 i5 f3 f2",
     "middle game, exact five"},
    {"renju-mid", 15, RULE_RENJU, 5, 'O',
     "M f9 i8 f7 g7 g8 i9 f8 f6 h8 d8 f10 f11 i7 g9 h9 i10 e6 d5 e7 h11 i11",
     "renju middle game, white to move"},
    {"mid19", 19, RULE_FREESTYLE, 5, 'X',
     "M j12 i10 i12 g12 j11 j13 h13 g14 k10 l9 j9 f13 j8 j10 l11 m12 i8 h7 k11 i11 h12 k9 "
     "h11 h14 h8 g8 g11 h10 f10 i13",
     "middle game on 19x19"},
    {"mid20", 20, RULE_FREESTYLE, 5, 'X',
     "M j12 l12 j10 j14 l10 i13 k10 i10 n10 m10 n8 m9 h12 k13 m11 j13",
     "middle game on the Gomocup size"},
    {"k6-19", 19, RULE_FREESTYLE, 6, 'X',
     "M l11 k11 l10 h8 k10 j10 l12 l8 m12 j9 j12 k12 o14 n13 m11 l13 m14 j8 m13 m15 m10 m9 "
     "n10 k9 o9 k13 p10 o10 m7 i9 l9 l6 k7 k8 m8 j11 g8 g9 j7 i7",
     "six in a row, crowded"},
};

#define BENCH_COUNT ((int)(sizeof POSITIONS / sizeof POSITIONS[0]))

static long long now_ms(void)
{
#if defined(_WIN32)
    static LARGE_INTEGER freq;
    LARGE_INTEGER t;
    if (freq.QuadPart == 0) {
        QueryPerformanceFrequency(&freq);
    }
    QueryPerformanceCounter(&t);
    return (long long)(t.QuadPart * 1000 / freq.QuadPart);
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
#endif
}

/* Builds the board of p.  Returns 0, or -1 with a message on stderr (a
 * broken built-in position is a bug in this file). */
static int build(const BenchPos *p, Board *b)
{
    if (board_init(b, p->size) != 0) {
        fprintf(stderr, "%s: bad size %d\n", p->id, p->size);
        return -1;
    }
    Stone colour = STONE_EMPTY;
    bool alternate = false;
    const char *s = p->stones;
    while (*s != '\0') {
        while (*s == ' ') {
            s++;
        }
        if (*s == '\0') {
            break;
        }
        if (*s == 'X' || *s == 'O' || *s == 'M') {
            alternate = *s == 'M';
            colour = *s == 'O' ? STONE_WHITE : STONE_BLACK;
            s++;
            continue;
        }
        char *end = NULL;
        int x = *s - 'a';
        long y = strtol(s + 1, &end, 10) - 1;
        if (colour == STONE_EMPTY || x < 0 || end == s + 1 || !board_in_bounds(b, x, (int)y) ||
            board_get(b, x, (int)y) != STONE_EMPTY) {
            fprintf(stderr, "%s: bad stone near '%.8s'\n", p->id, s);
            return -1;
        }
        board_set(b, x, (int)y, colour);
        if (alternate) {
            colour = stone_opponent(colour);
        }
        s = end;
    }
    return 0;
}

static void format_move(Move m, char out[8])
{
    if (!move_is_valid(m)) {
        snprintf(out, 8, "--");
    } else {
        snprintf(out, 8, "%c%d", 'a' + m.x, m.y + 1);
    }
}

static const char *rule_name(RuleKind k)
{
    switch (k) {
    case RULE_EXACT: return "exact";
    case RULE_RENJU: return "renju";
    default: return "free";
    }
}

/* 64-bit FNV-1a over v's bytes in little-endian order, so the signature is
 * the same on every platform. */
static void fnv_add(uint64_t *h, int64_t v)
{
    uint64_t u = (uint64_t)v;
    for (int i = 0; i < 8; i++) {
        *h ^= (u >> (8 * i)) & 0xFFu;
        *h *= 0x100000001B3ull;
    }
}

static void print_board(const BenchPos *p, const Board *b)
{
    printf("%s  %dx%d %s k=%d, %s to move: %s\n", p->id, p->size, p->size, rule_name(p->rule), p->k,
           p->to_move == 'X' ? "black (X)" : "white (O)", p->what);
    printf("   ");
    for (int x = 0; x < b->size; x++) {
        printf(" %c", 'a' + x);
    }
    printf("\n");
    for (int y = 0; y < b->size; y++) {
        printf("%3d", y + 1);
        for (int x = 0; x < b->size; x++) {
            Stone s = board_get(b, x, y);
            printf(" %c", s == STONE_BLACK ? 'X' : s == STONE_WHITE ? 'O' : '.');
        }
        printf("\n");
    }
    printf("\n");
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gomoku-bench [--depth N] [--nodes N] [--time MS] [--threads T]\n"
            "                    [--preset NAME] [--pos ID] [--list] [--make]\n"
            "Searches %d built-in positions.  With no budget given: depth %d, at most %d\n"
            "nodes per position.  The signature is reproducible with a depth or node\n"
            "budget and one thread; --time and --threads > 1 make it vary.\n"
            "--tune K=V sets engine knob K (an AiTune number) to V, for experiments\n"
            "--preset searches with a difficulty preset's limits (Beginner..Master),\n"
            "time cap included, to check how long that preset takes per move.\n"
            "--make times the engine's make + undo of one move instead of searching.\n",
            BENCH_COUNT, BENCH_DEFAULT_DEPTH, BENCH_DEFAULT_NODES);
}

static bool parse_num(const char *s, long long lo, long long hi, long long *out)
{
    char *end = NULL;
    long long v = s != NULL ? strtoll(s, &end, 10) : 0;
    if (s == NULL || end == s || *end != '\0' || v < lo || v > hi) {
        return false;
    }
    *out = v;
    return true;
}

/* What the command line asks for. */
typedef struct BenchOpts {
    AiLimits lim;
    bool list;
    bool make;        /* time make + undo instead of searching */
    const char *only; /* one position id, or NULL for all */
    int tune_val[AI_TUNE_COUNT];
    bool tune_set[AI_TUNE_COUNT];
} BenchOpts;

/* Totals over the positions searched. */
typedef struct BenchTotals {
    uint64_t sig;
    int64_t nodes;
    long long ms, max_ms;
    int ran, failed;
} BenchTotals;

/* Reads one option at argv[*i] (and its value, stepping *i past it) into o;
 * *budget is set when it limits the search.  Returns 0, 1 after --help,
 * or 2 for a bad option or value (said on stderr). */
static int parse_option(int argc, char **argv, int *i, BenchOpts *o, bool *budget)
{
    const char *a = argv[*i];
    const char *v = *i + 1 < argc ? argv[*i + 1] : NULL;
    long long n = 0;
    bool ok = true, takes_value = true;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
        usage(stdout);
        return 1;
    } else if (strcmp(a, "--list") == 0) {
        o->list = true;
        takes_value = false;
    } else if (strcmp(a, "--make") == 0) {
        o->make = true;
        takes_value = false;
    } else if (strcmp(a, "--depth") == 0) {
        ok = parse_num(v, 1, AI_MAX_DEPTH, &n);
        o->lim.max_depth = (int)n;
        *budget = true;
    } else if (strcmp(a, "--nodes") == 0) {
        ok = parse_num(v, 1, INT64_MAX, &n);
        o->lim.max_nodes = n;
        *budget = true;
    } else if (strcmp(a, "--time") == 0) {
        ok = parse_num(v, 1, 3600000, &n);
        o->lim.time_ms = (int)n;
        *budget = true;
    } else if (strcmp(a, "--threads") == 0) {
        ok = parse_num(v, 1, AI_MAX_THREADS, &n);
        o->lim.threads = (int)n;
    } else if (strcmp(a, "--preset") == 0) {
        AiPreset preset;
        ok = ai_preset_from_name(v, &preset) == 0;
        if (ok) {
            o->lim = ai_preset_limits(preset);
            *budget = true;
        }
    } else if (strcmp(a, "--tune") == 0) {
        /* KNOB=VALUE, KNOB the AiTune number: for experiments. */
        int knob = -1, val = 0;
        ok = v != NULL && sscanf(v, "%d=%d", &knob, &val) == 2 && knob >= 0 && knob < AI_TUNE_COUNT;
        if (ok) {
            o->tune_val[knob] = val;
            o->tune_set[knob] = true;
        }
    } else if (strcmp(a, "--pos") == 0) {
        ok = v != NULL;
        o->only = v;
    } else {
        fprintf(stderr, "gomoku-bench: unknown option %s\n", a);
        usage(stderr);
        return 2;
    }
    if (!ok) {
        fprintf(stderr, "gomoku-bench: bad value for %s\n", a);
        return 2;
    }
    *i += takes_value;
    return 0;
}

/* Fills o from the command line.  Returns 0, 1 after --help, 2 on error. */
static int parse_args(int argc, char **argv, BenchOpts *o)
{
    memset(o, 0, sizeof *o);
    o->lim.threads = 1;
    bool budget = false;
    for (int i = 1; i < argc; i++) {
        int rc = parse_option(argc, argv, &i, o, &budget);
        if (rc != 0) {
            return rc;
        }
    }
    if (!budget) {
        o->lim.max_depth = BENCH_DEFAULT_DEPTH;
        o->lim.max_nodes = BENCH_DEFAULT_NODES;
    } else if (o->lim.max_depth == 0) {
        o->lim.max_depth = AI_MAX_DEPTH;
    }
    if (o->only == NULL) {
        return 0;
    }
    for (int i = 0; i < BENCH_COUNT; i++) {
        if (strcmp(o->only, POSITIONS[i].id) == 0) {
            return 0;
        }
    }
    fprintf(stderr, "gomoku-bench: no position called %s (see --list)\n", o->only);
    return 2;
}

/* Searches position p from an empty table, prints its line and adds it to
 * the totals and the signature. */
static void bench_one(Ai *ai, const BenchPos *p, const AiRequest *base, BenchTotals *t)
{
    AiRequest req = *base;
    req.rules = (Rules){p->rule, p->k};
    req.to_move = p->to_move == 'X' ? STONE_BLACK : STONE_WHITE;
    /* Every position starts from an empty table so the order of the list
     * does not leak into the results. */
    ai_clear(ai);
    AiInfo info;
    memset(&info, 0, sizeof info);
    long long t0 = now_ms();
    int rc = ai_search(ai, &req, &info);
    long long ms = now_ms() - t0;
    char mv[8], board[16];
    format_move(info.best, mv);
    snprintf(board, sizeof board, "%d %s k%d", p->size, rule_name(p->rule), p->k);
    long long nps = ms > 0 ? (long long)(info.nodes * 1000 / ms) : 0;
    printf("%-13s %-13s %-4s %6s %9d %5d %11lld %8lld %10lld%s\n", p->id, board,
           p->to_move == 'X' ? "X" : "O", mv, info.score, info.depth, (long long)info.nodes, ms,
           nps, rc != 0 ? "  (search failed)" : "");
    fflush(stdout);
    t->failed += rc != 0;
    fnv_add(&t->sig, info.best.x);
    fnv_add(&t->sig, info.best.y);
    fnv_add(&t->sig, info.score);
    fnv_add(&t->sig, info.depth);
    fnv_add(&t->sig, info.nodes);
    t->nodes += info.nodes;
    t->ms += ms;
    t->max_ms = ms > t->max_ms ? ms : t->max_ms;
    t->ran++;
}

int main(int argc, char **argv)
{
    BenchOpts o;
    int rc = parse_args(argc, argv, &o);
    if (rc != 0) {
        return rc == 1 ? 0 : 2;
    }
    if (o.make) {
        return bench_make_run() == 0 ? 0 : 1;
    }
    Ai *ai = ai_new(0);
    if (ai == NULL) {
        fprintf(stderr, "gomoku-bench: out of memory\n");
        return 1;
    }
    for (int k = 0; k < AI_TUNE_COUNT; k++) {
        if (o.tune_set[k]) {
            ai_tune_set(ai, (AiTune)k, o.tune_val[k]);
        }
    }
    if (!o.list) {
        printf("gomoku-bench: depth %d, nodes %lld, time %d ms, threads %d\n", o.lim.max_depth,
               (long long)o.lim.max_nodes, o.lim.time_ms, o.lim.threads);
        printf("%-13s %-13s %-4s %6s %9s %5s %11s %8s %10s\n", "id", "board", "to", "best", "score",
               "depth", "nodes", "ms", "nps");
    }
    BenchTotals t = {0xCBF29CE484222325ull, 0, 0, 0, 0, 0};
    for (int i = 0; i < BENCH_COUNT; i++) {
        const BenchPos *p = &POSITIONS[i];
        if (o.only != NULL && strcmp(o.only, p->id) != 0) {
            continue;
        }
        AiRequest req;
        memset(&req, 0, sizeof req);
        if (build(p, &req.board) != 0) {
            t.failed++;
        } else if (o.list) {
            print_board(p, &req.board);
            t.ran++;
        } else {
            req.limits = o.lim;
            bench_one(ai, p, &req, &t);
        }
    }
    ai_free(ai);
    if (!o.list) {
        printf("\npositions %d  total nodes %lld  time %lld ms (longest %lld ms)  nps %lld\n",
               t.ran, (long long)t.nodes, t.ms, t.max_ms,
               t.ms > 0 ? (long long)(t.nodes * 1000 / t.ms) : 0LL);
        printf("signature %016llx%s\n", (unsigned long long)t.sig,
               (o.lim.time_ms > 0 || o.lim.threads > 1) ? "  (time or threads: not reproducible)"
                                                        : "");
    }
    return t.failed == 0 ? 0 : 1;
}
