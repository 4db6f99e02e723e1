/*
 * app_draw.c - drawing the game's screens from the App record: board,
 * panel, review graph, overlays, dialogs.  It reads the state and never
 * changes the game; app.c decides what happens.
 */
#include "app_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <SDL_image.h>
#include <SDL_ttf.h>

static const char *result_text(const App *app)
{
    GameResult r = app_result_of(app);
    if (r == GAME_DRAW) {
        return i18n_get(I18N_RESULT_DRAW);
    }
    if (r == GAME_ONGOING) {
        return "";
    }
    Stone winner = r == GAME_BLACK_WINS ? STONE_BLACK : STONE_WHITE;
    if (app_one_human(app)) {
        return i18n_get(app_is_computer(app, winner) ? I18N_RESULT_COMPUTER_WINS
                                                     : I18N_RESULT_YOU_WIN);
    }
    return i18n_get(winner == STONE_BLACK ? I18N_RESULT_BLACK_WINS : I18N_RESULT_WHITE_WINS);
}

static const char *matchup_text(const App *app)
{
    switch (app->opt.mode) {
    case MODE_HUMAN_BLACK: return i18n_get(I18N_MATCH_YOU_VS_COMPUTER);
    case MODE_COMPUTER_BLACK: return i18n_get(I18N_MATCH_COMPUTER_VS_YOU);
    case MODE_TWO_PLAYERS: return i18n_get(I18N_MATCH_TWO_PLAYERS);
    default: return i18n_get(I18N_MATCH_AI_VS_AI);
    }
}

static void draw_stone_icon(App *app, Stone s, int cx, int cy, int r)
{
    SDL_Texture *tex = s == STONE_BLACK ? app->assets.stone_black : app->assets.stone_white;
    SDL_Rect sh = {cx - r + r / 8, cy - r + r / 6, 2 * r, 2 * r};
    SDL_RenderCopy(app->ren, app->assets.stone_shadow, NULL, &sh);
    SDL_RenderCopy(app->ren, tex, NULL, &(SDL_Rect){cx - r, cy - r, 2 * r, 2 * r});
}

static void eval_text(const AiInfo *info, char *buf, size_t len)
{
    if (info->mate_plies > 0) {
        i18n_format(buf, len, I18N_FMT_WINS_IN, (info->mate_plies + 1) / 2);
    } else if (info->mate_plies < 0) {
        i18n_format(buf, len, I18N_FMT_LOSES_IN, (-info->mate_plies + 1) / 2);
    } else {
        i18n_format(buf, len, I18N_FMT_EVAL, info->score);
    }
}

static void info_text(const AiInfo *info, char *buf, size_t len)
{
    char eval[64];
    eval_text(info, eval, sizeof eval);
    i18n_format(buf, len, I18N_FMT_ENGINE_INFO, info->depth, eval, (double)info->time_ms / 1000.0);
}

static void separator(App *app, int x, int y, int w)
{
    SDL_SetRenderDrawColor(app->ren, 255, 240, 220, 38);
    SDL_RenderFillRect(app->ren, &(SDL_Rect){x, y, w, SDL_max(1, (int)app->layout.scale)});
}

static void clock_text(int32_t ms, char *buf, size_t len)
{
    int s = (int)((SDL_max(ms, 0) + 999) / 1000);
    snprintf(buf, len, "%d:%02d", s / 60, s % 60);
}

/* One row of the players block: stone, name, clock, and what that side is
 * doing. */
