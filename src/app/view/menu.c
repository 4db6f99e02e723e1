/*
 * menu.c - the start screen.
 */
#include "view/menu.h"

#include <math.h>
#include <stdio.h>

#include "gomoku_version.h"

/* In the order of MenuItem, which is the rows' order top to bottom and,
 * in two columns, the left one first: the game's rows, who plays, how
 * strong the computer is (the Custom AI's rows right after Difficulty),
 * then the app's.  Every row always has its place (one that does not
 * apply is shown disabled), so changing a value never moves a row: the
 * arrow under the pointer stays there. */
static const I18nString ROW_LABELS[MENU_SPINNERS] = {
    I18N_MENU_BOARD_SIZE, I18N_MENU_WIN_LENGTH, I18N_MENU_RULE,  I18N_MENU_OPENING, I18N_MENU_CLOCK,
    I18N_MENU_PLAYERS,    I18N_MENU_DIFFICULTY, I18N_MENU_DEPTH, I18N_MENU_BREADTH, I18N_MENU_TIME,
    I18N_MENU_THREADS,    I18N_MENU_LANGUAGE,   I18N_MENU_SOUND};

/* The Custom AI's time steps, ms: finer where a player feels the difference. */
static const int TIME_STEPS[] = {100,  200,  300,  500,  700,  1000,
                                 1500, 2000, 3000, 5000, 7000, 10000};
#define TIME_STEP_COUNT ((int)(sizeof TIME_STEPS / sizeof TIME_STEPS[0]))

static const int CLOCK_STEPS[] = {0, 5, 10, 20};
#define CLOCK_STEP_COUNT ((int)(sizeof CLOCK_STEPS / sizeof CLOCK_STEPS[0]))

int menu_clock_steps(const int **steps)
{
    *steps = CLOCK_STEPS;
    return CLOCK_STEP_COUNT;
}

static int clock_index(int minutes)
{
    for (int i = 0; i < CLOCK_STEP_COUNT; i++) {
        if (CLOCK_STEPS[i] == minutes) {
            return i;
        }
    }
    return 0;
}

MenuOptions menu_default_options(void)
{
    return (MenuOptions){15,
                         5,
                         RULE_FREESTYLE,
                         RECORD_OPENING_STANDARD,
                         MODE_HUMAN_BLACK,
                         AI_PRESET_MEDIUM,
                         false,
                         ai_custom_default(),
                         0,
                         I18N_LANG_EN,
                         true};
}

void menu_sanitize(MenuOptions *opt)
{
    opt->size = SDL_clamp(opt->size, MENU_MIN_SIZE, MENU_MAX_SIZE);
    opt->k = SDL_clamp(opt->k, RULES_MIN_K, RULES_MAX_K);
    if ((int)opt->rule < 0 || opt->rule > RULE_RENJU || (opt->rule == RULE_RENJU && opt->k != 5)) {
        opt->rule = RULE_FREESTYLE;
    }
    if ((int)opt->mode < 0 || opt->mode >= MODE_COUNT) {
        opt->mode = MODE_HUMAN_BLACK;
    }
    if ((int)opt->opening < 0 || opt->opening >= RECORD_OPENING_COUNT) {
        opt->opening = RECORD_OPENING_STANDARD;
    }
    if ((int)opt->preset < 0 || opt->preset >= AI_PRESET_COUNT) {
        opt->preset = AI_PRESET_MEDIUM;
    }
    opt->custom_ai = ai_custom_clamp(opt->custom_ai);
    if (opt->clock_min < 0 || opt->clock_min > 180) {
        opt->clock_min = 0;
    }
    if ((int)opt->lang < 0 || opt->lang >= I18N_LANG_COUNT) {
        opt->lang = I18N_LANG_EN;
    }
}

MenuOptions menu_options_from_settings(const Settings *s)
{
    SessionSetup st = settings_setup(s);
    MenuOptions o = {st.size,   st.rules.k,   st.rules.kind, s->opening,      st.mode, st.preset,
                     st.custom, st.custom_ai, st.clock_min,  i18n_language(), s->sound};
    menu_sanitize(&o);
    return o;
}

