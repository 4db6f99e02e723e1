/*
 * scene_files.h - the saved-games list (SCENE_FILES).  The class is
 * scene_files_class (scene.h); the state is public for the UI tests'
 * accessors (app_test.c).
 */
#ifndef GOMOKU_SCENE_FILES_H
#define GOMOKU_SCENE_FILES_H

#include "ctx.h"
#include "view/file_list.h"
#include "scenes/scene.h"

typedef struct FilesScene {
    FileList list;
    SceneId back; /* where Back goes: the menu, or the game or review it was opened from */
} FilesScene;

#endif
