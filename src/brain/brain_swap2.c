/*
 * brain_swap2.c - SWAP2BOARD's stones and answers as text (see
 * brain_swap2.h).
 */
#include "brain_swap2.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../core/err.h"

/* Protocol numbers: at most 18 digits, as brain_proto.c reads them. */
#define SWAP2_INT_MAX 999999999999999999

int brain_swap2_add(BrainSwap2 *s, ScanSpan line, int size, char *err, size_t errlen)
{
    int64_t v[3];
    char show[64];
    int n = scan_ints(scan_trim(line), ',', SWAP2_INT_MAX, v, 3);

    if (n != 2 && !(n == 3 && (v[2] == 1 || v[2] == 2))) {
        err_set(err, errlen, "SWAP2BOARD: expected x,y or DONE, got '%s'",
                scan_show(line, show, sizeof show));
        return -1;
    }
    if (v[0] < 0 || v[1] < 0 || v[0] >= size || v[1] >= size) {
        err_set(err, errlen, "SWAP2BOARD: point %lld,%lld is off the %dx%d board", (long long)v[0],
                (long long)v[1], size, size);
        return -1;
    }
    for (int i = 0; i < s->count; i++) {
        if (s->stone[i].x == v[0] && s->stone[i].y == v[1]) {
            err_set(err, errlen, "SWAP2BOARD: point %lld,%lld given twice", (long long)v[0],
                    (long long)v[1]);
            return -1;
        }
    }
    if (s->count >= BRAIN_SWAP2_MAX) {
        err_set(err, errlen, "SWAP2BOARD: more than %d stones", BRAIN_SWAP2_MAX);
        return -1;
    }
    s->stone[s->count++] = (Move){(int8_t)v[0], (int8_t)v[1]};
    return 0;
}

int brain_swap2_check(const BrainSwap2 *s, Rules r, char *err, size_t errlen)
{
    if (r.k != 5) {
        err_set(err, errlen, "SWAP2BOARD needs five in a row, not %d", r.k);
        return -1;
    }
    if (s->count != 0 && s->count != 3 && s->count != 5) {
        err_set(err, errlen, "SWAP2BOARD needs 0, 3 or 5 stones, got %d", s->count);
        return -1;
    }
    return 0;
}

void brain_swap2_board(const BrainSwap2 *s, int size, Board *board)
{
    board_init(board, size);
    for (int i = 0; i < s->count; i++) {
        board_set(board, s->stone[i].x, s->stone[i].y, i % 2 == 0 ? STONE_BLACK : STONE_WHITE);
    }
}

AiOpening brain_swap2_fallback(const BrainSwap2 *s, int size)
{
    AiOpening o;
    int c = size / 2;

    memset(&o, 0, sizeof o);
    if (s->count == 0) {
        o.action = AI_OPENING_PLACE;
        o.count = 3;
        o.stones[0] = (Move){(int8_t)c, (int8_t)c};
        o.stones[1] = (Move){(int8_t)(c + 1), (int8_t)c};
        o.stones[2] = (Move){(int8_t)c, (int8_t)(c + 1)};
    } else {
        o.action = AI_OPENING_TAKE_BLACK;
    }
    return o;
}

const char *brain_swap2_reply(const AiOpening *o, char *buf, size_t cap)
{
    size_t len = 0;

    if (cap == 0) {
        return buf;
    }
    buf[0] = '\0';
    if (o->action == AI_OPENING_TAKE_BLACK) {
        snprintf(buf, cap, "SWAP");
        return buf;
    }
    for (int i = 0; i < o->count && i < 3 && len < cap; i++) {
        int w = snprintf(buf + len, cap - len, "%s%d,%d", i > 0 ? " " : "", o->stones[i].x,
                         o->stones[i].y);
        if (w < 0) {
            break;
        }
        len += (size_t)w;
    }
    return buf;
}

int brain_swap2_valid(const BrainSwap2 *s, const AiOpening *o, Rules r, int size)
{
    int n = s->count;
    int stones = o->action == AI_OPENING_TAKE_BLACK ? 0 : o->count;
    bool fits = n == 0   ? o->action == AI_OPENING_PLACE && stones == 3
                : n == 3 ? o->action == AI_OPENING_TAKE_BLACK ||
                               (o->action == AI_OPENING_TAKE_WHITE && stones == 1) ||
                               (o->action == AI_OPENING_PLACE && stones == 2)
                         : o->action == AI_OPENING_TAKE_BLACK ||
                               (o->action == AI_OPENING_TAKE_WHITE && stones == 1);
    if (!fits) {
        return 0;
    }
    Board board;
    brain_swap2_board(s, size, &board);
    for (int i = 0; i < stones; i++, n++) {
        Stone c = n % 2 == 0 ? STONE_BLACK : STONE_WHITE;
        if (!rules_is_legal(&board, r, c, o->stones[i])) {
            return 0;
        }
        board_set(&board, o->stones[i].x, o->stones[i].y, c);
    }
    return 1;
}

Stone brain_swap2_apply(const BrainSwap2 *s, const AiOpening *o, Board *board)
{
    int n = s->count;

    if (o->action == AI_OPENING_TAKE_BLACK) {
        return STONE_BLACK;
    }
    for (int i = 0; i < o->count && i < 3; i++, n++) {
        board_set(board, o->stones[i].x, o->stones[i].y, n % 2 == 0 ? STONE_BLACK : STONE_WHITE);
    }
    return o->action == AI_OPENING_TAKE_WHITE ? STONE_WHITE : STONE_BLACK;
}
