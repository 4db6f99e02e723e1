/*
 * rules.h - what wins and what is forbidden, for any win length k.
 *
 * Pure functions over a Board; no state.  Renju is defined for k = 5 only:
 * black may not make an overline, a double four or a double three, and
 * white wins with five or more.  The double-three test is the real one:
 * a three counts only if it can become a straight four by a move that is
 * not itself forbidden, checked recursively.
 */
#ifndef GOMOKU_RULES_H
#define GOMOKU_RULES_H

#include <stdbool.h>

#include "board.h"

#define RULES_MIN_K 1
#define RULES_MAX_K 6

typedef enum RuleKind {
    RULE_FREESTYLE = 0, /* k or more in a row wins */
    RULE_EXACT = 1,     /* exactly k in a row wins; longer lines do not */
    RULE_RENJU = 2      /* k = 5; forbidden points for black */
} RuleKind;

typedef struct Rules {
    RuleKind kind;
    int k; /* win length, RULES_MIN_K..RULES_MAX_K */
} Rules;

typedef enum Forbidden {
    FORBID_NONE = 0,
    FORBID_OVERLINE,
    FORBID_DOUBLE_FOUR,
    FORBID_DOUBLE_THREE
} Forbidden;

/* Returns true when the combination is playable (renju needs k = 5). */
bool rules_valid(Rules r);

/* Returns the longest line of colour s through (x, y), which must hold s,
 * in direction (dx, dy) (both directions are walked). */
int rules_line_length(const Board *b, int x, int y, int dx, int dy, Stone s);

/* Returns true when the stone at m (already on the board) wins for its
 * colour under r.  When it does and line is not NULL, writes the cells of
 * the winning line (all of them, in order along the line; at most
 * BOARD_MAX_SIZE) to line and their number to *line_len. */
bool rules_is_win(const Board *b, Rules r, Move m, Move *line, int *line_len);

/* Returns true when the colour s would win by playing the empty point m. */
bool rules_wins_if_played(const Board *b, Rules r, Move m, Stone s);

/* Returns why the empty point m is forbidden for black under r, or
 * FORBID_NONE (always FORBID_NONE unless r.kind == RULE_RENJU, and for a
 * move that makes exactly five). */
Forbidden rules_forbidden(const Board *b, Rules r, Move m);

/* Whether a side may play a point: the one legality check of the project
 * (the game, the engine, the brain and the match tools all ask this). */
typedef enum RulesMove {
    RULES_MOVE_OK = 0,
    RULES_MOVE_OFF_BOARD, /* not a point of the board */
    RULES_MOVE_OCCUPIED,  /* a stone is already there */
    RULES_MOVE_FORBIDDEN  /* renju: forbidden for black (*why says which) */
} RulesMove;

/* Returns whether to_move may play m on b under r.  When m is forbidden and
 * why is not NULL, writes the reason to *why (else FORBID_NONE).  Does not
 * look at whether the game is already decided: that is the Game's to say. */
RulesMove rules_check_move(const Board *b, Rules r, Stone to_move, Move m, Forbidden *why);

/* Returns true when rules_check_move(b, r, to_move, m, NULL) is RULES_MOVE_OK. */
bool rules_is_legal(const Board *b, Rules r, Stone to_move, Move m);

/* Returns a short English name of f ("overline", "double four", ...). */
const char *rules_forbidden_name(Forbidden f);

/* Returns a short English name of the rule ("Freestyle", "Exact", "Renju"). */
const char *rules_kind_name(RuleKind kind);

/* The rules as saved games, settings, puzzle sets and command lines name
 * them, indexed by RuleKind. */
#define RULES_KIND_COUNT 3
extern const char *const RULES_KIND_WORDS[RULES_KIND_COUNT];

/* Returns kind's word ("freestyle", "exact", "renju"; "freestyle" for
 * anything else). */
const char *rules_kind_word(RuleKind kind);

/* Reads a rule's word (exactly, lower case) into *out.  Returns 0, or -1
 * when w names no rule (*out unchanged). */
int rules_kind_from_word(const char *w, RuleKind *out);

#endif
