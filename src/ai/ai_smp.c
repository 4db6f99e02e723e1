/*
 * ai_smp.c - helper threads (Lazy SMP): they search the same root moves
 * with the shared table, so worker 0 finds more of its tree already there.
 * Worker 0 alone decides the answer and stops them.
 */
#include "ai_internal.h"

#include <stdlib.h>
#include <string.h>

/* Lazy SMP: helpers search the same root with the same table, half of them
 * one ply deeper, so worker 0 finds more of its tree already there. */
static void *helper_main(void *arg)
{
    AiThread *w = arg;
    for (int depth = 1 + (w->id & 1); depth <= w->max_depth; depth++) {
        int idx;
        ai_pvs_root(w, w->nroot, depth, &idx);
        if (w->abort) {
            break;
        }
    }
    return NULL;
}

/* Starts up to n helpers copying worker 0's position and root moves.
 * Returns how many started. */
int ai_smp_start(Ai *eng, int n)
{
    const AiThread *m = eng->worker[0];
    int started = 0;
    for (int i = 1; i <= n; i++) {
        if (eng->worker[i] == NULL && (eng->worker[i] = calloc(1, sizeof(AiThread))) == NULL) {
            break;
        }
        AiThread *w = eng->worker[i];
        w->pos = m->pos;
        memcpy(w->root, m->root, (size_t)m->nroot * sizeof w->root[0]);
        memcpy(w->tune, m->tune, sizeof w->tune);
        memset(w->history, 0, sizeof w->history);
        memset(w->killer, 0xff, sizeof w->killer);
        memset(w->counter, 0xff, sizeof w->counter);
        w->tt = m->tt;
        w->stop = m->stop;
        w->cancel = m->cancel;
        w->start_us = m->start_us;
        w->deadline_us = m->deadline_us;
        w->max_nodes = 0; /* worker 0 owns the node budget and stops us */
        w->nodes = 0;
        w->next_check = CHECK_MASK + 1;
        w->abort = 0;
        w->blind_ci = m->blind_ci;
        w->net = m->net;
        w->breadth = m->breadth;
        w->strict_breadth = m->strict_breadth;
        w->multi_pv = m->multi_pv;
        w->widest = 0;
        w->nroot = m->nroot;
        w->max_depth = m->max_depth;
        w->id = i;
        if (pthread_create(&eng->thread[i], NULL, helper_main, w) != 0) {
            break;
        }
        started = i;
    }
    return started;
}

/* Stops and joins n helpers; returns the nodes they searched. */
int64_t ai_smp_stop(Ai *eng, int n)
{
    int64_t nodes = 0;
    atomic_store(&eng->stop, 1);
    for (int i = 1; i <= n; i++) {
        pthread_join(eng->thread[i], NULL);
        nodes += eng->worker[i]->nodes;
    }
    return nodes;
}
