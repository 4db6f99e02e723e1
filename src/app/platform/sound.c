/*
 * sound.c - a few-voice callback mixer over SDL audio.
 */
#include "platform/sound.h"

#include <stdio.h>
#include <string.h>

#include <SDL.h>

#define SOUND_RATE     44100
#define SOUND_VOICES   8
#define STONE_VARIANTS 3

/* Clips in the mixer's own format: mono signed 16-bit at SOUND_RATE. */
typedef struct Clip {
    Sint16 *pcm;
    int len; /* samples */
} Clip;

typedef struct Voice {
    const Clip *clip; /* NULL: free */
    int pos;
} Voice;

enum { CLIP_STONE1 = 0, CLIP_WIN = STONE_VARIANTS, CLIP_LOSE, CLIP_ERROR, CLIP_COUNT };

static const char *const CLIP_FILES[CLIP_COUNT] = {"stone1.wav", "stone2.wav", "stone3.wav",
                                                   "win.wav",    "lose.wav",   "error.wav"};

/* One audio device per process.  UI-thread state, except voices[], which
 * the audio thread reads in the callback and is guarded by the device
 * lock. */
static struct {
    bool subsystem;        /* we initialised SDL's audio subsystem */
    SDL_AudioDeviceID dev; /* 0: none */
    Clip clips[CLIP_COUNT];
    Voice voices[SOUND_VOICES];
    int next_stone;
    bool muted;
    char error[1024];
    char failed[128];       /* names of the sound files that failed */
    char first_reason[512]; /* why the first of them failed */
} S;

/* Appends "what: why" to the error text (several problems can be
 * reported; each is kept, separated by "; "). */
static void add_error(const char *what, const char *why)
{
    /* Truncation is fine: the message is for a log line. */
    if (S.error[0] != '\0') {
        SDL_strlcat(S.error, "; ", sizeof S.error);
    }
    SDL_strlcat(S.error, what, sizeof S.error);
    SDL_strlcat(S.error, ": ", sizeof S.error);
    SDL_strlcat(S.error, why != NULL ? why : "", sizeof S.error);
}

/* Notes a sound file that failed to load.  The names of all failed files
 * are listed first and only the first reason is kept, because SDL's reasons
 * repeat the whole path: with a deep install directory, a reason per file
 * would push the later names out of the message. */
static void add_clip_error(const char *file, const char *why)
{
    if (S.failed[0] != '\0') {
        SDL_strlcat(S.failed, ", ", sizeof S.failed);
    }
    SDL_strlcat(S.failed, file, sizeof S.failed);
    if (S.first_reason[0] == '\0') {
        SDL_strlcpy(S.first_reason, why != NULL ? why : "", sizeof S.first_reason);
    }
}

static void mix(void *userdata, Uint8 *stream, int len)
{
    (void)userdata;
    Sint16 *out = (Sint16 *)(void *)stream;
    int n = len / (int)sizeof(Sint16);
    /* Mixed in blocks through a 32-bit accumulator, so overlapping clips
     * saturate instead of wrapping. */
    Sint32 acc[256];
    for (int base = 0; base < n; base += (int)SDL_arraysize(acc)) {
        int m = SDL_min(n - base, (int)SDL_arraysize(acc));
        SDL_memset(acc, 0, sizeof acc);
        for (int v = 0; v < SOUND_VOICES; v++) {
            Voice *voice = &S.voices[v];
            if (voice->clip == NULL) {
                continue;
            }
            int take = SDL_min(m, voice->clip->len - voice->pos);
            const Sint16 *src = voice->clip->pcm + voice->pos;
            for (int i = 0; i < take; i++) {
                acc[i] += src[i];
            }
            voice->pos += take;
            if (voice->pos >= voice->clip->len) {
                voice->clip = NULL;
            }
        }
        for (int i = 0; i < m; i++) {
            out[base + i] = (Sint16)SDL_clamp(acc[i], -32768, 32767);
        }
    }
}

/* Loads one WAV and converts it to the mixer's format. */
static bool load_clip(const char *assets_dir, const char *file, Clip *clip)
{
    size_t dl = strlen(assets_dir);
    bool sep = dl > 0 && (assets_dir[dl - 1] == '/' || assets_dir[dl - 1] == '\\');
    char path[1024];
    int pl = snprintf(path, sizeof path, "%s%ssounds/%s", assets_dir, sep ? "" : "/", file);
    if (pl < 0 || (size_t)pl >= sizeof path) {
        add_clip_error(file, "path too long");
        return false;
    }
    SDL_AudioSpec spec;
    Uint8 *buf = NULL;
    Uint32 blen = 0;
    if (SDL_LoadWAV(path, &spec, &buf, &blen) == NULL) {
        add_clip_error(file, SDL_GetError());
        return false;
    }
    SDL_AudioCVT cvt;
    int need =
        SDL_BuildAudioCVT(&cvt, spec.format, spec.channels, spec.freq, AUDIO_S16SYS, 1, SOUND_RATE);
    if (need < 0) {
        add_clip_error(file, SDL_GetError());
        SDL_FreeWAV(buf);
        return false;
    }
    cvt.len = (int)blen;
    cvt.buf = SDL_malloc((size_t)blen * (size_t)(cvt.len_mult > 0 ? cvt.len_mult : 1));
    if (cvt.buf == NULL) {
        add_clip_error(file, "out of memory");
        SDL_FreeWAV(buf);
        return false;
    }
    SDL_memcpy(cvt.buf, buf, blen);
    SDL_FreeWAV(buf);
    if (need > 0 && SDL_ConvertAudio(&cvt) != 0) {
        add_clip_error(file, SDL_GetError());
        SDL_free(cvt.buf);
        return false;
    }
    int bytes = need > 0 ? cvt.len_cvt : cvt.len;
    clip->len = bytes / (int)sizeof(Sint16);
    clip->pcm = (Sint16 *)(void *)cvt.buf;
    if (clip->len <= 0) {
        add_clip_error(file, "no audio data");
        SDL_free(cvt.buf);
        clip->pcm = NULL;
        clip->len = 0;
        return false;
    }
    return true;
}

