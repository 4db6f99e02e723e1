/*
 * fuzz_brain.c - any bytes as a manager's input to the Gomocup brain, served
 * in-process through the same loop as pbrain-gomoku (brain_serve, with the
 * input read inline so that a session always runs the same way, and a tiny
 * search so that thousands run a second).
 *
 * Beside "no crash", a referee checks the brain against the protocol as
 * docs/brain.md states it.  The referee splits the bytes into lines and
 * keeps its own model of the game from the commands alone, written apart
 * from src/brain (it shares only the rules of src/core, the one legality
 * check).  After every input item it checks that:
 *   - the brain took the same item (a line, a refused line, end of input);
 *   - the brain's position is the referee's, point for point;
 *   - a move comes only for a move request, at most one, and then exactly
 *     one unless the board has no legal point (then ERROR): on the board,
 *     on an empty point, legal for the brain's colour (renju's forbidden
 *     points included);
 *   - SWAP2BOARD's DONE with 0, 3 or 5 stones (five in a row) gets one
 *     answer of the shape its count allows (three stones; SWAP, one move
 *     or two stones; SWAP or one move), every stone on an empty point and
 *     legal for its colour; the position is then the stones and the
 *     answer's, the brain's own colour white when it took white, else black;
 *   - every reply is one line of text of a known shape, an ERROR or UNKNOWN
 *     saying what, and nothing follows END;
 *   - the brain quits exactly at END or at end of input.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain_serve.h"
#include "core/board.h"
#include "core/rules.h"
#include "fuzz_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Small enough for thousands of sessions a second, deep enough to reach the
 * engine's every phase. */
static const BrainCaps CAPS = {1, 50, (size_t)64 << 10};

#define LINE_MAX_LEN  1023 /* BRAIN_INPUT_LINE_MAX, as docs/brain.md states it */
#define OUT_LINES     64   /* replies one input item may produce */
#define OUT_LEN       1100
#define NUMBER_DIGITS 18
/* Move requests served per input.  Each costs a search, mostly the
 * engine's fixed setup, slow under coverage instrumentation; the fuzzer's
 * crossovers make games of hundreds of moves that would only repeat what
 * the first few cover.  Four keep a campaign near a thousand inputs a
 * second on one loaded core (sixteen: about two hundred) with the same
 * coverage of src/brain.  The CTest replay sets FUZZ_BRAIN_REQUESTS
 * (tests/fuzz/CMakeLists.txt) to play the corpus's long games further. */
#define MAX_REQUESTS 4

static int max_requests(void)
{
    static int n;

    if (n == 0) {
        const char *env = getenv("FUZZ_BRAIN_REQUESTS");
        long v = env != NULL ? strtol(env, NULL, 10) : 0;
        n = v > 0 && v <= 100000 ? (int)v : MAX_REQUESTS;
    }
    return n;
}

/* ---- the input: the fuzz data in chunks of varying size ------------------ */

typedef struct Feed {
    const uint8_t *p;
    size_t n, at;
    uint32_t h; /* chooses the chunk sizes */
} Feed;

static int feed_read(void *ctx, char *buf, int cap)
{
    Feed *f = ctx;
    size_t want = (size_t)cap;
    size_t left = f->n - f->at;

    /* Mostly whole chunks, sometimes a few bytes: lines and CRLF pairs cut
     * anywhere. */
    f->h = f->h * 1103515245u + 12345u;
    if ((f->h >> 16) % 4 == 0) {
        want = 1 + (f->h >> 20) % 24;
    }
    want = want < left ? want : left;
    memcpy(buf, f->p + f->at, want);
    f->at += want;
    return (int)want;
}

/* ---- the replies of one step --------------------------------------------- */

typedef struct Out {
    int n;
    bool overflow;
    char line[OUT_LINES][OUT_LEN];
} Out;

