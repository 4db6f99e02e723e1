/*
 * evalfit.c - gomoku-evalfit: the features of the engine's static
 * evaluation, position by position, from finished games, so that
 * tools/evalfit/fit.py can fit the evaluation's weights on who won.
 *
 * Reads gomoku-match --verbose output (a "game" line with the result, then
 * a "moves:" line) on stdin, replays every game with the engine's own
 * position (src/ai/ai_pos.h) and writes one CSV row per quiet position:
 * the game, the ply, the result for the side to move (1, 0.5 or 0), how
 * many (empty point, line) pairs of each pattern code the side to move and
 * the opponent have (the counts the evaluation weighs, ai_pattern.c), the
 * double-threat flags the evaluation adds (ai_pvs.c), and how many empty
 * points of each shape (AI_SHAPE) the side to move and the opponent have.
 * Lines "label R G moves: ..." (tools/rapfi/rapfi-label.py) give one
 * position each, with Rapfi's expected score R for the side to move as
 * its target instead of a game's result.  Quiet means
 * what the search would not evaluate anyway: no five to make or to stop,
 * no open three of the side to move, no double four or four-three it could
 * win with.
 *
 *   gomoku-match --verbose ... pbrain:R pbrain:R > games.txt
 *   gomoku-evalfit --size 15 --k 5 < games.txt > rows.csv
 *   tools/rapfi/rapfi-label.py games.txt > labels.txt
 *   gomoku-evalfit < labels.txt > rows.csv
 *
 * With --lines each row goes on with how many (empty point, line) pairs of
 * each fine line pattern (AI_L_*) the side to move and the opponent have,
 * and the engine's own evaluation of the position (the default weights),
 * so that fit.py --lines can fit line weights on top of it.  --points
 * adds to that, for every pair of point classes (AI_P_*: the side to
 * move's class on an empty point, the opponent's there), how many empty
 * points have it: what an evaluation that scores each combination of a
 * point's four lines, for both sides at once, would weigh.  --pcodes
 * adds to the --lines row instead one last field, space-separated
 * "side:code:count" items: how many empty points of the side to move (0)
 * and of the opponent (1) have each point code, the multiset of the
 * point's four line patterns (ai_pcode.c), for fit.py --pcodes.
 *
 * With --threats N each row is instead only the game, the ply, the target
 * and what the engine's threat searches find in N nodes each: the plies
 * of the side to move's win by fours (VCF) and by threes and fours (VCT),
 * then the opponent's, as if it were to move (0: none found).  They say
 * how many of the positions Rapfi proves won the engine's own threat
 * search proves too (docs/strength.md, issue 28, thirteenth session).
 *
 * Lines "best M R G moves: ..." (rapfi-label.py --best) give instead the
 * move ordering's data (tools/evalfit/ordfit.py): one row per candidate
 * the engine generates in that position, if it is an ordinary one (no
 * five to make or stop, no open three to answer) and M is a candidate:
 * the position's number, its game, whether the candidate is M, R, the
 * hand-set ordering's score, the threat flags (AI_T_*) of the side to
 * move's stone there and of the opponent's, the distance (1..4, farther
 * 0) to the last move and to the side to move's own last move, the four
 * line codes and the shape of the side to move's stone there, the same
 * for the opponent's, and the stones near the point.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai_movegen.h"
#include "ai/ai_net.h"
#include "ai/ai_pos.h"
#include "ai/ai_vcf.h"
#include "ai/ai_vct.h"

#define LINE_MAX_LEN 8192

typedef struct Fit {
    AiPatTable pt;
    uint64_t zob[2 * AI_CELLS + 1];
    int size;
    int from_ply; /* first position written */
    /* 1 (--lines): line pattern counts and the engine's evaluation too;
     * 2 (--points): and the empty points by (own class, opponent's class);
     * 3 (--pcodes): and the empty points by point code instead */
    int lines;
    int threats; /* --threats N: only threat-search results, N nodes each */
} Fit;

/* Parses "h8" (column letter from a, row from 1 at the top); returns 0. */
static int parse_move(const char *s, int size, int *x, int *y)
{
    if (s[0] < 'a' || s[0] > 'z') {
        return -1;
    }
    char *end;
    long row = strtol(s + 1, &end, 10);
    *x = s[0] - 'a';
    *y = (int)row - 1;
    return (end == s + 1 || *x >= size || *y < 0 || *y >= size) ? -1 : 0;
}

/* Returns true when the search settles p by rule, not by evaluation. */
static int tactical(const AiPos *p)
{
    const int ci = (int)p->stm - 1, oi = 1 - ci;
    return p->cnt[ci][AI_CNT_WIN] > 0 || p->cnt[oi][AI_CNT_WIN] > 0 ||
           p->cnt[ci][AI_CNT_OPEN4] > 0 || ai_pos_threat_win(p, ci) > 0;
}

