/*
 * app_test.c - the UI tests' window into the app (app_test.h): what each
 * scene shows and where its widgets are.  Reads only; game code never calls
 * it.
 */
#include "app_internal.h"
#include "app_test.h"

#include <math.h>

#include "scenes/scene_dialog.h"
#include "scenes/scene_files.h"
#include "scenes/scene_menu.h"
#include "scenes/scene_play.h"
#include "scenes/scene_puzzle.h"
#include "scenes/scene_review.h"

static const Session *session(const App *app)
{
    return app->ctx.session;
}

AppState app_test_state(const App *app)
{
    switch (scene_base(&app->scenes)) {
    case SCENE_PLAY:
        return session_result(session(app)) != GAME_ONGOING ? APP_STATE_GAME_OVER
                                                            : APP_STATE_PLAYING;
    case SCENE_REVIEW: return APP_STATE_REVIEW;
    case SCENE_FILES: return APP_STATE_FILES;
    case SCENE_PUZZLE: return APP_STATE_PUZZLE;
    default: return APP_STATE_MENU;
    }
}

const Game *app_test_game(const App *app)
{
    SceneId base = scene_base(&app->scenes);
    return base == SCENE_MENU || base == SCENE_FILES ? NULL : session_game(session(app));
}

MenuOptions app_test_menu_options(const App *app)
{
    const MenuScene *ms = scene_state(&app->scenes, SCENE_MENU);
    return ms->menu.opt;
}

bool app_test_ai_busy(const App *app)
{
    return session_thinking(session(app));
}

bool app_test_helper_busy(const App *app)
{
    SessionJob job;
    return session_engine_job(session(app), SESSION_ENGINE_HELPER, &job);
}

/* The game screen's view (play or review), or NULL on other screens. */
static const GameView *game_view(const App *app)
{
    SceneId base = scene_base(&app->scenes);
    if (base == SCENE_PLAY) {
        return &((const PlayScene *)scene_state(&app->scenes, SCENE_PLAY))->view;
    }
    if (base == SCENE_REVIEW) {
        return &((const ReviewScene *)scene_state(&app->scenes, SCENE_REVIEW))->view;
    }
    if (base == SCENE_PUZZLE) {
        return &((const PuzzleScene *)scene_state(&app->scenes, SCENE_PUZZLE))->view;
    }
    return NULL;
}

static void to_window(const App *app, int px, int py, int *wx, int *wy)
{
    *wx = (int)floorf(((float)px + 0.5f) / app->ctx.platform.sx);
    *wy = (int)floorf(((float)py + 0.5f) / app->ctx.platform.sy);
}

bool app_test_point_pixel(const App *app, int x, int y, int *px, int *py, int *cell)
{
    const GameView *v = game_view(app);
    if (v == NULL || !layout_point_to_pixel(&v->layout, x, y, px, py)) {
        return false;
    }
    *cell = v->layout.cell;
    return true;
}

bool app_test_point_pos(const App *app, int x, int y, int *wx, int *wy)
{
    int px, py, cell;
    if (!app_test_point_pixel(app, x, y, &px, &py, &cell)) {
        return false;
    }
    to_window(app, px, py, wx, wy);
    return true;
}

bool app_test_menu_pos(const App *app, MenuItem item, UiSpinPart part, int *wx, int *wy)
{
    const MenuScene *ms = scene_state(&app->scenes, SCENE_MENU);
    int px, py;
    if (!menu_widget_center(&ms->menu, item, part, &px, &py)) {
        return false;
    }
    to_window(app, px, py, wx, wy);
    return true;
}

