/*
 * ai_preset.c - the difficulty presets.
 *
 * Each preset is defined by a depth and a node budget (so it plays the same
 * on any machine) and a time cap that only a slow or busy machine reaches.
 * The caps sit a little under the promised answer times (Hard 1 s, Master
 * 5 s a move) because the search stops at its next clock check after the
 * cap, some milliseconds later.  Beginner judges positions with the
 * hand-set weights: with the fitted ones it beat a one-ply greedy player
 * 92.5 % of the time (docs/strength.md, seventh round).
 */
#include "ai.h"

typedef struct Preset {
    const char *name;
    AiLimits limits;
} Preset;

/* The fields by name: a field added to AiLimits later is 0 here (the
 * engine's default) without touching this table. */
#define LIMITS(depth, nodes, ms, wide, miss, sd)                                                   \
    .max_depth = (depth), .max_nodes = (nodes), .time_ms = (ms), .breadth = (wide), .threads = 1,  \
    .miss_three_pct = (miss), .seed = (sd)

static const Preset PRESETS[AI_PRESET_COUNT] = {
    {"Beginner", {LIMITS(2, 3000, 1000, 8, 45, 0x1234u), .plain_eval = 1}},
    {"Easy", {LIMITS(4, 20000, 1500, 12, 15, 0x2345u)}},
    {"Medium", {LIMITS(6, 120000, 2000, 16, 5, 0x3456u)}},
    {"Hard", {LIMITS(14, 600000, 950, 20, 0, 0)}},
    {"Master", {LIMITS(30, 4000000, 4800, 24, 0, 0)}},
};

AiLimits ai_preset_limits(AiPreset p)
{
    if ((int)p < 0 || p >= AI_PRESET_COUNT) {
        p = AI_PRESET_MEDIUM;
    }
    return PRESETS[p].limits;
}

const char *ai_preset_name(AiPreset p)
{
    if ((int)p < 0 || p >= AI_PRESET_COUNT) {
        return "?";
    }
    return PRESETS[p].name;
}

/* ASCII only, so the answer does not depend on the C locale. */
static int lower_ascii(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

int ai_preset_from_name(const char *name, AiPreset *out)
{
    for (int p = 0; name != NULL && p < AI_PRESET_COUNT; p++) {
        const char *a = name, *b = PRESETS[p].name;
        while (*a != '\0' && lower_ascii((unsigned char)*a) == lower_ascii((unsigned char)*b)) {
            a++;
            b++;
        }
        if (*a == '\0' && *b == '\0') {
            *out = (AiPreset)p;
            return 0;
        }
    }
    return -1;
}
