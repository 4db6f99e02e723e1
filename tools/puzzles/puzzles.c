/*
 * puzzles.c - gomoku-puzzles: makes, checks and measures the puzzle sets
 * (assets/puzzles/, docs/puzzles.md).
 *
 *   gomoku-puzzles gen [OPTIONS] [--existing FILE]... > NEW.txt
 *       plays --games self-play games (--size, --rule, --k, --seed; the
 *       players drawn from Easy to --strongest, default Hard) and
 *       prints every puzzle cut from them that the deeper check proves,
 *       graded, once per position (under the board's symmetries; ids in
 *       the --existing files count as seen)
 *   gomoku-puzzles verify [OPTIONS] FILE...
 *       checks every puzzle (or --sample N of them, drawn by --seed) with
 *       the engine; exit status 1 when one fails
 *   gomoku-puzzles solve --level NAME [--sample N] FILE...
 *       the share of the puzzles the level solves at its node budget
 *   gomoku-puzzles stats FILE...
 *       counts by goal, theme, board and win length, and rating band
 *   gomoku-puzzles themes FILE...
 *       prints the puzzles again with their themes worked out afresh
 *
 * Budgets: --cut-nodes (finding candidates, default 100 000), --nodes (the
 * check's threat searches, default 500 000), --search-nodes (the full
 * search that backs a defence up, default 200 000); the CTest
 * test_puzzles_shipped checks with the same.  One thread and node budgets
 * throughout: the same command prints the same puzzles anywhere.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/ai.h"
#include "core/puzzle.h"
#include "pz_check.h"
#include "pz_gen.h"
#include "pz_grade.h"

typedef struct Opts {
    PzGenOpts gen;
    PzBudget check;
    int games, sample;
    uint64_t seed;
    AiPreset level;
    const char *existing[16];
    int nexisting;
} Opts;

/* By RuleKind. */

typedef struct Set {
    Puzzle *p;
    int n, cap;
} Set;

static int usage(void)
{
    fprintf(stderr, "usage: gomoku-puzzles gen|verify|solve|stats [options] [FILE...]\n"
                    "  (see the comment at the top of tools/puzzles/puzzles.c)\n");
    return 2;
}

/* ---- reading sets ------------------------------------------------------ */

static int set_add(Set *s, const Puzzle *p)
{
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 256;
        Puzzle *np = realloc(s->p, sizeof *np * (size_t)cap);
        if (np == NULL) {
            return -1;
        }
        s->p = np;
        s->cap = cap;
    }
    s->p[s->n++] = *p;
    return 0;
}

/* Appends the puzzles of path to *s.  Returns 0, or -1 after saying which
 * line is wrong and why. */
static int read_set(const char *path, Set *s)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        perror(path);
        return -1;
    }
    static char line[PUZZLE_LINE_MAX];
    static Puzzle p;
    int rc = 0;
    for (int no = 1; rc == 0 && fgets(line, sizeof line, f) != NULL; no++) {
        char err[256];
        int got = puzzle_parse(line, strcspn(line, "\r\n"), &p, err, sizeof err);
        if (got < 0) {
            fprintf(stderr, "%s:%d: %s\n", path, no, err);
            rc = -1;
        } else if (got == 0 && set_add(s, &p) != 0) {
            fprintf(stderr, "gomoku-puzzles: out of memory\n");
            rc = -1;
        }
    }
    fclose(f);
    return rc;
}

static int read_sets(char **paths, int n, Set *s)
{
    for (int i = 0; i < n; i++) {
        if (read_set(paths[i], s) != 0) {
            return -1;
        }
    }
    return 0;
}

/* ---- gen ---------------------------------------------------------------- */

typedef struct GenRun {
    Ai *judge;
    const Opts *o;
    char (*seen)[PUZZLE_ID_LEN + 1];
    int nseen, capseen;
    int candidates, kept, failed, dup;
} GenRun;

static bool seen_before(GenRun *g, const char *id)
{
    for (int i = 0; i < g->nseen; i++) {
        if (strcmp(g->seen[i], id) == 0) {
            return true;
        }
    }
    if (g->nseen == g->capseen) {
        int cap = g->capseen ? 2 * g->capseen : 1024;
        void *ns = realloc(g->seen, sizeof g->seen[0] * (size_t)cap);
        if (ns == NULL) {
            return true; /* keep nothing more rather than print a duplicate */
        }
        g->seen = ns;
        g->capseen = cap;
    }
    memcpy(g->seen[g->nseen++], id, PUZZLE_ID_LEN + 1);
    return false;
}

