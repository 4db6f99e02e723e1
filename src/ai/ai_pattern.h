/*
 * ai_pattern.h - line pattern codes for any win length k (internal).
 *
 * For one colour, one empty point and one of the four lines through it,
 * the cells within `radius` on both sides of the point form a key: one
 * base-3 digit per cell (0 empty, 1 own stone, 2 opponent stone or off the
 * board).  A table built once per rule set maps every key to a pattern code
 * describing what a stone of that colour placed on the point makes on that
 * line, counted only over k-segments that contain the point:
 *
 *   code_win            the stone completes a winning line;
 *   code_win - 1        "open four": two different points would then win;
 *   code_win - 2        "four": exactly one point would then win;
 *   code_win - 3 - 2*i  closed pattern one stone further from a four;
 *   code_win - 2 - 2*i  open pattern one stone further from an open four;
 *   0                   nothing can ever win on this line through the point.
 *
 * The definitions are recursive (an open three is what one more stone turns
 * into an open four, and so on), so the same table builder serves k = 1..6
 * and the freestyle, exact and renju win conditions.
 */
#ifndef GOMOKU_AI_PATTERN_H
#define GOMOKU_AI_PATTERN_H

#include <stddef.h>
#include <stdint.h>

#include "../core/rules.h"

#define AI_PAT_MAX_RADIUS 6
#define AI_PAT_MAX_DIGITS (2 * AI_PAT_MAX_RADIUS)
/* Flag on a code: the stone would make a line longer than k that does not
 * win (exact rule, or renju black's overline). */
#define AI_PAT_OVERLINE  0x80u
#define AI_PAT_CODE_MASK 0x7fu
#define AI_PAT_MAX_CODE  (2 * RULES_MAX_K - 1)
/* The threat counters of an info value (AI_PAT_INFO_WIN .. OPEN3): four
 * 3-bit counters, so every sum of four info values fits. */
#define AI_PAT_INFO_SUMS   (1 << 12)
#define AI_PAT_INFO_THREAT (AI_PAT_INFO_SUMS - 1)
/* Bits of an info value that make up its shape index (AI_PAT_INFO_SHAPE):
 * the counters of fours, open threes, closed threes, open twos, closed twos. */
#define AI_PAT_SHAPE_SHIFT 6
#define AI_PAT_SHAPE_KEYS  (1 << 15)

/* Point classes (AiPatTable.combo, AiPos.combo): empty points where one stone of a colour would
 * make, over its four lines together, ...  (A point counts once, in the
 * first class that fits; renju black's double threes and double fours are
 * forbidden and count nowhere.) */
enum {
    AI_COMBO_44 = 0, /* two fours (or a four and an open four): wins next move */
    AI_COMBO_43 = 1, /* a four and an open three */
    AI_COMBO_33 = 2, /* two open threes */
    AI_COMBO_N = 3,
    AI_COMBO_NONE = AI_COMBO_N
};

enum { AI_EVAL_OWN = 0, AI_EVAL_OPP = 1 };

/* Point shapes (AiPatTable.shape): an empty point's best two lines, each
 * ranked 5 four (or open four), 4 open three, 3 closed three, 2 open two,
 * 1 closed two; shape (a, b) with a >= b >= 1 and a >= 2 has the number
 * AI_SHAPE(a, b), 1 to 14; 0 is every other point.  The evaluation weighs
 * every empty point by its shape for both sides: where lines cross matters
 * more than how many there are (two open twos through one point make a
 * double three next move). */
#define AI_SHAPE(a, b) (((a)-2) * ((a) + 1) / 2 + (b))
#define AI_SHAPE_N     15

/* Returns true for the rules whose evaluation can weigh point shapes
 * (freestyle five and renju, the rules they are fitted for): only there
 * are the shape counters kept. */
static inline int ai_pat_has_shapes(Rules r)
{
    return r.k == 5 && r.kind != RULE_EXACT;
}

/* Double-threat terms of the evaluation (AiPatTable.threat): what such
 * points are worth to the side to move, or (OPP) against it. */
enum {
    AI_THREAT_OWN_43 = 0, /* a four-three the opponent's fours may answer */
    AI_THREAT_OWN_33,     /* a double three the opponent's fours may answer */
    AI_THREAT_FREE_33,    /* a double three and the opponent has no four */
    AI_THREAT_OPP_44,
    AI_THREAT_OPP_43,
    AI_THREAT_OPP_33,
    AI_THREAT_N
};

