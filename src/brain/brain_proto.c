/*
 * brain_proto.c - the Gomocup protocol state machine.
 *
 * The position is kept from the brain's point of view (own / opponent),
 * exactly as the protocol speaks, and turned into black and white only
 * when a move is searched: the colours follow from the stone counts, so
 * BEGIN, TURN and BOARD need no separate bookkeeping of who is black.
 */
#include "brain_proto.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../ai/ai.h"
#include "../core/board.h"
#include "../core/scan.h"
#include "brain_state_internal.h"
#include "brain_swap2.h"
#include "brain_think.h"

#ifndef GOMOKU_VERSION
#define GOMOKU_VERSION "unknown"
#endif

/* Longest line handled; the protocol's lines are a few dozen bytes. */
#define LINE_MAX_LEN 1024

/* ---- reading lines: the shared scanner (core/scan.h) ------------------- */

/* Protocol numbers: at most 18 digits, so no sum of two overflows. */
#define PROTO_INT_MAX 999999999999999999

/* Parses exactly n comma-separated integers (blanks allowed around them)
 * filling the whole of s.  Returns false on anything else. */
static bool parse_ints(ScanSpan s, int64_t *out, int n)
{
    return scan_ints(scan_trim(s), ',', PROTO_INT_MAX, out, n) == n;
}

/* Parses all of s (blanks allowed around it) as one integer with an
 * optional sign and any number of digits, saturated to +-PROTO_INT_MAX: a
 * manager that means "no limit" may send 2^63 - 1 or more.  Returns false
 * when s is not such a number. */
static bool parse_clamped(ScanSpan s, int64_t *out)
{
    bool neg = false;
    int64_t v = 0;

    s = scan_trim(s);
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
        v = v > (PROTO_INT_MAX - (s.p[i] - '0')) / 10 ? PROTO_INT_MAX : v * 10 + (s.p[i] - '0');
    }
    *out = neg ? -v : v;
    return true;
}

/* Writes s to buf (cap bytes) fit to be echoed in a reply: control bytes
 * and bytes that are not UTF-8 become '?', so a manager that reads our
 * replies as text never meets what it sent us in binary.  Returns buf. */
static const char *shown(ScanSpan s, char *buf, size_t cap)
{
    size_t n = 0;

    for (size_t i = 0; i < s.n && n + 5 < cap;) {
        size_t len = scan_utf8_len((const unsigned char *)s.p + i, s.n - i);
        unsigned char c = (unsigned char)s.p[i];

        if (len <= 1) {
            buf[n++] = len == 0 || c < 0x20 || c == 0x7f ? '?' : (char)c;
            i++;
        } else {
            memcpy(buf + n, s.p + i, len);
            n += len;
            i += len;
        }
    }
    buf[n] = '\0';
    return buf;
}

/* ---- position -------------------------------------------------------- */

static void new_game(Brain *b, int size)
{
    b->size = size;
    memset(b->cell, 0, sizeof b->cell);
    if (b->ai != NULL) {
        ai_clear(b->ai);
    }
}

/* Tells the people watching how an INFO rule / win_length was understood
 * when it is not played literally. */
static void note_rules(Brain *b)
{
    int mask = b->rule_mask;
    Rules r = brain_rules(b);

    if (mask & RULE_BIT_CONTINUOUS) {
        brain_reply(
            b, "MESSAGE continuous game is not supported: every position is played as it stands");
    }
    if (mask & RULE_BIT_CARO) {
        brain_reply(b, "MESSAGE caro is not supported: playing %s five", rules_kind_name(r.kind));
    }
    if (mask & ~(RULE_BIT_EXACT | RULE_BIT_CONTINUOUS | RULE_BIT_RENJU | RULE_BIT_CARO)) {
        brain_reply(b, "MESSAGE unknown rule bits in %d ignored", mask);
    }
    if ((mask & RULE_BIT_RENJU) && r.kind != RULE_RENJU) {
        brain_reply(b, "MESSAGE renju needs win_length 5: playing %s with %d in a row",
                    rules_kind_name(r.kind), r.k);
    }
}

/* ---- commands ------------------------------------------------------------ */

static bool need_game(Brain *b, const char *cmd)
{
    if (b->size == 0) {
        brain_reply(b, "ERROR %s before START", cmd);
        return false;
    }
    return true;
}

