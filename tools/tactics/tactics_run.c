/*
 * tactics_run.c - gomoku-tactics: plays the Rapfi-made suites
 * (tests/tactics/suite-*.txt, tac_suite.h) with our brain against full Rapfi.
 *
 *   gomoku-tactics --brain build/dev/pbrain-gomoku \
 *       [--rapfi ~/.cache/gomoku-opponents/bin/pbrain-rapfi] [--time 1000] \
 *       [--limit N] [--play-defence] [--verbose] SUITE.txt...
 *
 * A win position: our brain plays the side to move, Rapfi (full strength,
 * INFO max_memory 256 MB) defends, both at --time ms a move
 * (INFO timeout_turn), to the end of the game; the core's rules referee
 * every move (rules_check_move, rules_is_win).  It counts as converted when
 * our side makes five.  A defence position: our brain is asked for one move
 * and must play the one refutation.  Each game starts both programs
 * afresh.  Prints each suite's figures and its failures.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/record.h"
#include "pbrain_client.h"
#include "tac_suite.h"

#define LINE_MAX_LEN 4096
/* Slack over the move time before a silent brain loses (start-up, a
 * loaded machine). */
#define SLACK_MS 5000

typedef struct Opts {
    const char *brain;
    const char *rapfi;
    int time_ms;
    int limit;
    bool verbose;
    bool play_defence; /* play a wrong defence out against Rapfi */
} Opts;

typedef struct Engine {
    PbrainClient *c;
    const char *name;
    bool rapfi; /* needs the idle check after each move (see engine_sync) */
} Engine;

static int engine_send(void *user, const char *line)
{
    Engine *e = user;
    return pbrain_client_send(e->c, line);
}

/* Rapfi prints its move a moment before it stops "thinking" and drops every
 * command but STOP and END meanwhile (its gomocup.cpp), so a TURN sent at
 * once may be lost.  ABOUT is answered only when it is idle: ask until it
 * is. */
static int engine_sync(Engine *e)
{
    char line[LINE_MAX_LEN];
    for (int tries = 0; tries < 200; tries++) {
        if (pbrain_client_send(e->c, "ABOUT") != 0) {
            return -1;
        }
        for (;;) {
            int rc = pbrain_client_read_line(e->c, line, sizeof line, 50);
            if (rc == -2) {
                return -1;
            }
            if (rc == -1) {
                break;
            }
            if (strncmp(line, "name=", 5) == 0) {
                return 0;
            }
        }
    }
    return -1;
}

static int engine_start(Engine *e, const char *path, const char *name, bool rapfi,
                        const TacSuitePos *p, int time_ms)
{
    char prog[1024];
    snprintf(prog, sizeof prog, "%s", path);
    char *argv[2] = {prog, NULL};
    char err[256];
    e->name = name;
    e->rapfi = rapfi;
    e->c = pbrain_client_spawn(argv, true, err, sizeof err);
    if (e->c == NULL) {
        fprintf(stderr, "%s: %s\n", name, err);
        return -1;
    }
    char line[LINE_MAX_LEN];
    snprintf(line, sizeof line, "START %d", p->size);
    if (pbrain_client_send(e->c, line) != 0) {
        return -1;
    }
    for (;;) {
        if (pbrain_client_read_line(e->c, line, sizeof line, SLACK_MS) != 0) {
            fprintf(stderr, "%s: no answer to START\n", name);
            return -1;
        }
        if (strcmp(line, "OK") == 0) {
            break;
        }
        if (strncmp(line, "ERROR", 5) == 0) {
            fprintf(stderr, "%s: %s\n", name, line);
            return -1;
        }
    }
    int rc = pbrain_client_send(e->c, "INFO max_memory 268435456");
    snprintf(line, sizeof line, "INFO timeout_turn %d", time_ms);
    rc |= pbrain_client_send(e->c, line);
    rc |= pbrain_client_send(e->c, "INFO timeout_match 0");
    snprintf(line, sizeof line, "INFO rule %d", p->rule_bits);
    rc |= pbrain_client_send(e->c, line);
    return rc;
}

/* Reads the engine's move (skipping MESSAGE and the like).  Returns 0, or
 * -1 when it said nothing in time or closed. */
static int engine_move(Engine *e, int wait_ms, Move *out)
{
    char line[LINE_MAX_LEN];
    long long deadline = pbrain_client_now_ms() + wait_ms;
    for (;;) {
        long long left = deadline - pbrain_client_now_ms();
        if (left <= 0 || pbrain_client_read_line(e->c, line, sizeof line, (int)left) != 0) {
            return -1;
        }
        int x, y;
        char tail;
        if (sscanf(line, "%d,%d%c", &x, &y, &tail) == 2) {
            *out = (Move){(int8_t)x, (int8_t)y};
            return e->rapfi ? engine_sync(e) : 0;
        }
    }
}