static void draw_player_row(App *app, Stone side, int x, int y, int w, int h, bool over)
{
    const int fp = app->layout.font_px;
    Stone to_move = game_to_move(app->game);
    GameResult res = app_result_of(app);
    bool won = over && ((res == GAME_BLACK_WINS && side == STONE_BLACK) ||
                        (res == GAME_WHITE_WINS && side == STONE_WHITE));
    bool active = !over && side == to_move;
    if (active || won) {
        SDL_Rect bg = {x - fp / 2, y, w + fp, h};
        ui_fill_round_rect(app->ren, &bg, h / 4,
                           won ? (SDL_Color){255, 196, 90, 46} : (SDL_Color){255, 240, 220, 26});
        SDL_Rect bar = {bg.x, bg.y + h / 5, SDL_max(3, fp / 5), h * 3 / 5};
        ui_fill_round_rect(app->ren, &bar, bar.w / 2, UI_ACCENT);
    }
    int r = h * 3 / 10;
    int cy = y + h / 2;
    draw_stone_icon(app, side, x + fp / 3 + r, cy, r);
    int tx = x + fp / 3 + 2 * r + fp * 2 / 3;
    SDL_Color name_c = active || won ? UI_TEXT : UI_TEXT_DIM;
    const char *name = app_player_name(app, side);
    int right = x + w;
    if (app->clock_on) {
        char cbuf[16];
        int idx = side == STONE_BLACK ? 0 : 1;
        clock_text(app->clock_ms[idx], cbuf, sizeof cbuf);
        bool low = app->clock_ms[idx] < 30000;
        SDL_Color cc = low ? UI_DANGER : (active ? UI_TEXT : UI_TEXT_DIM);
        int cw = text_draw(app->text, TEXT_BOLD, fp * 9 / 8, cbuf, cc, right, cy, TEXT_RIGHT);
        right -= cw + fp / 2;
    }
    const char *tag = NULL;
    SDL_Color tag_c = UI_TEXT_DIM;
    char buf[64];
    if (won) {
        tag = i18n_get(I18N_TAG_WINS);
        tag_c = (SDL_Color){255, 210, 120, 255};
    } else if (active && (app->thinking || app->held != NULL)) {
        static const char *const dots[4] = {"", ".", "..", "..."};
        snprintf(buf, sizeof buf, "%s%s", i18n_get(I18N_TAG_THINKING),
                 dots[(SDL_GetTicks() / 350) % 4]);
        tag = buf;
        tag_c = UI_TEXT;
    } else if (active && !app->clock_on) {
        tag = i18n_get(I18N_TAG_TO_MOVE);
    }
    int tag_w = 0;
    if (tag != NULL && tag == buf) {
        /* Anchor "thinking" at a fixed x so it does not jiggle as dots grow. */
        int tw = 0, th = 0;
        snprintf(buf + 40, 24, "%s...", i18n_get(I18N_TAG_THINKING));
        text_measure(app->text, TEXT_REGULAR, fp, buf + 40, &tw, &th);
        text_draw(app->text, TEXT_REGULAR, fp, tag, tag_c, right - tw, cy, TEXT_LEFT);
        tag_w = tw;
    } else if (tag != NULL) {
        tag_w = text_draw(app->text, won ? TEXT_BOLD : TEXT_REGULAR, fp, tag, tag_c, right, cy,
                          TEXT_RIGHT);
    }
    int npx = text_fit(app->text, TEXT_BOLD, fp * 9 / 8, name, right - tag_w - fp / 2 - tx);
    text_draw(app->text, active || won ? TEXT_BOLD : TEXT_REGULAR, npx, name, name_c, tx, cy,
              TEXT_LEFT);
}

static void draw_graph(App *app)
{
    const LayoutRect g = app->layout.graph;
    SDL_Renderer *ren = app->ren;
    SDL_Rect r = ui_rect(g);
    ui_fill_round_rect(ren, &r, SDL_max(2, app->layout.pad / 4), (SDL_Color){128, 116, 100, 255});
    int mid = g.y + g.h / 2;
    float half = (float)g.h / 2.0f - 2.0f;
    int n = app->rn;
    int cols = n + 1;
    /* One column per position, filled from the middle: up while black is
     * better, down while white is. */
    for (int i = 0; i <= n; i++) {
        if (!app->rhave[i]) {
            continue;
        }
        int x0 = g.x + (int)((long)i * g.w / cols);
        int x1 = g.x + (int)((long)(i + 1) * g.w / cols);
        int bw = SDL_max(1, x1 - x0 - (x1 - x0 > 4 ? 1 : 0));
        int hgt = (int)lroundf(app->reval[i] * half);
        SDL_Rect bar = hgt >= 0 ? (SDL_Rect){x0, mid - hgt, bw, SDL_max(1, hgt)}
                                : (SDL_Rect){x0, mid, bw, -hgt};
        SDL_Color c = hgt >= 0 ? (SDL_Color){20, 18, 16, 240} : (SDL_Color){240, 234, 224, 235};
        if (i == app->rpos) {
            c = hgt >= 0 ? (SDL_Color){70, 50, 20, 255} : (SDL_Color){255, 226, 170, 255};
        }
        SDL_SetRenderDrawColor(ren, c.r, c.g, c.b, c.a);
        SDL_RenderFillRect(ren, &bar);
    }
    SDL_SetRenderDrawColor(ren, 255, 240, 220, 90);
    SDL_RenderFillRect(ren, &(SDL_Rect){g.x, mid, g.w, SDL_max(1, (int)app->layout.scale)});
    int cx = g.x + (int)(((long)app->rpos * 2 + 1) * g.w / (2 * cols));
    int mw = SDL_max(2, app->layout.pad / 6);
    SDL_SetRenderDrawColor(ren, UI_ACCENT.r, UI_ACCENT.g, UI_ACCENT.b, 255);
    SDL_RenderFillRect(ren, &(SDL_Rect){cx - mw / 2, g.y, mw, g.h});
    text_draw(app->text, TEXT_REGULAR, app->layout.font_px * 3 / 4, i18n_get(I18N_REVIEW_EVAL),
              (SDL_Color){236, 226, 210, 255}, g.x + app->layout.pad / 3,
              g.y + app->layout.font_px / 2, TEXT_LEFT);
}