void menu_options_to_settings(const MenuOptions *opt, Settings *s)
{
    s->size = opt->size;
    s->k = opt->k;
    s->rule = opt->rule;
    s->opening = opt->opening;
    s->mode = opt->mode;
    s->preset = opt->preset;
    s->custom = opt->custom;
    s->custom_depth = opt->custom_ai.depth;
    s->custom_breadth = opt->custom_ai.breadth;
    s->custom_time_ms = opt->custom_ai.time_ms;
    s->custom_threads = opt->custom_ai.threads;
    s->sound = opt->sound;
    s->clock = opt->clock_min > 0;
    if (s->clock) {
        s->clock_minutes = opt->clock_min;
    }
}

const char *menu_players_name(PlayerMode mode, bool swap)
{
    static const I18nString NAMES[2][MODE_COUNT] = {
        {I18N_PLAYERS_YOU_BLACK, I18N_PLAYERS_YOU_WHITE, I18N_PLAYERS_TWO, I18N_PLAYERS_COMPUTERS},
        /* Under a swap opening nobody is black yet: the row says who
         * places the first stones. */
        {I18N_PLAYERS_YOU_OPEN, I18N_PLAYERS_COMPUTER_OPENS, I18N_PLAYERS_TWO,
         I18N_PLAYERS_COMPUTERS},
    };
    if ((int)mode < 0 || mode >= MODE_COUNT) {
        return "?";
    }
    return i18n_get(NAMES[swap ? 1 : 0][mode]);
}

/* True when the options play a swap opening (five in a row only). */
static bool swap_opening(const MenuOptions *o)
{
    return o->k == 5 && o->opening != RECORD_OPENING_STANDARD;
}

static const char *mode_hint(const MenuOptions *o)
{
    static const I18nString HINTS[RECORD_OPENING_COUNT][MODE_COUNT] = {
        [RECORD_OPENING_STANDARD] = {I18N_HINT_MODE_YOU, I18N_HINT_MODE_COMPUTER,
                                     I18N_HINT_MODE_TWO_PEOPLE, I18N_HINT_MODE_AI_VS_AI},
        [RECORD_OPENING_SWAP] = {I18N_HINT_OPEN_YOU, I18N_HINT_OPEN_COMPUTER,
                                 I18N_HINT_OPEN_TWO_PEOPLE, I18N_HINT_OPEN_AI_VS_AI},
        /* Swap2's chooser may also place two more stones and hand the
         * choice back: the line says so. */
        [RECORD_OPENING_SWAP2] = {I18N_HINT_SWAP2_YOU, I18N_HINT_SWAP2_COMPUTER,
                                  I18N_HINT_SWAP2_TWO, I18N_HINT_SWAP2_AI},
    };
    if ((int)o->mode < 0 || o->mode >= MODE_COUNT) {
        return "";
    }
    return i18n_get(HINTS[swap_opening(o) ? o->opening : RECORD_OPENING_STANDARD][o->mode]);
}

/* The Custom AI's rows apply only while Custom is chosen for a computer;
 * they keep their places, disabled, otherwise. */
static bool custom_off(const Menu *m, int item)
{
    return item >= MENU_ITEM_DEPTH && item <= MENU_ITEM_THREADS &&
           (!m->opt.custom || m->opt.mode == MODE_TWO_PLAYERS);
}

static bool item_disabled(const Menu *m, int item)
{
    return (item == MENU_ITEM_LEVEL && m->opt.mode == MODE_TWO_PLAYERS) ||
           (item == MENU_ITEM_OPENING && m->opt.k != 5) ||
           (item == MENU_ITEM_RESUME && !m->can_resume) ||
           (item == MENU_ITEM_SOUND && m->no_audio) || custom_off(m, item);
}

bool menu_item_disabled(const Menu *m, MenuItem item)
{
    return item_disabled(m, (int)item);
}

void menu_set_can_resume(Menu *m, bool can)
{
    m->can_resume = can;
    if (!can && m->focus == MENU_ITEM_RESUME) {
        m->focus = MENU_ITEM_PLAY;
    }
}

void menu_init(Menu *m, const MenuOptions *opt)
{
    SDL_zerop(m);
    m->opt = *opt;
    menu_sanitize(&m->opt);
    m->focus = MENU_ITEM_PLAY;
    m->hover_item = -1;
    m->pressed_item = -1;
}

/* A Custom AI row's value; a dash while Custom does not apply, so no
 * number reads as the preset's. */
