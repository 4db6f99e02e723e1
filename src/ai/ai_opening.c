/*
 * ai_opening.c - the engine's swap and swap2 decisions (see ai_opening.h).
 *
 * Every decision is a handful of short searches of positions with white to
 * move, sharing the request's budget: the opening stones are the candidate
 * shape the search scores nearest to even, the two extra stones of swap2
 * are the pair (among white's best replies and black's best answers to
 * them) that leaves the position nearest to even, and a colour is taken
 * when the search says it is better.  "Clearly better" is read through the
 * fitted win chance (ai_outlook.h) so it means the same whatever the scale
 * of the evaluation.
 */
#include "ai_opening.h"

#include <string.h>

#include "ai_clock.h"
#include "ai_outlook.h"

/* A side whose win chance is at least this (permille) is clearly better:
 * the chooser takes it rather than placing two more stones. */
#define CLEAR_PERMILLE 650

/* Opening shapes: the first black stone on the centre, then white and the
 * second black stone at these offsets, before one of the eight symmetries.
 * Each scored within about 60 of even (a win chance of 45..55 %) in a
 * 150,000-node search with white to move, when they were chosen: with the
 * two black stones close together black is clearly ahead (70..85 %), so
 * the second stands three or four points off, as in the swap2 openings
 * people play.  Rapfi at 1 s still finds them close (black -40 on average,
 * 77 from even; docs/strength.md, issue 28, seventh session); the present
 * evaluation scores them about 230 worse for black, and its 150,000-node
 * searches of one shape's eight symmetries spread by up to 400, so it was
 * left to pick among them rather than to choose them again. */
static const int8_t SHAPES[][4] = {
    {2, 2, 0, -3},  {2, 0, -4, 2}, {2, 0, -2, 4}, {2, 1, -2, -4}, {1, 1, 2, -4}, {1, 1, 4, -2},
    {2, 0, -4, 0},  {2, 2, -4, 0}, {2, 0, -3, 4}, {2, 1, -3, 4},  {1, 0, -4, 2}, {1, 0, -3, -2},
    {2, 1, -4, -2}, {2, 1, -2, 4}, {2, 2, 4, 3},  {2, 1, -1, -4}, {2, 0, 4, 1},  {2, 1, -4, 1},
    {1, 1, 3, -4},  {2, 2, -4, 3}, {1, 1, 3, -3}, {2, 1, 3, 3},
};
/* For a board too small for every shape above (5x5, 6x6). */
static const int8_t SMALL_SHAPE[4] = {1, 0, 0, 1};
#define SHAPE_COUNT  ((int)(sizeof SHAPES / sizeof SHAPES[0]))
#define SHAPES_TRIED 6 /* candidate shapes searched for the first three */
#define WHITE_TRIED  3 /* white stones tried for swap2's two */
#define BLACK_TRIED  3 /* black answers tried for each white stone */

/* The request's budget, shared out over the searches still planned. */
typedef struct Budget {
    const AiRequest *req;
    int64_t deadline_us; /* 0: no time limit */
    int64_t nodes_left;  /* meaningful only when req->limits.max_nodes > 0 */
    int planned;         /* searches still to come, this one included */
} Budget;

static void budget_init(Budget *b, const AiRequest *req, int planned)
{
    b->req = req;
    b->deadline_us =
        req->limits.time_ms > 0 ? ai_clock_us() + (int64_t)req->limits.time_ms * 1000 : 0;
    b->nodes_left = req->limits.max_nodes;
    b->planned = planned;
}

/* Returns non-zero when the request was cancelled or its time is spent. */
static int budget_over(const Budget *b)
{
    if (b->req->cancel != NULL && atomic_load(b->req->cancel) != 0) {
        return 1;
    }
    if (b->deadline_us > 0 && ai_clock_us() >= b->deadline_us - 1000) {
        return 1;
    }
    return b->req->limits.max_nodes > 0 && b->nodes_left <= 0;
}

/* Searches board with `to_move` to move on the next share of the budget.
 * Returns 0 with *info filled, or -1 when the budget is spent, the request
 * was cancelled (before or during the search) or the search has no score. */
static int budget_search(Ai *ai, Budget *b, const Board *board, Stone to_move, AiInfo *info)
{
    if (budget_over(b)) {
        return -1;
    }
    int share = b->planned > 1 ? b->planned : 1;
    AiRequest sub = *b->req;
    sub.board = *board;
    sub.to_move = to_move;
    sub.on_info = NULL;
    sub.user = NULL;
    if (b->deadline_us > 0) {
        int64_t left_ms = (b->deadline_us - ai_clock_us()) / 1000;
        sub.limits.time_ms = (int)(left_ms / share > 1 ? left_ms / share : 1);
    }
    if (b->req->limits.max_nodes > 0) {
        sub.limits.max_nodes = b->nodes_left / share > 1 ? b->nodes_left / share : 1;
    }
    if (b->planned > 1) {
        b->planned--;
    }
    int rc = ai_search(ai, &sub, info);
    b->nodes_left -= info->nodes;
    if (rc != 0 || info->cancelled || info->unscored) {
        return -1;
    }
    return 0;
}

