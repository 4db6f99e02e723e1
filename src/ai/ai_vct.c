/*
 * ai_vct.c - threat-space search by df-pn (see ai_vct.h).
 *
 * Nodes: the attacker to move (an OR node: one child proved proves it) or
 * the defender to move (an AND node: every child must be proved).  Each
 * node's children are generated on entry; their proof and disproof
 * numbers live in arrays on the stack while the node is being searched,
 * and in the table afterwards.  A node is searched until its numbers
 * reach the thresholds its parent gave (Nagai's df-pn, with the 1 + 1/4
 * threshold of Pawlewicz and Lew against thrashing).
 */
#include "ai_vct.h"

#include <string.h>

#include "ai_clock.h"
#include "ai_movegen.h"

#define INF       0x3fffffffu
#define MAX_KIDS  96
#define DIST_NONE 255
/* Salts of the table key: the attacker's colour, the node kind and the
 * mode, so that one position searched for either side, as attacker or
 * defender, by VCF or VCT, never meets another's entry. */
#define SALT_WHITE 0x9E3779B97F4A7C15ull
#define SALT_AND   0xC2B2AE3D27D4EB4Full
#define SALT_VCT   0x165667B19E3779F9ull

enum { OPEN = 0, PROVED = 1, REFUTED = 2 };

/* A node being searched: its children and their numbers. */
typedef struct Node {
    uint64_t key;
    int is_or;
    int threes;     /* open threes the attacker has left */
    int kid_threes; /* the same for the children */
    int ply;
    int n;
    int16_t kid[MAX_KIDS];
    uint32_t pn[MAX_KIDS], dn[MAX_KIDS];
    uint8_t dist[MAX_KIDS];
    int status; /* OPEN, or the node's own result when it is a leaf */
    uint8_t leaf_dist;
    int fallback; /* some legal defender move that does not help, or -1 */
} Node;

void ai_vct_cache_clear(AiVctCache *c)
{
    if (c->nused > AI_VCT_USED_MAX) {
        memset(c->e, 0, sizeof c->e);
    } else {
        for (uint32_t i = 0; i < c->nused; i++) {
            memset(&c->e[c->used[i]], 0, sizeof c->e[0]);
        }
    }
    c->nused = 0;
}

static int tick(AiVct *v)
{
    return ai_budget_tick(&v->nodes, v->max_nodes, v->deadline_us, v->cancel, v->stop, &v->aborted);
}

static uint32_t sat_add(uint32_t a, uint32_t b)
{
    return a + b >= INF ? INF : a + b;
}

/* The table key of a position with hash and colour index mover to move:
 * an OR node when the attacker is to move. */
static uint64_t salted(const AiVct *v, uint64_t hash, int mover)
{
    uint64_t k = hash ^ (v->attacker ? SALT_WHITE : 0) ^ (v->threes ? SALT_VCT : 0);
    if (mover != v->attacker) {
        k ^= SALT_AND;
    }
    return k ? k : 1;
}

static uint64_t node_key(const AiPos *p, const AiVct *v)
{
    return salted(v, p->hash, (int)p->stm - 1);
}

/* The key of the child of p reached by playing cell. */
static uint64_t child_key(const AiPos *p, const AiVct *v, int cell)
{
    const int ci = (int)p->stm - 1;
    return salted(v, p->hash ^ p->zobrist[ci * AI_CELLS + cell] ^ p->zobrist_side, 1 - ci);
}

static AiVctEntry *tt_bucket(AiVctCache *c, uint64_t key)
{
    return &c->e[(uint32_t)(key >> 17) & (AI_VCT_SIZE - AI_VCT_WAYS)];
}

/* What the table knows of key searched with threes open threes left:
 * writes *pn, *dn, *dist and returns 1, or returns 0 when nothing
 * applies.  A proof holds whatever the limit; a refutation holds for a
 * limit no larger than the one it was found under. */
