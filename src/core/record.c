/*
 * record.c - game records: our text format, Piskvork's .psq, and the
 * bridge to Game.
 *
 * Parsers work on (pointer, length) spans and never assume a terminator,
 * so truncated or binary input can only produce an error message.
 */
#include "record.h"

#include "attr.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers ------------------------------------------------------ */

typedef struct Span {
    const char *p;
    size_t n;
} Span;

GOMOKU_PRINTF(3, 4) static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
    if (err == NULL || errlen == 0) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t';
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static char to_lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

static Span span_trim(Span s)
{
    while (s.n > 0 && is_space(s.p[0])) {
        s.p++;
        s.n--;
    }
    while (s.n > 0 && (is_space(s.p[s.n - 1]) || s.p[s.n - 1] == '\r')) {
        s.n--;
    }
    return s;
}

static bool span_eq(Span s, const char *word)
{
    size_t n = strlen(word);
    return s.n == n && memcmp(s.p, word, n) == 0;
}

static bool span_eq_nocase(Span s, const char *word)
{
    size_t n = strlen(word);
    if (s.n != n) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        if (to_lower(s.p[i]) != to_lower(word[i])) {
            return false;
        }
    }
    return true;
}

/* Splits off the first whitespace-separated token of *rest. */
static Span span_token(Span *rest)
{
    Span s = span_trim(*rest);
    size_t i = 0;
    while (i < s.n && !is_space(s.p[i])) {
        i++;
    }
    Span tok = {s.p, i};
    rest->p = s.p + i;
    rest->n = s.n - i;
    return tok;
}

/* Parses a whole span as a non-negative decimal number no larger than max.
 * Returns false for anything else (sign, junk, overflow). */
static bool span_uint(Span s, long max, long *out)
{
    if (s.n == 0 || s.n > 12) {
        return false;
    }
    long v = 0;
    for (size_t i = 0; i < s.n; i++) {
        if (!is_digit(s.p[i])) {
            return false;
        }
        v = v * 10 + (s.p[i] - '0');
        if (v > max) {
            return false;
        }
    }
    *out = v;
    return true;
}

/* Copies a span into a small buffer for messages, eliding what is long
 * and replacing unprintable bytes so the message stays one clean line. */
static const char *span_show(Span s, char *buf, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < s.n && n + 4 < cap; i++) {
        unsigned char c = (unsigned char)s.p[i];
        buf[n++] = (c < 0x20 || c == 0x7f) ? '?' : (char)c;
    }
    if (n < s.n && n + 4 <= cap) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n] = '\0';
    return buf;
}

/* Returns the length of the valid UTF-8 sequence at p (1..4), or 0. */
static size_t utf8_len(const unsigned char *p, size_t n)
{
    if (n == 0) {
        return 0;
    }
    unsigned char c = p[0];
    size_t len;
    unsigned int cp;
    if (c < 0x80) {
        return 1;
    } else if ((c & 0xe0) == 0xc0) {
        len = 2;
        cp = c & 0x1fu;
    } else if ((c & 0xf0) == 0xe0) {
        len = 3;
        cp = c & 0x0fu;
    } else if ((c & 0xf8) == 0xf0) {
        len = 4;
        cp = c & 0x07u;
    } else {
        return 0;
    }
    if (n < len) {
        return 0;
    }
    for (size_t i = 1; i < len; i++) {
        if ((p[i] & 0xc0) != 0x80) {
            return 0;
        }
        cp = (cp << 6) | (p[i] & 0x3fu);
    }
    /* Overlong forms, surrogates and values past U+10FFFF are invalid. */
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
        cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
        return 0;
    }
    return len;
}

/* ---- growable output buffer ---------------------------------------------- */

typedef struct Buf {
    char *p;
    size_t len, cap;
    bool failed;
} Buf;

