/*
 * scene.h - the screens of the game and the one place they change.
 *
 * Every screen is a scene: a module (scene_menu.c, scene_play.c, ...) that
 * fills in a SceneClass.  The app keeps a stack of them: one base scene
 * (menu, play, review, files) and any overlays above it (help, dialogs).
 * Input goes to the top scene; drawing goes bottom up.
 *
 * Scenes never change the stack themselves.  They ask (scene_go,
 * scene_push, scene_close), and scene_transition, called by the main loop
 * after each command, performs every change in order: it checks each
 * against the table of allowed transitions (scene.c, SCENE_EDGES), calls
 * leave and enter, pauses and resumes the scene under an overlay, and
 * hands an overlay's answer to the scene below.  No other code writes the
 * current scene.
 */
#ifndef GOMOKU_SCENE_H
#define GOMOKU_SCENE_H

#include <stdbool.h>

#include "ctx.h"
#include "store/i18n.h"
#include "platform/input.h"

typedef enum SceneId {
    SCENE_MENU = 0, /* options, Play, Resume, Load, Quit */
    SCENE_PLAY,     /* the game in play, and its result when it ends */
    SCENE_REVIEW,   /* stepping through a finished or loaded game */
    SCENE_FILES,    /* the saved-games list */
    SCENE_PUZZLE,   /* the puzzle trainer */
    SCENE_HELP,     /* overlay: keys and rules */
    SCENE_DIALOG,   /* overlay: a message or a question */
    SCENE_NAME,     /* overlay: the name to save a game under */
    SCENE_COUNT
} SceneId;

/* What a dialog is about: the scene below gets it back with the answer. */
typedef enum DialogTag {
    DIALOG_MESSAGE = 0,    /* a message with OK */
    DIALOG_RESUME,         /* "Resume the unfinished game?" */
    DIALOG_DELETE,         /* confirm deleting the selected file */
    DIALOG_REPLACE_SAVE,   /* confirm writing over a save */
    DIALOG_REPLACE_EXPORT, /* confirm writing over a .psq */
    DIALOG_SAVE_NAME,      /* the name dialog (SCENE_NAME) */
    DIALOG_EXPORTED,       /* where the export went: Open folder or OK */
    DIALOG_QUIT,           /* Esc on the menu: quit the game? */
    DIALOG_LEAVE_GAME      /* leave the game in progress (it is kept in Saved games)? */
} DialogTag;

#define SCENE_TEXT_MAX 800

/* What an overlay shows (SCENE_DIALOG, SCENE_NAME). */
typedef struct DialogSpec {
    DialogTag tag;
    char text[SCENE_TEXT_MAX]; /* the message; SCENE_NAME: the name to start with */
    int buttons;               /* 1 (OK) or 2 */
    I18nString labels[2];      /* the buttons' labels: the action, then the way out */
    bool select_all;           /* SCENE_NAME: typing replaces the name */
    /* Button 0 destroys something (Delete, Replace): it is drawn in the
     * danger colour and never the default; Enter starts on button 1. */
    bool destructive;
    int focus; /* the button Enter chooses until the player moves the focus */
} DialogSpec;

/* How an overlay was closed. */
typedef struct DialogAnswer {
    DialogTag tag;
    int button;       /* 0: the first button; 1: the second, or Esc */
    const char *text; /* SCENE_NAME: the name typed (valid during answer only) */
} DialogAnswer;

/* One scene's behaviour.  self is the scene's state (from create); every
 * callback but create may be NULL when the scene has nothing to do. */
typedef struct SceneClass {
    const char *name;
    bool overlay; /* drawn over the scene below, takes all input */
    void *(*create)(Ctx *ctx);
    void (*destroy)(void *self);
    /* Called as the scene comes on the stack; spec for overlays, else NULL. */
    void (*enter)(void *self, Ctx *ctx, const DialogSpec *spec);
    /* Called as the scene goes; next is the base scene that follows it. */
    void (*leave)(void *self, Ctx *ctx, SceneId next);
    /* An overlay comes on top (covered) or goes (uncovered). */
    void (*cover)(void *self, Ctx *ctx, bool covered);
    void (*handle)(void *self, Ctx *ctx, const AppCommand *cmd);
    /* The overlay above closed with this answer. */
    void (*answer)(void *self, Ctx *ctx, const DialogAnswer *a);
    /* Once per frame before drawing. */
    void (*tick)(void *self, Ctx *ctx);
    void (*draw)(void *self, Ctx *ctx);
    /* True while it animates (wants frames without input). */
    bool (*animating)(const void *self, const Ctx *ctx);
    /* True while the pointer is over something that reacts to a click. */
    bool (*hovering)(const void *self, const Ctx *ctx);
} SceneClass;