/* The engine's static evaluation of p for the side to move, with the
 * weights p's table holds: the running totals and the double threats, as
 * ai_pvs.c's evaluate weighs them for a fitted set (no tempo bonus). */
static int32_t engine_eval(const AiPos *p)
{
    const int ci = (int)p->stm - 1, oi = 1 - ci;
    return p->total[ci][AI_EVAL_OWN] - p->total[oi][AI_EVAL_OPP] + ai_pos_threat_eval(p, ci);
}

/* With --lines: how many (empty point, line) pairs of each line pattern
 * (AI_L_*) the side to move and the opponent have, then the engine's
 * evaluation (engine_eval). */
static void write_line_fields(const AiPos *p)
{
    const int ci = (int)p->stm - 1, col[2] = {ci, 1 - ci};
    for (int s = 0; s < 2; s++) {
        for (int l = 0; l < AI_L_N; l++) {
            printf(",%d", p->n.line[col[s]][l]);
        }
    }
    printf(",%d", (int)engine_eval(p));
}

/* With --points: how many empty points have each pair (the side to
 * move's point class there, the opponent's), AI_P_N * AI_P_N counts. */
static void write_point_fields(const AiPos *p)
{
    const int ci = (int)p->stm - 1;
    static int count[AI_P_N][AI_P_N];
    memset(count, 0, sizeof count);
    for (int y = 0; y < p->size; y++) {
        for (int x = 0; x < p->size; x++) {
            int c = ai_pos_index(p, x, y);
            if (p->cell[c] == STONE_EMPTY) {
                count[ai_pos_point(p, ci, c)][ai_pos_point(p, 1 - ci, c)]++;
            }
        }
    }
    for (int a = 0; a < AI_P_N; a++) {
        for (int b = 0; b < AI_P_N; b++) {
            printf(",%d", count[a][b]);
        }
    }
}

/* With --pcodes: how many empty points have each point code, per side
 * (0 the side to move, 1 the opponent): the point's four line patterns
 * sorted from the strongest, as one base-AI_L_N number (ai_pcode.c).
 * One last field of "side:code:count" items separated by spaces, since
 * all but a few hundred of the AI_L_N^4 codes never occur. */
static void write_pcode_fields(const AiPos *p)
{
    const int ci = (int)p->stm - 1, col[2] = {ci, 1 - ci};
    enum { NPC = AI_L_N * AI_L_N * AI_L_N * AI_L_N };
    static int count[2][NPC];
    memset(count, 0, sizeof count);
    for (int c = 0; c < AI_CELLS; c++) {
        for (int s = 0; s < 2 && p->cell[c] == STONE_EMPTY; s++) {
            count[s][ai_pat_sorted_pcode(ai_pos_pcode_key(p, col[s], c))]++;
        }
    }
    printf(",");
    for (int s = 0; s < 2; s++) {
        for (int i = 0; i < NPC; i++) {
            if (count[s][i] > 0) {
                printf(" %d:%d:%d", s, i, count[s][i]);
            }
        }
    }
}

/* Writes p's row: game, ply, result for the side to move, code counts of
 * both sides, double-threat flags, shape counts of both sides, and with
 * lines (Fit.lines) the line pattern counts and the evaluation, at 2
 * the point class pairs, at 3 the point codes. */
static void write_row(const AiPos *p, int game, int ply, double result, int lines)
{
    const int ci = (int)p->stm - 1, oi = 1 - ci, win = p->pt->code_win;
    printf("%d,%d,%g", game, ply, result);
    for (int c = 1; c < win; c++) {
        printf(",%d", p->n.code[ci][c]);
    }
    for (int c = 1; c < win; c++) {
        printf(",%d", p->n.code[oi][c]);
    }
    int32_t flag[AI_NET_FLAGS];
    ai_net_flags(p, flag);
    for (int i = 0; i < AI_NET_FLAGS; i++) {
        printf(",%d", (int)flag[i]);
    }
    for (int x = 0; x < 2; x++) {
        for (int i = 1; i < AI_SHAPE_N; i++) {
            printf(",%d", p->n.shape[x == 0 ? ci : oi][i]);
        }
    }
    if (lines) {
        write_line_fields(p);
    }
    if (lines == 2) {
        write_point_fields(p);
    }
    if (lines == 3) {
        write_pcode_fields(p);
    }
    printf("\n");
}

/* With --threats: plies of the side to move's VCF and VCT and of the
 * opponent's (as if it moved), each with at most n nodes; 0 for none. */
