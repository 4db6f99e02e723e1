/*
 * ai_pos.h - the engine's own position (internal).
 *
 * A padded board (AI_PAD cells of wall on every side, so line walks need
 * no bounds checks), the side to move, a Zobrist hash and, for every point,
 * line and colour, the pattern key of ai_pattern.h.  Making a move updates
 * only the keys on the four lines through it, and with them running totals
 * of the evaluation weights and counts of winning / four points per colour.
 * Undo restores everything from one record per ply.
 */
#ifndef GOMOKU_AI_POS_H
#define GOMOKU_AI_POS_H

#include <stddef.h>
#include <stdint.h>

#include "../core/board.h"
#include "ai_pattern.h"

#define AI_PAD        AI_PAT_MAX_RADIUS
#define AI_STRIDE_MAX (BOARD_MAX_SIZE + 2 * AI_PAD)
#define AI_CELLS      (AI_STRIDE_MAX * AI_STRIDE_MAX)
#define AI_WALL       3
#define AI_MAX_PLIES  (BOARD_MAX_CELLS + 2)

/* Indexes of AiPos.cnt: (empty point, line) pairs whose code is ... */
enum { AI_CNT_WIN = 0, AI_CNT_OPEN4 = 1, AI_CNT_FOUR = 2, AI_CNT_OTHER = 3, AI_CNT_N = 4 };

/* Per colour, how many (empty point, line) pairs have each pattern code
 * and each fine line pattern (AI_L_*), and how many empty points each
 * shape: the counts the evaluation network reads (ai_net.h) and
 * gomoku-evalfit writes, kept on move and undo while the table's
 * count_on (ai_pat_set_counts), meaningless otherwise. */
typedef struct AiPosCounts {
    int16_t code[2][AI_PAT_MAX_CODE + 1];
    int16_t line[2][AI_L_N];
    int16_t shape[2][AI_SHAPE_N];
} AiPosCounts;

typedef struct AiUndo {
    int16_t cell;
    int16_t bbox[4];
    int32_t total[2][2];
    int32_t cnt[2][AI_CNT_N];
    int32_t combo[2][AI_COMBO_N + 1];
    int32_t log_start; /* AiPos.nlog before the move */
    uint64_t hash;
} AiUndo;

/* An empty point's info sums and point codes before a move changed them. */
typedef struct AiIsumLog {
    int16_t cell;
    uint16_t pcode[2];
    uint32_t isum[2];
} AiIsumLog;

/* Empty points one move can touch: radius on each side of four lines. */
#define AI_LOG_PER_MOVE (8 * AI_PAT_MAX_RADIUS)

typedef struct AiPos {
    const AiPatTable *pt;
    const uint64_t *zobrist; /* [2 * AI_CELLS]: black then white */
    uint64_t zobrist_side;
    int size, stride, radius;
    int dstep[4];
    Stone stm;
    uint64_t hash;
    /* Per colour, the evaluation weights (AiPatTable.eval) of its codes
     * over the empty points: [AI_EVAL_OWN] as if it were to move,
     * [AI_EVAL_OPP] as if the other side were.  Meaningless while the
     * table's totals are off (ai_pat_set_totals). */
    int32_t total[2][2];
    int32_t cnt[2][AI_CNT_N];         /* see AI_CNT_* */
    int32_t combo[2][AI_COMBO_N + 1]; /* empty points per class, AI_COMBO_* */
    int16_t bbox[4];                  /* x0, y0, x1, y1 of the stones; x0 > x1 if none */
    int nundo;
    Board board;            /* kept equal to cell[] for the core's rule calls */
    uint8_t cell[AI_CELLS]; /* Stone values, AI_WALL off the board */
    uint8_t near[AI_CELLS]; /* stones within Chebyshev distance 2 */
    /* Per colour, cell and line: the pattern key (AiPatTable.code's
     * index), kept up to date on empty cells only.  A stone's own keys
     * stay as they were when it was placed, which is what they must be
     * again when it is taken back: moves are undone last first. */
    uint32_t key[2][AI_CELLS][4];
    /* Per colour and empty point: the AiPatTable info of its four codes
     * added up, kept with the keys so that the point's class (AI_COMBO_*)
     * needs no table look-up. */
    uint32_t isum[2][AI_CELLS];
    /* Per colour and empty point, while the table's pc_on: the
     * point code (its four line patterns, AiPatTable.pc_eval's index). */
    uint16_t pcode[2][AI_CELLS];
    /* While set, moves keep only what the threat searches read (keys,
     * codes, classes): neither the totals, the pattern counts nor the
     * point codes, which their undo puts back as they were
     * (ai_pos_set_lean). */
    int lean;
    AiPosCounts n; /* last before the undo stack: AiPosEmpty keeps it */
    AiUndo undo[AI_MAX_PLIES];
    AiPosCounts n_undo[AI_MAX_PLIES]; /* n before each move, while count_on */
    int nlog;
    AiIsumLog log[AI_MAX_PLIES * AI_LOG_PER_MOVE];
} AiPos;