GOMOKU_PRINTF(2, 3) static void buf_printf(Buf *b, const char *fmt, ...)
{
    if (b->failed) {
        return;
    }
    for (;;) {
        size_t room = b->cap - b->len;
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->p == NULL ? NULL : b->p + b->len, room, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = true;
            return;
        }
        if ((size_t)n < room) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap == 0 ? 1024 : b->cap;
        while (cap - b->len <= (size_t)n) {
            cap *= 2;
        }
        char *p = realloc(b->p, cap);
        if (p == NULL) {
            b->failed = true;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
}

static char *buf_finish(Buf *b, size_t *len)
{
    if (b->failed || b->p == NULL) {
        free(b->p);
        if (len != NULL) {
            *len = 0;
        }
        return NULL;
    }
    if (len != NULL) {
        *len = b->len;
    }
    return b->p;
}

/* ---- basics ----------------------------------------------------------- */

int record_init(Record *r, int size, Rules rules)
{
    if (r == NULL) {
        return -1;
    }
    bool ok = size >= BOARD_MIN_SIZE && size <= BOARD_MAX_SIZE && rules_valid(rules);
    memset(r, 0, sizeof *r);
    r->size = ok ? size : 15;
    r->rules = ok ? rules : (Rules){RULE_FREESTYLE, 5};
    for (int i = 0; i < BOARD_MAX_CELLS; i++) {
        r->time_ms[i] = -1;
    }
    r->result = GAME_ONGOING;
    r->end = RECORD_END_NONE;
    return ok ? 0 : -1;
}

int record_add_move(Record *r, Move m, int32_t time_ms)
{
    if (r == NULL || r->count < 0 || r->count >= BOARD_MAX_CELLS || m.x < 0 || m.y < 0 ||
        m.x >= r->size || m.y >= r->size) {
        return -1;
    }
    r->moves[r->count] = m;
    r->time_ms[r->count] = time_ms < 0 ? -1 : time_ms;
    r->count++;
    r->cursor = r->count;
    return 0;
}

void record_set_text(char dst[RECORD_TEXT_MAX], const char *src)
{
    size_t n = 0;
    if (src != NULL) {
        size_t len = strlen(src);
        size_t i = 0;
        while (i < len) {
            const unsigned char *p = (const unsigned char *)src + i;
            size_t cl = utf8_len(p, len - i);
            if (cl == 0) {
                /* Invalid byte (e.g. a cp1250 name from a .psq): show '?'. */
                if (n + 1 >= RECORD_TEXT_MAX) {
                    break;
                }
                dst[n++] = '?';
                i++;
                continue;
            }
            if (cl == 1 && (p[0] < 0x20 || p[0] == 0x7f)) {
                i++;
                continue;
            }
            if (n + cl >= RECORD_TEXT_MAX) {
                break;
            }
            memcpy(dst + n, p, cl);
            n += cl;
            i += cl;
        }
    }
    /* Leading/trailing blanks would not survive a round trip through the
     * text format, which trims them. */
    while (n > 0 && dst[n - 1] == ' ') {
        n--;
    }
    dst[n] = '\0';
    size_t lead = 0;
    while (dst[lead] == ' ') {
        lead++;
    }
    if (lead > 0) {
        memmove(dst, dst + lead, n - lead + 1);
    }
}

char *record_move_name(Move m, int size, char out[RECORD_MOVE_NAME_MAX])
{
    if (m.x < 0 || m.y < 0 || m.x >= size || m.y >= size || size > BOARD_MAX_SIZE) {
        snprintf(out, RECORD_MOVE_NAME_MAX, "--");
        return out;
    }
    snprintf(out, RECORD_MOVE_NAME_MAX, "%c%d", 'a' + m.x, size - m.y);
    return out;
}

int record_parse_move(const char *s, size_t len, int size, Move *out)
{
    if (s == NULL || len < 2 || len > 4) {
        return -1;
    }
    char c = to_lower(s[0]);
    if (c < 'a' || c > 'z') {
        return -1;
    }
    if (s[1] == '0') {
        return -1;
    }
    long row;
    if (!span_uint((Span){s + 1, len - 1}, 999, &row) || row == 0) {
        return -1;
    }
    int x = c - 'a';
    if (size < BOARD_MIN_SIZE || size > BOARD_MAX_SIZE || x >= size || row > size) {
        return -2;
    }
    if (out != NULL) {
        out->x = (int8_t)x;
        out->y = (int8_t)(size - row);
    }
    return 0;
}

const char *record_result_word(GameResult res)
{
    switch (res) {
    case GAME_BLACK_WINS: return "black";
    case GAME_WHITE_WINS: return "white";
    case GAME_DRAW: return "draw";
    case GAME_ONGOING:
    default: return "ongoing";
    }
}

static const char *rule_word(RuleKind kind)
{
    switch (kind) {
    case RULE_EXACT: return "exact";
    case RULE_RENJU: return "renju";
    case RULE_FREESTYLE:
    default: return "freestyle";
    }
}

static const char *end_word(RecordEnd e)
{
    switch (e) {
    case RECORD_END_TIME: return "time";
    case RECORD_END_RESIGN: return "resign";
    case RECORD_END_BOARD: return "board";
    case RECORD_END_NONE:
    default: return "";
    }
}

static const char *kind_word(RecordPlayerKind k)
{
    switch (k) {
    case RECORD_PLAYER_HUMAN: return "human";
    case RECORD_PLAYER_COMPUTER: return "computer";
    case RECORD_PLAYER_UNKNOWN:
    default: return "unknown";
    }
}

static const char *winner_name(GameResult res)
{
    return res == GAME_BLACK_WINS ? "black" : "white";
}

/* ---- replay and validation -------------------------------------------- */

/* Plays move number idx (0-based) into g, explaining a refusal in err
 * after prefix ("line 7: " or ""). */
static int replay_move(Game *g, Move m, int idx, const char *prefix, char *err, size_t errlen)
{
    char name[RECORD_MOVE_NAME_MAX];
    int size = game_board(g)->size;
    record_move_name(m, size, name);
    Forbidden why = game_forbidden(g, m);
    GameResult before = game_result(g);
    GameStatus st = game_play(g, m);
    switch (st) {
    case GAME_OK: return 0;
    case GAME_ERR_OFF_BOARD:
        set_err(err, errlen, "%smove %d is off a %dx%d board", prefix, idx + 1, size, size);
        break;
    case GAME_ERR_OCCUPIED:
        set_err(err, errlen, "%smove %d '%s' is on a point that is already taken", prefix, idx + 1,
                name);
        break;
    case GAME_ERR_FORBIDDEN:
        set_err(err, errlen, "%smove %d '%s' is forbidden for black under renju (%s)", prefix,
                idx + 1, name, rules_forbidden_name(why));
        break;
    case GAME_ERR_OVER:
        if (before == GAME_DRAW) {
            set_err(err, errlen, "%smove %d '%s' comes after the game ended in a draw", prefix,
                    idx + 1, name);
        } else {
            set_err(err, errlen, "%smove %d '%s' comes after %s had already won", prefix, idx + 1,
                    name, winner_name(before));
        }
        break;
    case GAME_ERR_NOMEM: set_err(err, errlen, "%sout of memory", prefix); break;
    default: set_err(err, errlen, "%smove %d '%s' cannot be played", prefix, idx + 1, name); break;
    }
    return -1;
}

/* Checks the stated result and end against what the board shows and
 * fills them in when not stated.  stated: whether a result was given. */
static int settle_result(Record *r, GameResult board, bool stated, char *err, size_t errlen)
{
    if (!stated) {
        r->result = board;
        r->end = board == GAME_ONGOING ? RECORD_END_NONE : RECORD_END_BOARD;
        return 0;
    }
    if (board != GAME_ONGOING) {
        if (r->result != board) {
            if (board == GAME_DRAW) {
                set_err(err, errlen, "the result says %s but the board is full (a draw)",
                        record_result_word(r->result));
            } else {
                set_err(err, errlen, "the result says %s but %s has a winning line on the board",
                        record_result_word(r->result), winner_name(board));
            }
            return -1;
        }
        if (r->end == RECORD_END_TIME || r->end == RECORD_END_RESIGN) {
            set_err(err, errlen, "the result says '%s' but the game was decided on the board",
                    end_word(r->end));
            return -1;
        }
        r->end = RECORD_END_BOARD;
        return 0;
    }
    switch (r->result) {
    case GAME_ONGOING:
        if (r->end != RECORD_END_NONE) {
            set_err(err, errlen, "an ongoing game cannot have ended by '%s'", end_word(r->end));
            return -1;
        }
        return 0;
    case GAME_DRAW:
        set_err(err, errlen, "the result says draw but the board is not full");
        return -1;
    case GAME_BLACK_WINS:
    case GAME_WHITE_WINS:
    default:
        if (r->end != RECORD_END_TIME && r->end != RECORD_END_RESIGN) {
            set_err(err, errlen,
                    "the result says %s won but the board shows no winning line "
                    "(add 'time' or 'resign' to the result)",
                    record_result_word(r->result));
            return -1;
        }
        return 0;
    }
}

static int check_header(const Record *r, char *err, size_t errlen)
{
    if (r->size < BOARD_MIN_SIZE || r->size > BOARD_MAX_SIZE) {
        set_err(err, errlen, "board size %d is not supported (%d..%d)", r->size, BOARD_MIN_SIZE,
                BOARD_MAX_SIZE);
        return -1;
    }
    if (!rules_valid(r->rules)) {
        set_err(err, errlen, "rule %s with k = %d is not playable", rule_word(r->rules.kind),
                r->rules.k);
        return -1;
    }
    if (r->count < 0 || r->count > r->size * r->size) {
        set_err(err, errlen, "%d moves do not fit on a %dx%d board", r->count, r->size, r->size);
        return -1;
    }
    return 0;
}

/* Replays r into a new game; on success returns it with every move
 * played.  Checks the result too when check_result is set. */
static Game *replay_all(const Record *r, char *err, size_t errlen)
{
    if (r == NULL) {
        set_err(err, errlen, "no record");
        return NULL;
    }
    if (check_header(r, err, errlen) != 0) {
        return NULL;
    }
    Game *g = game_new(r->size, r->rules);
    if (g == NULL) {
        set_err(err, errlen, "out of memory");
        return NULL;
    }
    for (int i = 0; i < r->count; i++) {
        if (replay_move(g, r->moves[i], i, "", err, errlen) != 0) {
            game_free(g);
            return NULL;
        }
    }
    if (r->cursor < 0 || r->cursor > r->count) {
        set_err(err, errlen, "review position %d is outside 0..%d", r->cursor, r->count);
        game_free(g);
        return NULL;
    }
    Record copy = *r;
    bool stated = !(r->result == GAME_ONGOING && r->end == RECORD_END_NONE);
    if (stated && settle_result(&copy, game_result(g), true, err, errlen) != 0) {
        game_free(g);
        return NULL;
    }
    if (!stated && game_result(g) != GAME_ONGOING) {
        /* A record claiming "ongoing" for a decided board is inconsistent. */
        set_err(err, errlen, "the result says ongoing but %s",
                game_result(g) == GAME_DRAW ? "the board is full (a draw)"
                                            : (game_result(g) == GAME_BLACK_WINS
                                                   ? "black has a winning line on the board"
                                                   : "white has a winning line on the board"));
        game_free(g);
        return NULL;
    }
    return g;
}

int record_validate(const Record *r, char *err, size_t errlen)
{
    Game *g = replay_all(r, err, errlen);
    if (g == NULL) {
        return -1;
    }
    game_free(g);
    return 0;
}

int record_from_game(const Game *g, Record *out)
{
    if (g == NULL || out == NULL) {
        return -1;
    }
    if (record_init(out, game_board(g)->size, game_rules(g)) != 0) {
        return -1;
    }
    int n = game_move_count(g);
    for (int i = 0; i < n; i++) {
        if (record_add_move(out, game_move_at(g, i), -1) != 0) {
            return -1;
        }
    }
    out->result = game_result(g);
    out->end = out->result == GAME_ONGOING ? RECORD_END_NONE : RECORD_END_BOARD;
    return 0;
}

Game *record_to_game(const Record *r, char *err, size_t errlen)
{
    Game *g = replay_all(r, err, errlen);
    if (g == NULL) {
        return NULL;
    }
    while (game_move_count(g) > r->cursor) {
        game_undo(g);
    }
    return g;
}

/* ---- our text format: parsing ----------------------------------------- */

typedef struct Parser {
    Record *r;
    Game *g;  /* replay, created when the first move arrives */
    int line; /* current line number, 1-based */
    bool have_version, have_size, have_result, have_cursor, have_end;
    int cursor;    /* the 'position' value; applied once all moves are read */
    bool seen[16]; /* header keys already given (index from key_index) */
    char *err;
    size_t errlen;
} Parser;

static const char *const header_keys[] = {"size",  "rule",       "k",          "black",
                                          "white", "black-kind", "white-kind", "preset",
                                          "date",  "result",     "clock-ms",   "position"};
#define HEADER_KEY_COUNT ((int)(sizeof header_keys / sizeof header_keys[0]))

static int key_index(Span key)
{
    for (int i = 0; i < HEADER_KEY_COUNT; i++) {
        if (span_eq(key, header_keys[i])) {
            return i;
        }
    }
    return -1;
}

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

/* Stores a free-text value (player name, preset, date). */
static int parse_text_value(Parser *ps, Span v, char dst[RECORD_TEXT_MAX], const char *what)
{
    if (v.n >= RECORD_TEXT_MAX) {
        return perr(ps, "%s is too long (at most %d bytes)", what, RECORD_TEXT_MAX - 1);
    }
    for (size_t i = 0; i < v.n;) {
        size_t cl = utf8_len((const unsigned char *)v.p + i, v.n - i);
        if (cl == 0) {
            return perr(ps, "%s is not valid UTF-8 text", what);
        }
        i += cl;
    }
    memcpy(dst, v.p, v.n);
    dst[v.n] = '\0';
    return 0;
}

/* Drops a trailing "# comment" (a '#' at the start or after a blank). */
static Span strip_comment(Span v)
{
    for (size_t i = 0; i < v.n; i++) {
        if (v.p[i] == '#' && (i == 0 || is_space(v.p[i - 1]))) {
            v.n = i;
            break;
        }
    }
    return span_trim(v);
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
        return perr(ps, "rule %s with k %d is not playable", rule_word(ps->r->rules.kind),
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
static int parse_move_token(Parser *ps, Span tok, Span time_tok)
{
    char show[40];
    Span name = tok;
    Span t = time_tok;
    bool has_time = time_tok.n > 0;
    for (size_t i = 0; i < tok.n; i++) {
        if (tok.p[i] == ':') {
            if (has_time) {
                return perr(ps, "move '%s' has two times", span_show(tok, show, sizeof show));
            }
            name.n = i;
            t = (Span){tok.p + i + 1, tok.n - i - 1};
            has_time = true;
            break;
        }
    }
    Move m;
    int rc = record_parse_move(name.p, name.n, ps->r->size, &m);
    if (rc == -2) {
        return perr(ps, "move '%s' is off a %dx%d board", span_show(name, show, sizeof show),
                    ps->r->size, ps->r->size);
    }
    if (rc != 0) {
        return perr(ps, "'%s' is not a move (expected a letter and a number, like h8)",
                    span_show(name, show, sizeof show));
    }
    long ms = -1;
    if (has_time) {
        if (!span_uint(t, 2147483647L, &ms)) {
            return perr(ps, "time '%s' of move '%s' is not a number of milliseconds",
                        span_show(t, show, sizeof show), span_show(name, show + 20, 20));
        }
    }
    if (ps->r->count >= ps->r->size * ps->r->size || ps->r->count >= BOARD_MAX_CELLS) {
        return perr(ps, "more moves than points on the board");
    }
    char prefix[32];
    snprintf(prefix, sizeof prefix, "line %d: ", ps->line);
    if (replay_move(ps->g, m, ps->r->count, prefix, ps->err, ps->errlen) != 0) {
        return -1;
    }
    record_add_move(ps->r, m, (int32_t)ms);
    return 0;
}

static int parse_header(Parser *ps, Span key, Span rest)
{
    char show[40];
    int ki = key_index(key);
    if (ki < 0) {
        if (key.n > 2 && key.p[0] == 'x' && key.p[1] == '-') {
            return 0; /* extension key: ignored by design */
        }
        return perr(ps, "unknown key '%s'", span_show(key, show, sizeof show));
    }
    if (ps->seen[ki]) {
        return perr(ps, "'%s' is given twice", header_keys[ki]);
    }
    ps->seen[ki] = true;
    bool is_text = span_eq(key, "black") || span_eq(key, "white") || span_eq(key, "preset");
    Span v = is_text ? span_trim(rest) : strip_comment(rest);
    if (ps->g != NULL && (span_eq(key, "size") || span_eq(key, "rule") || span_eq(key, "k"))) {
        return perr(ps, "'%s' must come before the moves", header_keys[ki]);
    }
    long n;
    Record *r = ps->r;
    if (span_eq(key, "size")) {
        if (!span_uint(v, 1000, &n)) {
            return perr(ps, "size '%s' is not a number", span_show(v, show, sizeof show));
        }
        if (n < BOARD_MIN_SIZE || n > BOARD_MAX_SIZE) {
            return perr(ps, "board size %ld is not supported (%d..%d)", n, BOARD_MIN_SIZE,
                        BOARD_MAX_SIZE);
        }
        r->size = (int)n;
        ps->have_size = true;
    } else if (span_eq(key, "rule")) {
        if (span_eq_nocase(v, "freestyle")) {
            r->rules.kind = RULE_FREESTYLE;
        } else if (span_eq_nocase(v, "exact")) {
            r->rules.kind = RULE_EXACT;
        } else if (span_eq_nocase(v, "renju")) {
            r->rules.kind = RULE_RENJU;
        } else {
            return perr(ps, "unknown rule '%s' (freestyle, exact or renju)",
                        span_show(v, show, sizeof show));
        }
    } else if (span_eq(key, "k")) {
        if (!span_uint(v, 100, &n) || n < RULES_MIN_K || n > RULES_MAX_K) {
            return perr(ps, "k '%s' is not a win length %d..%d", span_show(v, show, sizeof show),
                        RULES_MIN_K, RULES_MAX_K);
        }
        r->rules.k = (int)n;
    } else if (span_eq(key, "black")) {
        return parse_text_value(ps, v, r->black.name, "black's name");
    } else if (span_eq(key, "white")) {
        return parse_text_value(ps, v, r->white.name, "white's name");
    } else if (span_eq(key, "preset")) {
        return parse_text_value(ps, v, r->preset, "the preset");
    } else if (span_eq(key, "date")) {
        return parse_text_value(ps, v, r->date, "the date");
    } else if (span_eq(key, "black-kind") || span_eq(key, "white-kind")) {
        RecordPlayerKind k;
        if (span_eq_nocase(v, "human")) {
            k = RECORD_PLAYER_HUMAN;
        } else if (span_eq_nocase(v, "computer")) {
            k = RECORD_PLAYER_COMPUTER;
        } else if (span_eq_nocase(v, "unknown")) {
            k = RECORD_PLAYER_UNKNOWN;
        } else {
            return perr(ps, "player kind '%s' is not human, computer or unknown",
                        span_show(v, show, sizeof show));
        }
        if (key.p[0] == 'b') {
            r->black.kind = k;
        } else {
            r->white.kind = k;
        }
    } else if (span_eq(key, "result")) {
        Span rest2 = v;
        Span w = span_token(&rest2);
        Span how = span_token(&rest2);
        if (span_trim(rest2).n > 0) {
            return perr(ps, "unexpected '%s' after the result",
                        span_show(span_trim(rest2), show, sizeof show));
        }
        if (span_eq_nocase(w, "black")) {
            r->result = GAME_BLACK_WINS;
        } else if (span_eq_nocase(w, "white")) {
            r->result = GAME_WHITE_WINS;
        } else if (span_eq_nocase(w, "draw")) {
            r->result = GAME_DRAW;
        } else if (span_eq_nocase(w, "ongoing")) {
            r->result = GAME_ONGOING;
        } else {
            return perr(ps, "result '%s' is not black, white, draw or ongoing",
                        span_show(w, show, sizeof show));
        }
        if (how.n == 0) {
            r->end = r->result == GAME_ONGOING ? RECORD_END_NONE : RECORD_END_BOARD;
        } else if (span_eq_nocase(how, "board")) {
            r->end = RECORD_END_BOARD;
        } else if (span_eq_nocase(how, "time")) {
            r->end = RECORD_END_TIME;
        } else if (span_eq_nocase(how, "resign")) {
            r->end = RECORD_END_RESIGN;
        } else {
            return perr(ps, "'%s' is not a way to end a game (board, time or resign)",
                        span_show(how, show, sizeof show));
        }
        ps->have_result = true;
    } else if (span_eq(key, "clock-ms")) {
        if (!span_uint(v, 2147483647L, &n)) {
            return perr(ps, "clock-ms '%s' is not a number of milliseconds",
                        span_show(v, show, sizeof show));
        }
        r->clock_ms = (int32_t)n;
    } else if (span_eq(key, "position")) {
        if (!span_uint(v, 100000, &n)) {
            return perr(ps, "position '%s' is not a move count", span_show(v, show, sizeof show));
        }
        ps->cursor = (int)n;
        ps->have_cursor = true;
    }
    return 0;
}

static int parse_line(Parser *ps, Span line)
{
    char show[40];
    for (size_t i = 0; i < line.n; i++) {
        unsigned char c = (unsigned char)line.p[i];
        if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f) {
            return perr(ps, "unexpected control character (0x%02x): is this a Gomoku record?", c);
        }
    }
    Span s = span_trim(line);
    if (s.n == 0 || s.p[0] == '#') {
        return 0;
    }
    Span rest = s;
    Span key = span_token(&rest);
    if (!ps->have_version) {
        if (!span_eq(key, "gomoku-record")) {
            return perr(ps, "not a Gomoku record (the first line should be 'gomoku-record %d')",
                        RECORD_FORMAT_VERSION);
        }
        Span v = strip_comment(rest);
        long ver;
        if (!span_uint(v, 1000000, &ver)) {
            return perr(ps, "version '%s' is not a number", span_show(v, show, sizeof show));
        }
        if (ver != RECORD_FORMAT_VERSION) {
            return perr(ps, "record version %ld is not supported (this program reads version %d)",
                        ver, RECORD_FORMAT_VERSION);
        }
        ps->have_version = true;
        return 0;
    }
    if (ps->have_end) {
        return perr(ps, "unexpected '%s' after 'end'", span_show(key, show, sizeof show));
    }
    if (span_eq(key, "gomoku-record")) {
        return perr(ps, "a second 'gomoku-record' line");
    }
    if (span_eq(key, "end")) {
        if (strip_comment(rest).n > 0) {
            return perr(ps, "unexpected text after 'end'");
        }
        ps->have_end = true;
        return 0;
    }
    if (span_eq(key, "moves")) {
        if (start_moves(ps) != 0) {
            return -1;
        }
        Span body = strip_comment(rest);
        for (;;) {
            Span tok = span_token(&body);
            if (tok.n == 0) {
                break;
            }
            if (parse_move_token(ps, tok, (Span){NULL, 0}) != 0) {
                return -1;
            }
        }
        return 0;
    }
    if (span_eq(key, "move")) {
        if (start_moves(ps) != 0) {
            return -1;
        }
        Span body = strip_comment(rest);
        Span tok = span_token(&body);
        Span t = span_token(&body);
        if (tok.n == 0) {
            return perr(ps, "'move' without a move");
        }
        if (span_trim(body).n > 0) {
            return perr(ps, "unexpected '%s' after the move",
                        span_show(span_trim(body), show, sizeof show));
        }
        return parse_move_token(ps, tok, t.n > 0 ? t : (Span){NULL, 0});
    }
    return parse_header(ps, key, rest);
}

static bool skip_bom(const char **text, size_t *len)
{
    if (*len >= 3 && memcmp(*text, "\xEF\xBB\xBF", 3) == 0) {
        *text += 3;
        *len -= 3;
        return true;
    }
    return false;
}

/* What both parsers do first: clear err, reset *out to an empty 15x15
 * freestyle record, refuse empty or oversized input and step over a UTF-8
 * byte-order mark.  Returns 0, or -1 with err set. */
static int begin_parse(const char **text, size_t *len, Record *out, char *err, size_t errlen)
{
    set_err(err, errlen, "%s", "");
    if (out == NULL) {
        set_err(err, errlen, "no record to fill");
        return -1;
    }
    record_init(out, 15, (Rules){RULE_FREESTYLE, 5});
    if (*text == NULL || *len == 0) {
        set_err(err, errlen, "the file is empty");
        return -1;
    }
    if (*len > RECORD_MAX_TEXT_BYTES) {
        set_err(err, errlen, "the file is too large to be a game record (%lu bytes)",
                (unsigned long)*len);
        return -1;
    }
    skip_bom(text, len);
    return 0;
}

int record_parse(const char *text, size_t len, Record *out, char *err, size_t errlen)
{
    if (begin_parse(&text, &len, out, err, errlen) != 0) {
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
        rc = parse_line(&ps, (Span){text + pos, end - pos});
        pos = end + 1;
    }
    if (rc == 0 && !ps.have_version) {
        set_err(err, errlen, "not a Gomoku record (no 'gomoku-record %d' line)",
                RECORD_FORMAT_VERSION);
        rc = -1;
    }
    if (rc == 0 && !ps.have_end) {
        /* The writer always ends with "end"; without it the file was cut
         * short (a crash mid-copy, a full disk) and moves may be missing. */
        set_err(err, errlen, "the record is cut off after line %d (no 'end' line)", ps.line);
        rc = -1;
    }
    if (rc == 0 && !ps.have_size) {
        set_err(err, errlen, "the record has no 'size' line");
        rc = -1;
    }
    if (rc == 0 && start_moves(&ps) != 0) {
        rc = -1;
    }
    if (rc == 0) {
        if (!ps.have_cursor) {
            out->cursor = out->count;
        } else if (ps.cursor > out->count) {
            set_err(err, errlen, "position %d is past the last move (%d)", ps.cursor, out->count);
            rc = -1;
        } else {
            out->cursor = ps.cursor;
        }
    }
    if (rc == 0) {
        rc = settle_result(out, game_result(ps.g), ps.have_result, err, errlen);
    }
    game_free(ps.g);
    return rc;
}

/* ---- our text format: writing ----------------------------------------- */

char *record_format(const Record *r, size_t *len)
{
    Buf b = {0};
    if (r == NULL) {
        return buf_finish(&b, len);
    }
    buf_printf(&b, "# Gomoku game record (see docs/file-format.md)\n");
    buf_printf(&b, "gomoku-record %d\n", RECORD_FORMAT_VERSION);
    buf_printf(&b, "size %d\n", r->size);
    buf_printf(&b, "rule %s\n", rule_word(r->rules.kind));
    buf_printf(&b, "k %d\n", r->rules.k);
    char text[RECORD_TEXT_MAX];
    /* Text fields are re-sanitized so a hand-filled Record cannot break
     * the line structure. */
    record_set_text(text, r->black.name);
    if (text[0] != '\0') {
        buf_printf(&b, "black %s\n", text);
    }
    if (r->black.kind != RECORD_PLAYER_UNKNOWN) {
        buf_printf(&b, "black-kind %s\n", kind_word(r->black.kind));
    }
    record_set_text(text, r->white.name);
    if (text[0] != '\0') {
        buf_printf(&b, "white %s\n", text);
    }
    if (r->white.kind != RECORD_PLAYER_UNKNOWN) {
        buf_printf(&b, "white-kind %s\n", kind_word(r->white.kind));
    }
    record_set_text(text, r->preset);
    if (text[0] != '\0') {
        buf_printf(&b, "preset %s\n", text);
    }
    record_set_text(text, r->date);
    for (char *p = text; *p != '\0'; p++) {
        if (*p == '#') {
            *p = ' '; /* would start a comment */
        }
    }
    if (text[0] != '\0') {
        buf_printf(&b, "date %s\n", text);
    }
    if (r->clock_ms > 0) {
        buf_printf(&b, "clock-ms %ld\n", (long)r->clock_ms);
    }
    if (r->end == RECORD_END_TIME || r->end == RECORD_END_RESIGN) {
        buf_printf(&b, "result %s %s\n", record_result_word(r->result), end_word(r->end));
    } else {
        buf_printf(&b, "result %s\n", record_result_word(r->result));
    }
    int count = r->count < 0 ? 0 : (r->count > BOARD_MAX_CELLS ? BOARD_MAX_CELLS : r->count);
    if (r->cursor != count && r->cursor >= 0 && r->cursor <= count) {
        buf_printf(&b, "position %d\n", r->cursor);
    }
    for (int i = 0; i < count; i += 10) {
        buf_printf(&b, "moves");
        for (int j = i; j < count && j < i + 10; j++) {
            char name[RECORD_MOVE_NAME_MAX];
            record_move_name(r->moves[j], r->size, name);
            if (r->time_ms[j] >= 0) {
                buf_printf(&b, " %s:%ld", name, (long)r->time_ms[j]);
            } else {
                buf_printf(&b, " %s", name);
            }
        }
        buf_printf(&b, "   # %d-%d\n", i + 1, (i + 10 < count) ? i + 10 : count);
    }
    buf_printf(&b, "end\n");
    return buf_finish(&b, len);
}

/* ---- Piskvork .psq ------------------------------------------------------ */

/* Returns the next line of text[*pos..len) (without '\n' and '\r'). */
static bool next_line(const char *text, size_t len, size_t *pos, Span *line)
{
    if (*pos >= len) {
        return false;
    }
    const char *nl = memchr(text + *pos, '\n', len - *pos);
    size_t end = nl == NULL ? len : (size_t)(nl - text);
    *line = span_trim((Span){text + *pos, end - *pos});
    *pos = end + 1;
    return true;
}

bool record_is_psq(const char *text, size_t len)
{
    if (text == NULL) {
        return false;
    }
    skip_bom(&text, &len);
    size_t pos = 0;
    Span line;
    while (next_line(text, len, &pos, &line)) {
        if (line.n == 0) {
            continue;
        }
        return line.n >= 9 && span_eq_nocase((Span){line.p, 9}, "piskvorky");
    }
    return false;
}

/* Parses "x,y" or "x,y,t" (blanks allowed around numbers).  Returns
 * false when the line is not of that shape. */
static bool psq_move_line(Span line, long *x, long *y, long *t)
{
    long v[3] = {0, 0, -1};
    int nv = 0;
    size_t i = 0;
    while (nv < 3) {
        size_t start = i;
        while (i < line.n && line.p[i] != ',') {
            i++;
        }
        Span f = span_trim((Span){line.p + start, i - start});
        bool neg = f.n > 0 && f.p[0] == '-';
        if (neg) {
            f.p++;
            f.n--;
        }
        if (!span_uint(f, 1000000000L, &v[nv])) {
            return false;
        }
        if (neg) {
            v[nv] = -v[nv];
        }
        nv++;
        if (i >= line.n) {
            break;
        }
        i++; /* the comma */
    }
    if (i < line.n || nv < 2) {
        return false;
    }
    *x = v[0];
    *y = v[1];
    *t = nv == 3 ? v[2] : -1;
    return true;
}

/* A trailing line that names a player: not a number, not a move. */
static bool psq_name_line(Span line, char dst[RECORD_TEXT_MAX])
{
    if (line.n == 0) {
        return false;
    }
    long a, b, c;
    if (psq_move_line(line, &a, &b, &c)) {
        return false;
    }
    bool numeric = true;
    for (size_t i = 0; i < line.n; i++) {
        if (!is_digit(line.p[i]) && line.p[i] != '-') {
            numeric = false;
        }
    }
    if (numeric) {
        return false;
    }
    /* Brains are stored as paths; the file name is what a player knows. */
    size_t start = 0;
    for (size_t i = 0; i < line.n; i++) {
        if (line.p[i] == '/' || line.p[i] == '\\') {
            start = i + 1;
        }
    }
    char tmp[RECORD_TEXT_MAX * 2];
    size_t n = line.n - start;
    if (n >= sizeof tmp) {
        n = sizeof tmp - 1;
    }
    memcpy(tmp, line.p + start, n);
    tmp[n] = '\0';
    record_set_text(dst, tmp);
    return dst[0] != '\0';
}

static int psq_parse_rules(const char *text, size_t len, Rules rules, Record *out, char *err,
                           size_t errlen)
{
    size_t pos = 0;
    Span line;
    int lineno = 0;
    /* Header. */
    for (;;) {
        if (!next_line(text, len, &pos, &line)) {
            set_err(err, errlen, "the file is empty");
            return -1;
        }
        lineno++;
        if (line.n > 0) {
            break;
        }
    }
    char show[40];
    if (line.n < 9 || !span_eq_nocase((Span){line.p, 9}, "piskvorky")) {
        set_err(err, errlen, "line %d: not a Piskvork file (expected 'Piskvorky WxH, ...')",
                lineno);
        return -1;
    }
    Span rest = {line.p + 9, line.n - 9};
    Span dims = span_token(&rest);
    if (dims.n > 0 && dims.p[dims.n - 1] == ',') {
        dims.n--;
    }
    size_t xpos = 0;
    while (xpos < dims.n && to_lower(dims.p[xpos]) != 'x') {
        xpos++;
    }
    long w, h;
    if (xpos >= dims.n || !span_uint((Span){dims.p, xpos}, 100000, &w) ||
        !span_uint((Span){dims.p + xpos + 1, dims.n - xpos - 1}, 100000, &h)) {
        set_err(err, errlen, "line %d: board size '%s' is not WxH", lineno,
                span_show(dims, show, sizeof show));
        return -1;
    }
    if (w != h) {
        set_err(err, errlen, "line %d: only square boards are supported (this one is %ldx%ld)",
                lineno, w, h);
        return -1;
    }
    if (w < BOARD_MIN_SIZE || w > BOARD_MAX_SIZE) {
        set_err(err, errlen, "line %d: board size %ldx%ld is not supported (%d..%d)", lineno, w, h,
                BOARD_MIN_SIZE, BOARD_MAX_SIZE);
        return -1;
    }
    record_init(out, (int)w, rules);
    Game *g = game_new((int)w, rules);
    if (g == NULL) {
        set_err(err, errlen, "out of memory");
        return -1;
    }
    /* Moves, up to the first line that is not one. */
    bool more = false;
    while (next_line(text, len, &pos, &line)) {
        lineno++;
        long x, y, t;
        if (!psq_move_line(line, &x, &y, &t)) {
            more = true;
            break;
        }
        if (x < 1 || y < 1 || x > w || y > w) {
            set_err(err, errlen, "line %d: move %ld,%ld is off a %ldx%ld board", lineno, x, y, w,
                    w);
            game_free(g);
            return -1;
        }
        Move m = {(int8_t)(x - 1), (int8_t)(y - 1)};
        char prefix[32];
        snprintf(prefix, sizeof prefix, "line %d: ", lineno);
        if (out->count >= BOARD_MAX_CELLS ||
            replay_move(g, m, out->count, prefix, err, errlen) != 0) {
            game_free(g);
            return -1;
        }
        record_add_move(out, m, t < 0 ? -1 : (int32_t)(t > 2147483647L ? 2147483647L : t));
    }
    /* Trailing lines: the first two names are the players' brains. */
    int names = 0;
    while (more && names < 2) {
        char *dst = names == 0 ? out->black.name : out->white.name;
        if (psq_name_line(line, dst)) {
            names++;
        }
        if (!next_line(text, len, &pos, &line)) {
            break;
        }
    }
    out->result = game_result(g);
    out->end = out->result == GAME_ONGOING ? RECORD_END_NONE : RECORD_END_BOARD;
    out->cursor = out->count;
    game_free(g);
    return 0;
}

int record_parse_psq(const char *text, size_t len, Record *out, char *err, size_t errlen)
{
    if (begin_parse(&text, &len, out, err, errlen) != 0) {
        return -1;
    }
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\0') {
            set_err(err, errlen, "the file contains binary data (a NUL byte at offset %lu)",
                    (unsigned long)i);
            return -1;
        }
    }
    char err1[256];
    if (psq_parse_rules(text, len, (Rules){RULE_FREESTYLE, 5}, out, err1, sizeof err1) == 0) {
        return 0;
    }
    /* A .psq does not name its rule.  Gomocup's "standard" games are
     * exact-five, where an overline does not end the game; if freestyle
     * stops too early, exact five may explain the file. */
    char err2[256];
    if (strstr(err1, "had already won") != NULL &&
        psq_parse_rules(text, len, (Rules){RULE_EXACT, 5}, out, err2, sizeof err2) == 0) {
        return 0;
    }
    set_err(err, errlen, "%s", err1);
    return -1;
}

char *record_format_psq(const Record *r, size_t *len)
{
    Buf b = {0};
    if (r == NULL) {
        return buf_finish(&b, len);
    }
    /* "11:11, 0" is what Piskvork writes (window position and a flag);
     * readers ignore it. */
    buf_printf(&b, "Piskvorky %dx%d, 11:11, 0\r\n", r->size, r->size);
    int count = r->count < 0 ? 0 : (r->count > BOARD_MAX_CELLS ? BOARD_MAX_CELLS : r->count);
    for (int i = 0; i < count; i++) {
        long t = r->time_ms[i] < 0 ? 0 : (long)r->time_ms[i];
        buf_printf(&b, "%d,%d,%ld\r\n", r->moves[i].x + 1, r->moves[i].y + 1, t);
    }
    buf_printf(&b, "-1\r\n");
    return buf_finish(&b, len);
}

int record_parse_any(const char *text, size_t len, Record *out, char *err, size_t errlen)
{
    if (record_is_psq(text, len)) {
        return record_parse_psq(text, len, out, err, errlen);
    }
    return record_parse(text, len, out, err, errlen);
}