static void out_write(const char *line, void *user)
{
    Out *o = user;
    size_t len = strlen(line);

    FUZZ_CHECK(len < 1024, "a reply fits a protocol line");
    if (o->n >= OUT_LINES) {
        o->overflow = true;
        return;
    }
    memcpy(o->line[o->n], line, len + 1);
    o->n++;
}

/* ---- the referee's line splitter ------------------------------------------ */

typedef struct Item {
    BrainInputKind kind;
    char text[LINE_MAX_LEN + 1];
} Item;

typedef struct Splitter {
    const uint8_t *p;
    size_t n, at;
} Splitter;

/* The next item as docs/brain.md defines lines: CR, LF or CRLF end one
 * (empty lines are no items), a line over LINE_MAX_LEN bytes or holding a
 * NUL byte is refused whole, a last line needs no terminator.  Returns
 * false at end of input. */
static bool split_next(Splitter *s, Item *it)
{
    while (s->at < s->n) {
        size_t len = 0;
        bool nul = false, end = false;

        while (s->at < s->n && !end) {
            uint8_t c = s->p[s->at++];
            if (c == '\n' || c == '\r') {
                end = true;
            } else if (c == 0) {
                nul = true;
            } else {
                if (len < LINE_MAX_LEN) {
                    it->text[len] = (char)c;
                }
                len++;
            }
        }
        if (len > LINE_MAX_LEN) {
            it->kind = BRAIN_INPUT_TOO_LONG;
            it->text[0] = '\0';
            return true;
        }
        if (nul || len > 0) {
            it->kind = nul ? BRAIN_INPUT_NUL : BRAIN_INPUT_LINE;
            it->text[nul ? 0 : len] = '\0';
            return true;
        }
    }
    return false;
}

/* ---- the referee's game --------------------------------------------------- */

enum { CELL_EMPTY = 0, CELL_OWN = 1, CELL_OPP = 2, CELL_OTHER = 3 };
enum { MODE_CMD, MODE_BOARD, MODE_SWAP2 };

typedef struct Ref {
    int size; /* 0 before START */
    uint8_t cell[BOARD_MAX_CELLS];
    int mode;
    bool board_without_game;
    uint8_t pending[BOARD_MAX_CELLS];
    int swap2_count; /* the stones of a SWAP2BOARD, in order */
    int swap2_x[5], swap2_y[5];
    int64_t rule_mask;
    int64_t win_length;
} Ref;

/* What one item asks of the brain. */
typedef struct Expect {
    bool move;      /* a move request: one move, or ERROR if none is legal */
    int opening;    /* SWAP2BOARD's DONE: 1 + the stones listed; 0: none */
    bool quit;      /* END: the brain stops, silent */
    int max_errors; /* ERROR / UNKNOWN lines allowed */
} Expect;

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

typedef struct Span {
    const char *p;
    size_t n;
} Span;

static Span trim(Span s)
{
    while (s.n > 0 && blank(s.p[0])) {
        s.p++;
        s.n--;
    }
    while (s.n > 0 && blank(s.p[s.n - 1])) {
        s.n--;
    }
    return s;
}

/* Splits the first word off *rest. */
static Span word(Span *rest)
{
    Span s = trim(*rest);
    size_t i = 0;

    while (i < s.n && !blank(s.p[i])) {
        i++;
    }
    rest->p = s.p + i;
    rest->n = s.n - i;
    return (Span){s.p, i};
}

static bool is(Span s, const char *w)
{
    size_t n = strlen(w);

    if (s.n != n) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        char c = s.p[i];
        if (c >= 'a' && c <= 'z') {
            c = (char)(c - 'a' + 'A');
        }
        if (c != w[i]) {
            return false;
        }
    }
    return true;
}

/* Exactly count comma-separated integers (sign allowed, at most 18 digits,
 * blanks around each). */