static int tt_probe(AiVctCache *c, uint64_t key, int threes, uint32_t *pn, uint32_t *dn,
                    uint8_t *dist)
{
    AiVctEntry *b = tt_bucket(c, key);
    for (int i = 0; i < AI_VCT_WAYS; i++) {
        const AiVctEntry *e = &b[i];
        if (e->key != key) {
            continue;
        }
        if (e->pn == 0) {
            *pn = 0;
            *dn = INF;
            *dist = e->dist;
            return 1;
        }
        if (e->dn == 0 && e->threes >= threes) {
            *pn = INF;
            *dn = 0;
            return 1;
        }
        if (e->threes == threes) {
            *pn = e->pn;
            *dn = e->dn;
            return 1;
        }
        return 0;
    }
    return 0;
}

static int16_t tt_best(AiVctCache *c, uint64_t key)
{
    AiVctEntry *b = tt_bucket(c, key);
    for (int i = 0; i < AI_VCT_WAYS; i++) {
        if (b[i].key == key && b[i].pn == 0) {
            return b[i].best;
        }
    }
    return -1;
}

/* Stores a node's numbers, over its own entry or the bucket's entry with
 * the least work; a proof is never overwritten by anything but a proof. */
static void tt_store(AiVctCache *c, uint64_t key, const Node *nd, uint32_t pn, uint32_t dn,
                     uint8_t dist, int best, uint32_t work)
{
    AiVctEntry *b = tt_bucket(c, key), *slot = NULL;
    for (int i = 0; i < AI_VCT_WAYS; i++) {
        if (b[i].key == key) {
            if (b[i].pn == 0 && pn != 0) {
                return;
            }
            slot = &b[i];
            break;
        }
    }
    if (slot == NULL) {
        slot = &b[0];
        for (int i = 1; i < AI_VCT_WAYS; i++) {
            if (b[i].work < slot->work) {
                slot = &b[i];
            }
        }
    }
    if (slot->key == 0 && c->nused <= AI_VCT_USED_MAX) {
        if (c->nused < AI_VCT_USED_MAX) {
            c->used[c->nused] = (uint32_t)(slot - c->e);
        }
        c->nused++;
    }
    slot->key = key;
    slot->pn = pn;
    slot->dn = dn;
    slot->work = work;
    slot->threes = (uint8_t)nd->threes;
    slot->dist = dist;
    slot->best = (int16_t)best;
}

/* Ends the node as a leaf with a known result. */
static void leaf(Node *nd, int status, int dist)
{
    nd->status = status;
    nd->leaf_dist = (uint8_t)dist;
}

/* Copies up to MAX_KIDS cells of cells[0..n) as the node's children;
 * returns 0 when they did not all fit (dropping a defence would make the
 * proof unsound, dropping an attack only weaker). */
static int set_kids(Node *nd, const int16_t *cells, int n, int all_needed)
{
    if (n > MAX_KIDS && all_needed) {
        return 0;
    }
    nd->n = n > MAX_KIDS ? MAX_KIDS : n;
    memcpy(nd->kid, cells, (size_t)nd->n * sizeof cells[0]);
    return 1;
}

/* The defender (to move) faces the attacker's open three.  Writes to out
 * the moves that answer it: points after which the attacker has no
 * playable open-four point, and the defender's own fours.  *fallback gets
 * some legal non-answer (or -1), for lines where nothing answers. */
