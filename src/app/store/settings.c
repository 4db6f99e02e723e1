/*
 * settings.c - settings.ini: lenient per key, strict about the file as a
 * whole (see settings.h for the policy).
 *
 * One table, KEYS, says everything about a key: its name in the file, its
 * type and range (or words), its default, where it lives in Settings and
 * the comment written after it.  Defaults, parsing, writing, sanitizing and
 * comparing all walk that table, so a new setting is one row in it.
 */
#include "store/settings.h"

#include "core/attr.h"
#include "core/err.h"
#include "core/scan.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW_POS_LIMIT   100000
#define SETTINGS_MAX_BYTES (64 * 1024)

typedef enum KeyType {
    KEY_INT = 0, /* an int within [min, max] */
    KEY_BOOL,    /* on/off (yes/no, true/false, 1/0) */
    KEY_WORD,    /* one of words[], stored as its index in an enum field */
    KEY_LANG,    /* "en", "zh" or "system" (stored as "") */
    KEY_POS      /* a window coordinate: kept only when both x and y are given */
} KeyType;

typedef struct Key {
    const char *name;
    KeyType type;
    size_t offset; /* of the field in Settings */
    int min, max;  /* KEY_INT, KEY_POS: the range */
    const char *const *words;
    int nwords;
    int def;             /* KEY_INT, KEY_BOOL, KEY_WORD, KEY_POS */
    const char *comment; /* written after the value, or NULL */
} Key;

static const char *const OPENING_WORDS[] = {"standard", "swap", "swap2"};
static const char *const MODE_WORDS[MODE_COUNT] = {"human-black", "computer-black", "two-players",
                                                   "computer-vs-computer"};
static const char *const PRESET_WORDS[AI_PRESET_COUNT] = {"beginner", "easy", "medium", "hard",
                                                          "master"};

#define F(field) offsetof(Settings, field)
#define WORDS(w) w, (int)(sizeof w / sizeof w[0])

