/*
 * i18n.c - the string table.
 *
 * The source is UTF-8 (GCC and clang read it as such; MSVC needs /utf-8).
 * tools/subset-font.sh cuts the shipped CJK font from the literals in this
 * file, so a new Chinese character needs a re-run of that script;
 * test_i18n fails until it is done.
 */
#include "store/i18n.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <SDL.h>

typedef struct Entry {
    const char *text[I18N_LANG_COUNT];
} Entry;

/* Designated initialisers, so a forgotten id stays NULL and test_i18n
 * catches it rather than the table silently shifting. */
static const Entry TABLE[I18N_STRING_COUNT] = {
    [I18N_APP_TITLE] = {{"Gomoku", "五子棋"}},
    [I18N_SUBTITLE_K1] = {{"One stone wins", "一子即胜"}},
    [I18N_SUBTITLE_K2] = {{"Two in a row", "二子连珠"}},
    [I18N_SUBTITLE_K3] = {{"Three in a row", "三子连珠"}},
    [I18N_SUBTITLE_K4] = {{"Four in a row", "四子连珠"}},
    [I18N_SUBTITLE_K5] = {{"Five in a row", "五子连珠"}},
    [I18N_SUBTITLE_K6] = {{"Six in a row", "六子连珠"}},

    [I18N_MENU_BOARD_SIZE] = {{"Board size", "棋盘大小"}},
    [I18N_MENU_WIN_LENGTH] = {{"Win length", "获胜条件"}},
    [I18N_MENU_RULE] = {{"Rule", "规则"}},
    [I18N_MENU_DIFFICULTY] = {{"Difficulty", "难度"}},
    [I18N_MENU_CLOCK] = {{"Clock", "计时"}},
    [I18N_MENU_LANGUAGE] = {{"Language", "语言"}},
    [I18N_MENU_SOUND] = {{"Sound", "音效"}},
    [I18N_MENU_DEPTH] = {{"Search depth", "搜索深度"}},
    [I18N_MENU_BREADTH] = {{"Breadth", "候选宽度"}},
    [I18N_MENU_TIME] = {{"Time a move", "每步用时"}},
    [I18N_MENU_THREADS] = {{"Threads", "线程数"}},
    [I18N_VALUE_CUSTOM] = {{"Custom", "自定义"}},
    [I18N_FMT_PLIES] = {{"%d plies", "%d 层"}},
    [I18N_FMT_MOVES_WIDE] = {{"%d moves", "%d 个点"}},
    [I18N_FMT_SECONDS] = {{"%.1f s", "%.1f 秒"}},
    [I18N_FMT_CUSTOM_SHORT] = {{"Custom %d/%d/%.1fs", "自定义 %d/%d/%.1f秒"}},

    /* No-break spaces: a wrapped line never splits "15 × 15" or "5 in a row". */
    [I18N_FMT_BOARD_SIZE] = {{"%d\u00a0×\u00a0%d", "%d\u00a0×\u00a0%d"}},
    [I18N_FMT_IN_A_ROW] = {{"%d\u00a0in\u00a0a\u00a0row", "%d\u00a0子连珠"}},
    [I18N_VALUE_NONE] = {{"—", "—"}},
    [I18N_VALUE_ON] = {{"On", "开"}},
    [I18N_VALUE_OFF] = {{"Off", "关"}},
    [I18N_FMT_CLOCK_MIN] = {{"%d min", "%d 分钟"}},
    [I18N_FMT_CLOCK_MIN_INC] = {{"%d min + %d s", "%d 分钟 + %d 秒"}},

    [I18N_RULE_FREESTYLE] = {{"Freestyle", "无禁手"}},
    [I18N_RULE_EXACT] = {{"Exact", "长连不胜"}},
    [I18N_RULE_RENJU] = {{"Renju", "有禁手"}},

    [I18N_HINT_MODE_YOU] = {{"You play Black and move first.", "你执黑先行。"}},
    [I18N_HINT_MODE_COMPUTER] = {{"The computer plays Black; you play White.",
                                  "电脑执黑先行，你执白。"}},
    [I18N_HINT_MODE_TWO_PEOPLE] = {{"Two people take turns at this screen.",
                                    "两人在同一屏幕上轮流落子。"}},
    [I18N_HINT_MODE_AI_VS_AI] = {{"Sit back and watch the computer play itself.",
                                  "轻松观看电脑自我对弈。"}},
    [I18N_HINT_RENJU] = {{"Black may not make 3-3, 4-4 or overlines.",
                          "黑棋禁止三三、四四和长连。"}},
    [I18N_HINT_OPEN_YOU] = {{"You place three stones; the computer chooses a colour.",
                             "你摆前三子，电脑选择执黑或执白。"}},
    [I18N_HINT_OPEN_COMPUTER] = {{"The computer places three stones; you choose a colour.",
                                  "电脑摆前三子，你选择执黑或执白。"}},
    [I18N_HINT_OPEN_TWO_PEOPLE] = {{"One of you places three stones, the other chooses a colour.",
                                    "一人摆前三子，另一人选择执黑或执白。"}},
    [I18N_HINT_OPEN_AI_VS_AI] = {{"The computer opens and chooses against itself.",
                                  "电脑自己摆开局，自己选择。"}},

    [I18N_MENU_OPENING] = {{"Opening", "开局规则"}},
    [I18N_OPENING_STANDARD] = {{"Standard", "标准"}},
    [I18N_OPENING_SWAP] = {{"Swap", "交换"}},
    [I18N_OPENING_SWAP2] = {{"Swap2", "二次交换"}},
    [I18N_ROLE_FIRST] = {{"The first player", "假先方"}},
    [I18N_ROLE_SECOND] = {{"The second player", "假后方"}},
    [I18N_ROLE_COMPUTER] = {{"The computer", "电脑"}},
    [I18N_OPEN_HEAD_PLACE3] = {{"Opening: three stones", "开局：摆前三子"}},
    [I18N_OPEN_HEAD_CHOOSE] = {{"Opening: choose a colour", "开局：选择执黑或执白"}},
    [I18N_OPEN_HEAD_PLACE2] = {{"Opening: two more stones", "开局：再摆两子"}},
    [I18N_OPEN_YOU_PLACE3] = {{"Place the first three stones: black, white, black.",
                               "请摆前三子：黑、白、黑。"}},
    [I18N_FMT_OPEN_PLACE3] = {{"%s places the first three stones: black, white, black.",
                               "%s摆前三子：黑、白、黑。"}},
    [I18N_OPEN_YOU_CHOOSE] = {{"Your choice: take black, or take white and play.",
                               "请选择：执黑，或执白并落下一子。"}},
    [I18N_OPEN_YOU_CHOOSE2] = {{"Your choice: take black, take white, or place two more.",
                                "请选择：执黑、执白，或再摆两子。"}},
    [I18N_FMT_OPEN_CHOOSE] = {{"%s: take black, or take white and play.",
                               "%s选择：执黑，或执白并落下一子。"}},
    [I18N_FMT_OPEN_CHOOSE2] = {{"%s: take black, take white, or place two more.",
                                "%s选择：执黑、执白，或再摆两子。"}},
    [I18N_OPEN_YOU_PLACE2] = {{"Place two more stones: white, then black.",
                               "请再摆两子：先白后黑。"}},
    [I18N_FMT_OPEN_PLACE2] = {{"%s places two more stones: white, then black.",
                               "%s再摆两子：先白后黑。"}},
    [I18N_OPEN_COMPUTER_PLACING] = {{"The computer is placing the opening stones",
                                     "电脑正在摆开局"}},
    [I18N_OPEN_COMPUTER_CHOOSING] = {{"The computer is choosing", "电脑正在选择"}},
    [I18N_FMT_CHOSE_BLACK] = {{"%s took black", "%s执黑"}},
    [I18N_FMT_CHOSE_WHITE] = {{"%s took white", "%s执白"}},
    [I18N_FMT_CHOSE_TWO] = {{"%s placed two more", "%s再摆两子"}},
    [I18N_BTN_TAKE_BLACK] = {{"Take black", "执黑"}},
    [I18N_BTN_TAKE_WHITE] = {{"Take white", "执白"}},
    [I18N_BTN_PLACE_TWO] = {{"Place two", "再摆两子"}},

    [I18N_PRESET_BEGINNER] = {{"Beginner", "入门"}},
    [I18N_PRESET_EASY] = {{"Easy", "简单"}},
    [I18N_PRESET_MEDIUM] = {{"Medium", "中等"}},
    [I18N_PRESET_HARD] = {{"Hard", "困难"}},
    [I18N_PRESET_MASTER] = {{"Master", "大师"}},

    [I18N_PLAYER_YOU] = {{"You", "你"}},
    [I18N_PLAYER_COMPUTER] = {{"Computer", "电脑"}},
    [I18N_PLAYER_BLACK] = {{"Black", "黑棋"}},
    [I18N_PLAYER_WHITE] = {{"White", "白棋"}},
    [I18N_PLAYER_COMPUTER_BLACK] = {{"Computer (Black)", "电脑（黑）"}},
    [I18N_PLAYER_COMPUTER_WHITE] = {{"Computer (White)", "电脑（白）"}},

    [I18N_MATCH_YOU_VS_COMPUTER] = {{"You vs Computer", "你 VS 电脑"}},
    [I18N_MATCH_COMPUTER_VS_YOU] = {{"Computer vs You", "电脑 VS 你"}},
    [I18N_MATCH_TWO_PLAYERS] = {{"Two players", "双人对战"}},
    [I18N_MATCH_AI_VS_AI] = {{"Computer vs Computer", "电脑对电脑"}},

    [I18N_BTN_PLAY] = {{"Play", "开始"}},
    [I18N_BTN_QUIT] = {{"Quit", "退出"}},
    [I18N_BTN_UNDO] = {{"Undo", "悔棋"}},
    [I18N_BTN_REDO] = {{"Redo", "重做"}},
    [I18N_BTN_NEW_GAME] = {{"New game", "新对局"}},
    [I18N_BTN_MENU] = {{"Menu", "主菜单"}},
    [I18N_BTN_REMATCH] = {{"Rematch", "再来一局"}},
    [I18N_BTN_HINT] = {{"Hint", "提示"}},
    [I18N_BTN_SAVE] = {{"Save", "保存"}},
    [I18N_BTN_LOAD] = {{"Load", "读取"}},
    [I18N_BTN_OPEN] = {{"Open", "打开"}},
    [I18N_BTN_DELETE] = {{"Delete", "删除"}},
    [I18N_BTN_IMPORT] = {{"Import", "导入"}},
    [I18N_BTN_EXPORT_PSQ] = {{"Export .psq", "导出 .psq"}},
    [I18N_BTN_ANALYSIS] = {{"Analysis", "分析"}},
    [I18N_BTN_REVIEW] = {{"Review", "复盘"}},
    [I18N_BTN_SETTINGS] = {{"Settings", "设置"}},
    [I18N_BTN_LANGUAGE] = {{"Language", "语言"}},
    [I18N_BTN_SOUND_ON] = {{"Sound on", "音效：开"}},
    [I18N_BTN_SOUND_OFF] = {{"Sound off", "音效：关"}},
    [I18N_BTN_SOUND_NONE] = {{"No audio", "无音频"}},
    [I18N_VALUE_UNAVAILABLE] = {{"Unavailable", "不可用"}},
    [I18N_SOUND_UNAVAILABLE] = {{"No audio device was found: sound is unavailable.",
                                 "未找到音频设备，无法播放音效。"}},
    [I18N_BTN_MOVE_NUMBERS] = {{"Move numbers", "显示手数"}},
    [I18N_BTN_COORDINATES] = {{"Coordinates", "显示坐标"}},
    [I18N_BTN_FULLSCREEN] = {{"Fullscreen", "全屏"}},
    [I18N_BTN_CLOCK] = {{"Clock", "计时"}},
    [I18N_BTN_BACK] = {{"Back", "返回"}},
    [I18N_BTN_CANCEL] = {{"Cancel", "取消"}},
    [I18N_BTN_OK] = {{"OK", "确定"}},
    [I18N_BTN_YES] = {{"Yes", "是"}},
    [I18N_BTN_NO] = {{"No", "否"}},
    [I18N_BTN_RESUME] = {{"Resume", "继续"}},
    [I18N_BTN_FIRST] = {{"First", "开局"}},
    [I18N_BTN_PREV] = {{"Previous", "上一手"}},
    [I18N_BTN_NEXT] = {{"Next", "下一手"}},
    [I18N_BTN_LAST] = {{"Last", "终局"}},
    [I18N_BTN_CLOSE] = {{"Close", "关闭"}},
    [I18N_BTN_FORBIDDEN] = {{"Forbidden points", "显示禁手点"}},

    [I18N_STATUS_BLACK_TO_MOVE] = {{"Black to move", "轮到黑棋"}},
    [I18N_STATUS_WHITE_TO_MOVE] = {{"White to move", "轮到白棋"}},
    [I18N_STATUS_THINKING] = {{"Computer is thinking…", "电脑思考中…"}},
    [I18N_FMT_SIDE_THINKING] = {{"%s is thinking", "%s思考中"}},
    [I18N_TAG_THINKING] = {{"thinking", "思考中"}},
    [I18N_TAG_TO_MOVE] = {{"to move", "走棋"}},
    [I18N_TAG_WINS] = {{"wins", "获胜"}},
    [I18N_STATUS_YOUR_MOVE] = {{"Your move", "轮到你了"}},
    [I18N_STATUS_YOUR_MOVE_DOT] = {{"Your move.", "轮到你了。"}},
    [I18N_STATUS_CLICK_TO_PLACE] = {{"Click a point to place a stone.", "点击交叉点落子。"}},
    [I18N_STATUS_CLICK_TO_PLAY] = {{"Click a point to play.", "点击交叉点开始对局。"}},
    [I18N_RESULT_YOU_WIN] = {{"You win!", "你赢了！"}},
    [I18N_RESULT_COMPUTER_WINS] = {{"Computer wins", "电脑获胜"}},
    [I18N_RESULT_BLACK_WINS] = {{"Black wins", "黑棋获胜"}},
    [I18N_RESULT_WHITE_WINS] = {{"White wins", "白棋获胜"}},
    [I18N_RESULT_DRAW] = {{"Draw", "和棋"}},
    [I18N_RESULT_BOARD_FULL] = {{"The board is full.", "棋盘已满。"}},
    [I18N_FMT_RESULT_LINE] = {{"%d in a row after %d moves", "%d 子连珠，共 %d 手"}},
    [I18N_FMT_TIMEOUT] = {{"%s ran out of time", "%s超时"}},
    [I18N_FMT_MOVE_NUMBER] = {{"Move %d", "第 %d 手"}},
    [I18N_FMT_SCORE] = {{"Score: %s %d · %s %d", "比分：%s %d · %s %d"}},
    [I18N_FMT_SCORE_DRAWS] = {{" · draws %d", " · 和棋 %d"}},
    [I18N_GAME_OVER] = {{"Game over", "对局结束"}},

    [I18N_FORBIDDEN_DOUBLE_THREE] = {{"Forbidden: double three", "三三禁手"}},
    [I18N_FORBIDDEN_DOUBLE_FOUR] = {{"Forbidden: double four", "四四禁手"}},
    [I18N_FORBIDDEN_OVERLINE] = {{"Forbidden: overline", "长连禁手"}},

    [I18N_FMT_ENGINE_INFO] = {{"Engine played %s · depth %d · %s", "引擎走 %s · 深度 %d · %s"}},
    [I18N_FMT_ENGINE_BARE] = {{"Engine: depth %d · %s", "引擎：深度 %d · %s"}},
    [I18N_FMT_HINT_MOVE] = {{"Hint: %s", "提示：%s"}},
    [I18N_FMT_MILLISECONDS] = {{"%d ms", "%d 毫秒"}},
    [I18N_FMT_WIN_CHANCE] = {{"Win chance: %s", "胜率：%s"}},
    [I18N_FMT_CANDIDATE] = {{"%d. %s %s", "%d. %s %s"}},
    [I18N_ENGINE_LINE_ON] = {{"Engine line shown", "显示引擎变化"}},
    [I18N_BTN_ENGINE_LINE] = {{"Engine line", "引擎变化"}},
    [I18N_BTN_ENGINE_LINE_SHORT] = {{"Line", "变化"}},
    [I18N_BTN_MOVE_NUMBERS_SHORT] = {{"Numbers", "手数"}},
    [I18N_BTN_COORDINATES_SHORT] = {{"Coords", "坐标"}},
    [I18N_ENGINE_LINE_OFF] = {{"Engine line hidden", "隐藏引擎变化"}},
    [I18N_HINT_NONE] = {{"No suggestion yet.", "暂无建议。"}},
    [I18N_ANALYSIS_ON] = {{"Analysis on", "分析：开"}},
    [I18N_ANALYSIS_OFF] = {{"Analysis off", "分析：关"}},
    [I18N_HINT_SEARCHING] = {{"Looking for a hint…", "正在寻找提示…"}},
    [I18N_KEYS_HELP] = {{"Ctrl+Z undo · Ctrl+Y redo · H hint · N new game · "
                         "F11 fullscreen · Esc menu",
                         "Ctrl+Z 悔棋 · Ctrl+Y 重做 · H 提示 · N 新对局 · F11 全屏 · Esc 主菜单"}},

    [I18N_REVIEW_TITLE] = {{"Review", "复盘"}},
    [I18N_FMT_REVIEW_MOVE] = {{"Move %d of %d", "第 %d 手，共 %d 手"}},
    [I18N_REVIEW_START] = {{"Start of the game", "对局开始"}},
    [I18N_REVIEW_HELP] = {{"← → step · Home/End jump", "← → 逐手 · Home/End 跳转"}},
    [I18N_REVIEW_EVAL] = {{"Evaluation", "形势评估"}},
    [I18N_FMT_CHANCE] = {{"%s %d%%", "%s %d%%"}},
    [I18N_FMT_EVEN] = {{"Even %d%%", "均势 %d%%"}},
    [I18N_FMT_SIDE_WINS_IN] = {{"%s wins in %d", "%s %d 步必胜"}},
    [I18N_FMT_SIDE_WON] = {{"%s won", "%s胜"}},
    [I18N_FMT_HINT_LINE] = {{"Hint: %s · %s", "提示：%s · %s"}},
    [I18N_FMT_BEST_MOVE] = {{"Best %s", "最佳 %s"}},
    [I18N_MARK_BEST] = {{"Best move", "最佳着法"}},
    [I18N_MARK_GOOD] = {{"Good move", "好棋"}},
    [I18N_MARK_ONLY] = {{"Only move", "唯一着法"}},
    [I18N_MARK_INACCURACY] = {{"Inaccuracy", "欠佳"}},
    [I18N_MARK_MISTAKE] = {{"Mistake", "失误"}},
    [I18N_MARK_BLUNDER] = {{"Blunder", "大错"}},
    [I18N_MARK_MISSED_WIN] = {{"Missed win", "错失胜机"}},
    [I18N_FMT_ANALYSING] = {{"Analysing the game… %d / %d", "正在分析棋局… %d / %d"}},
    [I18N_ANALYSIS_STOPPED] = {{"Analysis stopped · S resumes", "分析已暂停 · 按 S 继续"}},
    [I18N_FMT_ACCURACY] = {{"accuracy %d%%", "准确率 %d%%"}},
    [I18N_BTN_CONTINUE] = {{"Play from here", "从此处续下"}},
    [I18N_BTN_SHOW_WIN] = {{"Show the win", "演示胜法"}},
    [I18N_BTN_PLAY_BLACK] = {{"Play Black", "执黑"}},
    [I18N_BTN_PLAY_WHITE] = {{"Play White", "执白"}},
    [I18N_CONTINUE_ASK] = {{"Play on from this position: choose a side.",
                            "从此局面续下：请选择执子方。"}},
    [I18N_FMT_WIN_LINE_WORKING] = {{"Showing %s's win: working out the next move…",
                                    "演示%s的胜法：正在计算下一手…"}},
    [I18N_FMT_WIN_LINE_DONE] = {{"%s wins in %d moves", "%s %d 步取胜"}},
    [I18N_WIN_LINE_LOST] = {{"The win could not be followed further at the review's depth.",
                             "在复盘的计算深度下无法继续演示胜法。"}},

    [I18N_SAVED_GAMES] = {{"Saved games", "已保存的对局"}},
    [I18N_NO_SAVED_GAMES] = {{"No saved games yet.", "还没有保存的对局。"}},
    [I18N_FILE_NAME] = {{"File name", "文件名"}},
    [I18N_GAME_SAVED] = {{"Game saved.", "对局已保存。"}},
    [I18N_FMT_SAVED_AS] = {{"Saved as %s", "已保存为 %s"}},
    [I18N_FMT_RESUME_KEEP] = {{"New game keeps it in Saved games as \"%s\".",
                               "选择新对局时，它会以“%s”保存在已存对局中。"}},
    [I18N_FMT_LEAVE_QUESTION] = {{"Leave the game in progress? It stays in Saved games as \"%s\".",
                                  "离开进行中的对局？它会以“%s”保存在已存对局中。"}},
    [I18N_BTN_LEAVE] = {{"Leave it", "离开"}},
    [I18N_LEAVE_UNKEPT] = {{"Leave the game in progress? With no data folder it cannot be kept.",
                            "离开进行中的对局？没有数据文件夹，它无法保存。"}},
    [I18N_BTN_KEEP_PLAYING] = {{"Keep playing", "继续对局"}},
    [I18N_FMT_KEPT_UNFINISHED] = {{"The game in progress is in Saved games as \"%s\".",
                                   "进行中的对局已以“%s”保存在已存对局中。"}},
    [I18N_UNFINISHED_NAME] = {{"Unfinished", "未完成"}},
    [I18N_FMT_LAST_MOVE_AT] = {{"last move %s", "最后一手 %s"}},
    [I18N_RESUME_QUESTION] = {{"Resume the unfinished game?", "继续上次未完成的对局？"}},
    [I18N_QUIT_QUESTION] = {{"Quit Gomoku?", "退出五子棋？"}},
    [I18N_FMT_OPEN_FAILED] = {{"Could not open %s: %s", "无法打开 %s：%s"}},
    [I18N_FMT_SAVE_FAILED] = {{"Could not save %s:\n%s", "无法保存 %s：\n%s"}},
    [I18N_FMT_FILE_CORRUPT] = {{"%s is damaged or not a game record: %s",
                                "%s 已损坏或不是对局记录：%s"}},
    [I18N_SETTINGS_CORRUPT] = {{"The settings file is damaged; defaults are used. It stays as "
                                "it is until you change a setting, and is then kept under "
                                "another name.",
                                "设置文件已损坏，现使用默认设置。在您更改设置之前，该文件保持"
                                "原样；更改设置时，它会以另一个名称保留下来。"}},
    [I18N_FMT_DELETE_CONFIRM] = {{"Delete %s?", "删除 %s？"}},
    [I18N_FMT_OPENED] = {{"Opened %s", "已打开 %s"}},
    [I18N_FMT_MOVES_COUNT] = {{"%d moves", "%d 手"}},
    [I18N_SAVE_TITLE] = {{"Save game", "保存对局"}},
    [I18N_SAVE_HELP] = {{"Enter saves · Esc cancels", "Enter 保存 · Esc 取消"}},
    [I18N_BTN_REPLACE] = {{"Replace", "替换"}},
    [I18N_FMT_REPLACE_CONFIRM] = {{"%s already exists. Replace it?", "%s 已存在，要替换吗？"}},
    [I18N_NAME_EMPTY] = {{"Type a name for the game.", "请输入对局名称。"}},
    [I18N_NAME_TOO_LONG] = {{"That name is too long.", "名称太长。"}},
    [I18N_NAME_BAD_TEXT] = {{"That name is not valid text.", "名称含有无效字符。"}},
    [I18N_NAME_BAD_CHAR] = {{"A name cannot contain / \\ : * ? \" < > |",
                             "名称不能包含 / \\ : * ? \" < > |"}},
    [I18N_NAME_BAD_EDGE] = {{"A name cannot start or end with a dot or a space.",
                             "名称不能以点或空格开头或结尾。"}},
    [I18N_NAME_RESERVED] = {{"That name is reserved by Windows.", "该名称为 Windows 保留名称。"}},

    [I18N_FMT_AI_FAILED] = {{"The computer cannot move: %s", "电脑无法落子：%s"}},
    [I18N_AI_NO_MOVE] = {{"The computer could not find a move.", "电脑找不到可走的棋。"}},
    [I18N_BAD_OPTIONS] = {{"Cannot start a game with these options.", "无法用这些选项开始对局。"}},
    [I18N_MOVE_REFUSED] = {{"That point is taken.", "此处已有棋子。"}},

    [I18N_HELP_TITLE] = {{"Keys and rules", "按键与规则"}},
    [I18N_HELP_OPEN] = {{"F1 help", "F1 帮助"}},
    [I18N_HELP_PLACE] = {{"move the cursor, place a stone", "移动光标，落子"}},
    [I18N_HELP_UNDO] = {{"undo, redo", "悔棋，重做"}},
    [I18N_HELP_HINT] = {{"hint, analysis, engine line", "提示，分析，引擎变化"}},
    [I18N_HELP_MARKS] = {{"move numbers, coordinates, last move, forbidden points",
                          "手数，坐标，最后一手，禁手点"}},
    [I18N_HELP_SOUND] = {{"sound on or off", "声音开关"}},
    [I18N_HELP_REVIEW] = {{"review; step, jump", "复盘；逐手，跳转"}},
    [I18N_HELP_COACH] = {{"review: analysis on/off, show the win, play from here",
                          "复盘：开关分析、演示胜法、从此处续下"}},
    [I18N_HELP_FILES] = {{"save, saved games", "保存，已保存的对局"}},
    [I18N_HELP_GAME] = {{"new game, back", "新对局，返回"}},
    [I18N_HELP_WINDOW] = {{"fullscreen, quit", "全屏，退出"}},
    [I18N_HELP_FREESTYLE] = {{"Freestyle: k or more in a row wins.",
                              "自由规则：连成 k 子或更多即胜。"}},
    [I18N_HELP_EXACT] = {{"Exact: exactly k in a row wins; a longer line does not.",
                          "精确规则：恰好连成 k 子才胜，更长的连线不算。"}},
    [I18N_HELP_RENJU] = {{"Renju (five only): black may not make an overline, a double four or a "
                          "double three.",
                          "连珠（仅限五子）：黑方不得下长连、四四或三三。"}},
    [I18N_HELP_SWAP] = {{"Swap, swap2 (five only): one player places black, white, black, the "
                         "other takes a colour; under swap2 they may place two more instead and "
                         "let the first choose.",
                         "交换、二次交换（仅限五子）：一方摆黑、白、黑三子，另一方选择执黑或执白；"
                         "二次交换时也可再摆两子，交由对方选择。"}},
    [I18N_HELP_CLOSE] = {{"Esc or F1 closes this page.", "按 Esc 或 F1 关闭本页。"}},

    [I18N_FMT_CANNOT_OPEN] = {{"Cannot open %s", "无法打开 %s"}},
    [I18N_FMT_EXPORTED] = {{"Exported %s", "已导出 %s"}},
    [I18N_BTN_OPEN_FOLDER] = {{"Open folder", "打开文件夹"}},
    [I18N_FILES_RESULT] = {{"Result", "结果"}},
    [I18N_FILES_MOVES] = {{"Moves", "手数"}},
    [I18N_FILES_BOARD] = {{"Board", "棋盘"}},
    [I18N_FILES_DATE] = {{"Date", "日期"}},
    [I18N_FILES_FILE_SIZE] = {{"File size", "文件大小"}},
    [I18N_FILES_FOLDER] = {{"Folder", "位置"}},
    [I18N_FILES_BLACK_WON] = {{"Black won", "黑棋胜"}},
    [I18N_FILES_WHITE_WON] = {{"White won", "白棋胜"}},
    [I18N_FILES_UNFINISHED] = {{"Unfinished", "未下完"}},
    [I18N_FILES_DAMAGED] = {{"Damaged file", "文件已损坏"}},

    [I18N_AUTOSAVE_FAILED] = {{"The game in progress cannot be saved automatically:",
                               "无法自动保存进行中的对局："}},
    [I18N_FMT_READ_ONLY_NEWER] = {{"%s was saved by a newer version of Gomoku. It is shown as far "
                                   "as this version understands it, and nothing is written back "
                                   "to it.",
                                   "%s 由更新版本的五子棋保存。本版本会尽量显示其内容，"
                                   "但不会写回该文件。"}},
    [I18N_SETTINGS_WARNINGS] = {{"Some settings could not be read and use their defaults. The "
                                 "settings file keeps them as they are until you change them:",
                                 "部分设置无法读取，已改用默认值。在您更改这些设置之前，"
                                 "设置文件会保持原样："}},
    [I18N_SETTINGS_NEWER] = {{"The settings file was written by a newer version of Gomoku. It is "
                              "used as far as this version understands it and is not changed: "
                              "what you change now lasts until you quit.",
                              "设置文件由更新版本的五子棋写入。本版本会尽量使用其中的设置，"
                              "但不会修改该文件：您现在所做的更改仅在本次运行期间有效。"}},
    [I18N_FMT_KEPT_ASIDE] = {{"%s is kept as %s.", "%s 已改名保留为 %s。"}},
    [I18N_FMT_WHY_DISK_FULL] = {{"The disk is full: %s", "磁盘已满：%s"}},
    [I18N_FMT_WHY_NO_ACCESS] = {{"This folder cannot be written to: %s", "该文件夹无法写入：%s"}},
    [I18N_FMT_WHY_FOLDER] = {{"A folder of that name is in the way: %s",
                              "该位置已有同名文件夹：%s"}},

    [I18N_MENU_PLAYERS] = {{"Players", "对阵"}},
    [I18N_PLAYERS_YOU_BLACK] = {{"You (black) vs computer", "你（执黑）对电脑"}},
    [I18N_PLAYERS_YOU_WHITE] = {{"Computer vs you (white)", "电脑对你（执白）"}},
    [I18N_PLAYERS_TWO] = {{"Two players", "双人对弈"}},
    [I18N_PLAYERS_COMPUTERS] = {{"Computer vs computer", "电脑对电脑"}},
    [I18N_PLAYERS_YOU_OPEN] = {{"You open vs computer", "你开局，电脑选色"}},
    [I18N_PLAYERS_COMPUTER_OPENS] = {{"Computer opens vs you", "电脑开局，你选色"}},
    [I18N_HINT_SWAP2_YOU] = {{"You place three stones; the computer takes black or white, or "
                              "places two more and lets you choose.",
                              "你摆前三子；电脑选择执黑或执白，或再摆两子由你选择。"}},
    [I18N_HINT_SWAP2_COMPUTER] = {{"The computer places three stones; you take black or white, "
                                   "or place two more and let it choose.",
                                   "电脑摆前三子；你选择执黑或执白，或再摆两子由电脑选择。"}},
    [I18N_HINT_SWAP2_TWO] = {{"One of you places three stones; the other takes black or white, "
                              "or places two more and lets the first choose.",
                              "一人摆前三子；另一人选择执黑或执白，或再摆两子由对方选择。"}},
    [I18N_HINT_SWAP2_AI] = {{"The computer opens, then takes a colour or places two more, "
                             "against itself.",
                             "电脑自己摆开局，再自己选择执黑、执白或再摆两子。"}},
    [I18N_BTN_PUZZLES] = {{"Puzzles", "谜题"}},
    [I18N_BTN_TRY_AGAIN] = {{"Try again", "再试一次"}},
    [I18N_BTN_SOLUTION] = {{"Solution", "答案"}},
    [I18N_BTN_NEXT_PUZZLE] = {{"Next", "下一题"}},
    [I18N_BTN_DAILY] = {{"Daily", "每日一题"}},
    [I18N_BTN_THEME] = {{"Theme", "主题"}},
    [I18N_PUZZLE_TITLE] = {{"Puzzles", "谜题"}},
    [I18N_PUZZLE_GOAL_WIN_BLACK] = {{"Black to play and win", "黑先胜"}},
    [I18N_PUZZLE_GOAL_WIN_WHITE] = {{"White to play and win", "白先胜"}},
    [I18N_PUZZLE_GOAL_DEFEND_BLACK] = {{"Black to move: stop White's win",
                                        "黑方落子：挡住白方的胜势"}},
    [I18N_PUZZLE_GOAL_DEFEND_WHITE] = {{"White to move: stop Black's win",
                                        "白方落子：挡住黑方的胜势"}},
    [I18N_PUZZLE_YOUR_MOVE] = {{"Your move.", "请落子。"}},
    [I18N_PUZZLE_GOOD] = {{"Good move! Keep going.", "好棋！继续。"}},
    [I18N_PUZZLE_CHECKING] = {{"Checking that move…", "正在检验这一步…"}},
    [I18N_FMT_PUZZLE_HOLDS] = {{"Not that: %s holds with %s.", "不对：%s 在 %s 挡住了。"}},
    [I18N_FMT_PUZZLE_LOSES] = {{"Not that: %s wins with %s.", "不对：%s 在 %s 取胜。"}},
    [I18N_FMT_PUZZLE_LOSES_IN] = {{"Not that: %s wins with %s, in %d.",
                                   "不对：%s 在 %s 取胜，%d 步内。"}},
    [I18N_PUZZLE_ALSO_WINS] = {{"That wins too, but not by the line asked: try again.",
                                "这样也能赢，但不是题目要的走法：再试一次。"}},
    [I18N_PUZZLE_SOLVED] = {{"Solved!", "解开了！"}},
    [I18N_PUZZLE_SOLVED_HELPED] = {{"Solved, with a hint: not rated.",
                                    "借助提示解开：不计等级分。"}},
    [I18N_PUZZLE_SOLVED_AFTER] = {{"Solved, after a mistake.", "出错之后解开。"}},
    [I18N_PUZZLE_SHOWN] = {{"The solution, numbered on the board.", "答案已在棋盘上按顺序标出。"}},
    [I18N_PUZZLE_DEFENCES] = {{"Moves that hold are marked.", "能挡住的点已标出。"}},
    [I18N_PUZZLE_HINT_FIVE] = {{"Hint: make five, in the marked area.",
                                "提示：在标出的区域连成五子。"}},
    [I18N_PUZZLE_HINT_FOUR] = {{"Hint: a four, in the marked area.", "提示：在标出的区域冲四。"}},
    [I18N_PUZZLE_HINT_THREE] = {{"Hint: a three, in the marked area.",
                                 "提示：在标出的区域做活三。"}},
    [I18N_PUZZLE_HINT_DEFEND] = {{"Hint: the defence is in the marked area.",
                                  "提示：防守点在标出的区域。"}},
    [I18N_PUZZLE_NONE] = {{"No puzzles with this theme yet.", "这个主题还没有谜题。"}},
    [I18N_PUZZLE_DAILY] = {{"Daily puzzle", "每日一题"}},
    [I18N_FMT_PUZZLE_RATING] = {{"Your rating %d", "你的等级分 %d"}},
    [I18N_FMT_PUZZLE_RATING_MOVED] = {{"Your rating %d (%+d)", "你的等级分 %d（%+d）"}},
    [I18N_FMT_PUZZLE_STREAK] = {{"Streak %d · best %d · solved %d of %d",
                                 "连胜 %d · 最佳 %d · 解开 %d / %d"}},
    [I18N_FMT_PUZZLE_INFO] = {{"Puzzle %s · rated %d", "谜题 %s · 难度 %d"}},
    [I18N_FMT_PUZZLE_THEME] = {{"Theme: %s", "主题：%s"}},
    [I18N_PUZZLE_THEME_ALL] = {{"All puzzles", "全部"}},
    [I18N_PUZZLE_THEME_VCF] = {{"Wins by fours", "连续冲四"}},
    [I18N_PUZZLE_THEME_VCT] = {{"Wins with threes", "连续活三冲四"}},
    [I18N_PUZZLE_THEME_DEFENCE] = {{"Defence", "防守"}},
    [I18N_PUZZLE_THEME_FORBIDDEN] = {{"Renju forbidden points", "连珠禁手"}},
    [I18N_PUZZLE_THEME_MINE] = {{"From my games", "来自我的对局"}},
    [I18N_PUZZLE_THEME_FREE15] = {{"15×15 freestyle", "15×15 自由规则"}},
    [I18N_PUZZLE_THEME_RENJU] = {{"Renju", "连珠规则"}},
    [I18N_PUZZLE_THEME_EXACT] = {{"Exactly five", "恰好五连"}},
    [I18N_PUZZLE_THEME_FOUR] = {{"Four in a row", "四子连珠"}},
    [I18N_PUZZLE_THEME_SIX] = {{"Six in a row", "六子连珠"}},
    [I18N_FMT_PUZZLE_HISTORY_BAD] =
        {{"Your puzzle history could not be read (%s). It was kept aside as %s, and a new one "
          "begins.",
          "谜题记录无法读取（%s）。原文件已另存为 %s，将开始新的记录。"}},
    [I18N_FMT_PUZZLE_SAVE_FAILED] = {{"Your puzzle history could not be saved: %s",
                                      "谜题记录无法保存：%s"}},
    [I18N_BTN_SAVE_PUZZLE] = {{"Save as puzzle", "存为谜题"}},
    [I18N_PUZZLE_SAVED_MINE] = {{"Saved as a puzzle: Puzzles, theme From my games.",
                                 "已存为谜题：见“谜题”里的“来自我的对局”。"}},
    [I18N_PUZZLE_ALREADY_MINE] = {{"This puzzle is already in From my games.",
                                   "这道谜题已在“来自我的对局”里。"}},
    [I18N_PUZZLE_NO_PROOF] = {{"The analysis has no proof to make a puzzle of here.",
                               "这里的分析没有可做成谜题的证明。"}},
    [I18N_FMT_PUZZLE_RECENT] = {{"Last %d: %s", "最近 %d 题：%s"}},
};

