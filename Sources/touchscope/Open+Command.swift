import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes
import TouchScopeSDL

struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a scene in a window: touch it with the mouse or fingers and watch the routing.",
        discussion: """
            Keys (also shown with ?): h hit-test path, c responder chain, g recognizers, e control \
            events, t trails, p pointer, x hidden views, space pause, n one input, s slow motion, \
            r record/stop, m marker, left/right/home/end move in a session, esc quit. Alt-drag pinches \
            and rotates, Alt+Shift-drag moves two fingers, right-click pins a finger. Needs a display.
            """)

    @Argument(help: "The scene: a bundled name or a .json file.")
    var scene: String

    @Option(help: "Play this session back in the window instead of taking input.")
    var session: String?

    @Option(help: "Start recording to this file at once (r stops and saves; so do quitting and Ctrl-C).")
    var record: String?

    @Option(help: "Overlays shown at start: all, none, or a list of hit, chain, gestures, controls, trails, pointer, help.")
    var overlays = "all"

    @Flag(help: "Draw hidden views as faint dashed outlines.")
    var showHidden = false

    @Flag(help: "Quit when a played-back session reaches its end.")
    var quitAtEnd = false

    @Option(help: "Playback speed of --session (0.05 to 20; the file is never changed).")
    var speed: Double = 1

    @Option(name: .customLong("skip-idle"), help: "In --session playback, jump over stretches longer than this many seconds with no finger down.")
    var skipIdle: Double?

    @OptionGroup var sceneOptions: SceneOptions

    func validate() throws {
        guard speed.isFinite, (0.05...20).contains(speed) else {
            throw ValidationError("--speed must be from 0.05 to 20, not \(speed)")
        }
        if let skipIdle, !(skipIdle.isFinite && skipIdle > 0 && skipIdle <= 3600) {
            throw ValidationError("--skip-idle must be a number of seconds from more than 0 to 3600, not \(skipIdle)")
        }
        if (speed != 1 || skipIdle != nil) && session == nil {
            throw ValidationError("--speed and --skip-idle apply to --session playback")
        }
    }

    func run() throws {
        guard SDLContext.hasDisplay else {
            printError("no display (DISPLAY and WAYLAND_DISPLAY are not set); try `touchscope render \(scene) -o out.png`, or run under Xvfb")
            throw Exit.inputError
        }
        let first = try sceneOptions.load(scene)
        let catalog = sceneOptions.catalog
        let name = scene
        var options = WindowApp.Options(sceneName: first.name, makeScene: { try catalog.load(name) })
        options.layers = try OverlayChoice.parse(overlays)
        options.showHiddenViews = showHidden
        options.recordPath = record
        options.quitAtSessionEnd = quitAtEnd
        options.playbackSpeed = speed
        options.skipIdle = skipIdle
        options.announce = { line in
            print(line)
            fflush(nil)
        }
        if let path = session {
            do {
                options.session = try SessionLoader.load(contentsOf: URL(fileURLWithPath: path))
            } catch {
                printError(error.description)
                throw Exit.inputError
            }
        }
        do {
            try WindowApp(options: options).run()
        } catch let error as SDLError {
            printError("cannot open the window: \(error)")
            throw Exit.inputError
        }
    }
}