/* clang-format off */
static const Key KEYS[] = {
    {"size",            KEY_INT,  F(size),            SETTINGS_MIN_SIZE, SETTINGS_MAX_SIZE, NULL, 0, 15, NULL},
    {"k",               KEY_INT,  F(k),               RULES_MIN_K, RULES_MAX_K, NULL, 0, 5, NULL},
    {"rule",            KEY_WORD, F(rule),            0, 0, WORDS(RULES_KIND_WORDS), RULE_FREESTYLE, "freestyle | exact | renju"},
    {"opening",         KEY_WORD, F(opening),         0, 0, WORDS(OPENING_WORDS), RECORD_OPENING_STANDARD, "standard | swap | swap2 (five in a row)"},
    {"mode",            KEY_WORD, F(mode),            0, 0, WORDS(MODE_WORDS), MODE_HUMAN_BLACK,
     "human-black | computer-black | two-players | computer-vs-computer"},
    {"level",           KEY_WORD, F(preset),          0, 0, WORDS(PRESET_WORDS), AI_PRESET_MEDIUM,
     "beginner | easy | medium | hard | master"},
    {"custom-ai",       KEY_BOOL, F(custom),          0, 0, NULL, 0, false, "play the Custom AI below instead of level"},
    {"custom-depth",    KEY_INT,  F(custom_depth),    AI_CUSTOM_DEPTH_MIN, AI_CUSTOM_DEPTH_MAX, NULL, 0, 6, "plies"},
    {"custom-breadth",  KEY_INT,  F(custom_breadth),  AI_CUSTOM_BREADTH_MIN, AI_CUSTOM_BREADTH_MAX, NULL, 0, 12, "moves searched at a node"},
    {"custom-time-ms",  KEY_INT,  F(custom_time_ms),  AI_CUSTOM_TIME_MIN, AI_CUSTOM_TIME_MAX, NULL, 0, 2000, "a move"},
    {"custom-threads",  KEY_INT,  F(custom_threads),  1, AI_CUSTOM_THREADS_MAX, NULL, 0, 1, NULL},
    {"window-width",    KEY_INT,  F(window_w),        SETTINGS_MIN_WINDOW, SETTINGS_MAX_WINDOW, NULL, 0, SETTINGS_DEFAULT_WINDOW_W, NULL},
    {"window-height",   KEY_INT,  F(window_h),        SETTINGS_MIN_WINDOW, SETTINGS_MAX_WINDOW, NULL, 0, SETTINGS_DEFAULT_WINDOW_H, NULL},
    {"window-x",        KEY_POS,  F(window_x),        -WINDOW_POS_LIMIT, WINDOW_POS_LIMIT, NULL, 0, 0, NULL},
    {"window-y",        KEY_POS,  F(window_y),        -WINDOW_POS_LIMIT, WINDOW_POS_LIMIT, NULL, 0, 0, NULL},
    {"maximized",       KEY_BOOL, F(maximized),       0, 0, NULL, 0, false, NULL},
    {"fullscreen",      KEY_BOOL, F(fullscreen),      0, 0, NULL, 0, false, NULL},
    {"language",        KEY_LANG, F(language),        0, 0, NULL, 0, 0, "en | zh | system"},
    {"sound",           KEY_BOOL, F(sound),           0, 0, NULL, 0, true, NULL},
    {"move-numbers",    KEY_BOOL, F(move_numbers),    0, 0, NULL, 0, false, NULL},
    {"coordinates",     KEY_BOOL, F(coordinates),     0, 0, NULL, 0, true, NULL},
    {"analysis",        KEY_BOOL, F(analysis),        0, 0, NULL, 0, false, NULL},
    {"forbidden-marks", KEY_BOOL, F(forbidden_marks), 0, 0, NULL, 0, true, NULL},
    {"clock",           KEY_BOOL, F(clock),           0, 0, NULL, 0, false, NULL},
    {"clock-minutes",   KEY_INT,  F(clock_minutes),   SETTINGS_MIN_CLOCK_MINUTES, SETTINGS_MAX_CLOCK_MINUTES, NULL, 0, 10, NULL},
};
/* clang-format on */
#define KEY_COUNT ((int)(sizeof KEYS / sizeof KEYS[0]))

/* Enum fields are read and written as int. */
_Static_assert(sizeof(RuleKind) == sizeof(int) && sizeof(PlayerMode) == sizeof(int) &&
                   sizeof(AiPreset) == sizeof(int) && sizeof(RecordOpening) == sizeof(int),
               "settings keep enums as int");

static int *int_of(Settings *s, const Key *k)
{
    return (int *)(void *)((char *)s + k->offset);
}

static const int *cint_of(const Settings *s, const Key *k)
{
    return (const int *)(const void *)((const char *)s + k->offset);
}

static bool *bool_of(Settings *s, const Key *k)
{
    return (bool *)(void *)((char *)s + k->offset);
}

static bool cbool_of(const Settings *s, const Key *k)
{
    return *(const bool *)(const void *)((const char *)s + k->offset);
}

static const Key *find_key(ScanSpan name)
{
    for (int i = 0; i < KEY_COUNT; i++) {
        if (scan_eq_nocase(name, KEYS[i].name)) {
            return &KEYS[i];
        }
    }
    return NULL;
}

/* ---- defaults, ranges, comparing ---------------------------------------- */

void settings_defaults(Settings *s)
{
    if (s == NULL) {
        return;
    }
    memset(s, 0, sizeof *s);
    for (int i = 0; i < KEY_COUNT; i++) {
        const Key *k = &KEYS[i];
        if (k->type == KEY_BOOL) {
            *bool_of(s, k) = k->def != 0;
        } else if (k->type != KEY_LANG) {
            *int_of(s, k) = k->def;
        }
    }
    s->has_position = false;
    s->language[0] = '\0';
}