/* Parses "x,y" naming an empty point on the board, or answers ERROR. */
static bool parse_point(Brain *b, const char *cmd, ScanSpan args, int *x, int *y, bool want_empty)
{
    int64_t v[2];

    if (!parse_ints(args, v, 2)) {
        brain_reply(b, "ERROR %s needs x,y", cmd);
        return false;
    }
    if (!brain_on_board(b, v[0], v[1])) {
        brain_reply(b, "ERROR %s: point %lld,%lld is off the %dx%d board", cmd, (long long)v[0],
                    (long long)v[1], b->size, b->size);
        return false;
    }
    *x = (int)v[0];
    *y = (int)v[1];
    if (want_empty && b->cell[brain_idx(*x, *y)] != BRAIN_CELL_EMPTY) {
        brain_reply(b, "ERROR %s: point %d,%d is occupied", cmd, *x, *y);
        return false;
    }
    if (!want_empty && b->cell[brain_idx(*x, *y)] == BRAIN_CELL_EMPTY) {
        brain_reply(b, "ERROR %s: no stone at %d,%d", cmd, *x, *y);
        return false;
    }
    return true;
}

static void start(Brain *b, const char *cmd, int64_t w, int64_t h)
{
    if (w != h) {
        brain_reply(b, "ERROR rectangular boards are not supported");
    } else if (w < BOARD_MIN_SIZE || w > BOARD_MAX_SIZE) {
        brain_reply(b, "ERROR %s: unsupported board size %lld (supported: %d to %d)", cmd,
                    (long long)w, BOARD_MIN_SIZE, BOARD_MAX_SIZE);
    } else {
        new_game(b, (int)w);
        brain_reply(b, "OK");
    }
}

static void cmd_info(Brain *b, ScanSpan args)
{
    ScanSpan value = args;
    ScanSpan word = scan_token(&value);
    char key[32];
    size_t n = word.n < sizeof key - 1 ? word.n : sizeof key - 1;
    int64_t v;

    memcpy(key, word.p, n);
    key[n] = '\0';
    if (n == 0) {
        brain_reply(b, "ERROR INFO needs a key and a value");
        return;
    }

    /* Keys we do not act on are accepted silently, as the protocol asks. */
    if (scan_eq_nocase(word, "FOLDER") || scan_eq_nocase(word, "EVALUATE") ||
        scan_eq_nocase(word, "GAME_TYPE")) {
        return;
    }
    if (!scan_eq_nocase(word, "TIMEOUT_TURN") && !scan_eq_nocase(word, "TIMEOUT_MATCH") &&
        !scan_eq_nocase(word, "TIME_LEFT") && !scan_eq_nocase(word, "MAX_MEMORY") &&
        !scan_eq_nocase(word, "RULE") && !scan_eq_nocase(word, "WIN_LENGTH") &&
        !scan_eq_nocase(word, "THREAD_NUM")) {
        return;
    }
    if (!parse_clamped(value, &v)) {
        brain_reply(b, "ERROR INFO %s needs a number", key);
        return;
    }
    /* A manager whose clock ran past zero may say so: no time left. */
    if (v < 0 && scan_eq_nocase(word, "TIME_LEFT")) {
        v = 0;
    }
    if (v < 0) {
        brain_reply(b, "ERROR INFO %s needs a non-negative number", key);
        return;
    }

    if (scan_eq_nocase(word, "TIMEOUT_TURN")) {
        b->clock.timeout_turn_ms = v;
    } else if (scan_eq_nocase(word, "TIMEOUT_MATCH")) {
        b->clock.timeout_match_ms = v;
    } else if (scan_eq_nocase(word, "TIME_LEFT")) {
        b->clock.time_left_ms = v;
    } else if (scan_eq_nocase(word, "MAX_MEMORY")) {
        b->max_memory = v;
    } else if (scan_eq_nocase(word, "THREAD_NUM")) {
        /* More threads than the engine runs are no error: it runs its most. */
        b->threads = v < 1 ? 1 : v > AI_MAX_THREADS ? AI_MAX_THREADS : (int)v;
    } else if (scan_eq_nocase(word, "RULE")) {
        if (v > 0xffff) {
            brain_reply(b, "ERROR INFO rule %lld is not a Gomocup rule", (long long)v);
            return;
        }
        b->rule_mask = (int)v;
        note_rules(b);
    } else {
        if (v < RULES_MIN_K || v > RULES_MAX_K) {
            brain_reply(b, "ERROR INFO win_length must be %d to %d", RULES_MIN_K, RULES_MAX_K);
            return;
        }
        b->win_length = (int)v;
        note_rules(b);
    }
}

