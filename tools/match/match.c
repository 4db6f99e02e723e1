/*
 * match.c - gomoku-match: play games between two players and estimate
 * their Elo difference; --ladder walks the presets one step at a time.
 *
 * The referee is the core's Game: a player whose move game_play rejects
 * (occupied, off the board, renju foul) or who gives no move loses at once.
 * Openings are a few random stones near the centre from a seeded RNG, or
 * lines of a file (--openings, Rapfi's opengen format), and every opening
 * is played twice with colours swapped so a lopsided opening costs nobody
 * anything.  Under --swap2 the players make the opening themselves (the
 * opener places three stones, the responder takes a colour or places two
 * more, ...), each pair of games with the roles swapped.
 */
#if !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if !defined(_WIN32)
#include <signal.h>
#endif

#include "ai/ai.h"
#include "core/game.h"
#include "greedy.h"
#include "opening_file.h"
#include "player.h"
#include "soak.h"
#include "sprt.h"

#define MATCH_MAX_THREADS 16
#define MATCH_ERR         512

typedef struct MatchSetup {
    PlayerSpec a, b;
    int size;
    Rules rules;
    int games;
    uint32_t seed;
    int time_per_move_ms;
    int threads;        /* games played at once */
    int engine_threads; /* 0 = the presets' own setting */
    bool verbose;       /* print every game's moves */
    bool quiet;         /* no per-game lines */
    FILE *log;          /* where per-game lines go */
    /* Balanced openings: each candidate is searched with this many nodes
     * and kept only when neither side has a forced win and the score is
     * within balance_max of even (0 nodes: every candidate is kept). */
    int balance_nodes;
    int balance_max;
    bool show_openings; /* print every candidate opening and its score */
    /* --openings: the file's openings, used in turn instead of drawn ones. */
    const Opening *file_openings;
    int file_nopenings;
    bool swap2; /* the players make the opening under swap2 */
    /* --sprt: stop as soon as the test settles (games is then the most). */
    bool use_sprt;
    SprtTest sprt;
} MatchSetup;

/* How a swap2 opening went: who chose which colour. */
typedef enum Swap2Path {
    SWAP2_NONE = 0,   /* not a swap2 game, or a forfeit before a choice */
    SWAP2_RESP_BLACK, /* after three the responder took black (SWAP) */
    SWAP2_RESP_WHITE, /* after three the responder took white with a move */
    SWAP2_OPEN_BLACK, /* the responder placed two; the opener took black */
    SWAP2_OPEN_WHITE, /* the responder placed two; the opener took white */
    SWAP2_PATHS
} Swap2Path;

static const char *const SWAP2_PATH_TEXT[SWAP2_PATHS] = {
    "no choice", "responder took black", "responder took white",
    "responder placed two, opener took black", "responder placed two, opener took white"};

typedef struct GameRecord {
    int opening; /* opening index; games 2i and 2i+1 share it */
    bool a_black;
    bool a_opener;  /* swap2: A placed the first three stones */
    Swap2Path path; /* swap2: how the colours were chosen */
    GameResult result;
    bool forfeit; /* ended by an illegal move or a failed player */
    int moves;    /* total, opening included */
    int opening_len;
    char reason[MATCH_ERR];
    Move *list; /* all moves, owned */
} GameRecord;

typedef struct MatchStats {
    int games, wins, draws, losses; /* from A's point of view */
    int black_wins, white_wins;
    int forfeits;
    long long total_moves;
    int by_colour[2][3];       /* [A black, A white][A's wins, draws, losses] */
    int by_role[2][3];         /* swap2: [A opened, A responded][the same] */
    int paths[2][SWAP2_PATHS]; /* swap2: [A opened, A responded][path] */
} MatchStats;

/* ---- small helpers ------------------------------------------------------ */

/* Writes m as column letter + 1-based row ("h8"); rows count from the top,
 * like the board's y. */
static void format_move(Move m, char out[16])
{
    if (!move_is_valid(m) || m.x < 0 || m.x >= 26) {
        snprintf(out, 16, "%d,%d", m.x, m.y);
        return;
    }
    snprintf(out, 16, "%c%d", 'a' + m.x, m.y + 1);
}

static uint32_t mix_seed(uint32_t seed, uint32_t a, uint32_t b)
{
    uint32_t s = seed ^ (a * 0x27D4EB2Du) ^ (b * 0x165667B1u);
    greedy_rng_next(&s);
    return greedy_rng_next(&s);
}

static const char *rule_option_name(RuleKind k)
{
    switch (k) {
    case RULE_EXACT: return "exact";
    case RULE_RENJU: return "renju";
    default: return "freestyle";
    }
}

/* ---- openings ----------------------------------------------------------- */

/* Fills out with opening number index: 2 to 4 stones, alternately black and
 * white, within two points of the centre, none of them winning or foul, and
 * never k - 1 stones of one colour.  Returns the number of stones. */
static int make_opening(int size, Rules r, uint32_t seed, int index, int attempt, Move *out)
{
    /* Attempt 0 keeps the stream of the unfiltered openings, so a match
     * without balancing replays the games of earlier versions. */
    uint32_t rng = mix_seed(seed, 0x0F3E1u, (uint32_t)index);
    if (attempt > 0) {
        rng = mix_seed(rng, 0xBA1A7u, (uint32_t)attempt);
    }
    int want = 2 + (int)(greedy_rng_next(&rng) % 3);
    /* Keep each colour well short of a line on small k. */
    int per_colour = r.k - 2 > 0 ? r.k - 2 : 0;
    if (want > 2 * per_colour) {
        want = 2 * per_colour;
    }
    int radius = size >= 9 ? 2 : 1;
    int c = size / 2;
    for (int retry = 0; retry < 100; retry++) {
        Game *g = game_new(size, r);
        if (g == NULL) {
            return 0;
        }
        int n = 0;
        for (int tries = 0; n < want && tries < 200; tries++) {
            Move m = {
                (int8_t)(c - radius + (int)(greedy_rng_next(&rng) % (uint32_t)(2 * radius + 1))),
                (int8_t)(c - radius + (int)(greedy_rng_next(&rng) % (uint32_t)(2 * radius + 1)))};
            if (game_play(g, m) == GAME_OK) {
                if (game_result(g) != GAME_ONGOING) {
                    break;
                }
                out[n++] = m;
            }
        }
        bool ok = n == want && game_result(g) == GAME_ONGOING;
        game_free(g);
        if (ok) {
            return n;
        }
    }
    return 0;
}

/* Searches the opening with the engine.  Returns true when it looks even:
 * no forced win for either side within the budget and a score within
 * ms->balance_max.  *score gets the score for the side to move. */
static bool opening_balanced(const MatchSetup *ms, Ai *ai, const Opening *op, int *score)
{
    Game *g = game_new(ms->size, ms->rules);
    if (g == NULL) {
        *score = 0;
        return true;
    }
    for (int i = 0; i < op->len; i++) {
        game_play(g, op->moves[i]);
    }
    AiRequest req;
    memset(&req, 0, sizeof req);
    req.board = *game_board(g);
    req.rules = ms->rules;
    req.to_move = game_to_move(g);
    req.limits =
        (AiLimits){.max_depth = AI_MAX_DEPTH, .max_nodes = ms->balance_nodes, .threads = 1};
    game_free(g);
    AiInfo info;
    ai_clear(ai); /* the verdict depends on the opening alone */
    if (ai_search(ai, &req, &info) != 0) {
        *score = 0;
        return false;
    }
    *score = info.score;
    return info.mate_plies == 0 && abs(info.score) <= ms->balance_max;
}

/* Fills ops[0..n) with the match's openings; with balancing on, a
 * lopsided candidate is replaced by the next one drawn from the seed (at
 * most a few hundred tries, then the most even candidate seen is kept). */
static void make_openings(const MatchSetup *ms, Opening *ops, int n)
{
    Ai *ai = ms->balance_nodes > 0 ? ai_new((size_t)16 << 20) : NULL;
    for (int i = 0; i < n; i++) {
        Opening best = {0, {{0, 0}}};
        int best_abs = -1;
        for (int attempt = 0; attempt < 300; attempt++) {
            Opening cand;
            cand.len = make_opening(ms->size, ms->rules, ms->seed, i, attempt, cand.moves);
            if (ai == NULL) {
                best = cand;
                break;
            }
            int score = 0;
            bool even = opening_balanced(ms, ai, &cand, &score);
            if (ms->show_openings) {
                char mv[16];
                fprintf(stderr, "opening %3d try %3d [", i, attempt);
                for (int j = 0; j < cand.len; j++) {
                    format_move(cand.moves[j], mv);
                    fprintf(stderr, "%s%s", j ? " " : "", mv);
                }
                fprintf(stderr, "] score %d%s\n", score, even ? "  kept" : "");
            }
            if (even) {
                best = cand;
                break;
            }
            int a = abs(score);
            if (best_abs < 0 || a < best_abs) {
                best = cand;
                best_abs = a;
            }
        }
        ops[i] = best;
    }
    ai_free(ai);
}

/* ---- one game ----------------------------------------------------------- */

