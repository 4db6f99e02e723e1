/*
 * record.c - game records: the Record value, its validation by replay with
 * the core's rules, the bridge to Game, and what both formats (our text,
 * record_text.c; Piskvork's .psq, record_psq.c) share, record_internal.h.
 * It includes neither format: record_read.c reads either.
 */
#include "record_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan.h"

/* ---- growable output buffer ---------------------------------------------- */

GOMOKU_PRINTF(2, 3) void record_buf_printf(RecordBuf *b, const char *fmt, ...)
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

char *record_buf_finish(RecordBuf *b, size_t *len)
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
    r->version = RECORD_FORMAT_VERSION;
    return ok ? 0 : -1;
}

void record_keep_line(Record *r, const char *line, size_t len, bool head)
{
    if (r->extra_lost || (size_t)r->extra_len + len + 1 >= RECORD_EXTRA_MAX) {
        /* A later, shorter line would fit, but the lines keep their order:
         * from the first that does not fit on, none is kept. */
        r->extra_lost = true;
        return;
    }
    memcpy(r->extra + r->extra_len, line, len);
    r->extra_len += (int)len;
    r->extra[r->extra_len++] = '\n';
    r->extra[r->extra_len] = '\0';
    if (head) {
        r->extra_head = r->extra_len;
    }
}

bool record_eval_unscored(const RecordEval *e)
{
    return e->depth == 0 && e->mate_plies == 0;
}

