/*
 * trainer.c - the puzzle trainer's ratings, choices and history file.
 *
 * Ratings are Glicko-2 (Glickman, "Example of the Glicko-2 system"), one
 * game per attempt, as Lichess rates its puzzles: the player against the
 * puzzle.  The puzzles' ratings here are moved by this player's results
 * only; a shipped set's rating is where they start.
 */
#include "session/trainer.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/attr.h"

#define GLICKO_SCALE 173.7178
#define GLICKO_TAU   0.5
#define GLICKO_EPS   1e-6
#define RD_MIN       45.0
#define RD_MAX       350.0
#define VOL_MAX      0.1
#define PICK_NEAREST 8 /* the next puzzle is drawn among this many nearest */

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ---- Glicko-2 ---------------------------------------------------------------- */

static double clampd(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static double glicko_g(double phi)
{
    return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (M_PI * M_PI));
}

/* The volatility's update: the root of Glickman's f by the Illinois
 * method (step 5 of his example). */
static double glicko_vol(double phi, double vol, double v, double delta)
{
    double a = log(vol * vol), d2 = delta * delta, p2 = phi * phi;
#define GLICKO_F(x)                                                                                \
    (exp(x) * (d2 - p2 - v - exp(x)) / (2.0 * (p2 + v + exp(x)) * (p2 + v + exp(x))) -             \
     ((x)-a) / (GLICKO_TAU * GLICKO_TAU))
    double A = a, B;
    if (d2 > p2 + v) {
        B = log(d2 - p2 - v);
    } else {
        int k = 1;
        while (GLICKO_F(a - k * GLICKO_TAU) < 0 && k < 100) {
            k++;
        }
        B = a - k * GLICKO_TAU;
    }
    double fA = GLICKO_F(A), fB = GLICKO_F(B);
    for (int i = 0; i < 100 && fabs(B - A) > GLICKO_EPS; i++) {
        double C = A + (A - B) * fA / (fB - fA), fC = GLICKO_F(C);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2.0;
        }
        B = C;
        fB = fC;
    }
#undef GLICKO_F
    return exp(A / 2.0);
}

/* One rating period with one game of score s against opp (read before
 * either moves). */
static TrainerRating glicko_one(TrainerRating me, TrainerRating opp, double s)
{
    double mu = (me.rating - 1500.0) / GLICKO_SCALE, phi = me.rd / GLICKO_SCALE;
    double mu_j = (opp.rating - 1500.0) / GLICKO_SCALE, phi_j = opp.rd / GLICKO_SCALE;
    double g = glicko_g(phi_j);
    double e = 1.0 / (1.0 + exp(-g * (mu - mu_j)));
    double v = 1.0 / (g * g * e * (1.0 - e));
    double delta = v * g * (s - e);
    double vol = glicko_vol(phi, me.vol, v, delta);
    double phi_star = sqrt(phi * phi + vol * vol);
    double phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    double mu_new = mu + phi_new * phi_new * g * (s - e);
    TrainerRating out = {
        .rating = clampd(GLICKO_SCALE * mu_new + 1500.0, PUZZLE_RATING_MIN, PUZZLE_RATING_MAX),
        .rd = clampd(GLICKO_SCALE * phi_new, RD_MIN, RD_MAX),
        .vol = clampd(vol, 0.01, VOL_MAX),
    };
    return out;
}

void trainer_glicko(TrainerRating *player, TrainerRating *puzzle, bool solved)
{
    TrainerRating p = *player, z = *puzzle;
    *player = glicko_one(p, z, solved ? 1.0 : 0.0);
    *puzzle = glicko_one(z, p, solved ? 0.0 : 1.0);
}

/* ---- the state ------------------------------------------------------------------ */

void trainer_init(TrainerState *s)
{
    memset(s, 0, sizeof *s);
    s->player = (TrainerRating){TRAINER_START_RATING, TRAINER_START_RD, TRAINER_START_VOL};
}

void trainer_free(TrainerState *s)
{
    free(s->played);
    free(s->history);
    trainer_init(s);
}

/* Returns the index of id in s->played, or -1. */
static int played_index(const TrainerState *s, const char *id)
{
    for (int i = 0; i < s->nplayed; i++) {
        if (strcmp(s->played[i].id, id) == 0) {
            return i;
        }
    }
    return -1;
}