static void draw_toggles(App *app)
{
    const Layout *l = &app->layout;
    const Settings *s = &app->settings;
    const bool on[LAYOUT_TGL_COUNT] = {s->analysis, s->move_numbers, s->coordinates, s->sound};
    const char *labels[LAYOUT_TGL_COUNT] = {
        i18n_get(I18N_BTN_ANALYSIS), i18n_get(I18N_BTN_MOVE_NUMBERS),
        i18n_get(I18N_BTN_COORDINATES),
        i18n_get(s->sound ? I18N_BTN_SOUND_ON : I18N_BTN_SOUND_OFF)};
    for (int i = 0; i < LAYOUT_TGL_COUNT; i++) {
        SDL_Rect r = ui_rect(l->toggles[i]);
        bool hover = app->hover_target == TARGET_TOGGLE + i;
        SDL_Color bg = on[i] ? (SDL_Color){214, 150, 62, (Uint8)(hover ? 230 : 190)}
                             : (SDL_Color){255, 240, 220, (Uint8)(hover ? 50 : 24)};
        ui_fill_round_rect(app->ren, &r, r.h / 3, bg);
        int px = text_fit(app->text, TEXT_REGULAR, l->font_px * 13 / 16, labels[i], r.w - r.h / 2);
        text_draw(app->text, on[i] ? TEXT_BOLD : TEXT_REGULAR, px, labels[i],
                  on[i] ? (SDL_Color){30, 22, 12, 255} : UI_TEXT_DIM, r.x + r.w / 2, r.y + r.h / 2,
                  TEXT_CENTER);
    }
}

/* The status line: a notice, the computer thinking, or what to do. */
static void status_line(App *app, char *buf, size_t len, SDL_Color *c)
{
    Uint32 now = SDL_GetTicks();
    GameResult res = app_result_of(app);
    *c = UI_TEXT_DIM;
    buf[0] = '\0';
    if (app->notice[0] != '\0' && !SDL_TICKS_PASSED(now, app->notice_until)) {
        snprintf(buf, len, "%s", app->notice);
        *c = UI_ACCENT;
    } else if (app->state == APP_STATE_REVIEW) {
        snprintf(buf, len, "%s", i18n_get(I18N_REVIEW_HELP));
    } else if (app->state == APP_STATE_GAME_OVER) {
        if (app->timed_out) {
            i18n_format(buf, len, I18N_FMT_TIMEOUT,
                        app_player_name(app, res == GAME_BLACK_WINS ? STONE_WHITE : STONE_BLACK));
        } else if (res == GAME_DRAW) {
            snprintf(buf, len, "%s", i18n_get(I18N_RESULT_BOARD_FULL));
        } else {
            Move line[BOARD_MAX_SIZE];
            int n = game_win_line(app->game, line, BOARD_MAX_SIZE);
            i18n_format(buf, len, I18N_FMT_RESULT_LINE, n, game_move_count(app->game));
        }
        *c = UI_TEXT;
    } else if (app->thinking || app->held != NULL) {
        static const char *const dots[4] = {"", ".", "..", "..."};
        char who[96];
        i18n_format(who, sizeof who, I18N_FMT_SIDE_THINKING,
                    app->opt.mode == MODE_AI_VS_AI ? app_player_name(app, game_to_move(app->game))
                                                   : i18n_get(I18N_PLAYER_COMPUTER));
        snprintf(buf, len, "%s%s", who, dots[(now / 350) % 4]);
        *c = UI_TEXT;
    } else if (app->opt.mode == MODE_TWO_PLAYERS) {
        snprintf(buf, len, "%s", i18n_get(I18N_STATUS_CLICK_TO_PLACE));
    } else if (game_move_count(app->game) == 0) {
        snprintf(buf, len, "%s", i18n_get(I18N_STATUS_CLICK_TO_PLAY));
    } else {
        snprintf(buf, len, "%s", i18n_get(I18N_STATUS_YOUR_MOVE_DOT));
    }
}

