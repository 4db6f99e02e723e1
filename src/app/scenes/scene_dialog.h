/*
 * scene_dialog.h - the modal dialogs: a message with OK (SCENE_DIALOG with
 * one button), a question with two answers (SCENE_DIALOG), and the name to
 * save a game under (SCENE_NAME).  Their classes are scene_dialog_class and
 * scene_name_class (scene.h); the states are public for the UI tests'
 * accessors (app_test.c).
 */
#ifndef GOMOKU_SCENE_DIALOG_H
#define GOMOKU_SCENE_DIALOG_H

#include <SDL.h>

#include "ctx.h"
#include "view/name_field.h"
#include "scenes/scene.h"

typedef struct DialogScene {
    DialogSpec spec;
    int focus, hover, pressed; /* buttons; -1: none */
    SDL_Rect btn[2];           /* as last drawn, output pixels */
} DialogScene;

typedef struct NameScene {
    DialogSpec spec;
    NameField field;
    int hover, pressed;
    SDL_Rect btn[2];
} NameScene;

#endif