static bool numbers(Span s, int64_t *v, int count)
{
    int got = 0;

    s = trim(s);
    for (;;) {
        const char *comma = s.n > 0 ? memchr(s.p, ',', s.n) : NULL;
        Span f = trim((Span){s.p, comma != NULL ? (size_t)(comma - s.p) : s.n});
        bool neg = false;
        int64_t x = 0;

        if (got == count) {
            return false;
        }
        if (f.n > 0 && (f.p[0] == '-' || f.p[0] == '+')) {
            neg = f.p[0] == '-';
            f.p++;
            f.n--;
        }
        if (f.n == 0 || f.n > NUMBER_DIGITS) {
            return false;
        }
        for (size_t i = 0; i < f.n; i++) {
            if (f.p[i] < '0' || f.p[i] > '9') {
                return false;
            }
            x = x * 10 + (f.p[i] - '0');
        }
        v[got++] = neg ? -x : x;
        if (comma == NULL) {
            return got == count;
        }
        s.n -= (size_t)(comma + 1 - s.p);
        s.p = comma + 1;
    }
}

/* An INFO value: a sign and any number of digits, saturated. */
static bool info_value(Span s, int64_t *v)
{
    bool neg = false;
    int64_t x = 0;
    const int64_t top = 999999999999999999;

    s = trim(s);
    if (s.n > 0 && (s.p[0] == '-' || s.p[0] == '+')) {
        neg = s.p[0] == '-';
        s.p++;
        s.n--;
    }
    if (s.n == 0) {
        return false;
    }
    for (size_t i = 0; i < s.n; i++) {
        if (s.p[i] < '0' || s.p[i] > '9') {
            return false;
        }
        x = x > top / 10 ? top : x * 10 + (s.p[i] - '0');
        x = x > top ? top : x;
    }
    *v = neg ? -x : x;
    return true;
}

static int at(int x, int y)
{
    return y * BOARD_MAX_SIZE + x;
}

static bool on(const Ref *r, int64_t x, int64_t y)
{
    return x >= 0 && y >= 0 && x < r->size && y < r->size;
}

static int count(const Ref *r, int what)
{
    int n = 0;
    for (int y = 0; y < r->size; y++) {
        for (int x = 0; x < r->size; x++) {
            n += r->cell[at(x, y)] == what;
        }
    }
    return n;
}

static void new_game(Ref *r, int size)
{
    r->size = size;
    memset(r->cell, 0, sizeof r->cell);
}

/* The rules the brain plays (docs/brain.md, INFO rule and win_length). */
static Rules ref_rules(const Ref *r)
{
    Rules rules = {RULE_FREESTYLE, (int)r->win_length};

    if (r->rule_mask & 4) {
        rules.kind = RULE_RENJU;
    } else if (r->rule_mask & 1) {
        rules.kind = RULE_EXACT;
    }
    if (!rules_valid(rules)) {
        rules.kind = RULE_FREESTYLE;
    }
    return rules;
}

/* The brain's colour: black with at least as many stones as the opponent
 * (field-3 stones count for no one); the board it moves on, field-3 stones
 * as the opponent's. */
static Stone ref_colour(const Ref *r, Board *board)
{
    Stone me = count(r, CELL_OWN) >= count(r, CELL_OPP) ? STONE_BLACK : STONE_WHITE;

    board_init(board, r->size);
    for (int y = 0; y < r->size; y++) {
        for (int x = 0; x < r->size; x++) {
            int c = r->cell[at(x, y)];
            if (c != CELL_EMPTY) {
                board_set(board, x, y, c == CELL_OWN ? me : stone_opponent(me));
            }
        }
    }
    return me;
}

static bool any_legal(const Ref *r)
{
    Board board;
    Stone me = ref_colour(r, &board);

    for (int y = 0; y < r->size; y++) {
        for (int x = 0; x < r->size; x++) {
            if (board_get(&board, x, y) == STONE_EMPTY &&
                rules_is_legal(&board, ref_rules(r), me, (Move){(int8_t)x, (int8_t)y})) {
                return true;
            }
        }
    }
    return false;
}

/* A move request: a move, or ERROR when no point is legal (checked by
 * check_step only then: renju legality of every point is not cheap). */
static void ask_move(const Ref *r, Expect *e)
{
    (void)r;
    e->move = true;
    e->max_errors += 1;
}

