/*
 * i18n.h - the UI's strings in English and Simplified Chinese.
 *
 * Every text the player can see is an I18nString id; i18n_get returns it in
 * the current language as UTF-8.  Strings named I18N_FMT_* are printf
 * formats; both languages take the same arguments in the same order (the
 * English text of each id is given in its comment, with its arguments).
 *
 * The current language is module-global state.  It is read and written by
 * the UI thread only (the AI worker never shows text), so it needs no lock.
 *
 * Font: the shipped subset assets/fonts/NotoSansSC-{Regular,Bold}-subset.otf
 * covers every string of both languages (test_i18n checks every glyph);
 * i18n_font_file names the file to load for a language.
 */
#ifndef GOMOKU_I18N_H
#define GOMOKU_I18N_H

#include <stdbool.h>
#include <stddef.h>

#include "ai/ai.h"
#include "core/record.h"
#include "core/rules.h"

typedef enum I18nLang {
    I18N_LANG_EN = 0, /* English */
    I18N_LANG_ZH,     /* Simplified Chinese */
    I18N_LANG_COUNT
} I18nLang;

typedef enum I18nString {
    /* Titles */
    I18N_APP_TITLE = 0, /* "Gomoku" (window and menu title) */
    I18N_SUBTITLE_K1,   /* the menu's subtitle for k = 1..6 (i18n_subtitle) */
    I18N_SUBTITLE_K2,
    I18N_SUBTITLE_K3,
    I18N_SUBTITLE_K4,
    I18N_SUBTITLE_K5, /* "Five in a row" */
    I18N_SUBTITLE_K6,

    /* Menu row labels */
    I18N_MENU_BOARD_SIZE,  /* "Board size" */
    I18N_MENU_WIN_LENGTH,  /* "Win length" */
    I18N_MENU_RULE,        /* "Rule" */
    I18N_MENU_DIFFICULTY,  /* "Difficulty" */
    I18N_MENU_CLOCK,       /* "Clock" */
    I18N_MENU_LANGUAGE,    /* "Language" */
    I18N_MENU_SOUND,       /* "Sound" */
    I18N_MENU_DEPTH,       /* "Search depth" (Custom AI) */
    I18N_MENU_BREADTH,     /* "Breadth" (Custom AI) */
    I18N_MENU_TIME,        /* "Time a move" (Custom AI) */
    I18N_MENU_THREADS,     /* "Threads" (Custom AI) */
    I18N_VALUE_CUSTOM,     /* "Custom" (the Difficulty row) */
    I18N_FMT_PLIES,        /* "%d plies" */
    I18N_FMT_MOVES_WIDE,   /* "%d moves" */
    I18N_FMT_SECONDS,      /* "%.1f s" */
    I18N_FMT_CUSTOM_SHORT, /* "Custom %d/%d/%.1fs" (depth, breadth, time) */

    /* Menu values */
    I18N_FMT_BOARD_SIZE,    /* "%d × %d" (size, size) */
    I18N_FMT_IN_A_ROW,      /* "%d in a row" (k) */
    I18N_VALUE_NONE,        /* "—" (a row that does not apply) */
    I18N_VALUE_ON,          /* "On" */
    I18N_VALUE_OFF,         /* "Off" */
    I18N_FMT_CLOCK_MIN,     /* "%d min" (minutes per side) */
    I18N_FMT_CLOCK_MIN_INC, /* "%d min + %d s" (minutes per side, increment seconds) */

    /* Rule names (see i18n_rule_name) */
    I18N_RULE_FREESTYLE, /* "Freestyle" */
    I18N_RULE_EXACT,     /* "Exact" */
    I18N_RULE_RENJU,     /* "Renju" */

    /* Menu hints under the options */
    I18N_HINT_MODE_YOU,        /* "You play Black and move first." */
    I18N_HINT_MODE_COMPUTER,   /* "The computer plays Black; you play White." */
    I18N_HINT_MODE_TWO_PEOPLE, /* "Two people take turns at this screen." */
    I18N_HINT_MODE_AI_VS_AI,   /* "Sit back and watch the computer play itself." */
    I18N_HINT_RENJU,           /* "Black may not make 3-3, 4-4 or overlines." */
    /* The same under a swap opening, where the mode names who opens */
    I18N_HINT_OPEN_YOU,        /* "You place three stones; the computer chooses a colour." */
    I18N_HINT_OPEN_COMPUTER,   /* "The computer places three stones; you choose a colour." */
    I18N_HINT_OPEN_TWO_PEOPLE, /* "One of you places three stones, the other chooses a colour." */
    I18N_HINT_OPEN_AI_VS_AI,   /* "The computer opens and chooses against itself." */

    /* The opening rule: the menu row, its values, the mode row's label */
    I18N_MENU_OPENING,     /* "Opening" */
    I18N_OPENING_STANDARD, /* "Standard" */
    I18N_OPENING_SWAP,     /* "Swap" */
    I18N_OPENING_SWAP2,    /* "Swap2" */
    /* The two roles of a swap opening (two people, or naming who decided) */
    I18N_ROLE_FIRST,    /* "The first player" (who places three) */
    I18N_ROLE_SECOND,   /* "The second player" (who chooses) */
    I18N_ROLE_COMPUTER, /* "The computer" */
    /* The panel during the opening: the headline and the status line */
    I18N_OPEN_HEAD_PLACE3,       /* "Opening: three stones" */
    I18N_OPEN_HEAD_CHOOSE,       /* "Opening: choose a colour" */
    I18N_OPEN_HEAD_PLACE2,       /* "Opening: two more stones" */
    I18N_OPEN_YOU_PLACE3,        /* "Place the first three stones: black, white, black." */
    I18N_FMT_OPEN_PLACE3,        /* "%s places the first three stones: black, white, black." */
    I18N_OPEN_YOU_CHOOSE,        /* "Your choice: take black, or take white and play." */
    I18N_OPEN_YOU_CHOOSE2,       /* "Your choice: take black, take white, or place two more." */
    I18N_FMT_OPEN_CHOOSE,        /* "%s: take black, or take white and play." */
    I18N_FMT_OPEN_CHOOSE2,       /* "%s: take black, take white, or place two more." */
    I18N_OPEN_YOU_PLACE2,        /* "Place two more stones: white, then black." */
    I18N_FMT_OPEN_PLACE2,        /* "%s places two more stones: white, then black." */
    I18N_OPEN_COMPUTER_PLACING,  /* "The computer is placing the opening stones" (dots follow) */
    I18N_OPEN_COMPUTER_CHOOSING, /* "The computer is choosing" (dots follow) */
    /* The decisions, as the panel and the review list them (%s: who) */
    I18N_FMT_CHOSE_BLACK, /* "%s took black" */
    I18N_FMT_CHOSE_WHITE, /* "%s took white" */
    I18N_FMT_CHOSE_TWO,   /* "%s placed two more" */
    /* The choice buttons */
    I18N_BTN_TAKE_BLACK, /* "Take black" */
    I18N_BTN_TAKE_WHITE, /* "Take white" */
    I18N_BTN_PLACE_TWO,  /* "Place two" */

    /* Difficulty presets (see i18n_preset_name) */
    I18N_PRESET_BEGINNER, /* "Beginner" */
    I18N_PRESET_EASY,     /* "Easy" */
    I18N_PRESET_MEDIUM,   /* "Medium" */
    I18N_PRESET_HARD,     /* "Hard" */
    I18N_PRESET_MASTER,   /* "Master" */

    /* Players */
    I18N_PLAYER_YOU,            /* "You" */
    I18N_PLAYER_COMPUTER,       /* "Computer" */
    I18N_PLAYER_BLACK,          /* "Black" */
    I18N_PLAYER_WHITE,          /* "White" */
    I18N_PLAYER_COMPUTER_BLACK, /* "Computer (Black)" */
    I18N_PLAYER_COMPUTER_WHITE, /* "Computer (White)" */

    /* Match-up line at the top of the side panel */
    I18N_MATCH_YOU_VS_COMPUTER, /* "You vs Computer" */
    I18N_MATCH_COMPUTER_VS_YOU, /* "Computer vs You" */
    I18N_MATCH_TWO_PLAYERS,     /* "Two players" */
    I18N_MATCH_AI_VS_AI,        /* "Computer vs Computer" */

    /* Buttons and toggles */
    I18N_BTN_PLAY,          /* "Play" */
    I18N_BTN_QUIT,          /* "Quit" */
    I18N_BTN_UNDO,          /* "Undo" */
    I18N_BTN_REDO,          /* "Redo" */
    I18N_BTN_NEW_GAME,      /* "New game" */
    I18N_BTN_MENU,          /* "Menu" */
    I18N_BTN_REMATCH,       /* "Rematch" */
    I18N_BTN_HINT,          /* "Hint" */
    I18N_BTN_SAVE,          /* "Save" */
    I18N_BTN_LOAD,          /* "Load" */
    I18N_BTN_OPEN,          /* "Open" */
    I18N_BTN_DELETE,        /* "Delete" */
    I18N_BTN_IMPORT,        /* "Import" */
    I18N_BTN_EXPORT_PSQ,    /* "Export .psq" */
    I18N_BTN_ANALYSIS,      /* "Analysis" */
    I18N_BTN_REVIEW,        /* "Review" */
    I18N_BTN_SETTINGS,      /* "Settings" */
    I18N_BTN_LANGUAGE,      /* "Language" */
    I18N_BTN_SOUND_ON,      /* "Sound on" */
    I18N_BTN_SOUND_OFF,     /* "Sound off" */
    I18N_BTN_SOUND_NONE,    /* "No audio" (the chip when there is no device) */
    I18N_VALUE_UNAVAILABLE, /* "Unavailable" (the menu's Sound row, no device) */
    I18N_SOUND_UNAVAILABLE, /* the notice when sound is asked for without a device */
    I18N_BTN_MOVE_NUMBERS,  /* "Move numbers" */
    I18N_BTN_COORDINATES,   /* "Coordinates" */
    I18N_BTN_FULLSCREEN,    /* "Fullscreen" */
    I18N_BTN_CLOCK,         /* "Clock" */
    I18N_BTN_BACK,          /* "Back" */
    I18N_BTN_CANCEL,        /* "Cancel" */
    I18N_BTN_OK,            /* "OK" */
    I18N_BTN_YES,           /* "Yes" */
    I18N_BTN_NO,            /* "No" */
    I18N_BTN_RESUME,        /* "Resume" */
    I18N_BTN_FIRST,         /* "First" (review: go to the start) */
    I18N_BTN_PREV,          /* "Previous" */
    I18N_BTN_NEXT,          /* "Next" */
    I18N_BTN_LAST,          /* "Last" */
    I18N_BTN_CLOSE,         /* "Close" */
    I18N_BTN_FORBIDDEN,     /* "Forbidden points" (toggle: mark renju forbidden points) */

    /* Game status */
    I18N_STATUS_BLACK_TO_MOVE,  /* "Black to move" */
    I18N_STATUS_WHITE_TO_MOVE,  /* "White to move" */
    I18N_STATUS_THINKING,       /* "Computer is thinking…" */
    I18N_FMT_SIDE_THINKING,     /* "%s is thinking" (player name; the caller may animate dots) */
    I18N_TAG_THINKING,          /* "thinking" (short tag beside a player; caller adds dots) */
    I18N_TAG_TO_MOVE,           /* "to move" */
    I18N_TAG_WINS,              /* "wins" */
    I18N_STATUS_YOUR_MOVE,      /* "Your move" */
    I18N_STATUS_YOUR_MOVE_DOT,  /* "Your move." (sentence in the status line) */
    I18N_STATUS_CLICK_TO_PLACE, /* "Click a point to place a stone." */
    I18N_STATUS_CLICK_TO_PLAY,  /* "Click a point to play." */
    I18N_RESULT_YOU_WIN,        /* "You win!" */
    I18N_RESULT_COMPUTER_WINS,  /* "Computer wins" */
    I18N_RESULT_BLACK_WINS,     /* "Black wins" */
    I18N_RESULT_WHITE_WINS,     /* "White wins" */
    I18N_RESULT_DRAW,           /* "Draw" */
    I18N_RESULT_BOARD_FULL,     /* "The board is full." */
    I18N_FMT_RESULT_LINE,       /* "%d in a row after %d moves" (line length, moves) */
    I18N_FMT_TIMEOUT,           /* "%s ran out of time" (player name) */
    I18N_FMT_MOVE_NUMBER,       /* "Move %d" (moves played) */
    I18N_FMT_SCORE,             /* "Score: %s %d · %s %d" (name, wins, name, wins) */
    I18N_FMT_SCORE_DRAWS,       /* " · draws %d" (draws; appended to I18N_FMT_SCORE) */
    I18N_GAME_OVER,             /* "Game over" */

    /* Forbidden moves (renju) */
    I18N_FORBIDDEN_DOUBLE_THREE, /* "Forbidden: double three" */
    I18N_FORBIDDEN_DOUBLE_FOUR,  /* "Forbidden: double four" */
    I18N_FORBIDDEN_OVERLINE,     /* "Forbidden: overline" */

    /* Engine */
    I18N_FMT_ENGINE_INFO,        /* "Engine played %s · depth %d · %s" (move, depth, time text) */
    I18N_FMT_ENGINE_BARE,        /* "Engine: depth %d · %s" (depth, time text): while it thinks */
    I18N_FMT_HINT_MOVE,          /* "Hint: %s" (coordinate, e.g. "H8"), when no chance is known */
    I18N_FMT_MILLISECONDS,       /* "%d ms" */
    I18N_FMT_WIN_CHANCE,         /* "Win chance: %s" (win chance text) */
    I18N_FMT_CANDIDATE,          /* "%d. %s %s" (rank, move, win chance text) */
    I18N_ENGINE_LINE_ON,         /* "Engine line shown" */
    I18N_BTN_ENGINE_LINE,        /* "Engine line" (the chip) */
    I18N_BTN_ENGINE_LINE_SHORT,  /* "Line": the chip where "Engine line" would be too small */
    I18N_BTN_MOVE_NUMBERS_SHORT, /* "Numbers" */
    I18N_BTN_COORDINATES_SHORT,  /* "Coords" */
    I18N_ENGINE_LINE_OFF,        /* "Engine line hidden" */
    I18N_HINT_NONE,              /* "No suggestion yet." */
    I18N_ANALYSIS_ON,            /* "Analysis on" */
    I18N_ANALYSIS_OFF,           /* "Analysis off" */
    I18N_HINT_SEARCHING,         /* "Looking for a hint…" */
    I18N_KEYS_HELP,              /* "Ctrl+Z undo · Ctrl+Y redo · H hint · N new game ·
                                  *  F11 fullscreen · Esc menu" (one line) */

    /* Review */
    I18N_REVIEW_TITLE,    /* "Review" */
    I18N_FMT_REVIEW_MOVE, /* "Move %d of %d" (current move, total moves) */
    I18N_REVIEW_START,    /* "Start of the game" */
    I18N_REVIEW_HELP,     /* "← → step · Home/End jump" */
    I18N_REVIEW_EVAL,     /* "Evaluation" (the graph's caption) */

    /* Win chance and the review coach */
    I18N_FMT_CHANCE,           /* "%s %d%%" (side, percent): a win chance, "Black 64%" */
    I18N_FMT_EVEN,             /* "Even %d%%" (50): neither side ahead */
    I18N_FMT_SIDE_WINS_IN,     /* "%s wins in %d" (side, the winner's moves) */
    I18N_FMT_SIDE_WON,         /* "%s won" (side): a forced result already on the board */
    I18N_FMT_HINT_LINE,        /* "Hint: %s · %s" (move, win chance) */
    I18N_FMT_BEST_MOVE,        /* "Best %s" (move) */
    I18N_MARK_BEST,            /* "Best move" */
    I18N_MARK_GOOD,            /* "Good move" */
    I18N_MARK_ONLY,            /* "Only move" */
    I18N_MARK_INACCURACY,      /* "Inaccuracy" */
    I18N_MARK_MISTAKE,         /* "Mistake" */
    I18N_MARK_BLUNDER,         /* "Blunder" */
    I18N_MARK_MISSED_WIN,      /* "Missed win" */
    I18N_FMT_ANALYSING,        /* "Analysing the game… %d / %d" (positions done, positions) */
    I18N_ANALYSIS_STOPPED,     /* "Analysis stopped · S resumes" */
    I18N_FMT_ACCURACY,         /* "accuracy %d%%" */
    I18N_BTN_CONTINUE,         /* "Play from here" */
    I18N_BTN_SHOW_WIN,         /* "Show the win" */
    I18N_BTN_PLAY_BLACK,       /* "Play Black" */
    I18N_BTN_PLAY_WHITE,       /* "Play White" */
    I18N_CONTINUE_ASK,         /* "Play on from this position: choose a side." */
    I18N_FMT_WIN_LINE_WORKING, /* "Showing %s's win: working out the next move…" (side) */
    I18N_FMT_WIN_LINE_DONE,    /* "%s wins in %d moves" (side, the winner's moves shown) */
    I18N_WIN_LINE_LOST,        /* "The win could not be followed further at the review's depth." */

    /* Files, saving, autosave */
    I18N_SAVED_GAMES,        /* "Saved games" */
    I18N_NO_SAVED_GAMES,     /* "No saved games yet." */
    I18N_FILE_NAME,          /* "File name" */
    I18N_GAME_SAVED,         /* "Game saved." */
    I18N_FMT_SAVED_AS,       /* "Saved as %s" (file name) */
    I18N_RESUME_QUESTION,    /* "Resume the unfinished game?" */
    I18N_FMT_RESUME_KEEP,    /* "New game keeps it in Saved games as “%s”." (name) */
    I18N_FMT_LEAVE_QUESTION, /* "Leave the game in progress? It stays in Saved games as “%s”." */
    I18N_BTN_LEAVE,          /* "Leave it" */
    I18N_LEAVE_UNKEPT, /* "Leave the game in progress? With no data folder it cannot be kept." */
    I18N_BTN_KEEP_PLAYING,    /* "Keep playing" */
    I18N_FMT_KEPT_UNFINISHED, /* "The game in progress is in Saved games as “%s”." (name) */
    I18N_UNFINISHED_NAME,     /* "Unfinished" (the start of the name it is kept under) */
    I18N_FMT_LAST_MOVE_AT,    /* "last move %s" (date and time) */
    I18N_QUIT_QUESTION,       /* "Quit Gomoku?" (Esc on the menu) */
    I18N_FMT_OPEN_FAILED,     /* "Could not open %s: %s" (file, reason) */
    I18N_FMT_SAVE_FAILED,     /* "Could not save %s:\n%s" (file; the reason on its own line) */
    I18N_FMT_FILE_CORRUPT,    /* "%s is damaged or not a game record: %s" (file, reason) */
    I18N_SETTINGS_CORRUPT,    /* "The settings file is damaged; defaults are used. ..." */
    I18N_FMT_DELETE_CONFIRM,  /* "Delete %s?" (file name) */
    I18N_FMT_OPENED,          /* "Opened %s" (file name) */
    I18N_FMT_MOVES_COUNT,     /* "%d moves" (in the file list) */
    I18N_SAVE_TITLE,          /* "Save game" (the name dialog's title) */
    I18N_SAVE_HELP,           /* "Enter saves · Esc cancels" (under the name field) */
    I18N_BTN_REPLACE,         /* "Replace" */
    I18N_FMT_REPLACE_CONFIRM, /* "%s already exists. Replace it?" (name) */
    I18N_NAME_EMPTY,          /* "Type a name for the game." */
    I18N_NAME_TOO_LONG,       /* "That name is too long." */
    I18N_NAME_BAD_TEXT,       /* "That name is not valid text." */
    I18N_NAME_BAD_CHAR,       /* "A name cannot contain / \ : * ? " < > |" */
    I18N_NAME_BAD_EDGE,       /* "A name cannot start or end with a dot or a space." */
    I18N_NAME_RESERVED,       /* "That name is reserved by Windows." */

    /* Errors shown in the status line */
    I18N_FMT_AI_FAILED, /* "The computer cannot move: %s" (reason) */
    I18N_AI_NO_MOVE,    /* "The computer could not find a move." */
    I18N_BAD_OPTIONS,   /* "Cannot start a game with these options." */
    I18N_MOVE_REFUSED,  /* "That point is taken." */

    /* The help page (F1) */
    I18N_HELP_TITLE,     /* "Keys and rules" */
    I18N_HELP_OPEN,      /* "F1 help" (the menu's bottom line) */
    I18N_HELP_PLACE,     /* "move the cursor, place a stone" */
    I18N_HELP_UNDO,      /* "undo, redo" */
    I18N_HELP_HINT,      /* "hint, analysis" */
    I18N_HELP_MARKS,     /* "move numbers, coordinates, last move, forbidden points" */
    I18N_HELP_SOUND,     /* "sound on or off" */
    I18N_HELP_REVIEW,    /* "review; step, jump" */
    I18N_HELP_COACH,     /* "review: analysis on/off, show the win, play from here" */
    I18N_HELP_FILES,     /* "save, saved games" */
    I18N_HELP_GAME,      /* "new game, back" */
    I18N_HELP_WINDOW,    /* "fullscreen, quit" */
    I18N_HELP_FREESTYLE, /* "Freestyle: k or more in a row wins." */
    I18N_HELP_EXACT,     /* "Exact: exactly k in a row wins; a longer line does not." */
    I18N_HELP_RENJU,     /* "Renju (five only): black may not make an overline, a double four
                          * or a double three." */
    I18N_HELP_SWAP,      /* "Swap, swap2 (five only): one places black, white, black; ..." */
    I18N_HELP_CLOSE,     /* "Esc or F1 closes this page." */

    /* The file list's details, opening and exporting files */
    I18N_FMT_CANNOT_OPEN,  /* "Cannot open %s" (file name; a dialog's headline, the reason after) */
    I18N_FMT_EXPORTED,     /* "Exported %s" (file name; a dialog's headline, the full path after) */
    I18N_BTN_OPEN_FOLDER,  /* "Open folder" */
    I18N_FILES_RESULT,     /* "Result" (a label in the file list's details) */
    I18N_FILES_MOVES,      /* "Moves" */
    I18N_FILES_BOARD,      /* "Board" */
    I18N_FILES_DATE,       /* "Date" */
    I18N_FILES_FILE_SIZE,  /* "File size" */
    I18N_FILES_FOLDER,     /* "Folder" */
    I18N_FILES_BLACK_WON,  /* "Black won" (a saved game's result) */
    I18N_FILES_WHITE_WON,  /* "White won" */
    I18N_FILES_UNFINISHED, /* "Unfinished" */
    I18N_FILES_DAMAGED,    /* "Damaged file" */

    /* Files never lost or changed behind the player's back (issue 11) */
    I18N_AUTOSAVE_FAILED,     /* "The game in progress cannot be saved automatically:" (a
                               * dialog's headline, the reason after) */
    I18N_FMT_READ_ONLY_NEWER, /* "%s was saved by a newer version of Gomoku: ..." (file name) */
    I18N_SETTINGS_WARNINGS,   /* "Some settings could not be read and use their defaults..." */
    I18N_SETTINGS_NEWER,      /* "The settings file was written by a newer version..." */
    I18N_FMT_KEPT_ASIDE,      /* "%s is kept as %s." (file name, its new name) */
    I18N_FMT_WHY_DISK_FULL,   /* "The disk is full: %s" (path; the reason under a headline) */
    I18N_FMT_WHY_NO_ACCESS,   /* "This folder cannot be written to: %s" (path) */
    I18N_FMT_WHY_FOLDER,      /* "A folder of that name is in the way: %s" (path) */

    /* The menu's Players row (issue 27): who plays whom, one value per
     * PlayerMode in order; under a swap opening the first two say who
     * places the first stones */
    I18N_MENU_PLAYERS,           /* "Players" */
    I18N_PLAYERS_YOU_BLACK,      /* "You (black) vs computer" */
    I18N_PLAYERS_YOU_WHITE,      /* "Computer vs you (white)" */
    I18N_PLAYERS_TWO,            /* "Two players" */
    I18N_PLAYERS_COMPUTERS,      /* "Computer vs computer" */
    I18N_PLAYERS_YOU_OPEN,       /* "You open vs computer" (swap: you place the first stones) */
    I18N_PLAYERS_COMPUTER_OPENS, /* "Computer opens vs you" */
    /* The menu's hint under swap2: what the chooser may do */
    I18N_HINT_SWAP2_YOU,      /* "You place three stones; the computer takes black or white, or
                               * places two more and lets you choose." */
    I18N_HINT_SWAP2_COMPUTER, /* "The computer places three stones; you take black or white, or
                               * place two more and let it choose." */
    I18N_HINT_SWAP2_TWO,      /* "One of you places three stones; the other takes black or
                               * white, or places two more and lets the first choose." */
    I18N_HINT_SWAP2_AI,       /* "The computer opens, then takes a colour or places two more,
                               * against itself." */

    /* The puzzle trainer (scenes/scene_puzzle.c) */
    I18N_BTN_PUZZLES,              /* "Puzzles" */
    I18N_BTN_TRY_AGAIN,            /* "Try again" */
    I18N_BTN_SOLUTION,             /* "Solution" */
    I18N_BTN_NEXT_PUZZLE,          /* "Next" */
    I18N_BTN_DAILY,                /* "Daily" */
    I18N_BTN_THEME,                /* "Theme" */
    I18N_PUZZLE_TITLE,             /* "Puzzles" */
    I18N_PUZZLE_GOAL_WIN_BLACK,    /* "Black to play and win" */
    I18N_PUZZLE_GOAL_WIN_WHITE,    /* "White to play and win" */
    I18N_PUZZLE_GOAL_DEFEND_BLACK, /* "Black to move: stop White's win" */
    I18N_PUZZLE_GOAL_DEFEND_WHITE, /* "White to move: stop Black's win" */
    I18N_PUZZLE_YOUR_MOVE,         /* "Your move." */
    I18N_PUZZLE_GOOD,              /* "Good move! Keep going." */
    I18N_PUZZLE_CHECKING,          /* "Checking that move…" */
    I18N_FMT_PUZZLE_HOLDS,         /* "Not that: %s holds with %s." */
    I18N_FMT_PUZZLE_LOSES,         /* "Not that: %s wins with %s." */
    I18N_FMT_PUZZLE_LOSES_IN,      /* "Not that: %s wins with %s, in %d." */
    I18N_PUZZLE_ALSO_WINS,         /* "That wins too, but not by the line asked: try again." */
    I18N_PUZZLE_SOLVED,            /* "Solved!" */
    I18N_PUZZLE_SOLVED_HELPED,     /* "Solved, with a hint: not rated." */
    I18N_PUZZLE_SOLVED_AFTER,      /* "Solved, after a mistake." */
    I18N_PUZZLE_SHOWN,             /* "The solution, numbered on the board." */
    I18N_PUZZLE_DEFENCES,          /* "Moves that hold are marked." */
    I18N_PUZZLE_HINT_FIVE,         /* "Hint: make five, in the marked area." */
    I18N_PUZZLE_HINT_FOUR,         /* "Hint: a four, in the marked area." */
    I18N_PUZZLE_HINT_THREE,        /* "Hint: a three, in the marked area." */
    I18N_PUZZLE_HINT_DEFEND,       /* "Hint: the defence is in the marked area." */
    I18N_PUZZLE_NONE,              /* "No puzzles with this theme yet." */
    I18N_PUZZLE_DAILY,             /* "Daily puzzle" */
    I18N_FMT_PUZZLE_RATING,        /* "Your rating %d" */
    I18N_FMT_PUZZLE_RATING_MOVED,  /* "Your rating %d (%+d)" */
    I18N_FMT_PUZZLE_STREAK,        /* "Streak %d · best %d · solved %d of %d" */
    I18N_FMT_PUZZLE_INFO,          /* "Puzzle %s · rated %d" */
    I18N_FMT_PUZZLE_THEME,         /* "Theme: %s" */
    I18N_PUZZLE_THEME_ALL,         /* "All puzzles" */
    I18N_PUZZLE_THEME_VCF,         /* "Wins by fours" */
    I18N_PUZZLE_THEME_VCT,         /* "Wins with threes" */
    I18N_PUZZLE_THEME_DEFENCE,     /* "Defence" */
    I18N_PUZZLE_THEME_FORBIDDEN,   /* "Renju forbidden points" */
    I18N_PUZZLE_THEME_MINE,        /* "From my games" */
    I18N_PUZZLE_THEME_FREE15,      /* "15×15 freestyle" */
    I18N_PUZZLE_THEME_RENJU,       /* "Renju" */
    I18N_PUZZLE_THEME_EXACT,       /* "Exactly five" */
    I18N_PUZZLE_THEME_FOUR,        /* "Four in a row" */
    I18N_PUZZLE_THEME_SIX,         /* "Six in a row" */
    I18N_FMT_PUZZLE_HISTORY_BAD,   /* "Your puzzle history could not be read (%s). It was kept aside
                                      as %s, and a new one begins." */
    I18N_FMT_PUZZLE_SAVE_FAILED,   /* "Your puzzle history could not be saved: %s" */

    I18N_BTN_SAVE_PUZZLE,     /* "Save as puzzle" */
    I18N_PUZZLE_SAVED_MINE,   /* "Saved as a puzzle: Puzzles, theme From my games." */
    I18N_PUZZLE_ALREADY_MINE, /* "This puzzle is already in From my games." */
    I18N_PUZZLE_NO_PROOF,     /* "The analysis has no proof to make a puzzle of here." */

    I18N_FMT_PUZZLE_RECENT, /* "Last %d: %s" */

    I18N_STRING_COUNT
} I18nString;

