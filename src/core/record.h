/*
 * record.h - game records: the Record value, its validation and the
 * bridge to Game.  The file formats are above it: our text format,
 * record_text.h; Piskvork's .psq, record_psq.h; reading either,
 * record_read.h.
 *
 * A Record is a plain value (a few KB, copy it freely): board size, rules,
 * the move list with optional per-move times, who played, the result and a
 * review cursor.  Everything here works on strings and buffers; reading and
 * writing files is the app's business (see src/app/store/storage.h).  The format
 * is documented in docs/file-format.md.
 *
 * Coordinates in text use standard gomoku notation: a letter for the
 * column, left to right, 'a' = column 0 (no letter is skipped, so a 22x22
 * board uses a..v), then a number for the row counted from the BOTTOM,
 * 1 = the bottom row.  Move.y counts from the top, so Move{x, y} is written
 * as letter ('a' + x) and number (size - y).  On 15x15, h8 is the centre.
 *
 * Every parser is strict: on any error it returns -1, leaves *out in an
 * unspecified but valid state (safe to reuse or ignore), and writes one
 * English line to err such as "line 7: move 'z99' is off a 15x15 board".
 * No parser reads past len, none needs a NUL terminator, none allocates
 * more than the output it returns.
 */
#ifndef GOMOKU_RECORD_H
#define GOMOKU_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "game.h"
#include "rules.h"

/* The version written in the "gomoku-record N" line. */
#define RECORD_FORMAT_VERSION 1
/* Capacity of every text field, terminator included; longer input is an
 * error when parsing and is cut (at a UTF-8 character boundary) when set
 * with record_set_text. */
#define RECORD_TEXT_MAX 64
/* Longest move name, "v22" plus terminator. */
#define RECORD_MOVE_NAME_MAX 8
/* Files larger than this are refused by the parsers (a full 22x22 game
 * with times is about 6 KB). */
#define RECORD_MAX_TEXT_BYTES (256 * 1024)
/* Room for the lines of a record this program keeps without reading them
 * (Record.extra): a player's comment lines and extension keys it does not
 * know.  More than this and the record says so (extra_lost). */
#define RECORD_EXTRA_MAX 8192

/* Who sat on one side. */
typedef enum RecordPlayerKind {
    RECORD_PLAYER_UNKNOWN = 0,
    RECORD_PLAYER_HUMAN,
    RECORD_PLAYER_COMPUTER
} RecordPlayerKind;

typedef struct RecordPlayer {
    RecordPlayerKind kind;
    char name[RECORD_TEXT_MAX]; /* UTF-8, may be empty; no control characters but tab */
} RecordPlayer;

/* How a finished game ended.  RECORD_END_BOARD means "as the board shows"
 * (a winning line, or a full board for a draw); the others explain a win
 * the board alone does not show. */
typedef enum RecordEnd {
    RECORD_END_NONE = 0, /* ongoing, or not stated */
    RECORD_END_BOARD,    /* line or full board */
    RECORD_END_TIME,     /* the loser's clock ran out */
    RECORD_END_RESIGN    /* the loser resigned */
} RecordEnd;

/* The opening rule of a five-in-a-row game (docs/file-format.md,
 * "x-opening"): standard (black simply starts), swap (the first player
 * places three stones, black, white, black, and the second chooses a
 * colour) or swap2 (the second may instead place two more, white and
 * black, and let the first choose). */
typedef enum RecordOpening {
    RECORD_OPENING_STANDARD = 0,
    RECORD_OPENING_SWAP,
    RECORD_OPENING_SWAP2,
    RECORD_OPENING_COUNT
} RecordOpening;

/* A decision of the opening: the chooser takes black (the other side plays
 * white's next move), takes white (and plays it), or under swap2 places
 * two more stones. */
typedef enum RecordChoice {
    RECORD_CHOICE_NONE = 0,
    RECORD_CHOICE_TAKE_BLACK,
    RECORD_CHOICE_TAKE_WHITE,
    RECORD_CHOICE_PLACE_TWO,
    RECORD_CHOICE_COUNT
} RecordChoice;

/* Longest proof line one analysed position keeps, and room for all of a
 * record's lines together (a game has few forced wins on the board). */
#define RECORD_EVAL_PV_MAX  64
#define RECORD_EVAL_PV_POOL 4096

/* An engine's analysis of one position of the game (the review coach's
 * data), as the search reported it.  Saved as "x-eval" lines, which
 * readers of format 1 that predate them skip. */
typedef struct RecordEval {
    bool have;          /* the position was analysed */
    bool have_second;   /* second holds a bound */
    int16_t depth;      /* 0: answered without a search (the one reply to a four) */
    int16_t mate_plies; /* > 0: the side to move wins in this many plies; < 0: loses; 0: unknown */
    int32_t score;      /* the engine's score, the side to move's view */
    int32_t second;     /* upper bound of the best move other than best */
    Move best;          /* the engine's choice; MOVE_NONE: none */
    uint16_t pv_start;  /* the proof line: pv_len moves at eval_pv[pv_start] */
    uint16_t pv_len;
} RecordEval;

