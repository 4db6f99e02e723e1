/*
 * settings.c - settings.ini: lenient per key, strict about the file as a
 * whole (see settings.h for the policy).
 */
#include "settings.h"

#include "core/attr.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW_POS_LIMIT 100000

static const char *const mode_words[MODE_COUNT] = {"human-black", "computer-black", "two-players",
                                                   "computer-vs-computer"};
static const char *const preset_words[AI_PRESET_COUNT] = {"beginner", "easy", "medium", "hard",
                                                          "master"};
static const char *const rule_words[] = {"freestyle", "exact", "renju"};

void settings_defaults(Settings *s)
{
    if (s == NULL) {
        return;
    }
    memset(s, 0, sizeof *s);
    s->size = 15;
    s->k = 5;
    s->rule = RULE_FREESTYLE;
    s->mode = MODE_HUMAN_BLACK;
    s->preset = AI_PRESET_MEDIUM;
    s->window_w = 1024;
    s->window_h = 768;
    s->has_position = false;
    s->window_x = 0;
    s->window_y = 0;
    s->maximized = false;
    s->fullscreen = false;
    s->language[0] = '\0';
    s->sound = true;
    s->move_numbers = false;
    s->coordinates = true;
    s->analysis = false;
    s->forbidden_marks = true;
    s->clock = false;
    s->clock_minutes = 10;
}

static bool language_valid(const char *lang)
{
    return lang[0] == '\0' || strcmp(lang, "en") == 0 || strcmp(lang, "zh") == 0;
}

int settings_sanitize(Settings *s)
{
    if (s == NULL) {
        return 0;
    }
    Settings d;
    settings_defaults(&d);
    int changed = 0;
#define FIX(cond, field)                                                                           \
    do {                                                                                           \
        if (cond) {                                                                                \
            s->field = d.field;                                                                    \
            changed++;                                                                             \
        }                                                                                          \
    } while (0)
    FIX(s->size < MENU_MIN_SIZE || s->size > MENU_MAX_SIZE, size);
    FIX(s->k < RULES_MIN_K || s->k > RULES_MAX_K, k);
    FIX((int)s->rule < 0 || (int)s->rule > (int)RULE_RENJU, rule);
    if (s->rule == RULE_RENJU && s->k != 5) {
        s->rule = RULE_FREESTYLE;
        changed++;
    }
    FIX((int)s->mode < 0 || (int)s->mode >= (int)MODE_COUNT, mode);
    FIX((int)s->preset < 0 || (int)s->preset >= (int)AI_PRESET_COUNT, preset);
    FIX(s->window_w < SETTINGS_MIN_WINDOW || s->window_w > SETTINGS_MAX_WINDOW, window_w);
    FIX(s->window_h < SETTINGS_MIN_WINDOW || s->window_h > SETTINGS_MAX_WINDOW, window_h);
    if (s->has_position && (s->window_x < -WINDOW_POS_LIMIT || s->window_x > WINDOW_POS_LIMIT ||
                            s->window_y < -WINDOW_POS_LIMIT || s->window_y > WINDOW_POS_LIMIT)) {
        s->has_position = false;
        changed++;
    }
    if (!s->has_position) {
        s->window_x = 0;
        s->window_y = 0;
    }
    s->language[SETTINGS_LANG_MAX - 1] = '\0';
    if (!language_valid(s->language)) {
        s->language[0] = '\0';
        changed++;
    }
    FIX(s->clock_minutes < SETTINGS_MIN_CLOCK_MINUTES ||
            s->clock_minutes > SETTINGS_MAX_CLOCK_MINUTES,
        clock_minutes);
#undef FIX
    return changed;
}

bool settings_equal(const Settings *a, const Settings *b)
{
    if (a == NULL || b == NULL) {
        return a == b;
    }
    return a->size == b->size && a->k == b->k && a->rule == b->rule && a->mode == b->mode &&
           a->preset == b->preset && a->window_w == b->window_w && a->window_h == b->window_h &&
           a->has_position == b->has_position &&
           (!a->has_position || (a->window_x == b->window_x && a->window_y == b->window_y)) &&
           a->maximized == b->maximized && a->fullscreen == b->fullscreen &&
           strncmp(a->language, b->language, SETTINGS_LANG_MAX) == 0 && a->sound == b->sound &&
           a->move_numbers == b->move_numbers && a->coordinates == b->coordinates &&
           a->analysis == b->analysis && a->forbidden_marks == b->forbidden_marks &&
           a->clock == b->clock && a->clock_minutes == b->clock_minutes;
}

