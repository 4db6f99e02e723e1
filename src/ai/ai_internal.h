/*
 * ai_internal.h - what the engine's own files share: the per-thread search
 * state (AiThread), the Ai record, and the functions the root (ai.c,
 * ai_root.c), the alpha-beta search (ai_pvs.c) and the helper threads
 * (ai_smp.c) call across files.  Nothing outside src/ai includes it.
 */
#ifndef GOMOKU_AI_INTERNAL_H
#define GOMOKU_AI_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "ai.h"
#include "ai_movegen.h"
#include "ai_pattern.h"
#include "ai_pos.h"
#include "ai_tt.h"
#include "ai_tune.h"
#include "ai_vct.h"

#define SEARCH_MAX_PLY   96
#define INF_SCORE        (AI_SCORE_WIN + 1)
#define DEFAULT_TT_BYTES ((size_t)4 << 20)
#define CHECK_MASK       255
#define DEFAULT_BREADTH  20
#define HISTORY_MAX      (1 << 20)
/* Static futility's margin per ply of depth left, in the fitted
 * evaluations' units (about a third of a logit of Rapfi's score). */
#define RFP_PER_PLY 150
/* The largest board static futility prunes on: on 20x20 it lost games
 * against Rapfi (docs/strength.md, eighth round), and 16 to 19 were not
 * measured. */
#define RFP_MAX_SIZE 15

/* One search thread's state.  Worker 0 runs on the caller's thread and
 * decides the answer; helpers (Lazy SMP) only fill the shared table. */
typedef struct AiThread {
    AiPos pos;
    int32_t history[2][AI_CELLS];
    int16_t killer[SEARCH_MAX_PLY][2];
    /* Per colour and the opponent's move before: the quiet reply that
     * last cut off after it (AI_TUNE_COUNTER); -1 for none. */
    int16_t counter[2][AI_CELLS];
    int16_t pv[SEARCH_MAX_PLY][SEARCH_MAX_PLY];
    int pv_len[SEARCH_MAX_PLY];
    AiCand cand[SEARCH_MAX_PLY][BOARD_MAX_CELLS];
    AiCand root[BOARD_MAX_CELLS];
    int root_val[BOARD_MAX_CELLS]; /* this iteration's score (bound) per root move */
    int ntop;                      /* the last completed iteration's best moves */
    int16_t top_cell[AI_MAX_ROOT];
    int top_score[AI_MAX_ROOT];
    /* The running search (copied from the Ai for every search). */
    AiTT *tt;
    const atomic_int *stop; /* the Ai's: set when worker 0 is done */
    const atomic_int *cancel;
    int64_t start_us;
    int64_t deadline_us; /* 0: none */
    int64_t max_nodes;   /* 0: none */
    int64_t nodes;
    int64_t next_check; /* node count of the next budget / cancel check */
    int abort;
    int blind_ci; /* colour index whose open threes go unseen, or -1 */
    int net;      /* evaluate by the network (AI_TUNE_NET, ai_net.h) */
    int breadth;
    int strict_breadth;
    int multi_pv; /* root moves scored exactly (1: the best only) */
    int widest;   /* most moves searched at one node so far */
    int nroot;
    int max_depth;
    int root_depth; /* the running iteration's depth */
    int root_ci;    /* colour index to move at the root of the running search */
    int asp_depth;  /* depth and score of the last completed root search */
    int asp_score;
    int id;
    int tune[AI_TUNE_COUNT];
    /* The leaves' threat search table (AI_TUNE_LEAF_VCT), this thread's
     * own: made on the first search that needs it, kept until ai_free. */
    AiVctCache *leaf_cache;
} AiThread;

struct Ai {
    AiTT tt;
    AiPatTable pat;
    uint64_t zobrist[2 * AI_CELLS + 1];
    uint64_t last_salt; /* rules salt of the last search, 0 before any */
    int tune[AI_TUNE_COUNT];
    AiVctCache *vct_cache; /* the threat searches' tables: VCT, and VCF apart */
    AiVctCache *vcf_cache;
    /* The empty board searches set up from (NULL if it could not be had:
     * then each set-up works it out). */
    AiPosEmpty *empty_pos;
    AiThread *worker[AI_MAX_THREADS]; /* [0] always; helpers on demand */
    pthread_t thread[AI_MAX_THREADS];
    atomic_int stop;
};

/* ---- ai_pvs.c: the alpha-beta search ------------------------------- */

/* Stops the search (sets ai->abort) when the Ai's stop flag, the request's
 * cancel, the node budget or the deadline says so. */
void ai_pvs_check_abort(AiThread *ai);

/* Moves the best-scored candidate of c[i..n-1] to c[i]. */
void ai_pvs_pick_best(AiCand *c, int i, int n);

/* Searches ai's nroot root moves to depth (PVS; with AI_TUNE_ASP first in
 * a window around the last iteration's score, again in full when the
 * score falls outside it); returns the best score and its index in
 * *best_idx (-1 when aborted before the first move finished).  Fills
 * ai->root_val and ai->pv[0]. */