static void set_reason(GameRecord *rec, const char *side, const char *what, Move m)
{
    char mv[16];
    format_move(m, mv);
    snprintf(rec->reason, sizeof rec->reason, "%s %s %s", side, what, mv);
}

/* Records a forfeit: A loses when a_loses, else B; the result is in the
 * colours rec->a_black gives (in a swap2 opening before any choice, the
 * opener's nominal black). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void
forfeit(GameRecord *rec, bool a_loses, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(rec->reason, sizeof rec->reason, fmt, ap);
    va_end(ap);
    rec->forfeit = true;
    rec->result = a_loses == rec->a_black ? GAME_WHITE_WINS : GAME_BLACK_WINS;
}

/* Starts both players of game index.  Returns false after recording the
 * forfeit of one that could not start. */
static bool start_players(const MatchSetup *ms, int index, GameRecord *rec, Player **pa,
                          Player **pb)
{
    PlayerConfig cfg = {ms->size,           ms->rules, ms->time_per_move_ms,
                        ms->engine_threads, 0,         !ms->verbose};
    char err[MATCH_ERR] = "";
    /* Seeds by colour (1 black, 2 white), as before swap2 existed. */
    cfg.seed = mix_seed(ms->seed, (uint32_t)index, rec->a_black ? 1 : 2);
    *pa = player_new(&ms->a, &cfg, err, sizeof err);
    if (*pa == NULL) {
        forfeit(rec, true, "%s could not start: %.400s", rec->a_black ? "black" : "white", err);
        return false;
    }
    cfg.seed = mix_seed(ms->seed, (uint32_t)index, rec->a_black ? 2 : 1);
    *pb = player_new(&ms->b, &cfg, err, sizeof err);
    if (*pb == NULL) {
        forfeit(rec, false, "%s could not start: %.400s", rec->a_black ? "white" : "black", err);
        return false;
    }
    return true;
}

/* Asks p (A when p_is_a) for its swap2 answer to g and plays its stones.
 * Returns 1 when p took black (SWAP), 0 when its stones were played, -1
 * after recording p's forfeit (no answer, a shape the stones on the board
 * do not allow, an illegal stone). */
static int swap2_step(Player *p, bool p_is_a, Game *g, GameRecord *rec)
{
    int n = game_move_count(g);
    const char *who = n == 3 ? "responder" : "opener";
    char err[MATCH_ERR] = "";
    PlayerSwap2 ans;
    if (player_swap2(p, g, &ans, err, sizeof err) != 0) {
        forfeit(rec, p_is_a, "%s gave no swap2 answer (%.400s)", who, err);
        return -1;
    }
    bool fits = n == 0   ? !ans.swap && ans.count == 3
                : n == 3 ? ans.swap || ans.count == 1 || ans.count == 2
                         : ans.swap || ans.count == 1;
    if (!fits) {
        forfeit(rec, p_is_a, "%s's swap2 answer does not fit %d stones", who, n);
        return -1;
    }
    for (int i = 0; i < ans.count; i++) {
        if (game_play(g, ans.stones[i]) != GAME_OK || game_result(g) != GAME_ONGOING) {
            char mv[16];
            format_move(ans.stones[i], mv);
            forfeit(rec, p_is_a, "%s placed an illegal opening stone at %s", who, mv);
            return -1;
        }
    }
    return ans.swap ? 1 : 0;
}

/* Swap2's opening on the empty g: the opener (A when rec->a_opener)
 * places three; the responder takes black, takes white with a move, or
 * places two and the opener takes a colour.  Returns 0 with rec->a_black
 * and rec->path set, or -1 after a forfeit. */
static int swap2_opening(Game *g, Player *pa, Player *pb, GameRecord *rec)
{
    bool a_opens = rec->a_opener;
    Player *opener = a_opens ? pa : pb;
    Player *responder = a_opens ? pb : pa;
    if (swap2_step(opener, a_opens, g, rec) != 0) {
        return -1;
    }
    int r = swap2_step(responder, !a_opens, g, rec);
    if (r < 0) {
        return -1;
    }
    if (r == 1 || game_move_count(g) == 4) {
        rec->path = r == 1 ? SWAP2_RESP_BLACK : SWAP2_RESP_WHITE;
        rec->a_black = r == 1 ? !a_opens : a_opens;
        return 0;
    }
    r = swap2_step(opener, a_opens, g, rec);
    if (r < 0) {
        return -1;
    }
    rec->path = r == 1 ? SWAP2_OPEN_BLACK : SWAP2_OPEN_WHITE;
    rec->a_black = r == 1 ? a_opens : !a_opens;
    return 0;
}

/* Plays g to its end, each side asked in turn; a failed player or an
 * illegal move loses at once (a rejected renju foul goes to *foul). */
static void play_moves(Game *g, Player *pb, Player *pw, GameRecord *rec, Move *foul)
{
    char err[MATCH_ERR] = "";
    while (game_result(g) == GAME_ONGOING) {
        Stone side = game_to_move(g);
        const char *side_name = side == STONE_BLACK ? "black" : "white";
        GameResult other_wins = side == STONE_BLACK ? GAME_WHITE_WINS : GAME_BLACK_WINS;
        Move m;
        if (player_move(side == STONE_BLACK ? pb : pw, g, &m, err, sizeof err) != 0) {
            rec->result = other_wins;
            rec->forfeit = true;
            snprintf(rec->reason, sizeof rec->reason, "%s gave no move (%.400s)", side_name, err);
            return;
        }
        Forbidden why = game_forbidden(g, m);
        GameStatus st = game_play(g, m);
        if (st == GAME_ERR_FORBIDDEN) {
            rec->result = other_wins;
            rec->forfeit = true;
            char what[64];
            snprintf(what, sizeof what, "played a forbidden %s at", rules_forbidden_name(why));
            set_reason(rec, side_name, what, m);
            *foul = m;
            return;
        }
        if (st != GAME_OK) {
            rec->result = other_wins;
            rec->forfeit = true;
            set_reason(rec, side_name,
                       st == GAME_ERR_OCCUPIED ? "played on an occupied point"
                                               : "played off the board",
                       m);
            return;
        }
    }
}

/* Copies g's moves (and a rejected foul) to rec; without a forfeit, the
 * result and its reason come from the game. */
static void finish_record(Game *g, GameRecord *rec, Move foul, int cells)
{
    int played = game_move_count(g);
    for (int i = 0; i < played && i < cells; i++) {
        rec->list[i] = game_move_at(g, i);
    }
    rec->moves = played;
    if (move_is_valid(foul) && played < cells) {
        rec->list[rec->moves++] = foul;
    }
    if (!rec->forfeit) {
        rec->result = game_result(g);
        if (rec->result == GAME_DRAW) {
            snprintf(rec->reason, sizeof rec->reason, "board full");
        } else {
            set_reason(rec, rec->result == GAME_BLACK_WINS ? "black" : "white", "wins with",
                       game_last_move(g));
        }
    }
}

/* Plays game number index of the match; fills *rec (rec->list is malloc'd). */
static void play_game(const MatchSetup *ms, const Opening *op, int index, GameRecord *rec)
{
    memset(rec, 0, sizeof *rec);
    rec->opening = index / 2;
    rec->a_black = index % 2 == 0;
    rec->a_opener = rec->a_black;
    rec->result = GAME_DRAW;
    int cells = ms->size * ms->size;
    rec->list = calloc((size_t)cells + 1, sizeof *rec->list);

    Game *g = game_new(ms->size, ms->rules);
    if (g == NULL || rec->list == NULL) {
        snprintf(rec->reason, sizeof rec->reason, "could not set up the game");
        rec->forfeit = true;
        game_free(g);
        return;
    }
    Player *pa = NULL, *pb = NULL;
    Move foul = MOVE_NONE; /* a rejected renju foul, kept for the record */
    if (start_players(ms, index, rec, &pa, &pb)) {
        int ok = 0;
        if (ms->swap2) {
            ok = swap2_opening(g, pa, pb, rec);
        } else {
            for (int i = 0; i < op->len; i++) {
                game_play(g, op->moves[i]);
            }
        }
        rec->opening_len = game_move_count(g);
        if (ok == 0) {
            play_moves(g, rec->a_black ? pa : pb, rec->a_black ? pb : pa, rec, &foul);
        }
    }
    finish_record(g, rec, foul, cells);
    player_free(pa);
    player_free(pb);
    game_free(g);
}

/* Returns A's score in the game: 2 win, 1 draw, 0 loss (half points). */
static int a_half_points(const GameRecord *rec)
{
    if (rec->result == GAME_DRAW || rec->result == GAME_ONGOING) {
        return 1;
    }
    bool black_won = rec->result == GAME_BLACK_WINS;
    return black_won == rec->a_black ? 2 : 0;
}

