/*
 * fuzz_check.h - how a fuzz target says a property broke: it prints what
 * and aborts, which libFuzzer records as a crash (with the input) and the
 * corpus replay in CTest reports as a failure.
 */
#ifndef GOMOKU_FUZZ_CHECK_H
#define GOMOKU_FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define FUZZ_CHECK(cond, what)                                                                     \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: property broken: %s (%s)\n", __FILE__, __LINE__, what, #cond); \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

#endif
