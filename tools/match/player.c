/*
 * player.c - the three kinds of match player behind one interface.
 */
#include "player.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai_opening.h"
#include "ai/ai_tune.h"
#include "core/err.h"
#include "greedy.h"
#include "pbrain_client.h"

/* Extra time a brain gets beyond timeout_turn before it forfeits: process
 * start-up and pipe latency are not its fault. */
#define PBRAIN_GRACE_MS 1000
/* ... and on its first answer: a brain allocates its table then (Rapfi
 * touches all of INFO max_memory in its first move), and on a loaded
 * machine that alone can pass the grace above; full Rapfi at 1 s lost a
 * fifth of its games so on two cores (docs/strength.md). */
#define PBRAIN_FIRST_GRACE_MS 3000
#define PBRAIN_START_MS       5000
#define PBRAIN_LINE           512
/* Least time between a brain's answer and the next command it is sent.
 * Rapfi (3aedf3a) prints its move before it marks its search finished and
 * drops a command that comes in between; an opponent that answers at once
 * (a forced block needs no search) then costs it a TURN and the game by
 * timeout.  A manager's own latency usually hides this. */
#define PBRAIN_SETTLE_MS 50

struct Player {
    PlayerSpec spec;
    PlayerConfig cfg;
    Ai *ai;
    uint32_t rng;
    PbrainClient *brain;
    int brain_known;             /* moves of the game the brain has been told about */
    long long brain_answered_ms; /* when the brain last answered; 0: never */
};

/* The time p may take to answer a move or SWAP2BOARD sent now, grace
 * included: more for its first answer (PBRAIN_FIRST_GRACE_MS). */
static long long brain_deadline(const Player *p)
{
    return pbrain_client_now_ms() + p->cfg.time_per_move_ms +
           (p->brain_answered_ms > 0 ? PBRAIN_GRACE_MS : PBRAIN_FIRST_GRACE_MS);
}

/* Waits until PBRAIN_SETTLE_MS have passed since p's last answer. */
static void brain_settle(Player *p)
{
    if (p->brain_answered_ms > 0) {
        long long wait = p->brain_answered_ms + PBRAIN_SETTLE_MS - pbrain_client_now_ms();
        pbrain_client_sleep_ms(wait > 0 ? (int)wait : 0);
    }
}

/* Reads "N" or "N,K=V,..." (what follows "nodes:") into out.  Returns 0,
 * or -1 with a message in err. */
static int parse_nodes(const char *text, PlayerSpec *out, char *err, size_t errlen)
{
    char *end = NULL;
    long long n = strtoll(text, &end, 10);
    if (end == text || n < 1 || n > 1000000000000LL) {
        err_set(err, errlen, "bad node budget in 'nodes:%s'", text);
        return -1;
    }
    out->nodes = n;
    while (*end == ',') {
        const char *k = end + 1;
        long knob = strtol(k, &end, 10);
        if (end == k || *end != '=' || knob < 0 || knob >= AI_TUNE_COUNT) {
            err_set(err, errlen, "bad knob in 'nodes:%s' (K=V, K from 0 to %d)", text,
                    AI_TUNE_COUNT - 1);
            return -1;
        }
        const char *v = end + 1;
        long val = strtol(v, &end, 10);
        if (end == v || val < -1000000 || val > 1000000 || out->ntune == PLAYER_TUNE_MAX) {
            err_set(err, errlen, "bad knob value in 'nodes:%s' (at most %d knobs)", text,
                    PLAYER_TUNE_MAX);
            return -1;
        }
        out->tune[out->ntune][0] = (int)knob;
        out->tune[out->ntune][1] = (int)val;
        out->ntune++;
    }
    if (*end != '\0') {
        err_set(err, errlen, "unexpected '%s' in 'nodes:%s'", end, text);
        return -1;
    }
    out->kind = PLAYER_NODES;
    return 0;
}