MenuOptions settings_menu_options(const Settings *s)
{
    MenuOptions o = menu_default_options();
    if (s != NULL) {
        o.size = s->size;
        o.k = s->k;
        o.rule = s->rule;
        o.mode = s->mode;
        o.preset = s->preset;
    }
    menu_sanitize(&o);
    return o;
}

void settings_set_menu_options(Settings *s, const MenuOptions *opt)
{
    if (s == NULL || opt == NULL) {
        return;
    }
    s->size = opt->size;
    s->k = opt->k;
    s->rule = opt->rule;
    s->mode = opt->mode;
    s->preset = opt->preset;
}

/* ---- parsing ------------------------------------------------------------ */

typedef struct Msg {
    char *p;
    size_t cap;
    size_t len;
    int count;
} Msg;

GOMOKU_PRINTF(2, 3) static void msg_add(Msg *m, const char *fmt, ...)
{
    m->count++;
    if (m->p == NULL || m->cap == 0 || m->len + 1 >= m->cap) {
        return;
    }
    if (m->len > 0) {
        int n = snprintf(m->p + m->len, m->cap - m->len, "; ");
        if (n < 0) {
            return;
        }
        m->len += (size_t)n < m->cap - m->len ? (size_t)n : m->cap - m->len - 1;
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(m->p + m->len, m->cap - m->len, fmt, ap);
    va_end(ap);
    if (n > 0) {
        m->len += (size_t)n < m->cap - m->len ? (size_t)n : m->cap - m->len - 1;
    }
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* Trims blanks from both ends of [*p, *p + *n). */
static void trim(const char **p, size_t *n)
{
    while (*n > 0 && is_blank((*p)[0])) {
        (*p)++;
        (*n)--;
    }
    while (*n > 0 && is_blank((*p)[*n - 1])) {
        (*n)--;
    }
}

static bool word_eq(const char *p, size_t n, const char *w)
{
    size_t wn = strlen(w);
    if (n != wn) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        c = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
        if (c != w[i]) {
            return false;
        }
    }
    return true;
}

static bool parse_int(const char *p, size_t n, long *out)
{
    bool neg = false;
    if (n > 0 && (p[0] == '-' || p[0] == '+')) {
        neg = p[0] == '-';
        p++;
        n--;
    }
    if (n == 0 || n > 9) {
        return false;
    }
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (p[i] < '0' || p[i] > '9') {
            return false;
        }
        v = v * 10 + (p[i] - '0');
    }
    *out = neg ? -v : v;
    return true;
}

static bool parse_bool(const char *p, size_t n, bool *out)
{
    if (word_eq(p, n, "on") || word_eq(p, n, "yes") || word_eq(p, n, "true") ||
        word_eq(p, n, "1")) {
        *out = true;
        return true;
    }
    if (word_eq(p, n, "off") || word_eq(p, n, "no") || word_eq(p, n, "false") ||
        word_eq(p, n, "0")) {
        *out = false;
        return true;
    }
    return false;
}

static int parse_word(const char *p, size_t n, const char *const *words, int count)
{
    for (int i = 0; i < count; i++) {
        if (word_eq(p, n, words[i])) {
            return i;
        }
    }
    return -1;
}

/* Checks the whole text for what makes it garbled rather than merely
 * odd; returns a reason or NULL. */
static const char *garbled(const char *text, size_t len, char *buf, size_t buflen)
{
    if (len == 0) {
        return "the file is empty";
    }
    int line = 1;
    for (size_t i = 0; i < len;) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n') {
            line++;
            i++;
            continue;
        }
        if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f) {
            snprintf(buf, buflen, "line %d contains binary data", line);
            return buf;
        }
        size_t cl = 1;
        if (c >= 0x80) {
            /* Minimal UTF-8 shape check: a lead byte and its continuations. */
            cl = (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
            if (cl == 0 || i + cl > len) {
                snprintf(buf, buflen, "line %d is not valid UTF-8 text", line);
                return buf;
            }
            for (size_t k = 1; k < cl; k++) {
                if (((unsigned char)text[i + k] & 0xc0) != 0x80) {
                    snprintf(buf, buflen, "line %d is not valid UTF-8 text", line);
                    return buf;
                }
            }
        }
        i += cl;
    }
    if (text[len - 1] != '\n') {
        snprintf(buf, buflen, "the file is cut off in line %d", line);
        return buf;
    }
    return NULL;
}