static void draw_panel(App *app)
{
    const Layout *l = &app->layout;
    SDL_Renderer *ren = app->ren;
    const int fp = l->font_px;
    const int pad = l->pad;
    SDL_Rect panel = ui_rect(l->panel);
    ui_panel(ren, &panel, pad * 3 / 4);

    bool review = app->state == APP_STATE_REVIEW;
    bool over = app->state == APP_STATE_GAME_OVER ||
                (review && app->rpos == app->rn && app_result_of(app) != GAME_ONGOING);
    int x = panel.x + pad + pad / 4;
    int right = panel.x + panel.w - pad - pad / 4;
    int width = right - x;
    int y = panel.y + pad;
    int limit = (review ? l->graph.y : l->content_bottom) - pad / 4;
    char buf[320];

    /* Who plays whom (or Review), and under what rules. */
    const char *title = review ? i18n_get(I18N_REVIEW_TITLE) : matchup_text(app);
    int title_px = text_fit(app->text, TEXT_BOLD, fp * 5 / 4, title, width);
    text_draw(app->text, TEXT_BOLD, title_px, title, UI_TEXT, x, y + title_px * 2 / 3, TEXT_LEFT);
    y += title_px * 3 / 2;
    Rules rules = game_rules(app->game);
    int n = game_board(app->game)->size;
    char size_s[48], k_s[48];
    i18n_format(size_s, sizeof size_s, I18N_FMT_BOARD_SIZE, n, n);
    i18n_format(k_s, sizeof k_s, I18N_FMT_IN_A_ROW, rules.k);
    if (app->opt.mode == MODE_TWO_PLAYERS) {
        snprintf(buf, sizeof buf, "%s \xc2\xb7 %s \xc2\xb7 %s", i18n_rule_name(rules.kind), k_s,
                 size_s);
    } else {
        snprintf(buf, sizeof buf, "%s \xc2\xb7 %s \xc2\xb7 %s \xc2\xb7 %s",
                 i18n_preset_name(app->opt.preset), i18n_rule_name(rules.kind), k_s, size_s);
    }
    int sub_px = text_fit(app->text, TEXT_REGULAR, fp * 7 / 8, buf, width);
    text_draw(app->text, TEXT_REGULAR, sub_px, buf, UI_TEXT_DIM, x, y + sub_px / 2, TEXT_LEFT);
    y += sub_px + pad * 3 / 4;
    separator(app, x, y, width);
    y += pad * 3 / 4;

    /* The two sides, the one to move (or the winner) highlighted; only when
     * the panel is tall enough, else the headline alone says whose turn. */
    int row_h = fp * 5 / 2;
    int head_h = fp * 2 + pad;
    bool rows = !review && y + 2 * row_h + pad + head_h + 2 * fp < limit;
    if (rows) {
        draw_player_row(app, STONE_BLACK, x, y, width, row_h, over);
        y += row_h + pad / 4;
        draw_player_row(app, STONE_WHITE, x, y, width, row_h, over);
        y += row_h + pad * 3 / 4;
        separator(app, x, y, width);
        y += pad;
    }

    /* The headline: the result, the review position, or whose turn it is. */
    GameResult res = app_result_of(app);
    Stone who = game_to_move(app->game);
    const char *headline = NULL;
    SDL_Color head_c = UI_TEXT;
    if (review) {
        if (app->rpos == 0) {
            snprintf(buf, sizeof buf, "%s", i18n_get(I18N_REVIEW_START));
        } else {
            i18n_format(buf, sizeof buf, I18N_FMT_REVIEW_MOVE, app->rpos, app->rn);
        }
        headline = buf;
        who = app->rpos > 0 ? (app->rpos % 2 == 1 ? STONE_BLACK : STONE_WHITE) : STONE_EMPTY;
    } else if (over) {
        headline = result_text(app);
        head_c = (SDL_Color){255, 210, 120, 255};
        who = res == GAME_BLACK_WINS   ? STONE_BLACK
              : res == GAME_WHITE_WINS ? STONE_WHITE
                                       : STONE_EMPTY;
    } else if (!rows) {
        headline = app_one_human(app) && !app_is_computer(app, who)
                       ? i18n_get(I18N_STATUS_YOUR_MOVE)
                       : i18n_get(who == STONE_BLACK ? I18N_STATUS_BLACK_TO_MOVE
                                                     : I18N_STATUS_WHITE_TO_MOVE);
    }
    if (headline != NULL && y + fp * 3 / 2 < limit) {
        int big = over ? fp * 2 : fp * 3 / 2;
        int hx = x;
        if (!rows && who != STONE_EMPTY) {
            int r = big * 3 / 5;
            draw_stone_icon(app, who, x + r, y + big / 2, r);
            hx = x + 2 * r + pad * 2 / 3;
        }
        int head_px = text_fit(app->text, TEXT_BOLD, big, headline, right - hx);
        text_draw(app->text, TEXT_BOLD, head_px, headline, head_c, hx, y + big / 2, TEXT_LEFT);
        y += big + pad * 2 / 3;
        if (review && app->rpos > 0 && y + fp < limit) {
            char name[RECORD_MOVE_NAME_MAX];
            record_move_name(app->rmoves[app->rpos - 1], n, name);
            name[0] = (char)SDL_toupper((unsigned char)name[0]);
            text_draw(app->text, TEXT_REGULAR, fp, name, UI_TEXT_DIM, x, y + fp / 2, TEXT_LEFT);
            y += fp + pad / 3;
        }
    }

    SDL_Color status_c;
    status_line(app, buf, sizeof buf, &status_c);
    if (buf[0] != '\0' && y + fp < limit) {
        int st_px = text_fit(app->text, TEXT_REGULAR, fp, buf, width);
        text_draw(app->text, TEXT_REGULAR, st_px, buf, status_c, x, y + st_px / 2, TEXT_LEFT);
        y += st_px + pad / 2;
    }

    /* Move count and the engine's reports, when they fit. */
    if (!review && y + fp < limit) {
        i18n_format(buf, sizeof buf, I18N_FMT_MOVE_NUMBER, game_move_count(app->game));
        text_draw(app->text, TEXT_REGULAR, fp * 7 / 8, buf, UI_TEXT_DIM, x, y + fp / 2, TEXT_LEFT);
        y += fp + pad / 3;
    }
    AiInfo info;
    bool have = false;
    if (!review && app->opt.mode != MODE_TWO_PLAYERS) {
        if (app->thinking && ai_worker_progress(app->worker, &info)) {
            have = true;
        } else if (app->have_info) {
            info = app->last_info;
            have = true;
        }
    }
    if (have && y + fp < limit) {
        info_text(&info, buf, sizeof buf);
        int ipx = text_fit(app->text, TEXT_REGULAR, fp * 7 / 8, buf, width);
        text_draw(app->text, TEXT_REGULAR, ipx, buf, (SDL_Color){170, 160, 146, 255}, x,
                  y + ipx / 2, TEXT_LEFT);
        y += fp + pad / 3;
    }
    AiInfo ana;
    bool have_ana = false;
    if (app_analysis_active(app)) {
        if (app->ana_valid && app->ana_serial == app->serial) {
            ana = app->ana;
            have_ana = true;
        } else if (app->hkind == HELP_ANALYSIS && ai_worker_progress(app->helper, &ana)) {
            have_ana = true;
        }
    }
    if (have_ana && move_is_valid(ana.best) && y + fp < limit) {
        char name[RECORD_MOVE_NAME_MAX], ev[64];
        record_move_name(ana.best, n, name);
        name[0] = (char)SDL_toupper((unsigned char)name[0]);
        eval_text(&ana, ev, sizeof ev);
        snprintf(buf, sizeof buf, "%s: %s \xc2\xb7 %s \xc2\xb7 %s", i18n_get(I18N_BTN_ANALYSIS),
                 app_player_name(app, game_to_move(app->game)), name, ev);
        SDL_Color ac = ana.mate_plies > 0   ? (SDL_Color){140, 220, 140, 255}
                       : ana.mate_plies < 0 ? UI_DANGER
                                            : (SDL_Color){190, 200, 170, 255};
        int apx = text_fit(app->text, TEXT_BOLD, fp * 7 / 8, buf, width);
        text_draw(app->text, TEXT_BOLD, apx, buf, ac, x, y + apx / 2, TEXT_LEFT);
        y += fp + pad / 3;
    }
    int played = app->score[GAME_BLACK_WINS] + app->score[GAME_WHITE_WINS] + app->score[GAME_DRAW];
    if (!review && played > 0 && y + fp + pad / 2 < limit) {
        y += pad / 2;
        int len = i18n_format(
            buf, sizeof buf, I18N_FMT_SCORE,
            app_one_human(app) ? app_player_name(app, STONE_BLACK) : i18n_get(I18N_PLAYER_BLACK),
            app->score[GAME_BLACK_WINS],
            app_one_human(app) ? app_player_name(app, STONE_WHITE) : i18n_get(I18N_PLAYER_WHITE),
            app->score[GAME_WHITE_WINS]);
        if (app->score[GAME_DRAW] > 0 && len > 0 && (size_t)len < sizeof buf) {
            i18n_format(buf + len, sizeof buf - (size_t)len, I18N_FMT_SCORE_DRAWS,
                        app->score[GAME_DRAW]);
        }
        int spx = text_fit(app->text, TEXT_BOLD, fp, buf, width);
        text_draw(app->text, TEXT_BOLD, spx, buf, UI_TEXT, x, y + spx / 2, TEXT_LEFT);
    }

    if (review) {
        draw_graph(app);
    }
    draw_toggles(app);
    for (int i = 0; i < LAYOUT_BTN_COUNT; i++) {
        Action a = app_slot_action(app, i);
        bool primary = a == ACT_REMATCH || (a == ACT_NEXT && app->rpos < app->rn);
        UiState st = {app->hover_target == i, app->pressed_target == i, a == ACT_REMATCH,
                      !app_action_enabled(app, a)};
        SDL_Rect br = ui_rect(l->buttons[i]);
        ui_button(ren, app->text, &br, app_action_label(app, a), fp,
                  primary ? UI_BUTTON_PRIMARY : UI_BUTTON_NORMAL, st);
    }
}