/* Fine line patterns (AiPatTable.line): what a stone of a colour placed on
 * an empty point makes on one line, told apart more finely than the codes
 * above.  F is open ("flex"), B blocked; a three or two is split further by
 * how many ways one more stone makes it an open four or an open three:
 *   F3S  an open three that two or more points turn into an open four
 *        (_XXX_ with room); F3 one point only (the split three X_XX);
 *   F2B  an open two with four or more points to an open three, F2A three,
 *        F2 one or two.
 * OVERLINE: the stone makes a line longer than k that does not win
 * (exact rule, renju black).  Defined from the codes and their
 * successors, so they follow k and the rule like the codes do. */
typedef enum AiLine {
    AI_L_DEAD = 0,
    AI_L_OVERLINE,
    AI_L_B1,
    AI_L_F1,
    AI_L_B2,
    AI_L_F2,
    AI_L_F2A,
    AI_L_F2B,
    AI_L_B3,
    AI_L_F3,
    AI_L_F3S,
    AI_L_B4,
    AI_L_F4,
    AI_L_F5,
    AI_L_N
} AiLine;

/* Point threat classes (AiPatTable.point): what one stone of a colour on
 * an empty point makes over its four lines together, strongest first.
 * For renju black a double four, a double three or an overline is
 * AI_P_FORBID_SUSPECT: the core's rules (rules_forbidden) decide, since a
 * three whose open-four points are themselves forbidden is no three. */
typedef enum AiPointClass {
    AI_P_NONE = 0,
    AI_P_F2,      /* an open two */
    AI_P_B3,      /* a closed three */
    AI_P_22,      /* two open twos */
    AI_P_B3_F2,   /* a closed three and an open two */
    AI_P_F3,      /* an open three */
    AI_P_F3_PLUS, /* an open three and a closed three or an open two */
    AI_P_33,      /* two open threes */
    AI_P_B4,      /* a four alone */
    AI_P_B4_PLUS, /* a four and a closed three or an open two */
    AI_P_43,      /* a four and an open three */
    AI_P_44,      /* two fours */
    AI_P_F4,      /* an open four */
    AI_P_FIVE,    /* a win */
    AI_P_FORBID_SUSPECT,
    AI_P_N
} AiPointClass;

#define AI_LINE_KEYS (AI_L_N * AI_L_N * AI_L_N * AI_L_N)

typedef struct AiPatTable {
    Rules rules;
    int radius;     /* cells looked at on each side of the point */
    int ndigits;    /* 2 * radius */
    size_t entries; /* 3^ndigits */
    uint32_t pow3[AI_PAT_MAX_DIGITS];
    uint8_t *code[2]; /* [0] black, [1] white; indexed by key */
    uint8_t *line[2]; /* the same keys' fine line patterns, AiLine */
    /* Per colour, the point class (AiPointClass) of four line patterns
     * a, b, c, d at index ((a * AI_L_N + b) * AI_L_N + c) * AI_L_N + d. */
    uint8_t point[2][AI_LINE_KEYS];
    int code_win; /* codes below are -1 when they cannot occur (small k) */
    int code_open4;
    int code_four;
    int code_open3;
    int32_t weight[AI_PAT_MAX_CODE + 1]; /* move-ordering weight of each code */
    /* Evaluation weight of each code on a colour's points ([0] black's,
     * [1] white's): [AI_EVAL_OWN] when that colour is to move,
     * [AI_EVAL_OPP] when the other is.  The colours differ only where the
     * rules do (renju). */
    int32_t eval[2][2][AI_PAT_MAX_CODE + 1];
    /* Per colour to move: added for the side to move, subtracted for OPP. */
    int32_t threat[2][AI_THREAT_N];
    /* Which weights eval, threat and shape_eval hold: 0 the hand-set ones,
     * else ai_pat_set_eval's fitted argument.  Fitted weights weigh the
     * side to move's points apart and want no tempo bonus. */
    int fitted;
    /* Evaluation weight of each point shape, [AI_EVAL_OWN] and [AI_EVAL_OPP]
     * as in eval; all 0 when the rules have no shape weights. */
    int32_t shape_eval[2][2][AI_SHAPE_N];
    /* Evaluation weight added on a colour's (point, line) pairs by their
     * fine line pattern, over the code's: [colour][AI_EVAL_OWN or
     * AI_EVAL_OPP][AiLine], as in eval.  A line pattern tells apart what
     * one code lumps together (a split three from a straight one, twos by
     * how many threes they make). */
    int32_t line_eval[2][2][AI_L_N];
    int line_on; /* some line_eval weight is not 0 */
    /* Per code, packed 3-bit counters (see AI_PAT_INFO_*) so that the four
     * lines of a point can be summed without branches.  The shape counters
     * (closed three and the twos) are filled only where ai_pat_has_shapes. */
    uint32_t info[AI_PAT_MAX_CODE + 1];
    /* Per code: 0 win, 1 open four, 2 four, 3 anything else. */
    uint8_t cls[AI_PAT_MAX_CODE + 1];
    /* Per colour and sum of a point's four info values: the point's class,
     * an AI_COMBO_* value. */
    uint8_t combo[2][AI_PAT_INFO_SUMS];
    /* Per colour and shape key of a point's info sum (AI_PAT_INFO_SHAPE),
     * the point's shape, 0..AI_SHAPE_N-1. */
    uint8_t shape[2][AI_PAT_SHAPE_KEYS];
    /* Changes whenever the tables or the evaluation weights do (kept over
     * a rebuild), so that what was worked out from them (AiPosEmpty) knows
     * when it is stale. */
    uint32_t stamp;
    const void *eval_set[2];    /* the weights set last (ai_pat_set_eval) */
    int line_delta[2 * AI_L_N]; /* and the line_delta set with them */
    /* Evaluation weight of an empty point by its four line patterns
     * together (its point code: the patterns' AiLine values a, b, c, d on
     * its four lines, indexed as point[] is), [AI_EVAL_OWN] and
     * [AI_EVAL_OPP] as in eval, the same for both colours; on top of the
     * codes' weights, fitted to Rapfi's verdicts (ai_pcode.c).  AiPos keeps
     * the point codes while pc_on. */
    int16_t pc_eval[AI_LINE_KEYS][2];
    int pc_on; /* the percent of the fitted weights pc_eval holds, 0 off */
    /* AiPos keeps its pattern counts (AiPosCounts) only while count_on:
     * keeping them costs every move, and only the network reads them. */
    int count_on;
    /* With count_on and no point codes, positions over t leave their
     * totals (AiPos.total) as they were while totals_off: the network
     * reads none of them (ai_pat_set_totals). */
    int totals_off;
} AiPatTable;