static int defences(AiPos *p, AiVct *v, int16_t *out, int *fallback)
{
    const int di = (int)p->stm - 1, ai = 1 - di;
    int16_t cand[BOARD_MAX_CELLS];
    int32_t prio[BOARD_MAX_CELLS];
    int n = 0, b[4];
    ai_pos_window(p, 2, b);
    *fallback = -1;
    for (int y = b[1]; y <= b[3]; y++) {
        for (int x = b[0]; x <= b[2]; x++) {
            int c = ai_pos_index(p, x, y);
            if (p->cell[c] != STONE_EMPTY || p->near[c] == 0) {
                continue;
            }
            int32_t wa = 0, wd = 0;
            int fa = ai_gen_threat(p, ai, c, &wa);
            int fd = ai_gen_threat(p, di, c, &wd);
            if (!((fa | fd) & AI_T_FOUR) || ai_gen_forbidden_for(p, di, c, fd)) {
                if (*fallback < 0 && !ai_gen_forbidden_for(p, di, c, fd)) {
                    *fallback = c;
                }
                continue;
            }
            cand[n] = (int16_t)c;
            prio[n] = ((fa & AI_T_OPEN4) ? 1000000 : 0) + wa + wd;
            n++;
        }
    }
    ai_gen_sort(cand, prio, n);
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (tick(v)) {
            return 0;
        }
        ai_pos_make(p, cand[i]);
        int ok = p->cnt[di][AI_CNT_WIN] > 0 || !ai_gen_has_open4(p, ai);
        ai_pos_undo(p);
        if (ok) {
            out[k++] = cand[i];
        } else if (*fallback < 0) {
            *fallback = cand[i];
        }
    }
    return k;
}

/* The single point where colour index ci wins at once, or -1 when it has
 * none or several (*count gets how many). */
static int only_win(const AiPos *p, int ci, int *count)
{
    int16_t wins[BOARD_MAX_CELLS];
    *count = p->cnt[ci][AI_CNT_WIN] > 0 ? ai_gen_wins(p, ci, wins) : 0;
    return *count == 1 ? wins[0] : -1;
}

/* Attack ordering: winning shapes first, then fours before threes. */
static const int32_t ATTACK_BONUS[AI_GEN_BONUS_N] = {4000000, 2000000, 1000000, 100000};

/* Expands an attacker-to-move node: its result when it is a leaf, else
 * its children (the forced block, or the attacking moves). */
static void expand_or(AiPos *p, AiVct *v, Node *nd)
{
    const int ai = v->attacker, di = 1 - ai;
    int16_t cells[BOARD_MAX_CELLS];
    int count;
    nd->kid_threes = nd->threes;
    if (p->cnt[ai][AI_CNT_WIN] > 0 && ai_gen_wins(p, ai, cells) > 0) {
        leaf(nd, PROVED, 1);
        nd->kid[0] = cells[0];
        return;
    }
    int block = only_win(p, di, &count);
    if (count > 0) {
        /* Forced to block; the block must itself keep the initiative,
         * which the defender's node finds out. */
        if (block < 0 || ai_gen_barred(p, ai, block)) {
            leaf(nd, REFUTED, 0);
        } else {
            cells[0] = (int16_t)block;
            set_kids(nd, cells, 1, 0);
        }
        return;
    }
    if (nd->ply >= AI_VCT_MAX_PLY || p->bbox[0] > p->bbox[2]) {
        leaf(nd, REFUTED, 0);
        return;
    }
    /* Against the defender's own open three only fours are fast enough. */
    int threes = v->threes && nd->threes > 0 && !ai_gen_has_open4(p, di);
    if (v->threes && nd->threes == 0) {
        v->limited = 1; /* a larger allowance might find more */
    }
    int n = ai_gen_attacks(p, threes, ATTACK_BONUS, cells);
    set_kids(nd, cells, n, 0);
    if (nd->n == 0) {
        leaf(nd, REFUTED, 0);
    }
}