/* Black's view of a search of a position with white to move. */
static int black_view(const AiInfo *info)
{
    return -info->score;
}

static int iabs(int v)
{
    return v < 0 ? -v : v;
}

/* Writes the opening shape `shape` under symmetry `sym` (0..7) around the
 * centre to stones[3].  Returns 0, or -1 when a stone falls off the board. */
static int shape_stones(const Board *board, const int8_t shape[4], int sym, Move stones[3])
{
    int c = board->size / 2;
    int off[3][2] = {{0, 0}, {shape[0], shape[1]}, {shape[2], shape[3]}};
    for (int i = 0; i < 3; i++) {
        int dx = off[i][0], dy = off[i][1];
        if (sym & 1) {
            dx = -dx;
        }
        if (sym & 2) {
            dy = -dy;
        }
        if (sym & 4) {
            int t = dx;
            dx = dy;
            dy = t;
        }
        if (!board_in_bounds(board, c + dx, c + dy)) {
            return -1;
        }
        stones[i] = (Move){(int8_t)(c + dx), (int8_t)(c + dy)};
    }
    return 0;
}

/* Searches the three stones st (white to move); keeps them in *out when
 * they are the nearest to even so far.  Returns -1 when the budget is spent. */
static int try_shape(Ai *ai, Budget *b, const Move st[3], int *best_abs, AiOpening *out)
{
    Board pos = b->req->board;
    board_set(&pos, st[0].x, st[0].y, STONE_BLACK);
    board_set(&pos, st[1].x, st[1].y, STONE_WHITE);
    board_set(&pos, st[2].x, st[2].y, STONE_BLACK);
    AiInfo info;
    if (budget_search(ai, b, &pos, STONE_WHITE, &info) != 0) {
        return -1;
    }
    int e = black_view(&info);
    if (*best_abs < 0 || iabs(e) < *best_abs) {
        *best_abs = iabs(e);
        memcpy(out->stones, st, 3 * sizeof st[0]);
        out->black_eval = e;
    }
    return 0;
}

/* The first three stones: SHAPES_TRIED shapes picked by the seed, each
 * searched with white to move; the one nearest to even wins. */
static void answer_empty(Ai *ai, const AiRequest *req, AiOpening *out)
{
    Budget b;
    budget_init(&b, req, SHAPES_TRIED);
    uint32_t seed = req->limits.seed;
    int first = (int)(seed % (uint32_t)SHAPE_COUNT);
    int sym = (int)((seed / (uint32_t)SHAPE_COUNT) % 8u);
    int best_abs = -1;
    out->action = AI_OPENING_PLACE;
    out->count = 3;
    out->black_eval = 0;
    int fits = 0;
    for (int i = 0; i < SHAPES_TRIED; i++) {
        Move st[3];
        /* A stride coprime with the table's length visits distinct shapes. */
        if (shape_stones(&req->board, SHAPES[(first + i * 7) % SHAPE_COUNT], (sym + i) % 8, st) !=
            0) {
            continue;
        }
        if (fits++ == 0) {
            memcpy(out->stones, st, sizeof st); /* the answer if nothing is searched */
        }
        if (try_shape(ai, &b, st, &best_abs, out) != 0) {
            return;
        }
    }
    if (fits == 0) {
        Move st[3];
        shape_stones(&req->board, SMALL_SHAPE, sym, st); /* fits every board */
        memcpy(out->stones, st, sizeof st);
        b.planned = 1;
        try_shape(ai, &b, st, &best_abs, out);
    }
}

/* Takes the colour the search of the position (white to move) prefers. */
static void take_better(const AiInfo *info, AiOpening *out)
{
    out->black_eval = black_view(info);
    if (out->black_eval > 0 || !move_is_valid(info->best)) {
        out->action = AI_OPENING_TAKE_BLACK;
        out->count = 0;
    } else {
        out->action = AI_OPENING_TAKE_WHITE;
        out->count = 1;
        out->stones[0] = info->best;
    }
}