static void ref_info(Ref *r, Span args)
{
    Span key = word(&args);
    int64_t v;

    if (!info_value(args, &v) || v < 0) {
        return;
    }
    if (is(key, "RULE") && v <= 0xffff) {
        r->rule_mask = v;
    } else if (is(key, "WIN_LENGTH") && v >= RULES_MIN_K && v <= RULES_MAX_K) {
        r->win_length = v;
    }
}

/* A stone line of SWAP2BOARD: "x,y", or "x,y,f" with f 1 or 2, on the
 * board, not listed before, at most five. */
static void ref_swap2_stone(Ref *r, Span s)
{
    int64_t v[3];

    if (!numbers(s, v, 2) && !(numbers(s, v, 3) && (v[2] == 1 || v[2] == 2))) {
        return;
    }
    if (!on(r, v[0], v[1]) || r->swap2_count >= 5) {
        return;
    }
    for (int i = 0; i < r->swap2_count; i++) {
        if (r->swap2_x[i] == v[0] && r->swap2_y[i] == v[1]) {
            return;
        }
    }
    r->swap2_x[r->swap2_count] = (int)v[0];
    r->swap2_y[r->swap2_count] = (int)v[1];
    r->swap2_count++;
}

/* SWAP2BOARD's DONE: an opening answer for 0, 3 or 5 stones under five in
 * a row, else an ERROR. */
static void ref_swap2_done(const Ref *r, Expect *e)
{
    int n = r->swap2_count;

    if (r->win_length != 5 || (n != 0 && n != 3 && n != 5)) {
        e->max_errors = 1;
        return;
    }
    e->opening = 1 + n;
    e->max_errors = 0;
}

/* A line inside BOARD or SWAP2BOARD.  Returns true when it was taken. */
static bool ref_board_line(Ref *r, Span s, Expect *e)
{
    int64_t v[3];

    if (is(s, "DONE")) {
        int was = r->mode;
        r->mode = MODE_CMD;
        if (was != MODE_CMD && r->board_without_game) {
            e->max_errors = 1;
        } else if (was == MODE_SWAP2) {
            ref_swap2_done(r, e);
        } else if (was == MODE_BOARD) {
            memcpy(r->cell, r->pending, sizeof r->cell);
            ask_move(r, e);
        }
        return true;
    }
    if ((s.p[0] >= '0' && s.p[0] <= '9') || s.p[0] == '-' || s.p[0] == '+') {
        e->max_errors = 1;
        if (r->mode == MODE_BOARD && !r->board_without_game && numbers(s, v, 3) &&
            on(r, v[0], v[1]) && v[2] >= 1 && v[2] <= 3 &&
            r->pending[at((int)v[0], (int)v[1])] == CELL_EMPTY) {
            r->pending[at((int)v[0], (int)v[1])] = (uint8_t)v[2];
        } else if (r->mode == MODE_SWAP2 && !r->board_without_game) {
            ref_swap2_stone(r, s);
        }
        return true;
    }
    /* Another command ends the BOARD or SWAP2BOARD (ERROR) and is obeyed. */
    e->max_errors = 1;
    r->mode = MODE_CMD;
    return false;
}

