/*
 * pbrain_client.h - run an external program and talk to it line by line
 * over its stdin/stdout, as a Gomocup manager does with a brain.
 *
 * Only the transport lives here (spawn, write a line, read a line with a
 * deadline, shut down); what to say is player.c's business.  POSIX only for
 * now: on Windows pbrain_client_spawn reports that it is unsupported.
 */
#ifndef GOMOKU_PBRAIN_CLIENT_H
#define GOMOKU_PBRAIN_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct PbrainClient PbrainClient;

/* Starts argv[0] (a path; not searched in PATH) with the NULL-terminated
 * argument list argv.  The child's stderr goes to /dev/null when
 * quiet_stderr is set.  Returns the client (free with pbrain_client_close),
 * or NULL with a message in err (errlen bytes, may be 0). */
PbrainClient *pbrain_client_spawn(char *const argv[], bool quiet_stderr, char *err, size_t errlen);

/* Writes line plus CRLF to the child.  Returns 0, or -1 when the child is
 * gone or the pipe failed. */
int pbrain_client_send(PbrainClient *c, const char *line);

/* Reads the next non-empty line (CR, LF and CRLF all end a line; the
 * terminator is dropped, an overlong line is truncated to len - 1 bytes).
 * Returns 0, -1 when timeout_ms passed first, or -2 when the child closed
 * its stdout or the read failed. */
int pbrain_client_read_line(PbrainClient *c, char *buf, size_t len, int timeout_ms);

/* Closes the child's stdin, gives it grace_ms to exit, then kills it, and
 * frees c.  NULL is allowed. */
void pbrain_client_close(PbrainClient *c, int grace_ms);

/* Returns the child's process id (to read its memory use), or -1. */
long pbrain_client_pid(const PbrainClient *c);

/* Returns a monotonic clock in milliseconds (for deadlines). */
long long pbrain_client_now_ms(void);

/* Waits ms milliseconds (nothing for ms <= 0). */
void pbrain_client_sleep_ms(int ms);

#endif
