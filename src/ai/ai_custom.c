/*
 * ai_custom.c - the Custom AI's limits and their text.
 */
#include "ai_custom.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct CustomField {
    const char *key;
    size_t offset;
    int min, max;
} CustomField;

static const CustomField FIELDS[] = {
    {"depth", offsetof(AiCustom, depth), AI_CUSTOM_DEPTH_MIN, AI_CUSTOM_DEPTH_MAX},
    {"breadth", offsetof(AiCustom, breadth), AI_CUSTOM_BREADTH_MIN, AI_CUSTOM_BREADTH_MAX},
    {"time", offsetof(AiCustom, time_ms), AI_CUSTOM_TIME_MIN, AI_CUSTOM_TIME_MAX},
    {"threads", offsetof(AiCustom, threads), 1, AI_CUSTOM_THREADS_MAX},
};
#define FIELD_COUNT ((int)(sizeof FIELDS / sizeof FIELDS[0]))

static int *field(AiCustom *c, int i)
{
    return (int *)(void *)((char *)c + FIELDS[i].offset);
}

AiCustom ai_custom_default(void)
{
    return (AiCustom){6, 12, 2000, 1};
}

AiCustom ai_custom_clamp(AiCustom c)
{
    for (int i = 0; i < FIELD_COUNT; i++) {
        int *v = field(&c, i);
        *v = *v < FIELDS[i].min ? FIELDS[i].min : *v > FIELDS[i].max ? FIELDS[i].max : *v;
    }
    return c;
}

AiLimits ai_custom_limits(AiCustom c)
{
    c = ai_custom_clamp(c);
    return (AiLimits){.max_depth = c.depth,
                      .time_ms = c.time_ms,
                      .breadth = c.breadth,
                      .threads = c.threads,
                      .strict_breadth = 1};
}

/* Reads one "key=value" of len bytes into *c.  Returns 0 or -1 (err set). */
static int parse_pair(const char *p, size_t len, AiCustom *c, char *err, size_t errlen)
{
    const char *eq = memchr(p, '=', len);
    size_t klen = eq != NULL ? (size_t)(eq - p) : len;
    for (int i = 0; eq != NULL && i < FIELD_COUNT; i++) {
        if (strlen(FIELDS[i].key) != klen || strncmp(p, FIELDS[i].key, klen) != 0) {
            continue;
        }
        char num[16] = "", *end = NULL;
        size_t vlen = len - klen - 1;
        if (vlen == 0 || vlen >= sizeof num) {
            break;
        }
        memcpy(num, eq + 1, vlen);
        long v = strtol(num, &end, 10);
        if (*end != '\0' || v < FIELDS[i].min || v > FIELDS[i].max) {
            snprintf(err, errlen, "custom %s must be a whole number from %d to %d, not '%s'",
                     FIELDS[i].key, FIELDS[i].min, FIELDS[i].max, num);
            return -1;
        }
        *field(c, i) = (int)v;
        return 0;
    }
    snprintf(err, errlen, "'%.*s' is not a custom setting (depth=N, breadth=N, time=MS, threads=N)",
             (int)(len > 40 ? 40 : len), p);
    return -1;
}

int ai_custom_parse(const char *text, AiCustom *out, char *err, size_t errlen)
{
    AiCustom c = *out;
    const char *p = text != NULL ? text : "";
    while (*p != '\0') {
        size_t len = strcspn(p, ", ");
        if (len > 0 && parse_pair(p, len, &c, err, errlen) != 0) {
            return -1;
        }
        p += len;
        p += strspn(p, ", ");
    }
    *out = c;
    return 0;
}

char *ai_custom_format(AiCustom c, char out[AI_CUSTOM_TEXT_MAX])
{
    snprintf(out, AI_CUSTOM_TEXT_MAX, "depth=%d,breadth=%d,time=%d,threads=%d", c.depth, c.breadth,
             c.time_ms, c.threads);
    return out;
}