static void print_game(const MatchSetup *ms, int index, const GameRecord *rec)
{
    if (ms->quiet) {
        return;
    }
    FILE *f = ms->log;
    char mv[16];
    if (ms->swap2) {
        fprintf(f, "game %3d  swap2, %s opened [", index + 1,
                rec->a_opener ? ms->a.label : ms->b.label);
    } else {
        fprintf(f, "game %3d  opening %3d [", index + 1, rec->opening);
    }
    for (int i = 0; i < rec->opening_len; i++) {
        format_move(rec->list[i], mv);
        fprintf(f, i ? " %s" : "%s", mv);
    }
    const char *res = rec->result == GAME_BLACK_WINS   ? "1-0"
                      : rec->result == GAME_WHITE_WINS ? "0-1"
                                                       : "1/2";
    if (ms->swap2) {
        fprintf(f, "] %s;", SWAP2_PATH_TEXT[rec->path]);
    } else {
        fprintf(f, "]");
    }
    fprintf(f, "  black %s  white %s  %s  %d moves  (%s)\n",
            rec->a_black ? ms->a.label : ms->b.label, rec->a_black ? ms->b.label : ms->a.label, res,
            rec->moves, rec->reason);
    if (ms->verbose) {
        fprintf(f, "    moves:");
        for (int i = 0; i < rec->moves; i++) {
            format_move(rec->list[i], mv);
            fprintf(f, " %s", mv);
        }
        fprintf(f, "\n");
    }
    fflush(f);
}

/* ---- running a match, possibly several games at once --------------------- */

typedef struct MatchRun {
    const MatchSetup *ms;
    GameRecord *records;
    bool *finished;          /* per game */
    int next;                /* games handed out so far */
    int limit;               /* games to hand out at most */
    const Opening *openings; /* one per pair of games */
    int penta[SPRT_PENTA];   /* finished pairs by A's points */
    SprtVerdict verdict;     /* once settled, no new pair is started */
    int settled_pairs;       /* pairs counted when it settled */
    double settled_llr;      /* and the ratio then */
    pthread_mutex_t lock;
} MatchRun;

/* The next game to play, or -1: none left, or the test has settled and
 * the pair under way has both its games handed out. */
static int next_game(MatchRun *run)
{
    if (run->next >= run->limit || (run->verdict != SPRT_GOING && run->next % 2 == 0)) {
        return -1;
    }
    return run->next++;
}

/* Counts game index, just finished, into the test once its partner (the
 * same opening, colours swapped) has finished too, and prints where the
 * test stands.  Called with run->lock held. */
static void count_for_sprt(MatchRun *run, int index)
{
    const MatchSetup *ms = run->ms;
    int partner = index ^ 1;
    run->finished[index] = true;
    if (!ms->use_sprt || partner >= run->limit || !run->finished[partner]) {
        return;
    }
    run->penta[sprt_pair_class(a_half_points(&run->records[index]),
                               a_half_points(&run->records[partner]))]++;
    double llr, lower, upper;
    SprtVerdict v = sprt_verdict(&ms->sprt, run->penta, &llr);
    sprt_bounds(&ms->sprt, &lower, &upper);
    if (run->verdict == SPRT_GOING && v != SPRT_GOING) {
        run->verdict = v;
        run->settled_pairs = sprt_pairs(run->penta);
        run->settled_llr = llr;
    }
    if (!ms->quiet) {
        fprintf(ms->log, "sprt      pairs %d  LLR %+.2f [%.2f, %.2f]%s\n", sprt_pairs(run->penta),
                llr, lower, upper,
                v == SPRT_H1   ? "  H1 accepted"
                : v == SPRT_H0 ? "  H0 accepted"
                               : "");
        fflush(ms->log);
    }
}

static void *match_worker(void *arg)
{
    MatchRun *run = arg;
    for (;;) {
        pthread_mutex_lock(&run->lock);
        int index = next_game(run);
        pthread_mutex_unlock(&run->lock);
        if (index < 0) {
            return NULL;
        }
        GameRecord rec;
        play_game(run->ms, &run->openings[index / 2], index, &rec);
        pthread_mutex_lock(&run->lock);
        run->records[index] = rec;
        print_game(run->ms, index, &rec);
        count_for_sprt(run, index);
        pthread_mutex_unlock(&run->lock);
    }
}

/* The games a match may play: all of them, but under --sprt never an
 * opening of a file twice.  In-process players at a node budget play an
 * opening the same way every time, and any player's second game from an
 * opening is not independent of its first: counted again, it would weigh
 * the same evidence twice. */
static int games_allowed(const MatchSetup *ms)
{
    if (ms->use_sprt && ms->file_nopenings > 0 && ms->games > 2 * ms->file_nopenings) {
        return 2 * ms->file_nopenings;
    }
    return ms->games;
}

/* What a match under --sprt came to. */
typedef struct MatchOutcome {
    int played; /* games played: ms->games unless the test stopped it or a file ran out */
    int penta[SPRT_PENTA];
    SprtVerdict verdict;
    int settled_pairs;  /* pairs counted when the test settled, and its ratio then: */
    double settled_llr; /* the pair under way was finished and counted after */
} MatchOutcome;

/* Plays the match, or with ms->use_sprt until the test settles (the pair
 * under way is finished).  Returns the records (ms->games of them, the
 * first out->played filled; free with free_records), or NULL on no
 * memory.  out may be NULL. */
static GameRecord *run_games(const MatchSetup *ms, MatchOutcome *out)
{
    MatchRun run;
    memset(&run, 0, sizeof run);
    run.ms = ms;
    run.verdict = SPRT_GOING;
    run.limit = games_allowed(ms);
    run.records = calloc((size_t)ms->games, sizeof *run.records);
    run.finished = calloc((size_t)ms->games, sizeof *run.finished);
    int nops = (ms->games + 1) / 2;
    Opening *ops = calloc((size_t)nops, sizeof *ops);
    if (run.records == NULL || run.finished == NULL || ops == NULL) {
        free(run.records);
        free(run.finished);
        free(ops);
        return NULL;
    }
    if (ms->file_nopenings > 0) {
        for (int i = 0; i < nops; i++) {
            ops[i] = ms->file_openings[i % ms->file_nopenings];
        }
    } else if (!ms->swap2) {
        make_openings(ms, ops, nops);
    }
    run.openings = ops;
    pthread_mutex_init(&run.lock, NULL);
    int n = ms->threads < 1 ? 1 : ms->threads > MATCH_MAX_THREADS ? MATCH_MAX_THREADS : ms->threads;
    if (n > ms->games) {
        n = ms->games;
    }
    pthread_t tids[MATCH_MAX_THREADS];
    int started = 0;
    for (int i = 1; i < n; i++) {
        if (pthread_create(&tids[started], NULL, match_worker, &run) == 0) {
            started++;
        }
    }
    match_worker(&run); /* the calling thread works too */
    for (int i = 0; i < started; i++) {
        pthread_join(tids[i], NULL);
    }
    pthread_mutex_destroy(&run.lock);
    free(ops);
    free(run.finished);
    if (out != NULL) {
        out->played = run.next;
        memcpy(out->penta, run.penta, sizeof out->penta);
        out->verdict = run.verdict;
        out->settled_pairs = run.settled_pairs;
        out->settled_llr = run.settled_llr;
    }
    return run.records;
}

/* Plays the whole match (see run_games). */
static GameRecord *run_match(const MatchSetup *ms)
{
    return run_games(ms, NULL);
}

static void free_records(GameRecord *recs, int n)
{
    if (recs == NULL) {
        return;
    }
    for (int i = 0; i < n; i++) {
        free(recs[i].list);
    }
    free(recs);
}

static MatchStats tally(const GameRecord *recs, int n)
{
    MatchStats s;
    memset(&s, 0, sizeof s);
    for (int i = 0; i < n; i++) {
        int hp = a_half_points(&recs[i]);
        s.games++;
        s.wins += hp == 2;
        s.draws += hp == 1;
        s.losses += hp == 0;
        s.black_wins += recs[i].result == GAME_BLACK_WINS;
        s.white_wins += recs[i].result == GAME_WHITE_WINS;
        s.forfeits += recs[i].forfeit;
        s.total_moves += recs[i].moves;
        int outcome = 2 - hp; /* 0 win, 1 draw, 2 loss for A */
        s.by_colour[recs[i].a_black ? 0 : 1][outcome]++;
        s.by_role[recs[i].a_opener ? 0 : 1][outcome]++;
        s.paths[recs[i].a_opener ? 0 : 1][recs[i].path]++;
    }
    return s;
}

/* ---- Elo ---------------------------------------------------------------- */

static double elo_of_score(double p)
{
    if (p <= 0.0) {
        return -HUGE_VAL;
    }
    if (p >= 1.0) {
        return HUGE_VAL;
    }
    return -400.0 * log10(1.0 / p - 1.0);
}

/* A's score (0..1, draws count as half) with a 95% interval from the
 * normal approximation of the per-game score, within 0..1. */
static void score_interval(const MatchStats *s, double *p, double *lo, double *hi)
{
    if (s->games == 0) {
        *p = *lo = *hi = 0.5;
        return;
    }
    double n = s->games;
    *p = (s->wins + 0.5 * s->draws) / n;
    double q = *p;
    double var =
        (s->wins * (1.0 - q) * (1.0 - q) + s->draws * (0.5 - q) * (0.5 - q) + s->losses * q * q) /
        n;
    double se = sqrt(var / n);
    *lo = q - 1.96 * se < 0.0 ? 0.0 : q - 1.96 * se;
    *hi = q + 1.96 * se > 1.0 ? 1.0 : q + 1.96 * se;
    /* A clean sweep has no spread to measure; the exact binomial bound
     * (every one of n games won has chance 0.025 when p = 0.025^(1/n))
     * still says how little a handful of games proves. */
    if (s->wins == s->games) {
        *lo = pow(0.025, 1.0 / n);
    } else if (s->losses == s->games) {
        *hi = 1.0 - pow(0.025, 1.0 / n);
    }
}

