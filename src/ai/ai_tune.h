/*
 * ai_tune.h - engine knobs for tuning tools and experiments (internal; the
 * game and the brain never need these).  Defaults are the tuned values.
 */
#ifndef GOMOKU_AI_TUNE_H
#define GOMOKU_AI_TUNE_H

#include "ai.h"
#include "ai_net.h"
#include "ai_pattern.h"

typedef enum AiTune {
    AI_TUNE_LEAF_VCF = 0,    /* fours per continuous-four probe at leaves; 0 = off */
    AI_TUNE_LEAF_VCF_NODES,  /* node cap of one leaf probe */
    AI_TUNE_BREADTH,         /* candidates per node when limits.breadth is 0 */
    AI_TUNE_LMR,             /* late move reductions: 0 off, 1 mild, 2 strong,
                              * 3 growing with ln(depth) ln(move number) */
    AI_TUNE_TEMPO,           /* percent bonus of the side to move's pattern total */
    AI_TUNE_VCF_DEFENCE,     /* root keeps only moves that stop the opponent's VCF */
    AI_TUNE_ROOT_VCT,        /* root VCT for the side to move, and keeping only moves
                              * that stop the opponent's VCT */
    AI_TUNE_THREAT,          /* double threats (4-4, 4-3, 3-3 points) at the leaves:
                              * 0 off, 1 on */
    AI_TUNE_PRUNE,           /* futility and move-count pruning of quiet moves near
                              * the leaves: 0 off, 1 on */
    AI_TUNE_PHASE_TIME,      /* percent of a timed search the root's threat phases may
                              * take in all (VCF, VCT, VCT defence) */
    AI_TUNE_THREE_EXT,       /* moves that make an open three searched without using
                              * up depth: 0 off, 1 on */
    AI_TUNE_EVAL_FIT,        /* five in a row: the evaluation weights fitted on game
                              * outcomes (1), or fitted to Rapfi's evaluations with
                              * point shapes (2), instead of the hand-set ones (0);
                              * set AI_TUNE_TEMPO to 0 with either */
    AI_TUNE_RFP,             /* static futility: a non-PV node whose static evaluation
                              * beats beta by this much per ply of depth left is
                              * taken to fail high (freestyle five, fitted evaluation
                              * only); 0 = off */
    AI_TUNE_IIR,             /* a node of at least this depth with no hash move is
                              * searched a ply shallower; 0 = off */
    AI_TUNE_ASP,             /* root searched from depth 5 in a window this wide around
                              * the last iteration's score; 0 = off */
    AI_TUNE_LMR_DIV,         /* AI_TUNE_LMR 3: tenths of the divisor of ln ln */
    AI_TUNE_LEAF_VCT,        /* node cap of a threat search (threes and fours) for
                              * the side to move at the leaves; 0 = off */
    AI_TUNE_LEAF_VCT_THREES, /* open threes that leaf search may make */
    AI_TUNE_QS,              /* quiescence over fours at the leaves: fours one
                              * line may make; 0 = off */
    AI_TUNE_DEFENCE_TEMPO,   /* fours in a row a root defence against the opponent's
                              * VCT may play, each block giving the move back,
                              * before the move that stops the threat; 0 = a four
                              * must stop it alone */
    /* Move ordering bonuses by the point class (AiPointClass) a move
     * makes for the side to move (OWN) or takes from the opponent (OPP):
     * classes the threat flags do not tell apart.  0 = none. */
    AI_TUNE_ORDER_OWN_22,   /* two open twos */
    AI_TUNE_ORDER_OWN_B3F2, /* a closed three and an open two */
    AI_TUNE_ORDER_OWN_F3P,  /* an open three and more */
    AI_TUNE_ORDER_OWN_B4P,  /* a four and more */
    AI_TUNE_ORDER_OPP_22,
    AI_TUNE_ORDER_OPP_B3F2,
    AI_TUNE_ORDER_OPP_F3P,
    AI_TUNE_ORDER_OPP_B4P,
    /* AI_L_N knobs from here: evaluation weight added on the side to
     * move's (point, line) pairs by their fine line pattern (AiLine), then
     * AI_L_N knobs for the opponent's (ai_pat_set_eval's line_delta). */
    AI_TUNE_LINE_OWN,
    AI_TUNE_LINE_OPP = AI_TUNE_LINE_OWN + AI_L_N,
    /* In the tree (not at the root), when the opponent has a four-three
     * point (2: or a three-three point) and no open three, only threats and
     * moves on the lines of its threats are searched (ai_gen_moves'
     * combo_answer); 0 = off. */
    AI_TUNE_COMBO_ANSWER = AI_TUNE_LINE_OPP + AI_L_N,
    /* Search experiments after Rapfi's (docs/strength.md); 0 = off. */
    AI_TUNE_FHR,         /* a non-PV node whose static evaluation beats beta by this
                          * much a ply of depth left is searched a ply shallower */
    AI_TUNE_ALPHA_RED,   /* at a PV node, quiet moves after one that raised alpha
                          * are reduced by this many plies more */
    AI_TUNE_POLICY_RED,  /* quiet moves the ordering scores below this are
                          * reduced by a ply more */
    AI_TUNE_RAZOR,       /* a non-PV node at depth 1 or 2 whose static evaluation
                          * misses alpha by this much a ply takes its leaf value
                          * when that misses alpha too */
    AI_TUNE_POLICY_STEP, /* with AI_TUNE_POLICY_RED: a ply more for every this
                          * much further below it (at most 3 plies); 0 = one ply */
    AI_TUNE_LMP_DEEP,    /* at non-PV nodes of depth 4 or more, quiet moves past
                          * this percent of 3 + depth^1.32 are pruned (Rapfi's
                          * move count at every depth) */
    AI_TUNE_COUNTER,     /* ordering bonus of the quiet reply that last cut off
                          * after the opponent's move before (a counter move) */
    AI_TUNE_BALANCE,     /* percent added to the weight of the opponent's points in
                          * the static evaluation: above 0 a more defensive play,
                          * below 0 a more attacking one */
    AI_TUNE_CONTEMPT,    /* percent added to the weight of the points of the side
                          * not to move at the root (the opponent of the side
                          * the search is for), whoever is to move at the leaf */
    AI_TUNE_QUIET_MORE,  /* added to the ordering score (2500) below which a move
                          * counts as quiet, to be reduced and pruned: 500 (the
                          * default) takes in the blocks of the opponent's
                          * three points */
    AI_TUNE_PCODE,       /* freestyle five up to 15x15 with AI_TUNE_EVAL_FIT 2
                          * and AI_TUNE_NET 0: this percent of the point-code
                          * weights (ai_pcode.c) is added to the evaluation
                          * (50 by default) */
    AI_TUNE_NET,         /* freestyle five up to 15x15: 1 (the default)
                          * evaluates by the network over pattern counts
                          * (ai_net.h) instead of the tables and point codes
                          * (docs/strength.md) */
    AI_TUNE_NET_SCALE,   /* percent of the network's output the search sees
                          * (33 by default): its scores run about three times
                          * the tables' for the same chance of winning, and
                          * the search's margins are in the tables' units */
    AI_TUNE_PRUNE_COUNT, /* percent of the quiet-move counts searched at depth 1
                          * to 3 before the rest are pruned (100 by default) */
    AI_TUNE_PRUNE_GAP,   /* percent of the margins by which a node's static
                          * evaluation must miss alpha for its quiet moves to be
                          * skipped at depth 1 to 3 (100 by default) */
    /* AI_NET_FLAGS knobs from here, for tuning by games (spsa.py): added to
     * the network's output, in its units, when the double-threat flag of
     * the same index (ai_net_flags) is set; 0 by default.  The first two
     * (the side to move's own four-three and free three-three) reach no
     * evaluation: the leaves take those as wins first. */
    AI_TUNE_NET_FLAG,
    /* Singular extension (ai_pvs.c), where the network evaluates: at a
     * node of at least AI_TUNE_SE depth (5 by default; 0 = off) whose
     * hash move failed high nearly as deep, the other moves are searched
     * half as deep against the hash score less AI_TUNE_SE_MARGIN a ply
     * (3 by default); when all fail low, the hash move is searched a ply
     * deeper. */
    AI_TUNE_SE = AI_TUNE_NET_FLAG + AI_NET_FLAGS,
    AI_TUNE_SE_MARGIN,
    AI_TUNE_COUNT
} AiTune;

/* Sets knob to value for later searches of ai; out-of-range knobs are
 * ignored.  Returns the previous value (0 for a bad knob). */
int ai_tune_set(Ai *ai, AiTune knob, int value);

/* Returns whether an engine with the default knobs evaluates positions
 * under rules r on a size x size board by the network (AI_TUNE_NET): the
 * win-chance curve (ai_outlook.c) follows the evaluation. */
int ai_default_net(Rules r, int size);

#endif