static bool language_valid(const char *lang)
{
    return lang[0] == '\0' || strcmp(lang, "en") == 0 || strcmp(lang, "zh") == 0;
}

/* Puts one key back to its default when out of range; returns 1 if it did. */
static int sanitize_key(Settings *s, const Key *k)
{
    int *v = int_of(s, k);
    switch (k->type) {
    case KEY_INT:
        if (*v < k->min || *v > k->max) {
            *v = k->def;
            return 1;
        }
        return 0;
    case KEY_WORD:
        if (*v < 0 || *v >= k->nwords) {
            *v = k->def;
            return 1;
        }
        return 0;
    case KEY_LANG:
        s->language[SETTINGS_LANG_MAX - 1] = '\0';
        if (!language_valid(s->language)) {
            s->language[0] = '\0';
            return 1;
        }
        return 0;
    default: return 0;
    }
}

/* A place on the screen is kept only whole and on a sane desktop. */
static int sanitize_position(Settings *s)
{
    int changed = 0;
    if (s->has_position && (s->window_x < -WINDOW_POS_LIMIT || s->window_x > WINDOW_POS_LIMIT ||
                            s->window_y < -WINDOW_POS_LIMIT || s->window_y > WINDOW_POS_LIMIT)) {
        s->has_position = false;
        changed++;
    }
    if (!s->has_position) {
        s->window_x = 0;
        s->window_y = 0;
    }
    return changed;
}

int settings_sanitize(Settings *s)
{
    if (s == NULL) {
        return 0;
    }
    int changed = 0;
    for (int i = 0; i < KEY_COUNT; i++) {
        changed += sanitize_key(s, &KEYS[i]);
        if (strcmp(KEYS[i].name, "rule") == 0 && s->rule == RULE_RENJU && s->k != 5) {
            /* Renju is defined for five only. */
            s->rule = RULE_FREESTYLE;
            changed++;
        }
    }
    return changed + sanitize_position(s);
}

static bool key_equal(const Settings *a, const Settings *b, const Key *k)
{
    switch (k->type) {
    case KEY_BOOL: return cbool_of(a, k) == cbool_of(b, k);
    case KEY_LANG: return strncmp(a->language, b->language, SETTINGS_LANG_MAX) == 0;
    case KEY_POS: return !a->has_position || *cint_of(a, k) == *cint_of(b, k);
    default: return *cint_of(a, k) == *cint_of(b, k);
    }
}

bool settings_equal(const Settings *a, const Settings *b)
{
    if (a == NULL || b == NULL) {
        return a == b;
    }
    if (a->has_position != b->has_position) {
        return false;
    }
    for (int i = 0; i < KEY_COUNT; i++) {
        if (!key_equal(a, b, &KEYS[i])) {
            return false;
        }
    }
    return true;
}

SessionSetup settings_setup(const Settings *s)
{
    Settings c = *s;
    settings_sanitize(&c);
    SessionSetup st = {c.size,
                       {c.rule, c.k},
                       c.mode,
                       c.preset,
                       c.clock ? c.clock_minutes : 0,
                       c.custom,
                       {c.custom_depth, c.custom_breadth, c.custom_time_ms, c.custom_threads},
                       c.opening};
    session_sanitize_setup(&st); /* swap openings need five in a row */
    return st;
}

/* ---- messages ----------------------------------------------------------- */

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

/* ---- parsing ------------------------------------------------------------ */

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
        size_t cl = scan_utf8_len((const unsigned char *)text + i, len - i);
        if (cl == 0) {
            snprintf(buf, buflen, "line %d is not valid UTF-8 text", line);
            return buf;
        }
        i += cl;
    }
    if (text[len - 1] != '\n') {
        snprintf(buf, buflen, "the file is cut off in line %d", line);
        return buf;
    }
    return NULL;
}

