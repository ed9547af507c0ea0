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
            With --session, the window plays the session back (its scene comes from the session's header \
            unless a scene is given). Keys (also shown with ?): h hit-test path, c responder chain, \
            g recognizers, e control events, o notes and markers, t trails, p pointer, i view ids, \
            x hidden views, v inspect mode, tab next finger, space pause, n one input, s slow motion, \
            r record/stop, m marker, left/right/home/end and , . move in a session, esc quit. A click \
            with Ctrl (or in inspect mode) selects the view under the pointer and shows its inspector. \
            Alt-drag pinches and rotates, Alt+Shift-drag moves two fingers, right-click pins a finger. \
            With --connect HOST:PORT the window follows a running app whose TouchScopeCapture serves \
            its stream: the captured tree, each touch as it happens with the device's outcome beside \
            the model's, and the stream recorded (to --record, or live-NAME-TIME.session) as it \
            arrives. Needs a display.
            """)

    @OptionGroup var scene: SceneArgument

    @Option(help: "Play this session back in the window instead of taking input.")
    var session: String?

    @Option(help: "Start recording to this file at once (r stops and saves; so do quitting and Ctrl-C).")
    var record: String?

    @OptionGroup var overlayOptions: OverlayOptions

    @Flag(help: "Quit when a played-back session reaches its end.")
    var quitAtEnd = false

    @Option(help: "Playback speed of --session, from 0.05 to 20 (the file is never changed).")
    var speed: Double = 1

    @Option(
        name: .customLong("skip-idle"),
        help: "In --session playback, jump over stretches longer than this many seconds (more than 0, at most 3600) with no finger down.")
    var skipIdle: Double?

    @Flag(help: "Do not watch the scene file for changes (by default a saved scene reloads).")
    var noReload = false

    @Option(help: "Follow a running app's capture stream from HOST:PORT (TouchScopeCapture started with serve:).")
    var connect: String?

    @OptionGroup var sceneOptions: SceneOptions

    mutating func validate() throws {
        if session == nil, let given = scene.takeSession() { session = given }
        try scene.check()
        try Check.finite(speed, 0.05...20, "--speed")
        if let skipIdle {
            guard skipIdle.isFinite, skipIdle > 0, skipIdle <= 3600 else {
                throw ValidationError("--skip-idle must be a number of seconds from more than 0 to 3600, not \(skipIdle)")
            }
        }
        if (speed != 1 || skipIdle != nil || quitAtEnd) && session == nil {
            throw ValidationError("--speed, --skip-idle and --quit-at-end apply to --session playback")
        }
        if let connect {
            if case .failure(let error) = LinkAddress.parse(connect) { throw ValidationError("--connect: \(error)") }
            if session != nil || scene.name != nil { throw ValidationError("--connect shows the app's own scene: give no scene or --session") }
            _ = try overlayOptions.layers()
            return
        }
        if session == nil && scene.name == nil { throw ValidationError("give a scene (or --session to play a session on its scene)") }
        if session != nil && record != nil { throw ValidationError("--record records live input; it cannot be combined with --session") }
        _ = try overlayOptions.layers()
    }

    func run() throws {
        guard SDLContext.hasDisplay else {
            printError(
                "no display (DISPLAY and WAYLAND_DISPLAY are not set); try `touchscope render \(scene.name ?? "SCENE") -o out.png`, or run under Xvfb"
            )
            throw Exit.inputError
        }
        if let connect, case .success(let address) = LinkAddress.parse(connect) { return try runLive(address) }
        let loaded = try SceneOrSession.load(scene: scene.name, session: session, options: sceneOptions)
        let (sessionInput, makeScene, first) = (loaded.session, loaded.makeScene, loaded.scene)
        var options = WindowApp.Options(sceneName: first.name, makeScene: makeScene)
        options.layers = try overlayOptions.layers()
        options.showHiddenViews = overlayOptions.showHidden
        options.recordPath = record
        options.quitAtSessionEnd = quitAtEnd
        options.playbackSpeed = speed
        options.skipIdle = skipIdle
        options.session = sessionInput?.session
        if !noReload, case .file(let path, _) = first.source { options.watchedScenePath = path }
        // Each announcement is one line: data in it (a scene name, a file name) cannot start another.
        options.announce = { line in
            print(TerminalText.line(line))
            fflush(nil)
        }
        let app: WindowApp
        do {
            app = try WindowApp(options: options)
        } catch let error as SDLError {
            printError("cannot open the window: \(error)")
            throw Exit.inputError
        } catch let error as FileError {
            printError("cannot record: \(error)")
            throw Exit.inputError
        }
        do {
            try app.run()
        } catch let error as FileError {
            printError("the recording could not be saved: \(error)")
            throw Exit.inputError
        }
        if let signal = app.stoppedBySignal { throw Exit.signal(signal) }
    }

    /// `--connect`: waits (at most 10 s) for the app's header and scene, then opens the window
    /// on them and follows the stream.
    func runLive(_ address: LinkAddress) throws {
        let name = record ?? "live-\(SessionFormat.timestamp().replacingOccurrences(of: ":", with: "")).session"
        let link: LiveLink
        do { link = try LiveLink(address: address, recordTo: URL(fileURLWithPath: name)) } catch {
            printError("cannot connect: \(error)")
            throw Exit.inputError
        }
        let deadline = Date().addingTimeInterval(10)
        while link.session?.scenes.isEmpty ?? true, !link.isOver, Date() < deadline { link.poll(timeout: 0.2) }
        for line in link.takeNews() { print(TerminalText.line("link: " + line)) }
        guard let session = link.session, let resolved = try? SessionScene.embedded(session, sessionFile: name) else {
            _ = try? link.finish(reason: "no scene arrived")
            printError("\(address) sent no scene within 10 s (a capture sends its scene first)")
            throw Exit.inputError
        }
        var options = WindowApp.Options(sceneName: session.header.sceneName, makeScene: resolved.makeScene)
        options.layers = try overlayOptions.layers()
        options.showHiddenViews = overlayOptions.showHidden
        options.link = link
        options.announce = { line in
            print(TerminalText.line(line))
            fflush(nil)
        }
        let app: WindowApp
        do { app = try WindowApp(options: options) } catch {
            _ = try? link.finish(reason: "the window could not open")
            printError("cannot open the window: \(error)")
            throw Exit.inputError
        }
        do { try app.run() } catch let error as FileError {
            printError("the recording could not be saved: \(error)")
            throw Exit.inputError
        }
        if let signal = app.stoppedBySignal { throw Exit.signal(signal) }
    }
}
