/* pbrain-gridlock: the Gomoku AI of Gridlock.app (Brian Nenninger, MIT
 * licence) behind the Gomocup protocol.  This file is ours; it is compiled
 * with Gridlock's unmodified game and AI classes, fetched from Debian by
 * tools/opponents/fetch-and-build.sh.
 *
 * Gridlock's AI is an alpha-beta search over every empty point with a
 * threat-counting evaluation.  Its menu offers "Easy" (depth 1) and "Hard"
 * (depth 2); pbrain-gridlock-easy and pbrain-gridlock-hard pick those by
 * the program's name (plain pbrain-gridlock is Hard).  Ties are broken by
 * Gridlock's own random move order, seeded with a constant so that a match
 * can be replayed. */
#include <Foundation/Foundation.h>
#include <stdlib.h>
#include <string.h>

#include "GomokuAI.h"
#include "GomokuGame.h"
#include "DCHypergridPosition.h"
#include "pbrain_loop.h"

typedef struct Ctx {
    int size;
    int depth;
    /* The position as stones in arrival order; the game is rebuilt from it
     * before each search so the engine's move counter and caches are
     * exactly what its own play would have produced. */
    int n;
    int xs[PBRAIN_LOOP_MAX_SIZE * PBRAIN_LOOP_MAX_SIZE];
    int ys[PBRAIN_LOOP_MAX_SIZE * PBRAIN_LOOP_MAX_SIZE];
    int who[PBRAIN_LOOP_MAX_SIZE * PBRAIN_LOOP_MAX_SIZE];
} Ctx;

static int gl_new_board(void *ctx, int size)
{
    Ctx *c = ctx;
    c->size = size;
    c->n = 0;
    return 0;
}

static void gl_place(void *ctx, int x, int y, int who)
{
    Ctx *c = ctx;
    c->xs[c->n] = x;
    c->ys[c->n] = y;
    c->who[c->n] = who;
    c->n++;
}

/* Player 1 in Gridlock's game is always the side to move (us). */
static GomokuGame *build_game(const Ctx *c)
{
    GomokuGame *game = [[[GomokuGame alloc] init] autorelease];
    NSNumber *n = [NSNumber numberWithInt:c->size];
    [game setConfigurationInfo:[NSDictionary dictionaryWithObjectsAndKeys:n, @"rows", n, @"cols",
                                                                           nil]];
    [game reset];
    for (int i = 0; i < c->n; i++) {
        [game setCurrentPlayerNumber:(c->who[i] == PBRAIN_OWN ? 1 : 2)];
        id pos = [DCHypergridPosition positionWithRow:c->ys[i] column:c->xs[i]];
        [game makeMoveSequence:[NSArray arrayWithObject:pos]];
    }
    [game setCurrentPlayerNumber:1];
    return game;
}

static int gl_think(void *ctx, int *x, int *y)
{
    Ctx *c = ctx;
    int rc = -1;
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    GomokuGame *game = build_game(c);
    GomokuAI *ai = [[[GomokuAI alloc] init] autorelease];
    [ai setDepth:c->depth];
    [ai setUseThreads:0];
    NSDictionary *info = [ai bestMoveInfoForGame:game];
    NSArray *move = [info objectForKey:@"move"];
    if ([move count] > 0) {
        DCHypergridPosition *pos = [move lastObject];
        *x = [pos column];
        *y = [pos row];
        gl_place(c, *x, *y, PBRAIN_OWN);
        rc = 0;
    }
    [pool release];
    return rc;
}

static int depth_from_name(const char *argv0)
{
    const char *base = strrchr(argv0, '/');
    base = base != NULL ? base + 1 : argv0;
    size_t n = strlen(base);
    if (n >= 5 && strcmp(base + n - 5, "-easy") == 0) {
        return 1;
    }
    return 2;
}

int main(int argc, char **argv)
{
    (void)argc;
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    static Ctx ctx;
    static char about[160];
    ctx.depth = depth_from_name(argv[0]);
    srandom(1);
    snprintf(about, sizeof about,
             "name=\"Gridlock Gomoku %s\", version=\"" GRIDLOCK_VERSION
             "\", author=\"Brian Nenninger (adapter: Gomoku developers)\", country=\"US\"",
             ctx.depth == 1 ? "Easy" : "Hard");
    PbrainEngine e = {
        .about = about,
        .min_size = 5,
        .max_size = PBRAIN_LOOP_MAX_SIZE,
        .ctx = &ctx,
        .new_board = gl_new_board,
        .place = gl_place,
        .think = gl_think,
    };
    pbrain_loop_run(&e, stdin, stdout);
    [pool release];
    return 0;
}