static int engine_board(Engine *e, const Move *moves, int count, Stone me)
{
    int rc = pbrain_client_send(e->c, "BOARD");
    rc |= tac_suite_board_lines(moves, count, me, engine_send, e);
    rc |= pbrain_client_send(e->c, "DONE");
    return rc;
}

static int engine_turn(Engine *e, Move m)
{
    char line[48];
    snprintf(line, sizeof line, "TURN %d,%d", m.x, m.y);
    return pbrain_client_send(e->c, line);
}

static void engine_stop(Engine *e)
{
    if (e->c != NULL) {
        pbrain_client_send(e->c, "END");
        pbrain_client_close(e->c, 1000);
        e->c = NULL;
    }
}

typedef enum Outcome { OUT_WON, OUT_LOST, OUT_DRAW, OUT_ILLEGAL, OUT_SILENT, OUT_BROKEN } Outcome;

static const char *const OUTCOME_NAME[] = {
    "converted", "lost", "draw", "illegal move", "no reply in time", "engine failed to start"};

/* One game from p's position (p->to_move to play): ours plays ours_side,
 * Rapfi the other side.  Writes the whole game to moves/count. */
static Outcome play_out(const Opts *o, const TacSuitePos *p, Stone ours_side, Move *moves,
                        int *count, const char **culprit)
{
    Engine ours = {0}, rapfi = {0};
    Outcome res = OUT_BROKEN;
    *culprit = "";
    if (engine_start(&ours, o->brain, "ours", false, p, o->time_ms) != 0 ||
        engine_start(&rapfi, o->rapfi, "rapfi", true, p, o->time_ms) != 0) {
        goto done;
    }
    Board b = p->board;
    *count = p->count;
    memcpy(moves, p->moves, sizeof(Move) * (size_t)p->count);
    Stone side = p->to_move;
    bool first[2] = {true, true};
    Move last = MOVE_NONE;
    for (;;) {
        bool our_turn = side == ours_side;
        Engine *e = our_turn ? &ours : &rapfi;
        int rc = first[our_turn] ? engine_board(e, moves, *count, side) : engine_turn(e, last);
        first[our_turn] = false;
        Move m;
        *culprit = e->name;
        if (rc != 0 || engine_move(e, o->time_ms + SLACK_MS, &m) != 0) {
            res = OUT_SILENT;
            break;
        }
        if (rules_check_move(&b, p->rules, side, m, NULL) != RULES_MOVE_OK) {
            res = OUT_ILLEGAL;
            break;
        }
        board_set(&b, m.x, m.y, side);
        moves[(*count)++] = m;
        if (rules_is_win(&b, p->rules, m, NULL, NULL)) {
            res = our_turn ? OUT_WON : OUT_LOST;
            break;
        }
        if (board_is_full(&b)) {
            res = OUT_DRAW;
            break;
        }
        last = m;
        side = stone_opponent(side);
    }
done:
    engine_stop(&ours);
    engine_stop(&rapfi);
    return res;
}

/* Asks our brain for one move in a defence position. */
static int ask_defence(const Opts *o, const TacSuitePos *p, Move *out)
{
    Engine ours = {0};
    int rc = -1;
    if (engine_start(&ours, o->brain, "ours", false, p, o->time_ms) == 0 &&
        engine_board(&ours, p->moves, p->count, p->to_move) == 0 &&
        engine_move(&ours, o->time_ms + SLACK_MS, out) == 0) {
        rc = 0;
    }
    engine_stop(&ours);
    return rc;
}

static void print_moves(const Move *moves, int from, int to, int size)
{
    for (int i = from; i < to; i++) {
        char name[RECORD_MOVE_NAME_MAX];
        printf(" %s", record_move_name(moves[i], size, name));
    }
}

typedef struct Tally {
    int done, ok;
} Tally;

/* After a wrong defence m, plays on (Rapfi attacking, ours defending) to
 * see whether m really loses: Rapfi's "only one move holds" is its word
 * at its time per candidate, not a proof. */
static void defence_follow_up(const Opts *o, const TacSuitePos *p, Move m)
{
    static TacSuitePos q;
    q = *p;
    board_set(&q.board, m.x, m.y, p->to_move);
    q.moves[q.count++] = m;
    q.to_move = stone_opponent(p->to_move);
    static Move moves[BOARD_MAX_CELLS];
    int count = 0;
    const char *culprit;
    Outcome res = play_out(o, &q, p->to_move, moves, &count, &culprit);
    const char *said = res == OUT_LOST   ? "Rapfi then wins"
                       : res == OUT_WON  ? "ours then wins"
                       : res == OUT_DRAW ? "the game is then drawn"
                                         : OUTCOME_NAME[res];
    printf("; played on: %s after %d plies", said, count - q.count);
}