/* A dialog's button (0: OK, 1: Cancel), or the name field. */
static bool dialog_rect(const App *app, AppWidget w, SDL_Rect *r)
{
    SceneId top = scene_top(&app->scenes);
    if (top == SCENE_DIALOG && w != APP_WIDGET_NAME_FIELD && w != APP_WIDGET_NAME_START) {
        *r = ((const DialogScene *)scene_state(&app->scenes, SCENE_DIALOG))
                 ->btn[w - APP_WIDGET_DIALOG_OK];
        return true;
    }
    if (top != SCENE_NAME) {
        return false;
    }
    const NameScene *ns = scene_state(&app->scenes, SCENE_NAME);
    if (w == APP_WIDGET_DIALOG_OK || w == APP_WIDGET_DIALOG_CANCEL) {
        *r = ns->btn[w - APP_WIDGET_DIALOG_OK];
    } else {
        *r = ns->field.field;
        if (w == APP_WIDGET_NAME_START) {
            r->w = 6; /* the rim and the padding before the text */
        }
    }
    return true;
}

/* A widget of the game screens: the panel's slots, toggles, the graph. */
static bool panel_rect(const App *app, AppWidget w, SDL_Rect *r)
{
    static const int SLOT[] = {
        [APP_WIDGET_UNDO] = LAYOUT_BTN_UNDO,         [APP_WIDGET_REDO] = LAYOUT_BTN_REDO,
        [APP_WIDGET_NEW_GAME] = LAYOUT_BTN_NEW_GAME, [APP_WIDGET_REMATCH] = LAYOUT_BTN_NEW_GAME,
        [APP_WIDGET_MENU] = LAYOUT_BTN_MENU,         [APP_WIDGET_RESULT_MENU] = LAYOUT_BTN_MENU,
        [APP_WIDGET_HINT] = LAYOUT_BTN_HINT,         [APP_WIDGET_SAVE] = LAYOUT_BTN_SAVE,
    };
    const GameView *v = game_view(app);
    if (v == NULL) {
        return false;
    }
    if (w <= APP_WIDGET_SAVE) {
        *r = ui_rect(v->layout.buttons[SLOT[w]]);
    } else if (w <= APP_WIDGET_TGL_SOUND) {
        *r = ui_rect(v->layout.toggles[w - APP_WIDGET_TGL_ANALYSIS]);
    } else {
        *r = ui_rect(v->layout.graph);
    }
    return true;
}

bool app_test_widget_pos(const App *app, AppWidget w, int *wx, int *wy)
{
    SDL_Rect r;
    bool found;
    if (w >= APP_WIDGET_DIALOG_OK && w <= APP_WIDGET_DIALOG_CANCEL) {
        found = dialog_rect(app, w, &r);
    } else if (w >= APP_WIDGET_FILES_OPEN && w <= APP_WIDGET_FILES_BACK) {
        const FilesScene *fs = scene_state(&app->scenes, SCENE_FILES);
        r = fs->list.btn[w - APP_WIDGET_FILES_OPEN];
        found = true;
    } else if (w == APP_WIDGET_NAME_FIELD || w == APP_WIDGET_NAME_START) {
        found = dialog_rect(app, w, &r);
    } else {
        found = w >= APP_WIDGET_UNDO && w <= APP_WIDGET_GRAPH && panel_rect(app, w, &r);
    }
    if (found) {
        to_window(app, r.x + r.w / 2, r.y + r.h / 2, wx, wy);
    }
    return found;
}

bool app_test_graph_pos(const App *app, int move, int *wx, int *wy)
{
    const GameView *v = game_view(app);
    int n = session_review_count(session(app));
    if (scene_base(&app->scenes) != SCENE_REVIEW || move < 0 || move > n || n == 0) {
        return false;
    }
    const LayoutRect g = v->layout.graph;
    to_window(app, g.x + (int)(((long)move * 2 + 1) * g.w / (2 * (n + 1))), g.y + g.h / 2, wx, wy);
    return true;
}

bool app_test_list_pos(const App *app, int move, int *wx, int *wy)
{
    const GameView *v = game_view(app);
    int px, py;
    if (v == NULL || !move_list_cell_pos(&v->list, move, &px, &py)) {
        return false;
    }
    to_window(app, px, py, wx, wy);
    return true;
}