/* Each language's name in its own language, whatever the current one. */
static const char *const LANG_NAMES[I18N_LANG_COUNT] = {"English", "简体中文"};
static const char *const LANG_CODES[I18N_LANG_COUNT] = {"en", "zh-Hans"};

/* UI thread only (see i18n.h). */
static I18nLang current = I18N_LANG_EN;

const char *i18n_get_in(I18nLang lang, I18nString id)
{
    if ((int)lang < 0 || lang >= I18N_LANG_COUNT || (int)id < 0 || id >= I18N_STRING_COUNT) {
        return "";
    }
    const char *s = TABLE[id].text[lang];
    if (s == NULL) {
        /* Only a table bug gets here (test_i18n guards it): English beats a blank. */
        s = TABLE[id].text[I18N_LANG_EN];
    }
    return s != NULL ? s : "";
}

bool i18n_has(I18nLang lang, I18nString id)
{
    if ((int)lang < 0 || lang >= I18N_LANG_COUNT || (int)id < 0 || id >= I18N_STRING_COUNT) {
        return false;
    }
    return TABLE[id].text[lang] != NULL;
}

const char *i18n_get(I18nString id)
{
    return i18n_get_in(current, id);
}

int i18n_format(char *buf, size_t len, I18nString id, ...)
{
    if (buf == NULL || len == 0) {
        return 0;
    }
    va_list ap;
    va_start(ap, id);
    /* The formats come from TABLE alone, and test_i18n checks that both
     * languages take the arguments documented for each id. */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#endif
    int n = vsnprintf(buf, len, i18n_get(id), ap);
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
    va_end(ap);
    if (n < 0) {
        buf[0] = '\0';
    }
    return n;
}

