/*
 * record_psq.c - Piskvork's .psq files: reading them (square boards in our
 * size range; the rules guessed, freestyle or else exact five) and writing
 * them (the moves and their times; nothing else fits the format).
 */
#include "record_psq.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_internal.h"
#include "scan.h"

/* Takes the next line of text, trimmed of blanks. */
static bool next_line(const char *text, size_t len, size_t *pos, ScanSpan *line)
{
    if (!scan_next_line(text, len, pos, line)) {
        return false;
    }
    *line = scan_trim(*line);
    return true;
}

bool record_is_psq(const char *text, size_t len)
{
    if (text == NULL) {
        return false;
    }
    record_skip_bom(&text, &len);
    size_t pos = 0;
    ScanSpan line;
    while (next_line(text, len, &pos, &line)) {
        if (line.n == 0) {
            continue;
        }
        return line.n >= 9 && scan_eq_nocase((ScanSpan){line.p, 9}, "piskvorky");
    }
    return false;
}

/* Parses "x,y" or "x,y,t" (blanks allowed around numbers).  Returns
 * false when the line is not of that shape. */
static bool psq_move_line(ScanSpan line, int64_t *x, int64_t *y, int64_t *t)
{
    int64_t v[3];
    int nv = scan_ints(line, ',', 1000000000, v, 3);
    if (nv < 2) {
        return false;
    }
    *x = v[0];
    *y = v[1];
    *t = nv == 3 ? v[2] : -1;
    return true;
}

/* A line that was meant as a move but is not one ("8,x", "12;4", "8,"):
 * it starts with a digit and holds a comma or a semicolon.  Brain names
 * and the final "-1" do not look like this. */
static bool psq_broken_move(ScanSpan line)
{
    if (line.n == 0 || line.p[0] < '0' || line.p[0] > '9') {
        return false;
    }
    return memchr(line.p, ',', line.n) != NULL || memchr(line.p, ';', line.n) != NULL;
}

/* True when a move line comes later in the text: the line before it
 * interrupted the moves rather than ending them. */
static bool psq_moves_follow(const char *text, size_t len, size_t pos)
{
    ScanSpan line;
    while (next_line(text, len, &pos, &line)) {
        int64_t x, y, t;
        if (psq_move_line(line, &x, &y, &t) && x > 0 && y > 0) {
            return true;
        }
    }
    return false;
}