static void ref_command(Ref *r, Span line, Expect *e)
{
    Span args = line;
    Span cmd = word(&args);
    int64_t v[2];

    args = trim(args);
    e->max_errors += 1;
    if (is(cmd, "END")) {
        e->quit = true;
    } else if (is(cmd, "START") && numbers(args, v, 1) && v[0] >= BOARD_MIN_SIZE &&
               v[0] <= BOARD_MAX_SIZE) {
        new_game(r, (int)v[0]);
    } else if (is(cmd, "RECTSTART") && numbers(args, v, 2) && v[0] == v[1] &&
               v[0] >= BOARD_MIN_SIZE && v[0] <= BOARD_MAX_SIZE) {
        new_game(r, (int)v[0]);
    } else if (is(cmd, "RESTART") && r->size > 0) {
        new_game(r, r->size);
    } else if (is(cmd, "BEGIN") && r->size > 0 && count(r, CELL_EMPTY) == r->size * r->size) {
        ask_move(r, e);
    } else if (is(cmd, "TURN") && r->size > 0 && numbers(args, v, 2) && on(r, v[0], v[1]) &&
               r->cell[at((int)v[0], (int)v[1])] == CELL_EMPTY) {
        r->cell[at((int)v[0], (int)v[1])] = CELL_OPP;
        ask_move(r, e);
    } else if (is(cmd, "TAKEBACK") && r->size > 0 && numbers(args, v, 2) && on(r, v[0], v[1]) &&
               r->cell[at((int)v[0], (int)v[1])] != CELL_EMPTY) {
        r->cell[at((int)v[0], (int)v[1])] = CELL_EMPTY;
    } else if (is(cmd, "BOARD")) {
        r->mode = MODE_BOARD;
        r->board_without_game = r->size == 0;
        memset(r->pending, 0, sizeof r->pending);
    } else if (is(cmd, "SWAP2BOARD")) {
        r->mode = MODE_SWAP2;
        r->board_without_game = r->size == 0;
        r->swap2_count = 0;
    } else if (is(cmd, "INFO")) {
        ref_info(r, args);
    }
}

/* Plays one line on the referee's game and says what the brain owes it. */
static Expect ref_line(Ref *r, const char *text)
{
    Expect e = {false, 0, false, 0};
    Span s = trim((Span){text, strlen(text)});

    if (s.n == 0) {
        return e;
    }
    if (r->mode != MODE_CMD && ref_board_line(r, s, &e)) {
        return e;
    }
    ref_command(r, s, &e);
    return e;
}

/* ---- the engines ---------------------------------------------------------------- */

/* Engines shared by every session, one per rule set: building an engine's
 * pattern tables costs more than a session's tiny searches, and an engine
 * rebuilds them whenever the rules change.  Each is cleared when a session
 * switches to it (the brain clears it again at START and RESTART), so no
 * session's moves depend on another's. */
static Ai *engine_for(Rules r)
{
    static Ai *engines[3][RULES_MAX_K + 1];
    Ai **e = &engines[r.kind][r.k];

    if (*e == NULL) {
        *e = ai_new(CAPS.table_bytes);
    }
    return *e;
}

/* Before each step: the engine of the referee's rules (the rules a search
 * in this step would use: no step both changes them and searches). */
static void pick_engine(BrainServe *s, const Ref *r, Ai **current)
{
    Ai *want = engine_for(ref_rules(r));

    if (want != NULL && want != *current) {
        ai_clear(want);
        brain_set_engine(brain_serve_brain(s), want);
        *current = want;
    }
}

/* ---- checking a step ---------------------------------------------------------- */

/* Parses a move reply "x,y" (plain decimal); false when it is not one. */
static bool move_reply(const char *s, int *x, int *y)
{
    int n = 0;

    *x = *y = 0;
    for (int part = 0; part < 2; part++) {
        int *v = part == 0 ? x : y;
        int digits = 0;
        while (s[n] >= '0' && s[n] <= '9' && digits < 4) {
            *v = *v * 10 + (s[n++] - '0');
            digits++;
        }
        if (digits == 0 || s[n] != (part == 0 ? ',' : '\0')) {
            return false;
        }
        n++;
    }
    return true;
}

/* Parses a reply of 1 to 3 stones "x,y x,y ..." into xs, ys (when not
 * NULL).  Returns how many, or 0 when it is not such a list. */
static int stones_reply(const char *s, int *xs, int *ys)
{
    char one[16];
    int n = 0;

    for (;;) {
        const char *sp = strchr(s, ' ');
        size_t len = sp != NULL ? (size_t)(sp - s) : strlen(s);
        int x, y;

        if (n == 3 || len == 0 || len >= sizeof one) {
            return 0;
        }
        memcpy(one, s, len);
        one[len] = '\0';
        if (!move_reply(one, &x, &y)) {
            return 0;
        }
        if (xs != NULL) {
            xs[n] = x;
            ys[n] = y;
        }
        n++;
        if (sp == NULL) {
            return n;
        }
        s = sp + 1;
    }
}