static void run_one(const Opts *o, const char *path, const TacSuitePos *p, Tally *t)
{
    char name[RECORD_MOVE_NAME_MAX];
    if (p->kind == TAC_SUITE_DEF) {
        Move m = MOVE_NONE;
        int rc = ask_defence(o, p, &m);
        bool ok = rc == 0 && move_equal(m, p->answer);
        t->done++;
        t->ok += ok;
        if (!ok || o->verbose) {
            printf("  %s %s:%d defence: played %s", ok ? "ok  " : "FAIL", path, p->line,
                   rc == 0 ? record_move_name(m, p->size, name) : "nothing");
            printf(", the refutation is %s", record_move_name(p->answer, p->size, name));
            if (!ok && rc == 0 && o->play_defence) {
                defence_follow_up(o, p, m);
            }
            printf("\n");
        }
        fflush(stdout);
        return;
    }
    static Move moves[BOARD_MAX_CELLS];
    int count = 0;
    const char *culprit;
    Outcome res = play_out(o, p, p->to_move, moves, &count, &culprit);
    t->done++;
    t->ok += res == OUT_WON;
    if (res != OUT_WON || o->verbose) {
        printf("  %s %s:%d win in %d for %s: %s", res == OUT_WON ? "ok  " : "FAIL", path, p->line,
               p->plies, p->to_move == STONE_BLACK ? "black" : "white", OUTCOME_NAME[res]);
        if (res == OUT_ILLEGAL || res == OUT_SILENT) {
            printf(" (%s)", culprit);
        }
        printf(" after %d plies; played:", count - p->count);
        print_moves(moves, p->count, count, p->size);
        printf("\n");
    }
    fflush(stdout);
}

static int run_suite(const Opts *o, const char *path, Tally *total)
{
    TacSuitePos *pos;
    int n;
    char err[512];
    if (tac_suite_load(path, &pos, &n, err, sizeof err) != 0) {
        fprintf(stderr, "gomoku-tactics: %s\n", err);
        return -1;
    }
    if (o->limit > 0 && n > o->limit) {
        n = o->limit;
    }
    printf("%s: %d positions\n", path, n);
    fflush(stdout);
    Tally t = {0, 0};
    for (int i = 0; i < n; i++) {
        run_one(o, path, &pos[i], &t);
    }
    printf("%s: %d / %d (%.1f %%) %s\n", path, t.ok, t.done, t.done ? 100.0 * t.ok / t.done : 0.0,
           n > 0 && pos[0].kind == TAC_SUITE_DEF ? "refuted" : "converted");
    fflush(stdout);
    total->done += t.done;
    total->ok += t.ok;
    free(pos);
    return 0;
}

static void usage(void)
{
    printf("usage: gomoku-tactics --brain PATH [--rapfi PATH] [--time MS] [--limit N] "
           "[--play-defence] [--verbose] SUITE.txt...\n"
           "Plays each win position of the suites with our brain against full Rapfi\n"
           "(both at MS a move, default 1000) and asks our brain for the refutation\n"
           "in each defence position; prints each suite's figures and failures.\n"
           "--play-defence: after a wrong defence, play on against Rapfi to see if it loses.\n");
}

int main(int argc, char **argv)
{
    static char rapfi_default[1024];
    const char *home = getenv("HOME");
    snprintf(rapfi_default, sizeof rapfi_default, "%s/.cache/gomoku-opponents/bin/pbrain-rapfi",
             home != NULL ? home : "");
    Opts o = {NULL, rapfi_default, 1000, 0, false, false};
    int first_file = argc;
    for (int i = 1; i < argc; i++) {
        bool more = i + 1 < argc;
        if (strcmp(argv[i], "--brain") == 0 && more) {
            o.brain = argv[++i];
        } else if (strcmp(argv[i], "--rapfi") == 0 && more) {
            o.rapfi = argv[++i];
        } else if (strcmp(argv[i], "--time") == 0 && more) {
            o.time_ms = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--limit") == 0 && more) {
            o.limit = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--play-defence") == 0) {
            o.play_defence = true;
        } else if (strcmp(argv[i], "--verbose") == 0) {
            o.verbose = true;
        } else if (strcmp(argv[i], "--help") == 0) {
            usage();
            return 0;
        } else if (argv[i][0] == '-') {
            usage();
            return 2;
        } else {
            first_file = i;
            break;
        }
    }
    if (o.brain == NULL || first_file >= argc || o.time_ms <= 0) {
        usage();
        return 2;
    }
    Tally total = {0, 0};
    for (int i = first_file; i < argc; i++) {
        if (run_suite(&o, argv[i], &total) != 0) {
            return 1;
        }
    }
    printf("all: %d / %d\n", total.ok, total.done);
    return 0;
}