/* Collects up to max distinct legal root moves of info (best first). */
static int root_moves(const AiInfo *info, const Board *board, Rules rules, Stone s, Move *moves,
                      int max)
{
    int n = 0;
    for (int i = 0; i < info->root_count && n < max; i++) {
        if (rules_is_legal(board, rules, s, info->root_move[i])) {
            moves[n++] = info->root_move[i];
        }
    }
    if (n == 0 && move_is_valid(info->best) && rules_is_legal(board, rules, s, info->best)) {
        moves[n++] = info->best;
    }
    return n;
}

/* Swap2's two extra stones: for white's best few replies, black's best few
 * answers; the pair whose position (white to move) is nearest to even.
 * Returns 0 with *out filled, or -1 when no pair was searched in time. */
static int place_two(Ai *ai, Budget *b, const AiInfo *first, AiOpening *out)
{
    const AiRequest *req = b->req;
    Move whites[WHITE_TRIED];
    int nw = root_moves(first, &req->board, req->rules, STONE_WHITE, whites, WHITE_TRIED);
    b->planned = nw + nw * BLACK_TRIED;
    int best_abs = -1;
    for (int i = 0; i < nw; i++) {
        Board after_w = req->board;
        board_set(&after_w, whites[i].x, whites[i].y, STONE_WHITE);
        AiInfo answers;
        if (budget_search(ai, b, &after_w, STONE_BLACK, &answers) != 0) {
            break;
        }
        Move blacks[BLACK_TRIED];
        int nb = root_moves(&answers, &after_w, req->rules, STONE_BLACK, blacks, BLACK_TRIED);
        b->planned += nb - BLACK_TRIED; /* fewer answers: more time for each */
        for (int j = 0; j < nb; j++) {
            Board pos = after_w;
            board_set(&pos, blacks[j].x, blacks[j].y, STONE_BLACK);
            AiInfo info;
            if (budget_search(ai, b, &pos, STONE_WHITE, &info) != 0) {
                return best_abs < 0 ? -1 : 0;
            }
            int e = black_view(&info);
            if (best_abs < 0 || iabs(e) < best_abs) {
                best_abs = iabs(e);
                out->action = AI_OPENING_PLACE;
                out->count = 2;
                out->stones[0] = whites[i];
                out->stones[1] = blacks[j];
                out->black_eval = e;
            }
        }
    }
    return best_abs < 0 ? -1 : 0;
}

/* Three or five stones on the board: choose a colour, or (swap2, three
 * stones, a close position) place two more. */
static void answer_choice(Ai *ai, const AiRequest *req, int may_place, AiOpening *out)
{
    Budget b;
    /* The decision gets a third of the budget under swap2: a shallow
     * search misjudges three-stone positions by a wide margin. */
    budget_init(&b, req, may_place ? 3 : 1);
    out->action = AI_OPENING_TAKE_BLACK; /* if nothing could be searched */
    out->count = 0;
    out->black_eval = 0;
    AiInfo first;
    if (budget_search(ai, &b, &req->board, STONE_WHITE, &first) != 0) {
        return;
    }
    take_better(&first, out);
    if (!may_place) {
        return;
    }
    int chance = ai_win_permille(out->black_eval, req->rules, req->board.size);
    if (chance >= CLEAR_PERMILLE || chance <= 1000 - CLEAR_PERMILLE ||
        iabs(out->black_eval) >= AI_SCORE_WIN_THRESHOLD) {
        return;
    }
    AiOpening placed = *out;
    if (place_two(ai, &b, &first, &placed) == 0) {
        *out = placed;
    }
}

/* Returns 1 when board holds n stones alternating from black (black has
 * the one more when n is odd). */
static int stones_ok(const Board *board)
{
    int black = 0, white = 0;
    for (int y = 0; y < board->size; y++) {
        for (int x = 0; x < board->size; x++) {
            Stone s = board_get(board, x, y);
            black += s == STONE_BLACK;
            white += s == STONE_WHITE;
        }
    }
    return black == white + 1 || (black == 0 && white == 0);
}

int ai_opening_answer(Ai *ai, const AiRequest *req, int place_two_ok, AiOpening *out)
{
    if (out == NULL) {
        return -1;
    }
    memset(out, 0, sizeof *out);
    for (int i = 0; i < 3; i++) {
        out->stones[i] = MOVE_NONE;
    }
    if (ai == NULL || req == NULL || req->rules.k != 5 || !rules_valid(req->rules)) {
        return -1;
    }
    int n = req->board.count;
    if ((n != 0 && n != 3 && n != 5) || !stones_ok(&req->board)) {
        return -1;
    }
    if (n == 0) {
        answer_empty(ai, req, out);
    } else {
        answer_choice(ai, req, n == 3 && place_two_ok, out);
    }
    return 0;
}
