#ifndef TOUCHSCOPE_CSDL2_SHIM_H
#define TOUCHSCOPE_CSDL2_SHIM_H
// SDL2 with its text and image libraries, from Debian's libsdl2-dev, libsdl2-ttf-dev and
// libsdl2-image-dev (pkg-config "sdl2" gives the include path).
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>

// Macros Swift cannot import, as functions.
static inline int touchscope_windowpos_undefined(void) { return SDL_WINDOWPOS_UNDEFINED; }
static inline SDL_TouchID touchscope_mouse_touch_id(void) { return SDL_MOUSE_TOUCHID; }
static inline Uint32 touchscope_touch_mouse_id(void) { return SDL_TOUCH_MOUSEID; }
static inline Uint32 touchscope_button_mask(int button) { return SDL_BUTTON(button); }

#endif