/* Returns the text of id in the current language (UTF-8, static storage,
 * never NULL; "" for an id out of range). */
const char *i18n_get(I18nString id);

/* Formats the printf-style string id (an I18N_FMT_* id) of the current
 * language with the arguments into buf (always NUL-terminated when len > 0)
 * and returns what vsnprintf returns.  Use it instead of
 * snprintf(buf, len, i18n_get(id), ...): the build's -Wformat=2 rejects a
 * non-literal format, and the argument list is documented per id above
 * (test_i18n checks both languages take exactly those arguments). */
int i18n_format(char *buf, size_t len, I18nString id, ...);

/* Returns the text of id in lang (for tests and the language menu); ""
 * when either is out of range. */
const char *i18n_get_in(I18nLang lang, I18nString id);

/* Returns true when id has its own text in lang (i18n_get_in falls back to
 * English for a missing translation; this tells the tests). */
bool i18n_has(I18nLang lang, I18nString id);

/* Makes lang the current language; an out-of-range value is ignored.
 * UI thread only. */
void i18n_set_language(I18nLang lang);

/* Returns the current language (English until i18n_set_language). */
I18nLang i18n_language(void);

/* Returns the language the system prefers, from SDL_GetPreferredLocales:
 * the first locale that is Chinese ("zh", "zh_CN", "zh-Hans", ... also
 * "zh_TW", as Simplified is the only Chinese we have) or English gives the
 * answer; English when no locale is known.  Needs no SDL subsystem. */
