/*
 * scene_menu.h - the start screen (SCENE_MENU).  The class is
 * scene_menu_class (scene.h); the state is public for the UI tests'
 * accessors (app_test.c).
 */
#ifndef GOMOKU_SCENE_MENU_H
#define GOMOKU_SCENE_MENU_H

#include "ctx.h"
#include "view/menu.h"

typedef struct MenuScene {
    Menu menu;
} MenuScene;

#endif