#define AI_PAT_INFO_WIN(v)   ((v)&7u)
#define AI_PAT_INFO_OPEN4(v) (((v) >> 3) & 7u)
#define AI_PAT_INFO_FOUR(v)  (((v) >> 6) & 7u) /* open fours included */
#define AI_PAT_INFO_OPEN3(v) (((v) >> 9) & 7u)
#define AI_PAT_INFO_SHAPE(v) (((v) >> AI_PAT_SHAPE_SHIFT) & (AI_PAT_SHAPE_KEYS - 1u))

/* Sets *t to an empty table (no memory held). */
void ai_pat_init(AiPatTable *t);

/* Builds the tables for rules r, reusing them when r has not changed.
 * Returns 0, or -1 when r is invalid or memory runs out (*t is then empty). */
int ai_pat_build(AiPatTable *t, Rules r);

/* Fills t's evaluation weights (eval, threat, shape_eval, line_eval,
 * fitted) for its rules: for five in a row, the weights fitted on game
 * outcomes when fitted is 1, and for freestyle five and renju those fitted
 * to Rapfi's evaluations, point shapes included (in renju one set for each
 * colour to move), when it is 2; else the hand-set ones.  line_delta, when
 * not NULL, holds 2 * AI_L_N values (the side to move's line patterns,
 * then the opponent's) added to line_eval for both colours: the tuners'
 * way in (AI_TUNE_LINE_OWN).  ai_pat_build fills the hand-set ones. */
void ai_pat_set_eval(AiPatTable *t, int fitted, const int *line_delta);

/* Returns point code key (line 0's pattern the most significant digit,
 * as point[] is indexed) with its four patterns sorted from the strongest:
 * the code of the multiset, as ai_pcode.c lists them. */
int ai_pat_sorted_pcode(int key);

/* Sets the point-code weights (pc_eval) to pct percent of the fitted
 * ones, 0 switching them off; they exist for freestyle five only, and
 * stay off elsewhere whatever pct says. */
void ai_pat_set_pcodes(AiPatTable *t, int pct);

/* The percent ai_pat_set_pcodes(t, pct) sets for a table of rules r. */
int ai_pat_pcode_pct(Rules r, int pct);

/* Has positions over t keep their pattern counts (on 1) or not (0). */
void ai_pat_set_counts(AiPatTable *t, int on);

/* Has positions over t keep the tables' totals (on 1, as a new table
 * does) or not (0).  Off matters only while the counts are on and the
 * point codes off, the network's search, which reads no totals: its
 * moves then cost less.  A position set up while off has meaningless
 * totals until it is set up again with them on. */
void ai_pat_set_totals(AiPatTable *t, int on);

/* Releases the tables and empties *t. */
void ai_pat_free(AiPatTable *t);

/* Returns the digit index of the cell at signed offset d (d != 0, |d| <=
 * radius) from the point. */
static inline int ai_pat_digit(int radius, int d)
{
    return d < 0 ? d + radius : d + radius - 1;
}

#endif
