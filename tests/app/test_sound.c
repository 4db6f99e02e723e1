/*
 * test_sound.c - sound never fails the app: the dummy driver works, a
 * missing driver or missing files degrade to silence with a reason, and
 * under SDL's disk driver a played sound really reaches the output while a
 * muted one does not.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <SDL.h>

#include "platform/sound.h"

/* What the last sound_init said. */
static char why[1024];
static void use_driver(const char *name)
{
    SDL_setenv("SDL_AUDIODRIVER", name, 1);
}

static void play_everything(void)
{
    /* More than the mixer's voices at once: the oldest are stolen. */
    for (int round = 0; round < 5; round++) {
        for (int id = 0; id < SOUND_COUNT; id++) {
            sound_play((SoundId)id);
        }
    }
    sound_play((SoundId)-1);
    sound_play(SOUND_COUNT);
}

static void test_dummy_driver(void **state)
{
    (void)state;
    use_driver("dummy");
    sound_set_muted(false);
    assert_int_equal(sound_init(GOMOKU_TEST_ASSETS, why, sizeof why), SOUND_OK);
    assert_string_equal(why, "");
    assert_true(sound_available());
    play_everything();
    sound_set_muted(true);
    assert_true(sound_muted());
    play_everything();
    sound_set_muted(false);
    assert_false(sound_muted());
    sound_play(SOUND_STONE);
    sound_quit();
    assert_false(sound_available());
    sound_quit();            /* twice is fine */
    sound_play(SOUND_STONE); /* after quit: a no-op */
}

static void test_trailing_separator(void **state)
{
    (void)state;
    use_driver("dummy");
    assert_int_equal(sound_init(GOMOKU_TEST_ASSETS "/", why, sizeof why), SOUND_OK);
    /* init again without quit: the old device is closed first */
    assert_int_equal(sound_init(GOMOKU_TEST_ASSETS, why, sizeof why), SOUND_OK);
    sound_quit();
}

static void test_no_driver(void **state)
{
    (void)state;
    use_driver("no-such-audio-driver");
    assert_int_equal(sound_init(GOMOKU_TEST_ASSETS, why, sizeof why), SOUND_NO_DEVICE);
    assert_true(strlen(why) > 0);
    assert_false(sound_available());
    play_everything();
    sound_set_muted(true);
    assert_true(sound_muted()); /* remembered without a device */
    sound_set_muted(false);
    sound_quit();
}

static void test_missing_files(void **state)
{
    (void)state;
    use_driver("dummy");
    assert_int_equal(sound_init(GOMOKU_TEST_TMP "/no-such-assets", why, sizeof why),
                     SOUND_MISSING_FILES);
    /* The reason names the files, so a player's log says what to restore. */
    assert_non_null(strstr(why, "stone1.wav"));
    assert_non_null(strstr(why, "win.wav"));
    assert_true(sound_available());
    play_everything();
    sound_quit();

    /* A long install path (CI checks out deep) must not crowd the later
     * file names out of the message. */
    char deep[1000];
    snprintf(deep, sizeof deep, "%s/%0700d/assets", GOMOKU_TEST_TMP, 0);
    assert_int_equal(sound_init(deep, why, sizeof why), SOUND_MISSING_FILES);
    assert_non_null(strstr(why, "stone1.wav"));
    assert_non_null(strstr(why, "error.wav"));
    sound_quit();

    assert_int_equal(sound_init(NULL, why, sizeof why), SOUND_MISSING_FILES);
    assert_true(strlen(why) > 0);
    play_everything();
    sound_quit();

    /* And a good init afterwards clears the old reason. */
    assert_int_equal(sound_init(GOMOKU_TEST_ASSETS, why, sizeof why), SOUND_OK);
    assert_string_equal(why, "");
    sound_quit();
}

static bool have_driver(const char *name)
{
    for (int i = 0; i < SDL_GetNumAudioDrivers(); i++) {
        if (strcmp(SDL_GetAudioDriver(i), name) == 0) {
            return true;
        }
    }
    return false;
}

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return -1;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

/* Runs the disk driver until it has written at least bytes, then returns
 * the loudest 16-bit sample it wrote (the mixer's format is mono S16). */
static int disk_peak(const char *path, bool muted, SoundId id, long bytes)
{
    remove(path);
    SDL_setenv("SDL_DISKAUDIOFILE", path, 1);
    use_driver("disk");
    sound_set_muted(muted);
    assert_int_equal(sound_init(GOMOKU_TEST_ASSETS, why, sizeof why), SOUND_OK);
    sound_play(id);
    /* The disk driver writes at real-time pace; wait for enough output
     * (bounded, so a stuck driver fails instead of hanging). */
    for (int waited = 0; file_size(path) < bytes && waited < 15000; waited += 10) {
        SDL_Delay(10);
    }
    sound_quit();
    sound_set_muted(false);

    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    int peak = 0;
    long total = 0;
    unsigned char b[2];
    while (fread(b, 1, 2, f) == 2) {
        int v = (int16_t)(uint16_t)(b[0] | (b[1] << 8));
        if (SDL_BYTEORDER == SDL_BIG_ENDIAN) {
            v = (int16_t)(uint16_t)(b[1] | (b[0] << 8));
        }
        peak = SDL_max(peak, abs(v));
        total += 2;
    }
    fclose(f);
    remove(path);
    assert_true(total >= bytes);
    return peak;
}

static void test_disk_output(void **state)
{
    (void)state;
    if (!have_driver("disk")) {
        skip();
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/test_sound_disk.raw", GOMOKU_TEST_TMP);
    /* win.wav peaks at half scale: it must come through, unclipped. */
    int peak = disk_peak(path, false, SOUND_WIN, 48000);
    assert_true(peak > 8000);
    assert_true(peak < 32767);
    /* Muted: the same request writes pure silence. */
    assert_int_equal(disk_peak(path, true, SOUND_WIN, 24000), 0);
    use_driver("dummy");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dummy_driver), cmocka_unit_test(test_trailing_separator),
        cmocka_unit_test(test_no_driver),    cmocka_unit_test(test_missing_files),
        cmocka_unit_test(test_disk_output),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
