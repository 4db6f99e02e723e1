/*
 * session_coach.c - marks, accuracy and summaries from the analysis.
 */
#include "session_coach.h"

#include <math.h>

#include "ai/ai.h"

static Stone mover(int i)
{
    return i % 2 == 0 ? STONE_BLACK : STONE_WHITE;
}

/* side's chance of winning, permille. */
static int chance(AiOutlook o, Stone side)
{
    return side == STONE_BLACK ? o.black_permille : 1000 - o.black_permille;
}

static bool forced_for(AiOutlook o, Stone side)
{
    return o.kind == AI_OUTLOOK_FORCED && o.winner == side;
}

/* The outlook of the nearest position before pos that a search scored:
 * the one whose search counted on the forced replies after it.  False
 * when one on the way is not analysed yet, or none was searched. */
static bool searched_before(const SessionCoachGame *g, int pos, AiOutlook *out)
{
    for (int j = pos - 1; j >= 0 && g->evals[j].have; j--) {
        if (!record_eval_unscored(&g->evals[j])) {
            *out =
                ai_outlook(g->evals[j].score, g->evals[j].mate_plies, mover(j), g->rules, g->size);
            return true;
        }
    }
    return false;
}

bool session_coach_outlook(const SessionCoachGame *g, int pos, AiOutlook *out)
{
    /* Forward along replies that were played, then at most one jump back
     * to a searched position: a walk that always ends.  (Following the
     * rule "not played: the position before" one step at a time went back
     * and forth for ever between a reply that was played and a four that
     * was answered by a four.) */
    for (; pos >= 0 && pos <= g->count; pos++) {
        if (pos == g->count && g->result != GAME_ONGOING) {
            /* The last position of a decided game is its result. */
            if (g->result == GAME_DRAW) {
                *out = (AiOutlook){AI_OUTLOOK_CHANCE, 500, STONE_EMPTY, 0};
            } else {
                Stone w = g->result == GAME_BLACK_WINS ? STONE_BLACK : STONE_WHITE;
                *out = (AiOutlook){AI_OUTLOOK_FORCED, w == STONE_BLACK ? 1000 : 0, w, 0};
            }
            return true;
        }
        const RecordEval *e = &g->evals[pos];
        if (!e->have) {
            return false;
        }
        if (!record_eval_unscored(e)) {
            *out = ai_outlook(e->score, e->mate_plies, mover(pos), g->rules, g->size);
            return true;
        }
        /* The one reply to a four, found without a search: when it was
         * played, the position is worth what the next one is; when it was
         * not, what the four-maker's search, which counted on that reply,
         * found the position before to be worth.  (Left unknown, it was a
         * hole in the graph and no word on the move that let a four
         * stand.) */
        if (pos == g->count || !move_equal(g->moves[pos], e->best)) {
            return searched_before(g, pos, out);
        }
    }
    return false;
}

int session_coach_accuracy(int drop)
{
    /* Lichess's curve, on percentage points of win chance lost. */
    double pts = drop > 0 ? (double)drop / 10.0 : 0.0;
    double acc = 103.1668 * exp(-0.04354 * pts) - 3.1669;
    long r = lround(acc);
    return r < 0 ? 0 : r > 100 ? 100 : (int)r;
}

/* The engine's choice, and every other move proved lost. */
static bool only_move(const RecordEval *e, AiOutlook before, Stone side)
{
    return e->have_second && e->second <= -AI_SCORE_WIN_THRESHOLD &&
           !forced_for(before, stone_opponent(side));
}

static SessionCoachMark mark_of(const SessionCoachGame *g, int i, const SessionCoachMove *m)
{
    Stone side = mover(i);
    if (forced_for(m->before, side) && !forced_for(m->after, side)) {
        return SESSION_COACH_MISSED_WIN;
    }
    bool best = move_is_valid(m->best) && move_equal(m->best, g->moves[i]);
    if (best) {
        return only_move(&g->evals[i], m->before, side) ? SESSION_COACH_ONLY_MOVE
                                                        : SESSION_COACH_BEST;
    }
    if (forced_for(m->before, stone_opponent(side))) {
        return SESSION_COACH_NONE; /* lost already: nothing left to lose */
    }
    return m->drop >= SESSION_COACH_BLUNDER_DROP      ? SESSION_COACH_BLUNDER
           : m->drop >= SESSION_COACH_MISTAKE_DROP    ? SESSION_COACH_MISTAKE
           : m->drop >= SESSION_COACH_INACCURACY_DROP ? SESSION_COACH_INACCURACY
                                                      : SESSION_COACH_NONE;
}

bool session_coach_move(const SessionCoachGame *g, int i, SessionCoachMove *out)
{
    if (i < 0 || i >= g->count) {
        return false;
    }
    SessionCoachMove m = {.best = g->evals[i].have ? g->evals[i].best : MOVE_NONE};
    if (!session_coach_outlook(g, i, &m.before) || !session_coach_outlook(g, i + 1, &m.after)) {
        return false;
    }
    Stone side = mover(i);
    m.drop = chance(m.before, side) - chance(m.after, side);
    /* Playing on in a lost position costs nothing. */
    bool lost = forced_for(m.before, stone_opponent(side));
    m.accuracy = session_coach_accuracy(lost ? 0 : m.drop);
    m.mark = mark_of(g, i, &m);
    *out = m;
    return true;
}

void session_coach_summary(const SessionCoachGame *g, SessionCoachSummary *out)
{
    *out = (SessionCoachSummary){0};
    long sum[2] = {0, 0};
    for (int i = 0; i < g->count; i++) {
        SessionCoachMove m;
        if (!session_coach_move(g, i, &m)) {
            continue;
        }
        int p = i % 2;
        out->count[p][m.mark]++;
        out->moves[p]++;
        sum[p] += m.accuracy;
    }
    for (int p = 0; p < 2; p++) {
        out->accuracy[p] =
            out->moves[p] > 0 ? (int)((sum[p] + out->moves[p] / 2) / out->moves[p]) : 0;
    }
}