const TrainerPlayed *trainer_played(const TrainerState *s, const char *id)
{
    int i = played_index(s, id);
    return i >= 0 ? &s->played[i] : NULL;
}

/* e's rating given what this player did with it (p, NULL: never tried). */
static TrainerRating rating_of(const TrainerPlayed *p, const TrainerEntry *e)
{
    return p != NULL ? p->r : (TrainerRating){e->base_rating, TRAINER_PUZZLE_RD, TRAINER_START_VOL};
}

TrainerRating trainer_puzzle_rating(const TrainerState *s, const TrainerEntry *e)
{
    return rating_of(trainer_played(s, e->id), e);
}

/* Returns the played record of id, made (never tried, rated r) when new;
 * NULL when memory runs out. */
static TrainerPlayed *played_slot(TrainerState *s, const char *id, TrainerRating r)
{
    int at = played_index(s, id);
    if (at >= 0) {
        return &s->played[at];
    }
    TrainerPlayed *p;
    if (s->nplayed == s->capplayed) {
        int cap = s->capplayed ? 2 * s->capplayed : 64;
        TrainerPlayed *np = realloc(s->played, sizeof *np * (size_t)cap);
        if (np == NULL) {
            return NULL;
        }
        s->played = np;
        s->capplayed = cap;
    }
    p = &s->played[s->nplayed++];
    memset(p, 0, sizeof *p);
    snprintf(p->id, sizeof p->id, "%s", id);
    p->r = r;
    return p;
}

static int history_ensure(TrainerState *s)
{
    if (s->history == NULL) {
        s->history = malloc(sizeof *s->history * TRAINER_HISTORY_MAX);
    }
    return s->history != NULL ? 0 : -1;
}

/* Appends a to the history, forgetting the oldest past the limit. */
static int history_add(TrainerState *s, const TrainerAttempt *a)
{
    if (history_ensure(s) != 0) {
        return -1;
    }
    if (s->nhistory == TRAINER_HISTORY_MAX) {
        memmove(s->history, s->history + 1, sizeof *s->history * (TRAINER_HISTORY_MAX - 1));
        s->nhistory--;
    }
    s->history[s->nhistory++] = *a;
    return 0;
}

int trainer_record(TrainerState *s, const TrainerEntry *e, const char *date, TrainerOutcome outcome,
                   bool daily)
{
    /* Both allocations first, so that a failure changes nothing. */
    TrainerPlayed *p = NULL;
    if (history_ensure(s) != 0 ||
        (p = played_slot(s, e->id, trainer_puzzle_rating(s, e))) == NULL) {
        return -1;
    }
    p->tries++;
    if (outcome != TRAINER_FAILED) {
        p->solved++;
    }
    if (outcome != TRAINER_HELPED) {
        trainer_glicko(&s->player, &p->r, outcome == TRAINER_SOLVED);
    }
    if (outcome == TRAINER_SOLVED) {
        s->streak++;
        s->best_streak = s->streak > s->best_streak ? s->streak : s->best_streak;
    } else if (outcome == TRAINER_FAILED) {
        s->streak = 0;
    }
    if (daily) {
        snprintf(s->daily_date, sizeof s->daily_date, "%s", date);
        s->daily_solved = s->daily_solved || outcome != TRAINER_FAILED;
    }
    TrainerAttempt a = {.outcome = outcome, .rating_after = (int)lround(s->player.rating)};
    snprintf(a.date, sizeof a.date, "%s", date);
    snprintf(a.id, sizeof a.id, "%s", e->id);
    return history_add(s, &a);
}

/* ---- choosing --------------------------------------------------------------------- */

