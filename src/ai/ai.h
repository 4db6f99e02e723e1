/*
 * ai.h - the engine: pick a move for a position under a search budget.
 *
 * An Ai owns its search state (transposition table, history tables), so
 * one Ai must be used by one thread at a time; give every thread its own.
 * A search ends when it has used its depth, node or time budget, or as
 * soon as *cancel becomes non-zero (checked every few hundred nodes, so
 * well within a millisecond).  No SDL here: the app wraps this in a thread.
 */
#ifndef GOMOKU_AI_H
#define GOMOKU_AI_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/board.h"
#include "../core/rules.h"

/* Scores are from the point of view of the side to move.  A proven win in
 * n plies scores AI_SCORE_WIN - n; a proven loss -(AI_SCORE_WIN - n). */
#define AI_SCORE_WIN           1000000
#define AI_SCORE_WIN_THRESHOLD (AI_SCORE_WIN - 1000)
#define AI_MAX_DEPTH           64
#define AI_MAX_THREADS         64 /* most search threads (AiLimits.threads) */
#define AI_MAX_PV              64 /* long enough for a proof line of 31 attacking moves */
#define AI_MAX_ROOT            8  /* root moves reported in AiInfo */

typedef struct AiLimits {
    int max_depth;     /* deepest iteration, in plies (1..AI_MAX_DEPTH) */
    int64_t max_nodes; /* node budget; 0 = no limit */
    int time_ms;       /* time budget; 0 = no limit */
    int breadth;       /* most candidate moves searched per node; 0 = engine's choice */
    int threads;       /* search threads, 1 to AI_MAX_THREADS (0 means 1, more
                        * means AI_MAX_THREADS); more than 1 adds helper
                        * threads (Lazy SMP) sharing the hash table, and the
                        * answer then varies run to run */
    /* Human-like imperfection, for the weaker presets (0 = none).  Chance in
     * percent that the search overlooks an opponent's three when choosing
     * what to answer; an open four or a five is never overlooked. */
    int miss_three_pct;
    uint32_t seed; /* for the imperfection above; same seed, same play */
    /* 1: breadth is a hard cap at every node of the alpha-beta search, the
     * root included, even where the cut leaves only losing defences (the
     * Custom AI's promise).  0: the presets' softer cut, which lets the
     * root keep a few more moves and a node look past the cut while all it
     * searched loses. */
    int strict_breadth;
    /* 1: judge positions with the simple hand-set weights, not the ones
     * fitted to Rapfi's verdicts (which also switch on static futility):
     * the weakest preset wants to play like a beginner, not like a
     * strong engine cut short. */
    int plain_eval;
    /* 1: no clock to save time for (a limit per move and none per game):
     * search until time_ms runs out, unless a win or loss is proved.  0:
     * stop early, at about half of time_ms, once the best move has been
     * settled for a few iterations, keeping time for the moves that
     * need it (a game clock, and a player waiting in the app). */
    int spend_all_time;
    /* 1: forget everything earlier searches left in this Ai (as ai_clear
     * does) before searching, so that with one thread and a budget in
     * nodes (the time budget only a safety cap that is not reached) the
     * answer depends on the request alone: the same position gets the
     * same verdict on every run and every machine.  0: the table and
     * history carry over from earlier searches (stronger in a game). */
    int fresh;
    /* Root moves to score exactly, best first (0 or 1: only the best; at
     * most AI_MAX_ROOT): an analysis that ranks candidates needs each
     * one's own score, not a bound.  Costs nodes: the search goes a
     * little less deep within the same budget. */
    int multi_pv;
} AiLimits;

/* What the search knows so far; passed to the info callback after every
 * finished iteration and returned as the final answer. */