static void custom_value_text(const Menu *m, MenuItem item, char *buf, size_t len)
{
    const AiCustom *c = &m->opt.custom_ai;
    if (custom_off(m, item)) {
        snprintf(buf, len, "%s", i18n_get(I18N_VALUE_NONE));
    } else if (item == MENU_ITEM_DEPTH) {
        i18n_format(buf, len, I18N_FMT_PLIES, c->depth);
    } else if (item == MENU_ITEM_BREADTH) {
        i18n_format(buf, len, I18N_FMT_MOVES_WIDE, c->breadth);
    } else if (item == MENU_ITEM_TIME) {
        i18n_format(buf, len, I18N_FMT_SECONDS, (double)c->time_ms / 1000.0);
    } else {
        snprintf(buf, len, "%d", c->threads);
    }
}

void menu_value_text(const Menu *m, MenuItem item, char *buf, size_t len)
{
    const MenuOptions *o = &m->opt;
    switch (item) {
    case MENU_ITEM_SIZE: i18n_format(buf, len, I18N_FMT_BOARD_SIZE, o->size, o->size); break;
    case MENU_ITEM_K: i18n_format(buf, len, I18N_FMT_IN_A_ROW, o->k); break;
    case MENU_ITEM_RULE: snprintf(buf, len, "%s", i18n_rule_name(o->rule)); break;
    case MENU_ITEM_OPENING:
        snprintf(buf, len, "%s",
                 i18n_opening_name(o->k == 5 ? o->opening : RECORD_OPENING_STANDARD));
        break;
    case MENU_ITEM_CLOCK:
        if (o->clock_min <= 0) {
            snprintf(buf, len, "%s", i18n_get(I18N_VALUE_OFF));
        } else {
            i18n_format(buf, len, I18N_FMT_CLOCK_MIN, o->clock_min);
        }
        break;
    case MENU_ITEM_LANGUAGE: snprintf(buf, len, "%s", i18n_language_name(o->lang)); break;
    case MENU_ITEM_SOUND:
        snprintf(buf, len, "%s",
                 i18n_get(m->no_audio ? I18N_VALUE_UNAVAILABLE
                          : o->sound  ? I18N_VALUE_ON
                                      : I18N_VALUE_OFF));
        break;
    case MENU_ITEM_MODE:
        snprintf(buf, len, "%s", menu_players_name(o->mode, swap_opening(o)));
        break;
    case MENU_ITEM_LEVEL:
        snprintf(buf, len, "%s",
                 o->mode == MODE_TWO_PLAYERS ? i18n_get(I18N_VALUE_NONE)
                 : o->custom                 ? i18n_get(I18N_VALUE_CUSTOM)
                                             : i18n_preset_name(o->preset));
        break;
    case MENU_ITEM_DEPTH:
    case MENU_ITEM_BREADTH:
    case MENU_ITEM_TIME:
    case MENU_ITEM_THREADS: custom_value_text(m, item, buf, len); break;
    default:
        if (len > 0) {
            buf[0] = '\0';
        }
        break;
    }
}

static int wrap(int v, int lo, int hi)
{
    if (v < lo) {
        return hi;
    }
    if (v > hi) {
        return lo;
    }
    return v;
}

static int time_index(int ms)
{
    int best = 0;
    for (int i = 0; i < TIME_STEP_COUNT; i++) {
        if (TIME_STEPS[i] <= ms) {
            best = i;
        }
    }
    return best;
}

/* Steps one of the Custom AI's rows; threads go up to the machine's cores. */
static void change_custom(MenuOptions *o, int item, int delta, bool cycle)
{
    AiCustom *c = &o->custom_ai;
    int cores = SDL_clamp(SDL_GetCPUCount(), 1, AI_CUSTOM_THREADS_MAX);
    int *v = item == MENU_ITEM_DEPTH     ? &c->depth
             : item == MENU_ITEM_BREADTH ? &c->breadth
                                         : &c->threads;
    int lo = item == MENU_ITEM_DEPTH     ? AI_CUSTOM_DEPTH_MIN
             : item == MENU_ITEM_BREADTH ? AI_CUSTOM_BREADTH_MIN
                                         : 1;
    int hi = item == MENU_ITEM_DEPTH     ? AI_CUSTOM_DEPTH_MAX
             : item == MENU_ITEM_BREADTH ? AI_CUSTOM_BREADTH_MAX
                                         : cores;
    if (item == MENU_ITEM_TIME) {
        int i = time_index(c->time_ms) + delta;
        i = cycle ? wrap(i, 0, TIME_STEP_COUNT - 1) : SDL_clamp(i, 0, TIME_STEP_COUNT - 1);
        c->time_ms = TIME_STEPS[i];
        return;
    }
    *v = cycle ? wrap(*v + delta, lo, hi) : SDL_clamp(*v + delta, lo, hi);
}

