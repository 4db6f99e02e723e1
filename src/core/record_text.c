/*
 * record_text.c - our own record format (docs/file-format.md): reading it
 * strictly, line by line, and writing it.
 */
#include "record_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_internal.h"
#include "scan.h"

/* ---- our text format: parsing ----------------------------------------- */

/* The header keys, in the order header_keys lists them. */
enum {
    HEAD_SIZE,
    HEAD_RULE,
    HEAD_K,
    HEAD_BLACK,
    HEAD_WHITE,
    HEAD_BLACK_KIND,
    HEAD_WHITE_KIND,
    HEAD_PRESET,
    HEAD_DATE,
    HEAD_RESULT,
    HEAD_CLOCK,
    HEAD_POSITION,
    HEAD_COUNT
};

typedef struct Parser {
    Record *r;
    Game *g;  /* replay, created when the first move arrives */
    int line; /* current line number, 1-based */
    bool have_version, have_size, have_result, have_cursor, have_end, have_opening;
    int cursor;            /* the 'position' value; applied once all moves are read */
    bool seen[HEAD_COUNT]; /* header keys already given (index from key_index) */
    char *err;
    size_t errlen;
} Parser;

GOMOKU_PRINTF(2, 3) static int perr(Parser *ps, const char *fmt, ...)
{
    if (ps->err != NULL && ps->errlen > 0) {
        int n = snprintf(ps->err, ps->errlen, "line %d: ", ps->line);
        if (n >= 0 && (size_t)n < ps->errlen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(ps->err + n, ps->errlen - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return -1;
}

/* Stores a free-text value (player name, preset, date) as record_set_text
 * keeps it, so what is read is what a save writes back. */
static int parse_text_value(Parser *ps, ScanSpan v, char dst[RECORD_TEXT_MAX], const char *what)
{
    if (v.n >= RECORD_TEXT_MAX) {
        return perr(ps, "%s is too long (at most %d bytes)", what, RECORD_TEXT_MAX - 1);
    }
    if (!scan_utf8_valid(v)) {
        return perr(ps, "%s is not valid UTF-8 text", what);
    }
    record_set_text_n(dst, v.p, v.n);
    return 0;
}

/* The comment record_format writes first; it is written anew, not kept. */
#define OWN_COMMENT "# Gomoku game record (see docs/file-format.md)"

/* Keeps a line this program does not read (a comment, an extension key)
 * for writing back: before the moves when no move came yet. */
static void keep_line(Parser *ps, ScanSpan s)
{
    if (!scan_eq(s, OWN_COMMENT)) {
        record_keep_line(ps->r, s.p, s.n, ps->r->count == 0);
    }
}

/* Ensures the replay game exists (header complete). */
static int start_moves(Parser *ps)
{
    if (ps->g != NULL) {
        return 0;
    }
    if (!ps->have_size) {
        return perr(ps, "moves must come after 'size'");
    }
    if (ps->r->rules.kind == RULE_RENJU && ps->r->rules.k != 5) {
        return perr(ps, "renju needs k 5 (k is %d)", ps->r->rules.k);
    }
    if (!rules_valid(ps->r->rules)) {
        return perr(ps, "rule %s with k %d is not playable", rules_kind_word(ps->r->rules.kind),
                    ps->r->rules.k);
    }
    ps->g = game_new(ps->r->size, ps->r->rules);
    if (ps->g == NULL) {
        return perr(ps, "out of memory");
    }
    return 0;
}

/* Parses one move token, "h8" or "h8:1234" (milliseconds of thought);
 * time_tok, when not empty, is a separate time ("move h8 1234"). */
static int parse_move_token(Parser *ps, ScanSpan tok, ScanSpan time_tok)
{
    char show[40];
    ScanSpan name = tok;
    ScanSpan t = time_tok;
    bool has_time = time_tok.n > 0;
    for (size_t i = 0; i < tok.n; i++) {
        if (tok.p[i] == ':') {
            if (has_time) {
                return perr(ps, "move '%s' has two times", scan_show(tok, show, sizeof show));
            }
            name.n = i;
            t = (ScanSpan){tok.p + i + 1, tok.n - i - 1};
            has_time = true;
            break;
        }
    }
    Move m;
    int rc = record_parse_move(name.p, name.n, ps->r->size, &m);
    if (rc == -2) {
        return perr(ps, "move '%s' is off a %dx%d board", scan_show(name, show, sizeof show),
                    ps->r->size, ps->r->size);
    }
    if (rc != 0) {
        return perr(ps, "'%s' is not a move (expected a letter and a number, like h8)",
                    scan_show(name, show, sizeof show));
    }
    int64_t ms = -1;
    if (has_time) {
        if (!scan_uint(t, 2147483647L, &ms)) {
            return perr(ps, "time '%s' of move '%s' is not a number of milliseconds",
                        scan_show(t, show, sizeof show), scan_show(name, show + 20, 20));
        }
    }
    if (ps->r->count >= ps->r->size * ps->r->size || ps->r->count >= BOARD_MAX_CELLS) {
        return perr(ps, "more moves than points on the board");
    }
    char prefix[32];
    snprintf(prefix, sizeof prefix, "line %d: ", ps->line);
    if (record_replay_move(ps->g, m, ps->r->count, prefix, ps->err, ps->errlen) != 0) {
        return -1;
    }
    record_add_move(ps->r, m, (int32_t)ms);
    return 0;
}

/* ---- header keys: one handler each, read from a table ---------------- */

static int head_size(Parser *ps, ScanSpan v, int ki)
{
    (void)ki;
    char show[40];
    int64_t n;
    if (!scan_uint(v, 1000, &n)) {
        return perr(ps, "size '%s' is not a number", scan_show(v, show, sizeof show));
    }
    if (n < BOARD_MIN_SIZE || n > BOARD_MAX_SIZE) {
        return perr(ps, "board size %ld is not supported (%d..%d)", (long)n, BOARD_MIN_SIZE,
                    BOARD_MAX_SIZE);
    }
    ps->r->size = (int)n;
    ps->have_size = true;
    return 0;
}

static int head_rule(Parser *ps, ScanSpan v, int ki)
{
    (void)ki;
    char show[40];
    int w = scan_word(v, RULES_KIND_WORDS, RULES_KIND_COUNT);
    if (w < 0) {
        return perr(ps, "unknown rule '%s' (freestyle, exact or renju)",
                    scan_show(v, show, sizeof show));
    }
    ps->r->rules.kind = (RuleKind)w;
    return 0;
}

static int head_k(Parser *ps, ScanSpan v, int ki)
{
    (void)ki;
    char show[40];
    int64_t n;
    if (!scan_uint(v, 100, &n) || n < RULES_MIN_K || n > RULES_MAX_K) {
        return perr(ps, "k '%s' is not a win length %d..%d", scan_show(v, show, sizeof show),
                    RULES_MIN_K, RULES_MAX_K);
    }
    ps->r->rules.k = (int)n;
    return 0;
}

/* The record's text field for key ki (see header_keys) and how an error
 * names it. */
static char *text_field(Record *r, int ki, const char **what);

static int head_text(Parser *ps, ScanSpan v, int ki)
{
    const char *what;
    char *dst = text_field(ps->r, ki, &what);
    return parse_text_value(ps, v, dst, what);
}

static int head_kind(Parser *ps, ScanSpan v, int ki)
{
    static const char *const words[] = {"human", "computer", "unknown"};
    static const RecordPlayerKind kinds[] = {RECORD_PLAYER_HUMAN, RECORD_PLAYER_COMPUTER,
                                             RECORD_PLAYER_UNKNOWN};
    char show[40];
    int w = scan_word(v, words, 3);
    if (w < 0) {
        return perr(ps, "player kind '%s' is not human, computer or unknown",
                    scan_show(v, show, sizeof show));
    }
    RecordPlayer *p = ki == HEAD_BLACK_KIND ? &ps->r->black : &ps->r->white;
    p->kind = kinds[w];
    return 0;
}

static int head_result(Parser *ps, ScanSpan v, int ki)
{
    (void)ki;
    static const char *const winners[] = {"black", "white", "draw", "ongoing"};
    static const GameResult results[] = {GAME_BLACK_WINS, GAME_WHITE_WINS, GAME_DRAW, GAME_ONGOING};
    static const char *const ends[] = {"board", "time", "resign"};
    static const RecordEnd end_of[] = {RECORD_END_BOARD, RECORD_END_TIME, RECORD_END_RESIGN};
    char show[40];
    ScanSpan rest = v;
    ScanSpan w = scan_token(&rest);
    ScanSpan how = scan_token(&rest);
    if (scan_trim(rest).n > 0) {
        return perr(ps, "unexpected '%s' after the result",
                    scan_show(scan_trim(rest), show, sizeof show));
    }
    int wi = scan_word(w, winners, 4);
    if (wi < 0) {
        return perr(ps, "result '%s' is not black, white, draw or ongoing",
                    scan_show(w, show, sizeof show));
    }
    Record *r = ps->r;
    r->result = results[wi];
    if (how.n == 0) {
        r->end = r->result == GAME_ONGOING ? RECORD_END_NONE : RECORD_END_BOARD;
    } else {
        int hi = scan_word(how, ends, 3);
        if (hi < 0) {
            return perr(ps, "'%s' is not a way to end a game (board, time or resign)",
                        scan_show(how, show, sizeof show));
        }
        r->end = end_of[hi];
    }
    ps->have_result = true;
    return 0;
}

static int head_clock(Parser *ps, ScanSpan v, int ki)
{
    (void)ki;
    char show[40];
    int64_t n;
    if (!scan_uint(v, 2147483647L, &n)) {
        return perr(ps, "clock-ms '%s' is not a number of milliseconds",
                    scan_show(v, show, sizeof show));
    }
    ps->r->clock_ms = (int32_t)n;
    return 0;
}

static int head_position(Parser *ps, ScanSpan v, int ki)
{
    (void)ki;
    char show[40];
    int64_t n;
    if (!scan_uint(v, 100000, &n)) {
        return perr(ps, "position '%s' is not a move count", scan_show(v, show, sizeof show));
    }
    ps->cursor = (int)n;
    ps->have_cursor = true;
    return 0;
}

typedef struct HeaderKey {
    const char *name;
    bool text;         /* free text: a '#' is part of it, not a comment */
    bool before_moves; /* the replay depends on it */
    int (*parse)(Parser *ps, ScanSpan v, int ki);
} HeaderKey;

static const HeaderKey header_keys[HEAD_COUNT] = {
    [HEAD_SIZE] = {"size", false, true, head_size},
    [HEAD_RULE] = {"rule", false, true, head_rule},
    [HEAD_K] = {"k", false, true, head_k},
    [HEAD_BLACK] = {"black", true, false, head_text},
    [HEAD_WHITE] = {"white", true, false, head_text},
    [HEAD_BLACK_KIND] = {"black-kind", false, false, head_kind},
    [HEAD_WHITE_KIND] = {"white-kind", false, false, head_kind},
    [HEAD_PRESET] = {"preset", true, false, head_text},
    [HEAD_DATE] = {"date", false, false, head_text},
    [HEAD_RESULT] = {"result", false, false, head_result},
    [HEAD_CLOCK] = {"clock-ms", false, false, head_clock},
    [HEAD_POSITION] = {"position", false, false, head_position},
};

static char *text_field(Record *r, int ki, const char **what)
{
    switch (ki) {
    case HEAD_BLACK: *what = "black's name"; return r->black.name;
    case HEAD_WHITE: *what = "white's name"; return r->white.name;
    case HEAD_PRESET: *what = "the preset"; return r->preset;
    default: *what = "the date"; return r->date;
    }
}

static int key_index(ScanSpan key)
{
    for (int i = 0; i < HEAD_COUNT; i++) {
        if (scan_eq(key, header_keys[i].name)) {
            return i;
        }
    }
    return -1;
}

static int parse_header(Parser *ps, ScanSpan line, ScanSpan key, ScanSpan rest)
{
    char show[40];
    int ki = key_index(key);
    if (ki < 0) {
        if (key.n > 2 && key.p[0] == 'x' && key.p[1] == '-') {
            keep_line(ps, line); /* an extension key: not read, but kept */
            return 0;
        }
        if (ps->r->version > RECORD_FORMAT_VERSION) {
            return 0; /* a newer format's key: read what can be, never written back */
        }
        return perr(ps, "unknown key '%s'", scan_show(key, show, sizeof show));
    }
    const HeaderKey *h = &header_keys[ki];
    if (ps->seen[ki]) {
        return perr(ps, "'%s' is given twice", h->name);
    }
    ps->seen[ki] = true;
    if (ps->g != NULL && h->before_moves) {
        return perr(ps, "'%s' must come before the moves", h->name);
    }
    return h->parse(ps, h->text ? scan_trim(rest) : scan_strip_comment(rest, '#'), ki);
}

/* A move of an x-eval line: "-" for none, else a point of the board. */
static int parse_eval_move(Parser *ps, ScanSpan tok, bool dash_ok, Move *out)
{
    char show[40];
    *out = MOVE_NONE;
    if (dash_ok && scan_eq(tok, "-")) {
        return 0;
    }
    if (record_parse_move(tok.p, tok.n, ps->r->size, out) != 0) {
        return perr(ps, "analysis move '%s' is not a point of the board",
                    scan_show(tok, show, sizeof show));
    }
    return 0;
}

/* "x-eval POS SCORE MATE DEPTH BEST SECOND [PV...]": the analysis of the
 * position after POS moves (docs/file-format.md).  It comes after the
 * moves it speaks of. */
static int parse_eval(Parser *ps, ScanSpan rest)
{
    ScanSpan body = scan_strip_comment(rest, '#');
    ScanSpan f[6];
    for (int i = 0; i < 6; i++) {
        f[i] = scan_token(&body);
    }
    int64_t pos, score, mate, depth, second = 0;
    RecordEval ev = {.have = true};
    if (!scan_uint(f[0], 100000, &pos) || !scan_int(f[1], 1000000, &score) ||
        !scan_int(f[2], 1000, &mate) || !scan_uint(f[3], 1000, &depth) || f[5].n == 0 ||
        (!scan_eq(f[5], "-") && !scan_int(f[5], 1000000, &second))) {
        return perr(ps, "x-eval needs a position, a score, plies to a forced result, a "
                        "depth, a best move and a second score");
    }
    if (pos > ps->r->count) {
        return perr(ps, "x-eval speaks of position %ld but only %d moves came before it", (long)pos,
                    ps->r->count);
    }
    if (parse_eval_move(ps, f[4], true, &ev.best) != 0) {
        return -1;
    }
    ev.score = (int32_t)score;
    ev.mate_plies = (int16_t)mate;
    ev.depth = (int16_t)depth;
    ev.have_second = !scan_eq(f[5], "-");
    ev.second = (int32_t)second;
    Move pv[RECORD_EVAL_PV_MAX];
    int n = 0;
    for (ScanSpan tok = scan_token(&body); tok.n > 0; tok = scan_token(&body)) {
        if (n == RECORD_EVAL_PV_MAX) {
            return perr(ps, "x-eval line longer than %d moves", RECORD_EVAL_PV_MAX);
        }
        if (parse_eval_move(ps, tok, false, &pv[n++]) != 0) {
            return -1;
        }
    }
    record_set_eval(ps->r, (int)pos, &ev, pv, n);
    return 0;
}

/* The first line: "gomoku-record VERSION". */
static int parse_version(Parser *ps, ScanSpan key, ScanSpan rest)
{
    char show[40];
    if (!scan_eq(key, "gomoku-record")) {
        return perr(ps, "not a Gomoku record (the first line should be 'gomoku-record %d')",
                    RECORD_FORMAT_VERSION);
    }
    ScanSpan v = scan_strip_comment(rest, '#');
    int64_t ver;
    if (!scan_uint(v, 1000000, &ver)) {
        return perr(ps, "version '%s' is not a number", scan_show(v, show, sizeof show));
    }
    if (ver < 1) {
        return perr(ps, "record version %ld is not supported (this program reads version %d)",
                    (long)ver, RECORD_FORMAT_VERSION);
    }
    /* A newer version is read as far as this one understands it. */
    ps->r->version = (int)ver;
    ps->have_version = true;
    return 0;
}

/* "moves M M M...": moves without times. */
static int parse_moves_line(Parser *ps, ScanSpan rest)
{
    if (start_moves(ps) != 0) {
        return -1;
    }
    ScanSpan body = scan_strip_comment(rest, '#');
    for (;;) {
        ScanSpan tok = scan_token(&body);
        if (tok.n == 0) {
            return 0;
        }
        if (parse_move_token(ps, tok, (ScanSpan){NULL, 0}) != 0) {
            return -1;
        }
    }
}

/* "move M [TIME]": one move, its time if given. */
static int parse_move_line(Parser *ps, ScanSpan rest)
{
    char show[40];
    if (start_moves(ps) != 0) {
        return -1;
    }
    ScanSpan body = scan_strip_comment(rest, '#');
    ScanSpan tok = scan_token(&body);
    ScanSpan t = scan_token(&body);
    if (tok.n == 0) {
        return perr(ps, "'move' without a move");
    }
    if (scan_trim(body).n > 0) {
        return perr(ps, "unexpected '%s' after the move",
                    scan_show(scan_trim(body), show, sizeof show));
    }
    return parse_move_token(ps, tok, t.n > 0 ? t : (ScanSpan){NULL, 0});
}

/* Returns the index of tok among words[0..n), or -1. */
static int word_index(ScanSpan tok, const char *const *words, int n)
{
    for (int i = 0; i < n; i++) {
        if (scan_eq(tok, words[i])) {
            return i;
        }
    }
    return -1;
}

/* "x-opening RULE [CHOICE [CHOICE]]": the opening rule and the decisions
 * made so far; whether they agree with the moves is checked once all are
 * read (record_check_opening). */
static int parse_opening(Parser *ps, ScanSpan rest)
{
    static const char *const rules[] = {"standard", "swap", "swap2"};
    static const char *const choices[] = {"take-black", "take-white", "place-two"};
    char show[40];
    if (ps->have_opening) {
        return perr(ps, "'x-opening' is given twice");
    }
    ps->have_opening = true;
    ScanSpan body = scan_strip_comment(rest, '#');
    ScanSpan tok = scan_token(&body);
    int rule = word_index(tok, rules, 3);
    if (rule < 0) {
        return perr(ps, "opening '%s' is not standard, swap or swap2",
                    scan_show(tok, show, sizeof show));
    }
    ps->r->opening = (RecordOpening)rule;
    for (int i = 0; i < 2; i++) {
        tok = scan_token(&body);
        if (tok.n == 0) {
            return 0;
        }
        int c = word_index(tok, choices, 3);
        if (c < 0) {
            return perr(ps, "opening choice '%s' is not take-black, take-white or place-two",
                        scan_show(tok, show, sizeof show));
        }
        ps->r->choice[i] = (RecordChoice)(c + 1);
    }
    if (scan_trim(body).n > 0) {
        return perr(ps, "unexpected '%s' after the opening's choices",
                    scan_show(scan_trim(body), show, sizeof show));
    }
    return 0;
}

static int parse_line(Parser *ps, ScanSpan line)
{
    char show[40];
    for (size_t i = 0; i < line.n; i++) {
        unsigned char c = (unsigned char)line.p[i];
        if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f) {
            return perr(ps, "unexpected control character (0x%02x): is this a Gomoku record?", c);
        }
    }
    ScanSpan s = scan_trim(line);
    if (s.n == 0) {
        return 0;
    }
    if (s.p[0] == '#') {
        keep_line(ps, s);
        return 0;
    }
    ScanSpan rest = s;
    ScanSpan key = scan_token(&rest);
    if (!ps->have_version) {
        return parse_version(ps, key, rest);
    }
    if (ps->have_end) {
        return perr(ps, "unexpected '%s' after 'end'", scan_show(key, show, sizeof show));
    }
    if (scan_eq(key, "gomoku-record")) {
        return perr(ps, "a second 'gomoku-record' line");
    }
    if (scan_eq(key, "end")) {
        if (scan_strip_comment(rest, '#').n > 0) {
            return perr(ps, "unexpected text after 'end'");
        }
        ps->have_end = true;
        return 0;
    }
    if (scan_eq(key, "moves")) {
        return parse_moves_line(ps, rest);
    }
    if (scan_eq(key, "move")) {
        return parse_move_line(ps, rest);
    }
    if (scan_eq(key, "x-opening")) {
        return parse_opening(ps, rest);
    }
    if (scan_eq(key, "x-eval")) {
        /* Its moves are points of the board: the board is settled first. */
        return start_moves(ps) != 0 ? -1 : parse_eval(ps, rest);
    }
    return parse_header(ps, s, key, rest);
}

int record_parse(const char *text, size_t len, Record *out, char *err, size_t errlen)
{
    if (record_begin_parse(&text, &len, out, err, errlen) != 0) {
        return -1;
    }
    Parser ps;
    memset(&ps, 0, sizeof ps);
    ps.r = out;
    ps.err = err;
    ps.errlen = errlen;
    size_t pos = 0;
    int rc = 0;
    while (pos < len && rc == 0) {
        ps.line++;
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl == NULL ? len : (size_t)(nl - text);
        rc = parse_line(&ps, (ScanSpan){text + pos, end - pos});
        pos = end + 1;
    }
    if (rc == 0 && !ps.have_version) {
        err_set(err, errlen, "not a Gomoku record (no 'gomoku-record %d' line)",
                RECORD_FORMAT_VERSION);
        rc = -1;
    }
    if (rc == 0 && !ps.have_end) {
        /* The writer always ends with "end"; without it the file was cut
         * short (a crash mid-copy, a full disk) and moves may be missing. */
        err_set(err, errlen, "the record is cut off after line %d (no 'end' line)", ps.line);
        rc = -1;
    }
    if (rc == 0 && !ps.have_size) {
        err_set(err, errlen, "the record has no 'size' line");
        rc = -1;
    }
    if (rc == 0 && start_moves(&ps) != 0) {
        rc = -1;
    }
    if (rc == 0) {
        if (!ps.have_cursor) {
            out->cursor = out->count;
        } else if (ps.cursor > out->count) {
            err_set(err, errlen, "position %d is past the last move (%d)", ps.cursor, out->count);
            rc = -1;
        } else {
            out->cursor = ps.cursor;
        }
    }
    if (rc == 0) {
        rc = record_settle_result(out, game_result(ps.g), ps.have_result, err, errlen);
    }
    if (rc == 0) {
        rc = record_check_opening(out, err, errlen);
    }
    game_free(ps.g);
    if (rc != 0 && out->version > RECORD_FORMAT_VERSION && err != NULL && errlen > 0) {
        char why[256];
        snprintf(why, sizeof why, "%s", err);
        err_set(err, errlen,
                "it was saved by a newer version of Gomoku (record version %d; this one reads "
                "version %d) and cannot be read here: %s",
                out->version, RECORD_FORMAT_VERSION, why);
    }
    return rc;
}

/* ---- our text format: writing ----------------------------------------- */

/* Writes the kept lines in text[0..len): only comments and extension keys,
 * so nothing in them can change what the record says. */
static void write_extra(RecordBuf *b, const char *text, size_t len)
{
    size_t pos = 0;
    ScanSpan line;
    while (scan_next_line(text, len, &pos, &line)) {
        ScanSpan s = scan_trim(line);
        ScanSpan rest = s;
        ScanSpan key = scan_token(&rest);
        bool comment = s.n > 0 && s.p[0] == '#';
        bool ext = key.n > 2 && key.p[0] == 'x' && key.p[1] == '-' && !scan_eq(key, "x-eval") &&
                   !scan_eq(key, "x-opening");
        bool plain = true;
        for (size_t i = 0; i < s.n; i++) {
            unsigned char c = (unsigned char)s.p[i];
            plain = plain && !((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f);
        }
        if ((comment || ext) && plain) {
            record_buf_printf(b, "%.*s\n", (int)s.n, s.p);
        }
    }
}

/* The analysis, one x-eval line per analysed position, after the moves. */
static void write_evals(RecordBuf *b, const Record *r, int count)
{
    for (int i = 0; i <= count; i++) {
        const RecordEval *e = &r->eval[i];
        if (!e->have) {
            continue;
        }
        char best[RECORD_MOVE_NAME_MAX] = "-", second[16] = "-";
        if (move_is_valid(e->best)) {
            record_move_name(e->best, r->size, best);
        }
        if (e->have_second) {
            snprintf(second, sizeof second, "%ld", (long)e->second);
        }
        record_buf_printf(b, "x-eval %d %ld %d %d %s %s", i, (long)e->score, e->mate_plies,
                          e->depth, best, second);
        for (int j = 0; j < e->pv_len && e->pv_start + j < RECORD_EVAL_PV_POOL; j++) {
            char name[RECORD_MOVE_NAME_MAX];
            record_move_name(r->eval_pv[e->pv_start + j], r->size, name);
            record_buf_printf(b, " %s", name);
        }
        record_buf_printf(b, "\n");
    }
}

/* The players, the preset and the date: the free-text header lines. */
static void write_people(RecordBuf *b, const Record *r)
{
    char text[RECORD_TEXT_MAX];
    /* Text fields are re-sanitized so a hand-filled Record cannot break
     * the line structure. */
    record_set_text(text, r->black.name);
    if (text[0] != '\0') {
        record_buf_printf(b, "black %s\n", text);
    }
    if (r->black.kind != RECORD_PLAYER_UNKNOWN) {
        record_buf_printf(b, "black-kind %s\n", record_kind_word(r->black.kind));
    }
    record_set_text(text, r->white.name);
    if (text[0] != '\0') {
        record_buf_printf(b, "white %s\n", text);
    }
    if (r->white.kind != RECORD_PLAYER_UNKNOWN) {
        record_buf_printf(b, "white-kind %s\n", record_kind_word(r->white.kind));
    }
    record_set_text(text, r->preset);
    if (text[0] != '\0') {
        record_buf_printf(b, "preset %s\n", text);
    }
    record_set_text(text, r->date);
    for (char *p = text; *p != '\0'; p++) {
        if (*p == '#' && (p == text || p[-1] == ' ' || p[-1] == '\t')) {
            *p = '?'; /* would start a comment (a date that was read has none) */
        }
    }
    if (text[0] != '\0') {
        record_buf_printf(b, "date %s\n", text);
    }
}

/* The moves, ten to a line, each with its time when known. */
static void write_moves(RecordBuf *b, const Record *r, int count)
{
    for (int i = 0; i < count; i += 10) {
        record_buf_printf(b, "moves");
        for (int j = i; j < count && j < i + 10; j++) {
            char name[RECORD_MOVE_NAME_MAX];
            record_move_name(r->moves[j], r->size, name);
            if (r->time_ms[j] >= 0) {
                record_buf_printf(b, " %s:%ld", name, (long)r->time_ms[j]);
            } else {
                record_buf_printf(b, " %s", name);
            }
        }
        record_buf_printf(b, "   # %d-%d\n", i + 1, (i + 10 < count) ? i + 10 : count);
    }
}

char *record_format(const Record *r, size_t *len)
{
    RecordBuf b = {0};
    if (r == NULL) {
        return record_buf_finish(&b, len);
    }
    record_buf_printf(&b, "%s\n", OWN_COMMENT);
    record_buf_printf(&b, "gomoku-record %d\n", RECORD_FORMAT_VERSION);
    record_buf_printf(&b, "size %d\n", r->size);
    record_buf_printf(&b, "rule %s\n", rules_kind_word(r->rules.kind));
    record_buf_printf(&b, "k %d\n", r->rules.k);
    write_people(&b, r);
    if (r->clock_ms > 0) {
        record_buf_printf(&b, "clock-ms %ld\n", (long)r->clock_ms);
    }
    if (r->end == RECORD_END_TIME || r->end == RECORD_END_RESIGN) {
        record_buf_printf(&b, "result %s %s\n", record_result_word(r->result),
                          record_end_word(r->end));
    } else {
        record_buf_printf(&b, "result %s\n", record_result_word(r->result));
    }
    int count = r->count < 0 ? 0 : (r->count > BOARD_MAX_CELLS ? BOARD_MAX_CELLS : r->count);
    if (r->cursor != count && r->cursor >= 0 && r->cursor <= count) {
        record_buf_printf(&b, "position %d\n", r->cursor);
    }
    if (r->opening != RECORD_OPENING_STANDARD) {
        record_buf_printf(&b, "x-opening %s", record_opening_word(r->opening));
        for (int i = 0; i < 2 && r->choice[i] != RECORD_CHOICE_NONE; i++) {
            record_buf_printf(&b, " %s", record_choice_word(r->choice[i]));
        }
        record_buf_printf(&b, "\n");
    }
    size_t extra = (size_t)(r->extra_len < 0                   ? 0
                            : r->extra_len >= RECORD_EXTRA_MAX ? RECORD_EXTRA_MAX - 1
                                                               : r->extra_len);
    size_t head = (size_t)(r->extra_head < 0 ? 0 : r->extra_head);
    head = head < extra ? head : extra;
    write_extra(&b, r->extra, head);
    write_moves(&b, r, count);
    write_evals(&b, r, count);
    write_extra(&b, r->extra + head, extra - head);
    record_buf_printf(&b, "end\n");
    return record_buf_finish(&b, len);
}
