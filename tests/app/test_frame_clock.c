/*
 * test_frame_clock.c - the frame deadlines (frame_clock.h) on made-up
 * times: a fixed grid that late frames do not push, a new grid after a
 * pause, rounding up to whole milliseconds, and vsync trusted only while
 * presenting really waits for the display.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "frame_clock.h"

/* A microsecond counter and a 60 Hz display: 16666 ticks a frame. */
#define FREQ   1000000u
#define PERIOD (FREQ / 60u)

static void test_grid_ignores_lateness(void **state)
{
    (void)state;
    FrameClock fc;
    frame_clock_init(&fc, FREQ, 60, false);
    assert_int_equal(fc.period, PERIOD);
    uint64_t t = 1000000;
    assert_int_equal(frame_clock_wait(&fc, t), 0); /* nothing drawn yet: now */
    frame_clock_presented(&fc, t, t + 3000, true);
    uint64_t due = t + PERIOD;
    /* Each frame starts 1.5 ms late; the deadlines stay one period apart
     * from the first, so the rate does not drift to 1 / (period + 1.5 ms). */
    for (int i = 1; i <= 100; i++) {
        assert_int_equal(frame_clock_wait(&fc, due - 5000), 5000);
        assert_int_equal(frame_clock_wait(&fc, due), 0);
        frame_clock_presented(&fc, due + 1500, due + 4500, true);
        due += PERIOD;
    }
    assert_int_equal(fc.next, t + 101 * (uint64_t)PERIOD);
}

static void test_new_grid_after_a_pause(void **state)
{
    (void)state;
    FrameClock fc;
    frame_clock_init(&fc, FREQ, 60, false);
    frame_clock_presented(&fc, 10, 500, true);
    /* Nothing drawn for a second (idle), then a click: drawn at once, and
     * the grid starts again from there rather than rushing missed frames. */
    uint64_t click = 1000000;
    assert_int_equal(frame_clock_wait(&fc, click), 0);
    frame_clock_presented(&fc, click, click + 2000, false);
    assert_int_equal(fc.next, click + PERIOD);
    /* A frame 20 ms late (one whole period and more): a new grid from it. */
    uint64_t late = click + PERIOD + 20000;
    frame_clock_presented(&fc, late, late + 2000, true);
    assert_int_equal(fc.next, late + PERIOD);
}

static void test_input_frames_held_to_the_grid(void **state)
{
    (void)state;
    FrameClock fc;
    frame_clock_init(&fc, FREQ, 60, false);
    frame_clock_presented(&fc, 100, 2000, false);
    /* A mouse reporting every millisecond gets a frame per period, no more. */
    assert_int_equal(frame_clock_wait(&fc, 3000), 100 + PERIOD - 3000);
    assert_int_equal(frame_clock_wait(&fc, 100 + PERIOD), 0);
}

static void test_wait_ms_rounds_up(void **state)
{
    (void)state;
    FrameClock fc;
    frame_clock_init(&fc, FREQ, 60, false);
    frame_clock_presented(&fc, 1, 100, true);
    /* 16666 us to the deadline from t = 1: 16.666 ms, so 17: never early. */
    assert_int_equal(frame_clock_wait_ms(&fc, 1), 17);
    assert_int_equal(frame_clock_wait_ms(&fc, 1 + PERIOD - 1), 1);
    assert_int_equal(frame_clock_wait_ms(&fc, 1 + PERIOD), 0);
}

static void test_refresh_rates(void **state)
{
    (void)state;
    FrameClock fc;
    frame_clock_init(&fc, FREQ, 144, false);
    assert_int_equal(fc.period, FREQ / 144);
    frame_clock_init(&fc, FREQ, 0, false); /* unknown */
    assert_int_equal(fc.period, FREQ / FRAME_CLOCK_DEFAULT_HZ);
    frame_clock_init(&fc, FREQ, 1000, false); /* nonsense */
    assert_int_equal(fc.period, FREQ / FRAME_CLOCK_DEFAULT_HZ);
}

/* Presents n back-to-back moving frames, each taking gap ticks. */
static uint64_t run(FrameClock *fc, uint64_t t, int n, uint64_t gap)
{
    for (int i = 0; i < n; i++) {
        frame_clock_presented(fc, t, t + gap, true);
        t += gap;
    }
    return t;
}

static void test_vsync_that_waits_paces(void **state)
{
    (void)state;
    FrameClock fc;
    frame_clock_init(&fc, FREQ, 60, true);
    assert_true(fc.vsync);
    /* Presenting returns one refresh after the last: vsync works, and the
     * loop never sleeps on top of it (that would beat against it). */
    uint64_t t = run(&fc, 1000, 5 * FRAME_CLOCK_PROBE_FRAMES, PERIOD);
    assert_true(fc.vsync);
    assert_int_equal(frame_clock_wait(&fc, t), 0);
    /* A renderer slower than the display (every other refresh) too. */
    run(&fc, t, 3 * FRAME_CLOCK_PROBE_FRAMES, 2 * PERIOD);
    assert_true(fc.vsync);
}

static void test_vsync_that_does_not_wait_falls_back(void **state)
{
    (void)state;
    FrameClock fc;
    frame_clock_init(&fc, FREQ, 60, true);
    /* Presenting returns at once (Xvfb, a hidden window): after a probe's
     * worth of frames the grid paces instead of a busy loop. */
    uint64_t t = run(&fc, 1000, FRAME_CLOCK_PROBE_FRAMES + 1, 2000);
    assert_false(fc.vsync);
    assert_true(frame_clock_wait(&fc, t) > 0);
    /* It stays so until the retry time... */
    uint64_t due = fc.next;
    frame_clock_presented(&fc, due, due + 2000, true);
    assert_false(fc.vsync);
    /* ...when vsync gets another chance, and keeps it if it now waits. */
    uint64_t later = fc.retry_at + 1;
    frame_clock_presented(&fc, later, later + 1000, true);
    assert_true(fc.vsync);
    run(&fc, later + 1000, 2 * FRAME_CLOCK_PROBE_FRAMES, PERIOD);
    assert_true(fc.vsync);
}

static void test_sparse_frames_do_not_judge_vsync(void **state)
{
    (void)state;
    FrameClock fc;
    frame_clock_init(&fc, FREQ, 60, true);
    /* Frames for clicks, far apart and quick to present, say nothing about
     * whether presenting waits for the display. */
    uint64_t t = 1000;
    for (int i = 0; i < 3 * FRAME_CLOCK_PROBE_FRAMES; i++) {
        frame_clock_presented(&fc, t, t + 500, false);
        t += 250000;
    }
    assert_true(fc.vsync);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grid_ignores_lateness),
        cmocka_unit_test(test_new_grid_after_a_pause),
        cmocka_unit_test(test_input_frames_held_to_the_grid),
        cmocka_unit_test(test_wait_ms_rounds_up),
        cmocka_unit_test(test_refresh_rates),
        cmocka_unit_test(test_vsync_that_waits_paces),
        cmocka_unit_test(test_vsync_that_does_not_wait_falls_back),
        cmocka_unit_test(test_sparse_frames_do_not_judge_vsync),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