typedef struct Record {
    int size; /* BOARD_MIN_SIZE..BOARD_MAX_SIZE */
    Rules rules;
    int count;                        /* moves in moves[] */
    Move moves[BOARD_MAX_CELLS];      /* black first, then alternating */
    int32_t time_ms[BOARD_MAX_CELLS]; /* thinking time of each move; -1 unknown */
    int cursor;                       /* review position: moves shown, 0..count */
    RecordPlayer black, white;
    char preset[RECORD_TEXT_MAX]; /* engine strength name, e.g. "Hard"; may be empty */
    char date[RECORD_TEXT_MAX];   /* when the game started, ISO 8601 UTC; may be empty */
    int32_t clock_ms;             /* per-side time limit; 0 = no clock */
    GameResult result;            /* GAME_ONGOING when unfinished */
    RecordEnd end;                /* why it ended (RECORD_END_NONE while ongoing) */
    /* The opening rule and its decisions in order: choice[0] after the
     * third stone, choice[1] after the fifth (only after PLACE_TWO);
     * RECORD_CHOICE_NONE while not made.  Saved as one "x-opening" line,
     * which readers that predate it keep without reading. */
    RecordOpening opening;
    RecordChoice choice[2];
    RecordEval eval[BOARD_MAX_CELLS + 1]; /* analysis of positions 0..count (after i moves) */
    Move eval_pv[RECORD_EVAL_PV_POOL];    /* the proof lines of eval[] */
    int eval_pv_used;
    /* The format version the file said (record_parse); RECORD_FORMAT_VERSION
     * for a record made here.  Greater: a newer program wrote it and it was
     * read as far as this one understands it, so it must not be written
     * back over its file (docs/file-format.md, "Versions"). */
    int version;
    /* Lines kept as they were, each ending in '\n': comment lines and
     * extension keys ("x-...") this program does not read.  The first
     * extra_head bytes came before the first move and are written before
     * the moves, the rest after them.  extra_lost: there were more than
     * RECORD_EXTRA_MAX bytes of them, so writing the record back over its
     * file would lose some. */
    char extra[RECORD_EXTRA_MAX];
    int extra_len, extra_head;
    bool extra_lost;
} Record;

/* Sets *r to an empty record of the given size and rules: no moves, no
 * times, no metadata, no extra lines, version RECORD_FORMAT_VERSION,
 * result ongoing.  Returns 0, or -1 (and leaves *r an
 * empty 15x15 freestyle k=5 record) when size or rules are invalid. */
int record_init(Record *r, int size, Rules rules);

/* Appends m with its thinking time (-1 = unknown) and moves the cursor to
 * the end.  Only checks that m is on the board and there is room; legality
 * is checked by record_validate / record_to_game.  Returns 0 or -1. */
int record_add_move(Record *r, Move m, int32_t time_ms);

/* Stores the analysis of position pos (0..count) with its proof line
 * (pv_len moves, at most RECORD_EVAL_PV_MAX; pv may be NULL when pv_len is
 * 0).  A line that no longer fits the record's pool is dropped, the rest
 * is kept.  Returns 0, or -1 when pos is out of range. */
int record_set_eval(Record *r, int pos, const RecordEval *ev, const Move *pv, int pv_len);

/* Returns whether e was recorded without a search (the one reply to a
 * four): analysed, but its score says nothing. */
bool record_eval_unscored(const RecordEval *e);

/* Copies src into dst (capacity RECORD_TEXT_MAX) as a text field keeps
 * it: control characters but tab dropped, an invalid byte as '?', blanks
 * (space, tab) trimmed at both ends, cut at a UTF-8 character boundary if
 * too long.  NULL src gives "".  What it gives is written and read back
 * unchanged by our format, and giving it its own output changes nothing. */
void record_set_text(char dst[RECORD_TEXT_MAX], const char *src);

/* Writes the name of m on a size x size board ("h8") to out and returns
 * out; writes "--" and returns out when m is off the board. */
char *record_move_name(Move m, int size, char out[RECORD_MOVE_NAME_MAX]);

/* Parses a move name ("h8", case-insensitive) on a size x size board.
 * Returns 0, -1 when it is not a move name at all, or -2 when it is a
 * well-formed name off this board. */
int record_parse_move(const char *s, size_t len, int size, Move *out);

/* Returns "black", "white", "draw" or "ongoing" (the words the format uses). */
const char *record_result_word(GameResult res);

/* Returns the format's word for an opening rule ("standard", "swap",
 * "swap2") or a choice ("take-black", "take-white", "place-two"; "" for
 * none). */
const char *record_opening_word(RecordOpening o);
const char *record_choice_word(RecordChoice c);

/* Checks that r's opening agrees with its moves: a swap rule only with
 * k = 5; a first choice only once three stones are down, and one made
 * before a fourth; place-two only under swap2; a second choice only after
 * place-two, with five stones down, and one made before a sixth.  Returns
 * 0, or -1 with a sentence in err. */
int record_check_opening(const Record *r, char *err, size_t errlen);

/* Checks that r is self-consistent: valid size and rules, every move on
 * the board, on an empty point, not forbidden, none after the game was
 * decided on the board, cursor in range, and the stated result agreeing
 * with the board (a win shown on the board must be the stated result; a
 * stated win the board does not show needs RECORD_END_TIME or _RESIGN),
 * and the opening agreeing with the moves (record_check_opening).
 * Returns 0, or -1 with a message naming the move number. */
int record_validate(const Record *r, char *err, size_t errlen);

/* Builds a record of g's played moves (not its redo list): size, rules,
 * moves, result (RECORD_END_BOARD when finished), cursor at the end, times
 * unknown, metadata empty.  Returns 0, or -1 when g is NULL. */
int record_from_game(const Game *g, Record *out);

/* Replays r into a new Game: all moves are played, then undone back to
 * r->cursor, so game_redo steps forward through the rest (review).
 * Returns the game (free with game_free) or NULL with a message when r is
 * not valid (see record_validate) or memory runs out. */
Game *record_to_game(const Record *r, char *err, size_t errlen);

#endif