static bool parse_bool(ScanSpan v, bool *out)
{
    static const char *const ON[] = {"on", "yes", "true", "1"};
    static const char *const OFF[] = {"off", "no", "false", "0"};
    if (scan_word(v, ON, 4) >= 0) {
        *out = true;
        return true;
    }
    if (scan_word(v, OFF, 4) >= 0) {
        *out = false;
        return true;
    }
    return false;
}

/* Reads v into s's field for k.  Returns false for a bad value. */
static bool apply_value(Settings *s, const Key *k, ScanSpan v)
{
    int64_t n;
    int w;
    switch (k->type) {
    case KEY_INT:
    case KEY_POS:
        if (!scan_int(v, 999999999, &n) || n < k->min || n > k->max) {
            return false;
        }
        *int_of(s, k) = (int)n;
        return true;
    case KEY_BOOL: return parse_bool(v, bool_of(s, k));
    case KEY_WORD:
        if ((w = scan_word(v, k->words, k->nwords)) < 0) {
            return false;
        }
        *int_of(s, k) = w;
        return true;
    case KEY_LANG:
        if (scan_eq_nocase(v, "en") || scan_eq_nocase(v, "zh")) {
            s->language[0] = (char)(v.p[0] | 0x20);
            s->language[1] = (char)(v.p[1] | 0x20);
            s->language[2] = '\0';
        } else if (scan_eq_nocase(v, "system") || v.n == 0) {
            s->language[0] = '\0';
        } else {
            return false;
        }
        return true;
    }
    return false;
}

/* Where the parse of a file stands. */
typedef struct Reader {
    Settings s;
    Msg warn;
    int line;
    bool have_header, have_x, have_y;
    long newer;         /* the version a newer game's file says it is; 0: not newer */
    const char *damage; /* why the file as a whole is not settings, or NULL */
    char why[128];
} Reader;

/* Reads the "gomoku-settings N" line; sets r->damage when it is not one. */
static void read_header(Reader *r, ScanSpan line)
{
    ScanSpan rest = line;
    ScanSpan word = scan_token(&rest);
    int64_t ver;
    if (scan_eq(word, "gomoku-settings") && rest.n > 0 && scan_is_blank(rest.p[0]) &&
        scan_int(scan_trim(rest), 999999999, &ver) && ver >= 1) {
        if (ver > SETTINGS_FORMAT_VERSION) {
            r->newer = (long)ver;
        }
        r->have_header = true;
        return;
    }
    snprintf(r->why, sizeof r->why, "line %d: expected 'gomoku-settings %d'", r->line,
             SETTINGS_FORMAT_VERSION);
    r->damage = r->why;
}

/* One "key = value" line; a bad value keeps the default, with a warning. */
static void read_key(Reader *r, ScanSpan line)
{
    ScanSpan name, value;
    if (!scan_split(line, '=', &name, &value)) {
        snprintf(r->why, sizeof r->why, "line %d is not 'key = value'", r->line);
        r->damage = r->why;
        return;
    }
    value = scan_strip_comment(value, '#');
    const Key *k = find_key(name);
    int64_t ver;
    if (k == NULL && scan_eq_nocase(name, "version")) {
        /* Not a key of ours: a later format may say its version this way. */
        if (scan_int(value, 999999999, &ver) && ver > SETTINGS_FORMAT_VERSION) {
            r->newer = (long)ver;
        }
        return;
    }
    if (k == NULL) {
        return; /* a key of a newer game: not read, but kept when the file is saved */
    }
    if (k->type == KEY_POS) {
        bool x = strcmp(k->name, "window-x") == 0;
        r->have_x = r->have_x || x;
        r->have_y = r->have_y || !x;
    }
    if (!apply_value(&r->s, k, value)) {
        char shown[32];
        size_t sn = value.n < sizeof shown - 1 ? value.n : sizeof shown - 1;
        memcpy(shown, value.p, sn);
        shown[sn] = '\0';
        msg_add(&r->warn, "line %d: %s '%s' is not valid, using the default", r->line, k->name,
                shown);
    }
}

