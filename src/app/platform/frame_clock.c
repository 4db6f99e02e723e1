/*
 * frame_clock.c - the frame deadlines and the vsync check (frame_clock.h).
 */
#include "platform/frame_clock.h"

#include <string.h>

/* Refresh rates outside this range are a driver's nonsense (0, 1, 1000). */
#define FRAME_CLOCK_MIN_HZ 30
#define FRAME_CLOCK_MAX_HZ 500
/* The lead forgets 1/128 of itself a frame: half in about 90 frames. */
#define FRAME_CLOCK_LEAD_DECAY 128

void frame_clock_init(FrameClock *fc, uint64_t freq, int refresh_hz, bool vsync)
{
    memset(fc, 0, sizeof *fc);
    if (refresh_hz < FRAME_CLOCK_MIN_HZ || refresh_hz > FRAME_CLOCK_MAX_HZ) {
        refresh_hz = FRAME_CLOCK_DEFAULT_HZ;
    }
    fc->freq = freq > 0 ? freq : 1000;
    fc->period = fc->freq / (uint64_t)refresh_hz;
    if (fc->period == 0) {
        fc->period = 1;
    }
    fc->vsync_asked = vsync;
    fc->vsync = vsync; /* until measured otherwise */
}

uint64_t frame_clock_wait(const FrameClock *fc, uint64_t now)
{
    if (fc->vsync || fc->next == 0 || now + fc->lead >= fc->next) {
        return 0;
    }
    return fc->next - fc->lead - now;
}

bool frame_clock_holds(const FrameClock *fc)
{
    return !fc->vsync;
}

uint64_t frame_clock_hold(const FrameClock *fc, uint64_t now)
{
    if (fc->vsync || fc->next == 0 || now >= fc->next) {
        return 0;
    }
    return fc->next - now;
}

int frame_clock_wait_ms(const FrameClock *fc, uint64_t now)
{
    uint64_t ticks = frame_clock_wait(fc, now);
    return (int)((ticks * 1000 + fc->freq - 1) / fc->freq);
}

/* Does presenting wait for the display?  Frames drawn one after another
 * while something moves come no faster than the refresh when it does; when
 * 30 of them came in less than three quarters of the time that takes, it
 * does not, and the grid paces until the next try. */
static void check_vsync(FrameClock *fc, uint64_t end, bool moving)
{
    if (!fc->vsync_asked) {
        return;
    }
    if (!fc->vsync) {
        if (moving && end >= fc->retry_at) {
            fc->vsync = true;
            fc->probe_n = 0;
            fc->probe_start = end;
        }
        return;
    }
    bool chained = moving && fc->last_present != 0 && end - fc->last_present < 4 * fc->period;
    if (!chained) {
        fc->probe_n = 0;
        fc->probe_start = end;
        return;
    }
    if (++fc->probe_n < FRAME_CLOCK_PROBE_FRAMES) {
        return;
    }
    uint64_t took = end - fc->probe_start;
    if (took * 4 < (uint64_t)fc->probe_n * fc->period * 3) {
        fc->vsync = false;
        fc->retry_at = end + FRAME_CLOCK_RETRY_S * fc->freq;
    }
    fc->probe_n = 0;
    fc->probe_start = end;
}

void frame_clock_presented(FrameClock *fc, const FrameTimes *t, bool moving)
{
    /* The deadline this frame answered: shown up to half a period early (a
     * hold sleeps whole milliseconds; a frame for input may come between
     * deadlines) or less than a period late.  A frame a whole period late
     * (the machine was busy, or nothing was drawn for a while) starts a new
     * grid rather than rushing out the frames it missed. */
    uint64_t due = fc->next;
    if (due == 0 || t->shown + fc->period / 2 < due || t->shown >= due + fc->period) {
        due = t->shown;
    }
    fc->next = due + fc->period;
    /* The longest recent drawing time, forgotten slowly: the dear frames
     * (a stone placed, the panel's text changing) come a few times a
     * second, and each must still be ready in time. */
    uint64_t took = t->ready - t->start;
    fc->lead = took > fc->lead ? took : fc->lead - fc->lead / FRAME_CLOCK_LEAD_DECAY;
    check_vsync(fc, t->end, moving);
    fc->last_present = t->end;
}