void i18n_set_language(I18nLang lang)
{
    if ((int)lang >= 0 && lang < I18N_LANG_COUNT) {
        current = lang;
    }
}

I18nLang i18n_language(void)
{
    return current;
}

/* True when tag starts with the two-letter code and then ends or goes on
 * with a subtag ("zh", "zh_CN", "zh-Hans"), ignoring case. */
static bool code_is(const char *tag, const char *code)
{
    size_t n = SDL_strlen(code);
    if (SDL_strncasecmp(tag, code, n) != 0) {
        return false;
    }
    char next = tag[n];
    return next == '\0' || next == '_' || next == '-' || next == '.' || next == '@';
}

bool i18n_lang_from_code(const char *language, I18nLang *out)
{
    if (language == NULL || out == NULL) {
        return false;
    }
    if (code_is(language, "zh") || code_is(language, "cmn")) {
        *out = I18N_LANG_ZH;
        return true;
    }
    if (code_is(language, "en")) {
        *out = I18N_LANG_EN;
        return true;
    }
    return false;
}

I18nLang i18n_from_system(void)
{
    I18nLang lang = I18N_LANG_EN;
    SDL_Locale *locales = SDL_GetPreferredLocales();
    if (locales == NULL) {
        return lang;
    }
    /* The user's list is in order of preference: the first language we
     * have wins, so "fr, zh" picks Chinese and "fr, en, zh" English. */
    for (const SDL_Locale *l = locales; l->language != NULL; l++) {
        if (i18n_lang_from_code(l->language, &lang)) {
            break;
        }
    }
    SDL_free(locales);
    return lang;
}