/* Elo difference of A over B with a 95% interval: score_interval's,
 * turned into Elo. */
static void elo_estimate(const MatchStats *s, double *elo, double *lo, double *hi)
{
    if (s->games == 0) {
        *elo = *lo = *hi = 0.0;
        return;
    }
    double p, plo, phi;
    score_interval(s, &p, &plo, &phi);
    *elo = elo_of_score(p);
    *lo = elo_of_score(plo);
    *hi = elo_of_score(phi);
}

static void format_elo(double e, char out[32])
{
    if (e == 0.0) {
        e = 0.0; /* no "-0" for an even score */
    }
    if (isinf(e)) {
        snprintf(out, 32, "%sinf", e > 0 ? "+" : "-");
    } else {
        snprintf(out, 32, "%+.0f", e);
    }
}

/* Prints A's wins-draws-losses of one kind of game ("as black"). */
static void print_wdl(FILE *f, const char *what, const int wdl[3])
{
    int n = wdl[0] + wdl[1] + wdl[2];
    fprintf(f, "  A %-13s %3d games: %3d wins, %3d draws, %3d losses", what, n, wdl[0], wdl[1],
            wdl[2]);
    if (n > 0) {
        fprintf(f, "  (%.1f%%)", 100.0 * (wdl[0] + 0.5 * wdl[1]) / n);
    }
    fprintf(f, "\n");
}

static void print_summary(FILE *f, const MatchSetup *ms, const MatchStats *s)
{
    double elo, lo, hi, p, plo, phi;
    elo_estimate(s, &elo, &lo, &hi);
    score_interval(s, &p, &plo, &phi);
    char e[32], l[32], h[32];
    format_elo(elo, e);
    format_elo(lo, l);
    format_elo(hi, h);
    fprintf(f, "\nA = %s, B = %s\n", ms->a.label, ms->b.label);
    fprintf(f, "%6s %6s %6s %6s %8s %-15s  %s\n", "games", "A wins", "draws", "B wins", "A score",
            " [95%]", "Elo A-B [95%]");
    fprintf(f, "%6d %6d %6d %6d %7.1f%% [%5.1f, %5.1f]  %s [%s, %s]\n", s->games, s->wins, s->draws,
            s->losses, 100.0 * p, 100.0 * plo, 100.0 * phi, e, l, h);
    print_wdl(f, "as black", s->by_colour[0]);
    print_wdl(f, "as white", s->by_colour[1]);
    if (ms->swap2) {
        print_wdl(f, "as opener", s->by_role[0]);
        print_wdl(f, "as responder", s->by_role[1]);
        for (int who = 0; who < 2; who++) {
            fprintf(f, "  %s opened:", who == 0 ? "A" : "B");
            for (int k = 0; k < SWAP2_PATHS; k++) {
                if (s->paths[who][k] > 0) {
                    fprintf(f, " %s %d;", SWAP2_PATH_TEXT[k], s->paths[who][k]);
                }
            }
            fprintf(f, "\n");
        }
    }
    fprintf(f, "black won %d, white won %d; %d game(s) ended by forfeit; %.1f moves per game\n",
            s->black_wins, s->white_wins, s->forfeits,
            s->games ? (double)s->total_moves / s->games : 0.0);
}

/* The test's end: its hypotheses, pairs, ratio and verdict. */
static void print_sprt(FILE *f, const MatchSetup *ms, const MatchOutcome *out)
{
    const SprtTest *t = &ms->sprt;
    double lower, upper, llr = sprt_llr(t, out->penta);
    sprt_bounds(t, &lower, &upper);
    fprintf(f,
            "SPRT elo0 %g, elo1 %g, alpha %g, beta %g: pairs by A's points 0-1-2-3-4: "
            "%d-%d-%d-%d-%d\n",
            t->elo0, t->elo1, t->alpha, t->beta, out->penta[0], out->penta[1], out->penta[2],
            out->penta[3], out->penta[4]);
    fprintf(f, "SPRT LLR %+.2f [%.2f, %.2f]: %s\n", llr, lower, upper,
            out->verdict == SPRT_H1   ? "H1 accepted (A is the stronger by elo1 or more)"
            : out->verdict == SPRT_H0 ? "H0 accepted (A is not stronger by elo1)"
                                      : "not settled within --games");
    if (out->verdict != SPRT_GOING) {
        /* The pair under way when a bound was crossed is finished and
         * counted, so the ratio above may lie back inside the bounds. */
        fprintf(f, "SPRT settled at pair %d, LLR %+.2f\n", out->settled_pairs, out->settled_llr);
    }
}

/* ---- the ladder --------------------------------------------------------- */

static int run_ladder(const MatchSetup *base, const char *command, int top)
{
    static const char *const pairs[][2] = {
        {"preset:Beginner", "greedy"},    {"preset:Easy", "preset:Beginner"},
        {"preset:Medium", "preset:Easy"}, {"preset:Hard", "preset:Medium"},
        {"preset:Master", "preset:Hard"},
    };
    char rows[5][256];
    /* Pair i has preset i as its stronger side. */
    size_t npairs = (size_t)top + 1;
    for (size_t i = 0; i < npairs; i++) {
        MatchSetup ms = *base;
        char err[MATCH_ERR];
        if (player_spec_parse(pairs[i][0], &ms.a, err, sizeof err) != 0 ||
            player_spec_parse(pairs[i][1], &ms.b, err, sizeof err) != 0) {
            fprintf(stderr, "gomoku-match: %s\n", err);
            return 1;
        }
        ms.log = stderr; /* stdout is kept for the table */
        fprintf(stderr, "== %s vs %s ==\n", ms.a.label, ms.b.label);
        GameRecord *recs = run_match(&ms);
        if (recs == NULL) {
            fprintf(stderr, "gomoku-match: out of memory\n");
            return 1;
        }
        MatchStats s = tally(recs, ms.games);
        free_records(recs, ms.games);
        print_summary(stderr, &ms, &s);
        double elo, lo, hi;
        elo_estimate(&s, &elo, &lo, &hi);
        char e[32], l[32], h[32];
        format_elo(elo, e);
        format_elo(lo, l);
        format_elo(hi, h);
        snprintf(rows[i], sizeof rows[i],
                 "| %.40s | %.40s | %d | %d | %d | %d | %.1f%% | %s [%s, %s] | %d |",
                 ms.a.label + (ms.a.kind == PLAYER_PRESET ? 7 : 0),
                 ms.b.label + (ms.b.kind == PLAYER_PRESET ? 7 : 0), s.games, s.wins, s.draws,
                 s.losses, s.games ? 100.0 * (s.wins + 0.5 * s.draws) / s.games : 0.0, e, l, h,
                 s.forfeits);
    }
    char date[64];
    time_t now = time(NULL);
    struct tm *tm = gmtime(&now);
    if (tm == NULL || strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", tm) == 0) {
        snprintf(date, sizeof date, "unknown date");
    }
    printf("### Ladder, %s\n\n", date);
    printf("Command: `%s`  \n", command);
    printf("Board %dx%d, %s, k = %d, %d games per pair, seed %u.\n\n", base->size, base->size,
           rule_option_name(base->rules.kind), base->rules.k, base->games, (unsigned)base->seed);
    printf("| Stronger | Weaker | Games | W | D | L | Score | Elo diff [95%%] | Forfeits |\n");
    printf("|---|---|---:|---:|---:|---:|---:|---|---:|\n");
    for (size_t i = 0; i < npairs; i++) {
        printf("%s\n", rows[i]);
    }
    return 0;
}

/* ---- a Gomocup brain built on the greedy player (for testing the client) -- */

static void brain_reply(Board *b, Rules r, Stone me)
{
    Move m = greedy_move(b, r, me, NULL);
    if (!move_is_valid(m)) {
        printf("ERROR no move\n");
        return;
    }
    board_set(b, m.x, m.y, me);
    /* The chatter line checks that the client skips it. */
    printf("MESSAGE greedy plays %d,%d\n%d,%d\n", m.x, m.y, m.x, m.y);
}