static void write_threat_row(AiPos *p, int game, int ply, double result, int n)
{
    static AiVctCache cache;
    int res[4], first;
    for (int s = 0; s < 2; s++) {
        if (s == 1) {
            ai_pos_pass(p);
        }
        AiVcf f = {0, n, NULL, 0, 0};
        res[2 * s] = ai_vcf(p, &f, 64, &first);
        ai_vct_cache_clear(&cache);
        AiVct v = {.max_nodes = n, .threes = 1, .cache = &cache};
        res[2 * s + 1] = ai_vct(p, &v, 8, &first);
        if (s == 1) {
            ai_pos_pass(p);
        }
    }
    printf("%d,%d,%g,%d,%d,%d,%d\n", game, ply, result, res[0], res[1], res[2], res[3]);
}

/* Writes p's row in the form the options ask for (--threats, or the
 * features of write_row). */
static void write_position(const Fit *f, AiPos *p, int game, int ply, double result)
{
    if (f->threats > 0) {
        write_threat_row(p, game, ply, result, f->threats);
    } else {
        write_row(p, game, ply, result, f->lines);
    }
}

/* Distance (1..4, farther 0) between cells a and b. */
static int near_dist(const AiPos *p, int a, int b)
{
    int dx = abs(ai_pos_x(p, a) - ai_pos_x(p, b)), dy = abs(ai_pos_y(p, a) - ai_pos_y(p, b));
    int d = dx > dy ? dx : dy;
    return d <= 4 ? d : 0;
}

/* Writes the ordering rows of position p (at least two moves played), the
 * group-th, whose best move is the text best (see the header).  Returns
 * the rows. */
static int write_order_rows(const AiPos *p, int group, int game, const char *best, double r)
{
    int x, y, kind;
    static AiCand c[BOARD_MAX_CELLS];
    if (p->nundo < 2 || parse_move(best, p->size, &x, &y) != 0) {
        return 0;
    }
    const int bc = ai_pos_index(p, x, y), n = ai_gen_moves(p, -1, 0, c, &kind);
    int found = 0;
    for (int i = 0; i < n; i++) {
        found |= c[i].cell == bc;
    }
    if (kind != AI_GEN_NORMAL || !found) {
        return 0;
    }
    const int ci = (int)p->stm - 1, col[2] = {ci, 1 - ci};
    const int last = p->undo[p->nundo - 1].cell, own = p->undo[p->nundo - 2].cell;
    for (int i = 0; i < n; i++) {
        const int m = c[i].cell;
        int32_t w = 0;
        printf("%d,%d,%d,%g,%d,%d,%d,%d,%d", group, game, m == bc, r, (int)c[i].score,
               ai_gen_threat(p, ci, m, &w), ai_gen_threat(p, 1 - ci, m, &w), near_dist(p, m, last),
               near_dist(p, m, own));
        for (int side = 0; side < 2; side++) {
            for (int d = 0; d < 4; d++) {
                printf(",%u", ai_pos_code(p, col[side], m, d) & AI_PAT_CODE_MASK);
            }
            printf(",%d", p->pt->shape[col[side]][AI_PAT_INFO_SHAPE(p->isum[col[side]][m])]);
        }
        printf(",%d\n", p->near[m]);
    }
    return n;
}

/* Replays one game's moves (space-separated) and writes its quiet
 * positions; black_score is the result for black.  With label >= 0 only
 * the final position is written, with label as the side to move's
 * target, or with best its ordering rows (write_order_rows).  Returns
 * the rows. */
static int replay(Fit *f, int game, char *moves, double black_score, double label, const char *best)
{
    static AiPos pos;
    Board b;
    board_init(&b, f->size);
    if (ai_pos_setup(&pos, &f->pt, f->zob, &b, STONE_BLACK) != 0) {
        return 0;
    }
    int ply = 0, rows = 0;
    for (char *tok = strtok(moves, " \t\n"); tok != NULL; tok = strtok(NULL, " \t\n")) {
        int x, y;
        if (parse_move(tok, f->size, &x, &y) != 0 ||
            pos.cell[ai_pos_index(&pos, x, y)] != STONE_EMPTY) {
            fprintf(stderr, "gomoku-evalfit: game %d: bad move %s, rest skipped\n", game, tok);
            return rows;
        }
        if (label < 0.0 && ply >= f->from_ply && !tactical(&pos)) {
            double r = pos.stm == STONE_BLACK ? black_score : 1.0 - black_score;
            write_position(f, &pos, game, ply, r);
            rows++;
        }
        ai_pos_make(&pos, ai_pos_index(&pos, x, y));
        ply++;
    }
    if (best != NULL) {
        static int groups;
        int n = write_order_rows(&pos, groups, game, best, label);
        groups += n > 0;
        rows += n;
    } else if (label >= 0.0 && !tactical(&pos)) {
        write_position(f, &pos, game, ply, label);
        rows++;
    }
    return rows;
}