TrainerFilter trainer_filter_preset(TrainerTheme theme)
{
    static const TrainerFilter PRESETS[TRAINER_THEME_COUNT] = {
        [TRAINER_THEME_ALL] = {0, 0, 0, -1},
        [TRAINER_THEME_VCF] = {PUZZLE_THEME_VCF, 0, 0, -1},
        [TRAINER_THEME_VCT] = {PUZZLE_THEME_VCT, 0, 0, -1},
        [TRAINER_THEME_DEFENCE] = {PUZZLE_THEME_DEFENCE, 0, 0, -1},
        [TRAINER_THEME_FORBIDDEN] = {PUZZLE_THEME_FORBIDDEN, 0, 0, -1},
        [TRAINER_THEME_MINE] = {PUZZLE_THEME_MINE, 0, 0, -1},
        [TRAINER_THEME_FREE15] = {0, 15, 5, RULE_FREESTYLE},
        [TRAINER_THEME_RENJU] = {0, 0, 0, RULE_RENJU},
        [TRAINER_THEME_EXACT] = {0, 0, 0, RULE_EXACT},
        [TRAINER_THEME_FOUR] = {0, 0, 4, -1},
        [TRAINER_THEME_SIX] = {0, 0, 6, -1},
    };
    return (int)theme >= 0 && theme < TRAINER_THEME_COUNT ? PRESETS[theme] : PRESETS[0];
}

bool trainer_filter_pass(const TrainerFilter *f, const TrainerEntry *e)
{
    return (f->themes == 0 || (e->themes & f->themes) != 0) &&
           (f->size == 0 || f->size == e->size) && (f->k == 0 || f->k == e->k) &&
           (f->rule < 0 || f->rule == (int)e->rule);
}

static uint64_t next_rand(uint64_t *st)
{
    *st = *st * 6364136223846793005ull + 1442695040888963407ull;
    return *st >> 33;
}

/* The few entries nearest the player's rating among those seen alike. */
typedef struct Nearest {
    int idx[PICK_NEAREST];
    double dist[PICK_NEAREST];
    int found;
} Nearest;

/* Puts entry i, d from the player's rating, among n's nearest (kept
 * sorted by distance). */
static void nearest_add(Nearest *n, int i, double d)
{
    int at = n->found < PICK_NEAREST ? n->found++ : PICK_NEAREST;
    while (at > 0 && n->dist[at - 1] > d) {
        if (at < PICK_NEAREST) {
            n->idx[at] = n->idx[at - 1];
            n->dist[at] = n->dist[at - 1];
        }
        at--;
    }
    if (at < PICK_NEAREST) {
        n->idx[at] = i;
        n->dist[at] = d;
    }
}

int trainer_pick(const TrainerState *s, const TrainerEntry *e, int n, const TrainerFilter *f,
                 int skip, uint64_t *rng)
{
    /* One pass, one lookup an entry: [0] never tried, [1] tried but never
     * solved, [2] solved. */
    Nearest seen[3] = {{.found = 0}};
    for (int i = 0; i < n; i++) {
        if (i == skip || !trainer_filter_pass(f, &e[i])) {
            continue;
        }
        const TrainerPlayed *p = trainer_played(s, e[i].id);
        int level = p == NULL ? 0 : p->solved == 0 ? 1 : 2;
        nearest_add(&seen[level], i, fabs(rating_of(p, &e[i]).rating - s->player.rating));
    }
    for (int level = 0; level < 3; level++) {
        if (seen[level].found > 0) {
            return seen[level].idx[next_rand(rng) % (uint64_t)seen[level].found];
        }
    }
    return skip >= 0 && skip < n && trainer_filter_pass(f, &e[skip]) ? skip : -1;
}

int trainer_daily(const TrainerEntry *e, int n, const char *date)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a of the date */
    for (const char *c = date; *c; c++) {
        h = (h ^ (unsigned char)*c) * 1099511628211ull;
    }
    int count = 0;
    for (int i = 0; i < n; i++) {
        count += e[i].size == 15;
    }
    if (count == 0) {
        return n > 0 ? (int)(h % (uint64_t)n) : -1;
    }
    int want = (int)(h % (uint64_t)count);
    for (int i = 0; i < n; i++) {
        if (e[i].size == 15 && want-- == 0) {
            return i;
        }
    }
    return -1;
}

/* ---- the file ------------------------------------------------------------------------ */

/* Returns where the line of text (len bytes) that starts at i ends: its
 * newline, or len. */
static size_t line_end(const char *text, size_t len, size_t i)
{
    const char *nl = memchr(text + i, '\n', len - i);
    return nl != NULL ? (size_t)(nl - text) : len;
}

#define FILE_HEADER "gomoku-puzzle-history 1"

static const char *const OUTCOME_WORDS[TRAINER_OUTCOME_COUNT] = {"failed", "solved", "helped"};