/* Steps a spinner by delta.  Numbers stop at their ends when stepped with
 * the arrows; lists (and a click on the value) go round. */
static void change(Menu *m, int item, int delta, bool cycle)
{
    MenuOptions *o = &m->opt;
    switch (item) {
    case MENU_ITEM_SIZE:
        o->size = cycle ? wrap(o->size + delta, MENU_MIN_SIZE, MENU_MAX_SIZE)
                        : SDL_clamp(o->size + delta, MENU_MIN_SIZE, MENU_MAX_SIZE);
        break;
    case MENU_ITEM_K:
        o->k = cycle ? wrap(o->k + delta, RULES_MIN_K, RULES_MAX_K)
                     : SDL_clamp(o->k + delta, RULES_MIN_K, RULES_MAX_K);
        /* Renju is defined for five only. */
        if (o->k != 5 && o->rule == RULE_RENJU) {
            o->rule = RULE_FREESTYLE;
        }
        break;
    case MENU_ITEM_RULE: {
        int count = o->k == 5 ? 3 : 2;
        o->rule = (RuleKind)(((int)o->rule + delta + count) % count);
        break;
    }
    case MENU_ITEM_OPENING:
        if (o->k == 5) {
            o->opening = (RecordOpening)(((int)o->opening + delta + RECORD_OPENING_COUNT) %
                                         RECORD_OPENING_COUNT);
        }
        break;
    case MENU_ITEM_MODE:
        o->mode = (PlayerMode)(((int)o->mode + delta + MODE_COUNT) % MODE_COUNT);
        break;
    case MENU_ITEM_LEVEL:
        if (o->mode != MODE_TWO_PLAYERS) {
            /* Beginner .. Master, then Custom. */
            int v = o->custom ? AI_PRESET_COUNT : (int)o->preset;
            v = cycle ? wrap(v + delta, 0, AI_PRESET_COUNT)
                      : SDL_clamp(v + delta, 0, AI_PRESET_COUNT);
            o->custom = v == AI_PRESET_COUNT;
            if (!o->custom) {
                o->preset = (AiPreset)v;
            }
        }
        break;
    case MENU_ITEM_DEPTH:
    case MENU_ITEM_BREADTH:
    case MENU_ITEM_TIME:
    case MENU_ITEM_THREADS: change_custom(o, item, delta, cycle); break;
    case MENU_ITEM_CLOCK: {
        int i = clock_index(o->clock_min) + delta;
        i = cycle ? wrap(i, 0, CLOCK_STEP_COUNT - 1) : SDL_clamp(i, 0, CLOCK_STEP_COUNT - 1);
        o->clock_min = CLOCK_STEPS[i];
        break;
    }
    case MENU_ITEM_LANGUAGE:
        o->lang = (I18nLang)(((int)o->lang + delta + I18N_LANG_COUNT) % I18N_LANG_COUNT);
        break;
    case MENU_ITEM_SOUND: o->sound = !o->sound; break;
    default: break;
    }
}

/* Design units of the menu: the title block, a row of options, the hint
 * and the buttons below the rows, the room kept under the card. */
enum {
    MENU_TITLE_H = 128,
    MENU_ROW_H = 44,
    MENU_ROW_GAP = 5,
    MENU_INNER = 24,
    MENU_HINT_H = 52,
    MENU_BTN_H = 48,
    MENU_BTN_GAP = 10,
    MENU_COL_W = 492, /* one column's rows */
    MENU_COL_GAP = 36,
    MENU_MARGIN = 16
};

/* The scale of the whole menu with its rows in cols columns: as large as
 * the output allows with a margin under the card, up to a limit. */
static float menu_unit(int cols, int out_w, int out_h, float scale)
{
    int per_col = (MENU_SPINNERS + cols - 1) / cols;
    float h = MENU_TITLE_H + 2 * MENU_INNER + per_col * MENU_ROW_H + (per_col - 1) * MENU_ROW_GAP +
              MENU_HINT_H + 2 * MENU_BTN_H + MENU_BTN_GAP + 2 * MENU_MARGIN;
    float w = cols * MENU_COL_W + (cols - 1) * MENU_COL_GAP + 2 * MENU_INNER + 2 * MENU_MARGIN;
    float fit = SDL_min((float)out_h / (scale * h), (float)out_w / (scale * w));
    return SDL_clamp(fit, 0.5f, cols == 1 ? 1.25f : 1.3f);
}