I18nLang i18n_from_system(void);

/* Pure helper behind i18n_from_system: maps one locale's language code
 * (e.g. "zh", "en", may be NULL) to our language, returning false when we
 * have no such language. */
bool i18n_lang_from_code(const char *language, I18nLang *out);

/* Returns lang's name in its own language ("English", "简体中文"), for the
 * language menu; "" when out of range. */
const char *i18n_language_name(I18nLang lang);

/* Returns a stable code for settings files ("en", "zh-Hans"). */
const char *i18n_language_code(I18nLang lang);

/* Parses a code written by i18n_language_code (also accepts any code
 * i18n_lang_from_code accepts).  Returns false and leaves *out alone when
 * the code is unknown. */
bool i18n_language_parse(const char *code, I18nLang *out);

/* Returns the font file, relative to the assets directory, that covers
 * every string of lang ("fonts/NotoSansSC-Regular-subset.otf" or the Bold
 * one).  The Noto subset covers both languages, so the language menu can
 * show "简体中文" while English is selected; we recommend it for all text. */
const char *i18n_font_file(I18nLang lang, bool bold);

/* Current-language names of rules, presets, menu modes and forbidden
 * moves ("" for an unknown value; forbidden-move text for FORBID_NONE is ""). */
const char *i18n_rule_name(RuleKind kind);
const char *i18n_opening_name(RecordOpening o);
const char *i18n_preset_name(AiPreset preset);
const char *i18n_forbidden_text(Forbidden f);

/* Returns the menu's subtitle for win length k ("Three in a row"; k is
 * clamped to 1..6). */
const char *i18n_subtitle(int k);

#endif
