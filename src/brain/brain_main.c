/*
 * brain_main.c - pbrain-gomoku: the Gomocup brain's stdin/stdout loop.
 *
 * All protocol logic lives in brain_proto.c; this file only splits stdin
 * into lines (CR, LF and CRLF all end a line, as managers differ) and
 * writes each reply as one flushed line.
 */
#include <stdio.h>
#include <string.h>

#include "brain_proto.h"

/* Lines longer than this are not protocol lines; they are answered with
 * ERROR and skipped whole. */
#define MAIN_LINE_MAX 1024

static void write_line(const char *line, void *user)
{
    (void)user;
    fputs(line, stdout);
    fputc('\n', stdout);
    /* The manager waits for each reply; nothing may sit in a buffer. */
    fflush(stdout);
}

int main(void)
{
    char line[MAIN_LINE_MAX];
    size_t len = 0;
    int too_long = 0;
    int c;
    Brain *b = brain_new(write_line, NULL);

    if (b == NULL) {
        fputs("ERROR out of memory\n", stdout);
        fflush(stdout);
        return 1;
    }
    for (;;) {
        c = getchar();
        if (c == EOF || c == '\n' || c == '\r') {
            BrainStatus st = BRAIN_CONTINUE;

            line[len] = '\0';
            if (too_long) {
                write_line("ERROR line too long", NULL);
            } else if (len > 0) {
                st = brain_feed_line(b, line);
            }
            len = 0;
            too_long = 0;
            if (st == BRAIN_QUIT || c == EOF) {
                break;
            }
            continue;
        }
        if (len + 1 < sizeof line) {
            line[len++] = (char)c;
        } else {
            too_long = 1;
        }
    }
    brain_free(b);
    return 0;
}