bool app_test_winbar(const App *app, SDL_Rect *out)
{
    const GameView *v = game_view(app);
    if (v == NULL || v->layout.winbar.w <= 0) {
        return false;
    }
    *out = ui_rect(v->layout.winbar);
    return true;
}

bool app_test_layout(const App *app, Layout *out)
{
    const GameView *v = game_view(app);
    if (v == NULL) {
        return false;
    }
    *out = v->layout;
    return true;
}

void app_test_output_size(const App *app, int *w, int *h)
{
    if (SDL_GetRendererOutputSize(app->ren, w, h) != 0) {
        *w = app->ctx.platform.out_w;
        *h = app->ctx.platform.out_h;
    }
}

bool app_test_list_rect(const App *app, SDL_Rect *out, int *row_h, int *rows)
{
    const GameView *v = game_view(app);
    if (v == NULL || v->list.rect.w <= 0) {
        return false;
    }
    *out = ui_rect(v->list.rect);
    *row_h = v->list.row_h;
    *rows = v->list.rows;
    return true;
}

void app_test_menu_card(const App *app, SDL_Rect *card, int *columns)
{
    const MenuScene *ms = scene_state(&app->scenes, SCENE_MENU);
    *card = ms->menu.card;
    *columns = ms->menu.columns;
}

SDL_Window *app_test_window(const App *app)
{
    return app->win;
}

AppDialog app_test_dialog(const App *app, const char **text)
{
    static const AppDialog KIND[] = {
        [DIALOG_MESSAGE] = APP_DIALOG_MESSAGE,        [DIALOG_RESUME] = APP_DIALOG_RESUME,
        [DIALOG_DELETE] = APP_DIALOG_DELETE,          [DIALOG_REPLACE_SAVE] = APP_DIALOG_REPLACE,
        [DIALOG_REPLACE_EXPORT] = APP_DIALOG_REPLACE, [DIALOG_SAVE_NAME] = APP_DIALOG_SAVE_NAME,
        [DIALOG_EXPORTED] = APP_DIALOG_EXPORTED,      [DIALOG_QUIT] = APP_DIALOG_QUIT,
        [DIALOG_LEAVE_GAME] = APP_DIALOG_LEAVE,
    };
    SceneId top = scene_top(&app->scenes);
    const char *shown = "";
    AppDialog kind = APP_DIALOG_NONE;
    if (top == SCENE_DIALOG) {
        const DialogScene *d = scene_state(&app->scenes, SCENE_DIALOG);
        kind = KIND[d->spec.tag];
        shown = d->spec.text;
    } else if (top == SCENE_NAME) {
        kind = APP_DIALOG_SAVE_NAME;
        shown = ((const NameScene *)scene_state(&app->scenes, SCENE_NAME))->field.text;
    }
    if (text != NULL) {
        *text = shown;
    }
    return kind;
}

void app_test_review(const App *app, int *pos, int *count, int *evaluated)
{
    *pos = session_review_pos(session(app));
    *count = session_review_count(session(app));
    *evaluated = session_review_evaluated(session(app));
}

SessionLineState app_test_review_line(const App *app, Move *moves, int max, int *len, int *from,
                                      int *shown)
{
    const ReviewScene *rs = scene_state(&app->scenes, SCENE_REVIEW);
    *shown = rs->line_shown;
    return session_review_line(session(app), moves, max, len, from);
}

Move app_test_hint(const App *app)
{
    return session_hint(session(app));
}

bool app_test_analysis(const App *app, AiInfo *out)
{
    bool done = false;
    return session_analysis(session(app), out, &done) && done;
}

void app_test_files(const App *app, int *count, int *selected)
{
    const FilesScene *fs = scene_state(&app->scenes, SCENE_FILES);
    *count = fs->list.games.files.count;
    *selected = fs->list.sel;
}

