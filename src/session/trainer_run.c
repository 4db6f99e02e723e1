/*
 * trainer_run.c - one attempt at a puzzle (trainer_run.h).
 */
#include "session/trainer_run.h"

#include <string.h>

/* Returns the side to move, or STONE_EMPTY when the game is over. */
static Stone to_move(const TrainerRun *r)
{
    return game_result(r->game) == GAME_ONGOING ? game_to_move(r->game) : STONE_EMPTY;
}

int trainer_run_start(TrainerRun *r, const Puzzle *p)
{
    memset(r, 0, sizeof *r);
    r->puzzle = *p;
    r->off = MOVE_NONE;
    r->refute.reply = MOVE_NONE;
    r->game = game_new(p->size, p->rules);
    if (r->game == NULL) {
        return -1;
    }
    for (int i = 0; i < p->nmoves; i++) {
        if (game_play(r->game, p->moves[i]) != GAME_OK) {
            trainer_run_free(r);
            return -1;
        }
    }
    r->start = p->nmoves;
    r->solver = to_move(r);
    if (r->solver == STONE_EMPTY || p->nsolution < 1) {
        trainer_run_free(r);
        return -1;
    }
    return 0;
}

void trainer_run_free(TrainerRun *r)
{
    game_free(r->game);
    r->game = NULL;
}

static bool listed_defence(const TrainerRun *r, Move m)
{
    for (int i = 0; i < r->puzzle.nsolution; i++) {
        if (move_equal(r->puzzle.solution[i], m)) {
            return true;
        }
    }
    return false;
}

/* A right move: the defender's reply follows on the line, or it is over. */
static TrainerMove on_line(TrainerRun *r)
{
    const Puzzle *p = &r->puzzle;
    if (p->goal == PUZZLE_GOAL_DEFEND || game_result(r->game) != GAME_ONGOING) {
        r->step = p->goal == PUZZLE_GOAL_DEFEND ? 1 : p->nsolution;
        r->state = TRAINER_RUN_SOLVED;
        return TRAINER_MOVE_SOLVED;
    }
    r->step++;
    if (r->step < p->nsolution && game_play(r->game, p->solution[r->step]) == GAME_OK) {
        r->step++;
    }
    return TRAINER_MOVE_CORRECT;
}

TrainerMove trainer_run_play(TrainerRun *r, Move m, Forbidden *why)
{
    if (why != NULL) {
        *why = FORBID_NONE;
    }
    if (r->game == NULL || r->state != TRAINER_RUN_SOLVING || to_move(r) != r->solver) {
        return TRAINER_MOVE_ILLEGAL;
    }
    Forbidden f = game_forbidden(r->game, m);
    GameStatus st = game_play(r->game, m);
    if (st != GAME_OK) {
        if (why != NULL && st == GAME_ERR_FORBIDDEN) {
            *why = f;
        }
        return TRAINER_MOVE_ILLEGAL;
    }
    const Puzzle *p = &r->puzzle;
    bool right = p->goal == PUZZLE_GOAL_DEFEND
                     ? listed_defence(r, m)
                     : move_equal(m, p->solution[r->step]) || game_result(r->game) != GAME_ONGOING;
    if (right) {
        return on_line(r);
    }
    r->off = m;
    r->state = TRAINER_RUN_CHECKING;
    return TRAINER_MOVE_CHECK;
}

void trainer_run_job(const TrainerRun *r, TrainerRefuteJob *out)
{
    memset(out, 0, sizeof *out);
    out->board = *game_board(r->game);
    out->rules = r->puzzle.rules;
    out->to_move = stone_opponent(r->solver);
    out->solver = r->solver;
    out->goal = r->puzzle.goal;
    out->nodes = TRAINER_REFUTE_NODES;
}

void trainer_run_refuted(TrainerRun *r, const TrainerRefutation *a)
{
    if (r->state != TRAINER_RUN_CHECKING) {
        return;
    }
    r->refute = *a;
    if (move_is_valid(a->reply) && game_play(r->game, a->reply) != GAME_OK) {
        r->refute.reply = MOVE_NONE; /* the engine's move is legal: should not happen */
    }
    r->state = a->still_wins ? TRAINER_RUN_ALSO_WINS : TRAINER_RUN_WRONG;
    r->failed = r->failed || !a->still_wins;
}

/* Takes back moves until the board has count moves. */
static void back_to(TrainerRun *r, int count)
{
    while (game_move_count(r->game) > count && game_undo(r->game) == GAME_OK) {
    }
    game_drop_redo(r->game);
}

void trainer_run_cancel(TrainerRun *r)
{
    if (r->state == TRAINER_RUN_CHECKING) {
        back_to(r, r->start + r->step);
        r->state = TRAINER_RUN_SOLVING;
        r->off = MOVE_NONE;
    }
}

bool trainer_run_retry(TrainerRun *r)
{
    int before = game_move_count(r->game);
    if (r->state == TRAINER_RUN_WRONG || r->state == TRAINER_RUN_ALSO_WINS) {
        back_to(r, r->start + r->step);
    } else if (r->state == TRAINER_RUN_SHOWN) {
        back_to(r, r->start);
        r->step = 0;
    } else {
        return false;
    }
    r->state = TRAINER_RUN_SOLVING;
    r->off = MOVE_NONE;
    r->refute = (TrainerRefutation){.reply = MOVE_NONE};
    return game_move_count(r->game) != before;
}