/* Expands a defender-to-move node. */
static void expand_and(AiPos *p, AiVct *v, Node *nd)
{
    const int ai = v->attacker, di = 1 - ai;
    int16_t cells[BOARD_MAX_CELLS];
    int count;
    nd->kid_threes = nd->threes;
    if (p->cnt[di][AI_CNT_WIN] > 0) {
        leaf(nd, REFUTED, 0);
        return;
    }
    int block = only_win(p, ai, &count);
    if (count >= 2 || (count == 1 && ai_gen_barred(p, di, block))) {
        leaf(nd, PROVED, 2);
        return;
    }
    if (count == 1) {
        cells[0] = (int16_t)block;
        set_kids(nd, cells, 1, 1);
        return;
    }
    if (!v->threes || !ai_gen_has_open4(p, ai)) {
        leaf(nd, REFUTED, 0);
        return;
    }
    /* The attacker's last move was an open three: one of its allowance. */
    nd->kid_threes = nd->threes > 0 ? nd->threes - 1 : 0;
    int n = defences(p, v, cells, &nd->fallback);
    if (v->aborted) {
        leaf(nd, REFUTED, 0);
    } else if (n == 0) {
        /* Nothing stops the open four: any move loses in four plies. */
        leaf(nd, nd->fallback >= 0 ? PROVED : REFUTED, 4);
    } else if (!set_kids(nd, cells, n, 1)) {
        leaf(nd, REFUTED, 0);
    }
}

/* Fills the children's starting numbers from the table, else from what
 * the move is: a four leaves the defender one answer, a three several. */
static void init_kids(AiPos *p, AiVct *v, Node *nd)
{
    const int ci = (int)p->stm - 1;
    for (int i = 0; i < nd->n; i++) {
        uint64_t k = child_key(p, v, nd->kid[i]);
        nd->dist[i] = DIST_NONE;
        if (tt_probe(v->cache, k, nd->kid_threes, &nd->pn[i], &nd->dn[i], &nd->dist[i])) {
            continue;
        }
        nd->dn[i] = 1;
        nd->pn[i] = nd->is_or && AI_PAT_INFO_FOUR(p->isum[ci][nd->kid[i]]) == 0 ? 2 : 1;
    }
}

static void expand(AiPos *p, AiVct *v, Node *nd, int ply)
{
    nd->key = node_key(p, v);
    nd->is_or = (int)p->stm - 1 == v->attacker;
    nd->ply = ply;
    nd->n = 0;
    nd->status = OPEN;
    nd->fallback = -1;
    if (nd->is_or) {
        expand_or(p, v, nd);
    } else {
        expand_and(p, v, nd);
    }
    if (nd->status == OPEN) {
        init_kids(p, v, nd);
    }
}

/* The node's numbers from its children's; *best gets the child to search
 * next and *second the runner-up's number (pn at an OR node, dn at an
 * AND node). */
static void collect(const Node *nd, uint32_t *pn, uint32_t *dn, int *best, uint32_t *second)
{
    uint32_t sum = 0, min1 = INF, min2 = INF;
    int b = 0;
    for (int i = 0; i < nd->n; i++) {
        uint32_t mine = nd->is_or ? nd->pn[i] : nd->dn[i];
        uint32_t other = nd->is_or ? nd->dn[i] : nd->pn[i];
        sum = sat_add(sum, other);
        if (mine < min1) {
            min2 = min1;
            min1 = mine;
            b = i;
        } else if (mine < min2) {
            min2 = mine;
        }
    }
    *best = b;
    *second = min2;
    *pn = nd->is_or ? min1 : sum;
    *dn = nd->is_or ? sum : min1;
}

/* A proved node's distance to the win: the shortest proved child at an
 * OR node, the longest at an AND node.  Writes the OR node's move to
 * *move. */
static uint8_t proof_dist(const Node *nd, int *move)
{
    int d = nd->is_or ? DIST_NONE : 0;
    *move = -1;
    for (int i = 0; i < nd->n; i++) {
        if (nd->pn[i] != 0) {
            continue;
        }
        int di = nd->dist[i];
        if (nd->is_or ? di < d || *move < 0 : di > d) {
            d = di;
            *move = nd->kid[i];
        }
    }
    return (uint8_t)(d >= DIST_NONE - 1 ? DIST_NONE - 1 : d + 1);
}

static uint32_t grow(uint32_t x)
{
    return x >= INF ? INF : sat_add(x, x / 4 + 1);
}