/* Places every row top to bottom, then on to the next column. */
static void place_rows(Menu *m, int x, int y, int col_w, int col_step, int per_col, float u)
{
#define U(v) ((int)lroundf((v)*u))
    /* The value box holds the Players row's longest value; the label has the
     * rest. */
    int value_w = SDL_min(U(300), col_w * 62 / 100);
    for (int n = 0; n < MENU_SPINNERS; n++) {
        int col = n / per_col, row = n % per_col;
        SDL_Rect r = {x + col * col_step, y + row * (U(MENU_ROW_H) + U(MENU_ROW_GAP)), col_w,
                      U(MENU_ROW_H)};
        m->rows[n] = ui_spinner_geometry(&r, value_w, U(38));
    }
#undef U
}

void menu_layout(Menu *m, int out_w, int out_h, float scale)
{
    if (scale <= 0.0f) {
        scale = 1.0f;
    }
    m->out_w = out_w;
    m->out_h = out_h;
    m->scale = scale;
    /* Two columns side by side when they come out nearly as large as one
     * (a landscape window: a shorter card); one in a narrow window.  The
     * rows are the same whatever the values, so only a resize changes it. */
    float u1 = menu_unit(1, out_w, out_h, scale);
    float u2 = menu_unit(2, out_w, out_h, scale);
    int cols = u2 >= 0.9f * u1 ? 2 : 1;
    float u = scale * (cols == 1 ? u1 : u2);
    m->unit = u;
    m->columns = cols;
#define U(v) ((int)lroundf((v)*u))
    m->title_px = U(68);
    m->font_px = U(18);
    int per_col = (MENU_SPINNERS + cols - 1) / cols;
    int col_w = U(MENU_COL_W);
    int card_w = SDL_min(out_w - 2 * U(MENU_MARGIN),
                         cols * col_w + (cols - 1) * U(MENU_COL_GAP) + 2 * U(MENU_INNER));
    col_w = (card_w - 2 * U(MENU_INNER) - (cols - 1) * U(MENU_COL_GAP)) / cols;
    int rows_h = per_col * U(MENU_ROW_H) + (per_col - 1) * U(MENU_ROW_GAP);
    int card_h = 2 * U(MENU_INNER) + rows_h + U(MENU_HINT_H) + 2 * U(MENU_BTN_H) + U(MENU_BTN_GAP);
    /* Centred, with at least a margin under the card. */
    int top = (out_h - (U(MENU_TITLE_H) + card_h)) / 2;
    top = SDL_max(U(4), SDL_min(top, out_h - U(MENU_MARGIN) - U(MENU_TITLE_H) - card_h));
    m->title_y = top + U(46);
    m->subtitle_y = top + U(98);
    m->card = (SDL_Rect){(out_w - card_w) / 2, top + U(MENU_TITLE_H), card_w, card_h};

    int x = m->card.x + U(MENU_INNER), w = card_w - 2 * U(MENU_INNER);
    int y = m->card.y + U(MENU_INNER);
    place_rows(m, x, y, col_w, col_w + U(MENU_COL_GAP), per_col, u);
    y += rows_h + U(4);
    m->hint_y = y + U(MENU_HINT_H) / 2 - U(4);
    y += U(MENU_HINT_H) - U(4);
    int bw = (w - U(16)) / 2;
    if (m->can_resume) {
        m->play = (SDL_Rect){x, y, bw, U(MENU_BTN_H)};
        m->resume = (SDL_Rect){x + w - bw, y, bw, U(MENU_BTN_H)};
    } else {
        m->play = (SDL_Rect){x, y, w, U(MENU_BTN_H)};
        m->resume = (SDL_Rect){0, 0, 0, 0};
    }
    y += U(MENU_BTN_H) + U(MENU_BTN_GAP);
    /* Load, Puzzles and Quit share the last row in thirds. */
    int tw = (w - 2 * U(16)) / 3;
    m->load = (SDL_Rect){x, y, tw, U(MENU_BTN_H)};
    m->puzzles = (SDL_Rect){x + (w - tw) / 2, y, tw, U(MENU_BTN_H)};
    m->quit = (SDL_Rect){x + w - tw, y, tw, U(MENU_BTN_H)};
#undef U
}