typedef struct AiInfo {
    Move best; /* MOVE_NONE only when there is no legal move */
    int score; /* see AI_SCORE_WIN */
    int depth; /* last fully searched depth */
    int64_t nodes;
    int time_ms;    /* since the search started */
    int mate_plies; /* > 0: wins in this many plies; < 0: loses in -mate_plies; 0: unknown */
    int pv_len;
    /* Principal variation from the position searched, starting with best.
     * When a threat search proved the win (mate_plies > 0 and pv_len ==
     * mate_plies), pv is the whole proof: the attacker's moves, the
     * defender's most stubborn replies, and the winning move last. */
    Move pv[AI_MAX_PV];
    /* The best few root moves of the last completed iteration, best first.
     * The first root_exact scores are exact (1, or AiLimits.multi_pv);
     * the others are upper bounds (the search only proved them no
     * better). */
    int root_count;
    Move root_move[AI_MAX_ROOT];
    int root_score[AI_MAX_ROOT];
    int root_exact;
    int cancelled; /* 1 when the request's cancel flag stopped the search */
    /* 1 when the move came without a search (the one reply to a four, or a
     * search stopped before it began): score is then 0 and means nothing,
     * so it must not be shown as a win chance. */
    int unscored;
    /* The most moves the alpha-beta search tried at one node, the root
     * included, in the thread that answered (the threat search, which
     * tries only fours and threes, is not counted). */
    int widest;
} AiInfo;

typedef void (*AiInfoFn)(const AiInfo *info, void *user);

typedef struct AiRequest {
    Board board;
    Rules rules;
    Stone to_move;
    AiLimits limits;
    const atomic_int *cancel; /* may be NULL; non-zero stops the search */
    AiInfoFn on_info;         /* may be NULL; called on the searching thread */
    void *user;               /* passed to on_info */
} AiRequest;

typedef enum AiPreset {
    AI_PRESET_BEGINNER = 0,
    AI_PRESET_EASY,
    AI_PRESET_MEDIUM,
    AI_PRESET_HARD,
    AI_PRESET_MASTER,
    AI_PRESET_COUNT
} AiPreset;

typedef struct Ai Ai;

/* Returns a new engine whose hash table uses at most tt_bytes (0 = a
 * default of a few MB), or NULL when memory runs out.  Free with ai_free. */
Ai *ai_new(size_t tt_bytes);

/* Releases ai; NULL is allowed. */
void ai_free(Ai *ai);

/* Forgets everything learned (hash table, history): call for a new game. */
void ai_clear(Ai *ai);

/* Searches req's position and writes the chosen move and what is known of
 * it to *out.  Returns 0, or -1 when the request is invalid or there is no
 * legal move (out->best is then MOVE_NONE).  A cancelled search still
 * returns the best move found so far (at least a legal one).  The hash
 * table and move history persist from one search to the next (entries age
 * out), so later moves of a game profit from earlier ones; with one thread
 * and no time limit or cancel, the answer depends only on the request, the
 * table size and the searches made since the last ai_clear (call ai_clear
 * first for an answer that depends on the request alone). */
int ai_search(Ai *ai, const AiRequest *req, AiInfo *out);

/* Threat search only: looks for a forced win of req->to_move by continuous
 * fours (VCF), then by fours and open threes (VCT), within max_plies plies
 * (<= 0 or > AI_MAX_PV: AI_MAX_PV - 1) and req->limits' node and time
 * budgets and req->cancel.  Returns 1 when a win is proven: out->best is
 * the first move, out->pv / pv_len the whole replayable proof line
 * (attacker's moves, defender's most stubborn replies, the winning move
 * last), out->mate_plies == pv_len.  Returns 0 when no win was found
 * (out->best is MOVE_NONE; a budget or cancel may have cut the search
 * short), -1 on a bad request.  The same single-thread rules as ai_search
 * apply. */
int ai_threat_search(Ai *ai, const AiRequest *req, int max_plies, AiInfo *out);

/* Returns the search budget and imperfection of preset p. */
AiLimits ai_preset_limits(AiPreset p);

/* Returns the English name of preset p ("Beginner" .. "Master"). */
const char *ai_preset_name(AiPreset p);

/* Finds the preset called name, ignoring ASCII case ("master", "Master").
 * Returns 0 and writes *out, or -1 (leaving *out alone) for any other
 * name or NULL. */
int ai_preset_from_name(const char *name, AiPreset *out);

#endif