/* Applies one "key = value"; warns (and keeps the default) on a bad value. */
static void apply_key(Settings *s, const char *k, size_t kn, const char *v, size_t vn, int line,
                      Msg *warn)
{
    long n;
    bool b;
    int w;
    char shown[32];
    size_t sn = vn < sizeof shown - 1 ? vn : sizeof shown - 1;
    memcpy(shown, v, sn);
    shown[sn] = '\0';

#define BAD(what)                                                                                  \
    msg_add(warn, "line %d: %s '%s' is not valid, using the default", line, what, shown)
    if (word_eq(k, kn, "size")) {
        if (parse_int(v, vn, &n) && n >= MENU_MIN_SIZE && n <= MENU_MAX_SIZE) {
            s->size = (int)n;
        } else {
            BAD("size");
        }
    } else if (word_eq(k, kn, "k")) {
        if (parse_int(v, vn, &n) && n >= RULES_MIN_K && n <= RULES_MAX_K) {
            s->k = (int)n;
        } else {
            BAD("k");
        }
    } else if (word_eq(k, kn, "rule")) {
        if ((w = parse_word(v, vn, rule_words, 3)) >= 0) {
            s->rule = (RuleKind)w;
        } else {
            BAD("rule");
        }
    } else if (word_eq(k, kn, "mode")) {
        if ((w = parse_word(v, vn, mode_words, MODE_COUNT)) >= 0) {
            s->mode = (PlayerMode)w;
        } else {
            BAD("mode");
        }
    } else if (word_eq(k, kn, "level")) {
        if ((w = parse_word(v, vn, preset_words, AI_PRESET_COUNT)) >= 0) {
            s->preset = (AiPreset)w;
        } else {
            BAD("level");
        }
    } else if (word_eq(k, kn, "window-width")) {
        if (parse_int(v, vn, &n) && n >= SETTINGS_MIN_WINDOW && n <= SETTINGS_MAX_WINDOW) {
            s->window_w = (int)n;
        } else {
            BAD("window-width");
        }
    } else if (word_eq(k, kn, "window-height")) {
        if (parse_int(v, vn, &n) && n >= SETTINGS_MIN_WINDOW && n <= SETTINGS_MAX_WINDOW) {
            s->window_h = (int)n;
        } else {
            BAD("window-height");
        }
    } else if (word_eq(k, kn, "window-x") || word_eq(k, kn, "window-y")) {
        if (parse_int(v, vn, &n) && n >= -WINDOW_POS_LIMIT && n <= WINDOW_POS_LIMIT) {
            if ((k[7] | 0x20) == 'x') {
                s->window_x = (int)n;
            } else {
                s->window_y = (int)n;
            }
        } else {
            BAD((k[7] | 0x20) == 'x' ? "window-x" : "window-y");
        }
    } else if (word_eq(k, kn, "language")) {
        if (word_eq(v, vn, "en") || word_eq(v, vn, "zh")) {
            s->language[0] = (char)(v[0] | 0x20);
            s->language[1] = (char)(v[1] | 0x20);
            s->language[2] = '\0';
        } else if (word_eq(v, vn, "system") || vn == 0) {
            s->language[0] = '\0';
        } else {
            BAD("language");
        }
    } else {
        static const char *const bool_keys[] = {"maximized",       "fullscreen",  "sound",
                                                "move-numbers",    "coordinates", "analysis",
                                                "forbidden-marks", "clock"};
        bool *const fields[] = {&s->maximized,       &s->fullscreen,  &s->sound,
                                &s->move_numbers,    &s->coordinates, &s->analysis,
                                &s->forbidden_marks, &s->clock};
        for (size_t i = 0; i < sizeof bool_keys / sizeof bool_keys[0]; i++) {
            if (word_eq(k, kn, bool_keys[i])) {
                if (parse_bool(v, vn, &b)) {
                    *fields[i] = b;
                } else {
                    BAD(bool_keys[i]);
                }
                return;
            }
        }
        if (word_eq(k, kn, "clock-minutes")) {
            if (parse_int(v, vn, &n) && n >= SETTINGS_MIN_CLOCK_MINUTES &&
                n <= SETTINGS_MAX_CLOCK_MINUTES) {
                s->clock_minutes = (int)n;
            } else {
                BAD("clock-minutes");
            }
        }
        /* Anything else: a key from a newer version, ignored on purpose. */
    }
#undef BAD
}