static bool valid_id(const char *id)
{
    if (strlen(id) != PUZZLE_ID_LEN) {
        return false;
    }
    for (const char *c = id; *c; c++) {
        if (!isxdigit((unsigned char)*c) || isupper((unsigned char)*c)) {
            return false;
        }
    }
    return true;
}

static bool valid_date(const char *d)
{
    int y, m, day;
    char tail;
    return strlen(d) == TRAINER_DATE_LEN && sscanf(d, "%4d-%2d-%2d%c", &y, &m, &day, &tail) == 3 &&
           m >= 1 && m <= 12 && day >= 1 && day <= 31;
}

static bool valid_rating(TrainerRating r)
{
    return isfinite(r.rating) && isfinite(r.rd) && isfinite(r.vol) &&
           r.rating >= PUZZLE_RATING_MIN && r.rating <= PUZZLE_RATING_MAX && r.rd >= RD_MIN &&
           r.rd <= RD_MAX && r.vol > 0 && r.vol <= VOL_MAX;
}

static int outcome_from_word(const char *w)
{
    for (int i = 0; i < TRAINER_OUTCOME_COUNT; i++) {
        if (strcmp(w, OUTCOME_WORDS[i]) == 0) {
            return i;
        }
    }
    return -1;
}

/* Reads one line (NUL-terminated, no newline) into s.  Returns 0 or -1. */
static int parse_line(TrainerState *s, const char *line)
{
    char w[16], a[32], b[32], c[16];
    TrainerRating r;
    int x, y, n;
    if (sscanf(line, "%15s", w) != 1 || w[0] == '#') {
        return 0; /* blank or a comment */
    }
    if (strcmp(w, "player") == 0 &&
        sscanf(line, "player %lf %lf %lf %n", &r.rating, &r.rd, &r.vol, &n) == 3 &&
        line[n] == '\0' && valid_rating(r)) {
        s->player = r;
        return 0;
    }
    if (strcmp(w, "streak") == 0 && sscanf(line, "streak %d %d %n", &x, &y, &n) == 2 &&
        line[n] == '\0' && x >= 0 && y >= x) {
        s->streak = x;
        s->best_streak = y;
        return 0;
    }
    if (strcmp(w, "daily") == 0 && sscanf(line, "daily %31s %15s %n", a, c, &n) == 2 &&
        line[n] == '\0' && valid_date(a) && (strcmp(c, "open") == 0 || strcmp(c, "solved") == 0)) {
        snprintf(s->daily_date, sizeof s->daily_date, "%.10s", a);
        s->daily_solved = strcmp(c, "solved") == 0;
        return 0;
    }
    if (strcmp(w, "puzzle") == 0 &&
        sscanf(line, "puzzle %31s %lf %lf %lf %d %d %n", a, &r.rating, &r.rd, &r.vol, &x, &y, &n) ==
            6 &&
        line[n] == '\0' && valid_id(a) && valid_rating(r) && x >= 1 && y >= 0 && y <= x &&
        trainer_played(s, a) == NULL) {
        TrainerPlayed *p = played_slot(s, a, r);
        if (p == NULL) {
            return -1;
        }
        p->tries = x;
        p->solved = y;
        return 0;
    }
    int o;
    if (strcmp(w, "attempt") == 0 &&
        sscanf(line, "attempt %31s %31s %15s %d %n", a, b, c, &x, &n) == 4 && line[n] == '\0' &&
        valid_date(a) && valid_id(b) && (o = outcome_from_word(c)) >= 0 && x >= PUZZLE_RATING_MIN &&
        x <= PUZZLE_RATING_MAX) {
        TrainerAttempt t = {.outcome = (TrainerOutcome)o, .rating_after = x};
        snprintf(t.date, sizeof t.date, "%.10s", a);
        snprintf(t.id, sizeof t.id, "%.8s", b);
        return history_add(s, &t);
    }
    return -1;
}