bool app_test_file(const App *app, int i, const char **name, bool *psq)
{
    const FilesScene *fs = scene_state(&app->scenes, SCENE_FILES);
    if (i < 0 || i >= fs->list.games.files.count) {
        return false;
    }
    *name = fs->list.games.files.items[i].name;
    *psq = fs->list.games.files.items[i].kind == STORAGE_KIND_PSQ;
    return true;
}

const StorageInfo *app_test_file_info(const App *app, int i)
{
    const FilesScene *fs = scene_state(&app->scenes, SCENE_FILES);
    return file_list_info(&fs->list, i);
}

int app_test_files_read(const App *app)
{
    const FilesScene *fs = scene_state(&app->scenes, SCENE_FILES);
    return fs->list.games.reads;
}

const char *app_test_name_problem(const App *app)
{
    if (scene_top(&app->scenes) != SCENE_NAME) {
        return "";
    }
    const NameScene *ns = scene_state(&app->scenes, SCENE_NAME);
    return name_field_problem_text(ns->field.problem);
}

const char *app_test_opened_url(const App *app)
{
    return app->saves.opened_url;
}

const char *app_test_exports_dir(const App *app)
{
    return app->ctx.data.storage.exports;
}

Settings app_test_settings(const App *app)
{
    return app->ctx.data.settings;
}

GameResult app_test_result(const App *app)
{
    return session_result(session(app));
}

void app_test_set_clock(App *app, int black_ms, int white_ms)
{
    session_set_clocks(app->ctx.session, black_ms, white_ms, ctx_now(&app->ctx));
}

bool app_test_help_shown(const App *app)
{
    return scene_top(&app->scenes) == SCENE_HELP;
}

const Session *app_test_session(const App *app)
{
    return session(app);
}

int app_test_refused(const App *app)
{
    return app->scenes.refused;
}

SceneStack *app_test_scenes(App *app)
{
    return &app->scenes;
}

Text *app_test_text(App *app)
{
    return app->ctx.ui.text;
}

void app_test_advance_clock(App *app, int ms)
{
    if (app->ctx.cfg.test_clock && ms > 0) {
        app->ctx.test_now += (uint64_t)ms;
    }
}

void app_test_keep_frames(App *app, bool keep)
{
    app->keep_frames = keep;
}

const SDL_Surface *app_test_presented(const App *app)
{
    return app->kept;
}

unsigned long app_test_frames(const App *app)
{
    return (unsigned long)app->frames;
}

int app_capture(App *app, SDL_Surface **out)
{
    *out = NULL;
    app_render(app);
    /* The renderer's real output, not the size the app remembers: a frame
     * laid out for another size shows as it would on the screen. */
    int w = app->ctx.platform.out_w, h = app->ctx.platform.out_h;
    SDL_GetRendererOutputSize(app->ren, &w, &h);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (s == NULL) {
        return -1;
    }
    if (SDL_RenderReadPixels(app->ren, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) != 0) {
        SDL_FreeSurface(s);
        return -1;
    }
    SDL_RenderPresent(app->ren);
    *out = s;
    return 0;
}

void app_test_thread_writes(App *app)
{
    Ctx *ctx = &app->ctx;
    char err[256];
    StorageWriter *w = storage_writer_new(true, err, sizeof err);
    if (w == NULL) {
        return;
    }
    storage_writer_wait(ctx->data.writer);
    saves_poll(ctx);
    storage_writer_free(ctx->data.writer);
    ctx->data.writer = w;
}

bool app_test_writes_busy(App *app)
{
    return storage_writer_busy(app->ctx.data.writer);
}

void app_test_wait_writes(App *app)
{
    storage_writer_wait(app->ctx.data.writer);
}

const PuzzleScene *app_test_puzzle(const App *app)
{
    return scene_state(&app->scenes, SCENE_PUZZLE);
}
