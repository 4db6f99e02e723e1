/*
 * sound.h - short sound effects (stone clicks, chimes) through SDL audio.
 *
 * The WAVs live in <assets>/sounds/ (made by tools/gen_sounds.c).  A tiny
 * callback mixer plays up to a few overlapping voices, so quick clicks mix
 * instead of queueing behind each other.
 *
 * Sound is never essential: when there is no audio device (CI, the dummy
 * driver, a headless server) or a file is missing, sound_init says so and
 * every other call becomes a harmless no-op.  The app must not fail on it.
 *
 * The module keeps global state (one audio device for the process).  All
 * functions are for the UI thread; the mixer's own thread is synchronised
 * internally with SDL_LockAudioDevice.
 */
#ifndef GOMOKU_SOUND_H
#define GOMOKU_SOUND_H

#include <stdbool.h>
#include <stddef.h>

typedef enum SoundId {
    SOUND_STONE = 0, /* a stone placed (one of a few clicks, varied each time) */
    SOUND_WIN,       /* a soft rising chime: the game is won (by the player) */
    SOUND_LOSE,      /* a soft falling chime: the computer won */
    SOUND_ERROR,     /* a dull tock: a move refused (forbidden or occupied) */
    SOUND_COUNT
} SoundId;

typedef enum SoundStatus {
    SOUND_OK = 0,       /* device open, every sound loaded */
    SOUND_NO_DEVICE,    /* no audio (driver or device missing): all calls are no-ops */
    SOUND_MISSING_FILES /* device open but some WAVs failed to load: those stay silent */
} SoundStatus;

/* Opens the default audio device (initialising SDL's audio subsystem itself)
 * and loads the sounds from assets_dir ("…/assets/", with or without the
 * trailing separator).  Never fails hard: returns what works, and writes to
 * err why it is anything short of SOUND_OK ("" when it is OK).  Calling it
 * again first calls sound_quit. */
SoundStatus sound_init(const char *assets_dir, char *err, size_t errlen);

/* Returns true when a device is open (sounds may actually be heard). */
bool sound_available(void);

/* Starts id (mixed over anything playing); does nothing when muted, when
 * there is no device, or when that sound failed to load. */
void sound_play(SoundId id);

/* Mutes or unmutes; muting also silences what is playing now.  Works (and
 * is remembered) even without a device. */
void sound_set_muted(bool muted);

/* Returns the mute state. */
bool sound_muted(void);

/* Closes the device and frees the sounds; safe to call without init and
 * more than once.  The mute state is kept. */
void sound_quit(void);

#endif