SettingsStatus settings_parse(const char *text, size_t len, Settings *out, char *msg, size_t msglen)
{
    if (msg != NULL && msglen > 0) {
        msg[0] = '\0';
    }
    if (out == NULL) {
        return SETTINGS_CORRUPT;
    }
    settings_defaults(out);
    char why[128];
    const char *bad = text == NULL ? "the file is empty" : garbled(text, len, why, sizeof why);
    if (bad != NULL) {
        if (msg != NULL && msglen > 0) {
            snprintf(msg, msglen, "settings.ini is damaged (%s); using the default settings", bad);
        }
        return SETTINGS_CORRUPT;
    }
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
        text += 3;
        len -= 3;
    }
    Msg warn = {msg, msglen, 0, 0};
    Settings s;
    settings_defaults(&s);
    bool have_header = false;
    bool have_x = false, have_y = false;
    int line = 0;
    size_t pos = 0;
    while (pos < len) {
        line++;
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl == NULL ? len : (size_t)(nl - text);
        const char *p = text + pos;
        size_t n = end - pos;
        pos = end + 1;
        trim(&p, &n);
        if (n == 0 || p[0] == '#' || p[0] == ';') {
            continue;
        }
        if (!have_header) {
            long ver;
            if (n > 16 && memcmp(p, "gomoku-settings", 15) == 0 && is_blank(p[15])) {
                const char *v = p + 16;
                size_t vn = n - 16;
                trim(&v, &vn);
                if (parse_int(v, vn, &ver) && ver >= 1) {
                    if (ver > SETTINGS_FORMAT_VERSION) {
                        msg_add(&warn, "settings.ini is from a newer version (%ld)", ver);
                    }
                    have_header = true;
                    continue;
                }
            }
            settings_defaults(out);
            if (msg != NULL && msglen > 0) {
                snprintf(msg, msglen,
                         "settings.ini is damaged (line %d: expected 'gomoku-settings %d'); "
                         "using the default settings",
                         line, SETTINGS_FORMAT_VERSION);
            }
            return SETTINGS_CORRUPT;
        }
        const char *eq = memchr(p, '=', n);
        if (eq == NULL) {
            settings_defaults(out);
            if (msg != NULL && msglen > 0) {
                snprintf(msg, msglen,
                         "settings.ini is damaged (line %d is not 'key = value'); "
                         "using the default settings",
                         line);
            }
            return SETTINGS_CORRUPT;
        }
        const char *k = p;
        size_t kn = (size_t)(eq - p);
        const char *v = eq + 1;
        size_t vn = n - kn - 1;
        trim(&k, &kn);
        trim(&v, &vn);
        /* A trailing comment after the value. */
        for (size_t i = 0; i < vn; i++) {
            if (v[i] == '#' && (i == 0 || is_blank(v[i - 1]))) {
                vn = i;
                trim(&v, &vn);
                break;
            }
        }
        if (word_eq(k, kn, "window-x")) {
            have_x = true;
        } else if (word_eq(k, kn, "window-y")) {
            have_y = true;
        }
        apply_key(&s, k, kn, v, vn, line, &warn);
    }
    if (!have_header) {
        settings_defaults(out);
        if (msg != NULL && msglen > 0) {
            snprintf(msg, msglen,
                     "settings.ini is damaged (no 'gomoku-settings' line); using the default "
                     "settings");
        }
        return SETTINGS_CORRUPT;
    }
    s.has_position = have_x && have_y;
    if (s.rule == RULE_RENJU && s.k != 5) {
        msg_add(&warn, "renju needs five in a row; using freestyle");
        s.rule = RULE_FREESTYLE;
    }
    if (settings_sanitize(&s) > 0) {
        msg_add(&warn, "some values were out of range and were reset");
    }
    *out = s;
    return warn.count > 0 ? SETTINGS_WARNINGS : SETTINGS_OK;
}