/* Makes p's moves lean (on) or whole (0) until set again; returns the
 * previous setting, for the caller to set back.  A search that reads
 * neither counts nor point codes (the threat searches) sets it for its
 * own moves: those are all undone before the setting goes back. */
static inline int ai_pos_set_lean(AiPos *p, int on)
{
    const int was = p->lean;
    p->lean = on;
    return was;
}

/* Returns the hash p will have once the side to move plays the empty
 * cell (ai_pos_make): known before the move's work is done. */
static inline uint64_t ai_pos_hash_after(const AiPos *p, int cell)
{
    return p->hash ^ p->zobrist[((int)p->stm - 1) * AI_CELLS + cell] ^ p->zobrist_side;
}

/* Advances *state and returns its next splitmix64 value. */
uint64_t ai_pos_splitmix(uint64_t *state);

/* Fills zob[0..n) with position keys drawn by ai_pos_splitmix from seed:
 * the same seed always gives the same keys. */
void ai_pos_fill_keys(uint64_t *zob, size_t n, uint64_t seed);

/* The seed of the engine's own keys (ai_new), for tools that want to
 * see the same hashes. */
#define AI_POS_KEY_SEED 0x5EED5EED12345678ull

/* Loads board b with stm to move into *p, using pattern table pt (built)
 * and zobrist keys zob (2 * AI_CELLS + 1 values, the last for the side).
 * Returns 0, or -1 for a bad board. */
int ai_pos_setup(AiPos *p, const AiPatTable *pt, const uint64_t *zob, const Board *b, Stone stm);

/* An empty board worked out once (every line of every point classified)
 * for one size, pattern table and set of zobrist keys: short searches set
 * up positions over and over, and that scan was most of their cost.
 * Everything of an AiPos before its undo stack. */
typedef struct AiPosEmpty {
    const AiPatTable *pt;
    uint32_t stamp; /* pt->stamp when made */
    const uint64_t *zob;
    int size; /* 0: nothing kept yet */
    unsigned char pos[offsetof(AiPos, undo)];
} AiPosEmpty;

/* As ai_pos_setup, starting from *empty when it was made for the same
 * size, table (and table stamp) and keys, and keeping the new empty board
 * there otherwise.  empty is the caller's (zeroed before first use); the
 * position is the same as ai_pos_setup's either way. */
int ai_pos_setup_cached(AiPos *p, AiPosEmpty *empty, const AiPatTable *pt, const uint64_t *zob,
                        const Board *b, Stone stm);

/* Plays the empty on-board point cell for the side to move. */
void ai_pos_make(AiPos *p, int cell);

/* Takes back the last ai_pos_make. */
void ai_pos_undo(AiPos *p);

/* Hands the move to the other side without playing (a null move); calling
 * it again restores the position. */
static inline void ai_pos_pass(AiPos *p)
{
    p->stm = stone_opponent(p->stm);
    p->hash ^= p->zobrist_side;
}

static inline int ai_pos_index(const AiPos *p, int x, int y)
{
    return (y + AI_PAD) * p->stride + x + AI_PAD;
}

static inline int ai_pos_x(const AiPos *p, int cell)
{
    return cell % p->stride - AI_PAD;
}

static inline int ai_pos_y(const AiPos *p, int cell)
{
    return cell / p->stride - AI_PAD;
}

