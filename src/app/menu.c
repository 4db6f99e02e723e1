/*
 * menu.c - the start screen.
 */
#include "menu.h"

#include <math.h>
#include <stdio.h>


static const char *const ROW_LABELS[MENU_SPINNERS] = {"Board size", "Win length", "Rule", "Black",
                                                      "Difficulty"};

MenuOptions menu_default_options(void)
{
    return (MenuOptions){15, 5, RULE_FREESTYLE, MODE_HUMAN_BLACK, AI_PRESET_MEDIUM};
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
    if ((int)opt->preset < 0 || opt->preset >= AI_PRESET_COUNT) {
        opt->preset = AI_PRESET_MEDIUM;
    }
}

const char *menu_mode_name(PlayerMode mode)
{
    switch (mode) {
    case MODE_HUMAN_BLACK:
        return "You";
    case MODE_COMPUTER_BLACK:
        return "Computer";
    case MODE_TWO_PLAYERS:
        return "Two people";
    case MODE_AI_VS_AI:
        return "Computer vs computer";
    default:
        return "?";
    }
}

static const char *mode_hint(const MenuOptions *o)
{
    switch (o->mode) {
    case MODE_HUMAN_BLACK:
        return "You play Black and move first.";
    case MODE_COMPUTER_BLACK:
        return "The computer plays Black; you play White.";
    case MODE_TWO_PLAYERS:
        return "Two people take turns at this screen.";
    case MODE_AI_VS_AI:
        return "Sit back and watch the computer play itself.";
    default:
        return "";
    }
}

static bool item_disabled(const Menu *m, int item)
{
    return item == MENU_ITEM_LEVEL && m->opt.mode == MODE_TWO_PLAYERS;
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

void menu_value_text(const Menu *m, MenuItem item, char *buf, size_t len)
{
    const MenuOptions *o = &m->opt;
    switch (item) {
    case MENU_ITEM_SIZE:
        snprintf(buf, len, "%d \xc3\x97 %d", o->size, o->size);
        break;
    case MENU_ITEM_K:
        snprintf(buf, len, "%d in a row", o->k);
        break;
    case MENU_ITEM_RULE:
        snprintf(buf, len, "%s", rules_kind_name(o->rule));
        break;
    case MENU_ITEM_MODE:
        snprintf(buf, len, "%s", menu_mode_name(o->mode));
        break;
    case MENU_ITEM_LEVEL:
        snprintf(buf, len, "%s", o->mode == MODE_TWO_PLAYERS ? "\xe2\x80\x94"
                                                               : ai_preset_name(o->preset));
        break;
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
    case MENU_ITEM_MODE:
        o->mode = (PlayerMode)(((int)o->mode + delta + MODE_COUNT) % MODE_COUNT);
        break;
    case MENU_ITEM_LEVEL:
        if (o->mode != MODE_TWO_PLAYERS) {
            o->preset = (AiPreset)(cycle ? wrap((int)o->preset + delta, 0, AI_PRESET_COUNT - 1)
                                         : SDL_clamp((int)o->preset + delta, 0,
                                                     AI_PRESET_COUNT - 1));
        }
        break;
    default:
        break;
    }
}

void menu_layout(Menu *m, int out_w, int out_h, float scale)
{
    if (scale <= 0.0f) {
        scale = 1.0f;
    }
    m->out_w = out_w;
    m->out_h = out_h;
    /* Design units: the whole menu is about 560 x 640; shrink to fit. */
    float fit = SDL_min((float)out_h / (scale * 660.0f), (float)out_w / (scale * 600.0f));
    float u = scale * SDL_clamp(fit, 0.55f, 1.25f);
    m->unit = u;
#define U(v) ((int)lroundf((v) * u))
    m->title_px = U(76);
    m->font_px = U(19);

    int card_w = SDL_min(out_w - U(24), U(540));
    int row_h = U(48), gap = U(6), inner = U(28);
    int btn_h = U(52);
    int card_h = inner + MENU_SPINNERS * row_h + (MENU_SPINNERS - 1) * gap + U(14) + U(28) +
                 U(18) + btn_h + inner;
    int title_block = U(150);
    int top = (out_h - (title_block + card_h)) / 2;
    if (top < U(8)) {
        top = U(8);
    }
    m->title_y = top + U(52);
    m->subtitle_y = top + U(112);
    m->card = (SDL_Rect){(out_w - card_w) / 2, top + title_block, card_w, card_h};

    int x = m->card.x + inner, w = card_w - 2 * inner;
    int y = m->card.y + inner;
    int value_w = SDL_min(U(260), w * 11 / 20);
    for (int i = 0; i < MENU_SPINNERS; i++) {
        SDL_Rect row = {x, y, w, row_h};
        m->rows[i] = ui_spinner_geometry(&row, value_w, row_h);
        y += row_h + gap;
    }
    y += U(14) - gap;
    m->hint_y = y + U(14);
    y += U(28) + U(18);
    int bw = (w - U(16)) / 2;
    m->play = (SDL_Rect){x, y, bw, btn_h};
    m->quit = (SDL_Rect){x + w - bw, y, bw, btn_h};
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
    case CMD_FOCUS_PREV:
        move_focus(m, -1);
        return MENU_ACTION_NONE;
    case CMD_FOCUS_NEXT:
        move_focus(m, +1);
        return MENU_ACTION_NONE;
    case CMD_DECREASE:
        if (m->focus == MENU_ITEM_QUIT) {
            m->focus = MENU_ITEM_PLAY;
        } else {
            activate(m, m->focus, UI_SPIN_DEC);
        }
        return MENU_ACTION_NONE;
    case CMD_INCREASE:
        if (m->focus == MENU_ITEM_PLAY) {
            m->focus = MENU_ITEM_QUIT;
        } else {
            activate(m, m->focus, UI_SPIN_INC);
        }
        return MENU_ACTION_NONE;
    case CMD_ACCEPT:
        /* Enter starts the game from anywhere but Quit. */
        return m->focus == MENU_ITEM_QUIT ? MENU_ACTION_QUIT : MENU_ACTION_PLAY;
    case CMD_BACK:
        return MENU_ACTION_QUIT;
    default:
        return MENU_ACTION_NONE;
    }
}

