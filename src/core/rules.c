/*
 * rules.c - win detection and renju forbidden points.
 */
#include "rules.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The four line directions: horizontal, vertical, diagonal, anti-diagonal. */
static const int DIRS[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

bool rules_valid(Rules r)
{
    if (r.k < RULES_MIN_K || r.k > RULES_MAX_K) {
        return false;
    }
    switch (r.kind) {
    case RULE_FREESTYLE:
    case RULE_EXACT: return true;
    case RULE_RENJU: return r.k == 5;
    default: return false;
    }
}

/* Returns true when a line of len stones of colour s wins under r. */
static bool length_wins(Rules r, Stone s, int len)
{
    switch (r.kind) {
    case RULE_FREESTYLE: return len >= r.k;
    case RULE_EXACT: return len == r.k;
    case RULE_RENJU: return s == STONE_WHITE ? len >= 5 : len == 5;
    default: return false;
    }
}

int rules_line_length(const Board *b, int x, int y, int dx, int dy, Stone s)
{
    return 1 + board_run(b, x, y, dx, dy, s) + board_run(b, x, y, -dx, -dy, s);
}

bool rules_is_win(const Board *b, Rules r, Move m, Move *line, int *line_len)
{
    if (b == NULL || !rules_valid(r) || !board_in_bounds(b, m.x, m.y)) {
        return false;
    }
    Stone s = board_get(b, m.x, m.y);
    if (s == STONE_EMPTY) {
        return false;
    }
    for (int d = 0; d < 4; d++) {
        int dx = DIRS[d][0], dy = DIRS[d][1];
        int back = board_run(b, m.x, m.y, -dx, -dy, s);
        int fwd = board_run(b, m.x, m.y, dx, dy, s);
        int len = 1 + back + fwd;
        if (!length_wins(r, s, len)) {
            continue;
        }
        if (line != NULL) {
            for (int i = 0; i < len; i++) {
                line[i].x = (int8_t)(m.x + (i - back) * dx);
                line[i].y = (int8_t)(m.y + (i - back) * dy);
            }
        }
        if (line_len != NULL) {
            *line_len = len;
        }
        return true;
    }
    return false;
}

bool rules_wins_if_played(const Board *b, Rules r, Move m, Stone s)
{
    if (b == NULL || !rules_valid(r) || (s != STONE_BLACK && s != STONE_WHITE) ||
        !board_in_bounds(b, m.x, m.y) || board_get(b, m.x, m.y) != STONE_EMPTY) {
        return false;
    }
    for (int d = 0; d < 4; d++) {
        if (length_wins(r, s, rules_line_length(b, m.x, m.y, DIRS[d][0], DIRS[d][1], s))) {
            return true;
        }
    }
    return false;
}

/*
 * Renju forbidden points.
 *
 * Each of the four lines through the tested point is copied into a short
 * array (LINE_LEN cells centred on the point) so the pattern tests below
 * work on bytes, not on board coordinates.  Eleven cells are enough: any
 * five containing the centre lies within 4 of it, and telling five from
 * overline needs one more cell on each side.  Only the recursive part of
 * the double-three test (is the point that would straighten a three itself
 * forbidden?) goes back to the board.
 */
#define LINE_REACH  5
#define LINE_LEN    (2 * LINE_REACH + 1)
#define LINE_CENTER LINE_REACH

/* How deep the "is the straightening point forbidden" chain may go.  Real
 * positions almost never need more than two or three levels; past the
 * limit the straightening point is assumed playable. */
#define RENJU_MAX_DEPTH 6

enum { CELL_EMPTY = 0, CELL_BLACK = 1, CELL_BLOCK = 2 };

typedef uint8_t Line[LINE_LEN];

/* Copies the line through (x, y) in direction d, with the centre as black;
 * white stones and off-board cells both become CELL_BLOCK.  Returns the
 * number of black stones on it besides the centre. */
static int read_line(const Board *b, int x, int y, int d, Line a)
{
    int dx = DIRS[d][0], dy = DIRS[d][1], blacks = 0;
    for (int i = 0; i < LINE_LEN; i++) {
        int px = x + (i - LINE_CENTER) * dx, py = y + (i - LINE_CENTER) * dy;
        if (!board_in_bounds(b, px, py)) {
            a[i] = CELL_BLOCK;
            continue;
        }
        switch (b->cell[py * BOARD_MAX_SIZE + px]) {
        case STONE_EMPTY: a[i] = CELL_EMPTY; break;
        case STONE_BLACK:
            a[i] = CELL_BLACK;
            blacks++;
            break;
        default: a[i] = CELL_BLOCK; break;
        }
    }
    a[LINE_CENTER] = CELL_BLACK;
    return blacks;
}

/* Returns the length of the black run through the centre and its ends. */
static int center_run(const Line a, int *lo, int *hi)
{
    int l = LINE_CENTER, h = LINE_CENTER;
    while (l > 0 && a[l - 1] == CELL_BLACK) {
        l--;
    }
    while (h < LINE_LEN - 1 && a[h + 1] == CELL_BLACK) {
        h++;
    }
    *lo = l;
    *hi = h;
    return h - l + 1;
}

/* Returns true when black at the empty cell p makes exactly five with the
 * centre.  Used only on lines whose centre run is shorter than five, so the
 * five necessarily passes through p. */
static bool makes_five(Line a, int p)
{
    int lo, hi;
    if (p < 0 || p >= LINE_LEN || a[p] != CELL_EMPTY) {
        return false;
    }
    a[p] = CELL_BLACK;
    int len = center_run(a, &lo, &hi);
    a[p] = CELL_EMPTY;
    return len == 5;
}

/* Returns the number of fours through the centre on this line: distinct
 * groups of four stones that one more stone turns into exactly five.  A
 * straight four has two five points but is one four; X.XXX.X and XX.XX.XX
 * (centre in the middle group) are two. */
static int count_fours(Line a)
{
    bool five[LINE_LEN] = {false};
    int n = 0;
    for (int p = LINE_CENTER - 4; p <= LINE_CENTER + 4; p++) {
        five[p] = makes_five(a, p);
        n += five[p];
    }
    /* Two five points can share their four stones only as .XXXX. */
    for (int p = LINE_CENTER - 4; p + 5 <= LINE_CENTER + 4; p++) {
        if (five[p] && five[p + 5] && a[p + 1] == CELL_BLACK && a[p + 2] == CELL_BLACK &&
            a[p + 3] == CELL_BLACK && a[p + 4] == CELL_BLACK) {
            n--;
        }
    }
    return n;
}

/* Returns true when black at the empty cell q turns the centre's run into
 * a straight four: four in a row with both ends making exactly five. */
static bool makes_straight_four(Line a, int q)
{
    int lo, hi;
    if (a[q] != CELL_EMPTY) {
        return false;
    }
    a[q] = CELL_BLACK;
    int len = center_run(a, &lo, &hi);
    bool ok = len == 4 && lo <= q && q <= hi && makes_five(a, lo - 1) && makes_five(a, hi + 1);
    a[q] = CELL_EMPTY;
    return ok;
}

/* Returns the points of line a (bit i: cell i) where black would make a
 * straight four: the straightening points of a three through the centre. */
static uint16_t straightening_points(Line a)
{
    uint16_t bits = 0;
    for (int q = LINE_CENTER - 3; q <= LINE_CENTER + 3; q++) {
        if (q != LINE_CENTER && makes_straight_four(a, q)) {
            bits = (uint16_t)(bits | (1u << q));
        }
    }
    return bits;
}

static Forbidden forbidden_at(Board *w, int x, int y, int depth);

/* Counts, up to two, the lines through (x, y) whose three is real: one of
 * its straightening points (straighten[d], candidates lines of them) is
 * not itself forbidden once black stands on (x, y). */
static int real_threes(Board *w, int x, int y, const uint16_t straighten[4], int candidates,
                       int depth)
{
    int threes = 0, left = candidates;
    size_t at = (size_t)y * BOARD_MAX_SIZE + (size_t)x;
    w->cell[at] = STONE_BLACK;
    for (int d = 0; d < 4 && threes < 2 && threes + left >= 2; d++) {
        if (straighten[d] == 0) {
            continue;
        }
        left--;
        for (int q = 0; q < LINE_LEN; q++) {
            if ((straighten[d] & (1u << q)) == 0) {
                continue;
            }
            int qx = x + (q - LINE_CENTER) * DIRS[d][0];
            int qy = y + (q - LINE_CENTER) * DIRS[d][1];
            if (forbidden_at(w, qx, qy, depth + 1) == FORBID_NONE) {
                threes++;
                break;
            }
        }
    }
    w->cell[at] = STONE_EMPTY;
    return threes;
}

/* Returns why black may not play the empty point (x, y) of w.  w is
 * scratch: stones are put on it and taken off again while recursing. */
static Forbidden forbidden_at(Board *w, int x, int y, int depth)
{
    Line line[4];
    int lo, hi, blacks = 0;
    bool overline = false;

    for (int d = 0; d < 4; d++) {
        blacks += read_line(w, x, y, d, line[d]);
    }
    /* Every forbidden shape (and a five) needs at least four other black
     * stones on these lines; most points of a real game have fewer. */
    if (blacks < 4) {
        return FORBID_NONE;
    }
    for (int d = 0; d < 4; d++) {
        int len = center_run(line[d], &lo, &hi);
        if (len == 5) {
            return FORBID_NONE; /* a five wins before anything is forbidden */
        }
        overline = overline || len > 5;
    }
    if (overline) {
        return FORBID_OVERLINE;
    }

    bool has_four[4];
    int fours = 0;
    for (int d = 0; d < 4; d++) {
        int n = count_fours(line[d]);
        has_four[d] = n > 0;
        fours += n;
    }
    if (fours >= 2) {
        return FORBID_DOUBLE_FOUR;
    }

    /* Threes: a line (not already a four) where some empty point makes a
     * straight four.  First collect the candidates without recursing; only
     * when two lines have them is it worth asking whether the points are
     * playable. */
    uint16_t straighten[4] = {0}; /* bit i set: cell i makes a straight four */
    int candidates = 0;
    for (int d = 0; d < 4; d++) {
        if (!has_four[d]) {
            straighten[d] = straightening_points(line[d]);
            candidates += straighten[d] != 0;
        }
    }
    if (candidates < 2) {
        return FORBID_NONE;
    }
    if (depth >= RENJU_MAX_DEPTH) {
        return FORBID_DOUBLE_THREE;
    }

    return real_threes(w, x, y, straighten, candidates, depth) >= 2 ? FORBID_DOUBLE_THREE
                                                                    : FORBID_NONE;
}

RulesMove rules_check_move(const Board *b, Rules r, Stone to_move, Move m, Forbidden *why)
{
    if (why != NULL) {
        *why = FORBID_NONE;
    }
    if (b == NULL || !board_in_bounds(b, m.x, m.y)) {
        return RULES_MOVE_OFF_BOARD;
    }
    if (board_get(b, m.x, m.y) != STONE_EMPTY) {
        return RULES_MOVE_OCCUPIED;
    }
    Forbidden f = to_move == STONE_BLACK ? rules_forbidden(b, r, m) : FORBID_NONE;
    if (f != FORBID_NONE) {
        if (why != NULL) {
            *why = f;
        }
        return RULES_MOVE_FORBIDDEN;
    }
    return RULES_MOVE_OK;
}

bool rules_is_legal(const Board *b, Rules r, Stone to_move, Move m)
{
    return rules_check_move(b, r, to_move, m, NULL) == RULES_MOVE_OK;
}

Forbidden rules_forbidden(const Board *b, Rules r, Move m)
{
    if (b == NULL || r.kind != RULE_RENJU || r.k != 5 || !board_in_bounds(b, m.x, m.y) ||
        board_get(b, m.x, m.y) != STONE_EMPTY) {
        return FORBID_NONE;
    }
    /* Cheap exit before copying the board: see forbidden_at. */
    Line scratch;
    int blacks = 0;
    for (int d = 0; d < 4; d++) {
        blacks += read_line(b, m.x, m.y, d, scratch);
    }
    if (blacks < 4) {
        return FORBID_NONE;
    }
    Board w = *b;
    return forbidden_at(&w, m.x, m.y, 0);
}

const char *rules_forbidden_name(Forbidden f)
{
    switch (f) {
    case FORBID_NONE: return "none";
    case FORBID_OVERLINE: return "overline";
    case FORBID_DOUBLE_FOUR: return "double four";
    case FORBID_DOUBLE_THREE: return "double three";
    default: return "unknown";
    }
}

const char *rules_kind_name(RuleKind kind)
{
    switch (kind) {
    case RULE_FREESTYLE: return "Freestyle";
    case RULE_EXACT: return "Exact";
    case RULE_RENJU: return "Renju";
    default: return "Unknown";
    }
}

const char *const RULES_KIND_WORDS[RULES_KIND_COUNT] = {
    [RULE_FREESTYLE] = "freestyle", [RULE_EXACT] = "exact", [RULE_RENJU] = "renju"};

const char *rules_kind_word(RuleKind kind)
{
    return (int)kind >= 0 && kind < RULES_KIND_COUNT ? RULES_KIND_WORDS[kind]
                                                     : RULES_KIND_WORDS[RULE_FREESTYLE];
}

int rules_kind_from_word(const char *w, RuleKind *out)
{
    for (int i = 0; i < RULES_KIND_COUNT; i++) {
        if (strcmp(w, RULES_KIND_WORDS[i]) == 0) {
            *out = (RuleKind)i;
            return 0;
        }
    }
    return -1;
}