/* Reads every line into r (stops at the first sign of damage). */
static void read_lines(Reader *r, const char *text, size_t len)
{
    size_t pos = 0;
    ScanSpan line;
    while (r->damage == NULL && scan_next_line(text, len, &pos, &line)) {
        r->line++;
        line = scan_trim(line);
        if (line.n == 0 || line.p[0] == '#' || line.p[0] == ';') {
            continue;
        }
        if (!r->have_header) {
            read_header(r, line);
        } else {
            read_key(r, line);
        }
    }
    if (r->damage == NULL && !r->have_header) {
        r->damage = "no 'gomoku-settings' line";
    }
}

SettingsStatus settings_parse(const char *text, size_t len, Settings *out, char *msg, size_t msglen)
{
    err_set(msg, msglen, "%s", "");
    if (out == NULL) {
        return SETTINGS_CORRUPT;
    }
    settings_defaults(out);
    Reader r;
    memset(&r, 0, sizeof r);
    r.damage = text == NULL ? "the file is empty" : garbled(text, len, r.why, sizeof r.why);
    if (r.damage == NULL) {
        if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
            text += 3;
            len -= 3;
        }
        r.warn = (Msg){msg, msglen, 0, 0};
        settings_defaults(&r.s);
        read_lines(&r, text, len);
    }
    if (r.damage != NULL) {
        err_set(msg, msglen, "settings.ini is damaged (%s); using the default settings", r.damage);
        return SETTINGS_CORRUPT;
    }
    r.s.has_position = r.have_x && r.have_y;
    if (r.s.rule == RULE_RENJU && r.s.k != 5) {
        msg_add(&r.warn, "renju needs five in a row; using freestyle");
        r.s.rule = RULE_FREESTYLE;
    }
    if (settings_sanitize(&r.s) > 0) {
        msg_add(&r.warn, "some values were out of range and were reset");
    }
    *out = r.s;
    if (r.newer > 0) {
        char warnings[512];
        snprintf(warnings, sizeof warnings, "%s", msg != NULL ? msg : "");
        err_set(msg, msglen,
                "settings.ini is from a newer version of Gomoku (settings version %ld); it is "
                "read as far as this version understands it and is not changed%s%s",
                r.newer, warnings[0] != '\0' ? "; " : "", warnings);
        return SETTINGS_NEWER;
    }
    return r.warn.count > 0 ? SETTINGS_WARNINGS : SETTINGS_OK;
}

/* ---- writing ------------------------------------------------------------ */

/* Writes the value of key k in s (sanitized) as the file spells it. */
static void format_value(const Settings *s, const Key *k, char *value, size_t cap)
{
    switch (k->type) {
    case KEY_BOOL: snprintf(value, cap, "%s", cbool_of(s, k) ? "on" : "off"); break;
    case KEY_WORD: snprintf(value, cap, "%s", k->words[*cint_of(s, k)]); break;
    case KEY_LANG:
        snprintf(value, cap, "%s", s->language[0] != '\0' ? s->language : "system");
        break;
    default: snprintf(value, cap, "%d", *cint_of(s, k)); break;
    }
}

/* Writes one key's line, ending in eol ("" for a window position the
 * settings lack). */
static int format_key(const Settings *s, const Key *k, const char *eol, char *buf, size_t cap)
{
    char value[SETTINGS_LANG_MAX + 16];
    if (k->type == KEY_POS && !s->has_position) {
        buf[0] = '\0';
        return 0;
    }
    format_value(s, k, value, sizeof value);
    if (k->comment != NULL) {
        return snprintf(buf, cap, "%s = %s  # %s%s", k->name, value, k->comment, eol);
    }
    return snprintf(buf, cap, "%s = %s%s", k->name, value, eol);
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
    int n = snprintf(buf, cap,
                     "# Gomoku settings (see docs/file-format.md).  Unknown keys are ignored;\n"
                     "# a bad value falls back to its default.\n"
                     "gomoku-settings %d\n",
                     SETTINGS_FORMAT_VERSION);
    for (int i = 0; i < KEY_COUNT && n >= 0 && (size_t)n < cap; i++) {
        int w = format_key(&s, &KEYS[i], "\n", buf + n, cap - (size_t)n);
        n = w < 0 ? -1 : n + w;
    }
    if (n < 0 || (size_t)n >= cap) {
        free(buf);
        return NULL;
    }
    if (len != NULL) {
        *len = (size_t)n;
    }
    return buf;
}

