#include "pbrain_loop.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_STONES (PBRAIN_LOOP_MAX_SIZE * PBRAIN_LOOP_MAX_SIZE)

typedef struct Loop {
    const PbrainEngine *e;
    FILE *out;
    int size; /* 0 until START */
    unsigned char cell[PBRAIN_LOOP_MAX_SIZE][PBRAIN_LOOP_MAX_SIZE];
    /* Every stone in the order it came, so TAKEBACK can rebuild an engine
     * that only knows how to add stones. */
    int nstones;
    struct {
        int x, y, who;
    } stone[MAX_STONES];
} Loop;

static void say(Loop *l, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(l->out, fmt, ap);
    va_end(ap);
    fputc('\n', l->out);
    fflush(l->out);
}

static int on_board(const Loop *l, int x, int y)
{
    return x >= 0 && y >= 0 && x < l->size && y < l->size;
}

static int new_board(Loop *l, int size)
{
    if (size < l->e->min_size || size > l->e->max_size || size > PBRAIN_LOOP_MAX_SIZE) {
        return -1;
    }
    if (l->e->new_board(l->e->ctx, size) != 0) {
        return -1;
    }
    l->size = size;
    l->nstones = 0;
    memset(l->cell, 0, sizeof l->cell);
    return 0;
}

static int add_stone(Loop *l, int x, int y, int who)
{
    if (!on_board(l, x, y) || l->cell[y][x] != 0 || l->nstones >= MAX_STONES) {
        return -1;
    }
    l->e->place(l->e->ctx, x, y, who);
    l->cell[y][x] = (unsigned char)who;
    l->stone[l->nstones].x = x;
    l->stone[l->nstones].y = y;
    l->stone[l->nstones].who = who;
    l->nstones++;
    return 0;
}

/* Clears the engine and replays the recorded stones: the one way to undo a
 * stone in engines that keep incremental state. */
static int rebuild(Loop *l)
{
    int n = l->nstones;
    int size = l->size;
    int xs[MAX_STONES], ys[MAX_STONES], whos[MAX_STONES];
    for (int i = 0; i < n; i++) {
        xs[i] = l->stone[i].x;
        ys[i] = l->stone[i].y;
        whos[i] = l->stone[i].who;
    }
    if (new_board(l, size) != 0) {
        return -1;
    }
    for (int i = 0; i < n; i++) add_stone(l, xs[i], ys[i], whos[i]);
    return 0;
}

/* An engine that answers an occupied or off-board point would forfeit the
 * game on a technicality; play the empty point nearest the centre instead
 * and say so, so the fault shows in a verbose match log. */
static void think_and_answer(Loop *l)
{
    int x = -1, y = -1;
    int before = l->nstones;
    int rc = l->e->think(l->e->ctx, &x, &y);
    if (rc == 0 && on_board(l, x, y) && l->cell[y][x] == 0) {
        l->cell[y][x] = PBRAIN_OWN;
        l->stone[l->nstones].x = x;
        l->stone[l->nstones].y = y;
        l->stone[l->nstones].who = PBRAIN_OWN;
        l->nstones++;
        say(l, "%d,%d", x, y);
        return;
    }
    int best = -1, bx = -1, by = -1, c = l->size / 2;
    for (int j = 0; j < l->size; j++) {
        for (int i = 0; i < l->size; i++) {
            int d = abs(i - c) + abs(j - c);
            if (l->cell[j][i] == 0 && (best < 0 || d < best)) {
                best = d;
                bx = i;
                by = j;
            }
        }
    }
    if (best < 0) {
        say(l, "ERROR board is full");
        return;
    }
    /* stderr too: managers keep MESSAGE lines from people unless asked. */
    fprintf(stderr, "adapter: engine gave %s (%d,%d); playing %d,%d instead\n",
            rc == 0 ? "an illegal move" : "no move", x, y, bx, by);
    say(l, "MESSAGE adapter: engine gave %s (%d,%d); playing %d,%d instead",
        rc == 0 ? "an illegal move" : "no move", x, y, bx, by);
    l->nstones = before;
    rebuild(l);
    add_stone(l, bx, by, PBRAIN_OWN);
    say(l, "%d,%d", bx, by);
}

static int read_line(FILE *in, char *buf, size_t len)
{
    if (fgets(buf, (int)len, in) == NULL) {
        return -1;
    }
    size_t n = strlen(buf);
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' ')) {
        buf[--n] = '\0';
    }
    return 0;
}