static void free_clips(void)
{
    for (int i = 0; i < CLIP_COUNT; i++) {
        SDL_free(S.clips[i].pcm);
        S.clips[i].pcm = NULL;
        S.clips[i].len = 0;
    }
}

static SoundStatus open_sound(const char *assets_dir)
{
    sound_quit();
    S.error[0] = '\0';
    S.failed[0] = '\0';
    S.first_reason[0] = '\0';
    S.next_stone = 0;
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        add_error("no audio, sound is off", SDL_GetError());
        return SOUND_NO_DEVICE;
    }
    S.subsystem = true;

    SDL_AudioSpec want, have;
    SDL_zero(want);
    want.freq = SOUND_RATE;
    want.format = AUDIO_S16SYS;
    want.channels = 1;
    want.samples = 512; /* ~12 ms: a click should follow the stone at once */
    want.callback = mix;
    /* allowed_changes 0: SDL converts to whatever the hardware wants, so
     * the callback only ever sees mono S16. */
    S.dev = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
    if (S.dev == 0) {
        add_error("no audio device, sound is off", SDL_GetError());
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        S.subsystem = false;
        return SOUND_NO_DEVICE;
    }

    bool all = true;
    for (int i = 0; i < CLIP_COUNT; i++) {
        if (assets_dir == NULL || !load_clip(assets_dir, CLIP_FILES[i], &S.clips[i])) {
            if (assets_dir == NULL && all) {
                add_error("sounds", "no assets directory");
            }
            all = false;
        }
    }
    if (S.failed[0] != '\0') {
        char what[160];
        SDL_snprintf(what, sizeof what, "sounds off for %s", S.failed);
        add_error(what, S.first_reason);
    }
    SDL_PauseAudioDevice(S.dev, 0);
    return all ? SOUND_OK : SOUND_MISSING_FILES;
}

SoundStatus sound_init(const char *assets_dir, char *err, size_t errlen)
{
    SoundStatus st = open_sound(assets_dir);
    if (err != NULL && errlen > 0) {
        SDL_strlcpy(err, S.error, errlen);
    }
    return st;
}

bool sound_available(void)
{
    return S.dev != 0;
}

/* Returns the clip for id, or NULL when it is not loaded. */
static const Clip *pick(SoundId id)
{
    switch (id) {
    case SOUND_STONE:
        /* Rotate through the variants that loaded, so repeated stones vary. */
        for (int tries = 0; tries < STONE_VARIANTS; tries++) {
            const Clip *c = &S.clips[CLIP_STONE1 + S.next_stone];
            S.next_stone = (S.next_stone + 1) % STONE_VARIANTS;
            if (c->pcm != NULL) {
                return c;
            }
        }
        return NULL;
    case SOUND_WIN: return S.clips[CLIP_WIN].pcm != NULL ? &S.clips[CLIP_WIN] : NULL;
    case SOUND_LOSE: return S.clips[CLIP_LOSE].pcm != NULL ? &S.clips[CLIP_LOSE] : NULL;
    case SOUND_ERROR: return S.clips[CLIP_ERROR].pcm != NULL ? &S.clips[CLIP_ERROR] : NULL;
    default: return NULL;
    }
}

void sound_play(SoundId id)
{
    if (S.dev == 0 || S.muted) {
        return;
    }
    const Clip *clip = pick(id);
    if (clip == NULL) {
        return;
    }
    SDL_LockAudioDevice(S.dev);
    /* A free voice, else the one furthest along (the least audible loss). */
    int slot = 0;
    for (int v = 0; v < SOUND_VOICES; v++) {
        if (S.voices[v].clip == NULL) {
            slot = v;
            break;
        }
        if (S.voices[v].pos > S.voices[slot].pos) {
            slot = v;
        }
    }
    S.voices[slot].clip = clip;
    S.voices[slot].pos = 0;
    SDL_UnlockAudioDevice(S.dev);
}

static void stop_all(void)
{
    if (S.dev == 0) {
        return;
    }
    SDL_LockAudioDevice(S.dev);
    for (int v = 0; v < SOUND_VOICES; v++) {
        S.voices[v].clip = NULL;
        S.voices[v].pos = 0;
    }
    SDL_UnlockAudioDevice(S.dev);
}

void sound_set_muted(bool muted)
{
    S.muted = muted;
    if (muted) {
        stop_all();
    }
}

bool sound_muted(void)
{
    return S.muted;
}

void sound_quit(void)
{
    if (S.dev != 0) {
        /* Closing waits for the callback to return, so the clips can go. */
        SDL_CloseAudioDevice(S.dev);
        S.dev = 0;
    }
    SDL_memset(S.voices, 0, sizeof S.voices);
    free_clips();
    if (S.subsystem) {
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        S.subsystem = false;
    }
}