#define SCENE_STACK_MAX   4
#define SCENE_PENDING_MAX 8

typedef enum SceneOp {
    SCENE_OP_GO = 0,
    SCENE_OP_PUSH,
    SCENE_OP_CLOSE,
    SCENE_OP_DISMISS /* close every overlay unanswered */
} SceneOp;

/* A change asked for, performed by scene_transition. */
typedef struct SceneRequest {
    SceneOp op;
    SceneId id;
    DialogSpec spec;           /* SCENE_OP_PUSH */
    int button;                /* SCENE_OP_CLOSE */
    char text[SCENE_TEXT_MAX]; /* SCENE_OP_CLOSE: the name typed */
} SceneRequest;

struct SceneStack {
    const SceneClass *classes[SCENE_COUNT];
    void *state[SCENE_COUNT]; /* one instance per scene, for the app's life */
    SceneId items[SCENE_STACK_MAX];
    DialogSpec specs[SCENE_STACK_MAX]; /* what each overlay was opened with */
    int depth;
    SceneRequest pending[SCENE_PENDING_MAX];
    int npending;
    int refused;      /* transitions the table did not allow (a bug; logged) */
    SceneId previous; /* the base scene before this one (where Back goes) */
};

/* Creates one instance of every scene and puts first on the stack (its
 * enter is called).  Returns 0, or -1 with a sentence in err. */
int scene_stack_init(SceneStack *st, Ctx *ctx, SceneId first, char *err, size_t errlen);

/* Leaves every scene on the stack and destroys the instances. */
void scene_stack_free(SceneStack *st, Ctx *ctx);

/* Asks to replace the base scene (and close any overlays) with id. */
void scene_go(SceneStack *st, SceneId id);

/* Asks to open an overlay (SCENE_HELP, SCENE_DIALOG, SCENE_NAME) on top. */
void scene_push(SceneStack *st, SceneId id, const DialogSpec *spec);

/* Asks to close the top overlay with button (and text for SCENE_NAME);
 * the scene below gets the answer. */
void scene_close(SceneStack *st, int button, const char *text);

/* Performs the changes asked for, in order, until none is left: the one
 * function that changes the current scene. */
void scene_transition(SceneStack *st, Ctx *ctx);

/* Returns true when a transition from one scene to another is in the table. */
bool scene_edge_allowed(SceneId from, SceneId to);

/* Returns the base scene that came before the current one (the current
 * one itself at the start). */
SceneId scene_previous(const SceneStack *st);

/* Returns the top scene, or the base scene (the bottom of the stack). */
SceneId scene_top(const SceneStack *st);
SceneId scene_base(const SceneStack *st);

/* Returns the instance of scene id (owned by the stack). */
void *scene_state(const SceneStack *st, SceneId id);

/* Asks to close every overlay without an answer (nothing is chosen for
 * the player): a file dropped on the window goes to the screen below. */
void scene_dismiss(SceneStack *st);

/* Hands cmd to the top scene; a file dropped on the window to the base
 * scene, after asking to dismiss the overlays (it opens over anything). */
void scene_handle(SceneStack *st, Ctx *ctx, const AppCommand *cmd);

/* Ticks every scene on the stack, bottom up. */
void scene_tick(SceneStack *st, Ctx *ctx);

/* Draws the stack bottom up. */
void scene_draw(SceneStack *st, Ctx *ctx);

/* Returns true when any scene on the stack animates. */
bool scene_animating(const SceneStack *st, const Ctx *ctx);

/* Returns true when the top scene's pointer is over something clickable. */
bool scene_hovering(const SceneStack *st, const Ctx *ctx);

/* The scenes' classes, one per module. */
extern const SceneClass scene_menu_class;
extern const SceneClass scene_play_class;
extern const SceneClass scene_review_class;
extern const SceneClass scene_files_class;
extern const SceneClass scene_puzzle_class;
extern const SceneClass scene_help_class;
extern const SceneClass scene_dialog_class;
extern const SceneClass scene_name_class;

#endif