static int serve_pbrain_greedy(void)
{
    Board b;
    board_init(&b, 15);
    RuleKind kind = RULE_FREESTYLE;
    int k = 5;
    Stone me = STONE_BLACK;
    char line[256];
    int pending[BOARD_MAX_CELLS][3];
    int pending_n = 0;
    bool in_board = false;
    int in_swap2 = -1; /* stones listed so far inside SWAP2BOARD; -1 outside */
    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0') {
            continue;
        }
        Rules r = {kind, k};
        if (!rules_valid(r)) {
            r.kind = RULE_FREESTYLE;
        }
        int x, y, f, n;
        if (in_swap2 >= 0) {
            /* Three stones at the centre on an empty board, else take black. */
            if (strcmp(line, "DONE") == 0) {
                int c = b.size / 2;
                if (in_swap2 == 0) {
                    printf("%d,%d %d,%d %d,%d\n", c, c, c + 1, c, c, c + 2);
                } else {
                    printf("SWAP\n");
                }
                in_swap2 = -1;
            } else {
                in_swap2++;
            }
        } else if (in_board) {
            if (strcmp(line, "DONE") == 0) {
                in_board = false;
                /* Who is to move follows from the number of stones. */
                me = pending_n % 2 == 0 ? STONE_BLACK : STONE_WHITE;
                for (int i = 0; i < pending_n; i++) {
                    board_set(&b, pending[i][0], pending[i][1],
                              pending[i][2] == 1 ? me : stone_opponent(me));
                }
                brain_reply(&b, r, me);
            } else if (sscanf(line, "%d,%d,%d", &x, &y, &f) == 3 && pending_n < BOARD_MAX_CELLS &&
                       board_in_bounds(&b, x, y)) {
                pending[pending_n][0] = x;
                pending[pending_n][1] = y;
                pending[pending_n][2] = f;
                pending_n++;
            }
        } else if (sscanf(line, "START %d", &n) == 1) {
            if (board_init(&b, n) == 0) {
                printf("OK\n");
            } else {
                printf("ERROR unsupported size %d\n", n);
            }
        } else if (strcmp(line, "RESTART") == 0) {
            board_init(&b, b.size);
            printf("OK\n");
        } else if (strcmp(line, "BEGIN") == 0) {
            me = STONE_BLACK;
            brain_reply(&b, r, me);
        } else if (sscanf(line, "TURN %d,%d", &x, &y) == 2) {
            if (b.count == 0) {
                me = STONE_WHITE;
            }
            board_set(&b, x, y, stone_opponent(me));
            brain_reply(&b, r, me);
        } else if (strcmp(line, "SWAP2BOARD") == 0) {
            in_swap2 = 0;
        } else if (strcmp(line, "BOARD") == 0) {
            board_init(&b, b.size);
            pending_n = 0;
            in_board = true;
        } else if (sscanf(line, "INFO rule %d", &n) == 1) {
            kind = (n & 4) ? RULE_RENJU : (n & 1) ? RULE_EXACT : RULE_FREESTYLE;
        } else if (sscanf(line, "INFO win_length %d", &n) == 1) {
            k = n;
        } else if (strncmp(line, "INFO", 4) == 0) {
            /* other keys do not matter to a one-ply player */
        } else if (strcmp(line, "ABOUT") == 0) {
            printf("name=\"gomoku-match greedy\", version=\"1\", author=\"gomoku project\"\n");
        } else if (strcmp(line, "END") == 0) {
            return 0;
        } else {
            printf("UNKNOWN %s\n", line);
        }
        fflush(stdout);
    }
    return 0;
}

/* ---- self-test ---------------------------------------------------------- */

static int selftest_failures;

static void check(bool ok, const char *what)
{
    if (!ok) {
        selftest_failures++;
        fprintf(stderr, "selftest FAILED: %s\n", what);
    }
}

static void put(Board *b, int x, int y, Stone s)
{
    board_set(b, x, y, s);
}

static void selftest_greedy(void)
{
    Rules k4 = {RULE_FREESTYLE, 4};
    Board b;
    board_init(&b, 9);
    put(&b, 2, 4, STONE_BLACK);
    put(&b, 3, 4, STONE_BLACK);
    put(&b, 4, 4, STONE_BLACK);
    put(&b, 0, 0, STONE_WHITE);
    put(&b, 8, 0, STONE_WHITE);
    put(&b, 0, 8, STONE_WHITE);
    Move m = greedy_move(&b, k4, STONE_BLACK, NULL);
    check(rules_wins_if_played(&b, k4, m, STONE_BLACK), "greedy takes an immediate win");

    /* White must take the one point that stops black's closed three. */
    board_set(&b, 0, 8, STONE_EMPTY);
    put(&b, 1, 4, STONE_WHITE);
    m = greedy_move(&b, k4, STONE_WHITE, NULL);
    check(m.x == 5 && m.y == 4, "greedy blocks the opponent's win");

    /* Renju: i8 would be black's double three; greedy must not play it. */
    Rules renju = {RULE_RENJU, 5};
    board_init(&b, 15);
    put(&b, 6, 7, STONE_BLACK);
    put(&b, 7, 7, STONE_BLACK);
    put(&b, 8, 5, STONE_BLACK);
    put(&b, 8, 6, STONE_BLACK);
    put(&b, 0, 0, STONE_WHITE);
    put(&b, 14, 0, STONE_WHITE);
    put(&b, 0, 14, STONE_WHITE);
    put(&b, 14, 14, STONE_WHITE);
    Move foul = {8, 7};
    check(rules_forbidden(&b, renju, foul) == FORBID_DOUBLE_THREE,
          "test position has a double three");
    m = greedy_move(&b, renju, STONE_BLACK, NULL);
    check(move_is_valid(m) && !move_equal(m, foul) && rules_forbidden(&b, renju, m) == FORBID_NONE,
          "greedy avoids renju fouls");

    /* Same board, same answer; a seeded choice stays legal. */
    uint32_t rng = 7;
    Move m2 = greedy_move(&b, renju, STONE_BLACK, &rng);
    check(move_is_valid(m2) && board_get(&b, m2.x, m2.y) == STONE_EMPTY &&
              rules_forbidden(&b, renju, m2) == FORBID_NONE,
          "seeded greedy plays a legal point");
    board_init(&b, 9);
    m = greedy_move(&b, k4, STONE_BLACK, NULL);
    check(m.x == 4 && m.y == 4, "greedy opens in the centre");
}

/* Replays rec on a fresh game and checks the referee's verdict. */
static void check_record(const MatchSetup *ms, const GameRecord *rec)
{
    check(rec->result != GAME_ONGOING, "game finished");
    check(!rec->forfeit, "no forfeit between well-behaved players");
    Game *g = game_new(ms->size, ms->rules);
    bool all_ok = g != NULL;
    for (int i = 0; all_ok && i < rec->moves; i++) {
        all_ok = game_play(g, rec->list[i]) == GAME_OK;
    }
    check(all_ok, "every recorded move replays legally");
    if (all_ok) {
        check(game_result(g) == rec->result, "replay reaches the same result");
        if (rec->result == GAME_BLACK_WINS || rec->result == GAME_WHITE_WINS) {
            Move last = game_last_move(g);
            Stone winner = rec->result == GAME_BLACK_WINS ? STONE_BLACK : STONE_WHITE;
            check(board_get(game_board(g), last.x, last.y) == winner,
                  "the winner played the last move");
            check(rules_is_win(game_board(g), ms->rules, last, NULL, NULL),
                  "the last move makes a winning line");
        } else {
            check(board_is_full(game_board(g)), "a draw means a full board");
        }
    }
    game_free(g);
}

static void selftest_match(MatchSetup *ms)
{
    GameRecord *r1 = run_match(ms);
    GameRecord *r2 = run_match(ms);
    check(r1 != NULL && r2 != NULL, "match ran");
    if (r1 != NULL && r2 != NULL) {
        check(r1[0].opening == r1[1].opening && r1[0].a_black && !r1[1].a_black,
              "an opening is played twice with colours swapped");
        check(r1[0].opening_len >= 2 &&
                  memcmp(r1[0].list, r1[1].list, (size_t)r1[0].opening_len * sizeof(Move)) == 0,
              "both games start from the same opening stones");
        for (int i = 0; i < ms->games; i++) {
            check_record(ms, &r1[i]);
            bool same = r1[i].moves == r2[i].moves && r1[i].result == r2[i].result &&
                        memcmp(r1[i].list, r2[i].list, (size_t)r1[i].moves * sizeof(Move)) == 0;
            /* A node budget, unlike a clock, makes the engine's games repeatable. */
            if ((ms->a.kind == PLAYER_GREEDY || ms->a.kind == PLAYER_NODES) &&
                (ms->b.kind == PLAYER_GREEDY || ms->b.kind == PLAYER_NODES)) {
                check(same, "same seed, same games");
            }
        }
        MatchStats s = tally(r1, ms->games);
        check(s.wins + s.draws + s.losses == ms->games, "tally adds up");
        check(s.black_wins + s.white_wins + s.draws == ms->games, "colour tally adds up");
    }
    free_records(r1, ms->games);
    free_records(r2, ms->games);
}

/* --sprt stops a match whose answer is clear, after a whole pair: greedy
 * against itself is not 50 Elo stronger, which the test accepts after
 * about 30 pairs, long before the 200 games (the balancing search picks
 * the openings, so when exactly depends on the engine).  From a file of
 * one opening, the test plays it once (both colours) and stops. */