int ai_pvs_root(AiThread *ai, int nroot, int depth, int *best_idx);

/* ---- ai_order.c: move ordering and late-move reductions ------------------ */

/* Adds the killer, counter-move (AI_TUNE_COUNTER), history and (when set)
 * point-class bonuses to the n generated candidates c of the node at ply,
 * colour index ci to move. */
void ai_order_moves(const AiThread *ai, AiCand *c, int n, int ply, int ci);

/* Plies taken off the search of a node's idx-th move (from 0) at depth by
 * the late-move reductions (AI_TUNE_LMR); 0 for a move that is not quiet. */
int ai_order_reduction(const AiThread *ai, int depth, int idx, int quiet);

/* Plies more than ai_order_reduction() for a quiet move whose ordering
 * score is order, at a node of depth (is_pv: a PV node; raised: a move
 * there has raised alpha): the experiments AI_TUNE_POLICY_RED, _STEP and
 * _ALPHA_RED, 0 when they are off. */
int ai_order_extra_reduction(const AiThread *ai, int raised, int32_t order, int depth, int is_pv);

/* Remembers move m that cut off at ply with depth left: a killer (and,
 * with AI_TUNE_COUNTER, the counter move) when quiet, and history (halved
 * all over when it grows too large). */
void ai_order_note_cutoff(AiThread *ai, int ply, int ci, int m, int depth, int quiet);

/* ---- ai_root.c: answers, proofs and the root's threat phases ------------- */

/* Returns the board move of cell in p. */
Move ai_root_move(const AiPos *p, int cell);

/* Records the best AI_MAX_ROOT moves of a completed iteration, best first. */
void ai_root_record_top(AiThread *ai, int nroot, int best_idx);

/* Returns the milliseconds since ai's search started. */
int64_t ai_root_elapsed_ms(const AiThread *ai);

/* Writes a finished iteration's answer to out (pv NULL: best alone). */
void ai_root_fill_info(AiThread *ai, AiInfo *out, Move best, int score, int depth,
                       const int16_t *pv, int pv_len);

/* Returns true when req's cancel flag is raised. */
int ai_root_cancelled(const AiRequest *req);

/* Makes m with score out's single root move. */
void ai_root_single(AiInfo *out, Move m, int score);

/* Returns true when line (cells of p, len plies) replays on req's board as
 * a legal win for the side to move, checked with the core's rules. */
int ai_root_proof_ok(const AiPos *p, const AiRequest *req, const int16_t *line, int len);

/* Returns true when out's pv is a whole replayable proof of its win. */
int ai_root_pv_proves(const AiPos *p, const AiRequest *req, const AiInfo *out);

/* Answers with a proven win and its proof line (cells of ai->pos); returns 0. */
int ai_root_answer_line(AiThread *ai, const AiRequest *req, AiInfo *out, const int16_t *line,
                        int len);

/* Answers a position with a known result and no search; returns 0. */
int ai_root_answer(AiThread *ai, const AiRequest *req, AiInfo *out, Move m, int score);

/* Returns true when req is a position the engine can search. */
int ai_root_request_valid(const AiRequest *req);

/* Returns true when the side to move of req may play m (the core's check). */
int ai_root_legal(const AiRequest *req, Move m);

/* Returns the legal move nearest the centre, or MOVE_NONE. */
Move ai_root_fallback(const AiRequest *req);

/* Keeps only the root moves that stop the opponent's win by continuous
 * fours (all when none does); returns the new number of root moves. */
int ai_root_filter_vcf(AiThread *ai, const AiRequest *req, int nroot);

/* The deadline of a phase allowed pct percent of time_ms (0: none). */
int64_t ai_root_deadline(const AiThread *ai, int time_ms, int pct);

/* The node cap of a root threat phase (a share of the budget, none when the
 * clock governs, else fixed). */
int64_t ai_root_phase_cap(const AiThread *ai, int div, int64_t fixed);

/* Runs a threat search for the side to move; returns the proof line's
 * length (in line, room for AI_MAX_PV) or 0. */
int ai_root_threat_line(Ai *eng, AiThread *ai, int threes, int max_attacks, int64_t max_nodes,
                        int64_t deadline_us, int16_t *line);

/* Keeps only the root moves that stop the opponent's win by threes and
 * fours (all when none does, or when cut short); returns their number. */
int ai_root_filter_vct(Ai *eng, AiThread *ai, const AiRequest *req, int nroot, int64_t cap,
                       int64_t deadline_us);

/* ---- ai_smp.c: helper threads ----------------------------------------- */

/* Starts up to n helper threads (Lazy SMP) on worker 0's position and root
 * moves; returns how many started. */
int ai_smp_start(Ai *eng, int n);

/* Stops and joins n helpers; returns the nodes they searched. */
int64_t ai_smp_stop(Ai *eng, int n);

#endif