int player_spec_parse(const char *text, PlayerSpec *out, char *err, size_t errlen)
{
    if (text == NULL || out == NULL) {
        err_set(err, errlen, "%s", "no player given");
        return -1;
    }
    memset(out, 0, sizeof *out);
    snprintf(out->label, sizeof out->label, "%s", text);
    if (strcmp(text, "greedy") == 0) {
        out->kind = PLAYER_GREEDY;
        return 0;
    }
    if (strncmp(text, "preset:", 7) == 0) {
        if (ai_preset_from_name(text + 7, &out->preset) == 0) {
            out->kind = PLAYER_PRESET;
            snprintf(out->label, sizeof out->label, "preset:%s", ai_preset_name(out->preset));
            return 0;
        }
        err_set(err, errlen, "unknown preset in '%s' (Beginner, Easy, Medium, Hard, Master)", text);
        return -1;
    }
    if (strncmp(text, "depth:", 6) == 0) {
        char *end = NULL;
        long d = strtol(text + 6, &end, 10);
        if (end == text + 6 || *end != '\0' || d < 1 || d > AI_MAX_DEPTH) {
            err_set(err, errlen, "bad depth in '%s'", text);
            return -1;
        }
        out->kind = PLAYER_DEPTH;
        out->depth = (int)d;
        return 0;
    }
    if (strncmp(text, "custom:", 7) == 0) {
        char why[160];
        out->custom = ai_custom_default();
        if (ai_custom_parse(text + 7, &out->custom, why, sizeof why) != 0) {
            err_set(err, errlen, "%s: %s", text, why);
            return -1;
        }
        out->kind = PLAYER_CUSTOM;
        char canon[AI_CUSTOM_TEXT_MAX];
        snprintf(out->label, sizeof out->label, "custom:%s", ai_custom_format(out->custom, canon));
        return 0;
    }
    if (strncmp(text, "nodes:", 6) == 0) {
        return parse_nodes(text + 6, out, err, errlen);
    }
    if (strncmp(text, "pbrain:", 7) == 0 && text[7] != '\0') {
        if (strlen(text + 7) >= sizeof out->path) {
            err_set(err, errlen, "path too long in '%s'", text);
            return -1;
        }
        out->kind = PLAYER_PBRAIN;
        snprintf(out->path, sizeof out->path, "%s", text + 7);
        return 0;
    }
    err_set(err, errlen,
            "unknown player '%s' (preset:NAME, depth:N, custom:SETTINGS, nodes:N, greedy, "
            "pbrain:PATH)",
            text);
    return -1;
}

int player_spec_add_info(PlayerSpec *s, const char *key_value, char *err, size_t errlen)
{
    const char *eq = key_value != NULL ? strchr(key_value, '=') : NULL;
    if (eq == NULL || eq == key_value || eq[1] == '\0') {
        err_set(err, errlen, "'%.60s' is not KEY=VALUE", key_value != NULL ? key_value : "");
        return -1;
    }
    for (const char *c = key_value; c < eq; c++) {
        if (!isalnum((unsigned char)*c) && *c != '_') {
            err_set(err, errlen, "bad INFO key in '%.60s'", key_value);
            return -1;
        }
    }
    for (const char *c = eq + 1; *c != '\0'; c++) {
        if ((unsigned char)*c <= ' ' || *c == 0x7f) {
            err_set(err, errlen, "bad INFO value in '%.60s'", key_value);
            return -1;
        }
    }
    if (s->ninfo >= PLAYER_INFO_MAX) {
        err_set(err, errlen, "more than %d INFO settings for one player", PLAYER_INFO_MAX);
        return -1;
    }
    int w = snprintf(s->info[s->ninfo], PLAYER_INFO_LEN, "INFO %.*s %s", (int)(eq - key_value),
                     key_value, eq + 1);
    if (w < 0 || w >= PLAYER_INFO_LEN) {
        err_set(err, errlen, "INFO setting too long: '%.60s'", key_value);
        return -1;
    }
    s->ninfo++;
    return 0;
}

static int brain_rule_bits(Rules r)
{
    switch (r.kind) {
    case RULE_EXACT: return 1;
    case RULE_RENJU: return 4;
    default: return 0;
    }
}