void trainer_run_show(TrainerRun *r)
{
    if (r->state == TRAINER_RUN_SOLVED || r->state == TRAINER_RUN_CHECKING) {
        return;
    }
    if (r->state == TRAINER_RUN_WRONG || r->state == TRAINER_RUN_ALSO_WINS) {
        back_to(r, r->start + r->step);
    }
    r->state = TRAINER_RUN_SHOWN;
    r->failed = true;
}

Move trainer_run_expected(const TrainerRun *r)
{
    const Puzzle *p = &r->puzzle;
    if (r->state == TRAINER_RUN_SOLVED) {
        return MOVE_NONE;
    }
    return p->goal == PUZZLE_GOAL_DEFEND ? p->solution[0]
           : r->step < p->nsolution      ? p->solution[r->step]
                                         : MOVE_NONE;
}

/* Returns true when side, having m on b, threatens five at a point. */
static bool makes_four(const Board *b, Rules rules, Move m, Stone side)
{
    Board after = *b;
    if (board_set(&after, m.x, m.y, side) != 0) {
        return false;
    }
    for (int y = 0; y < after.size; y++) {
        for (int x = 0; x < after.size; x++) {
            Move e = {x, y};
            if (board_get(&after, x, y) == STONE_EMPTY &&
                rules_wins_if_played(&after, rules, e, side)) {
                return true;
            }
        }
    }
    return false;
}

TrainerHint trainer_run_hint(TrainerRun *r, Move *region)
{
    Move m = trainer_run_expected(r);
    const Board *b = game_board(r->game);
    if (r->hints < 2) {
        r->hints++;
    }
    if (!move_is_valid(m)) {
        *region = MOVE_NONE;
        return TRAINER_HINT_THREE;
    }
    /* The region's centre is the move shifted by a step the puzzle's id
     * fixes, kept on the board: the hint narrows the search, it does not
     * give the answer. */
    unsigned h = (unsigned)(r->puzzle.id[0] + 7 * r->puzzle.id[1]);
    int dx = (int)(h % 3) - 1, dy = (int)(h / 3 % 3) - 1;
    region->x = m.x + dx >= 1 && m.x + dx <= b->size - 2 ? m.x + dx : m.x;
    region->y = m.y + dy >= 1 && m.y + dy <= b->size - 2 ? m.y + dy : m.y;
    if (r->puzzle.goal == PUZZLE_GOAL_DEFEND) {
        return TRAINER_HINT_DEFEND;
    }
    if (rules_wins_if_played(b, r->puzzle.rules, m, r->solver)) {
        return TRAINER_HINT_FIVE;
    }
    return makes_four(b, r->puzzle.rules, m, r->solver) ? TRAINER_HINT_FOUR : TRAINER_HINT_THREE;
}

int trainer_run_line(const TrainerRun *r, Move *out, int max)
{
    const Puzzle *p = &r->puzzle;
    int n = 0;
    int from = p->goal == PUZZLE_GOAL_DEFEND ? 0 : r->step;
    if (p->goal == PUZZLE_GOAL_DEFEND && r->state == TRAINER_RUN_SOLVED) {
        return 0;
    }
    for (int i = from; i < p->nsolution && n < max; i++) {
        out[n++] = p->solution[i];
    }
    return n;
}

TrainerOutcome trainer_run_outcome(const TrainerRun *r)
{
    return r->failed ? TRAINER_FAILED : r->hints > 0 ? TRAINER_HELPED : TRAINER_SOLVED;
}

/* ---- the refutation ----------------------------------------------------------- */

static AiRequest refute_request(const TrainerRefuteJob *job, const Board *b, Stone side,
                                const atomic_int *cancel)
{
    AiRequest req;
    memset(&req, 0, sizeof req);
    req.board = *b;
    req.rules = job->rules;
    req.to_move = side;
    req.limits.max_depth = AI_MAX_DEPTH;
    req.limits.max_nodes = job->nodes;
    req.limits.threads = 1;
    req.limits.fresh = 1;
    req.cancel = cancel;
    return req;
}

int trainer_refute(Ai *ai, const TrainerRefuteJob *job, const atomic_int *cancel,
                   TrainerRefutation *out)
{
    AiInfo info;
    memset(out, 0, sizeof *out);
    out->reply = MOVE_NONE;
    AiRequest req = refute_request(job, &job->board, job->to_move, cancel);
    if (job->goal == PUZZLE_GOAL_DEFEND) {
        /* The opponent's forced win after the move: the proof's first move. */
        if (ai_threat_search(ai, &req, 0, &info) == 1) {
            out->reply = info.best;
            out->win_plies = info.mate_plies;
            return 0;
        }
        if (ai_search(ai, &req, &info) != 0) {
            return -1;
        }
        out->reply = info.best;
        out->win_plies = info.mate_plies > 0 ? info.mate_plies : 0;
        return 0;
    }
    /* A win puzzle: the defender's best answer, then is the win still there? */
    if (ai_search(ai, &req, &info) != 0) {
        return -1;
    }
    out->reply = info.best;
    Board after = job->board;
    if (!move_is_valid(info.best) ||
        board_set(&after, info.best.x, info.best.y, job->to_move) != 0) {
        return 0;
    }
    AiRequest again = refute_request(job, &after, job->solver, cancel);
    AiInfo proof;
    out->still_wins = ai_threat_search(ai, &again, 0, &proof) == 1;
    return 0;
}
