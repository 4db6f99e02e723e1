/*
 * puzzle.h - one puzzle: a position, what the side to move must do there
 * (win, or stop the opponent's win), its solution, themes and rating; and
 * the one-line text form the puzzle files use (docs/puzzles.md).
 *
 * A puzzle line reads
 *
 *   ID SIZE RULE K GOAL THEMES RATING PLIES : MOVES : SOLUTION
 *
 * for example
 *
 *   3f9a01c2 15 freestyle 5 win vcf 1320 5 : h8 i9 ... : j10 k11 j11 j12 j9
 *
 * The position is MOVES played from the empty board (colours alternate,
 * black first); the side to move is the one whose turn it is after them.
 * For GOAL win, SOLUTION is the main line of the forced win: the solver's
 * move, the defender's most stubborn reply, ... and the winning move last
 * (PLIES moves).  For GOAL defend, SOLUTION lists every move that holds
 * against the opponent's forced win of PLIES plies; any other move loses.
 * Nothing here searches: the moves and the solution are checked against
 * the rules only (legal, no game already over, a winning last move).
 */
#ifndef GOMOKU_PUZZLE_H
#define GOMOKU_PUZZLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "rules.h"

#define PUZZLE_ID_LEN       8  /* hex digits */
#define PUZZLE_SOLUTION_MAX 63 /* moves of a winning line */
#define PUZZLE_DEFENCES_MAX 8  /* moves that hold, for GOAL defend */
#define PUZZLE_RATING_MIN   400
#define PUZZLE_RATING_MAX   3000
#define PUZZLE_LINE_MAX     4096 /* longest line puzzle_format writes, NUL included */

typedef enum PuzzleGoal {
    PUZZLE_GOAL_WIN = 0, /* to move and win */
    PUZZLE_GOAL_DEFEND,  /* to move: stop the opponent's forced win */
    PUZZLE_GOAL_COUNT
} PuzzleGoal;

/* Themes, as bits of Puzzle.themes. */
typedef enum PuzzleTheme {
    PUZZLE_THEME_VCF = 1u << 0,       /* the win is by fours alone */
    PUZZLE_THEME_VCT = 1u << 1,       /* the win needs threes too */
    PUZZLE_THEME_DEFENCE = 1u << 2,   /* find the move that holds */
    PUZZLE_THEME_FORBIDDEN = 1u << 3, /* renju: a forbidden point decides it */
    PUZZLE_THEME_MINE = 1u << 4,      /* cut from the player's own game */
    PUZZLE_THEME_ALL = (1u << 5) - 1u
} PuzzleTheme;

typedef struct Puzzle {
    char id[PUZZLE_ID_LEN + 1]; /* lowercase hex, NUL-terminated */
    int size;
    Rules rules;
    PuzzleGoal goal;
    unsigned themes; /* PuzzleTheme bits */
    int rating;      /* PUZZLE_RATING_MIN..PUZZLE_RATING_MAX */
    int plies;       /* length of the forced win (the solver's, or the one stopped) */
    int nmoves;
    Move moves[BOARD_MAX_CELLS];
    int nsolution;
    Move solution[PUZZLE_SOLUTION_MAX];
} Puzzle;

/* Reads one line (len bytes, without its newline; need not be
 * NUL-terminated) into *out.  Returns 0 for a puzzle, 1 for a line with no
 * puzzle (blank, or a comment starting with '#'), or -1 with the reason in
 * err (errlen bytes, may be NULL) for anything else: a malformed field, a
 * move off the board or illegal, a game already over, a solution that
 * does not fit the goal.  *out is only meaningful after 0. */
int puzzle_parse(const char *line, size_t len, Puzzle *out, char *err, size_t errlen);

/* Writes p as one line (no newline) into buf (cap bytes, NUL-terminated).
 * Returns its length, or -1 when cap is too small or p is not valid (the
 * checks of puzzle_parse, which reads the line back into an equal
 * puzzle). */
int puzzle_format(const Puzzle *p, char *buf, size_t cap);

/* Sets *b to p's position and *to_move to the side to move.  Returns 0, or
 * -1 when the moves are not a legal game still going on. */
int puzzle_position(const Puzzle *p, Board *b, Stone *to_move);

/* Checks p as puzzle_parse does (the fields' ranges, the moves, the
 * solution against the goal).  Returns 0, or -1 with the reason in err. */
int puzzle_check(const Puzzle *p, char *err, size_t errlen);

/* Returns m seen through symmetry sym (0..7: the four rotations, each
 * with or without a mirror) of a size x size board; MOVE_NONE stays. */
Move puzzle_sym(Move m, int size, int sym);

/* Writes the id of p's position into p->id: a hash of the stones, the side
 * to move, the size, the rules and the goal, the same under every
 * symmetry of the board, so that one position met twice (mirrored or
 * turned) is known as one puzzle. */
void puzzle_make_id(Puzzle *p);

/* Returns the word of one theme bit ("vcf", "vct", "defence",
 * "forbidden", "mine"), or NULL for anything else. */
const char *puzzle_theme_word(unsigned theme);

/* Returns "win" or "defend". */
const char *puzzle_goal_word(PuzzleGoal g);

#endif