/* The forbidden points for black, recomputed once per position. */
static const unsigned char *forbid_map(App *app)
{
    if (!app->settings.forbidden_marks || app->game == NULL ||
        game_rules(app->game).kind != RULE_RENJU || app->state != APP_STATE_PLAYING ||
        game_to_move(app->game) != STONE_BLACK || app_result_of(app) != GAME_ONGOING) {
        return NULL;
    }
    if (!app->fmap_valid || app->fmap_serial != app->serial) {
        const Board *b = game_board(app->game);
        SDL_memset(app->fmap, 0, sizeof app->fmap);
        for (int y = 0; y < b->size; y++) {
            for (int x = 0; x < b->size; x++) {
                Move m = {(int8_t)x, (int8_t)y};
                app->fmap[y * b->size + x] = board_get(b, x, y) == STONE_EMPTY &&
                                             game_forbidden(app->game, m) != FORBID_NONE;
            }
        }
        app->fmap_valid = true;
        app->fmap_serial = app->serial;
    }
    return app->fmap;
}

float app_anim_progress(const App *app)
{
    if (app->cfg.headless_test || !move_is_valid(app->anim)) {
        return 1.0f;
    }
    Uint32 dt = SDL_GetTicks() - app->anim_start;
    return dt >= APP_PLACE_ANIM_MS ? 1.0f : (float)dt / (float)APP_PLACE_ANIM_MS;
}