static bool on_candidate(Puzzle *p, void *user)
{
    GenRun *g = user;
    char err[256], line[PUZZLE_LINE_MAX];
    g->candidates++;
    puzzle_make_id(p);
    if (seen_before(g, p->id)) {
        g->dup++;
        return true;
    }
    p->themes = pz_grade_themes(p);
    if (pz_verify(g->judge, p, &g->o->check, err, sizeof err) != 0) {
        g->failed++;
        fprintf(stderr, "  dropped %s (%s): %s\n", p->id, puzzle_goal_word(p->goal), err);
        return true;
    }
    PzGrade grade;
    pz_grade(g->judge, p, &g->o->check, &grade);
    if (puzzle_format(p, line, sizeof line) < 0) {
        return true;
    }
    printf("%s\n", line);
    fflush(stdout);
    g->kept++;
    return true;
}

static int cmd_gen(const Opts *o)
{
    Set old = {0};
    for (int i = 0; i < o->nexisting; i++) {
        if (read_set(o->existing[i], &old) != 0) {
            return 1;
        }
    }
    Ai *players[2] = {ai_new(0), ai_new(0)};
    GenRun g = {.judge = ai_new(0), .o = o};
    int rc = players[0] && players[1] && g.judge ? 0 : 1;
    for (int i = 0; i < old.n; i++) {
        seen_before(&g, old.p[i].id);
    }
    time_t t0 = time(NULL);
    printf(
        "# gomoku-puzzles gen --size %d --rule %s --k %d --games %d --seed %llu --strongest %s\n",
        o->gen.size, rules_kind_word(o->gen.rules.kind), o->gen.rules.k, o->games,
        (unsigned long long)o->seed, ai_preset_name(o->gen.strongest));
    for (int i = 0; rc == 0 && i < o->games; i++) {
        pz_gen_game(players, g.judge, &o->gen, o->seed * 1000003u + (uint64_t)i, on_candidate, &g);
    }
    fprintf(stderr, "gen: %d games, %d candidates, %d kept, %d failed the check, %d seen, %lld s\n",
            o->games, g.candidates, g.kept, g.failed, g.dup, (long long)(time(NULL) - t0));
    ai_free(players[0]);
    ai_free(players[1]);
    ai_free(g.judge);
    free(g.seen);
    free(old.p);
    return rc;
}

/* ---- verify, solve, stats ----------------------------------------------- */

/* Picks the puzzles to look at: all, or o->sample of them drawn by seed. */
static int pick(const Opts *o, int n, int i, uint64_t *state)
{
    if (o->sample <= 0 || o->sample >= n) {
        return i;
    }
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return (int)((*state >> 33) % (uint64_t)n);
}

static int cmd_verify(const Opts *o, const Set *s)
{
    Ai *ai = ai_new(0);
    int bad = 0, count = o->sample > 0 && o->sample < s->n ? o->sample : s->n;
    uint64_t st = o->seed;
    for (int i = 0; ai != NULL && i < count; i++) {
        const Puzzle *p = &s->p[pick(o, s->n, i, &st)];
        char err[256];
        if (pz_verify(ai, p, &o->check, err, sizeof err) != 0) {
            printf("FAIL %s: %s\n", p->id, err);
            bad++;
        }
    }
    printf("verify: %d puzzles, %d failed\n", count, bad);
    ai_free(ai);
    return ai == NULL || bad > 0 ? 1 : 0;
}

static int cmd_solve(const Opts *o, const Set *s)
{
    Ai *ai = ai_new(0);
    int solved = 0, count = o->sample > 0 && o->sample < s->n ? o->sample : s->n;
    uint64_t st = o->seed;
    for (int i = 0; ai != NULL && i < count; i++) {
        solved += pz_grade_solves(ai, &s->p[pick(o, s->n, i, &st)], o->level, &o->check);
    }
    printf("solve: %s solves %d of %d (%.1f %%)\n", ai_preset_name(o->level), solved, count,
           count ? 100.0 * solved / count : 0.0);
    ai_free(ai);
    return ai == NULL ? 1 : 0;
}

static int cmd_themes(const Set *s)
{
    char line[PUZZLE_LINE_MAX];
    for (int i = 0; i < s->n; i++) {
        Puzzle p = s->p[i];
        p.themes = pz_grade_themes(&p);
        if (puzzle_format(&p, line, sizeof line) > 0) {
            printf("%s\n", line);
        }
    }
    return 0;
}