int trainer_parse(TrainerState *s, const char *text, size_t len, char *err, size_t errlen)
{
    char line[256];
    int lineno = 0;
    size_t i = 0;
    while (i < len) {
        size_t end = line_end(text, len, i);
        size_t n = end - i;
        lineno++;
        bool fits = n < sizeof line;
        if (fits) {
            memcpy(line, text + i, n);
            line[n] = '\0';
            if (n > 0 && line[n - 1] == '\r') {
                line[n - 1] = '\0';
            }
        }
        bool head_ok = lineno != 1 || (fits && strcmp(line, FILE_HEADER) == 0);
        if (!fits || !head_ok || (lineno > 1 && parse_line(s, line) != 0)) {
            snprintf(err, errlen, "line %d is not a puzzle history line", lineno);
            return -1;
        }
        i = end + 1;
    }
    if (lineno == 0) {
        snprintf(err, errlen, "the file is empty");
        return -1;
    }
    return 0;
}

/* A growing string for trainer_format. */
typedef struct Buf {
    char *p;
    size_t len, cap;
    bool failed;
} Buf;

static void buf_printf(Buf *b, const char *fmt, ...) GOMOKU_PRINTF(2, 3);

static void buf_printf(Buf *b, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (b->failed || n < 0 || (size_t)n >= sizeof tmp) {
        b->failed = true;
        return;
    }
    if (b->len + (size_t)n + 1 > b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 4096;
        while (cap < b->len + (size_t)n + 1) {
            cap *= 2;
        }
        char *np = realloc(b->p, cap);
        if (np == NULL) {
            b->failed = true;
            return;
        }
        b->p = np;
        b->cap = cap;
    }
    memcpy(b->p + b->len, tmp, (size_t)n + 1);
    b->len += (size_t)n;
}

int trainer_format(const TrainerState *s, char **out, size_t *len)
{
    Buf b = {0};
    buf_printf(&b, "%s\n# Gomoku's puzzle trainer: your rating, streak and history.\n",
               FILE_HEADER);
    buf_printf(&b, "player %.2f %.2f %.6f\n", s->player.rating, s->player.rd, s->player.vol);
    buf_printf(&b, "streak %d %d\n", s->streak, s->best_streak);
    if (s->daily_date[0] != '\0') {
        buf_printf(&b, "daily %s %s\n", s->daily_date, s->daily_solved ? "solved" : "open");
    }
    for (int i = 0; i < s->nplayed; i++) {
        const TrainerPlayed *p = &s->played[i];
        buf_printf(&b, "puzzle %s %.2f %.2f %.6f %d %d\n", p->id, p->r.rating, p->r.rd, p->r.vol,
                   p->tries, p->solved);
    }
    for (int i = 0; i < s->nhistory; i++) {
        const TrainerAttempt *a = &s->history[i];
        buf_printf(&b, "attempt %s %s %s %d\n", a->date, a->id, OUTCOME_WORDS[a->outcome],
                   a->rating_after);
    }
    if (b.failed) {
        free(b.p);
        return -1;
    }
    *out = b.p;
    *len = b.len;
    return 0;
}

/* ---- the sets ----------------------------------------------------------------------- */

static int entry_add(TrainerEntry **e, int *n, int *cap, const TrainerEntry *x)
{
    if (*n == *cap) {
        int c = *cap ? 2 * *cap : 512;
        TrainerEntry *ne = realloc(*e, sizeof *ne * (size_t)c);
        if (ne == NULL) {
            return -1;
        }
        *e = ne;
        *cap = c;
    }
    (*e)[(*n)++] = *x;
    return 0;
}

int trainer_index(const char *text, size_t len, TrainerEntry **e, int *n, int *cap, int *bad)
{
    Puzzle *p = malloc(sizeof *p);
    if (p == NULL) {
        return -1;
    }
    int rc = 0;
    for (size_t i = 0; i < len && rc == 0;) {
        size_t end = line_end(text, len, i);
        int got = puzzle_parse(text + i, end - i, p, NULL, 0);
        if (got < 0) {
            (*bad)++;
        } else if (got == 0) {
            TrainerEntry x = {.size = p->size,
                              .k = p->rules.k,
                              .rule = p->rules.kind,
                              .goal = p->goal,
                              .themes = p->themes,
                              .base_rating = p->rating,
                              .line = text + i,
                              .len = end - i};
            memcpy(x.id, p->id, sizeof x.id);
            rc = entry_add(e, n, cap, &x);
        }
        i = end + 1;
    }
    free(p);
    return rc;
}

int trainer_entry_puzzle(const TrainerEntry *e, Puzzle *out, char *err, size_t errlen)
{
    return puzzle_parse(e->line, e->len, out, err, errlen) == 0 ? 0 : -1;
}

