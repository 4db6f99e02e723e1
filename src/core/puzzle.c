/*
 * puzzle.c - a puzzle's checks, its one-line text form and its id.
 */
#include "puzzle.h"

#include <stdio.h>
#include <string.h>

#include "err.h"
#include "record.h"
#include "scan.h"

static const char *const GOAL_WORDS[PUZZLE_GOAL_COUNT] = {"win", "defend"};

/* In bit order: THEME_WORDS[i] names bit 1 << i. */
static const char *const THEME_WORDS[] = {"vcf", "vct", "defence", "forbidden", "mine"};
#define THEME_COUNT ((int)(sizeof THEME_WORDS / sizeof THEME_WORDS[0]))

const char *puzzle_goal_word(PuzzleGoal g)
{
    return g == PUZZLE_GOAL_DEFEND ? GOAL_WORDS[1] : GOAL_WORDS[0];
}

const char *puzzle_theme_word(unsigned theme)
{
    for (int i = 0; i < THEME_COUNT; i++) {
        if (theme == 1u << i) {
            return THEME_WORDS[i];
        }
    }
    return NULL;
}

/* ---- checks ---------------------------------------------------------------- */

/* Plays m for *to_move on b (checked); move names the move in messages.
 * Returns 0, or -1 with err set when m is illegal or ends the game (a
 * puzzle's position must still be going on). */
static int play_checked(Board *b, Rules r, Stone *to_move, Move m, const char *what, int idx,
                        char *err, size_t errlen)
{
    char name[RECORD_MOVE_NAME_MAX];
    record_move_name(m, b->size, name);
    if (!rules_is_legal(b, r, *to_move, m)) {
        err_set(err, errlen, "%s %d (%s) is not a legal move there", what, idx + 1, name);
        return -1;
    }
    board_set(b, m.x, m.y, *to_move);
    *to_move = stone_opponent(*to_move);
    return 0;
}

static bool wins(const Board *b, Rules r, Move m)
{
    return rules_is_win(b, r, m, NULL, NULL);
}

static int check_fields(const Puzzle *p, char *err, size_t errlen)
{
    if (p->size < BOARD_MIN_SIZE || p->size > BOARD_MAX_SIZE) {
        err_set(err, errlen, "board size %d is not %d to %d", p->size, BOARD_MIN_SIZE,
                BOARD_MAX_SIZE);
        return -1;
    }
    if (!rules_valid(p->rules)) {
        err_set(err, errlen, "%s with %d in a row is not a rule we play (renju is five)",
                rules_kind_word(p->rules.kind), p->rules.k);
        return -1;
    }
    if ((unsigned)p->goal >= PUZZLE_GOAL_COUNT || (p->themes & ~(unsigned)PUZZLE_THEME_ALL) != 0) {
        err_set(err, errlen, "unknown goal or theme");
        return -1;
    }
    if (p->rating < PUZZLE_RATING_MIN || p->rating > PUZZLE_RATING_MAX) {
        err_set(err, errlen, "rating %d is not %d to %d", p->rating, PUZZLE_RATING_MIN,
                PUZZLE_RATING_MAX);
        return -1;
    }
    if (p->nmoves < 0 || p->nmoves >= p->size * p->size || p->nsolution < 1 ||
        p->nsolution > PUZZLE_SOLUTION_MAX) {
        err_set(err, errlen, "%d moves and a solution of %d: not a puzzle", p->nmoves,
                p->nsolution);
        return -1;
    }
    if (p->plies < 1 || p->plies > PUZZLE_SOLUTION_MAX) {
        err_set(err, errlen, "a win in %d plies is not 1 to %d", p->plies, PUZZLE_SOLUTION_MAX);
        return -1;
    }
    return 0;
}