static void board_line(Brain *b, ScanSpan line)
{
    int64_t v[3];
    char show[80];

    if (!parse_ints(line, v, 3)) {
        brain_reply(b, "ERROR BOARD: expected x,y,field or DONE, got '%s'",
                    shown(line, show, sizeof show));
        return;
    }
    if (b->board_without_game) {
        return; /* reported once at DONE */
    }
    if (!brain_on_board(b, v[0], v[1])) {
        brain_reply(b, "ERROR BOARD: point %lld,%lld is off the %dx%d board", (long long)v[0],
                    (long long)v[1], b->size, b->size);
        return;
    }
    if (v[2] < BRAIN_CELL_OWN || v[2] > BRAIN_CELL_OTHER) {
        brain_reply(b, "ERROR BOARD: field must be 1, 2 or 3, got %lld", (long long)v[2]);
        return;
    }
    if (b->pending[brain_idx((int)v[0], (int)v[1])] != BRAIN_CELL_EMPTY) {
        brain_reply(b, "ERROR BOARD: point %lld,%lld given twice", (long long)v[0],
                    (long long)v[1]);
        return;
    }
    b->pending[brain_idx((int)v[0], (int)v[1])] = (uint8_t)v[2];
}

static void cmd_start(Brain *b, ScanSpan args)
{
    int64_t v;
    if (!parse_ints(args, &v, 1)) {
        brain_reply(b, "ERROR START needs a board size");
    } else {
        start(b, "START", v, v);
    }
}

static void cmd_rectstart(Brain *b, ScanSpan args)
{
    int64_t v[2];
    if (!parse_ints(args, v, 2)) {
        brain_reply(b, "ERROR RECTSTART needs width,height");
    } else {
        start(b, "RECTSTART", v[0], v[1]);
    }
}

static void cmd_restart(Brain *b, ScanSpan args)
{
    (void)args;
    if (need_game(b, "RESTART")) {
        new_game(b, b->size);
        brain_reply(b, "OK");
    }
}

static void cmd_begin(Brain *b, ScanSpan args)
{
    (void)args;
    if (!need_game(b, "BEGIN")) {
        return;
    }
    /* BEGIN opens a game; on stones it is a manager's mistake (a BEGIN sent
     * twice), and a move now would be a second one in a row. */
    if (brain_count_cells(b, BRAIN_CELL_EMPTY) < b->size * b->size) {
        brain_reply(b, "ERROR BEGIN on a board with stones: send START or RESTART first");
        return;
    }
    brain_think_move(b);
}

static void cmd_turn(Brain *b, ScanSpan args)
{
    int x, y;
    if (need_game(b, "TURN") && parse_point(b, "TURN", args, &x, &y, true)) {
        b->cell[brain_idx(x, y)] = BRAIN_CELL_OPPONENT;
        brain_think_move(b);
    }
}

static void cmd_takeback(Brain *b, ScanSpan args)
{
    int x, y;
    if (need_game(b, "TAKEBACK") && parse_point(b, "TAKEBACK", args, &x, &y, false)) {
        b->cell[brain_idx(x, y)] = BRAIN_CELL_EMPTY;
        brain_reply(b, "OK");
    }
}

static void cmd_board(Brain *b, ScanSpan args)
{
    (void)args;
    b->mode = MODE_BOARD;
    b->board_without_game = b->size == 0;
    memset(b->pending, 0, sizeof b->pending);
}

static void cmd_swap2board(Brain *b, ScanSpan args)
{
    (void)args;
    b->mode = MODE_SWAP2;
    b->board_without_game = b->size == 0;
    b->swap2.count = 0;
}

/* A stone line inside SWAP2BOARD. */
static void swap2_line(Brain *b, ScanSpan line)
{
    char err[160];

    if (!b->board_without_game && brain_swap2_add(&b->swap2, line, b->size, err, sizeof err) != 0) {
        brain_reply(b, "ERROR %s", err);
    }
}

static void cmd_done(Brain *b, ScanSpan args)
{
    (void)args;
    brain_reply(b, "ERROR DONE without BOARD");
}

static void cmd_about(Brain *b, ScanSpan args)
{
    (void)args;
    brain_reply(b,
                "name=\"Gomoku\", version=\"%s\", author=\"Gomoku developers\", "
                "country=\"International\"",
                GOMOKU_VERSION);
}

/* The commands, by their first word (case does not matter). */
static const struct {
    const char *word;
    void (*run)(Brain *b, ScanSpan args);
} COMMANDS[] = {
    {"START", cmd_start},     {"RECTSTART", cmd_rectstart},
    {"RESTART", cmd_restart}, {"BEGIN", cmd_begin},
    {"TURN", cmd_turn},       {"TAKEBACK", cmd_takeback},
    {"BOARD", cmd_board},     {"SWAP2BOARD", cmd_swap2board},
    {"DONE", cmd_done},       {"INFO", cmd_info},
    {"ABOUT", cmd_about},
};