/* ---- the player's own games ------------------------------------------------------ */

/* Reads the coach's judgement of review move i into *c; true when its
 * mark makes a puzzle. */
static bool review_offer(const Session *s, int i, SessionCoachMove *c)
{
    return session_reviewing(s) && session_review_coach(s, i, c) &&
           (c->mark == SESSION_COACH_MISSED_WIN || c->mark == SESSION_COACH_ONLY_MOVE);
}

bool trainer_review_offers(const Session *s, int i)
{
    SessionCoachMove c;
    return review_offer(s, i, &c);
}

/* Fills p's position: the review's first i moves. */
static void review_position(const Session *s, int i, Puzzle *p)
{
    const Game *g = session_game(s);
    memset(p, 0, sizeof *p);
    p->size = game_board(g)->size;
    p->rules = game_rules(g);
    p->nmoves = i;
    for (int j = 0; j < i; j++) {
        p->moves[j] = session_review_move(s, j);
    }
}

int trainer_review_puzzle(const Session *s, int i, Puzzle *out)
{
    SessionCoachMove c;
    RecordEval ev;
    if (!review_offer(s, i, &c) || !session_review_analysis(s, i, &ev)) {
        return -1;
    }
    review_position(s, i, out);
    Move proof[PUZZLE_SOLUTION_MAX];
    int n = ev.mate_plies > 0 ? session_review_proof(s, i, proof, PUZZLE_SOLUTION_MAX) : 0;
    Move played = session_review_move(s, i);
    bool win = c.mark == SESSION_COACH_MISSED_WIN || (n > 0 && move_equal(proof[0], played));
    if (win) {
        if (n < 1) {
            return -1;
        }
        out->goal = PUZZLE_GOAL_WIN;
        out->themes = PUZZLE_THEME_MINE;
        out->plies = out->nsolution = n;
        memcpy(out->solution, proof, sizeof(Move) * (size_t)n);
        out->rating = 900 + 60 * ((n + 1) / 2);
    } else {
        out->goal = PUZZLE_GOAL_DEFEND;
        out->themes = PUZZLE_THEME_MINE | PUZZLE_THEME_DEFENCE;
        out->nsolution = 1;
        out->solution[0] = played;
        /* The win stopped is not measured here: the opponent's best line
         * after the move is what the analysis knows; one ply stands for
         * "a forced win" in the file. */
        out->plies = 1;
        out->rating = 1500;
    }
    out->rating = out->rating > PUZZLE_RATING_MAX ? PUZZLE_RATING_MAX : out->rating;
    puzzle_make_id(out);
    return puzzle_check(out, NULL, 0) == 0 ? 0 : -1;
}

int trainer_mine_append(const char *text, size_t len, const Puzzle *p, char **out, size_t *outlen)
{
    char line[PUZZLE_LINE_MAX];
    int n = puzzle_format(p, line, sizeof line);
    if (n < 0) {
        return -1;
    }
    for (size_t i = 0; text != NULL && i < len;) {
        size_t end = line_end(text, len, i);
        if (end - i > PUZZLE_ID_LEN && memcmp(text + i, p->id, PUZZLE_ID_LEN) == 0 &&
            text[i + PUZZLE_ID_LEN] == ' ') {
            return 1;
        }
        i = end + 1;
    }
    static const char HEAD[] = "# From my games: puzzles saved from the review (Save as puzzle)\n"
                               "# ID SIZE RULE K GOAL THEMES RATING PLIES : MOVES : SOLUTION\n";
    bool fresh = text == NULL || len == 0;
    bool newline = !fresh && text[len - 1] != '\n';
    size_t total = (fresh ? sizeof HEAD - 1 : len + newline) + (size_t)n + 1;
    char *buf = malloc(total + 1);
    if (buf == NULL) {
        return -1;
    }
    size_t at = 0;
    if (fresh) {
        memcpy(buf, HEAD, sizeof HEAD - 1);
        at = sizeof HEAD - 1;
    } else {
        memcpy(buf, text, len);
        at = len;
        if (newline) {
            buf[at++] = '\n';
        }
    }
    memcpy(buf + at, line, (size_t)n);
    at += (size_t)n;
    buf[at++] = '\n';
    buf[at] = '\0';
    *out = buf;
    *outlen = at;
    return 0;
}