int puzzle_position(const Puzzle *p, Board *b, Stone *to_move)
{
    Stone s = STONE_BLACK;
    if (p == NULL || board_init(b, p->size) != 0 || p->nmoves < 0 || p->nmoves > BOARD_MAX_CELLS) {
        return -1;
    }
    for (int i = 0; i < p->nmoves; i++) {
        if (play_checked(b, p->rules, &s, p->moves[i], "move", i, NULL, 0) != 0 ||
            wins(b, p->rules, p->moves[i])) {
            return -1;
        }
    }
    *to_move = s;
    return 0;
}

/* The main line of a win: legal, nobody wins before its last move, and
 * that move wins for the solver. */
static int check_win_line(const Puzzle *p, Board b, Stone s, char *err, size_t errlen)
{
    if (p->nsolution % 2 == 0 || p->nsolution != p->plies) {
        err_set(err, errlen,
                "a win's line has the solver's moves at both ends (%d moves for %d "
                "plies)",
                p->nsolution, p->plies);
        return -1;
    }
    for (int i = 0; i < p->nsolution; i++) {
        Move m = p->solution[i];
        if (play_checked(&b, p->rules, &s, m, "solution move", i, err, errlen) != 0) {
            return -1;
        }
        if (wins(&b, p->rules, m) != (i == p->nsolution - 1)) {
            err_set(err, errlen,
                    i == p->nsolution - 1 ? "the solution's last move does not win"
                                          : "solution move %d already ends the game",
                    i + 1);
            return -1;
        }
    }
    return 0;
}

/* The moves that hold: at most PUZZLE_DEFENCES_MAX, each legal, none twice. */
static int check_defences(const Puzzle *p, const Board *b, Stone s, char *err, size_t errlen)
{
    if (p->nsolution > PUZZLE_DEFENCES_MAX) {
        err_set(err, errlen, "%d moves that hold: a defence puzzle has at most %d", p->nsolution,
                PUZZLE_DEFENCES_MAX);
        return -1;
    }
    for (int i = 0; i < p->nsolution; i++) {
        Board t = *b;
        Stone ts = s;
        if (play_checked(&t, p->rules, &ts, p->solution[i], "defence", i, err, errlen) != 0) {
            return -1;
        }
        for (int j = 0; j < i; j++) {
            if (move_equal(p->solution[j], p->solution[i])) {
                err_set(err, errlen, "defence %d is listed twice", i + 1);
                return -1;
            }
        }
    }
    return 0;
}

int puzzle_check(const Puzzle *p, char *err, size_t errlen)
{
    if (p == NULL || check_fields(p, err, errlen) != 0) {
        return -1;
    }
    Board b;
    Stone s = STONE_BLACK;
    board_init(&b, p->size);
    for (int i = 0; i < p->nmoves; i++) {
        if (play_checked(&b, p->rules, &s, p->moves[i], "move", i, err, errlen) != 0) {
            return -1;
        }
        if (wins(&b, p->rules, p->moves[i])) {
            err_set(err, errlen, "move %d already ends the game", i + 1);
            return -1;
        }
    }
    return p->goal == PUZZLE_GOAL_WIN ? check_win_line(p, b, s, err, errlen)
                                      : check_defences(p, &b, s, err, errlen);
}

/* ---- reading --------------------------------------------------------------- */

/* Reads the blank-separated move names of s into out (at most max).
 * Returns how many, or -1 with err set. */
static int read_moves(ScanSpan s, int size, Move *out, int max, const char *what, char *err,
                      size_t errlen)
{
    int n = 0;
    for (ScanSpan w = scan_token(&s); w.n > 0; w = scan_token(&s)) {
        char show[40];
        if (n >= max) {
            err_set(err, errlen, "more than %d %s", max, what);
            return -1;
        }
        if (record_parse_move(w.p, w.n, size, &out[n]) != 0) {
            err_set(err, errlen, "'%s' is not a point of a %dx%d board",
                    scan_show(w, show, sizeof show), size, size);
            return -1;
        }
        n++;
    }
    return n;
}

