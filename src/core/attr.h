/*
 * attr.h - compiler attributes shared by every layer (no code).
 */
#ifndef GOMOKU_ATTR_H
#define GOMOKU_ATTR_H

/* Marks a printf-like function whose format is parameter f and whose
 * arguments start at parameter a, so the compiler checks every call's
 * format string (and knows that the function's own vsnprintf is fine). */
#if defined(__GNUC__) || defined(__clang__)
#define GOMOKU_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define GOMOKU_PRINTF(f, a)
#endif

#endif