int record_set_eval(Record *r, int pos, const RecordEval *ev, const Move *pv, int pv_len)
{
    if (r == NULL || ev == NULL || pos < 0 || pos > r->count || pos > BOARD_MAX_CELLS) {
        return -1;
    }
    RecordEval e = *ev;
    e.pv_start = 0;
    e.pv_len = 0;
    pv_len = pv == NULL || pv_len < 0      ? 0
             : pv_len > RECORD_EVAL_PV_MAX ? RECORD_EVAL_PV_MAX
                                           : pv_len;
    if (pv_len > 0 && r->eval_pv_used + pv_len <= RECORD_EVAL_PV_POOL) {
        memcpy(&r->eval_pv[r->eval_pv_used], pv, sizeof(Move) * (size_t)pv_len);
        e.pv_start = (uint16_t)r->eval_pv_used;
        e.pv_len = (uint16_t)pv_len;
        r->eval_pv_used += pv_len;
    }
    r->eval[pos] = e;
    return 0;
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

/* True for the blanks a text field never starts or ends with: the text
 * format trims them. */
static bool edge_blank(char c)
{
    return c == ' ' || c == '\t';
}

void record_set_text(char dst[RECORD_TEXT_MAX], const char *src)
{
    record_set_text_n(dst, src, src != NULL ? strlen(src) : 0);
}

void record_set_text_n(char dst[RECORD_TEXT_MAX], const char *src, size_t len)
{
    size_t n = 0;
    if (src != NULL) {
        size_t i = 0;
        while (i < len && edge_blank(src[i])) {
            i++; /* skipped first, so they take none of the room */
        }
        while (i < len) {
            const unsigned char *p = (const unsigned char *)src + i;
            size_t cl = scan_utf8_len(p, len - i);
            if (cl == 0) {
                /* Invalid byte (e.g. a cp1250 name from a .psq): show '?'. */
                if (n + 1 >= RECORD_TEXT_MAX) {
                    break;
                }
                dst[n++] = '?';
                i++;
                continue;
            }
            if (cl == 1 && ((p[0] < 0x20 && p[0] != '\t') || p[0] == 0x7f)) {
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
    /* Blanks at either end would not survive a round trip through the
     * text format, which trims them (dropping a control character may
     * have brought one to the start). */
    while (n > 0 && edge_blank(dst[n - 1])) {
        n--;
    }
    dst[n] = '\0';
    size_t lead = 0;
    while (edge_blank(dst[lead])) {
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
    char c = (char)(s[0] >= 'A' && s[0] <= 'Z' ? s[0] - 'A' + 'a' : s[0]);
    if (c < 'a' || c > 'z') {
        return -1;
    }
    if (s[1] == '0') {
        return -1;
    }
    int64_t row;
    if (!scan_uint((ScanSpan){s + 1, len - 1}, 999, &row) || row == 0) {
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

const char *record_end_word(RecordEnd e)
{
    switch (e) {
    case RECORD_END_TIME: return "time";
    case RECORD_END_RESIGN: return "resign";
    case RECORD_END_BOARD: return "board";
    case RECORD_END_NONE:
    default: return "";
    }
}

const char *record_kind_word(RecordPlayerKind k)
{
    switch (k) {
    case RECORD_PLAYER_HUMAN: return "human";
    case RECORD_PLAYER_COMPUTER: return "computer";
    case RECORD_PLAYER_UNKNOWN:
    default: return "unknown";
    }
}

const char *record_opening_word(RecordOpening o)
{
    switch (o) {
    case RECORD_OPENING_SWAP: return "swap";
    case RECORD_OPENING_SWAP2: return "swap2";
    case RECORD_OPENING_STANDARD:
    default: return "standard";
    }
}

const char *record_choice_word(RecordChoice c)
{
    switch (c) {
    case RECORD_CHOICE_TAKE_BLACK: return "take-black";
    case RECORD_CHOICE_TAKE_WHITE: return "take-white";
    case RECORD_CHOICE_PLACE_TWO: return "place-two";
    case RECORD_CHOICE_NONE:
    default: return "";
    }
}

/* Returns the sentence of what is wrong with r's opening, or NULL. */
static const char *opening_problem(const Record *r)
{
    RecordChoice c0 = r->choice[0], c1 = r->choice[1];
    if ((int)r->opening < 0 || r->opening >= RECORD_OPENING_COUNT || (int)c0 < 0 ||
        c0 >= RECORD_CHOICE_COUNT || (int)c1 < 0 || c1 >= RECORD_CHOICE_COUNT) {
        return "the opening is not one this program knows";
    }
    if (r->opening == RECORD_OPENING_STANDARD) {
        return c0 != RECORD_CHOICE_NONE ? "a standard opening has no choices" : NULL;
    }
    if (r->rules.k != 5) {
        return "swap openings are for five in a row only";
    }
    if (c0 == RECORD_CHOICE_NONE) {
        return c1 != RECORD_CHOICE_NONE ? "the opening's second choice comes without a first"
               : r->count > 3           ? "the fourth stone comes before the opening's choice"
                                        : NULL;
    }
    if (r->count < 3) {
        return "the opening's choice comes before the third stone";
    }
    if (c0 != RECORD_CHOICE_PLACE_TWO) {
        return c1 != RECORD_CHOICE_NONE ? "the opening has a second choice after taking a colour"
                                        : NULL;
    }
    if (r->opening != RECORD_OPENING_SWAP2) {
        return "placing two more stones is a swap2 choice";
    }
    if (c1 == RECORD_CHOICE_NONE) {
        return r->count > 5 ? "the sixth stone comes before the opening's second choice" : NULL;
    }
    if (c1 == RECORD_CHOICE_PLACE_TWO) {
        return "the opening's second choice must take a colour";
    }
    return r->count < 5 ? "the opening's second choice comes before the fifth stone" : NULL;
}

int record_check_opening(const Record *r, char *err, size_t errlen)
{
    const char *why = opening_problem(r);
    if (why != NULL) {
        err_set(err, errlen, "%s", why);
        return -1;
    }
    return 0;
}

static const char *winner_name(GameResult res)
{
    return res == GAME_BLACK_WINS ? "black" : "white";
}

/* ---- replay and validation -------------------------------------------- */

/* Plays move number idx (0-based) into g, explaining a refusal in err
 * after prefix ("line 7: " or ""). */
int record_replay_move(Game *g, Move m, int idx, const char *prefix, char *err, size_t errlen)
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
        err_set(err, errlen, "%smove %d is off a %dx%d board", prefix, idx + 1, size, size);
        break;
    case GAME_ERR_OCCUPIED:
        err_set(err, errlen, "%smove %d '%s' is on a point that is already taken", prefix, idx + 1,
                name);
        break;
    case GAME_ERR_FORBIDDEN:
        err_set(err, errlen, "%smove %d '%s' is forbidden for black under renju (%s)", prefix,
                idx + 1, name, rules_forbidden_name(why));
        break;
    case GAME_ERR_OVER:
        if (before == GAME_DRAW) {
            err_set(err, errlen, "%smove %d '%s' comes after the game ended in a draw", prefix,
                    idx + 1, name);
        } else {
            err_set(err, errlen, "%smove %d '%s' comes after %s had already won", prefix, idx + 1,
                    name, winner_name(before));
        }
        break;
    case GAME_ERR_NOMEM: err_set(err, errlen, "%sout of memory", prefix); break;
    default: err_set(err, errlen, "%smove %d '%s' cannot be played", prefix, idx + 1, name); break;
    }
    return -1;
}

/* Checks the stated result and end against what the board shows and
 * fills them in when not stated.  stated: whether a result was given. */
int record_settle_result(Record *r, GameResult board, bool stated, char *err, size_t errlen)
{
    if (!stated) {
        r->result = board;
        r->end = board == GAME_ONGOING ? RECORD_END_NONE : RECORD_END_BOARD;
        return 0;
    }
    if (board != GAME_ONGOING) {
        if (r->result != board) {
            if (board == GAME_DRAW) {
                err_set(err, errlen, "the result says %s but the board is full (a draw)",
                        record_result_word(r->result));
            } else {
                err_set(err, errlen, "the result says %s but %s has a winning line on the board",
                        record_result_word(r->result), winner_name(board));
            }
            return -1;
        }
        if (r->end == RECORD_END_TIME || r->end == RECORD_END_RESIGN) {
            err_set(err, errlen, "the result says '%s' but the game was decided on the board",
                    record_end_word(r->end));
            return -1;
        }
        r->end = RECORD_END_BOARD;
        return 0;
    }
    switch (r->result) {
    case GAME_ONGOING:
        if (r->end != RECORD_END_NONE) {
            err_set(err, errlen, "an ongoing game cannot have ended by '%s'",
                    record_end_word(r->end));
            return -1;
        }
        return 0;
    case GAME_DRAW:
        err_set(err, errlen, "the result says draw but the board is not full");
        return -1;
    case GAME_BLACK_WINS:
    case GAME_WHITE_WINS:
    default:
        if (r->end != RECORD_END_TIME && r->end != RECORD_END_RESIGN) {
            err_set(err, errlen,
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
        err_set(err, errlen, "board size %d is not supported (%d..%d)", r->size, BOARD_MIN_SIZE,
                BOARD_MAX_SIZE);
        return -1;
    }
    if (!rules_valid(r->rules)) {
        err_set(err, errlen, "rule %s with k = %d is not playable", rules_kind_word(r->rules.kind),
                r->rules.k);
        return -1;
    }
    if (r->count < 0 || r->count > r->size * r->size) {
        err_set(err, errlen, "%d moves do not fit on a %dx%d board", r->count, r->size, r->size);
        return -1;
    }
    return record_check_opening(r, err, errlen);
}

/* Replays r into a new game; on success returns it with every move
 * played.  Checks the result too when check_result is set. */
static Game *replay_all(const Record *r, char *err, size_t errlen)
{
    if (r == NULL) {
        err_set(err, errlen, "no record");
        return NULL;
    }
    if (check_header(r, err, errlen) != 0) {
        return NULL;
    }
    Game *g = game_new(r->size, r->rules);
    if (g == NULL) {
        err_set(err, errlen, "out of memory");
        return NULL;
    }
    for (int i = 0; i < r->count; i++) {
        if (record_replay_move(g, r->moves[i], i, "", err, errlen) != 0) {
            game_free(g);
            return NULL;
        }
    }
    if (r->cursor < 0 || r->cursor > r->count) {
        err_set(err, errlen, "review position %d is outside 0..%d", r->cursor, r->count);
        game_free(g);
        return NULL;
    }
    Record copy = *r;
    bool stated = !(r->result == GAME_ONGOING && r->end == RECORD_END_NONE);
    if (stated && record_settle_result(&copy, game_result(g), true, err, errlen) != 0) {
        game_free(g);
        return NULL;
    }
    if (!stated && game_result(g) != GAME_ONGOING) {
        /* A record claiming "ongoing" for a decided board is inconsistent. */
        err_set(err, errlen, "the result says ongoing but %s",
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

bool record_skip_bom(const char **text, size_t *len)
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
int record_begin_parse(const char **text, size_t *len, Record *out, char *err, size_t errlen)
{
    err_set(err, errlen, "%s", "");
    if (out == NULL) {
        err_set(err, errlen, "no record to fill");
        return -1;
    }
    record_init(out, 15, (Rules){RULE_FREESTYLE, 5});
    if (*text == NULL || *len == 0) {
        err_set(err, errlen, "the file is empty");
        return -1;
    }
    if (*len > RECORD_MAX_TEXT_BYTES) {
        err_set(err, errlen, "the file is too large to be a game record (%lu bytes)",
                (unsigned long)*len);
        return -1;
    }
    record_skip_bom(text, len);
    return 0;
}