static void selftest_sprt(const MatchSetup *base, const Opening *one)
{
    MatchSetup ms = *base;
    ms.games = 200;
    ms.threads = 2;
    ms.quiet = true;
    ms.use_sprt = true;
    ms.file_openings = NULL;
    ms.file_nopenings = 0;
    check(sprt_parse("0,50", &ms.sprt) == 0, "--sprt 0,50 parses");
    MatchOutcome out;
    GameRecord *r = run_games(&ms, &out);
    check(r != NULL, "sprt match ran");
    if (r != NULL) {
        const int pairs = sprt_pairs(out.penta);
        check(out.verdict == SPRT_H0, "even pairs accept H0");
        double lower, upper;
        sprt_bounds(&ms.sprt, &lower, &upper);
        check(out.settled_pairs >= 1 && out.settled_pairs <= pairs && out.settled_llr <= lower,
              "the pair and ratio that settled the test are kept");
        check(out.played % 2 == 0 && out.played < ms.games && pairs * 2 == out.played,
              "the test stops after whole pairs, before --games");
        int again[SPRT_PENTA] = {0};
        for (int i = 0; i < out.played; i++) {
            check_record(&ms, &r[i]);
            if (i % 2 == 1) {
                again[sprt_pair_class(a_half_points(&r[i - 1]), a_half_points(&r[i]))]++;
            }
        }
        check(memcmp(again, out.penta, sizeof again) == 0, "the test counted every pair once");
    }
    free_records(r, ms.games);
    ms.file_openings = one;
    ms.file_nopenings = 1;
    r = run_games(&ms, &out);
    check(r != NULL && out.played == 2 && out.verdict == SPRT_GOING,
          "the test never plays a file's opening twice");
    free_records(r, ms.games);
}

/* The option parsers: position strings, opening files, INFO pairs. */
static void selftest_parsing(void)
{
    Opening op;
    Rules free5 = {RULE_FREESTYLE, 5};
    check(opening_parse("h7g8k5h9", 15, &op, NULL, 0) == 0 && op.len == 4 && op.moves[0].x == 7 &&
              op.moves[0].y == 6 && op.moves[1].x == 6 && op.moves[1].y == 7 &&
              op.moves[2].x == 10 && op.moves[2].y == 4 && op.moves[3].x == 7 && op.moves[3].y == 8,
          "h7g8k5h9 is x 7 y 6, x 6 y 7, x 10 y 4, x 7 y 8");
    check(opening_parse("  A1o15\n", 15, &op, NULL, 0) == 0 && op.len == 2 && op.moves[0].x == 0 &&
              op.moves[0].y == 0 && op.moves[1].x == 14 && op.moves[1].y == 14,
          "capitals, blanks and the corners");
    static const char *const bad[] = {"p1", "a16", "a0", "7h", "", "h7 g8", "h", "h7-"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        check(opening_parse(bad[i], 15, &op, NULL, 0) != 0, "a bad position string is refused");
    }
    check(opening_parse("a1b1c1d1e1f1g1h1i1j1k1l1m1n1o1a2b2", 15, &op, NULL, 0) != 0,
          "more than MATCH_OPENING_MAX stones are refused");
    check(opening_parse("h8h8", 15, &op, NULL, 0) == 0 &&
              opening_check(&op, 15, free5, NULL, 0) != 0,
          "a point played twice is refused");
    check(opening_parse("a1b1a2b2a3b3a4b4a5", 15, &op, NULL, 0) == 0 &&
              opening_check(&op, 15, free5, NULL, 0) != 0,
          "an opening that wins is refused");

    char path[] = "/tmp/gomoku-match-openingsXXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    check(f != NULL, "a temporary openings file");
    if (f != NULL) {
        fputs("# two openings\n\nh8i9j8\n  f9h9d6h8  \n", f);
        fclose(f);
        Opening *ops = NULL;
        int n = 0;
        check(opening_file_load(path, 15, free5, &ops, &n, NULL, 0) == 0 && n == 2 &&
                  ops[0].len == 3 && ops[1].len == 4 && ops[1].moves[3].x == 7 &&
                  ops[1].moves[3].y == 7,
              "an openings file loads, comments and blank lines skipped");
        free(ops);
        f = fopen(path, "a");
        if (f != NULL) {
            fputs("h8i9z3\n", f);
            fclose(f);
        }
        char err[200] = "";
        check(opening_file_load(path, 15, free5, &ops, &n, err, sizeof err) != 0 &&
                  strstr(err, ":5:") != NULL,
              "a bad line names its line number");
        remove(path);
    }

    PlayerSpec sp;
    player_spec_parse("greedy", &sp, NULL, 0);
    check(player_spec_add_info(&sp, "max_memory=268435456", NULL, 0) == 0 &&
              player_spec_add_info(&sp, "strength=30", NULL, 0) == 0 && sp.ninfo == 2 &&
              strcmp(sp.info[0], "INFO max_memory 268435456") == 0 &&
              strcmp(sp.info[1], "INFO strength 30") == 0,
          "KEY=VALUE becomes INFO KEY VALUE");
    static const char *const bad_info[] = {"=3", "key=", "key", "ke y=3", "key=a b", "k-y=1"};
    for (size_t i = 0; i < sizeof bad_info / sizeof bad_info[0]; i++) {
        check(player_spec_add_info(&sp, bad_info[i], NULL, 0) != 0, "a bad INFO pair is refused");
    }
    while (sp.ninfo < PLAYER_INFO_MAX) {
        player_spec_add_info(&sp, "a=1", NULL, 0);
    }
    check(player_spec_add_info(&sp, "a=1", NULL, 0) != 0, "too many INFO pairs are refused");
}

/* Swap2 games of ms (an even number): the roles alternate, every game
 * replays legally from its swap2 stones, the tallies add up. */
static void selftest_swap2(MatchSetup *ms, Swap2Path want_first)
{
    ms->swap2 = true;
    GameRecord *r = run_match(ms);
    check(r != NULL, "swap2 match ran");
    if (r != NULL) {
        for (int i = 0; i < ms->games; i++) {
            check(r[i].a_opener == (i % 2 == 0), "swap2 roles alternate");
            check(r[i].path != SWAP2_NONE && r[i].opening_len >= 3 && r[i].opening_len <= 6,
                  "a swap2 opening chose colours");
            check_record(ms, &r[i]);
        }
        check(want_first == SWAP2_NONE || r[0].path == want_first, "the expected swap2 choice");
        MatchStats s = tally(r, ms->games);
        int roles = 0, colours = 0, paths = 0;
        for (int k = 0; k < 3; k++) {
            roles += s.by_role[0][k] + s.by_role[1][k];
            colours += s.by_colour[0][k] + s.by_colour[1][k];
        }
        for (int k = 0; k < SWAP2_PATHS; k++) {
            paths += s.paths[0][k] + s.paths[1][k];
        }
        check(roles == ms->games && colours == ms->games && paths == ms->games &&
                  s.by_role[0][0] + s.by_role[0][1] + s.by_role[0][2] == ms->games / 2,
              "swap2 tallies add up");
    }
    free_records(r, ms->games);
    ms->swap2 = false;
}

/* "nodes:" players: their specs are read or refused, and a match between
 * two of them (one with a knob set) replays identically from its seed. */
static void selftest_nodes(const MatchSetup *ms)
{
    PlayerSpec sp;
    check(player_spec_parse("nodes:5000,12=0,2=15", &sp, NULL, 0) == 0 && sp.kind == PLAYER_NODES &&
              sp.nodes == 5000 && sp.ntune == 2 && sp.tune[0][0] == 12 && sp.tune[0][1] == 0 &&
              sp.tune[1][0] == 2 && sp.tune[1][1] == 15,
          "a node budget and its knobs are read");
    static const char *const bad[] = {"nodes:", "nodes:0", "nodes:10,99=1", "nodes:10,2",
                                      "nodes:10x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        check(player_spec_parse(bad[i], &sp, NULL, 0) != 0, "a bad nodes: player is refused");
    }
    MatchSetup m = *ms;
    player_spec_parse("nodes:3000", &m.a, NULL, 0);
    player_spec_parse("nodes:3000,2=4", &m.b, NULL, 0);
    selftest_match(&m);
}

