import CSDL2
import Foundation

/// An SDL failure, with SDL's own message.
package struct SDLError: Error, CustomStringConvertible {
    package let message: String

    init(_ what: String) {
        message = "\(what): \(String(cString: SDL_GetError()))"
    }

    package var description: String { message }
}

/// SDL's process-wide setup: the video subsystem, SDL_ttf and SDL_image, initialised once.
///
/// Drivers: the window uses the platform's video driver; headless rendering asks for the
/// `offscreen` driver (and falls back to `dummy`) and a software renderer drawing into a surface.
/// SDL may only be used from one thread; TouchScope's front end is single-threaded.
package enum SDLContext {
    nonisolated(unsafe) private static var initialized: String?

    /// Initialises SDL with `driver` (nil: SDL's choice). Returns the driver in use.
    @discardableResult
    package static func start(driver: String? = nil) throws -> String {
        if let current = initialized { return current }
        // The same input must never arrive twice: no synthetic mouse events from touches, no
        // synthetic touches from the mouse (TouchScope makes its own from the mouse).
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        var candidates: [String?] = [driver]
        if driver == "offscreen" { candidates.append("dummy") }
        for candidate in candidates {
            if let candidate { setenv("SDL_VIDEODRIVER", candidate, 1) }
            if SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 {
                let name = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? candidate ?? "unknown"
                if TTF_Init() != 0 { throw SDLError("TTF_Init") }
                _ = IMG_Init(Int32(IMG_INIT_PNG.rawValue))
                initialized = name
                return name
            }
        }
        throw SDLError("SDL_Init")
    }

    /// Whether a display seems available (X11 or Wayland), before trying to open a window.
    package static var hasDisplay: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["DISPLAY"].map { !$0.isEmpty } ?? false || environment["WAYLAND_DISPLAY"].map { !$0.isEmpty } ?? false
    }

    /// The DejaVu font shipped by Debian's fonts-dejavu-core, if present.
    package static let fontPath: String? = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
    ].first { FileManager.default.fileExists(atPath: $0) }
}