static void draw_play(App *app)
{
    ui_cover(app->ren, app->assets.background, app->out_w, app->out_h);
    BoardView v;
    SDL_zero(v);
    Board rb;
    Move moves[BOARD_MAX_CELLS];
    bool review = app->state == APP_STATE_REVIEW;
    int count = 0;
    if (review) {
        app_review_board(app, app->rpos, &rb);
        v.board = &rb;
        count = app->rpos;
        SDL_memcpy(moves, app->rmoves, sizeof(Move) * (size_t)count);
    } else {
        v.board = game_board(app->game);
        count = game_move_count(app->game);
        for (int i = 0; i < count; i++) {
            moves[i] = game_move_at(app->game, i);
        }
    }
    v.last = count > 0 && app->last_mark ? moves[count - 1] : MOVE_NONE;
    v.hover = MOVE_NONE;
    v.cursor = MOVE_NONE;
    v.hint = MOVE_NONE;
    v.anim = app->anim;
    v.anim_t = app_anim_progress(app);
    v.text = app->text;
    v.moves = moves;
    v.move_count = count;
    v.numbers = app->settings.move_numbers;
    v.coords = app->settings.coordinates;
    Move line[BOARD_MAX_SIZE];
    bool at_end = !review || app->rpos == app->rn;
    if (app_result_of(app) != GAME_ONGOING && app->state != APP_STATE_PLAYING && at_end) {
        v.win_len = game_win_line(app->game, line, BOARD_MAX_SIZE);
        v.win = v.win_len > 0 ? line : NULL;
    } else if (app_humans_turn(app) && app->hover_target == TARGET_BOARD &&
               move_is_valid(app->hover_point) &&
               board_get(v.board, app->hover_point.x, app->hover_point.y) == STONE_EMPTY) {
        v.hover = app->hover_point;
        v.hover_stone = game_to_move(app->game);
        v.hover_forbidden = game_forbidden(app->game, app->hover_point) != FORBID_NONE;
    }
    if (app->state == APP_STATE_PLAYING && app->cursor_shown) {
        v.cursor = app->cursor;
    }
    if (move_is_valid(app->hint) && app->hint_serial == app->serial && app_humans_turn(app)) {
        v.hint = app->hint;
        v.hint_phase = app->cfg.headless_test
                           ? 0.25f
                           : (float)((SDL_GetTicks() - app->hint_since) % APP_HINT_PULSE_MS) /
                                 (float)APP_HINT_PULSE_MS;
    }
    v.forbid_map = forbid_map(app);

    BoardMark marks[BOARD_VIEW_MAX_MARKS];
    AiInfo ana;
    bool have_ana = false;
    if (app_analysis_active(app)) {
        if (app->ana_valid && app->ana_serial == app->serial) {
            ana = app->ana;
            have_ana = true;
        } else if (app->hkind == HELP_ANALYSIS && app->hserial == app->serial &&
                   ai_worker_progress(app->helper, &ana)) {
            have_ana = true;
        }
    }
    if (have_ana) {
        int nm = SDL_min(ana.root_count, AI_MAX_ROOT);
        nm = SDL_min(nm, BOARD_VIEW_MAX_MARKS);
        /* The engine's choice is number one, even when a deeper, unfinished
         * iteration picked it over the last complete ranking. */
        if (move_is_valid(ana.best)) {
            int j = 0;
            while (j < nm && !move_equal(ana.root_move[j], ana.best)) {
                j++;
            }
            bool missing = j == nm;
            if (missing) {
                nm = SDL_min(nm + 1, AI_MAX_ROOT);
                j = nm - 1;
            }
            if (j > 0 || missing) {
                for (int k = j; k > 0; k--) {
                    ana.root_move[k] = ana.root_move[k - 1];
                    ana.root_score[k] = ana.root_score[k - 1];
                }
                ana.root_move[0] = ana.best;
                ana.root_score[0] = nm > 1 ? SDL_max(ana.score, ana.root_score[1]) : ana.score;
            }
        }
        int top = ana.root_score[0];
        for (int i = 0; i < nm; i++) {
            /* Colour by how much worse than the best: green, then amber. */
            float gap = (float)(top - ana.root_score[i]);
            float rel = 1.0f - SDL_clamp(gap / 400.0f, 0.0f, 1.0f);
            marks[i].m = ana.root_move[i];
            marks[i].good = i == 0 ? 1.0f : rel * 1.6f - 0.8f;
            marks[i].strength = i == 0 ? 1.0f : SDL_clamp(0.25f + 0.6f * rel, 0.25f, 0.85f);
            marks[i].best = i == 0;
            marks[i].rank = i + 1;
        }
        v.marks = marks;
        v.mark_count = nm;
    }
    board_view_draw(app->ren, &app->assets, &app->layout, &v);
    draw_panel(app);
}