static int selftest(const char *self_path)
{
    selftest_greedy();

    check(fabs(elo_of_score(0.5)) < 1e-9, "50% is 0 Elo");
    check(fabs(elo_of_score(0.75) - 190.85) < 0.1, "75% is about +191 Elo");
    MatchStats s = {.games = 10, .wins = 10, .black_wins = 5, .white_wins = 5};
    double e, lo, hi;
    elo_estimate(&s, &e, &lo, &hi);
    check(isinf(e) && e > 0 && isinf(hi) && !isinf(lo) && lo > 0.0, "a clean sweep is +inf");
    score_interval(&s, &e, &lo, &hi);
    check(e == 1.0 && hi == 1.0 && fabs(lo - pow(0.025, 0.1)) < 1e-9,
          "a clean sweep's score interval is the binomial bound");
    MatchStats even = {.games = 4, .wins = 2, .losses = 2};
    score_interval(&even, &e, &lo, &hi);
    check(e == 0.5 && fabs(0.5 - lo - 0.49) < 0.01 && fabs(hi - 0.5 - 0.49) < 0.01,
          "2-0-2 scores 50% +- 49");
    selftest_parsing();

    MatchSetup ms;
    memset(&ms, 0, sizeof ms);
    player_spec_parse("greedy", &ms.a, NULL, 0);
    player_spec_parse("greedy", &ms.b, NULL, 0);
    ms.size = 9;
    ms.rules = (Rules){RULE_FREESTYLE, 4};
    ms.games = 2;
    ms.seed = 1;
    ms.time_per_move_ms = 2000;
    ms.threads = 1;
    ms.log = stdout;
    /* A small balancing budget: the filter's path is exercised (and must
     * stay deterministic) without making the self-test slow. */
    ms.balance_nodes = 5000;
    ms.balance_max = 300;
    selftest_match(&ms);

    /* Openings from a file: both games of a pair start from it. */
    Opening file_op;
    opening_parse("e5f6d4", 9, &file_op, NULL, 0);
    ms.file_openings = &file_op;
    ms.file_nopenings = 1;
    selftest_match(&ms);
    selftest_nodes(&ms);
    selftest_sprt(&ms, &file_op);
    ms.file_openings = NULL;
    ms.file_nopenings = 0;

    /* Swap2 on 15x15: greedy's opener places three, the responder (greedy)
     * takes black; the engine's answers too. */
    MatchSetup sw = ms;
    sw.size = 15;
    sw.rules = (Rules){RULE_FREESTYLE, 5};
    selftest_swap2(&sw, SWAP2_RESP_BLACK);
    player_spec_parse("depth:2", &sw.a, NULL, 0);
    selftest_swap2(&sw, SWAP2_NONE);

    PlayerSpec bad;
    check(player_spec_parse("preset:nobody", &bad, NULL, 0) != 0, "unknown preset is refused");
    check(player_spec_parse("preset:beginner", &bad, NULL, 0) == 0 && bad.kind == PLAYER_PRESET &&
              bad.preset == AI_PRESET_BEGINNER,
          "preset names are case-insensitive");
    check(player_spec_parse("custom:depth=6,breadth=12,time=2000", &bad, NULL, 0) == 0 &&
              bad.kind == PLAYER_CUSTOM && bad.custom.depth == 6 && bad.custom.breadth == 12 &&
              bad.custom.time_ms == 2000 && bad.custom.threads == 1,
          "custom settings are read, the rest defaulted");
    check(player_spec_parse("custom:depth=12", &bad, NULL, 0) != 0, "custom depth 12 is refused");

    if (self_path != NULL && strchr(self_path, '/') != NULL) {
        /* Our own binary as a Gomocup brain exercises the pipe client. */
        static char path[PLAYER_PATH_MAX];
        snprintf(path, sizeof path, "%s", self_path);
        static char flag[] = "--pbrain-greedy";
        char *const argv[] = {path, flag, NULL};
        ms.b.kind = PLAYER_PBRAIN;
        snprintf(ms.b.path, sizeof ms.b.path, "%s", path);
        snprintf(ms.b.label, sizeof ms.b.label, "pbrain:self");
        ms.b.argv = argv;
        selftest_match(&ms);
        MatchSetup sw2 = sw;
        sw2.b = ms.b;
        selftest_swap2(&sw2, SWAP2_NONE);
        ms.size = 15;
        ms.rules = (Rules){RULE_RENJU, 5};
        ms.seed = 3;
        selftest_match(&ms);
        ms.b.argv = NULL;
        snprintf(ms.b.path, sizeof ms.b.path, "/nonexistent/pbrain-nothing");
        ms.games = 1;
        GameRecord *r = run_match(&ms);
        check(r != NULL && r[0].forfeit && r[0].result == GAME_BLACK_WINS,
              "a brain that cannot start loses");
        free_records(r, ms.games);
    } else {
        printf("selftest: no path to this program, pbrain client not exercised\n");
    }

    if (selftest_failures == 0) {
        printf("selftest: all checks passed\n");
        return 0;
    }
    printf("selftest: %d check(s) failed\n", selftest_failures);
    return 1;
}

/* ---- command line ------------------------------------------------------- */

static void usage(FILE *f)
{
    fprintf(f, "usage: gomoku-match [options] PLAYER_A PLAYER_B\n"
               "       gomoku-match --ladder [options]\n"
               "       gomoku-match --selftest\n"
               "players: preset:NAME (Beginner..Master), depth:N, greedy, pbrain:PATH,\n"
               "         custom:depth=2..10,breadth=2..24,time=100..10000,threads=1..16,\n"
               "         nodes:N[,K=V...] (the brain's search, N nodes a move, AiTune knob K = V)\n"
               "options:\n"
               "  --games N            games to play (default 10; each opening twice)\n"
               "  --size N             board size (default 15)\n"
               "  --rule R             freestyle | exact | renju (default freestyle)\n"
               "  --k K                win length (default 5)\n"
               "  --seed S             opening and tie-break seed (default 1)\n"
               "  --balance NODES      search each opening with NODES nodes and keep only\n"
               "                       even ones (default 200000; 0 = keep every opening)\n"
               "  --balance-max S      largest |score| an even opening may have (default 300)\n"
               "  --show-openings      print every candidate opening and its score\n"
               "  --openings FILE      play the openings of FILE in turn, one position string\n"
               "                       a line as Rapfi's opengen writes them (h7g8k5h9)\n"
               "  --swap2              the players make the opening under swap2 (k = 5), each\n"
               "                       pair of games with opener and responder swapped\n"
               "  --info KEY=VALUE     send INFO KEY VALUE to both pbrain players (repeatable)\n"
               "  --info-a KEY=VALUE   ... to player A only; --info-b: to player B only\n"
               "  --pbrain-info KEY=VALUE  the same as --info\n"
               "  --time-per-move MS   pbrain players' timeout_turn (default 1000)\n"
               "  --threads T          games played at once (default 1)\n"
               "  --sprt E0,E1[,A,B]   stop as soon as a sequential test over pairs of games\n"
               "                       accepts A - B <= E0 Elo or A - B >= E1 (error rates\n"
               "                       A and B, default 0.05); --games is then the most\n"
               "  --engine-threads T   override the presets' search threads\n"
               "  --verbose            print every game's moves; show brains' stderr\n"
               "  --quiet              no per-game lines\n"
               "  --ladder             Beginner-greedy, Easy-Beginner, ... Master-Hard;\n"
               "                       markdown table on stdout, progress on stderr\n"
               "  --ladder-top NAME    stop the ladder at this preset (default Master)\n"
               "  --selftest           quick consistency checks (exit 0 when they pass)\n"
               "  --soak N             N games of random size, k and rule, engine against\n"
               "                       engine (and --soak-brain PATH over pipes), every move\n"
               "                       checked against the referee, memory watched\n"
               "  --soak-brain PATH    the Gomocup brain for --soak's odd games\n"
               "  --pbrain-greedy      act as a Gomocup brain that plays greedy\n");
}

static bool parse_int(const char *s, int lo, int hi, int *out)
{
    char *end = NULL;
    long v = s != NULL ? strtol(s, &end, 10) : 0;
    if (s == NULL || end == s || *end != '\0' || v < lo || v > hi) {
        return false;
    }
    *out = (int)v;
    return true;
}

/* What the command line asks for. */
typedef struct Cli {
    MatchSetup ms;
    SoakSetup soak;
    bool ladder;
    int ladder_top;
    const char *players[2];
    int nplayers;
    const char *openings_path; /* --openings */
    /* --info (side 0), --info-a (1), --info-b (2), in the order given */
    int ninfo;
    struct {
        int side;
        const char *kv;
    } info[2 * PLAYER_INFO_MAX];
} Cli;

/* Options taking a whole number in [lo, hi], stored at off in Cli. */
static const struct {
    const char *name;
    int lo, hi;
    size_t off;
} int_options[] = {
    {"--soak", 1, 10000000, offsetof(Cli, soak.games)},
    {"--games", 1, 100000, offsetof(Cli, ms.games)},
    {"--size", BOARD_MIN_SIZE, BOARD_MAX_SIZE, offsetof(Cli, ms.size)},
    {"--k", RULES_MIN_K, RULES_MAX_K, offsetof(Cli, ms.rules.k)},
    {"--balance", 0, 1000000000, offsetof(Cli, ms.balance_nodes)},
    {"--balance-max", 0, AI_SCORE_WIN, offsetof(Cli, ms.balance_max)},
    {"--time-per-move", 1, 3600000, offsetof(Cli, ms.time_per_move_ms)},
    {"--threads", 1, MATCH_MAX_THREADS, offsetof(Cli, ms.threads)},
    {"--engine-threads", 1, 64, offsetof(Cli, ms.engine_threads)},
};

/* Options without a value: a flag set true, stored at off in Cli. */
static const struct {
    const char *name;
    size_t off;
} flag_options[] = {
    {"--ladder", offsetof(Cli, ladder)},  {"--verbose", offsetof(Cli, ms.verbose)},
    {"--quiet", offsetof(Cli, ms.quiet)}, {"--show-openings", offsetof(Cli, ms.show_openings)},
    {"--swap2", offsetof(Cli, ms.swap2)},
};

static void cli_defaults(Cli *c)
{
    memset(c, 0, sizeof *c);
    c->ms.size = 15;
    c->ms.rules = (Rules){RULE_FREESTYLE, 5};
    c->ms.games = 10;
    c->ms.seed = 1;
    c->ms.time_per_move_ms = 1000;
    c->ms.threads = 1;
    c->ms.log = stdout;
    c->ms.balance_nodes = 200000;
    c->ms.balance_max = 300;
    c->soak = (SoakSetup){0, 1, NULL, 50, 100};
    c->ladder_top = AI_PRESET_MASTER;
}

