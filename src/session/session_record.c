/*
 * session_record.c - the session as a Record and back: what Save and the
 * autosave write, what Load and Resume read.
 */
#include "session_internal.h"

#include <stdio.h>
#include <string.h>

/* The name written for the computer's side. */
#define COMPUTER_NAME "Computer"

/* Who played side: a person (a remote player is taken for one) or the
 * computer (an engine or a script), session_seat_record_kind. */
static void player_to_record(const Session *s, Stone side, RecordPlayer *out)
{
    out->kind = session_seat_record_kind(session_seat_of_side(s, side).kind);
    record_set_text(out->name, out->kind == RECORD_PLAYER_COMPUTER ? COMPUTER_NAME : "");
}

/* The record's preset line: the level of the first seat the computer
 * plays with an engine's level (an engine, or a script, whose engine
 * answers off its script); none when only people and remote players sit. */
static void level_to_record(const Session *s, Record *out)
{
    SessionSeat seat[SESSION_ROLE_COUNT];
    session_seat_all(s, seat);
    for (int r = 0; r < SESSION_ROLE_COUNT; r++) {
        if (session_seat_record_kind(seat[r].kind) != RECORD_PLAYER_COMPUTER) {
            continue;
        }
        char text[RECORD_TEXT_MAX];
        if (seat[r].custom) {
            char spec[AI_CUSTOM_TEXT_MAX];
            snprintf(text, sizeof text, "%s %s", SESSION_CUSTOM_NAME,
                     ai_custom_format(seat[r].custom_ai, spec));
        } else {
            snprintf(text, sizeof text, "%s", ai_preset_name(seat[r].preset));
        }
        record_set_text(out->preset, text);
        return;
    }
}

SessionStatus session_to_record(const Session *s, Record *out)
{
    if (s->game == NULL || record_from_game(s->game, out) != 0) {
        return SESSION_ERR_NO_GAME;
    }
    int n = out->count < BOARD_MAX_CELLS ? out->count : BOARD_MAX_CELLS;
    memcpy(out->time_ms, s->move_ms, sizeof(int32_t) * (size_t)n);
    player_to_record(s, STONE_BLACK, &out->black);
    player_to_record(s, STONE_WHITE, &out->white);
    level_to_record(s, out);
    record_set_text(out->date, s->date);
    out->opening = s->setup.opening;
    out->choice[0] = s->choice[0];
    out->choice[1] = s->choice[1];
    out->clock_ms = s->clock_on ? (int32_t)s->setup.clock_min * 60000 : 0;
    if (s->timed_out) {
        out->result = s->timeout_result;
        out->end = RECORD_END_TIME;
    }
    session_review_to_record(s, out);
    return SESSION_OK;
}

/* The record's preset line: a preset's name, or "Custom SETTINGS"; an
 * unknown one keeps what the setup has. */
static void setup_level_from(SessionSetup *st, const char *text)
{
    size_t n = strlen(SESSION_CUSTOM_NAME);
    if (strncmp(text, SESSION_CUSTOM_NAME, n) == 0 && (text[n] == ' ' || text[n] == '\0')) {
        AiCustom c = ai_custom_default();
        char err[160];
        if (ai_custom_parse(text + n, &c, err, sizeof err) == 0) {
            st->custom = true;
            st->custom_ai = c;
        }
        return;
    }
    if (ai_preset_from_name(text, &st->preset) == 0) {
        st->custom = false;
    }
}

/* Who played: the mode names the first player's seat (black in a
 * standard game; under swap, whoever opened, whichever colour they took). */
static PlayerMode mode_of(const Record *rec)
{
    bool first_black = session_side_is_first(rec->choice, STONE_BLACK);
    const RecordPlayer *first = first_black ? &rec->black : &rec->white;
    const RecordPlayer *second = first_black ? &rec->white : &rec->black;
    bool fc = first->kind == RECORD_PLAYER_COMPUTER;
    bool sc = second->kind == RECORD_PLAYER_COMPUTER;
    return fc && sc ? MODE_AI_VS_AI
           : fc     ? MODE_COMPUTER_BLACK
           : sc     ? MODE_HUMAN_BLACK
                    : MODE_TWO_PLAYERS;
}

/* The clocks as they stood when the record was written: each side's time
 * less what its moves took, with a second left so the game can go on. */
static void clocks_from(Session *s, const Record *rec)
{
    if (!s->clock_on) {
        return;
    }
    /* The opening's stones are not a colour's moves: its clock stood still. */
    int from = session_opening_stones(rec->opening, rec->choice);
    for (int i = from; i < rec->count && i < BOARD_MAX_CELLS; i++) {
        if (rec->time_ms[i] > 0) {
            s->clock_ms[i % 2] -= rec->time_ms[i];
        }
    }
    for (int i = 0; i < 2; i++) {
        s->clock_ms[i] = s->clock_ms[i] > 1000 ? s->clock_ms[i] : 1000;
    }
}

SessionStatus session_load(Session *s, const Record *rec, SessionLoad how, uint64_t now_ms,
                           char *err, size_t errlen)
{
    Record copy = *rec;
    copy.cursor = copy.count;
    Game *g = record_to_game(&copy, err, errlen);
    if (g == NULL) {
        return SESSION_ERR_ARGS;
    }
    game_free(s->game);
    s->game = g;
    s->setup.size = rec->size;
    s->setup.rules = rec->rules;
    s->setup.mode = mode_of(rec);
    s->seats_set = false; /* the record's players, by the mode */
    s->setup.opening = rec->opening;
    setup_level_from(&s->setup, rec->preset);
    s->setup.clock_min = rec->clock_ms > 0 ? (int)(rec->clock_ms / 60000) : 0;
    record_set_text(s->date, rec->date);
    session_reset_game_state(s, now_ms);
    s->choice[0] = rec->choice[0];
    s->choice[1] = rec->choice[1];
    for (int i = 0; i < rec->count && i < BOARD_MAX_CELLS; i++) {
        s->move_ms[i] = rec->time_ms[i];
    }
    clocks_from(s, rec);
    session_review_from_record(s, rec);
    s->timed_out = rec->end == RECORD_END_TIME && rec->result != GAME_ONGOING &&
                   game_result(g) == GAME_ONGOING;
    s->timeout_result = rec->result;
    /* An old game never changes this session's score; a resumed one counts
     * once it ends. */
    s->counts = how == SESSION_LOAD_RESUME;
    session_sync_jobs(s);
    return SESSION_OK;
}