/* Splits s into lines that fit max_w: at spaces where there are any, else
 * between characters (Chinese has no spaces). */
static int wrap_text(App *app, int px, const char *s, int max_w, char lines[][256], int max_lines)
{
    int count = 0;
    size_t len = strlen(s), start = 0;
    while (start < len && count < max_lines) {
        size_t best = start, last_space = 0, i = start;
        while (i < len) {
            size_t next = i + 1;
            while (next < len && ((unsigned char)s[next] & 0xC0) == 0x80) {
                next++;
            }
            char tmp[256];
            size_t n = SDL_min(next - start, sizeof tmp - 1);
            memcpy(tmp, s + start, n);
            tmp[n] = '\0';
            int w = 0, h = 0;
            text_measure(app->text, TEXT_REGULAR, px, tmp, &w, &h);
            if (w > max_w && best > start) {
                break;
            }
            best = next;
            if (s[i] == ' ') {
                last_space = next;
            }
            i = next;
            if (n == sizeof tmp - 1) {
                break;
            }
        }
        if (best < len && last_space > start) {
            best = last_space;
        }
        size_t n = SDL_min(best - start, (size_t)255);
        memcpy(lines[count], s + start, n);
        lines[count][n] = '\0';
        count++;
        start = best;
        while (start < len && s[start] == ' ') {
            start++;
        }
    }
    return count;
}