static int brain_start(Player *p, char *err, size_t errlen)
{
    char *path_argv[2] = {p->spec.path, NULL};
    char *const *argv = p->spec.argv != NULL ? p->spec.argv : path_argv;
    p->brain = pbrain_client_spawn(argv, p->cfg.quiet_stderr, err, errlen);
    if (p->brain == NULL) {
        return -1;
    }
    char line[PBRAIN_LINE];
    snprintf(line, sizeof line, "START %d", p->cfg.size);
    if (pbrain_client_send(p->brain, line) != 0) {
        err_set(err, errlen, "%s: could not send START", p->spec.label);
        return -1;
    }
    int wait_ms = PBRAIN_START_MS + p->cfg.time_per_move_ms;
    long long deadline = pbrain_client_now_ms() + wait_ms;
    for (;;) {
        long long left = deadline - pbrain_client_now_ms();
        int rc = pbrain_client_read_line(p->brain, line, sizeof line, left > 0 ? (int)left : 0);
        if (rc != 0) {
            err_set(err, errlen, "%s: no answer to START", p->spec.label);
            return -1;
        }
        if (strcmp(line, "OK") == 0) {
            break;
        }
        if (strncmp(line, "ERROR", 5) == 0) {
            err_set(err, errlen, "%s refused START %d: %s", p->spec.label, p->cfg.size, line);
            return -1;
        }
    }
    char info[96];
    int ok = 0;
    snprintf(info, sizeof info, "INFO timeout_turn %d", p->cfg.time_per_move_ms);
    ok |= pbrain_client_send(p->brain, info);
    ok |= pbrain_client_send(p->brain, "INFO timeout_match 0");
    snprintf(info, sizeof info, "INFO rule %d", brain_rule_bits(p->cfg.rules));
    ok |= pbrain_client_send(p->brain, info);
    if (p->cfg.rules.k != 5) {
        snprintf(info, sizeof info, "INFO win_length %d", p->cfg.rules.k);
        ok |= pbrain_client_send(p->brain, info);
    }
    for (int i = 0; i < p->spec.ninfo; i++) {
        ok |= pbrain_client_send(p->brain, p->spec.info[i]);
    }
    if (ok != 0) {
        err_set(err, errlen, "%s: pipe closed after START", p->spec.label);
        return -1;
    }
    return 0;
}

Player *player_new(const PlayerSpec *spec, const PlayerConfig *cfg, char *err, size_t errlen)
{
    if (spec == NULL || cfg == NULL) {
        err_set(err, errlen, "%s", "bad arguments");
        return NULL;
    }
    Player *p = calloc(1, sizeof *p);
    if (p == NULL) {
        err_set(err, errlen, "%s", "out of memory");
        return NULL;
    }
    p->spec = *spec;
    p->cfg = *cfg;
    p->rng = cfg->seed;
    switch (spec->kind) {
    case PLAYER_PRESET:
    case PLAYER_DEPTH:
    case PLAYER_CUSTOM:
    case PLAYER_NODES:
        p->ai = ai_new(0);
        if (p->ai == NULL) {
            err_set(err, errlen, "%s: ai_new failed", spec->label);
            free(p);
            return NULL;
        }
        for (int i = 0; i < spec->ntune; i++) {
            ai_tune_set(p->ai, (AiTune)spec->tune[i][0], spec->tune[i][1]);
        }
        break;
    case PLAYER_PBRAIN:
        if (brain_start(p, err, errlen) != 0) {
            player_free(p);
            return NULL;
        }
        break;
    case PLAYER_GREEDY:
    default: break;
    }
    return p;
}

/* An engine player's request for g's position: its limits, and a
 * different seed every call, reproducible from the game's seed. */
static AiRequest engine_request(Player *p, const Game *g)
{
    AiRequest req;
    memset(&req, 0, sizeof req);
    req.board = *game_board(g);
    req.rules = game_rules(g);
    req.to_move = game_to_move(g);
    if (p->spec.kind == PLAYER_PRESET) {
        req.limits = ai_preset_limits(p->spec.preset);
    } else if (p->spec.kind == PLAYER_CUSTOM) {
        req.limits = ai_custom_limits(p->spec.custom);
    } else if (p->spec.kind == PLAYER_NODES) {
        /* As the brain searches under a limit per move, with nodes for time. */
        req.limits.max_depth = AI_MAX_DEPTH;
        req.limits.max_nodes = p->spec.nodes;
        req.limits.threads = 1;
        req.limits.spend_all_time = 1;
    } else {
        req.limits.max_depth = p->spec.depth;
        req.limits.threads = 1;
    }
    if (p->cfg.engine_threads > 0) {
        req.limits.threads = p->cfg.engine_threads;
    }
    req.limits.seed = greedy_rng_next(&p->rng);
    return req;
}

static int engine_move(Player *p, const Game *g, Move *out, char *err, size_t errlen)
{
    AiRequest req = engine_request(p, g);
    AiInfo info;
    if (ai_search(p->ai, &req, &info) != 0 || !move_is_valid(info.best)) {
        err_set(err, errlen, "%s: engine found no move", p->spec.label);
        return -1;
    }
    *out = info.best;
    return 0;
}