static int is_cmd(const char *line, const char *cmd)
{
    size_t n = strlen(cmd);
    return strncasecmp(line, cmd, n) == 0 && (line[n] == '\0' || line[n] == ' ');
}

/* BOARD ... DONE: the whole position, then a move.  Returns -1 at end of input. */
static int board_command(Loop *l, FILE *in)
{
    char line[256];
    if (l->size == 0 || new_board(l, l->size) != 0) {
        say(l, "ERROR no board: send START first");
    }
    for (;;) {
        if (read_line(in, line, sizeof line) != 0) {
            return -1;
        }
        if (strcasecmp(line, "DONE") == 0) {
            break;
        }
        int x, y, f;
        if (sscanf(line, "%d,%d,%d", &x, &y, &f) != 3) {
            continue;
        }
        /* f = 3 (a stone of a continuous game's winning line) cannot occur
         * in the games played here; count it as the opponent's. */
        if (add_stone(l, x, y, f == 1 ? PBRAIN_OWN : PBRAIN_OPP) != 0) {
            say(l, "MESSAGE adapter: ignored bad stone %s", line);
        }
    }
    if (l->size > 0) {
        think_and_answer(l);
    }
    return 0;
}

int pbrain_loop_run(const PbrainEngine *engine, FILE *in, FILE *out)
{
    static Loop l; /* about 8 KB of moves: keep it off the stack */
    memset(&l, 0, sizeof l);
    l.e = engine;
    l.out = out;
    char line[256];
    while (read_line(in, line, sizeof line) == 0) {
        char *p = line;
        while (isspace((unsigned char)*p)) p++;
        int n, w, h, x, y;
        if (*p == '\0') {
            continue;
        } else if (sscanf(p, "START %d", &n) == 1 || sscanf(p, "start %d", &n) == 1) {
            if (new_board(&l, n) == 0) {
                say(&l, "OK");
            } else {
                say(&l, "ERROR unsupported size %d (this engine plays %d to %d)", n,
                    engine->min_size, engine->max_size);
            }
        } else if (sscanf(p, "RECTSTART %d,%d", &w, &h) == 2) {
            if (w == h && new_board(&l, w) == 0) {
                say(&l, "OK");
            } else {
                say(&l, "ERROR only square boards");
            }
        } else if (is_cmd(p, "RESTART")) {
            if (l.size > 0 && new_board(&l, l.size) == 0) {
                say(&l, "OK");
            } else {
                say(&l, "ERROR no board");
            }
        } else if (is_cmd(p, "BEGIN")) {
            if (l.size == 0) {
                say(&l, "ERROR no board: send START first");
            } else {
                think_and_answer(&l);
            }
        } else if (sscanf(p, "TURN %d,%d", &x, &y) == 2) {
            if (l.size == 0) {
                say(&l, "ERROR no board: send START first");
            } else if (add_stone(&l, x, y, PBRAIN_OPP) != 0) {
                say(&l, "ERROR bad move %d,%d", x, y);
            } else {
                think_and_answer(&l);
            }
        } else if (sscanf(p, "PLAY %d,%d", &x, &y) == 2) {
            if (add_stone(&l, x, y, PBRAIN_OWN) == 0) {
                say(&l, "%d,%d", x, y);
            } else {
                say(&l, "ERROR bad move %d,%d", x, y);
            }
        } else if (is_cmd(p, "BOARD")) {
            if (board_command(&l, in) != 0) {
                return 1;
            }
        } else if (sscanf(p, "TAKEBACK %d,%d", &x, &y) == 2) {
            int k = l.nstones - 1;
            while (k >= 0 && !(l.stone[k].x == x && l.stone[k].y == y)) k--;
            if (k < 0) {
                say(&l, "ERROR no stone at %d,%d", x, y);
            } else {
                memmove(&l.stone[k], &l.stone[k + 1],
                        (size_t)(l.nstones - k - 1) * sizeof l.stone[0]);
                l.nstones--;
                rebuild(&l);
                say(&l, "OK");
            }
        } else if (is_cmd(p, "INFO")) {
            /* timeout_turn, rule, win_length...: these engines have no time
             * control and know only five in a row; see docs/opponents.md. */
        } else if (is_cmd(p, "ABOUT")) {
            say(&l, "%s", engine->about);
        } else if (is_cmd(p, "END")) {
            return 0;
        } else {
            say(&l, "UNKNOWN %s", p);
        }
    }
    return 1;
}
