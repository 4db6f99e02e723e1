/*
 * fuzz_record_same.h - what "the same game" means for the record targets:
 * the same board, rules, moves and times, players, text fields, result,
 * review position, analysis lines and kept lines.  Header-only (static
 * functions), shared by fuzz_record.c and fuzz_psq.c.
 */
#ifndef GOMOKU_FUZZ_RECORD_SAME_H
#define GOMOKU_FUZZ_RECORD_SAME_H

#include <stdbool.h>
#include <string.h>

#include "core/record.h"

/* The analysis of position pos in a and b agree (scores, best move and
 * the whole line, wherever each record's pool holds it). */
static inline bool fuzz_eval_same(const Record *a, const Record *b, int pos)
{
    const RecordEval *x = &a->eval[pos], *y = &b->eval[pos];
    if (x->have != y->have) {
        return false;
    }
    if (!x->have) {
        return true;
    }
    if (x->have_second != y->have_second || (x->have_second && x->second != y->second) ||
        x->depth != y->depth || x->mate_plies != y->mate_plies || x->score != y->score ||
        !move_equal(x->best, y->best) || x->pv_len != y->pv_len) {
        return false;
    }
    for (int i = 0; i < x->pv_len; i++) {
        if (!move_equal(a->eval_pv[x->pv_start + i], b->eval_pv[y->pv_start + i])) {
            return false;
        }
    }
    return true;
}

/* Returns NULL when a and b hold the same game, else what differs.
 * times: compare the moves' times (a .psq writes an unknown time as 0, so
 * its target compares them with unknown_is_zero). */
static inline const char *fuzz_record_differs(const Record *a, const Record *b,
                                              bool unknown_is_zero)
{
    if (a->size != b->size || a->rules.kind != b->rules.kind || a->rules.k != b->rules.k) {
        return "board or rules";
    }
    if (a->count != b->count || a->cursor != b->cursor) {
        return "number of moves or review position";
    }
    if (a->opening != b->opening || a->choice[0] != b->choice[0] || a->choice[1] != b->choice[1]) {
        return "the opening";
    }
    for (int i = 0; i < a->count; i++) {
        int32_t ta = a->time_ms[i], tb = b->time_ms[i];
        if (unknown_is_zero) {
            ta = ta < 0 ? 0 : ta;
            tb = tb < 0 ? 0 : tb;
        }
        if (!move_equal(a->moves[i], b->moves[i]) || ta != tb) {
            return "a move or its time";
        }
    }
    if (a->result != b->result || a->end != b->end) {
        return "result";
    }
    return NULL;
}

/* Returns NULL when a and b also agree in everything our own format
 * keeps: players, text fields, clock, analysis and kept lines. */
static inline const char *fuzz_record_differs_fully(const Record *a, const Record *b)
{
    const char *why = fuzz_record_differs(a, b, false);
    if (why != NULL) {
        return why;
    }
    if (a->black.kind != b->black.kind || a->white.kind != b->white.kind ||
        strcmp(a->black.name, b->black.name) != 0 || strcmp(a->white.name, b->white.name) != 0) {
        return "players";
    }
    if (strcmp(a->preset, b->preset) != 0 || strcmp(a->date, b->date) != 0 ||
        a->clock_ms != b->clock_ms) {
        return "preset, date or clock";
    }
    for (int i = 0; i <= a->count; i++) {
        if (!fuzz_eval_same(a, b, i)) {
            return "analysis";
        }
    }
    if (a->extra_len != b->extra_len || memcmp(a->extra, b->extra, (size_t)a->extra_len) != 0 ||
        (a->count > 0 && a->extra_head != b->extra_head)) {
        return "kept lines";
    }
    return NULL;
}

#endif
