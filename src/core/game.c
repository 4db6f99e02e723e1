/*
 * game.c - a game record: board, rules, result and undo/redo history.
 */
#include "game.h"

#include <stdlib.h>
#include <string.h>

struct Game {
    Board board;
    Rules rules;
    Move *moves;  /* played moves, then the undone ones that can be redone */
    int played;   /* moves currently on the board */
    int recorded; /* played + redoable */
    int capacity; /* allocated length of moves */
    GameResult result;
    Move win_line[BOARD_MAX_SIZE];
    int win_len;
};

Game *game_new(int size, Rules rules)
{
    if (!rules_valid(rules) || size < BOARD_MIN_SIZE || size > BOARD_MAX_SIZE) {
        return NULL;
    }
    Game *g = calloc(1, sizeof *g);
    if (g == NULL) {
        return NULL;
    }
    if (board_init(&g->board, size) != 0) {
        free(g);
        return NULL;
    }
    g->rules = rules;
    g->result = GAME_ONGOING;
    return g;
}

void game_free(Game *g)
{
    if (g == NULL) {
        return;
    }
    free(g->moves);
    free(g);
}

Game *game_clone(const Game *g)
{
    if (g == NULL) {
        return NULL;
    }
    Game *c = malloc(sizeof *c);
    if (c == NULL) {
        return NULL;
    }
    *c = *g;
    c->moves = NULL;
    if (g->capacity > 0) {
        c->moves = malloc((size_t)g->capacity * sizeof *c->moves);
        if (c->moves == NULL) {
            free(c);
            return NULL;
        }
        memcpy(c->moves, g->moves, (size_t)g->recorded * sizeof *c->moves);
    }
    return c;
}

Stone game_to_move(const Game *g)
{
    if (g == NULL) {
        return STONE_EMPTY;
    }
    return (g->played % 2 == 0) ? STONE_BLACK : STONE_WHITE;
}

/* Sets the result after m was put on the board by its colour. */
static void update_result(Game *g, Move m)
{
    Stone s = board_get(&g->board, m.x, m.y);
    if (rules_is_win(&g->board, g->rules, m, g->win_line, &g->win_len)) {
        g->result = (s == STONE_BLACK) ? GAME_BLACK_WINS : GAME_WHITE_WINS;
        return;
    }
    g->win_len = 0;
    g->result = board_is_full(&g->board) ? GAME_DRAW : GAME_ONGOING;
}

/* Makes room for one more recorded move; returns false on no memory. */
static bool reserve_one(Game *g)
{
    if (g->played < g->capacity) {
        return true;
    }
    int cap = g->capacity < 64 ? 64 : g->capacity * 2;
    Move *p = realloc(g->moves, (size_t)cap * sizeof *p);
    if (p == NULL) {
        return false;
    }
    g->moves = p;
    g->capacity = cap;
    return true;
}

Forbidden game_forbidden(const Game *g, Move m)
{
    Forbidden why = FORBID_NONE;
    if (g != NULL) {
        (void)rules_check_move(&g->board, g->rules, game_to_move(g), m, &why);
    }
    return why;
}

GameStatus game_play(Game *g, Move m)
{
    if (g == NULL) {
        return GAME_ERR_ARGS;
    }
    if (g->result != GAME_ONGOING) {
        return GAME_ERR_OVER;
    }
    static const GameStatus refusal[] = {
        [RULES_MOVE_OK] = GAME_OK,
        [RULES_MOVE_OFF_BOARD] = GAME_ERR_OFF_BOARD,
        [RULES_MOVE_OCCUPIED] = GAME_ERR_OCCUPIED,
        [RULES_MOVE_FORBIDDEN] = GAME_ERR_FORBIDDEN,
    };
    RulesMove legal = rules_check_move(&g->board, g->rules, game_to_move(g), m, NULL);
    if (legal != RULES_MOVE_OK) {
        return refusal[legal];
    }
    if (!reserve_one(g)) {
        return GAME_ERR_NOMEM;
    }
    board_set(&g->board, m.x, m.y, game_to_move(g));
    g->moves[g->played++] = m;
    g->recorded = g->played;
    update_result(g, m);
    return GAME_OK;
}

GameStatus game_undo(Game *g)
{
    if (g == NULL || g->played == 0) {
        return GAME_ERR_NOTHING;
    }
    Move m = g->moves[--g->played];
    board_set(&g->board, m.x, m.y, STONE_EMPTY);
    /* Moves are only accepted while the game is on, so every earlier
     * position was undecided. */
    g->result = GAME_ONGOING;
    g->win_len = 0;
    return GAME_OK;
}

GameStatus game_redo(Game *g)
{
    if (g == NULL || g->played >= g->recorded) {
        return GAME_ERR_NOTHING;
    }
    Move m = g->moves[g->played];
    board_set(&g->board, m.x, m.y, game_to_move(g));
    g->played++;
    update_result(g, m);
    return GAME_OK;
}

void game_drop_redo(Game *g)
{
    if (g != NULL) {
        g->recorded = g->played;
    }
}

bool game_can_undo(const Game *g)
{
    return g != NULL && g->played > 0;
}

bool game_can_redo(const Game *g)
{
    return g != NULL && g->played < g->recorded;
}

const Board *game_board(const Game *g)
{
    return g == NULL ? NULL : &g->board;
}

Rules game_rules(const Game *g)
{
    if (g == NULL) {
        return (Rules){RULE_FREESTYLE, 5};
    }
    return g->rules;
}

GameResult game_result(const Game *g)
{
    return g == NULL ? GAME_ONGOING : g->result;
}

int game_move_count(const Game *g)
{
    return g == NULL ? 0 : g->played;
}

Move game_move_at(const Game *g, int i)
{
    if (g == NULL || i < 0 || i >= g->played) {
        return MOVE_NONE;
    }
    return g->moves[i];
}

Move game_last_move(const Game *g)
{
    if (g == NULL || g->played == 0) {
        return MOVE_NONE;
    }
    return g->moves[g->played - 1];
}

int game_win_line(const Game *g, Move *out, int max)
{
    if (g == NULL || out == NULL || max <= 0 ||
        (g->result != GAME_BLACK_WINS && g->result != GAME_WHITE_WINS)) {
        return 0;
    }
    int n = g->win_len < max ? g->win_len : max;
    memcpy(out, g->win_line, (size_t)n * sizeof *out);
    return n;
}
