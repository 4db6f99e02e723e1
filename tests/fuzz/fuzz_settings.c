/*
 * fuzz_settings.c - any bytes through the settings.ini reader.  It never
 * crashes, never reads past the input and always gives settings in range;
 * and settings that load write back what they read: saved unchanged over
 * the file, not a byte of it changes (nothing is written), and saved with
 * some settings changed (which, the input decides), the file reads back as
 * exactly those settings and a second save changes nothing more.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "store/settings.h"
#include "fuzz_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Changes some settings of s, as the bits of h say, to other valid values. */
static void change_some(Settings *s, uint32_t h)
{
    if (h & 1u) {
        s->size = SETTINGS_MIN_SIZE + (int)((h >> 8) % (SETTINGS_MAX_SIZE - SETTINGS_MIN_SIZE + 1));
    }
    if (h & 2u) {
        s->k = RULES_MIN_K + (int)((h >> 12) % (RULES_MAX_K - RULES_MIN_K + 1));
    }
    if (h & 4u) {
        s->rule = (RuleKind)((h >> 16) % 3);
    }
    if (h & 8u) {
        s->mode = (PlayerMode)((h >> 4) % MODE_COUNT);
        s->preset = (AiPreset)((h >> 20) % AI_PRESET_COUNT);
    }
    if (h & 16u) {
        s->has_position = !s->has_position;
        s->window_x = (int)(h % 3000u) - 500;
        s->window_y = (int)((h >> 3) % 2000u) - 300;
    }
    if (h & 32u) {
        static const char *const LANGS[] = {"", "en", "zh"};
        strcpy(s->language, LANGS[(h >> 9) % 3]);
    }
    if (h & 64u) {
        s->sound = !s->sound;
        s->clock = !s->clock;
        s->clock_minutes = 1 + (int)((h >> 7) % 180);
    }
    if (h & 128u) {
        s->window_w = 320 + (int)((h >> 5) % 3000u);
        s->maximized = !s->maximized;
        s->custom = !s->custom;
    }
    settings_sanitize(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    Settings read;
    char msg[1024];
    SettingsStatus st = settings_parse(text, size, &read, msg, sizeof msg);
    Settings copy = read;
    FUZZ_CHECK(settings_sanitize(&copy) == 0, "what is read is in range");
    FUZZ_CHECK(st != SETTINGS_CORRUPT || msg[0] != '\0', "a damaged file says why");
    if (st == SETTINGS_CORRUPT) {
        return 0;
    }
    size_t len = 0;
    char *same = settings_merge(text, size, &read, &len);
    FUZZ_CHECK(same != NULL && len == size && memcmp(same, text, size) == 0,
               "settings saved unchanged write back every byte they were read from");
    free(same);
    if (st != SETTINGS_NEWER) {
        SettingsFile file = {(char *)(uintptr_t)text, size, st};
        bool aside = true;
        char *none = settings_text_for(&file, &read, &len, &aside);
        FUZZ_CHECK(none == NULL && !aside, "unchanged settings are not written at all");
    }

    uint32_t h = 2166136261u;
    for (size_t i = 0; i < size; i++) {
        h = (h ^ data[i]) * 16777619u;
    }
    Settings want = read, back;
    change_some(&want, h);
    char *changed = settings_merge(text, size, &want, &len);
    FUZZ_CHECK(changed != NULL, "changed settings can be saved");
    SettingsStatus st2 = settings_parse(changed, len, &back, msg, sizeof msg);
    FUZZ_CHECK(st2 != SETTINGS_CORRUPT, "a saved file is not damaged");
    FUZZ_CHECK(settings_equal(&back, &want), "a saved file reads back as the settings saved");
    size_t len2 = 0;
    char *again = settings_merge(changed, len, &want, &len2);
    FUZZ_CHECK(again != NULL && len2 == len && memcmp(again, changed, len) == 0,
               "saving the same settings again changes nothing");
    free(again);
    free(changed);

    char *fresh = settings_format(&want, &len);
    FUZZ_CHECK(fresh != NULL && settings_parse(fresh, len, &back, msg, sizeof msg) == SETTINGS_OK &&
                   settings_equal(&back, &want),
               "a new file reads back cleanly as its settings");
    free(fresh);
    return 0;
}
