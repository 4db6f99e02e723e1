/*
 * player.h - one side of a match game: the in-process engine at a preset
 * (or a fixed depth), the greedy yardstick, or an external Gomocup brain.
 *
 * A Player lives for one game: make it with player_new, ask it for moves
 * with player_move whenever it is on turn, and free it at the end.
 */
#ifndef GOMOKU_PLAYER_H
#define GOMOKU_PLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ai/ai.h"
#include "ai/ai_custom.h"
#include "core/game.h"

typedef enum PlayerKind {
    PLAYER_PRESET = 0, /* "preset:NAME": ai_preset_limits(NAME) */
    PLAYER_DEPTH,      /* "depth:N": the engine at fixed depth N, nothing else limited */
    PLAYER_GREEDY,     /* "greedy": greedy.h */
    PLAYER_PBRAIN,     /* "pbrain:PATH": an external brain over pipes */
    PLAYER_CUSTOM,     /* "custom:depth=6,breadth=12,time=2000,threads=2": the Custom AI */
    PLAYER_NODES       /* "nodes:N[,K=V...]": the brain's engine with N nodes a move,
                        * knob K (an AiTune number) set to V: for fast self-play */
} PlayerKind;

#define PLAYER_PATH_MAX  1024
#define PLAYER_LABEL_MAX (PLAYER_PATH_MAX + 16)
#define PLAYER_INFO_MAX  8   /* INFO lines one player may be sent */
#define PLAYER_INFO_LEN  160 /* longest INFO line, "INFO " included */
#define PLAYER_TUNE_MAX  32  /* engine knobs one "nodes:" player may set */

typedef struct PlayerSpec {
    PlayerKind kind;
    AiPreset preset; /* PLAYER_PRESET */
    int depth;       /* PLAYER_DEPTH */
    AiCustom custom; /* PLAYER_CUSTOM */
    int64_t nodes;   /* PLAYER_NODES: node budget a move */
    int ntune;       /* PLAYER_NODES: knobs set, as tune[i] = {knob, value} */
    int tune[PLAYER_TUNE_MAX][2];
    char path[PLAYER_PATH_MAX]; /* PLAYER_PBRAIN */
    /* PLAYER_PBRAIN: when not NULL, the full argument vector to run instead
     * of path alone (argv[0] must be the program).  Not owned. */
    char *const *argv;
    char label[PLAYER_LABEL_MAX]; /* as given on the command line */
    /* PLAYER_PBRAIN: INFO lines sent after the match's own, before the
     * first move (player_spec_add_info); other kinds ignore them. */
    int ninfo;
    char info[PLAYER_INFO_MAX][PLAYER_INFO_LEN];
} PlayerSpec;

typedef struct PlayerConfig {
    int size;
    Rules rules;
    int time_per_move_ms; /* pbrain players: INFO timeout_turn, and the deadline */
    int engine_threads;   /* engine players: 0 = what the preset says */
    uint32_t seed;        /* engine imperfection and greedy tie-breaks */
    bool quiet_stderr;    /* pbrain players: send their stderr to /dev/null */
} PlayerConfig;

/* Parses "preset:NAME" (NAME case-insensitive, "Beginner".."Master"),
 * "depth:N", "custom:SETTINGS" (ai_custom.h; unnamed settings keep the
 * Custom AI's defaults), "nodes:N" or "nodes:N,K=V,..." (K an AiTune
 * number, ai_tune.h), "greedy" or "pbrain:PATH" into *out.  Returns 0, or -1 with a
 * message in err. */
int player_spec_parse(const char *text, PlayerSpec *out, char *err, size_t errlen);

/* Adds "KEY=VALUE" to s as the line "INFO KEY VALUE" (the Gomocup INFO
 * command, e.g. max_memory=268435456 or Rapfi's strength=30).  KEY is
 * letters, digits and '_'; VALUE is not empty and holds no blank or
 * control character.  Returns 0, or -1 with a message in err (a bad pair,
 * or more than PLAYER_INFO_MAX). */
int player_spec_add_info(PlayerSpec *s, const char *key_value, char *err, size_t errlen);

typedef struct Player Player;

/* A swap2 opening answer (the Gomocup SWAP2BOARD's): take black, or
 * stones: three on an empty board (black, white, black); after three, one
 * (take white and play it) or two (white, black: the other side chooses);
 * after five, one (take white and play it). */
typedef struct PlayerSwap2 {
    bool swap; /* takes black; no stones */
    int count;
    Move stones[3];
} PlayerSwap2;

/* Returns a player ready for a new game (a pbrain has been started and has
 * answered START), or NULL with a message in err. */
Player *player_new(const PlayerSpec *spec, const PlayerConfig *cfg, char *err, size_t errlen);

/* Asks p for its move in g's position, p being the side to move.  Returns
 * 0 with the move in *out (not yet checked for legality: that is the
 * referee's job), or -1 with the reason in err (engine failure, brain
 * crashed, timed out or answered garbage). */
int player_move(Player *p, const Game *g, Move *out, char *err, size_t errlen);

/* Asks p for its swap2 answer to g's position, which holds 0, 3 or 5
 * stones: a pbrain through SWAP2BOARD (the stones as "x,y,f", f 1 for the
 * colour the asked side would play: white for the responder after three,
 * black for the opener after five), an engine player through
 * ai_opening_answer within its limits, greedy by a fixed rule (three
 * stones at the centre; then take black).  Returns 0 with *out filled (its
 * shape and legality not yet checked: the referee's job), or -1 with the
 * reason in err (no answer in time, ERROR or UNKNOWN, the brain died). */
int player_swap2(Player *p, const Game *g, PlayerSwap2 *out, char *err, size_t errlen);

/* Ends p (a pbrain is sent END and given a second to exit).  NULL is allowed. */
void player_free(Player *p);

#endif