static bool starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Checks one reply's shape; returns 1 for an ERROR or UNKNOWN, else 0. */
static int check_shape(const char *l)
{
    int x, y;

    for (const char *c = l; *c != '\0'; c++) {
        FUZZ_CHECK((unsigned char)*c >= 0x20 && *c != 0x7f, "a reply is one line of text");
    }
    if (starts(l, "ERROR") || starts(l, "UNKNOWN")) {
        const char *why = l + (l[0] == 'E' ? 5 : 7);
        FUZZ_CHECK(why[0] == ' ' && why[1] != '\0', "an ERROR or UNKNOWN says what");
        return 1;
    }
    FUZZ_CHECK(strcmp(l, "OK") == 0 || starts(l, "MESSAGE ") || starts(l, "name=\"") ||
                   move_reply(l, &x, &y) || strcmp(l, "SWAP") == 0 ||
                   stones_reply(l, NULL, NULL) > 0,
               "a reply has a known shape");
    return 0;
}

/* The brain's move against the referee's position; plays it there. */
static void check_move(Ref *r, const char *l)
{
    Board board;
    Stone me = ref_colour(r, &board);
    int x, y;

    FUZZ_CHECK(move_reply(l, &x, &y), "a move is x,y");
    FUZZ_CHECK(on(r, x, y), "the move is on the board");
    FUZZ_CHECK(r->cell[at(x, y)] == CELL_EMPTY, "the move is on an empty point");
    FUZZ_CHECK(rules_is_legal(&board, ref_rules(r), me, (Move){(int8_t)x, (int8_t)y}),
               "the move is legal for the brain's colour");
    r->cell[at(x, y)] = CELL_OWN;
}

/* The answer to SWAP2BOARD's DONE with n stones listed: its shape, its
 * stones legal in order after the listed ones; plays it on the referee's
 * position as docs/brain.md says. */
static void check_opening(Ref *r, int n, const char *l)
{
    int xs[3], ys[3];
    int k = strcmp(l, "SWAP") == 0 ? 0 : stones_reply(l, xs, ys);
    Board board;
    Stone me = STONE_BLACK;

    FUZZ_CHECK(k > 0 || strcmp(l, "SWAP") == 0, "an opening answer is SWAP or stones");
    FUZZ_CHECK(n == 0 ? k == 3 : (n == 3 ? k <= 2 : k <= 1),
               "an opening answer has the shape its stones allow");
    board_init(&board, r->size);
    for (int i = 0; i < n; i++) {
        board_set(&board, r->swap2_x[i], r->swap2_y[i], i % 2 == 0 ? STONE_BLACK : STONE_WHITE);
    }
    for (int i = 0; i < k; i++) {
        Stone s = (n + i) % 2 == 0 ? STONE_BLACK : STONE_WHITE;
        FUZZ_CHECK(on(r, xs[i], ys[i]), "an opening stone is on the board");
        FUZZ_CHECK(rules_is_legal(&board, ref_rules(r), s, (Move){(int8_t)xs[i], (int8_t)ys[i]}),
                   "an opening stone is legal on an empty point");
        board_set(&board, xs[i], ys[i], s);
    }
    if (n > 0 && k == 1) {
        me = STONE_WHITE; /* took white with that move */
    }
    for (int y = 0; y < r->size; y++) {
        for (int x = 0; x < r->size; x++) {
            Stone s = board_get(&board, x, y);
            r->cell[at(x, y)] = s == STONE_EMPTY ? CELL_EMPTY : (s == me ? CELL_OWN : CELL_OPP);
        }
    }
}