char *settings_format(const Settings *in, size_t *len)
{
    if (len != NULL) {
        *len = 0;
    }
    if (in == NULL) {
        return NULL;
    }
    Settings s = *in;
    settings_sanitize(&s);
    size_t cap = 2048;
    char *buf = malloc(cap);
    if (buf == NULL) {
        return NULL;
    }
    char pos[96] = "";
    if (s.has_position) {
        snprintf(pos, sizeof pos, "window-x = %d\nwindow-y = %d\n", s.window_x, s.window_y);
    }
    int n =
        snprintf(buf, cap,
                 "# Gomoku settings (see docs/file-format.md).  Unknown keys are ignored;\n"
                 "# a bad value falls back to its default.\n"
                 "gomoku-settings %d\n"
                 "size = %d\n"
                 "k = %d\n"
                 "rule = %s  # freestyle | exact | renju\n"
                 "mode = %s  # human-black | computer-black | two-players | computer-vs-computer\n"
                 "level = %s  # beginner | easy | medium | hard | master\n"
                 "window-width = %d\n"
                 "window-height = %d\n"
                 "%s"
                 "maximized = %s\n"
                 "fullscreen = %s\n"
                 "language = %s  # en | zh | system\n"
                 "sound = %s\n"
                 "move-numbers = %s\n"
                 "coordinates = %s\n"
                 "analysis = %s\n"
                 "forbidden-marks = %s\n"
                 "clock = %s\n"
                 "clock-minutes = %d\n",
                 SETTINGS_FORMAT_VERSION, s.size, s.k, rule_words[s.rule], mode_words[s.mode],
                 preset_words[s.preset], s.window_w, s.window_h, pos, s.maximized ? "on" : "off",
                 s.fullscreen ? "on" : "off", s.language[0] != '\0' ? s.language : "system",
                 s.sound ? "on" : "off", s.move_numbers ? "on" : "off",
                 s.coordinates ? "on" : "off", s.analysis ? "on" : "off",
                 s.forbidden_marks ? "on" : "off", s.clock ? "on" : "off", s.clock_minutes);
    if (n < 0 || (size_t)n >= cap) {
        free(buf);
        return NULL;
    }
    if (len != NULL) {
        *len = (size_t)n;
    }
    return buf;
}

SettingsStatus settings_load(const Storage *st, Settings *out, char *msg, size_t msglen)
{
    if (msg != NULL && msglen > 0) {
        msg[0] = '\0';
    }
    if (out == NULL) {
        return SETTINGS_ERR_IO;
    }
    settings_defaults(out);
    char path[STORAGE_PATH_MAX];
    if (st == NULL || storage_path(st, STORAGE_SETTINGS_FILE, path, sizeof path) != STORAGE_OK) {
        if (msg != NULL && msglen > 0) {
            snprintf(msg, msglen, "no data folder; using the default settings");
        }
        return SETTINGS_ERR_IO;
    }
    char *text = NULL;
    size_t len = 0;
    char err[STORAGE_PATH_MAX + 128];
    StorageStatus rs = storage_read_file(path, 64 * 1024, &text, &len, err, sizeof err);
    if (rs == STORAGE_ERR_NOT_FOUND) {
        return SETTINGS_MISSING;
    }
    if (rs == STORAGE_ERR_TOO_BIG) {
        if (msg != NULL && msglen > 0) {
            snprintf(msg, msglen,
                     "settings.ini is damaged (far too large); using the default "
                     "settings");
        }
        return SETTINGS_CORRUPT;
    }
    if (rs != STORAGE_OK) {
        if (msg != NULL && msglen > 0) {
            snprintf(msg, msglen, "%s; using the default settings", err);
        }
        return SETTINGS_ERR_IO;
    }
    SettingsStatus s = settings_parse(text, len, out, msg, msglen);
    free(text);
    return s;
}

SettingsStatus settings_save(const Storage *st, const Settings *s, char *msg, size_t msglen)
{
    if (msg != NULL && msglen > 0) {
        msg[0] = '\0';
    }
    char path[STORAGE_PATH_MAX];
    if (st == NULL || s == NULL ||
        storage_path(st, STORAGE_SETTINGS_FILE, path, sizeof path) != STORAGE_OK) {
        if (msg != NULL && msglen > 0) {
            snprintf(msg, msglen, "no data folder to save the settings in");
        }
        return SETTINGS_ERR_IO;
    }
    size_t len = 0;
    char *text = settings_format(s, &len);
    if (text == NULL) {
        if (msg != NULL && msglen > 0) {
            snprintf(msg, msglen, "out of memory saving the settings");
        }
        return SETTINGS_ERR_IO;
    }
    StorageStatus rs = storage_write_atomic(path, text, len, msg, msglen);
    free(text);
    return rs == STORAGE_OK ? SETTINGS_OK : SETTINGS_ERR_IO;
}