const char *i18n_language_name(I18nLang lang)
{
    if ((int)lang < 0 || lang >= I18N_LANG_COUNT) {
        return "";
    }
    return LANG_NAMES[lang];
}

const char *i18n_language_code(I18nLang lang)
{
    if ((int)lang < 0 || lang >= I18N_LANG_COUNT) {
        return "";
    }
    return LANG_CODES[lang];
}

bool i18n_language_parse(const char *code, I18nLang *out)
{
    if (code == NULL || out == NULL) {
        return false;
    }
    for (int i = 0; i < I18N_LANG_COUNT; i++) {
        if (SDL_strcasecmp(code, LANG_CODES[i]) == 0) {
            *out = (I18nLang)i;
            return true;
        }
    }
    return i18n_lang_from_code(code, out);
}

const char *i18n_font_file(I18nLang lang, bool bold)
{
    (void)lang; /* one font covers both languages */
    return bold ? "fonts/NotoSansSC-Bold-subset.otf" : "fonts/NotoSansSC-Regular-subset.otf";
}

const char *i18n_rule_name(RuleKind kind)
{
    switch (kind) {
    case RULE_FREESTYLE: return i18n_get(I18N_RULE_FREESTYLE);
    case RULE_EXACT: return i18n_get(I18N_RULE_EXACT);
    case RULE_RENJU: return i18n_get(I18N_RULE_RENJU);
    default: return "";
    }
}