/* df-pn's MID: searches the node of p until its proof number reaches
 * thpn or its disproof number thdn (or the budget ends).  Writes the
 * node's numbers and distance. */
static void mid(AiPos *p, AiVct *v, int threes, int ply, uint32_t thpn, uint32_t thdn,
                uint32_t *opn, uint32_t *odn, uint8_t *odist)
{
    Node nd;
    const int64_t start = v->nodes;
    nd.threes = threes;
    *odist = DIST_NONE;
    if (tick(v)) {
        *opn = *odn = 1;
        return;
    }
    expand(p, v, &nd, ply);
    if (nd.status != OPEN) {
        *opn = nd.status == PROVED ? 0 : INF;
        *odn = nd.status == PROVED ? INF : 0;
        *odist = nd.status == PROVED ? nd.leaf_dist : DIST_NONE;
        int best = nd.is_or && nd.status == PROVED ? nd.kid[0] : -1;
        /* A budget that ran out mid-expansion leaves a refutation that
         * is no refutation: only a proof is kept then. */
        if (!v->aborted || nd.status == PROVED) {
            tt_store(v->cache, nd.key, &nd, *opn, *odn, *odist, best, 1);
        }
        return;
    }
    uint32_t pn, dn, second;
    int b;
    for (;;) {
        collect(&nd, &pn, &dn, &b, &second);
        if (pn >= thpn || dn >= thdn || v->aborted) {
            break;
        }
        uint32_t cpn, cdn;
        if (nd.is_or) {
            cpn = grow(second) < thpn ? grow(second) : thpn;
            cdn = thdn - dn + nd.dn[b];
        } else {
            cdn = grow(second) < thdn ? grow(second) : thdn;
            cpn = thpn - pn + nd.pn[b];
        }
        ai_pos_make(p, nd.kid[b]);
        mid(p, v, nd.kid_threes, ply + 1, cpn, cdn, &nd.pn[b], &nd.dn[b], &nd.dist[b]);
        ai_pos_undo(p);
    }
    *opn = pn;
    *odn = dn;
    int move = -1;
    if (pn == 0) {
        *odist = proof_dist(&nd, &move);
    }
    if (!v->aborted || pn == 0) {
        int64_t w = v->nodes - start;
        tt_store(v->cache, nd.key, &nd, pn, dn, *odist, move, w > INF ? INF : (uint32_t)w);
    }
}

/* Searches the node of p to the end or the budget.  Returns its distance
 * when proved, else 0. */
static int solve(AiPos *p, AiVct *v, int threes, int ply)
{
    uint32_t pn, dn;
    uint8_t dist;
    mid(p, v, threes, ply, INF, INF, &pn, &dn, &dist);
    return pn == 0 ? dist : 0;
}

/* The largest open-three allowance worth trying: one more than the
 * attacker's forcing moves can ever use is as good as none. */
static int clamp_threes(int t)
{
    return t < 0 ? 0 : (t > 200 ? 200 : t);
}

/* Searches the root with a growing open-three allowance (1, 2, 3, ...),
 * so that short wins are found first and cheaply: an allowance that is
 * too large lets df-pn wander down long chains of threes.  Proofs carry
 * over from one allowance to the next.  Returns the win's distance, or 0. */
static int deepen(AiPos *p, AiVct *v, int max_threes)
{
    for (int t = v->threes ? 1 : 0; t <= max_threes || t == 0; t++) {
        v->limited = 0;
        int dist = solve(p, v, t, 0);
        if (dist > 0 || v->aborted || !v->limited || t == 0) {
            return dist;
        }
    }
    return 0;
}

int ai_vct(AiPos *p, AiVct *v, int max_threes, int *first)
{
    *first = -1;
    v->attacker = (int)p->stm - 1;
    const int lean = ai_pos_set_lean(p, 1);
    int dist = deepen(p, v, clamp_threes(max_threes));
    ai_pos_set_lean(p, lean);
    if (dist > 0) {
        *first = tt_best(v->cache, node_key(p, v));
    }
    return dist > 0 && *first >= 0 ? dist : 0;
}