static int read_themes(ScanSpan w, unsigned *out, char *err, size_t errlen)
{
    *out = 0;
    if (scan_eq(w, "-")) {
        return 0;
    }
    ScanSpan rest = w, one;
    while (rest.n > 0) {
        if (!scan_split(rest, ',', &one, &rest)) {
            one = rest;
            rest.n = 0;
        }
        int t = scan_word(one, THEME_WORDS, THEME_COUNT);
        if (t < 0) {
            char show[40];
            err_set(err, errlen, "unknown theme '%s' (vcf, vct, defence, forbidden, mine)",
                    scan_show(one, show, sizeof show));
            return -1;
        }
        *out |= 1u << t;
    }
    return 0;
}

static int read_id(ScanSpan w, char id[PUZZLE_ID_LEN + 1], char *err, size_t errlen)
{
    bool ok = w.n == PUZZLE_ID_LEN;
    for (size_t i = 0; ok && i < w.n; i++) {
        char c = w.p[i];
        ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    }
    if (!ok) {
        char show[40];
        err_set(err, errlen, "'%s' is not an id (%d lowercase hex digits)",
                scan_show(w, show, sizeof show), PUZZLE_ID_LEN);
        return -1;
    }
    memcpy(id, w.p, PUZZLE_ID_LEN);
    id[PUZZLE_ID_LEN] = '\0';
    return 0;
}

static bool read_number(ScanSpan w, int64_t max, int *out)
{
    int64_t v;
    if (!scan_uint(w, max, &v)) {
        return false;
    }
    *out = (int)v;
    return true;
}

/* The head: ID SIZE RULE K GOAL THEMES RATING PLIES. */
static int read_head(ScanSpan head, Puzzle *p, char *err, size_t errlen)
{
    ScanSpan f[8];
    for (int i = 0; i < 8; i++) {
        f[i] = scan_token(&head);
    }
    if (f[7].n == 0 || scan_token(&head).n != 0) {
        err_set(err, errlen, "the head is ID SIZE RULE K GOAL THEMES RATING PLIES");
        return -1;
    }
    int rule = scan_word(f[2], RULES_KIND_WORDS, RULES_KIND_COUNT);
    int goal = scan_word(f[4], GOAL_WORDS, PUZZLE_GOAL_COUNT);
    if (read_id(f[0], p->id, err, errlen) != 0 || read_themes(f[5], &p->themes, err, errlen) != 0) {
        return -1;
    }
    if (!read_number(f[1], 1000, &p->size) || rule < 0 || !read_number(f[3], 100, &p->rules.k) ||
        goal < 0 || !read_number(f[6], 100000, &p->rating) || !read_number(f[7], 1000, &p->plies)) {
        err_set(err, errlen,
                "the head is ID SIZE RULE K GOAL THEMES RATING PLIES: a number, "
                "freestyle/exact/renju, win/defend");
        return -1;
    }
    p->rules.kind = (RuleKind)rule;
    p->goal = (PuzzleGoal)goal;
    if (p->size < BOARD_MIN_SIZE || p->size > BOARD_MAX_SIZE) {
        err_set(err, errlen, "board size %d is not %d to %d", p->size, BOARD_MIN_SIZE,
                BOARD_MAX_SIZE);
        return -1;
    }
    return 0;
}

int puzzle_parse(const char *line, size_t len, Puzzle *out, char *err, size_t errlen)
{
    ScanSpan s = scan_trim((ScanSpan){line, line == NULL ? 0 : len});
    if (s.n == 0 || s.p[0] == '#') {
        return 1;
    }
    memset(out, 0, sizeof *out);
    ScanSpan head, rest, moves, sol;
    if (!scan_split(s, ':', &head, &rest) || !scan_split(rest, ':', &moves, &sol)) {
        err_set(err, errlen, "a puzzle line is HEAD : MOVES : SOLUTION");
        return -1;
    }
    if (read_head(head, out, err, errlen) != 0) {
        return -1;
    }
    int max_sol = out->goal == PUZZLE_GOAL_WIN ? PUZZLE_SOLUTION_MAX : PUZZLE_DEFENCES_MAX;
    out->nmoves = read_moves(moves, out->size, out->moves, BOARD_MAX_CELLS, "moves", err, errlen);
    if (out->nmoves < 0) {
        return -1;
    }
    out->nsolution =
        read_moves(sol, out->size, out->solution, max_sol, "solution moves", err, errlen);
    if (out->nsolution < 0) {
        return -1;
    }
    return puzzle_check(out, err, errlen) == 0 ? 0 : -1;
}