static void check_step(Ref *r, const Expect *e, const Out *o, BrainStatus st)
{
    int moves = 0, errors = 0, answers = 0, x, y;

    FUZZ_CHECK(!o->overflow, "one item gets a few replies");
    for (int i = 0; i < o->n; i++) {
        const char *l = o->line[i];
        errors += check_shape(l);
        if (e->opening > 0 && !starts(l, "MESSAGE ") && errors == 0) {
            FUZZ_CHECK(answers++ == 0, "one answer to SWAP2BOARD");
            check_opening(r, e->opening - 1, l);
            continue;
        }
        FUZZ_CHECK(strcmp(l, "SWAP") != 0 &&
                       (move_reply(l, &x, &y) || stones_reply(l, NULL, NULL) == 0),
                   "SWAP and stone lists only answer SWAP2BOARD");
        if (move_reply(l, &x, &y)) {
            FUZZ_CHECK(e->move, "a move only when one was asked for");
            FUZZ_CHECK(moves == 0, "at most one move per request");
            check_move(r, l);
            moves++;
        }
    }
    if (e->move && moves == 0) {
        FUZZ_CHECK(!any_legal(r), "a move request with a legal point gets a move");
        FUZZ_CHECK(errors >= 1, "no legal point: said with ERROR");
    }
    FUZZ_CHECK(e->opening == 0 || answers == 1, "SWAP2BOARD's DONE is answered");
    FUZZ_CHECK(errors <= e->max_errors, "no ERROR or UNKNOWN without a cause");
    FUZZ_CHECK((st == BRAIN_QUIT) == e->quit, "the brain quits exactly at END");
    FUZZ_CHECK(!e->quit || moves == 0, "no move for END");
}

static void check_position(const Ref *r, const Brain *b)
{
    FUZZ_CHECK(brain_board_size(b) == r->size, "the brain's board size is the referee's");
    for (int y = 0; y < r->size; y++) {
        for (int x = 0; x < r->size; x++) {
            FUZZ_CHECK((int)brain_cell(b, x, y) == r->cell[at(x, y)],
                       "the brain's position is the referee's");
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Feed feed = {data, size, 0, (uint32_t)size * 2654435761u};
    Splitter split = {data, size, 0};
    Out *out = calloc(1, sizeof *out);
    Ref *ref = calloc(1, sizeof *ref);
    Item *want = malloc(sizeof *want);
    char got[LINE_MAX_LEN + 1];
    BrainServeConfig cfg;
    BrainServe *s;
    Ai *engine = NULL;
    int requests = 0;

    memset(&cfg, 0, sizeof cfg);
    cfg.read = feed_read;
    cfg.read_ctx = &feed;
    cfg.write = out_write;
    cfg.write_user = out;
    cfg.inline_input = true;
    cfg.caps = CAPS;
    s = out != NULL && ref != NULL && want != NULL ? brain_serve_new(&cfg) : NULL;
    if (s == NULL) {
        free(out);
        free(ref);
        free(want);
        return 0;
    }
    ref->win_length = 5;
    for (;;) {
        BrainInputKind kind;
        BrainStatus st;
        Expect e = {false, 0, false, 1};
        bool more = split_next(&split, want);

        out->n = 0;
        out->overflow = false;
        pick_engine(s, ref, &engine);
        st = brain_serve_step(s, &kind, got, sizeof got);
        FUZZ_CHECK(kind == (more ? want->kind : BRAIN_INPUT_EOF), "the brain reads the lines");
        if (!more) {
            FUZZ_CHECK(st == BRAIN_QUIT && out->n == 0, "end of input ends the session");
            break;
        }
        if (kind == BRAIN_INPUT_LINE) {
            FUZZ_CHECK(strcmp(got, want->text) == 0, "the brain reads the lines as sent");
            e = ref_line(ref, want->text);
        }
        check_step(ref, &e, out, st);
        check_position(ref, brain_serve_brain(s));
        requests += e.move;
        if (st == BRAIN_QUIT || requests >= max_requests()) {
            break;
        }
    }
    brain_serve_free(s);
    free(out);
    free(ref);
    free(want);
    return 0;
}