const char *i18n_opening_name(RecordOpening o)
{
    switch (o) {
    case RECORD_OPENING_SWAP: return i18n_get(I18N_OPENING_SWAP);
    case RECORD_OPENING_SWAP2: return i18n_get(I18N_OPENING_SWAP2);
    default: return i18n_get(I18N_OPENING_STANDARD);
    }
}

const char *i18n_preset_name(AiPreset preset)
{
    switch (preset) {
    case AI_PRESET_BEGINNER: return i18n_get(I18N_PRESET_BEGINNER);
    case AI_PRESET_EASY: return i18n_get(I18N_PRESET_EASY);
    case AI_PRESET_MEDIUM: return i18n_get(I18N_PRESET_MEDIUM);
    case AI_PRESET_HARD: return i18n_get(I18N_PRESET_HARD);
    case AI_PRESET_MASTER: return i18n_get(I18N_PRESET_MASTER);
    default: return "";
    }
}

const char *i18n_subtitle(int k)
{
    k = k < 1 ? 1 : k > 6 ? 6 : k;
    return i18n_get((I18nString)(I18N_SUBTITLE_K1 + k - 1));
}

const char *i18n_forbidden_text(Forbidden f)
{
    switch (f) {
    case FORBID_DOUBLE_THREE: return i18n_get(I18N_FORBIDDEN_DOUBLE_THREE);
    case FORBID_DOUBLE_FOUR: return i18n_get(I18N_FORBIDDEN_DOUBLE_FOUR);
    case FORBID_OVERLINE: return i18n_get(I18N_FORBIDDEN_OVERLINE);
    default: return "";
    }
}
