/*
 * tac_suite.c - reading the Rapfi-made tactics suites (see tac_suite.h).
 */
#include "tac_suite.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/record.h"

/* Copies the next blank-separated word of *s into w (cap bytes) and
 * advances *s.  Returns its length (0 at the end). */
static size_t next_word(const char **s, char *w, size_t cap)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t') {
        p++;
    }
    size_t n = 0;
    while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r' && *p != '#') {
        if (n + 1 < cap) {
            w[n++] = *p;
        }
        p++;
    }
    w[n] = '\0';
    *s = p;
    return n;
}

static int parse_header(const char **s, TacSuitePos *p, char *w, size_t cap, char *err,
                        size_t errlen)
{
    next_word(s, w, cap);
    if (strcmp(w, "win") == 0) {
        p->kind = TAC_SUITE_WIN;
    } else if (strcmp(w, "def") == 0) {
        p->kind = TAC_SUITE_DEF;
    } else {
        err_set(err, errlen, "kind '%s' is neither win nor def", w);
        return -1;
    }
    next_word(s, w, cap);
    p->size = atoi(w);
    next_word(s, w, cap);
    p->rule_bits = atoi(w);
    /* Gomocup's rule bits: 0 five or more, 1 exactly five, 4 renju. */
    p->rules = (Rules){p->rule_bits == 4   ? RULE_RENJU
                       : p->rule_bits == 1 ? RULE_EXACT
                                           : RULE_FREESTYLE,
                       5};
    if (p->size < BOARD_MIN_SIZE || p->size > BOARD_MAX_SIZE ||
        (p->rule_bits != 0 && p->rule_bits != 1 && p->rule_bits != 4)) {
        err_set(err, errlen, "bad size %d or rule %d", p->size, p->rule_bits);
        return -1;
    }
    next_word(s, w, cap);
    if (strcmp(w, "black") != 0 && strcmp(w, "white") != 0) {
        err_set(err, errlen, "side '%s' is neither black nor white", w);
        return -1;
    }
    p->to_move = w[0] == 'b' ? STONE_BLACK : STONE_WHITE;
    next_word(s, w, cap);
    p->plies = atoi(w);
    next_word(s, w, cap);
    if (record_parse_move(w, strlen(w), p->size, &p->answer) != 0) {
        err_set(err, errlen, "bad answer '%s'", w);
        return -1;
    }
    return 0;
}

static int replay(const char **s, TacSuitePos *p, char *w, size_t cap, char *err, size_t errlen)
{
    board_init(&p->board, p->size);
    p->count = 0;
    Stone side = STONE_BLACK;
    while (next_word(s, w, cap) > 0) {
        Move m;
        if (record_parse_move(w, strlen(w), p->size, &m) != 0 || p->count >= BOARD_MAX_CELLS) {
            err_set(err, errlen, "bad move '%s'", w);
            return -1;
        }
        if (rules_check_move(&p->board, p->rules, side, m, NULL) != RULES_MOVE_OK) {
            err_set(err, errlen, "move %d (%s) is not legal", p->count + 1, w);
            return -1;
        }
        board_set(&p->board, m.x, m.y, side);
        if (rules_is_win(&p->board, p->rules, m, NULL, NULL)) {
            err_set(err, errlen, "move %d (%s) already wins", p->count + 1, w);
            return -1;
        }
        p->moves[p->count++] = m;
        side = stone_opponent(side);
    }
    if (side != p->to_move) {
        err_set(err, errlen, "the moves leave the other side to move");
        return -1;
    }
    if (!rules_is_legal(&p->board, p->rules, p->to_move, p->answer)) {
        err_set(err, errlen, "the answer is not a legal move");
        return -1;
    }
    return 0;
}

int tac_suite_parse_line(const char *text, TacSuitePos *p, char *err, size_t errlen)
{
    const char *s = text;
    char w[32];
    if (next_word(&s, w, sizeof w) == 0) {
        return 0; /* blank or comment */
    }
    s = text;
    if (parse_header(&s, p, w, sizeof w, err, errlen) != 0 ||
        replay(&s, p, w, sizeof w, err, errlen) != 0) {
        return -1;
    }
    return 1;
}

int tac_suite_load(const char *path, TacSuitePos **out, int *n, char *err, size_t errlen)
{
    *out = NULL;
    *n = 0;
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        err_set(err, errlen, "%s: cannot open", path);
        return -1;
    }
    int cap = 0;
    int lineno = 0;
    char text[8192];
    char why[160];
    while (fgets(text, sizeof text, f) != NULL) {
        lineno++;
        if (*n == cap) {
            cap = cap == 0 ? 16 : cap * 2;
            TacSuitePos *grown = realloc(*out, (size_t)cap * sizeof **out);
            if (grown == NULL) {
                err_set(err, errlen, "%s: out of memory", path);
                goto fail;
            }
            *out = grown;
        }
        int rc = tac_suite_parse_line(text, &(*out)[*n], why, sizeof why);
        if (rc < 0) {
            err_set(err, errlen, "%s:%d: %s", path, lineno, why);
            goto fail;
        }
        if (rc == 1) {
            (*out)[*n].line = lineno;
            (*n)++;
        }
    }
    fclose(f);
    return 0;
fail:
    fclose(f);
    free(*out);
    *out = NULL;
    *n = 0;
    return -1;
}

int tac_suite_board_lines(const Move *moves, int count, Stone me,
                          int (*send)(void *user, const char *line), void *user)
{
    for (int i = 0; i < count; i++) {
        Stone s = (i % 2 == 0) ? STONE_BLACK : STONE_WHITE;
        char line[32];
        snprintf(line, sizeof line, "%d,%d,%d", moves[i].x, moves[i].y, s == me ? 1 : 2);
        int rc = send(user, line);
        if (rc != 0) {
            return rc;
        }
    }
    return 0;
}