/* ---- writing over the file as it was ------------------------------------ */

/* A growing output text. */
typedef struct Out {
    char *p;
    size_t len, cap;
    bool failed;
} Out;

static void out_add(Out *o, const char *p, size_t n)
{
    if (o->failed || n == 0) {
        return;
    }
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap == 0 ? 2048 : o->cap;
        while (o->len + n + 1 > cap) {
            cap *= 2;
        }
        char *q = realloc(o->p, cap);
        if (q == NULL) {
            o->failed = true;
            return;
        }
        o->p = q;
        o->cap = cap;
    }
    memcpy(o->p + o->len, p, n);
    o->len += n;
    o->p[o->len] = '\0';
}

/* Whether key k reads the same in a (what a file gives) and b (what is
 * wanted).  A window position counts only as a whole. */
static bool value_same(const Settings *a, const Settings *b, const Key *k)
{
    if (k->type == KEY_POS) {
        return a->has_position == b->has_position &&
               (!b->has_position || *cint_of(a, k) == *cint_of(b, k));
    }
    return key_equal(a, b, k);
}

/* The line of a file as settings_merge walks it: where the value of a
 * "key = value" line is (value.p NULL for other lines). */
typedef struct MergeLine {
    ScanSpan line;  /* without its line end */
    size_t end;     /* offset just past its line end */
    const Key *key; /* NULL: not a line of one of our keys */
    ScanSpan value;
} MergeLine;

/* Takes the next line of text after the header, like the reader; false
 * at the end. */
static bool merge_next(const char *text, size_t len, size_t *pos, bool *header, MergeLine *m)
{
    if (!scan_next_line(text, len, pos, &m->line)) {
        return false;
    }
    m->end = *pos < len ? *pos : len;
    m->key = NULL;
    m->value = (ScanSpan){NULL, 0};
    ScanSpan t = scan_trim(m->line), name, value;
    if (t.n == 0 || t.p[0] == '#' || t.p[0] == ';') {
        return true;
    }
    if (!*header) {
        *header = true; /* the "gomoku-settings N" line */
        return true;
    }
    if (scan_split(t, '=', &name, &value)) {
        m->key = find_key(name);
        m->value = scan_strip_comment(value, '#');
    }
    return true;
}

/* old with the last line of every key in change[] given s's value (a
 * window position s lacks: its lines dropped) and the lines of changed
 * keys old lacks added at the end, in its line ends. */