/* Finds the item and part under pixel (x, y); returns -1 for none. */
static int hit(const Menu *m, int x, int y, UiSpinPart *part)
{
    *part = UI_SPIN_NONE;
    for (int i = 0; i < MENU_SPINNERS; i++) {
        UiSpinPart p = ui_spinner_hit(&m->rows[i], x, y);
        if (p != UI_SPIN_NONE) {
            *part = p;
            return i;
        }
        if (ui_contains(&m->rows[i].row, x, y)) {
            return i; /* the label: focuses the row */
        }
    }
    if (ui_contains(&m->play, x, y)) {
        return MENU_ITEM_PLAY;
    }
    if (m->can_resume && ui_contains(&m->resume, x, y)) {
        return MENU_ITEM_RESUME;
    }
    if (ui_contains(&m->load, x, y)) {
        return MENU_ITEM_LOAD;
    }
    if (ui_contains(&m->puzzles, x, y)) {
        return MENU_ITEM_PUZZLES;
    }
    if (ui_contains(&m->quit, x, y)) {
        return MENU_ITEM_QUIT;
    }
    return -1;
}

static MenuAction activate(Menu *m, int item, UiSpinPart part)
{
    if (item == MENU_ITEM_PLAY) {
        return MENU_ACTION_PLAY;
    }
    if (item == MENU_ITEM_QUIT) {
        return MENU_ACTION_QUIT;
    }
    if (item == MENU_ITEM_RESUME) {
        return m->can_resume ? MENU_ACTION_RESUME : MENU_ACTION_NONE;
    }
    if (item == MENU_ITEM_LOAD) {
        return MENU_ACTION_LOAD;
    }
    if (item == MENU_ITEM_PUZZLES) {
        return MENU_ACTION_PUZZLES;
    }
    if (item < 0 || item >= MENU_SPINNERS || item_disabled(m, item)) {
        return MENU_ACTION_NONE;
    }
    if (part == UI_SPIN_DEC) {
        change(m, item, -1, false);
    } else if (part == UI_SPIN_INC) {
        change(m, item, +1, false);
    } else if (part == UI_SPIN_VALUE) {
        change(m, item, +1, true);
    }
    return MENU_ACTION_NONE;
}

static void move_focus(Menu *m, int delta)
{
    int f = m->focus;
    for (int tries = 0; tries < MENU_ITEM_COUNT; tries++) {
        f = (f + delta + MENU_ITEM_COUNT) % MENU_ITEM_COUNT;
        if (!item_disabled(m, f)) {
            break;
        }
    }
    m->focus = f;
}

MenuAction menu_command(Menu *m, const AppCommand *cmd)
{
    UiSpinPart part;
    int item;
    switch (cmd->kind) {
    case CMD_POINTER_MOVE:
        m->hover_item = hit(m, cmd->x, cmd->y, &m->hover_part);
        return MENU_ACTION_NONE;
    case CMD_POINTER_LEAVE:
        m->hover_item = -1;
        m->hover_part = UI_SPIN_NONE;
        return MENU_ACTION_NONE;
    case CMD_POINTER_DOWN:
        item = hit(m, cmd->x, cmd->y, &part);
        m->pressed_item = item;
        m->pressed_part = part;
        if (item >= 0 && !item_disabled(m, item)) {
            m->focus = item;
        }
        return MENU_ACTION_NONE;
    case CMD_POINTER_UP: {
        item = hit(m, cmd->x, cmd->y, &part);
        int was = m->pressed_item;
        UiSpinPart was_part = m->pressed_part;
        m->pressed_item = -1;
        m->pressed_part = UI_SPIN_NONE;
        /* A click counts only when released where it was pressed. */
        if (item < 0 || item != was || part != was_part) {
            return MENU_ACTION_NONE;
        }
        return activate(m, item, part);
    }
    case CMD_FOCUS_PREV: move_focus(m, -1); return MENU_ACTION_NONE;
    case CMD_FOCUS_NEXT: move_focus(m, +1); return MENU_ACTION_NONE;
    case CMD_DECREASE:
        if (m->focus >= MENU_SPINNERS) {
            move_focus(m, -1);
        } else {
            activate(m, m->focus, UI_SPIN_DEC);
        }
        return MENU_ACTION_NONE;
    case CMD_INCREASE:
        if (m->focus >= MENU_SPINNERS) {
            move_focus(m, +1);
        } else {
            activate(m, m->focus, UI_SPIN_INC);
        }
        return MENU_ACTION_NONE;
    case CMD_HOME: m->focus = MENU_ITEM_SIZE; return MENU_ACTION_NONE;
    case CMD_END: m->focus = MENU_ITEM_QUIT; return MENU_ACTION_NONE;
    case CMD_ACCEPT:
        /* Enter on a button presses it; on an option row it starts the game. */
        if (m->focus >= MENU_SPINNERS) {
            return activate(m, m->focus, UI_SPIN_NONE);
        }
        return MENU_ACTION_PLAY;
    case CMD_OPEN: return MENU_ACTION_LOAD;
    case CMD_BACK: return m->can_resume ? MENU_ACTION_RESUME : MENU_ACTION_ASK_QUIT;
    default: return MENU_ACTION_NONE;
    }
}