static BrainStatus command(Brain *b, ScanSpan line)
{
    char show[208];
    ScanSpan args = line;
    ScanSpan word = scan_token(&args);
    if (scan_eq_nocase(word, "END")) {
        return BRAIN_QUIT;
    }
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++) {
        if (scan_eq_nocase(word, COMMANDS[i].word)) {
            COMMANDS[i].run(b, scan_trim(args));
            return BRAIN_CONTINUE;
        }
    }
    brain_reply(b, "UNKNOWN %s", shown(line, show, sizeof show));
    return BRAIN_CONTINUE;
}

/* ---- public -------------------------------------------------------------- */

/* A line inside BOARD (or after SWAP2BOARD): a stone, DONE, or a command
 * that ends it.  Returns true when the line was taken here. */
static bool board_mode_line(Brain *b, ScanSpan s)
{
    if (scan_eq_nocase(s, "DONE")) {
        Mode was = b->mode;
        b->mode = MODE_COMMAND;
        if (was == MODE_SWAP2) {
            brain_think_swap2(b);
        } else if (was == MODE_BOARD) {
            if (b->board_without_game) {
                brain_reply(b, "ERROR BOARD before START");
            } else {
                memcpy(b->cell, b->pending, sizeof b->cell);
                brain_think_move(b);
            }
        }
        return true;
    }
    if (isdigit((unsigned char)s.p[0]) || s.p[0] == '-' || s.p[0] == '+') {
        if (b->mode == MODE_BOARD) {
            board_line(b, s);
        } else {
            swap2_line(b, s);
        }
        return true;
    }
    /* A command inside BOARD means the manager gave up on it (or lost the
     * DONE): drop the half-read position and obey the command. */
    if (b->mode == MODE_BOARD) {
        brain_reply(b, "ERROR BOARD ended without DONE; position ignored");
    } else {
        brain_reply(b, "ERROR SWAP2BOARD ended without DONE; ignored");
    }
    b->mode = MODE_COMMAND;
    return false;
}

static BrainStatus feed(Brain *b, const char *line)
{
    if (b == NULL || line == NULL) {
        return BRAIN_CONTINUE;
    }
    ScanSpan s = scan_cstr(line);
    if (s.n >= LINE_MAX_LEN) {
        brain_reply(b, "ERROR line too long");
        return BRAIN_CONTINUE;
    }
    s = scan_trim(s);
    if (s.n == 0) {
        return BRAIN_CONTINUE;
    }
    if (b->mode != MODE_COMMAND && board_mode_line(b, s)) {
        return BRAIN_CONTINUE;
    }
    return command(b, s);
}

BrainStatus brain_feed_line(Brain *b, const char *line)
{
    BrainStatus st;

    if (b == NULL || line == NULL) {
        return BRAIN_CONTINUE;
    }
    if (b->quit) {
        return BRAIN_QUIT;
    }
    st = feed(b, line);
    return b->quit ? BRAIN_QUIT : st;
}

BrainUrgent brain_urgent_kind(const char *line)
{
    /* End of input is no reason to throw the move away: a script that pipes
     * a session in without END still gets its last answer, and a manager
     * that died costs at most one turn of CPU. */
    if (line == NULL) {
        return BRAIN_URGENT_NONE;
    }
    ScanSpan rest = scan_cstr(line);
    ScanSpan word = scan_token(&rest);
    /* The same words command() obeys: END with anything after it. */
    if (scan_eq_nocase(word, "END")) {
        return BRAIN_URGENT_END;
    }
    if (scan_eq_nocase(word, "STOP") || scan_eq_nocase(word, "YXSTOP")) {
        return BRAIN_URGENT_STOP;
    }
    return BRAIN_URGENT_NONE;
}

bool brain_interrupt(Brain *b, BrainUrgent what)
{
    int want;
    int v;

    if (b == NULL || what == BRAIN_URGENT_NONE) {
        return false;
    }
    want = what == BRAIN_URGENT_END ? SEARCH_QUIT : SEARCH_STOP;
    v = atomic_load(&b->search);
    for (;;) {
        if (v == SEARCH_IDLE) {
            return false;
        }
        if (v >= want) {
            return true; /* already stopping (the watchdog, an earlier STOP) */
        }
        if (atomic_compare_exchange_weak(&b->search, &v, want)) {
            return true;
        }
    }
}