/* A move for the defender of p when every move loses: a block of one of
 * the attacker's winning points if it may play one, else any legal point
 * near the stones, else -1. */
static int any_reply(const AiPos *p, const AiVct *v)
{
    const int di = 1 - v->attacker;
    int16_t wins[BOARD_MAX_CELLS];
    int n = p->cnt[v->attacker][AI_CNT_WIN] > 0 ? ai_gen_wins(p, v->attacker, wins) : 0;
    for (int i = 0; i < n; i++) {
        if (!ai_gen_barred(p, di, wins[i])) {
            return wins[i];
        }
    }
    for (int pass = 0; pass < 2; pass++) {
        for (int y = 0; y < p->size; y++) {
            for (int x = 0; x < p->size; x++) {
                int c = ai_pos_index(p, x, y);
                if (p->cell[c] == STONE_EMPTY && (pass == 1 || p->near[c] != 0) &&
                    !ai_gen_barred(p, di, c)) {
                    return c;
                }
            }
        }
    }
    return -1;
}

/* The proved child of the node of p to follow in a proof line: at an OR
 * node the one with the shortest proof, at an AND node the one with the
 * longest (the most stubborn defence); children the table lost are proved
 * again.  Returns the cell, or -1 when some child is not proved; *threes
 * becomes the child's allowance and *wins is set when the move wins. */
static int line_step(AiPos *p, AiVct *v, int *threes, int ply, int *wins)
{
    Node nd;
    nd.threes = *threes;
    expand(p, v, &nd, ply);
    *threes = nd.kid_threes;
    if (nd.status == PROVED) {
        *wins = nd.is_or;
        return nd.is_or ? nd.kid[0] : (nd.fallback >= 0 ? nd.fallback : any_reply(p, v));
    }
    if (nd.status != OPEN) {
        return -1;
    }
    int proved = 0;
    for (int i = 0; i < nd.n; i++) {
        proved |= nd.pn[i] == 0;
    }
    for (int i = 0; i < nd.n && !(nd.is_or && proved); i++) {
        if (nd.pn[i] == 0) {
            continue;
        }
        ai_pos_make(p, nd.kid[i]);
        int d = solve(p, v, nd.kid_threes, ply + 1);
        ai_pos_undo(p);
        if (d > 0) {
            nd.pn[i] = 0;
            nd.dist[i] = (uint8_t)d;
            proved = 1;
        } else if (!nd.is_or || v->aborted) {
            return -1;
        }
    }
    int move;
    proof_dist(&nd, &move);
    return move;
}

/* ai_vct_line's work, its moves lean. */
static int vct_line(AiPos *p, AiVct *v, int max_threes, int16_t *line, int max_len)
{
    /* The line is walked with the whole allowance: a proof the table kept
     * from an earlier search may have needed more threes than the
     * allowance that found it in this one, and children the table lost
     * are proved again under it. */
    int threes = clamp_threes(max_threes);
    if (deepen(p, v, threes) == 0) {
        return 0;
    }
    int len = 0, won = 0;
    while (len < max_len && !won && !v->aborted) {
        int m = line_step(p, v, &threes, len, &won);
        if (m < 0) {
            break;
        }
        ai_pos_make(p, m);
        line[len++] = (int16_t)m;
    }
    for (int i = 0; i < len; i++) {
        ai_pos_undo(p);
    }
    return won && !v->aborted ? len : 0;
}

int ai_vct_line(AiPos *p, AiVct *v, int max_threes, int16_t *line, int max_len)
{
    v->attacker = (int)p->stm - 1;
    const int lean = ai_pos_set_lean(p, 1);
    const int len = vct_line(p, v, max_threes, line, max_len);
    ai_pos_set_lean(p, lean);
    return len;
}