/* Returns the pattern code (with flags) for colour index ci (0 black,
 * 1 white) placing on cell along line dir. */
static inline unsigned ai_pos_code(const AiPos *p, int ci, int cell, int dir)
{
    return p->pt->code[ci][p->key[ci][cell][dir]];
}

/* Returns the fine line pattern (AiLine) of colour index ci placing on
 * cell along line dir: a table look-up of the key kept incrementally. */
static inline AiLine ai_pos_line(const AiPos *p, int ci, int cell, int dir)
{
    return (AiLine)p->pt->line[ci][p->key[ci][cell][dir]];
}

/* Returns the point code key of colour index ci on the empty cell: its
 * four line patterns as one base-AI_L_N number, line 0 the most
 * significant digit (AiPatTable.point's and pc_eval's index). */
static inline int ai_pos_pcode_key(const AiPos *p, int ci, int cell)
{
    const uint8_t *line = p->pt->line[ci];
    const uint32_t *k = p->key[ci][cell];
    return ((line[k[0]] * AI_L_N + line[k[1]]) * AI_L_N + line[k[2]]) * AI_L_N + line[k[3]];
}

/* Returns the point class (AiPointClass) of colour index ci on the empty
 * cell: its four line patterns combined by the table. */
static inline AiPointClass ai_pos_point(const AiPos *p, int ci, int cell)
{
    return (AiPointClass)p->pt->point[ci][ai_pos_pcode_key(p, ci, cell)];
}

/* Writes to box the scan window {x0, y0, x1, y1}: the stones' bounding box
 * grown by margin on every side, cut to the board. */
static inline void ai_pos_window(const AiPos *p, int margin, int box[4])
{
    box[0] = p->bbox[0] - margin < 0 ? 0 : p->bbox[0] - margin;
    box[1] = p->bbox[1] - margin < 0 ? 0 : p->bbox[1] - margin;
    box[2] = p->bbox[2] + margin >= p->size ? p->size - 1 : p->bbox[2] + margin;
    box[3] = p->bbox[3] + margin >= p->size ? p->size - 1 : p->bbox[3] + margin;
}

/* Returns true when colour index ci has no point at all that makes a four:
 * then the other side's threats can be answered only by blocking. */
static inline int ai_pos_no_fours(const AiPos *p, int ci)
{
    return p->cnt[ci][AI_CNT_FOUR] == 0 && p->cnt[ci][AI_CNT_OPEN4] == 0;
}

/* The double-threat part of the static evaluation for the side to move,
 * colour index ci: its own four-three and double-three points and the
 * opponent's doubles, weighed by the table's threat terms. */
static inline int ai_pos_threat_eval(const AiPos *p, int ci)
{
    const int32_t *w = p->pt->threat[ci];
    const int oi = 1 - ci;
    int v = 0;
    if (p->combo[ci][AI_COMBO_43] > 0) {
        v += w[AI_THREAT_OWN_43];
    }
    if (p->combo[ci][AI_COMBO_33] > 0) {
        v += ai_pos_no_fours(p, oi) ? w[AI_THREAT_FREE_33] : w[AI_THREAT_OWN_33];
    }
    if (p->combo[oi][AI_COMBO_44] > 0) {
        v -= w[AI_THREAT_OPP_44];
    }
    if (p->combo[oi][AI_COMBO_43] > 0) {
        v -= w[AI_THREAT_OPP_43];
    }
    if (p->combo[oi][AI_COMBO_33] > 0) {
        v -= w[AI_THREAT_OPP_33];
    }
    return v;
}

/* Plies to a win the side to move (colour index ci) has from a double
 * threat, or 0: a double four wins in three; a four-three in five when the
 * opponent has no four to interpose (renju black's four-three may hide a
 * forbidden point, so it is not claimed). */
static inline int ai_pos_threat_win(const AiPos *p, int ci)
{
    if (p->combo[ci][AI_COMBO_44] > 0) {
        return 3;
    }
    if (p->combo[ci][AI_COMBO_43] > 0 && ai_pos_no_fours(p, 1 - ci) &&
        !(ci == 0 && p->pt->rules.kind == RULE_RENJU)) {
        return 5;
    }
    return 0;
}

#endif