/* Reads option a with value v (NULL when none) from a table.  Returns 1
 * when a took v, 0 when it took none, -1 when a is not in the tables and
 * -2 when v is bad. */
static int cli_table_option(Cli *c, const char *a, const char *v)
{
    for (size_t i = 0; i < sizeof int_options / sizeof int_options[0]; i++) {
        if (strcmp(a, int_options[i].name) == 0) {
            int *dst = (int *)((char *)c + int_options[i].off);
            return parse_int(v, int_options[i].lo, int_options[i].hi, dst) ? 1 : -2;
        }
    }
    for (size_t i = 0; i < sizeof flag_options / sizeof flag_options[0]; i++) {
        if (strcmp(a, flag_options[i].name) == 0) {
            *(bool *)((char *)c + flag_options[i].off) = true;
            return 0;
        }
    }
    return -1;
}

/* Reads option a with value v that needs more than a table.  Returns as
 * cli_table_option does. */
static int cli_special_option(Cli *c, const char *a, const char *v)
{
    /* --pbrain-info is the name tools/rapfi/build-rapfi.sh's usage gives. */
    static const char *const info_names[] = {"--info", "--info-a", "--info-b", "--pbrain-info"};
    for (int side = 0; side < 4; side++) {
        if (strcmp(a, info_names[side]) == 0) {
            if (v == NULL || c->ninfo == 2 * PLAYER_INFO_MAX) {
                return -2;
            }
            c->info[c->ninfo].side = side % 3;
            c->info[c->ninfo].kv = v;
            c->ninfo++;
            return 1;
        }
    }
    if (strcmp(a, "--openings") == 0) {
        c->openings_path = v;
        return v != NULL ? 1 : -2;
    }
    if (strcmp(a, "--sprt") == 0) {
        c->ms.use_sprt = true;
        return sprt_parse(v, &c->ms.sprt) == 0 ? 1 : -2;
    }
    if (strcmp(a, "--soak-brain") == 0) {
        c->soak.brain = v;
        return v != NULL ? 1 : -2;
    }
    if (strcmp(a, "--ladder-top") == 0) {
        PlayerSpec top;
        char name[64];
        snprintf(name, sizeof name, "preset:%.40s", v != NULL ? v : "");
        if (player_spec_parse(name, &top, NULL, 0) != 0) {
            return -2;
        }
        c->ladder_top = (int)top.preset;
        return 1;
    }
    if (strcmp(a, "--seed") == 0) {
        int n;
        if (!parse_int(v, 0, 2147483647, &n)) {
            return -2;
        }
        c->ms.seed = (uint32_t)n;
        return 1;
    }
    if (strcmp(a, "--rule") == 0) {
        static const char *const names[] = {"freestyle", "exact", "renju"};
        static const RuleKind kinds[] = {RULE_FREESTYLE, RULE_EXACT, RULE_RENJU};
        for (int i = 0; i < 3; i++) {
            if (v != NULL && strcmp(v, names[i]) == 0) {
                c->ms.rules.kind = kinds[i];
                return 1;
            }
        }
        return -2;
    }
    return -1;
}

/* Reads the command line into c.  Returns -1 to go on, else the exit
 * status (after --help, --selftest, --pbrain-greedy or a bad option). */
static int cli_parse(Cli *c, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--selftest") == 0) {
            return selftest(argv[0]);
        } else if (strcmp(a, "--pbrain-greedy") == 0) {
            return serve_pbrain_greedy();
        }
        int took = cli_table_option(c, a, v);
        if (took == -1) {
            took = cli_special_option(c, a, v);
        }
        if (took == -2) {
            fprintf(stderr, "gomoku-match: bad value for %s\n", a);
            return 2;
        }
        if (took == -1 && a[0] == '-' && a[1] == '-') {
            fprintf(stderr, "gomoku-match: unknown option %s\n", a);
            usage(stderr);
            return 2;
        }
        if (took == -1 && c->nplayers == 2) {
            fprintf(stderr, "gomoku-match: too many players (%s)\n", a);
            return 2;
        }
        if (took == -1) {
            c->players[c->nplayers++] = a;
        }
        i += took > 0 ? took : 0;
    }
    return -1;
}

/* Gives the parsed players their --info, --info-a and --info-b lines.
 * Returns 0, or -1 with a message in err. */
static int cli_add_info(Cli *c, char *err, size_t errlen)
{
    for (int i = 0; i < c->ninfo; i++) {
        int side = c->info[i].side;
        if ((side != 2 && player_spec_add_info(&c->ms.a, c->info[i].kv, err, errlen) != 0) ||
            (side != 1 && player_spec_add_info(&c->ms.b, c->info[i].kv, err, errlen) != 0)) {
            return -1;
        }
    }
    return 0;
}

/* Plays the match between the two players named; returns the exit status. */
static int run_pairing(Cli *c)
{
    MatchSetup *ms = &c->ms;
    if (c->nplayers != 2) {
        usage(stderr);
        return 2;
    }
    char err[MATCH_ERR];
    if (player_spec_parse(c->players[0], &ms->a, err, sizeof err) != 0 ||
        player_spec_parse(c->players[1], &ms->b, err, sizeof err) != 0 ||
        cli_add_info(c, err, sizeof err) != 0) {
        fprintf(stderr, "gomoku-match: %s\n", err);
        return 2;
    }
    if (ms->swap2 && (ms->rules.k != 5 || c->openings_path != NULL)) {
        fprintf(stderr, "gomoku-match: --swap2 needs k = 5 and makes its own openings "
                        "(no --openings)\n");
        return 2;
    }
    Opening *file_ops = NULL;
    if (c->openings_path != NULL &&
        opening_file_load(c->openings_path, ms->size, ms->rules, &file_ops, &ms->file_nopenings,
                          err, sizeof err) != 0) {
        fprintf(stderr, "gomoku-match: %s\n", err);
        return 2;
    }
    ms->file_openings = file_ops;
    if (file_ops != NULL && games_allowed(ms) < ms->games) {
        fprintf(stderr,
                "gomoku-match: note: --sprt plays each of the %d openings of %s once (both "
                "colours), so at most %d games\n",
                ms->file_nopenings, c->openings_path, games_allowed(ms));
    } else if (file_ops != NULL && (ms->games + 1) / 2 > ms->file_nopenings) {
        fprintf(stderr, "gomoku-match: note: %d openings in %s, so some are played again\n",
                ms->file_nopenings, c->openings_path);
    }
    if (ms->rules.k != 5 && (ms->a.kind == PLAYER_PBRAIN || ms->b.kind == PLAYER_PBRAIN)) {
        fprintf(stderr,
                "gomoku-match: note: k = %d is passed to brains as INFO win_length, "
                "which only this project's brain understands\n",
                ms->rules.k);
    }
    if (ms->games % 2 != 0) {
        fprintf(stderr, "gomoku-match: note: an odd number of games leaves the last opening "
                        "unanswered with colours swapped\n");
    }
    printf("gomoku-match: %s vs %s, %dx%d %s k=%d, %d games, seed %u%s%s\n", ms->a.label,
           ms->b.label, ms->size, ms->size, rule_option_name(ms->rules.kind), ms->rules.k,
           ms->games, (unsigned)ms->seed, ms->swap2 ? ", swap2" : "",
           c->openings_path != NULL ? ", openings from a file" : "");
    fflush(stdout);
    MatchOutcome out;
    GameRecord *recs = run_games(ms, &out);
    free(file_ops);
    ms->file_openings = NULL;
    if (recs == NULL) {
        fprintf(stderr, "gomoku-match: out of memory\n");
        return 1;
    }
    MatchStats s = tally(recs, out.played);
    free_records(recs, ms->games);
    print_summary(stdout, ms, &s);
    if (ms->use_sprt) {
        print_sprt(stdout, ms, &out);
    }
    return 0;
}

int main(int argc, char **argv)
{
#if !defined(_WIN32)
    /* A brain that dies mid-write must cost a game, not the whole match. */
    signal(SIGPIPE, SIG_IGN);
#endif
    static Cli c;
    cli_defaults(&c);
    int rc = cli_parse(&c, argc, argv);
    if (rc >= 0) {
        return rc;
    }
    if (c.soak.games > 0) {
        c.soak.seed = c.ms.seed;
        c.soak.brain_ms = c.ms.time_per_move_ms < 1000 ? c.ms.time_per_move_ms : 50;
        return soak_run(&c.soak);
    }
    if (!rules_valid(c.ms.rules)) {
        fprintf(stderr, "gomoku-match: %s with k = %d is not playable (renju needs k = 5)\n",
                rule_option_name(c.ms.rules.kind), c.ms.rules.k);
        return 2;
    }
    if (c.ladder) {
        char command[1024] = "";
        size_t used = 0;
        for (int i = 0; i < argc && used + 2 < sizeof command; i++) {
            int w = snprintf(command + used, sizeof command - used, "%s%s", i ? " " : "",
                             i == 0 ? "gomoku-match" : argv[i]);
            used += w > 0 ? (size_t)w : 0;
        }
        return run_ladder(&c.ms, command, c.ladder_top);
    }
    return run_pairing(&c);
}
