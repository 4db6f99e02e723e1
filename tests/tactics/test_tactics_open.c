/*
 * test_tactics_open.c - tactics positions the engine does not solve yet.
 * Their diagrams are proven like the main suite's; this test fails while
 * the engine fails any of them, and passes when the list is empty.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "tac_positions.h"
#include "tac_util.h"

static void test_open_cases(void **state)
{
    (void)state;
    Ai *ai = ai_new(16u << 20);
    assert_non_null(ai);
    int bad = 0;
    for (int i = 0; i < TAC_NOPEN_CASES; i++) {
        int rc = tac_run_case(&TAC_OPEN_CASES[i], ai, tac_suite_limits());
        printf("  %-40s %s\n", TAC_OPEN_CASES[i].name,
               rc == 0   ? "ok"
               : rc == 1 ? "BAD DIAGRAM"
                         : "ENGINE FAILS");
        bad += rc != 0;
    }
    ai_free(ai);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
