/*
 * review.c - gomoku-review: the review coach without a window.
 *
 *     gomoku-review [--nodes N] [--reanalyse] FILE
 *
 * Opens a saved game (.gomoku) or a Piskvork .psq and reviews it with the
 * code the review scene runs: the session loads it, its helper's jobs are
 * searched here one after another (each from an empty table, on one
 * thread, with no time limit), and the coach judges every move.  Prints,
 * for every move, the mover, the move, the coach's mark, the engine's best
 * move, the mover's win chance before and after and, for a missed win, the
 * winning line Show the win plays; then each side's accuracy and counts.
 *
 * The output depends on the file and the node budget only: run twice, or
 * on a busy machine, it prints the same bytes.  A file that carries its
 * analysis (x-eval lines, written by the game) is reviewed with it, as the
 * game does; --reanalyse searches every position again.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/record_psq.h"
#include "core/record_text.h"
#include "session/session.h"

#define REVIEW_MAX_FILE (4 << 20)

static const char *const MARK_TEXT[SESSION_COACH_MARK_COUNT] = {
    [SESSION_COACH_NONE] = "",
    [SESSION_COACH_BEST] = "best",
    [SESSION_COACH_ONLY_MOVE] = "! only move",
    [SESSION_COACH_INACCURACY] = "?! inaccuracy",
    [SESSION_COACH_MISTAKE] = "? mistake",
    [SESSION_COACH_BLUNDER] = "?? blunder",
    [SESSION_COACH_MISSED_WIN] = "x missed win",
};

static void usage(FILE *f)
{
    fprintf(f,
            "usage: gomoku-review [--nodes N] [--reanalyse] FILE\n"
            "Reviews a saved game (.gomoku) or a .psq as the game's review coach does and\n"
            "prints every move's mark, the engine's best move, the win chance before and\n"
            "after, and each side's accuracy.  --nodes sets the search budget a position\n"
            "(default %d, the game's); --reanalyse ignores an analysis the file carries.\n",
            SESSION_HELPER_NODES);
}

/* Reads path whole into a new buffer (*len bytes); NULL with a sentence
 * in err when it cannot. */