void menu_draw(const Menu *m, SDL_Renderer *ren, Text *text, const Assets *assets)
{
    ui_cover(ren, assets->background, m->out_w, m->out_h);
    float u = m->unit;
    int cx = m->out_w / 2;

    /* Title with a soft drop shadow, flanked by a black and a white stone. */
    int shadow = SDL_max(2, (int)lroundf(3.0f * u));
    int tw = 0, th = 0;
    text_measure(text, TEXT_BOLD, m->title_px, "Gomoku", &tw, &th);
    text_draw(text, TEXT_BOLD, m->title_px, "Gomoku", (SDL_Color){0, 0, 0, 120}, cx + shadow,
              m->title_y + shadow, TEXT_CENTER);
    text_draw(text, TEXT_BOLD, m->title_px, "Gomoku", (SDL_Color){250, 238, 214, 255}, cx,
              m->title_y, TEXT_CENTER);
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
    text_draw(text, TEXT_REGULAR, (int)lroundf(20.0f * u), "Five in a row",
              (SDL_Color){236, 222, 196, 230}, cx, m->subtitle_y, TEXT_CENTER);

    ui_panel(ren, &m->card, (int)lroundf(16.0f * u));

    char value[64];
    for (int i = 0; i < MENU_SPINNERS; i++) {
        UiState st = {m->hover_item == i, m->pressed_item == i, m->focus == i,
                      item_disabled(m, i)};
        menu_value_text(m, (MenuItem)i, value, sizeof value);
        ui_spinner(ren, text, &m->rows[i], ROW_LABELS[i], value, m->font_px, st,
                   m->hover_item == i ? m->hover_part : UI_SPIN_NONE,
                   m->pressed_item == i ? m->pressed_part : UI_SPIN_NONE);
    }

    char hint[160];
    if (m->opt.rule == RULE_RENJU) {
        snprintf(hint, sizeof hint, "%s Black may not make 3-3, 4-4 or overlines.",
                 mode_hint(&m->opt));
    } else {
        snprintf(hint, sizeof hint, "%s", mode_hint(&m->opt));
    }
    int hint_px = text_fit(text, TEXT_REGULAR, m->font_px * 5 / 6, hint,
                           m->card.w - (int)lroundf(40.0f * u));
    text_draw(text, TEXT_REGULAR, hint_px, hint, UI_TEXT_DIM, cx, m->hint_y, TEXT_CENTER);

    UiState play = {m->hover_item == MENU_ITEM_PLAY, m->pressed_item == MENU_ITEM_PLAY,
                    m->focus == MENU_ITEM_PLAY, false};
    UiState quit = {m->hover_item == MENU_ITEM_QUIT, m->pressed_item == MENU_ITEM_QUIT,
                    m->focus == MENU_ITEM_QUIT, false};
    ui_button(ren, text, &m->play, "Play", m->font_px + 2, UI_BUTTON_PRIMARY, play);
    ui_button(ren, text, &m->quit, "Quit", m->font_px + 2, UI_BUTTON_NORMAL, quit);

}

bool menu_widget_center(const Menu *m, MenuItem item, UiSpinPart part, int *x, int *y)
{
    const SDL_Rect *r;
    if (item == MENU_ITEM_PLAY) {
        r = &m->play;
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