/* The result for black of a gomoku-match game line, or -1. */
static double game_result(const char *line)
{
    if (strstr(line, " 1-0 ") != NULL) {
        return 1.0;
    }
    if (strstr(line, " 0-1 ") != NULL) {
        return 0.0;
    }
    return strstr(line, " 1/2 ") != NULL ? 0.5 : -1.0;
}

/* A line of one position: "label R G moves: ..." (rapfi-label.py: its
 * target R and game G) or "best M R G moves: ..." (--best: Rapfi's move M
 * too).  Returns the rows written, or -1 when the line is garbled (it is
 * reported and skipped). */
static int one_position(Fit *f, char *line)
{
    const int best = line[0] == 'b';
    char move[8] = "";
    double target = -1.0;
    int g = 0;
    int ok = best ? sscanf(line + 5, "%7s %lf %d", move, &target, &g) == 3
                  : sscanf(line + 6, "%lf %d", &target, &g) == 2;
    if (!ok || target < 0.0 || target > 1.0) {
        fprintf(stderr, "gomoku-evalfit: bad %s line skipped: %s", best ? "best" : "label", line);
        return -1;
    }
    return replay(f, g, strstr(line, "moves:") + 6, 0.0, target, best ? move : NULL);
}

/* Reads the options into *f and *r; returns 0, or 2 after the usage. */
static int parse_args(Fit *f, Rules *r, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--lines") == 0) {
            f->lines = 1;
        } else if (strcmp(argv[i], "--points") == 0) {
            f->lines = 2;
        } else if (strcmp(argv[i], "--pcodes") == 0) {
            f->lines = 3;
        } else if (val != NULL && strcmp(argv[i], "--threats") == 0) {
            f->threats = atoi(argv[++i]);
        } else if (val != NULL && strcmp(argv[i], "--size") == 0) {
            f->size = atoi(argv[++i]);
        } else if (val != NULL && strcmp(argv[i], "--k") == 0) {
            r->k = atoi(argv[++i]);
        } else if (val != NULL && strcmp(argv[i], "--from") == 0) {
            f->from_ply = atoi(argv[++i]);
        } else if (val != NULL && strcmp(argv[i], "--rule") == 0) {
            if (rules_kind_from_word(argv[++i], &r->kind) != 0) {
                r->kind = RULE_FREESTYLE;
            }
        } else {
            fprintf(stderr,
                    "usage: gomoku-evalfit [--size N] [--k K] [--rule R] [--from PLY] "
                    "[--lines | --points | --pcodes | --threats N] < gomoku-match --verbose output "
                    "> rows.csv\n");
            return 2;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    static Fit f;
    Rules r = {RULE_FREESTYLE, 5};
    f.size = 15;
    f.from_ply = 4;
    if (parse_args(&f, &r, argc, argv) != 0) {
        return 2;
    }
    /* The threat searches' tables need real position keys. */
    ai_pos_fill_keys(f.zob, sizeof f.zob / sizeof f.zob[0], AI_POS_KEY_SEED);
    ai_pat_init(&f.pt);
    if (f.size < BOARD_MIN_SIZE || f.size > BOARD_MAX_SIZE || ai_pat_build(&f.pt, r) != 0) {
        fprintf(stderr, "gomoku-evalfit: bad board size or rules\n");
        return 2;
    }
    /* The engine's default weights, so that the evaluation column is what
     * the search sees (the features do not depend on them). */
    ai_pat_set_eval(&f.pt, 2, NULL);
    ai_pat_set_counts(&f.pt, 1);
    static char line[LINE_MAX_LEN];
    double result = -1.0;
    int game = 0, rows = 0, games = 0;
    while (fgets(line, sizeof line, stdin) != NULL) {
        if (strstr(line, "moves:") != NULL &&
            (strncmp(line, "label ", 6) == 0 || strncmp(line, "best ", 5) == 0)) {
            int n = one_position(&f, line);
            rows += n > 0 ? n : 0;
            games += n >= 0;
        } else if (strncmp(line, "game ", 5) == 0) {
            result = game_result(line);
            game++;
        } else if (strstr(line, "moves:") != NULL && result >= 0.0) {
            rows += replay(&f, game, strstr(line, "moves:") + 6, result, -1.0, NULL);
            games++;
            result = -1.0;
        }
    }
    fprintf(stderr, "gomoku-evalfit: %d games, %d rows\n", games, rows);
    ai_pat_free(&f.pt);
    return games > 0 ? 0 : 1;
}