/* Parses "x,y" (spaces allowed around the numbers).  A number that does not
 * fit a Move becomes -1, which the referee rejects as off the board. */
static bool parse_move(const char *line, Move *out)
{
    char *end = NULL;
    long x = strtol(line, &end, 10);
    if (end == line) {
        return false;
    }
    while (*end == ' ') {
        end++;
    }
    if (*end != ',') {
        return false;
    }
    const char *ys = end + 1;
    long y = strtol(ys, &end, 10);
    if (end == ys) {
        return false;
    }
    while (*end == ' ') {
        end++;
    }
    if (*end != '\0') {
        return false;
    }
    out->x = (int8_t)((x < 0 || x > 127) ? -1 : x);
    out->y = (int8_t)((y < 0 || y > 127) ? -1 : y);
    return true;
}

static int brain_move(Player *p, const Game *g, Move *out, char *err, size_t errlen)
{
    int n = game_move_count(g);
    char line[PBRAIN_LINE];
    int rc = 0;
    brain_settle(p);
    if (p->brain_known == 0 && n == 0) {
        rc = pbrain_client_send(p->brain, "BEGIN");
    } else if (p->brain_known > 0 && n == p->brain_known + 1) {
        Move m = game_last_move(g);
        snprintf(line, sizeof line, "TURN %d,%d", m.x, m.y);
        rc = pbrain_client_send(p->brain, line);
    } else {
        /* First contact after an opening, or out of step: send it all, in
         * move order (renju brains need the order). */
        Stone me = game_to_move(g);
        const Board *b = game_board(g);
        rc |= pbrain_client_send(p->brain, "BOARD");
        for (int i = 0; i < n && rc == 0; i++) {
            Move m = game_move_at(g, i);
            int f = board_get(b, m.x, m.y) == me ? 1 : 2;
            snprintf(line, sizeof line, "%d,%d,%d", m.x, m.y, f);
            rc |= pbrain_client_send(p->brain, line);
        }
        rc |= pbrain_client_send(p->brain, "DONE");
    }
    if (rc != 0) {
        err_set(err, errlen, "%s: brain has exited", p->spec.label);
        return -1;
    }
    long long deadline = brain_deadline(p);
    for (;;) {
        long long left = deadline - pbrain_client_now_ms();
        rc = pbrain_client_read_line(p->brain, line, sizeof line, left > 0 ? (int)left : 0);
        if (rc == -1) {
            err_set(err, errlen, "%s: timed out", p->spec.label);
            return -1;
        }
        if (rc != 0) {
            err_set(err, errlen, "%s: brain has exited", p->spec.label);
            return -1;
        }
        /* MESSAGE, DEBUG and anything else that is not a move are skipped:
         * a stray line is no reason to forfeit, and a brain that never
         * answers times out. */
        if (parse_move(line, out)) {
            p->brain_known = n + 1;
            p->brain_answered_ms = pbrain_client_now_ms();
            return 0;
        }
    }
}

/* Parses a swap2 answer: "SWAP" or one to three stones "x,y x,y". */
static bool parse_swap2(const char *line, PlayerSwap2 *out)
{
    memset(out, 0, sizeof *out);
    if (strcmp(line, "SWAP") == 0) {
        out->swap = true;
        return true;
    }
    const char *at = line;
    while (*at != '\0') {
        char tok[32];
        size_t len = strcspn(at, " ");
        if (out->count == 3 || len == 0 || len >= sizeof tok) {
            return false;
        }
        memcpy(tok, at, len);
        tok[len] = '\0';
        if (!parse_move(tok, &out->stones[out->count])) {
            return false;
        }
        out->count++;
        at += len + (at[len] == ' ');
    }
    return out->count > 0;
}

