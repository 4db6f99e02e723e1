/*
 * scene_menu.c - the start screen: the menu form (menu.c) and what its
 * choices do: start a game, resume one, open the file list, quit, and
 * keep every option in the settings.
 */
#include "scenes/scene_menu.h"

#include <stdlib.h>
#include <string.h>

#include "scenes/saves.h"
#include "scenes/scene.h"
#include "platform/sound.h"

/* Applies a changed choice that acts at once (language, sound) and keeps
 * every change in the settings. */
static void changed(MenuScene *ms, Ctx *ctx, const MenuOptions *before)
{
    const MenuOptions *now = &ms->menu.opt;
    if (now->lang != before->lang) {
        i18n_set_language(now->lang);
        SDL_SetWindowTitle(ctx->platform.win, i18n_get(I18N_APP_TITLE));
    }
    if (now->sound != before->sound) {
        sound_set_muted(!now->sound);
        if (now->sound) {
            sound_play(SOUND_STONE);
        }
    }
    if (memcmp(now, before, sizeof *now) != 0) {
        menu_options_to_settings(now, &ctx->data.settings);
        ctx->data.settings_bad = false;
        ctx_settings_changed(ctx);
    }
}

/* Returns the game setup the menu's options describe (made sound by the
 * session's rules for a setup). */
static SessionSetup setup_of(const MenuOptions *opt)
{
    SessionSetup st = {opt->size,      {opt->rule, opt->k}, opt->mode,      opt->preset,
                       opt->clock_min, opt->custom,         opt->custom_ai, opt->opening};
    session_sanitize_setup(&st);
    return st;
}

static void play_now(MenuScene *ms, Ctx *ctx)
{
    SessionSetup setup = setup_of(&ms->menu.opt);
    ctx->suspended = false;
    if (ctx_new_game(ctx, &setup, false) == 0) {
        scene_go(ctx->scenes, SCENE_PLAY);
    }
}

/* Play starts a new game; the one behind Resume is not left without a
 * question (it is kept in Saved games when the player leaves it). */
static void play(MenuScene *ms, Ctx *ctx)
{
    if (ctx->suspended && saves_unfinished_at_stake(ctx)) {
        saves_ask_leave(ctx);
        return;
    }
    play_now(ms, ctx);
}

static void act(MenuScene *ms, Ctx *ctx, MenuAction a)
{
    switch (a) {
    case MENU_ACTION_PLAY: play(ms, ctx); break;
    case MENU_ACTION_RESUME:
        if (ctx->suspended) {
            scene_go(ctx->scenes, SCENE_PLAY);
        }
        break;
    case MENU_ACTION_LOAD: scene_go(ctx->scenes, SCENE_FILES); break;
    case MENU_ACTION_PUZZLES: scene_go(ctx->scenes, SCENE_PUZZLE); break;
    case MENU_ACTION_QUIT: ctx->quit = true; break;
    case MENU_ACTION_ASK_QUIT: {
        /* A stray Esc must not close the game; Esc again keeps it open. */
        DialogSpec spec = {.tag = DIALOG_QUIT,
                           .buttons = 2,
                           .labels = {I18N_BTN_QUIT, I18N_BTN_CANCEL},
                           .focus = 0};
        SDL_strlcpy(spec.text, i18n_get(I18N_QUIT_QUESTION), sizeof spec.text);
        scene_push(ctx->scenes, SCENE_DIALOG, &spec);
        break;
    }
    default: break;
    }
}

static void handle(void *self, Ctx *ctx, const AppCommand *cmd)
{
    MenuScene *ms = self;
    ctx->dirty = true;
    switch (cmd->kind) {
    case CMD_RESIZED:
        menu_layout(&ms->menu, ctx->platform.out_w, ctx->platform.out_h, ctx->platform.sx);
        return;
    case CMD_HELP: scene_push(ctx->scenes, SCENE_HELP, NULL); return;
    case CMD_DROP_FILE: saves_open_path(ctx, cmd->data, saves_base_name(cmd->data)); return;
    default: break;
    }
    MenuOptions before = ms->menu.opt;
    MenuAction a = menu_command(&ms->menu, cmd);
    changed(ms, ctx, &before);
    act(ms, ctx, a);
}

static void *create(Ctx *ctx)
{
    MenuScene *ms = calloc(1, sizeof *ms);
    if (ms != NULL) {
        MenuOptions o = menu_options_from_settings(&ctx->data.settings);
        menu_init(&ms->menu, &o);
    }
    return ms;
}

static void enter(void *self, Ctx *ctx, const DialogSpec *spec)
{
    (void)spec;
    MenuScene *ms = self;
    /* Only a game left in play waits behind Resume; any other is done. */
    ctx->suspended = ctx->suspended && session_resumable(ctx->session);
    if (!ctx->suspended) {
        session_end(ctx->session);
    }
    /* The game's screens may have switched sound on or off meanwhile. */
    ms->menu.opt.sound = ctx->data.settings.sound;
    ms->menu.no_audio = !ctx->platform.sound_ok;
    menu_set_can_resume(&ms->menu, ctx->suspended);
    menu_layout(&ms->menu, ctx->platform.out_w, ctx->platform.out_h, ctx->platform.sx);
    ms->menu.pressed_item = -1;
    ms->menu.hover_item = -1;
    ms->menu.focus = ctx->suspended ? MENU_ITEM_RESUME : MENU_ITEM_PLAY;
}

static void answer(void *self, Ctx *ctx, const DialogAnswer *a)
{
    MenuScene *ms = self;
    if (a->tag == DIALOG_QUIT) {
        ctx->quit = a->button == 0;
        return;
    }
    if (a->tag == DIALOG_LEAVE_GAME) {
        if (a->button == 0) {
            saves_keep_unfinished(ctx);
            play_now(ms, ctx);
        }
        return;
    }
    saves_answer(ctx, a);
}

static void draw(void *self, Ctx *ctx)
{
    MenuScene *ms = self;
    menu_draw(&ms->menu, ctx->platform.ren, ctx->ui.text, &ctx->platform.assets);
}

static bool hovering(const void *self, const Ctx *ctx)
{
    (void)ctx;
    const Menu *m = &((const MenuScene *)self)->menu;
    int it = m->hover_item;
    return it >= MENU_SPINNERS ||
           (it >= 0 && m->hover_part != UI_SPIN_NONE && !menu_item_disabled(m, (MenuItem)it));
}

const SceneClass scene_menu_class = {
    .name = "menu",
    .create = create,
    .destroy = free,
    .enter = enter,
    .handle = handle,
    .answer = answer,
    .draw = draw,
    .hovering = hovering,
};