/* The title with a soft drop shadow, flanked by a black and a white
 * stone, and the subtitle naming the win length. */
static void draw_title(const Menu *m, SDL_Renderer *ren, Text *text, const Assets *assets)
{
    float u = m->unit;
    int cx = m->out_w / 2;
    int shadow = SDL_max(2, (int)lroundf(3.0f * u));
    int tw = 0, th = 0;
    const char *title = i18n_get(I18N_APP_TITLE);
    text_measure(text, TEXT_BOLD, m->title_px, title, &tw, &th);
    text_draw(text, TEXT_BOLD, m->title_px, title, (SDL_Color){0, 0, 0, 120}, cx + shadow,
              m->title_y + shadow, TEXT_CENTER);
    text_draw(text, TEXT_BOLD, m->title_px, title, (SDL_Color){250, 238, 214, 255}, cx, m->title_y,
              TEXT_CENTER);
    int sr = (int)lroundf(22.0f * u);
    int sx = tw / 2 + (int)lroundf(26.0f * u) + sr;
    SDL_Rect sb = {cx - sx - sr, m->title_y - sr + (int)lroundf(4.0f * u), 2 * sr, 2 * sr};
    SDL_Rect sw = {cx + sx - sr, sb.y, 2 * sr, 2 * sr};
    SDL_Rect shb = {sb.x + sr / 6, sb.y + sr / 5, sb.w, sb.h};
    SDL_Rect shw = {sw.x + sr / 6, sw.y + sr / 5, sw.w, sw.h};
    SDL_RenderCopy(ren, assets->stone_shadow, NULL, &shb);
    SDL_RenderCopy(ren, assets->stone_shadow, NULL, &shw);
    SDL_RenderCopy(ren, assets->stone_black, NULL, &sb);
    SDL_RenderCopy(ren, assets->stone_white, NULL, &sw);
    text_draw(text, TEXT_REGULAR, (int)lroundf(20.0f * u), i18n_subtitle(m->opt.k),
              (SDL_Color){236, 222, 196, 230}, cx, m->subtitle_y, TEXT_CENTER);
}

/* The line under the rows saying what the players' choice means (and
 * renju's limits): on one line, or two at a legible size when it is long
 * (swap2's choices), centred in the room between the rows and Play. */
static void draw_hint(const Menu *m, Text *text)
{
    char hint[400];
    if (m->opt.rule == RULE_RENJU) {
        snprintf(hint, sizeof hint, "%s %s", mode_hint(&m->opt), i18n_get(I18N_HINT_RENJU));
    } else {
        snprintf(hint, sizeof hint, "%s", mode_hint(&m->opt));
    }
    int width = m->card.w - (int)lroundf(40.0f * m->unit);
    int px = m->font_px * 15 / 16;
    int min_px = SDL_min(px, SDL_max((int)lroundf(12.0f * m->scale), px * 3 / 4));
    /* The largest size that holds it on one line, else on two; cut with
     * "…" when even the smallest needs more. */
    int fit = px, n = text_line_count(text, TEXT_REGULAR, fit, hint, width);
    while (n > 1 && fit > min_px) {
        fit--;
        n = text_line_count(text, TEXT_REGULAR, fit, hint, width);
        if (n == 2) {
            break;
        }
    }
    char lines[3][TEXT_LINE_MAX];
    n = text_wrap(text, TEXT_REGULAR, fit, hint, width, lines, 3);
    if (n > 2) {
        char rest[2 * TEXT_LINE_MAX + 2];
        snprintf(rest, sizeof rest, "%s %s", lines[1], lines[2]);
        text_ellipsize(text, TEXT_REGULAR, fit, rest, width, lines[1], TEXT_LINE_MAX);
        n = 2;
    }
    int step = fit + fit / 4;
    text_push_box(text, m->card);
    for (int i = 0; i < n; i++) {
        int y = m->hint_y - (n - 1) * step / 2 + i * step;
        text_draw(text, TEXT_REGULAR, fit, lines[i], UI_TEXT_DIM, m->out_w / 2, y, TEXT_CENTER);
    }
    text_pop_box(text);
}

