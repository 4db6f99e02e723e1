/*
 * ai_movegen.c - candidate moves (see ai_movegen.h).
 */
#include "ai_movegen.h"

int ai_gen_threat(const AiPos *p, int ci, int cell, int32_t *weight)
{
    const AiPatTable *t = p->pt;
    const uint8_t *tbl = t->code[ci];
    const uint32_t *key = p->key[ci][cell];
    unsigned raw0 = tbl[key[0]], raw1 = tbl[key[1]], raw2 = tbl[key[2]], raw3 = tbl[key[3]];
    unsigned over = (raw0 | raw1 | raw2 | raw3) & AI_PAT_OVERLINE;
    raw0 &= AI_PAT_CODE_MASK;
    raw1 &= AI_PAT_CODE_MASK;
    raw2 &= AI_PAT_CODE_MASK;
    raw3 &= AI_PAT_CODE_MASK;
    unsigned v = (unsigned)t->info[raw0] + t->info[raw1] + t->info[raw2] + t->info[raw3];
    *weight += t->weight[raw0] + t->weight[raw1] + t->weight[raw2] + t->weight[raw3];
    if ((v & AI_PAT_INFO_THREAT) == 0 && !over) {
        return 0;
    }
    unsigned fours = AI_PAT_INFO_FOUR(v), open4 = AI_PAT_INFO_OPEN4(v);
    unsigned open3 = AI_PAT_INFO_OPEN3(v);
    int flags = AI_PAT_INFO_WIN(v) ? AI_T_WIN : 0;
    if (open4 > 0 || fours >= 2) {
        flags |= AI_T_OPEN4;
    }
    if (fours > 0) {
        flags |= AI_T_FOUR;
    }
    if (open3 > 0) {
        flags |= AI_T_OPEN3;
    }
    if (fours > 0 && open3 > 0) {
        flags |= AI_T_43;
    }
    if (open3 >= 2) {
        flags |= AI_T_33;
    }
    if (over || fours >= 2 || open4 > 0 || open3 >= 2) {
        flags |= AI_T_SUSPECT;
    }
    return flags;
}

int ai_gen_forbidden(const AiPos *p, int cell, int flags)
{
    return ai_gen_forbidden_for(p, (int)p->stm - 1, cell, flags);
}

int ai_gen_forbidden_for(const AiPos *p, int ci, int cell, int flags)
{
    if (p->pt->rules.kind != RULE_RENJU || ci != 0 || !(flags & AI_T_SUSPECT) ||
        (flags & AI_T_WIN)) {
        return 0;
    }
    Move m = {(int8_t)ai_pos_x(p, cell), (int8_t)ai_pos_y(p, cell)};
    return rules_forbidden(&p->board, p->pt->rules, m) != FORBID_NONE;
}

int ai_gen_barred(const AiPos *p, int ci, int cell)
{
    int32_t w = 0;
    return ai_gen_forbidden_for(p, ci, cell, ai_gen_threat(p, ci, cell, &w));
}

int ai_gen_has_open4(const AiPos *p, int ci)
{
    if (p->cnt[ci][AI_CNT_OPEN4] == 0) {
        return 0;
    }
    if (p->pt->rules.kind != RULE_RENJU || ci != 0) {
        return 1;
    }
    int b[4];
    ai_pos_window(p, 2, b);
    for (int y = b[1]; y <= b[3]; y++) {
        for (int x = b[0]; x <= b[2]; x++) {
            int c = ai_pos_index(p, x, y);
            if (p->cell[c] != STONE_EMPTY || p->near[c] == 0 ||
                AI_PAT_INFO_OPEN4(p->isum[ci][c]) == 0) {
                continue;
            }
            if (!ai_gen_barred(p, ci, c)) {
                return 1;
            }
        }
    }
    return 0;
}

/* Ordering value of a point from a colour's threat flags; the defensive
 * side uses a smaller scale so that an own threat of the same class comes
 * first (attacking first wins the race). */
