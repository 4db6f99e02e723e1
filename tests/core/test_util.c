/*
 * test_util.c - helpers shared by the core tests.
 */
#include "test_util.h"

#include <string.h>

Move tu_mv(int x, int y)
{
    Move m = {(int8_t)x, (int8_t)y};
    return m;
}

int tu_board_from_rows(Board *b, const char *const *rows, int n, Move *mark)
{
    bool marked = false;
    if (mark != NULL) {
        *mark = MOVE_NONE;
    }
    if (board_init(b, n) != 0) {
        return -1;
    }
    for (int y = 0; y < n; y++) {
        if (rows[y] == NULL || (int)strlen(rows[y]) != n) {
            return -1;
        }
        for (int x = 0; x < n; x++) {
            Stone s;
            switch (rows[y][x]) {
            case 'X': s = STONE_BLACK; break;
            case 'O': s = STONE_WHITE; break;
            case '.': s = STONE_EMPTY; break;
            case '*':
                if (marked) {
                    return -1;
                }
                marked = true;
                if (mark != NULL) {
                    *mark = tu_mv(x, y);
                }
                s = STONE_EMPTY;
                break;
            default: return -1;
            }
            board_set(b, x, y, s);
        }
    }
    return 0;
}
