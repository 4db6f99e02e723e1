/*
 * scene_help.h - the help page (SCENE_HELP): the keys and the rules, as an
 * overlay over any screen.  Its class is scene_help_class (scene.h); it
 * keeps no state.
 */
#ifndef GOMOKU_SCENE_HELP_H
#define GOMOKU_SCENE_HELP_H

#include "ctx.h"

#endif