static int32_t threat_value(int flags, int32_t weight, int defence)
{
    int32_t v;
    if (flags & AI_T_WIN) {
        v = 20000000;
    } else if (flags & AI_T_OPEN4) {
        v = 1000000;
    } else if (flags & AI_T_43) {
        v = 200000;
    } else if (flags & AI_T_33) {
        v = 50000;
    } else if (flags & AI_T_OPEN3) {
        v = defence ? 3000 : 4000;
    } else if (flags & AI_T_FOUR) {
        v = defence ? 1500 : 2500;
    } else {
        v = 0;
    }
    if (defence) {
        v = v / 10 * 9;
    }
    return v + weight;
}

int ai_gen_wins(const AiPos *p, int ci, int16_t *out)
{
    int n = 0;
    if (p->bbox[0] > p->bbox[2]) {
        return 0;
    }
    int b[4];
    ai_pos_window(p, 1, b);
    for (int y = b[1]; y <= b[3]; y++) {
        for (int x = b[0]; x <= b[2]; x++) {
            int c = ai_pos_index(p, x, y);
            if (p->cell[c] == STONE_EMPTY && p->near[c] != 0 &&
                AI_PAT_INFO_WIN(p->isum[ci][c]) > 0) {
                out[n++] = (int16_t)c;
            }
        }
    }
    return n;
}

void ai_gen_sort(int16_t *cells, int32_t *prio, int n)
{
    for (int i = 1; i < n; i++) {
        int16_t c = cells[i];
        int32_t s = prio[i];
        int j = i;
        for (; j > 0 && prio[j - 1] < s; j--) {
            cells[j] = cells[j - 1];
            prio[j] = prio[j - 1];
        }
        cells[j] = c;
        prio[j] = s;
    }
}

int ai_gen_attacks(const AiPos *p, int threes, const int32_t bonus[AI_GEN_BONUS_N], int16_t *out)
{
    const int ci = (int)p->stm - 1;
    int32_t prio[BOARD_MAX_CELLS];
    int n = 0, b[4];
    ai_pos_window(p, 2, b);
    for (int y = b[1]; y <= b[3]; y++) {
        for (int x = b[0]; x <= b[2]; x++) {
            int c = ai_pos_index(p, x, y);
            if (p->cell[c] != STONE_EMPTY || p->near[c] == 0) {
                continue;
            }
            const unsigned s = p->isum[ci][c];
            if (AI_PAT_INFO_FOUR(s) == 0 && !(threes && AI_PAT_INFO_OPEN3(s) > 0)) {
                continue;
            }
            int32_t w = 0;
            int f = ai_gen_threat(p, ci, c, &w);
            if (!((f & AI_T_FOUR) || (threes && (f & AI_T_OPEN3))) || ai_gen_forbidden(p, c, f)) {
                continue;
            }
            out[n] = (int16_t)c;
            prio[n] = w + ((f & AI_T_OPEN4) ? bonus[AI_GEN_BONUS_OPEN4] : 0) +
                      ((f & AI_T_43) ? bonus[AI_GEN_BONUS_43] : 0) +
                      ((f & AI_T_33) ? bonus[AI_GEN_BONUS_33] : 0) +
                      ((f & AI_T_FOUR) ? bonus[AI_GEN_BONUS_FOUR] : 0);
            n++;
        }
    }
    ai_gen_sort(out, prio, n);
    return n;
}

/* Whether the opponent (colour index oi) has a double threat for next
 * move that the side to move must answer: a four-three point, and with
 * level 2 a three-three point where that is no forbidden move. */
static int combo_threat(const AiPos *p, int oi, int blind_ci, int level)
{
    if (level <= 0 || oi == blind_ci) {
        return 0;
    }
    if (p->combo[oi][AI_COMBO_43] > 0) {
        return 1;
    }
    return level >= 2 && p->combo[oi][AI_COMBO_33] > 0 &&
           !(oi == 0 && p->pt->rules.kind == RULE_RENJU);
}

