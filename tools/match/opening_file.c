/*
 * opening_file.c - openings from a file of position strings (see
 * opening_file.h).
 */
#include "opening_file.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/game.h"

int opening_parse(const char *text, int size, Opening *out, char *err, size_t errlen)
{
    const char *p = text;
    memset(out, 0, sizeof *out);
    while (isspace((unsigned char)*p)) {
        p++;
    }
    while (*p != '\0' && !isspace((unsigned char)*p)) {
        int col = tolower((unsigned char)*p) - 'a';
        if (col < 0 || col >= 26 || !isdigit((unsigned char)p[1])) {
            err_set(err, errlen, "'%.40s' is not a position string like h7g8k5", text);
            return -1;
        }
        p++;
        int row = 0;
        while (isdigit((unsigned char)*p) && row <= 99) {
            row = row * 10 + (*p++ - '0');
        }
        if (col >= size || row < 1 || row > size) {
            err_set(err, errlen, "%c%d is off the %dx%d board", 'a' + col, row, size, size);
            return -1;
        }
        if (out->len == MATCH_OPENING_MAX) {
            err_set(err, errlen, "more than %d stones in '%.40s'", MATCH_OPENING_MAX, text);
            return -1;
        }
        out->moves[out->len++] = (Move){(int8_t)col, (int8_t)(row - 1)};
    }
    while (isspace((unsigned char)*p)) {
        p++;
    }
    if (*p != '\0' || out->len == 0) {
        err_set(err, errlen, "'%.40s' is not a position string like h7g8k5", text);
        return -1;
    }
    return 0;
}

int opening_check(const Opening *op, int size, Rules r, char *err, size_t errlen)
{
    Game *g = game_new(size, r);
    if (g == NULL) {
        err_set(err, errlen, "%s", "could not set up a game");
        return -1;
    }
    int rc = 0;
    for (int i = 0; i < op->len && rc == 0; i++) {
        Move m = op->moves[i];
        if (game_play(g, m) != GAME_OK) {
            err_set(err, errlen, "stone %d (%c%d) cannot be played there", i + 1, 'a' + m.x,
                    m.y + 1);
            rc = -1;
        } else if (game_result(g) != GAME_ONGOING) {
            err_set(err, errlen, "stone %d (%c%d) ends the game", i + 1, 'a' + m.x, m.y + 1);
            rc = -1;
        }
    }
    game_free(g);
    return rc;
}

int opening_file_load(const char *path, int size, Rules r, Opening **ops, int *count, char *err,
                      size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        err_set(err, errlen, "cannot open %s", path);
        return -1;
    }
    Opening *list = NULL;
    int n = 0, cap = 0, lineno = 0, rc = 0;
    char line[512], why[160];
    while (rc == 0 && fgets(line, sizeof line, f) != NULL) {
        lineno++;
        char *s = line;
        while (isspace((unsigned char)*s)) {
            s++;
        }
        if (*s == '\0' || *s == '#') {
            continue;
        }
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            Opening *grown = realloc(list, (size_t)cap * sizeof *list);
            if (grown == NULL) {
                err_set(err, errlen, "%s", "out of memory");
                rc = -1;
                break;
            }
            list = grown;
        }
        if (opening_parse(s, size, &list[n], why, sizeof why) != 0 ||
            opening_check(&list[n], size, r, why, sizeof why) != 0) {
            err_set(err, errlen, "%s:%d: %s", path, lineno, why);
            rc = -1;
            break;
        }
        n++;
    }
    fclose(f);
    if (rc == 0 && n == 0) {
        err_set(err, errlen, "%s holds no opening", path);
        rc = -1;
    }
    if (rc != 0) {
        free(list);
        return -1;
    }
    *ops = list;
    *count = n;
    return 0;
}