/* A trailing line that names a player: not a number, not a move. */
static bool psq_name_line(ScanSpan line, char dst[RECORD_TEXT_MAX])
{
    if (line.n == 0) {
        return false;
    }
    int64_t a, b, c;
    if (psq_move_line(line, &a, &b, &c)) {
        return false;
    }
    bool numeric = true;
    for (size_t i = 0; i < line.n; i++) {
        if ((line.p[i] < '0' || line.p[i] > '9') && line.p[i] != '-') {
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

/* One reading of a .psq under one guess of its rule.  Every message
 * speaks of the file as Piskvork wrote it: its line numbers, its 1-based
 * "x,y" points, the move's number. */
typedef struct PsqParse {
    const char *text;
    size_t len, pos;
    int lineno;
    long w;
    Record *out;
    Game *g;
    char *err;
    size_t errlen;
} PsqParse;

/* Reads "Piskvorky WxH, ..." and sets up the record and the game. */
static int psq_header(PsqParse *p, Rules rules)
{
    ScanSpan line = {"", 0};
    do {
        if (!next_line(p->text, p->len, &p->pos, &line)) {
            err_set(p->err, p->errlen, "the file is empty");
            return -1;
        }
        p->lineno++;
    } while (line.n == 0);
    char show[40];
    if (line.n < 9 || !scan_eq_nocase((ScanSpan){line.p, 9}, "piskvorky")) {
        err_set(p->err, p->errlen,
                "line %d: not a Piskvork file: it should start with 'Piskvorky WxH', not '%s'",
                p->lineno, scan_show(line, show, sizeof show));
        return -1;
    }
    ScanSpan rest = {line.p + 9, line.n - 9};
    ScanSpan dims = scan_token(&rest);
    if (dims.n > 0 && dims.p[dims.n - 1] == ',') {
        dims.n--;
    }
    size_t xpos = 0;
    while (xpos < dims.n && (dims.p[xpos] | 0x20) != 'x') {
        xpos++;
    }
    int64_t w64, h64;
    if (xpos >= dims.n || !scan_uint((ScanSpan){dims.p, xpos}, 100000, &w64) ||
        !scan_uint((ScanSpan){dims.p + xpos + 1, dims.n - xpos - 1}, 100000, &h64)) {
        err_set(p->err, p->errlen, "line %d: board size '%s' is not WxH", p->lineno,
                scan_show(dims, show, sizeof show));
        return -1;
    }
    long w = (long)w64, h = (long)h64;
    if (w != h) {
        err_set(p->err, p->errlen,
                "line %d: only square boards are supported (this one is %ldx%ld)", p->lineno, w, h);
        return -1;
    }
    if (w < BOARD_MIN_SIZE || w > BOARD_MAX_SIZE) {
        err_set(p->err, p->errlen, "line %d: board size %ldx%ld is not supported (%d..%d)",
                p->lineno, w, h, BOARD_MIN_SIZE, BOARD_MAX_SIZE);
        return -1;
    }
    p->w = w;
    record_init(p->out, (int)w, rules);
    p->g = game_new((int)w, rules);
    if (p->g == NULL) {
        err_set(p->err, p->errlen, "out of memory");
        return -1;
    }
    return 0;
}

/* Plays the move on "x,y[,t]" (1-based), or says why it cannot be. */
static int psq_play(PsqParse *p, int64_t x64, int64_t y64, int64_t t)
{
    int n = p->out->count + 1;
    long x = (long)x64, y = (long)y64;
    if (x < 1 || y < 1 || x > p->w || y > p->w) {
        err_set(p->err, p->errlen, "line %d: move %d at %ld,%ld is off the %ldx%ld board",
                p->lineno, n, x, y, p->w, p->w);
        return -1;
    }
    Move m = {(int8_t)(x - 1), (int8_t)(y - 1)};
    GameResult before = game_result(p->g);
    GameStatus st = p->out->count < BOARD_MAX_CELLS ? game_play(p->g, m) : GAME_ERR_OVER;
    if (st == GAME_ERR_OCCUPIED) {
        err_set(p->err, p->errlen, "line %d: move %d at %ld,%ld is on an occupied point", p->lineno,
                n, x, y);
    } else if (st == GAME_ERR_OVER && before == GAME_DRAW) {
        err_set(p->err, p->errlen, "line %d: move %d at %ld,%ld comes after the board was full",
                p->lineno, n, x, y);
    } else if (st == GAME_ERR_OVER) {
        /* "had already won": record_parse_psq tries exact five on it. */
        err_set(p->err, p->errlen, "line %d: move %d at %ld,%ld comes after %s had already won",
                p->lineno, n, x, y, before == GAME_BLACK_WINS ? "black" : "white");
    } else if (st != GAME_OK) {
        err_set(p->err, p->errlen, "line %d: move %d at %ld,%ld cannot be played", p->lineno, n, x,
                y);
    }
    if (st != GAME_OK) {
        return -1;
    }
    record_add_move(p->out, m, t < 0 ? -1 : (int32_t)(t > 2147483647L ? 2147483647L : t));
    return 0;
}

/* The moves, one a line, up to the first line that is not one; *rest is
 * that line (n == 0 at the end of the text).  A line that looks like a
 * broken move, or is followed by more moves, is an error rather than the
 * end of the list. */
static int psq_moves(PsqParse *p, ScanSpan *rest)
{
    ScanSpan line;
    *rest = (ScanSpan){"", 0};
    while (next_line(p->text, p->len, &p->pos, &line)) {
        p->lineno++;
        int64_t x, y, t;
        if (line.n == 0) {
            continue;
        }
        if (psq_move_line(line, &x, &y, &t)) {
            if (psq_play(p, x, y, t) != 0) {
                return -1;
            }
            continue;
        }
        if (psq_broken_move(line) || psq_moves_follow(p->text, p->len, p->pos)) {
            char show[40];
            err_set(p->err, p->errlen, "line %d: 'x,y' expected, found '%s'", p->lineno,
                    scan_show(line, show, sizeof show));
            return -1;
        }
        *rest = line;
        break;
    }
    if (p->out->count == 0) {
        err_set(p->err, p->errlen, "no moves: after the header a .psq lists one 'x,y' line a move");
        return -1;
    }
    return 0;
}

static int psq_parse_rules(const char *text, size_t len, Rules rules, Record *out, char *err,
                           size_t errlen)
{
    PsqParse p = {text, len, 0, 0, 0, out, NULL, err, errlen};
    ScanSpan line;
    if (psq_header(&p, rules) != 0 || psq_moves(&p, &line) != 0) {
        game_free(p.g);
        return -1;
    }
    /* Trailing lines: the first two names are the players' brains. */
    int names = 0;
    bool more = line.n > 0;
    while (more && names < 2) {
        char *dst = names == 0 ? out->black.name : out->white.name;
        if (psq_name_line(line, dst)) {
            names++;
        }
        more = next_line(text, len, &p.pos, &line);
    }
    out->result = game_result(p.g);
    out->end = out->result == GAME_ONGOING ? RECORD_END_NONE : RECORD_END_BOARD;
    out->cursor = out->count;
    game_free(p.g);
    return 0;
}

int record_parse_psq(const char *text, size_t len, Record *out, char *err, size_t errlen)
{
    if (text != NULL && len >= 2 &&
        ((text[0] == '\xFF' && text[1] == '\xFE') || (text[0] == '\xFE' && text[1] == '\xFF'))) {
        record_begin_parse(&text, &len, out, err, errlen);
        err_set(err, errlen, "the file is UTF-16 text; a .psq is plain (ANSI or UTF-8) text");
        return -1;
    }
    if (record_begin_parse(&text, &len, out, err, errlen) != 0) {
        return -1;
    }
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\0') {
            err_set(err, errlen, "the file contains binary data (a NUL byte at offset %lu)",
                    (unsigned long)i);
            return -1;
        }
    }
    /* A .psq does not name its rule.  Freestyle five first; when the moves
     * go on after a line that wins there, the first rule under which none
     * does: Gomocup's "standard" exact five (an overline does not win),
     * then six in a row (our own export of a k = 6 game), then the shorter
     * lines, so every game this program can play reads back. */
    static const Rules GUESSES[] = {{RULE_FREESTYLE, 5}, {RULE_EXACT, 5},     {RULE_FREESTYLE, 6},
                                    {RULE_EXACT, 6},     {RULE_FREESTYLE, 4}, {RULE_EXACT, 4},
                                    {RULE_FREESTYLE, 3}, {RULE_EXACT, 3},     {RULE_FREESTYLE, 2},
                                    {RULE_EXACT, 2},     {RULE_FREESTYLE, 1}, {RULE_EXACT, 1}};
    char err1[256];
    if (psq_parse_rules(text, len, GUESSES[0], out, err1, sizeof err1) == 0) {
        return 0;
    }
    if (strstr(err1, "had already won") != NULL) {
        for (size_t i = 1; i < sizeof GUESSES / sizeof GUESSES[0]; i++) {
            char err2[256];
            if (psq_parse_rules(text, len, GUESSES[i], out, err2, sizeof err2) == 0) {
                return 0;
            }
        }
    }
    /* The first reading's reason: the others only guessed at a rule. */
    record_init(out, 15, GUESSES[0]);
    err_set(err, errlen, "%s", err1);
    return -1;
}

char *record_format_psq(const Record *r, size_t *len)
{
    RecordBuf b = {0};
    if (r == NULL) {
        return record_buf_finish(&b, len);
    }
    /* "11:11, 0" is what Piskvork writes (window position and a flag);
     * readers ignore it. */
    record_buf_printf(&b, "Piskvorky %dx%d, 11:11, 0\r\n", r->size, r->size);
    int count = r->count < 0 ? 0 : (r->count > BOARD_MAX_CELLS ? BOARD_MAX_CELLS : r->count);
    for (int i = 0; i < count; i++) {
        long t = r->time_ms[i] < 0 ? 0 : (long)r->time_ms[i];
        record_buf_printf(&b, "%d,%d,%ld\r\n", r->moves[i].x + 1, r->moves[i].y + 1, t);
    }
    record_buf_printf(&b, "-1\r\n");
    return record_buf_finish(&b, len);
}