static void draw_dialog(App *app)
{
    SDL_Renderer *ren = app->ren;
    SDL_SetRenderDrawColor(ren, 0, 0, 0, 140);
    SDL_RenderFillRect(ren, NULL);
    float u = app->sx * SDL_clamp(SDL_min((float)app->out_h / (app->sx * 600.0f),
                                          (float)app->out_w / (app->sx * 600.0f)),
                                  0.5f, 1.5f);
    int fp = (int)lroundf(18.0f * u);
    int w = SDL_min(app->out_w - fp * 2, (int)lroundf(520.0f * u));
    if (app->dlg == DLG_SAVE_NAME) {
        files_name_draw(&app->name, ren, app->text, app->out_w, app->out_h, fp, w, app->sx, app->sy,
                        app->dlg_hover, app->dlg_pressed, app->dlg_btn);
        return;
    }
    char lines[6][256];
    const char *text = app->dlg == DLG_RESUME ? i18n_get(I18N_RESUME_QUESTION) : app->dlg_text;
    int nl = wrap_text(app, fp, text, w - 3 * fp, lines, 6);
    int bh = fp * 5 / 2;
    int h = fp * 2 + nl * fp * 3 / 2 + fp + bh + fp * 3 / 2;
    SDL_Rect card = {(app->out_w - w) / 2, (app->out_h - h) / 2, w, h};
    app->dlg_card = card;
    ui_fill_round_rect(ren, &card, fp, (SDL_Color){40, 34, 28, 250});
    ui_panel(ren, &card, fp);
    int y = card.y + fp * 2;
    for (int i = 0; i < nl; i++) {
        text_draw(app->text, i == 0 && app->dlg != DLG_MESSAGE ? TEXT_BOLD : TEXT_REGULAR, fp,
                  lines[i], UI_TEXT, card.x + w / 2, y, TEXT_CENTER);
        y += fp * 3 / 2;
    }
    int nb = app_dialog_buttons(app);
    int bw = (w - 3 * fp - (nb - 1) * fp) / nb;
    if (nb == 1) {
        bw = SDL_min(bw, fp * 8);
    }
    int total = nb * bw + (nb - 1) * fp;
    int by = card.y + h - fp * 3 / 2 - bh;
    I18nString labels[2] = {I18N_BTN_OK, I18N_BTN_CANCEL};
    if (app->dlg == DLG_RESUME) {
        labels[0] = I18N_BTN_RESUME;
        labels[1] = I18N_BTN_NEW_GAME;
    } else if (app->dlg == DLG_DELETE) {
        labels[0] = I18N_BTN_DELETE;
        labels[1] = I18N_BTN_CANCEL;
    } else if (app->dlg == DLG_REPLACE) {
        labels[0] = I18N_BTN_REPLACE;
        labels[1] = I18N_BTN_CANCEL;
    }
    for (int i = 0; i < nb; i++) {
        app->dlg_btn[i] = (SDL_Rect){card.x + (w - total) / 2 + i * (bw + fp), by, bw, bh};
        UiState st = {app->dlg_hover == i, app->dlg_pressed == i, app->dlg_focus == i, false};
        ui_button(ren, app->text, &app->dlg_btn[i], i18n_get(labels[i]), fp,
                  i == 0 ? UI_BUTTON_PRIMARY : UI_BUTTON_NORMAL, st);
    }
}

void app_render_frame(App *app)
{
    SDL_SetRenderDrawBlendMode(app->ren, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(app->ren, 30, 26, 22, 255);
    SDL_RenderClear(app->ren);
    if (app->state == APP_STATE_FILES) {
        bool notice =
            app->notice[0] != '\0' && !SDL_TICKS_PASSED(SDL_GetTicks(), app->notice_until);
        files_draw(&app->files, app->ren, app->text, app->assets.background, app->out_w, app->out_h,
                   app->sx, notice ? app->notice : "");
    } else if (app->state == APP_STATE_MENU || app->game == NULL) {
        menu_draw(&app->menu, app->ren, app->text, &app->assets);
    } else {
        draw_play(app);
    }
    if (app->dlg != DLG_NONE) {
        draw_dialog(app);
    }
    app->dirty = false;
    app->last_frame = SDL_GetTicks();
}