/* ---- writing --------------------------------------------------------------- */

/* Appends the formatted text to buf at *at (cap bytes in all); marks *at
 * past cap when it does not fit. */
static void put(char *buf, size_t cap, size_t *at, const char *word)
{
    size_t n = strlen(word);
    if (*at + n < cap) {
        memcpy(buf + *at, word, n + 1);
    }
    *at += n;
}

static void put_moves(char *buf, size_t cap, size_t *at, const Move *m, int n, int size)
{
    for (int i = 0; i < n; i++) {
        char name[RECORD_MOVE_NAME_MAX];
        put(buf, cap, at, " ");
        put(buf, cap, at, record_move_name(m[i], size, name));
    }
}

int puzzle_format(const Puzzle *p, char *buf, size_t cap)
{
    if (buf == NULL || cap == 0 || puzzle_check(p, NULL, 0) != 0) {
        return -1;
    }
    char head[160], themes[64] = "";
    for (int i = 0; i < THEME_COUNT; i++) {
        if (p->themes & (1u << i)) {
            if (themes[0] != '\0') {
                strcat(themes, ",");
            }
            strcat(themes, THEME_WORDS[i]);
        }
    }
    snprintf(head, sizeof head, "%.*s %d %s %d %s %s %d %d :", PUZZLE_ID_LEN, p->id, p->size,
             rules_kind_word(p->rules.kind), p->rules.k, puzzle_goal_word(p->goal),
             themes[0] != '\0' ? themes : "-", p->rating, p->plies);
    size_t at = 0;
    buf[0] = '\0';
    put(buf, cap, &at, head);
    put_moves(buf, cap, &at, p->moves, p->nmoves, p->size);
    put(buf, cap, &at, " :");
    put_moves(buf, cap, &at, p->solution, p->nsolution, p->size);
    if (at >= cap) {
        buf[0] = '\0';
        return -1;
    }
    return (int)at;
}

/* ---- symmetry and id ---------------------------------------------------- */

Move puzzle_sym(Move m, int size, int sym)
{
    if (!move_is_valid(m)) {
        return m;
    }
    int x = m.x, y = m.y, last = size - 1;
    if (sym & 4) {
        x = last - x;
    }
    for (int r = 0; r < (sym & 3); r++) {
        int t = x;
        x = last - y;
        y = t;
    }
    return (Move){(int8_t)x, (int8_t)y};
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ull;
    return h ^ (h >> 29);
}

void puzzle_make_id(Puzzle *p)
{
    Board b;
    Stone to_move = STONE_BLACK;
    uint64_t best = UINT64_MAX;
    if (puzzle_position(p, &b, &to_move) == 0) {
        for (int sym = 0; sym < 8; sym++) {
            uint64_t h = mix(0, (uint64_t)p->size);
            h = mix(h, (uint64_t)p->rules.kind * 16u + (uint64_t)p->rules.k);
            h = mix(h, (uint64_t)p->goal * 4u + (uint64_t)to_move);
            /* The board read through symmetry sym: the smallest of the eight
             * readings is the same for every turned or mirrored copy. */
            for (int y = 0; y < p->size; y++) {
                for (int x = 0; x < p->size; x++) {
                    Move from = puzzle_sym((Move){(int8_t)x, (int8_t)y}, p->size, sym);
                    h = mix(h, board_get(&b, from.x, from.y));
                }
            }
            best = h < best ? h : best;
        }
    }
    snprintf(p->id, sizeof p->id, "%08x", (unsigned)(best >> 32));
}