/* The candidates of a non-blocking position (ai_gen_moves); with answer
 * set, only moves that threaten (a four, an open three) or stand on a line
 * of the opponent's threats (where it would make a four, an open three or
 * a double): a move anywhere else lets the opponent's double stand. */
static int gen_candidates(const AiPos *p, int blind_ci, int defend, int answer, AiCand *out)
{
    const int ci = (int)p->stm - 1, oi = 1 - ci;
    int n = 0, b[4];
    ai_pos_window(p, 2, b);
    for (int y = b[1]; y <= b[3]; y++) {
        int c = ai_pos_index(p, b[0], y);
        for (int x = b[0]; x <= b[2]; x++, c++) {
            if (p->cell[c] != STONE_EMPTY || p->near[c] == 0) {
                continue;
            }
            /* Both filters want a threat of one side or the other, and a
             * point with none in its kept counters has none. */
            if ((defend || answer) &&
                ((p->isum[ci][c] | p->isum[oi][c]) & AI_PAT_INFO_THREAT) == 0) {
                continue;
            }
            int32_t wa = 0, wd = 0;
            int fa = ai_gen_threat(p, ci, c, &wa);
            int fd = ai_gen_threat(p, oi, c, &wd);
            if (defend && !(fa & (AI_T_FOUR | AI_T_WIN)) && !(fd & AI_T_FOUR)) {
                continue;
            }
            if (answer && !(fa & (AI_T_FOUR | AI_T_WIN | AI_T_OPEN3)) &&
                !(fd & (AI_T_FOUR | AI_T_OPEN3 | AI_T_33 | AI_T_43))) {
                continue;
            }
            if (ci == blind_ci && (fa & AI_T_OPEN4) && !(fa & AI_T_WIN)) {
                /* The blind side is not imagined extending its threes. */
                fa &= ~(AI_T_OPEN4 | AI_T_43);
            }
            if (oi == blind_ci) {
                fd &= ~(AI_T_33 | AI_T_OPEN3 | AI_T_43);
                if (!(fd & (AI_T_WIN | AI_T_FOUR))) {
                    wd /= 4;
                }
            }
            if (ai_gen_forbidden(p, c, fa)) {
                continue;
            }
            out[n].cell = (int16_t)c;
            out[n].score = threat_value(fa, wa, 0) + threat_value(fd, wd, 1);
            n++;
        }
    }
    return n;
}

int ai_gen_moves(const AiPos *p, int blind_ci, int combo_answer, AiCand *out, int *kind)
{
    const int ci = (int)p->stm - 1, oi = 1 - ci;
    int n = 0;

    if (p->bbox[0] > p->bbox[2]) {
        int c = ai_pos_index(p, p->size / 2, p->size / 2);
        out[0].cell = (int16_t)c;
        out[0].score = 0;
        *kind = AI_GEN_NORMAL;
        return 1;
    }
    if (p->cnt[oi][AI_CNT_WIN] > 0) {
        int16_t wins[BOARD_MAX_CELLS];
        int nw = ai_gen_wins(p, oi, wins);
        *kind = AI_GEN_BLOCK;
        for (int i = 0; i < nw; i++) {
            int32_t w = 0;
            int f = ai_gen_threat(p, ci, wins[i], &w);
            if (ai_gen_forbidden(p, wins[i], f)) {
                continue;
            }
            out[n].cell = wins[i];
            out[n].score = threat_value(f, w, 0);
            n++;
        }
        return n;
    }
    /* A renju black three whose every extension is forbidden is no threat. */
    const int defend = oi != blind_ci && ai_gen_has_open4(p, oi);
    *kind = defend ? AI_GEN_DEFEND : AI_GEN_NORMAL;
    if (!defend && combo_threat(p, oi, blind_ci, combo_answer)) {
        n = gen_candidates(p, blind_ci, 0, 1, out);
        if (n > 0) {
            return n;
        }
    }
    return gen_candidates(p, blind_ci, defend, 0, out);
}