static char *read_file(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    char *buf = malloc(REVIEW_MAX_FILE + 1);
    size_t n = buf != NULL ? fread(buf, 1, REVIEW_MAX_FILE + 1, f) : 0;
    bool bad = buf == NULL || ferror(f) || n > REVIEW_MAX_FILE;
    fclose(f);
    if (bad) {
        snprintf(err, errlen, "cannot read %s: %s", path,
                 buf == NULL           ? "out of memory"
                 : n > REVIEW_MAX_FILE ? "too big"
                                       : "read error");
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* Loads a record, ours or a .psq (told apart by their first line). */
static int load_record(const char *path, Record *rec, char *err, size_t errlen)
{
    size_t len = 0;
    char *text = read_file(path, &len, err, errlen);
    if (text == NULL) {
        return -1;
    }
    int rc = record_is_psq(text, len) ? record_parse_psq(text, len, rec, err, errlen)
                                      : record_parse(text, len, rec, err, errlen);
    free(text);
    return rc;
}

/* Searches the helper's jobs until it wants none: what the app's worker
 * thread does, one search at a time. */
static void run_helper(Session *s, Ai *ai)
{
    SessionJob job;
    while (session_engine_job(s, SESSION_ENGINE_HELPER, &job)) {
        AiInfo info;
        int st = ai_search(ai, &job.req, &info);
        session_engine_result(s, job.gen, st, &info, 0);
    }
}

static void move_name(Move m, int size, char out[RECORD_MOVE_NAME_MAX])
{
    if (!move_is_valid(m)) {
        snprintf(out, RECORD_MOVE_NAME_MAX, "-");
        return;
    }
    record_move_name(m, size, out);
    out[0] = (char)toupper((unsigned char)out[0]);
}

/* "Black 64%", "Even 50%", "White wins in 3", "Black won", "?" */
static void outlook_text(AiOutlook o, char *buf, size_t len)
{
    if (o.kind == AI_OUTLOOK_FORCED) {
        const char *side = o.winner == STONE_BLACK ? "Black" : "White";
        if (o.moves > 0) {
            snprintf(buf, len, "%s wins in %d", side, o.moves);
        } else {
            snprintf(buf, len, "%s won", side);
        }
    } else if (o.kind == AI_OUTLOOK_CHANCE) {
        int pct = ai_outlook_percent(o);
        snprintf(buf, len, "%s %d%%",
                 pct == 50                ? "Even"
                 : o.black_permille > 500 ? "Black"
                                          : "White",
                 pct);
    } else {
        snprintf(buf, len, "?");
    }
}

/* The line Show the win plays from review position from, as the scene
 * shows it. */
static void print_win(Session *s, Ai *ai, int from, int size)
{
    if (session_review_line_start(s, from) != SESSION_OK) {
        return;
    }
    run_helper(s, ai);
    Move line[SESSION_LINE_MAX_SHOWN];
    int len = 0, start = -1;
    SessionLineState st = session_review_line(s, line, SESSION_LINE_MAX_SHOWN, &len, &start);
    printf("      the win:");
    for (int i = 0; i < len; i++) {
        char name[RECORD_MOVE_NAME_MAX];
        move_name(line[i], size, name);
        printf(" %s", name);
    }
    printf("%s\n", st == SESSION_LINE_DONE ? "" : " (not followed to the end)");
    session_review_line_stop(s);
}

static void print_move(Session *s, Ai *ai, int i, int size)
{
    SessionCoachMove cm;
    char played[RECORD_MOVE_NAME_MAX], best[RECORD_MOVE_NAME_MAX], before[64] = "?",
                                                                   after[64] = "?";
    move_name(session_review_move(s, i), size, played);
    bool judged = session_review_coach(s, i, &cm);
    const char *mark = "";
    if (judged) {
        move_name(cm.best, size, best);
        outlook_text(cm.before, before, sizeof before);
        outlook_text(cm.after, after, sizeof after);
        mark = cm.mark >= 0 && cm.mark < SESSION_COACH_MARK_COUNT ? MARK_TEXT[cm.mark] : "";
    } else {
        snprintf(best, sizeof best, "?");
    }
    printf("%5d  %-5s  %-6s  %-13s  %-4s  %-16s  %s\n", i + 1, i % 2 == 0 ? "black" : "white",
           played, mark, best, before, after);
    if (judged && cm.mark == SESSION_COACH_MISSED_WIN) {
        print_win(s, ai, i, size);
    }
}

static void print_summary(const Session *s)
{
    static const SessionCoachMark SHOWN[] = {SESSION_COACH_BEST,       SESSION_COACH_ONLY_MOVE,
                                             SESSION_COACH_INACCURACY, SESSION_COACH_MISTAKE,
                                             SESSION_COACH_BLUNDER,    SESSION_COACH_MISSED_WIN};
    static const char *const SHORT[] = {"best", "!", "?!", "?", "??", "x"};
    SessionCoachSummary sum;
    session_review_summary(s, &sum);
    for (int side = 0; side < 2; side++) {
        printf("%s: accuracy %d%% over %d moves", side == 0 ? "black" : "white", sum.accuracy[side],
               sum.moves[side]);
        for (size_t j = 0; j < sizeof SHOWN / sizeof SHOWN[0]; j++) {
            printf(" · %s %d", SHORT[j], sum.count[side][SHOWN[j]]);
        }
        printf("\n");
    }
}

static const char *result_text(GameResult r)
{
    return r == GAME_BLACK_WINS   ? "black won"
           : r == GAME_WHITE_WINS ? "white won"
           : r == GAME_DRAW       ? "a draw"
                                  : "unfinished";
}

static int review(const char *path, int64_t nodes, bool reanalyse)
{
    Record *rec = malloc(sizeof *rec);
    char err[512];
    if (rec == NULL || load_record(path, rec, err, sizeof err) != 0) {
        fprintf(stderr, "gomoku-review: %s\n", rec == NULL ? "out of memory" : err);
        free(rec);
        return 1;
    }
    if (reanalyse) {
        memset(rec->eval, 0, sizeof rec->eval);
    }
    int carried = 0;
    for (int i = 0; i <= rec->count; i++) {
        carried += rec->eval[i].have ? 1 : 0;
    }
    SessionConfig cfg = {.ai_vs_ai_pace_ms = 0, .fixed_budgets = true, .helper_nodes = nodes};
    Session *s = session_new(&cfg, NULL);
    Ai *ai = ai_new(0);
    if (s == NULL || ai == NULL ||
        session_load(s, rec, SESSION_LOAD_REVIEW, 0, err, sizeof err) != SESSION_OK ||
        session_review_begin(s) != SESSION_OK) {
        fprintf(stderr, "gomoku-review: %s: %s\n", path,
                s == NULL || ai == NULL ? "out of memory" : err);
        session_free(s);
        ai_free(ai);
        free(rec);
        return 1;
    }
    run_helper(s, ai);
    int size = rec->size, n = session_review_count(s);
    printf("%dx%d, %s, %d in a row, %d moves, %s; analysed at %lld nodes a position", size, size,
           rules_kind_name(rec->rules.kind), rec->rules.k, n, result_text(rec->result),
           (long long)nodes);
    if (carried > 0) {
        printf(" (%d taken from the file's own analysis; --reanalyse searches them)", carried);
    }
    printf("\n\n");
    printf(" move  mover  played  mark           best  before            after\n");
    for (int i = 0; i < n; i++) {
        print_move(s, ai, i, size);
    }
    printf("\n");
    print_summary(s);
    session_free(s);
    ai_free(ai);
    free(rec);
    return 0;
}

int main(int argc, char **argv)
{
    int64_t nodes = SESSION_HELPER_NODES;
    bool reanalyse = false;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--nodes") == 0 && i + 1 < argc) {
            char *end = NULL;
            long long v = strtoll(argv[++i], &end, 10);
            if (end == argv[i] || *end != '\0' || v < 1000 || v > 1000000000LL) {
                fprintf(stderr, "gomoku-review: --nodes wants a number from 1000 up\n");
                return 2;
            }
            nodes = v;
        } else if (strcmp(argv[i], "--reanalyse") == 0) {
            reanalyse = true;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (argv[i][0] != '-' && path == NULL) {
            path = argv[i];
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (path == NULL) {
        usage(stderr);
        return 2;
    }
    return review(path, nodes, reanalyse);
}