static int cmd_stats(const Set *s)
{
    int goal[PUZZLE_GOAL_COUNT] = {0}, theme[5] = {0}, band[8] = {0};
    for (int i = 0; i < s->n; i++) {
        const Puzzle *p = &s->p[i];
        goal[p->goal]++;
        for (int t = 0; t < 5; t++) {
            theme[t] += (p->themes >> t) & 1u;
        }
        int bi = (p->rating - 400) / 400;
        band[bi < 0 ? 0 : bi > 7 ? 7 : bi]++;
    }
    printf("%d puzzles: %d win, %d defend\n", s->n, goal[0], goal[1]);
    for (int t = 0; t < 5; t++) {
        printf("  theme %-9s %d\n", puzzle_theme_word(1u << t), theme[t]);
    }
    for (int b = 0; b < 7; b++) {
        printf("  rating %4d-%4d %d\n", 400 + 400 * b, 799 + 400 * b, band[b]);
    }
    printf("  rating 3200+     %d\n", band[7]);
    return 0;
}

/* ---- options -------------------------------------------------------------- */

/* Reads the option at argv[*i] (and its value).  Returns 0, or -1. */
static int parse_opt(Opts *o, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *v = *i + 1 < argc ? argv[*i + 1] : NULL;
    if (v == NULL) {
        return -1;
    }
    (*i)++;
    if (strcmp(a, "--size") == 0) {
        o->gen.size = atoi(v);
    } else if (strcmp(a, "--k") == 0) {
        o->gen.rules.k = atoi(v);
    } else if (strcmp(a, "--rule") == 0) {
        return rules_kind_from_word(v, &o->gen.rules.kind);
    } else if (strcmp(a, "--games") == 0) {
        o->games = atoi(v);
    } else if (strcmp(a, "--seed") == 0) {
        o->seed = strtoull(v, NULL, 10);
    } else if (strcmp(a, "--sample") == 0) {
        o->sample = atoi(v);
    } else if (strcmp(a, "--min-plies") == 0) {
        o->gen.min_plies = atoi(v);
    } else if (strcmp(a, "--max-defences") == 0) {
        o->gen.max_defences = atoi(v);
    } else if (strcmp(a, "--cut-nodes") == 0) {
        o->gen.cut.threat_nodes = atoll(v);
    } else if (strcmp(a, "--nodes") == 0) {
        o->check.threat_nodes = atoll(v);
    } else if (strcmp(a, "--search-nodes") == 0) {
        o->check.search_nodes = atoll(v);
    } else if (strcmp(a, "--goal") == 0) {
        o->gen.wins = strcmp(v, "defend") != 0;
        o->gen.defences = strcmp(v, "win") != 0;
    } else if (strcmp(a, "--level") == 0) {
        return ai_preset_from_name(v, &o->level);
    } else if (strcmp(a, "--strongest") == 0) {
        return ai_preset_from_name(v, &o->gen.strongest);
    } else if (strcmp(a, "--existing") == 0 && o->nexisting < 16) {
        o->existing[o->nexisting++] = v;
    } else {
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        return usage();
    }
    Opts o = {.gen = {15, {RULE_FREESTYLE, 5}, 5, 2, true, true, AI_PRESET_HARD, {100000, 0}},
              .check = {500000, 200000},
              .games = 10,
              .seed = 1,
              .level = AI_PRESET_MEDIUM};
    int i = 2;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        if (parse_opt(&o, argc, argv, &i) != 0) {
            return usage();
        }
    }
    o.gen.cut.search_nodes = 0;
    const char *cmd = argv[1];
    if (strcmp(cmd, "gen") == 0) {
        return i == argc ? cmd_gen(&o) : usage();
    }
    Set s = {0};
    if (i == argc || read_sets(argv + i, argc - i, &s) != 0) {
        free(s.p);
        return i == argc ? usage() : 1;
    }
    int rc = strcmp(cmd, "verify") == 0   ? cmd_verify(&o, &s)
             : strcmp(cmd, "solve") == 0  ? cmd_solve(&o, &s)
             : strcmp(cmd, "stats") == 0  ? cmd_stats(&s)
             : strcmp(cmd, "themes") == 0 ? cmd_themes(&s)
                                          : usage();
    free(s.p);
    return rc;
}
