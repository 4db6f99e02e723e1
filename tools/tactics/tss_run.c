/*
 * tss_run.c - gomoku-tss: the threat-space search alone on the Rapfi-made
 * suites (tests/tactics/suite-*.txt), for figures on how long the longest
 * forced wins take to find.
 *
 *   gomoku-tss [--nodes N] [--plies P] [--verbose] SUITE.txt...
 *
 * Every `win` position is given to ai_threat_search (VCF, then VCT) with a
 * budget of N nodes (default 2 000 000) and at most P plies (default 63).
 * A proof it returns is replayed here with the core's rules and sorted by
 * kind: VCF when every attacking move but the last makes a four (the
 * defender's reply forced), VCT otherwise.  Prints, per suite and in all,
 * how many positions were proved, how many by proofs of 15+ and 20+
 * plies, and the nodes and milliseconds spent; with --verbose a line per
 * position.  One thread and a node budget: the same run gives the same
 * proofs on every machine (only the times vary).  Not part of CI.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/ai.h"
#include "core/rules.h"
#include "tac_suite.h"

typedef struct Opts {
    long long nodes;
    int plies;
    bool verbose;
} Opts;

typedef struct Tally {
    int positions, proved, vcf, long15, long20;
    long long nodes, ms;
} Tally;

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Returns true when side s has a point that would win at once on b. */
static bool has_win_point(const Board *b, Rules r, Stone s)
{
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            Move m = {(int8_t)x, (int8_t)y};
            if (!rules_is_legal(b, r, s, m)) {
                continue;
            }
            Board t = *b;
            board_set(&t, x, y, s);
            if (rules_is_win(&t, r, m, NULL, NULL)) {
                return true;
            }
        }
    }
    return false;
}

/* Replays info's proof on p's board.  Returns 1 for a VCF (every
 * attacking move before the last leaves a winning point), 0 for a VCT,
 * -1 when the line is not a legal win. */
static int proof_kind(const TacSuitePos *p, const AiInfo *info)
{
    Board b = p->board;
    Stone s = p->to_move;
    int vcf = 1;
    for (int i = 0; i < info->pv_len; i++) {
        Move m = info->pv[i];
        if (!rules_is_legal(&b, p->rules, s, m)) {
            return -1;
        }
        board_set(&b, m.x, m.y, s);
        bool won = rules_is_win(&b, p->rules, m, NULL, NULL);
        if (won != (i == info->pv_len - 1)) {
            return -1;
        }
        if (!won && s == p->to_move && !has_win_point(&b, p->rules, s)) {
            vcf = 0;
        }
        s = stone_opponent(s);
    }
    return vcf;
}

static void tally_add(Tally *t, const Tally *d)
{
    t->positions += d->positions;
    t->proved += d->proved;
    t->vcf += d->vcf;
    t->long15 += d->long15;
    t->long20 += d->long20;
    t->nodes += d->nodes;
    t->ms += d->ms;
}

static void tally_print(const char *name, const Tally *t)
{
    printf("%-34s %3d positions  proved %3d (VCF %3d, VCT %3d)  15+ plies %3d  20+ plies %3d  "
           "%10lld nodes  %7lld ms\n",
           name, t->positions, t->proved, t->vcf, t->proved - t->vcf, t->long15, t->long20,
           t->nodes, t->ms);
}

/* Runs one position; adds its figures to t.  Returns 0, or -1 when a
 * proof does not replay (a bug in the engine). */
static int run_one(Ai *ai, const Opts *o, const TacSuitePos *p, Tally *t)
{
    AiRequest req;
    memset(&req, 0, sizeof req);
    req.board = p->board;
    req.rules = p->rules;
    req.to_move = p->to_move;
    req.limits.max_depth = 1;
    req.limits.max_nodes = o->nodes;
    req.limits.threads = 1;
    req.limits.fresh = 1;
    AiInfo info;
    long long t0 = now_ms();
    int r = ai_threat_search(ai, &req, o->plies, &info);
    long long ms = now_ms() - t0;
    t->positions++;
    t->nodes += info.nodes;
    t->ms += ms;
    int kind = r == 1 ? proof_kind(p, &info) : 0;
    if (r == 1 && kind < 0) {
        fprintf(stderr, "line %d: the proof does not replay\n", p->line);
        return -1;
    }
    if (r == 1) {
        t->proved++;
        t->vcf += kind;
        t->long15 += info.pv_len >= 15;
        t->long20 += info.pv_len >= 20;
    }
    if (o->verbose) {
        printf("  line %3d  rapfi +M%-2d  %s %-3s %2d plies  %9lld nodes  %6lld ms\n", p->line,
               p->plies, r == 1 ? "proved" : "-     ", r == 1 ? (kind ? "VCF" : "VCT") : "",
               r == 1 ? info.pv_len : 0, (long long)info.nodes, ms);
    }
    return 0;
}

static int run_suite(Ai *ai, const Opts *o, const char *path, Tally *all)
{
    TacSuitePos *pos = NULL;
    int n = 0;
    char err[256];
    if (tac_suite_load(path, &pos, &n, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    Tally t = {0};
    int rc = 0;
    if (o->verbose) {
        printf("%s\n", path);
    }
    for (int i = 0; i < n && rc == 0; i++) {
        if (pos[i].kind == TAC_SUITE_WIN) {
            rc = run_one(ai, o, &pos[i], &t);
        }
    }
    free(pos);
    const char *base = strrchr(path, '/');
    tally_print(base != NULL ? base + 1 : path, &t);
    tally_add(all, &t);
    return rc;
}

static int usage(void)
{
    fprintf(stderr, "usage: gomoku-tss [--nodes N] [--plies P] [--verbose] SUITE.txt...\n");
    return 2;
}

int main(int argc, char **argv)
{
    Opts o = {2000000, 63, false};
    int first = 1;
    for (; first < argc && strncmp(argv[first], "--", 2) == 0; first++) {
        if (strcmp(argv[first], "--verbose") == 0) {
            o.verbose = true;
        } else if (strcmp(argv[first], "--nodes") == 0 && first + 1 < argc) {
            o.nodes = atoll(argv[++first]);
        } else if (strcmp(argv[first], "--plies") == 0 && first + 1 < argc) {
            o.plies = atoi(argv[++first]);
        } else {
            return usage();
        }
    }
    if (first >= argc || o.nodes <= 0 || o.plies <= 0) {
        return usage();
    }
    Ai *ai = ai_new(0);
    if (ai == NULL) {
        fprintf(stderr, "gomoku-tss: out of memory\n");
        return 1;
    }
    Tally all = {0};
    int rc = 0;
    for (int i = first; i < argc && rc == 0; i++) {
        rc = run_suite(ai, &o, argv[i], &all);
    }
    tally_print("all", &all);
    ai_free(ai);
    return rc == 0 ? 0 : 1;
}
