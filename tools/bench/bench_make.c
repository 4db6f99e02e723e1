/*
 * bench_make.c - gomoku-bench --make (see bench_make.h).
 *
 * Each board is filled to two thirds with random stones; at every stone
 * the position makes and undoes each of a few random empty points many
 * times, so the time is that of the update on positions of every density.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench_make.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ai/ai_pattern.h"
#include "ai/ai_pos.h"

#define TRIES_PER_STONE 8
#define REPEATS         64
#define RUNS            7

typedef struct MakeCase {
    const char *name;
    int size;
    Rules rules;
    int pcodes; /* the point codes' weights kept (AiPatTable.pc_eval), percent */
    int counts; /* the network's pattern counts kept (ai_pat_set_counts); 2:
                 * without the totals, as the network's search keeps them */
    int lean;   /* the moves lean, as the threat searches make them */
} MakeCase;

static const MakeCase CASES[] = {
    {"15x15 freestyle k5", 15, {RULE_FREESTYLE, 5}, 0, 0, 0},
    {"15x15 free k5, point codes", 15, {RULE_FREESTYLE, 5}, 100, 0, 0},
    {"15x15 free k5, counts and totals", 15, {RULE_FREESTYLE, 5}, 0, 1, 0},
    {"15x15 free k5, network's", 15, {RULE_FREESTYLE, 5}, 0, 2, 0},
    {"15x15 free k5, network's, lean", 15, {RULE_FREESTYLE, 5}, 0, 2, 1},
    {"15x15 renju", 15, {RULE_RENJU, 5}, 0, 0, 0},
    {"19x19 exact k6", 19, {RULE_EXACT, 6}, 0, 0, 0},
    {"13x13 freestyle k4", 13, {RULE_FREESTYLE, 4}, 0, 0, 0},
};

static uint32_t rng(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static long long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* A random empty on-board cell of p. */
static int random_empty(const AiPos *p, uint32_t *seed)
{
    for (;;) {
        int x = (int)(rng(seed) % (uint32_t)p->size), y = (int)(rng(seed) % (uint32_t)p->size);
        int c = ai_pos_index(p, x, y);
        if (p->cell[c] == STONE_EMPTY) {
            return c;
        }
    }
}

/* Times one case; returns the nanoseconds per make + undo, or -1. */
static double run_case(const MakeCase *mc, AiPos *p, const uint64_t *zob)
{
    AiPatTable t;
    ai_pat_init(&t);
    Board b;
    if (ai_pat_build(&t, mc->rules) != 0 || board_init(&b, mc->size) != 0) {
        ai_pat_free(&t);
        return -1;
    }
    ai_pat_set_pcodes(&t, mc->pcodes);
    ai_pat_set_counts(&t, mc->counts);
    ai_pat_set_totals(&t, mc->counts != 2);
    if (ai_pos_setup(p, &t, zob, &b, STONE_BLACK) != 0) {
        ai_pat_free(&t);
        return -1;
    }
    uint32_t seed = 12345;
    long long ns = 0, pairs = 0;
    const int stones = mc->size * mc->size * 2 / 3;
    for (int i = 0; i < stones; i++) {
        for (int k = 0; k < TRIES_PER_STONE; k++) {
            int c = random_empty(p, &seed);
            ai_pos_set_lean(p, mc->lean);
            long long t0 = now_ns();
            for (int r = 0; r < REPEATS; r++) {
                ai_pos_make(p, c);
                ai_pos_undo(p);
            }
            ns += now_ns() - t0;
            ai_pos_set_lean(p, 0);
            pairs += REPEATS;
        }
        ai_pos_make(p, random_empty(p, &seed));
    }
    ai_pat_free(&t);
    return (double)ns / (double)pairs;
}

int bench_make_run(void)
{
    AiPos *p = malloc(sizeof *p);
    uint64_t *zob = malloc((2 * AI_CELLS + 1) * sizeof *zob);
    if (p == NULL || zob == NULL) {
        free(p);
        free(zob);
        return -1;
    }
    uint32_t s = 7;
    for (int i = 0; i < 2 * AI_CELLS + 1; i++) {
        zob[i] = (uint64_t)rng(&s) << 40 ^ (uint64_t)rng(&s) << 16 ^ rng(&s);
    }
    int rc = 0;
    printf("make + undo of one move, random positions filled to two thirds (fastest of %d runs):\n",
           RUNS);
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0] && rc == 0; i++) {
        /* The fastest of a few runs: what the code costs, less the
         * machine's interruptions. */
        double ns = -1;
        for (int run = 0; run < RUNS; run++) {
            double one = run_case(&CASES[i], p, zob);
            ns = one < 0 ? one : (ns < 0 || one < ns ? one : ns);
            if (one < 0) {
                break;
            }
        }
        if (ns < 0) {
            rc = -1;
        } else {
            printf("  %-32s %7.1f ns\n", CASES[i].name, ns);
        }
    }
    free(p);
    free(zob);
    return rc;
}