static int brain_swap2(Player *p, const Game *g, PlayerSwap2 *out, char *err, size_t errlen)
{
    int n = game_move_count(g);
    /* The asked side's nominal colour: the responder's white after three,
     * the opener's black otherwise. */
    Stone own = n == 3 ? STONE_WHITE : STONE_BLACK;
    char line[PBRAIN_LINE];
    brain_settle(p);
    int rc = pbrain_client_send(p->brain, "SWAP2BOARD");
    for (int i = 0; i < n && rc == 0; i++) {
        Move m = game_move_at(g, i);
        Stone s = i % 2 == 0 ? STONE_BLACK : STONE_WHITE;
        snprintf(line, sizeof line, "%d,%d,%d", m.x, m.y, s == own ? 1 : 2);
        rc |= pbrain_client_send(p->brain, line);
    }
    rc |= pbrain_client_send(p->brain, "DONE");
    if (rc != 0) {
        err_set(err, errlen, "%s: brain has exited", p->spec.label);
        return -1;
    }
    /* The position after the opening comes as BOARD. */
    p->brain_known = 0;
    long long deadline = brain_deadline(p);
    for (;;) {
        long long left = deadline - pbrain_client_now_ms();
        rc = pbrain_client_read_line(p->brain, line, sizeof line, left > 0 ? (int)left : 0);
        if (rc != 0) {
            err_set(err, errlen, "%s: %s", p->spec.label,
                    rc == -1 ? "timed out on SWAP2BOARD" : "brain has exited");
            return -1;
        }
        if (strncmp(line, "ERROR", 5) == 0 || strncmp(line, "UNKNOWN", 7) == 0) {
            err_set(err, errlen, "%s answered SWAP2BOARD with '%.200s'", p->spec.label, line);
            return -1;
        }
        if (parse_swap2(line, out)) {
            p->brain_answered_ms = pbrain_client_now_ms();
            return 0;
        }
    }
}

static int engine_swap2(Player *p, const Game *g, PlayerSwap2 *out, char *err, size_t errlen)
{
    AiRequest req = engine_request(p, g);
    AiOpening o;
    if (ai_opening_answer(p->ai, &req, 1, &o) != 0) {
        err_set(err, errlen, "%s: the engine has no swap2 answer here", p->spec.label);
        return -1;
    }
    memset(out, 0, sizeof *out);
    out->swap = o.action == AI_OPENING_TAKE_BLACK;
    out->count = out->swap ? 0 : o.count;
    memcpy(out->stones, o.stones, sizeof out->stones);
    return 0;
}

int player_swap2(Player *p, const Game *g, PlayerSwap2 *out, char *err, size_t errlen)
{
    if (p == NULL || g == NULL || out == NULL) {
        err_set(err, errlen, "%s", "bad arguments");
        return -1;
    }
    memset(out, 0, sizeof *out);
    switch (p->spec.kind) {
    case PLAYER_PRESET:
    case PLAYER_DEPTH:
    case PLAYER_CUSTOM:
    case PLAYER_NODES: return engine_swap2(p, g, out, err, errlen);
    case PLAYER_PBRAIN: return brain_swap2(p, g, out, err, errlen);
    case PLAYER_GREEDY:
        if (game_move_count(g) == 0) {
            int c = game_board(g)->size / 2;
            out->count = 3;
            out->stones[0] = (Move){(int8_t)c, (int8_t)c};
            out->stones[1] = (Move){(int8_t)(c + 1), (int8_t)c};
            out->stones[2] = (Move){(int8_t)c, (int8_t)(c + 2)};
        } else {
            out->swap = true;
        }
        return 0;
    default: err_set(err, errlen, "%s", "unknown player kind"); return -1;
    }
}

int player_move(Player *p, const Game *g, Move *out, char *err, size_t errlen)
{
    if (p == NULL || g == NULL || out == NULL) {
        err_set(err, errlen, "%s", "bad arguments");
        return -1;
    }
    *out = MOVE_NONE;
    switch (p->spec.kind) {
    case PLAYER_PRESET:
    case PLAYER_DEPTH:
    case PLAYER_CUSTOM:
    case PLAYER_NODES: return engine_move(p, g, out, err, errlen);
    case PLAYER_GREEDY:
        *out = greedy_move(game_board(g), game_rules(g), game_to_move(g), &p->rng);
        if (!move_is_valid(*out)) {
            err_set(err, errlen, "%s", "greedy: no legal move");
            return -1;
        }
        return 0;
    case PLAYER_PBRAIN: return brain_move(p, g, out, err, errlen);
    default: err_set(err, errlen, "%s", "unknown player kind"); return -1;
    }
}

void player_free(Player *p)
{
    if (p == NULL) {
        return;
    }
    ai_free(p->ai);
    if (p->brain != NULL) {
        pbrain_client_send(p->brain, "END");
        pbrain_client_close(p->brain, 1000);
    }
    free(p);
}
