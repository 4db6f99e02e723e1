/*
 * input.c - SDL events to AppCommands.
 */
#include "platform/input.h"

#include <math.h>

static int to_px(int v, float scale)
{
    return (int)floorf((float)v * scale);
}

/* Keys while a text field has the focus: editing keys, and the few
 * commands a dialog needs; a key that types a character gives none. */
static AppCommandKind typing_command(const SDL_KeyboardEvent *k)
{
    bool ctrl = (k->keysym.mod & (KMOD_CTRL | KMOD_GUI)) != 0;
    bool alt = (k->keysym.mod & KMOD_ALT) != 0;
    switch (k->keysym.sym) {
    case SDLK_BACKSPACE: return CMD_ERASE_BACK;
    case SDLK_DELETE: return CMD_DELETE;
    case SDLK_LEFT: return CMD_DECREASE;
    case SDLK_RIGHT: return CMD_INCREASE;
    case SDLK_HOME: return CMD_HOME;
    case SDLK_END: return CMD_END;
    case SDLK_TAB: return (k->keysym.mod & KMOD_SHIFT) != 0 ? CMD_FOCUS_PREV : CMD_FOCUS_NEXT;
    case SDLK_RETURN:
    case SDLK_KP_ENTER: return alt ? CMD_FULLSCREEN : CMD_ACCEPT;
    case SDLK_ESCAPE: return CMD_BACK;
    case SDLK_F11: return CMD_FULLSCREEN;
    case SDLK_q: return ctrl ? CMD_QUIT : CMD_NONE;
    case SDLK_v: return ctrl ? CMD_PASTE : CMD_NONE;
    default: return CMD_NONE;
    }
}

static AppCommandKind key_command(const SDL_KeyboardEvent *k)
{
    if (SDL_IsTextInputActive()) {
        return typing_command(k);
    }
    bool ctrl = (k->keysym.mod & (KMOD_CTRL | KMOD_GUI)) != 0;
    bool shift = (k->keysym.mod & KMOD_SHIFT) != 0;
    bool alt = (k->keysym.mod & KMOD_ALT) != 0;
    switch (k->keysym.sym) {
    case SDLK_UP: return CMD_FOCUS_PREV;
    case SDLK_DOWN: return CMD_FOCUS_NEXT;
    case SDLK_TAB: return shift ? CMD_FOCUS_PREV : CMD_FOCUS_NEXT;
    case SDLK_LEFT: return CMD_DECREASE;
    case SDLK_RIGHT: return CMD_INCREASE;
    case SDLK_RETURN:
    case SDLK_KP_ENTER: return alt ? CMD_FULLSCREEN : CMD_ACCEPT;
    case SDLK_SPACE: return CMD_ACCEPT;
    case SDLK_ESCAPE: return CMD_BACK;
    case SDLK_BACKSPACE: return CMD_UNDO;
    case SDLK_z: return ctrl ? (shift ? CMD_REDO : CMD_UNDO) : CMD_NONE;
    case SDLK_y: return ctrl ? CMD_REDO : CMD_NONE;
    case SDLK_n: return alt ? CMD_NONE : CMD_NEW_GAME;
    case SDLK_HOME: return CMD_HOME;
    case SDLK_END: return CMD_END;
    case SDLK_h: return ctrl || alt ? CMD_NONE : CMD_HINT;
    case SDLK_a: return ctrl || alt ? CMD_NONE : CMD_ANALYSIS;
    case SDLK_m: return ctrl || alt ? CMD_NONE : CMD_MUTE;
    case SDLK_c: return ctrl || alt ? CMD_NONE : CMD_COORDS;
    case SDLK_d: return ctrl || alt ? CMD_NONE : CMD_NUMBERS;
    case SDLK_f: return ctrl || alt ? CMD_NONE : CMD_FORBID_MARKS;
    case SDLK_l: return ctrl || alt ? CMD_NONE : CMD_LAST_MARK;
    case SDLK_r: return ctrl || alt ? CMD_NONE : CMD_REVIEW;
    case SDLK_s: return ctrl ? CMD_SAVE : alt ? CMD_NONE : CMD_COACH;
    case SDLK_w: return ctrl || alt ? CMD_NONE : CMD_SHOW_WIN;
    case SDLK_p: return ctrl || alt ? CMD_NONE : CMD_CONTINUE;
    case SDLK_e: return ctrl || alt ? CMD_NONE : CMD_ENGINE_LINE;
    case SDLK_o: return ctrl ? CMD_OPEN : CMD_NONE;
    case SDLK_DELETE: return CMD_DELETE;
    case SDLK_F1: return CMD_HELP;
    case SDLK_F2: return CMD_NEW_GAME;
    case SDLK_F11: return CMD_FULLSCREEN;
    case SDLK_q: return ctrl ? CMD_QUIT : CMD_NONE;
    default: return CMD_NONE;
    }
}

bool input_translate(const SDL_Event *ev, float scale_x, float scale_y, AppCommand *out)
{
    SDL_zerop(out);
    switch (ev->type) {
    case SDL_QUIT: out->kind = CMD_QUIT; break;
    case SDL_MOUSEMOTION:
        out->kind = CMD_POINTER_MOVE;
        out->x = to_px(ev->motion.x, scale_x);
        out->y = to_px(ev->motion.y, scale_y);
        break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        if (ev->button.button != SDL_BUTTON_LEFT) {
            return false;
        }
        out->kind = ev->type == SDL_MOUSEBUTTONDOWN ? CMD_POINTER_DOWN : CMD_POINTER_UP;
        out->x = to_px(ev->button.x, scale_x);
        out->y = to_px(ev->button.y, scale_y);
        break;
    case SDL_MOUSEWHEEL:
        out->kind = CMD_WHEEL;
        out->y = ev->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -ev->wheel.y : ev->wheel.y;
        break;
    case SDL_KEYDOWN:
        out->kind = key_command(&ev->key);
        out->tab = ev->key.keysym.sym == SDLK_TAB;
        break;
    case SDL_TEXTINPUT:
        out->kind = CMD_TEXT_INPUT;
        SDL_strlcpy(out->text, ev->text.text, sizeof out->text);
        break;
    case SDL_TEXTEDITING:
        out->kind = CMD_TEXT_EDITING;
        SDL_strlcpy(out->text, ev->edit.text, sizeof out->text);
        break;
    case SDL_DROPFILE:
        if (ev->drop.file == NULL) {
            return false;
        }
        out->kind = CMD_DROP_FILE;
        out->data = ev->drop.file;
        break;
    case SDL_WINDOWEVENT:
        switch (ev->window.event) {
        case SDL_WINDOWEVENT_SIZE_CHANGED:
        case SDL_WINDOWEVENT_RESIZED: out->kind = CMD_RESIZED; break;
        case SDL_WINDOWEVENT_LEAVE: out->kind = CMD_POINTER_LEAVE; break;
        case SDL_WINDOWEVENT_EXPOSED:
        case SDL_WINDOWEVENT_SHOWN:
        case SDL_WINDOWEVENT_RESTORED:
        case SDL_WINDOWEVENT_FOCUS_GAINED: out->kind = CMD_REDRAW; break;
        default: break;
        }
        break;
    case SDL_RENDER_TARGETS_RESET:
    case SDL_RENDER_DEVICE_RESET: out->kind = CMD_REDRAW; break;
    default: break;
    }
    return out->kind != CMD_NONE;
}