/* The option rows and the line under them saying what the choice means. */
static void draw_rows(const Menu *m, SDL_Renderer *ren, Text *text)
{
    char value[64];
    for (int i = 0; i < MENU_SPINNERS; i++) {
        UiState st = {m->hover_item == i, m->pressed_item == i, m->focus == i, item_disabled(m, i)};
        menu_value_text(m, (MenuItem)i, value, sizeof value);
        ui_spinner(ren, text, &m->rows[i], i18n_get(ROW_LABELS[i]), value, m->font_px, st,
                   m->hover_item == i ? m->hover_part : UI_SPIN_NONE,
                   m->pressed_item == i ? m->pressed_part : UI_SPIN_NONE);
    }
    draw_hint(m, text);
}

static void draw_button(const Menu *m, SDL_Renderer *ren, Text *text, MenuItem item,
                        const SDL_Rect *r, I18nString label, bool primary)
{
    UiState st = {m->hover_item == (int)item, m->pressed_item == (int)item, m->focus == (int)item,
                  false};
    ui_button(ren, text, r, i18n_get(label), m->font_px + 2,
              primary ? UI_BUTTON_PRIMARY : UI_BUTTON_NORMAL, st);
}

/* The version (as --version, the brain's ABOUT and the packages say it)
 * and where the help is: under the card, or in the top-left corner of a
 * short window, which the centred title leaves free. */
static void draw_about(const Menu *m, Text *text)
{
    char about[160];
    snprintf(about, sizeof about, "%s \xc2\xb7 %s", "Gomoku " GOMOKU_VERSION,
             i18n_get(I18N_HELP_OPEN));
    int px = SDL_max((int)lroundf(12.0f * m->scale), m->font_px * 3 / 4);
    int below = m->out_h - (m->card.y + m->card.h);
    if (below >= px + 4) {
        text_draw(text, TEXT_REGULAR, px, about, UI_TEXT_DIM, m->out_w / 2, m->out_h - below / 2,
                  TEXT_CENTER);
    } else {
        text_draw(text, TEXT_REGULAR, px, about, UI_TEXT_DIM, px / 2, px, TEXT_LEFT);
    }
}

void menu_draw(const Menu *m, SDL_Renderer *ren, Text *text, const Assets *assets)
{
    ui_cover(ren, assets->background, m->out_w, m->out_h);
    draw_title(m, ren, text, assets);
    ui_panel(ren, &m->card, (int)lroundf(16.0f * m->unit));
    draw_rows(m, ren, text);
    draw_button(m, ren, text, MENU_ITEM_PLAY, &m->play, I18N_BTN_PLAY, !m->can_resume);
    if (m->can_resume) {
        draw_button(m, ren, text, MENU_ITEM_RESUME, &m->resume, I18N_BTN_RESUME, true);
    }
    draw_button(m, ren, text, MENU_ITEM_LOAD, &m->load, I18N_BTN_LOAD, false);
    draw_button(m, ren, text, MENU_ITEM_PUZZLES, &m->puzzles, I18N_BTN_PUZZLES, false);
    draw_button(m, ren, text, MENU_ITEM_QUIT, &m->quit, I18N_BTN_QUIT, false);
    draw_about(m, text);
}

bool menu_widget_center(const Menu *m, MenuItem item, UiSpinPart part, int *x, int *y)
{
    const SDL_Rect *r;
    if (item == MENU_ITEM_PLAY) {
        r = &m->play;
    } else if (item == MENU_ITEM_RESUME && m->can_resume) {
        r = &m->resume;
    } else if (item == MENU_ITEM_LOAD) {
        r = &m->load;
    } else if (item == MENU_ITEM_PUZZLES) {
        r = &m->puzzles;
    } else if (item == MENU_ITEM_QUIT) {
        r = &m->quit;
    } else if ((int)item >= 0 && item < MENU_SPINNERS) {
        const UiSpinner *g = &m->rows[item];
        r = part == UI_SPIN_DEC ? &g->dec : part == UI_SPIN_INC ? &g->inc : &g->value;
    } else {
        return false;
    }
    *x = r->x + r->w / 2;
    *y = r->y + r->h / 2;
    return true;
}
