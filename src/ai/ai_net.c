/*
 * ai_net.c - the evaluation network (see ai_net.h).
 */
#include "ai_net.h"

#include <stdint.h>

int ai_net_fits(const AiPatTable *pt)
{
    return pt->code_win == AI_NET_CODES + 1;
}

void ai_net_flags(const AiPos *p, int32_t *flag)
{
    const int ci = (int)p->stm - 1, oi = 1 - ci;
    const int free = ai_pos_no_fours(p, oi);
    flag[0] = p->combo[ci][AI_COMBO_43] > 0;
    flag[1] = p->combo[ci][AI_COMBO_33] > 0 && free;
    flag[2] = p->combo[ci][AI_COMBO_33] > 0 && !free;
    flag[3] = p->combo[oi][AI_COMBO_44] > 0;
    flag[4] = p->combo[oi][AI_COMBO_43] > 0;
    flag[5] = p->combo[oi][AI_COMBO_33] > 0;
}

void ai_net_features(const AiPos *p, int32_t *x)
{
    const int ci = (int)p->stm - 1, oi = 1 - ci, col[2] = {ci, oi};
    enum { SH = AI_SHAPE_N - 1 };
    int32_t *code = x, *flag = x + 2 * AI_NET_CODES, *shape = flag + AI_NET_FLAGS,
            *line = shape + 2 * SH;
    for (int s = 0; s < 2; s++) {
        const int c = col[s];
        for (int k = 0; k < AI_NET_CODES; k++) {
            code[s * AI_NET_CODES + k] = p->n.code[c][k + 1];
        }
        for (int k = 0; k < SH; k++) {
            shape[s * SH + k] = p->n.shape[c][k + 1];
        }
        for (int k = 0; k < AI_L_N; k++) {
            line[s * AI_L_N + k] = p->n.line[c][k];
        }
    }
    ai_net_flags(p, flag);
}

/* With GCC on x86-64 ELF systems (Linux) the evaluation is compiled
 * twice, for AVX2 and for the baseline, and the loader picks the one the
 * processor runs: without SSE4.1 the 32-bit multiplies below are emulated
 * in four instructions each.  Elsewhere the baseline alone: Windows and
 * macOS have no ifunc; clang 14 leaves callers in other files unresolved
 * (the fuzzing build did not link); and under ThreadSanitizer the runtime
 * is not up yet when the loader runs the choice (every program crashed at
 * start).  Integer arithmetic: both give the same value. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__ELF__) &&         \
    !defined(__SANITIZE_THREAD__)
#define NET_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define NET_CLONES
#endif

NET_CLONES int ai_net_eval(const AiPos *p)
{
    int32_t x[AI_NET_IN];
    /* 32-bit lanes, which the compiler vectorizes: the loop below was
     * most of the evaluation's time in 64 bits.  Exact: test_ai_net bounds
     * every hidden unit's sum on the largest board well inside int32. */
    int32_t h[AI_NET_HIDDEN];
    int64_t z = 0;
    ai_net_features(p, x);
    for (int j = 0; j < AI_NET_HIDDEN; j++) {
        h[j] = AI_NET_B1[j];
    }
    for (int i = 0; i < AI_NET_IN; i++) {
        const int32_t xi = x[i];
        if (xi != 0) {
            const int32_t *w = AI_NET_W1[i];
            z += (int64_t)xi * AI_NET_U[i];
            for (int j = 0; j < AI_NET_HIDDEN; j++) {
                h[j] += xi * w[j];
            }
        }
    }
    int64_t out = 0;
    for (int j = 0; j < AI_NET_HIDDEN; j++) {
        if (h[j] > 0) {
            out += (int64_t)h[j] * AI_NET_V[j];
        }
    }
    /* Both parts back to evaluation units, rounded toward minus infinity
     * alike on every machine (arithmetic shifts of the two's complement). */
    const int64_t v = AI_NET_C + (z >> AI_NET_SHIFT) + (out >> (AI_NET_SHIFT + AI_NET_OUT_SHIFT));
    return v > INT32_MAX ? INT32_MAX : (v < INT32_MIN ? INT32_MIN : (int)v);
}
