/* pbrain-gomokuapp: the AI of GNUstep's Gomoku.app (Nicola Pero, David
 * Relson; GPL-2+) behind the Gomocup protocol.  This file is ours; it is
 * compiled together with Gomoku.app's unmodified Board.m, fetched from
 * Debian by tools/opponents/fetch-and-build.sh, so the resulting program
 * is GPL and stays outside this repository.
 *
 * The difficulty level (0 "Trivial" to 5 "Difficult", Gomoku.app's own
 * menu) comes from the program's name: pbrain-gomokuapp-l3 plays level 3,
 * plain pbrain-gomokuapp plays level 5. */
#include <Foundation/Foundation.h>
#include <stdlib.h>
#include <string.h>

#include "Board.h"
#include "pbrain_loop.h"

typedef struct Ctx {
    Board *board;
    int level;
} Ctx;

static int gk_new_board(void *ctx, int size)
{
    Ctx *c = ctx;
    if (c->board != nil) {
        [c->board release];
    }
    c->board = [Board newWithRows:size];
    if (c->board == nil) {
        return -1;
    }
    [c->board reset];
    [c->board setDifficultyLevel:c->level];
    return 0;
}

static void gk_place(void *ctx, int x, int y, int who)
{
    Ctx *c = ctx;
    [c->board setTile:(who == PBRAIN_OWN ? computer : human) inRow:y column:x];
}

static int gk_think(void *ctx, int *x, int *y)
{
    Ctx *c = ctx;
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    [c->board performComputerMove];
    *y = [c->board lastRow];
    *x = [c->board lastColumn];
    [pool release];
    return (*x >= 0 && *y >= 0) ? 0 : -1;
}

static int level_from_name(const char *argv0)
{
    const char *base = strrchr(argv0, '/');
    base = base != NULL ? base + 1 : argv0;
    const char *l = strstr(base, "-l");
    if (l != NULL && l[2] >= '0' && l[2] <= '5' && l[3] == '\0') {
        return l[2] - '0';
    }
    return 5;
}

int main(int argc, char **argv)
{
    (void)argc;
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    static Ctx ctx;
    static char about[160];
    ctx.level = level_from_name(argv[0]);
    snprintf(about, sizeof about,
             "name=\"Gomoku.app level %d\", version=\"" GOMOKUAPP_VERSION
             "\", author=\"Nicola Pero, David Relson (adapter: Gomoku developers)\", "
             "country=\"IT\"",
             ctx.level);
    PbrainEngine e = {
        .about = about,
        /* The patterns are five long; a smaller board has no five. */
        .min_size = 5,
        .max_size = PBRAIN_LOOP_MAX_SIZE,
        .ctx = &ctx,
        .new_board = gk_new_board,
        .place = gk_place,
        .think = gk_think,
    };
    pbrain_loop_run(&e, stdin, stdout);
    [pool release];
    return 0;
}