static char *merge_once(const char *old, size_t len, const Settings *s, const bool *change,
                        size_t *outlen)
{
    size_t start = len >= 3 && memcmp(old, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    size_t last[KEY_COUNT];
    bool seen[KEY_COUNT] = {false}, header = false;
    MergeLine m;
    for (size_t pos = start; merge_next(old, len, &pos, &header, &m);) {
        if (m.key != NULL) {
            last[m.key - KEYS] = (size_t)(m.line.p - old);
            seen[m.key - KEYS] = true;
        }
    }
    const char *eol = memchr(old, '\n', len) != NULL && memchr(old, '\n', len) != old &&
                              ((const char *)memchr(old, '\n', len))[-1] == '\r'
                          ? "\r\n"
                          : "\n";
    Out o = {0};
    out_add(&o, old, start);
    header = false;
    for (size_t pos = start, from = start; merge_next(old, len, &pos, &header, &m); from = m.end) {
        int i = m.key != NULL ? (int)(m.key - KEYS) : -1;
        bool here = i >= 0 && change[i] && last[i] == (size_t)(m.line.p - old);
        if (i >= 0 && change[i] && m.key->type == KEY_POS && !s->has_position) {
            continue; /* every line of a position the settings no longer have */
        }
        if (!here) {
            out_add(&o, old + from, m.end - from);
            continue;
        }
        char value[SETTINGS_LANG_MAX + 16];
        format_value(s, m.key, value, sizeof value);
        const char *after = m.value.p + m.value.n;
        out_add(&o, old + from, (size_t)(m.value.p - (old + from)));
        out_add(&o, value, strlen(value));
        if (m.value.n == 0 && after < old + len && !scan_is_blank(*after)) {
            out_add(&o, " ", 1); /* "key =# note": the note stays a comment */
        }
        out_add(&o, after, (size_t)(old + m.end - after));
    }
    for (int i = 0; i < KEY_COUNT; i++) {
        char line[256];
        if (change[i] && !seen[i] && format_key(s, &KEYS[i], eol, line, sizeof line) > 0) {
            out_add(&o, line, strlen(line));
        }
    }
    if (o.failed || o.p == NULL) {
        free(o.p);
        return o.failed ? NULL : settings_format(s, outlen);
    }
    if (outlen != NULL) {
        *outlen = o.len;
    }
    return o.p;
}

char *settings_merge(const char *old, size_t old_len, const Settings *in, size_t *len)
{
    if (len != NULL) {
        *len = 0;
    }
    if (in == NULL) {
        return NULL;
    }
    Settings s = *in, base;
    settings_sanitize(&s);
    if (old == NULL || settings_parse(old, old_len, &base, NULL, 0) == SETTINGS_CORRUPT) {
        return settings_format(&s, len);
    }
    bool change[KEY_COUNT];
    for (int i = 0; i < KEY_COUNT; i++) {
        change[i] = !value_same(&base, &s, &KEYS[i]);
    }
    /* A line left as it was may read differently beside a changed one
     * ("rule = renju" kept beside a k that becomes 5): such keys are
     * written too, until the text reads back as s. */
    for (int round = 0; round < 4; round++) {
        size_t n = 0;
        char *text = merge_once(old, old_len, &s, change, &n);
        if (text == NULL) {
            return NULL;
        }
        Settings got;
        bool again = false;
        if (settings_parse(text, n, &got, NULL, 0) != SETTINGS_CORRUPT) {
            for (int i = 0; i < KEY_COUNT; i++) {
                if (!value_same(&got, &s, &KEYS[i]) && !change[i]) {
                    change[i] = again = true;
                }
            }
            if (!again && settings_equal(&got, &s)) {
                if (len != NULL) {
                    *len = n;
                }
                return text;
            }
        }
        free(text);
        if (!again) {
            break;
        }
    }
    return settings_format(&s, len); /* never seen: a fresh file reads back right */
}

char *settings_text_for(const SettingsFile *file, const Settings *s, size_t *len, bool *aside_first)
{
    *aside_first = false;
    if (file == NULL || file->text == NULL || file->status == SETTINGS_MISSING) {
        return settings_format(s, len);
    }
    switch (file->status) {
    case SETTINGS_NEWER:
    case SETTINGS_ERR_IO: return NULL; /* never over what could not be read whole */
    case SETTINGS_CORRUPT: *aside_first = true; return settings_format(s, len);
    default: break;
    }
    size_t n = 0;
    char *text = settings_merge(file->text, file->len, s, &n);
    if (text != NULL && n == file->len && memcmp(text, file->text, n) == 0) {
        free(text); /* nothing changed: the file is not written */
        return NULL;
    }
    if (len != NULL) {
        *len = n;
    }
    return text;
}

void settings_file_free(SettingsFile *file)
{
    if (file != NULL) {
        free(file->text);
        file->text = NULL;
        file->len = 0;
        file->status = SETTINGS_MISSING;
    }
}

/* ---- the file ----------------------------------------------------------- */

/* Keeps what was read in *file (when asked): the text is handed over. */
static SettingsStatus keep_file(SettingsFile *file, char *text, size_t len, SettingsStatus st)
{
    if (file != NULL) {
        settings_file_free(file);
        file->text = text;
        file->len = text != NULL ? len : 0;
        file->status = st;
    } else {
        free(text);
    }
    return st;
}

SettingsStatus settings_load(const Storage *st, Settings *out, SettingsFile *file, char *msg,
                             size_t msglen)
{
    err_set(msg, msglen, "%s", "");
    keep_file(file, NULL, 0, SETTINGS_MISSING);
    if (out == NULL) {
        return SETTINGS_ERR_IO;
    }
    settings_defaults(out);
    char path[STORAGE_PATH_MAX];
    if (st == NULL || storage_path(st, STORAGE_SETTINGS_FILE, path, sizeof path) != STORAGE_OK) {
        err_set(msg, msglen, "no data folder; using the default settings");
        return SETTINGS_ERR_IO;
    }
    char *text = NULL;
    size_t len = 0;
    char err[STORAGE_PATH_MAX + 128];
    StorageStatus rs = storage_read_file(path, SETTINGS_MAX_BYTES, &text, &len, err, sizeof err);
    if (rs == STORAGE_ERR_NOT_FOUND) {
        return SETTINGS_MISSING;
    }
    if (rs == STORAGE_ERR_TOO_BIG) {
        err_set(msg, msglen, "settings.ini is damaged (far too large); using the default settings");
        return keep_file(file, NULL, 0, SETTINGS_CORRUPT);
    }
    if (rs != STORAGE_OK) {
        err_set(msg, msglen, "%s; using the default settings, and the file is not changed", err);
        return keep_file(file, NULL, 0, SETTINGS_ERR_IO);
    }
    SettingsStatus s = settings_parse(text, len, out, msg, msglen);
    return keep_file(file, text, len, s);
}

SettingsStatus settings_save(const Storage *st, const Settings *s, SettingsFile *file, char *msg,
                             size_t msglen)
{
    err_set(msg, msglen, "%s", "");
    char path[STORAGE_PATH_MAX];
    if (st == NULL || s == NULL ||
        storage_path(st, STORAGE_SETTINGS_FILE, path, sizeof path) != STORAGE_OK) {
        err_set(msg, msglen, "no data folder to save the settings in");
        return SETTINGS_ERR_IO;
    }
    size_t len = 0;
    bool aside = false;
    char *text = settings_text_for(file, s, &len, &aside);
    if (text == NULL) {
        if (file != NULL && (file->status == SETTINGS_NEWER || file->status == SETTINGS_ERR_IO)) {
            err_set(msg, msglen, "settings.ini is not changed: %s",
                    file->status == SETTINGS_NEWER ? "a newer version of Gomoku wrote it"
                                                   : "it could not be read");
            return file->status == SETTINGS_NEWER ? SETTINGS_NEWER : SETTINGS_ERR_IO;
        }
        return SETTINGS_OK; /* nothing changed (or out of memory: nothing written) */
    }
    StorageStatus rs = STORAGE_OK;
    if (aside) {
        rs = storage_set_aside(path, NULL, 0, msg, msglen);
        rs = rs == STORAGE_ERR_NOT_FOUND ? STORAGE_OK : rs; /* gone meanwhile: nothing to keep */
    }
    if (rs == STORAGE_OK) {
        rs = storage_write_atomic(path, text, len, msg, msglen);
    }
    if (rs != STORAGE_OK) {
        free(text);
        return SETTINGS_ERR_IO;
    }
    if (file != NULL) {
        keep_file(file, text, len, SETTINGS_OK);
    } else {
        free(text);
    }
    return SETTINGS_OK;
}
