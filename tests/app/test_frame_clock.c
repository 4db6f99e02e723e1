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

#include "platform/frame_clock.h"

/* A microsecond counter and a 60 Hz display: 16666 ticks a frame. */
#define FREQ   1000000u
#define PERIOD (FREQ / 60u)

/* A frame begun at start, presented at once, took took ticks in all. */
static void frame(FrameClock *fc, uint64_t start, uint64_t took, bool moving)
{
    FrameTimes t = {start, start, start, start + took};
    frame_clock_presented(fc, &t, moving);
}

static void test_grid_ignores_lateness(void **state)
{
    (void)state;
    FrameClock fc;
    frame_clock_init(&fc, FREQ, 60, false);
    assert_int_equal(fc.period, PERIOD);
    uint64_t t = 1000000;
    assert_int_equal(frame_clock_wait(&fc, t), 0); /* nothing drawn yet: now */
    frame(&fc, t, 3000, true);
    uint64_t due = t + PERIOD;
    /* Each frame starts 1.5 ms late; the deadlines stay one period apart
     * from the first, so the rate does not drift to 1 / (period + 1.5 ms). */
    for (int i = 1; i <= 100; i++) {
        assert_int_equal(frame_clock_wait(&fc, due - 5000), 5000);
        assert_int_equal(frame_clock_wait(&fc, due), 0);
        frame(&fc, due + 1500, 3000, true);
        due += PERIOD;
    }
    assert_int_equal(fc.next, t + 101 * (uint64_t)PERIOD);
}

static void test_new_grid_after_a_pause(void **state)
{
    (void)state;
    FrameClock fc;
    frame_clock_init(&fc, FREQ, 60, false);
    frame(&fc, 10, 490, true);
    /* Nothing drawn for a second (idle), then a click: drawn at once, and
     * the grid starts again from there rather than rushing missed frames. */
    uint64_t click = 1000000;
    assert_int_equal(frame_clock_wait(&fc, click), 0);
    frame(&fc, click, 2000, false);
    assert_int_equal(fc.next, click + PERIOD);
    /* A frame 20 ms late (one whole period and more): a new grid from it. */
    uint64_t late = click + PERIOD + 20000;
    frame(&fc, late, 2000, true);
    assert_int_equal(fc.next, late + PERIOD);
}

static void test_input_frames_held_to_the_grid(void **state)
{
    (void)state;
    FrameClock fc;
    frame_clock_init(&fc, FREQ, 60, false);
    frame(&fc, 100, 1900, false);
    /* A mouse reporting every millisecond gets a frame per period, no more. */
    assert_int_equal(frame_clock_wait(&fc, 3000), 100 + PERIOD - 3000);
    assert_int_equal(frame_clock_wait(&fc, 100 + PERIOD), 0);
}

static void test_wait_ms_rounds_up(void **state)
{
    (void)state;
    FrameClock fc;
    frame_clock_init(&fc, FREQ, 60, false);
    frame(&fc, 1, 99, true);
    /* 16666 us to the deadline from t = 1: 16.666 ms, so 17: never early. */
    assert_int_equal(frame_clock_wait_ms(&fc, 1), 17);
    assert_int_equal(frame_clock_wait_ms(&fc, 1 + PERIOD - 1), 1);
    assert_int_equal(frame_clock_wait_ms(&fc, 1 + PERIOD), 0);
}

/* Drawing takes 6, then 9, then 5 ms: frames begin early by the longest
 * recent drawing time and are held until their deadline, so they are shown
 * one period apart whatever each took. */
static void test_frames_held_to_their_deadline(void **state)
{
    (void)state;
    FrameClock fc;
    frame_clock_init(&fc, FREQ, 60, false);
    assert_true(frame_clock_holds(&fc));
    FrameTimes t = {1000, 7000, 7000, 7500};
    frame_clock_presented(&fc, &t, true);
    assert_int_equal(fc.next, 7000 + PERIOD);
    assert_int_equal(fc.lead, 6000);
    /* Begin 6 ms before the deadline. */
    assert_int_equal(frame_clock_wait(&fc, 10000), 7000 + PERIOD - 6000 - 10000);
    assert_int_equal(frame_clock_wait(&fc, 7000 + PERIOD - 6000), 0);

    /* 9 ms this time: ready 3 ms late, shown at once, still on the grid. */
    uint64_t due = fc.next;
    t = (FrameTimes){due - 6000, due + 3000, due + 3000, due + 3500};
    assert_int_equal(frame_clock_hold(&fc, t.ready), 0);
    frame_clock_presented(&fc, &t, true);
    assert_int_equal(fc.next, due + PERIOD);
    assert_int_equal(fc.lead, 9000);

    /* 5 ms: begun 9 ms early, ready 4 ms early and held until the deadline. */
    due = fc.next;
    uint64_t start = due - 9000;
    assert_int_equal(frame_clock_wait(&fc, start), 0);
    assert_int_equal(frame_clock_hold(&fc, start + 5000), 4000);
    t = (FrameTimes){start, start + 5000, due, due + 500};
    frame_clock_presented(&fc, &t, true);
    assert_int_equal(fc.next, due + PERIOD);
    assert_int_equal(fc.lead, 9000 - 9000 / 128); /* slowly forgetting the 9 ms */

    /* A hold sleeps whole milliseconds: shown 0.8 ms early is on the grid. */
    due = fc.next;
    t = (FrameTimes){due - 6000, due - 1000, due - 800, due - 300};
    frame_clock_presented(&fc, &t, true);
    assert_int_equal(fc.next, due + PERIOD);
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
        frame(fc, t, gap, true);
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
    frame(&fc, due, 2000, true);
    assert_false(fc.vsync);
    /* ...when vsync gets another chance, and keeps it if it now waits. */
    uint64_t later = fc.retry_at + 1;
    frame(&fc, later, 1000, true);
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
        frame(&fc, t, 500, false);
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
        cmocka_unit_test(test_frames_held_to_their_deadline),
        cmocka_unit_test(test_refresh_rates),
        cmocka_unit_test(test_vsync_that_waits_paces),
        cmocka_unit_test(test_vsync_that_does_not_wait_falls_back),
        cmocka_unit_test(test_sparse_frames_do_not_judge_vsync),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
