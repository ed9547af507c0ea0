import CSDL2
import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// The visual debugger's window: draws the scene and the overlays, turns mouse and fingers into
/// touches, records sessions, plays them back with a timeline, inspects views, and reloads the
/// scene file when it is saved.
///
/// Time: in a live scene the application's virtual clock follows real time, scaled by the
/// slow-motion factor and stopped while paused; each input is delivered at the virtual time of
/// its SDL event. Recording restarts the scene and the clock at zero so that the session replays
/// to the same trace. With a session, the window plays it back instead: the timeline advances
/// with real time, and jumping to any time shows exactly the state at that time.
///
/// Drawing: a frame is drawn only when something changed (input, a timer firing, playback, marks
/// fading, a reload); an idle window sleeps in `SDL_WaitEventTimeout`.
package final class WindowApp {
    /// What the window opens and how: the scene, overlays, recording and playback.
    package struct Options {
        package var sceneName: String
        package var makeScene: () throws -> LoadedScene
        /// Play this session instead of taking input.
        package var session: Session?
        /// Start recording to this path at once.
        package var recordPath: String?
        package var layers: OverlayRenderer.Layers = .all
        package var showHiddenViews = false
        /// Quit when a played-back session reaches its end (for tests and demos).
        package var quitAtSessionEnd = false
        /// Playback speed of `session` (1 is real time); a replay option, never an edit of the file.
        package var playbackSpeed = 1.0
        /// In playback, stretches with no finger down longer than this (seconds) are jumped over.
        package var skipIdle: Double?
        /// Status lines for the terminal (and for tests that watch it).
        package var announce: (String) -> Void = { print(TerminalText.line($0)) }
        /// The scene file to watch: saving it reloads the scene (nil: no reloading).
        package var watchedScenePath: String?
        /// A running app's live link (`open --connect`): the window follows its stream.
        package var link: LiveLink?

        package init(sceneName: String, makeScene: @escaping () throws -> LoadedScene) {
            self.sceneName = sceneName
            self.makeScene = makeScene
        }
    }

    var options: Options
    let sdlWindow: OpaquePointer
    let renderer: OpaquePointer
    let frame: FrameRenderer
    let source: SceneSource
    var scene: LoadedScene
    var simulator: TouchSimulator
    let model = TraceModel()
    lazy var follower = ModelFollower(model: model)
    let translator = InputTranslator()
    var recorder: SessionRecorder?
    let liveLog = LiveInputLog()
    var replayer: SessionReplayer?
    var paused = false
    var speed = 1.0
    var queued: [[TouchSample]] = []
    var pointer: CGPoint?
    var lastTicks: UInt64 = 0
    var playbackPosition: Int64 = 0
    var ticks: [TimelineTick] = []
    var message: String?
    var running = true
    var needsRedraw = true
    /// The inspected view's trace name (views are found again after a seek or reload).
    var inspectedName: String?
    /// Whether a plain click inspects (`v`).
    var inspectMode = false
    /// The last inspect click: where, and which of the views drawn there it chose.
    var lastPick: (point: CGPoint, index: Int)?
    /// A marker being named: the text so far and the clock time `m` was pressed.
    var markerPrompt: (text: String, time: TimeInterval)?
    /// Whether the left button is scrubbing the timeline, or was pressed for something other
    /// than a touch (an inspect click, the panel), until it is released.
    var scrubbing = false
    var mouseTaken = false
    var reloadProblems: [String] = []
    /// The model held to the device, when following a live link.
    var device: DeviceSummary?
    /// How many scene versions the live link's session had when the scene source was last set.
    var liveSceneVersions = 1
    /// What the last reload changed (shown in the panel for `Theme.reloadReportSeconds`).
    var reloadReport: [String] = []
    /// When the reload report stops being shown (seconds on SDL's clock).
    var reloadReportUntil: Double = 0
    /// The signal that stopped the window, if one did (the recording was finished first).
    package private(set) var stoppedBySignal: Int32?
    /// Recordings made in this window, so that `r` never writes over one of them.
    var recordingsMade = 0

    package init(options: Options) throws {
        self.options = options
        try SDLContext.start()
        source = try SceneSource(make: options.makeScene, watching: options.watchedScenePath)
        scene = source.first
        let size = FrameLayout.size(
            forScene: scene.window.bounds.size, overlays: !options.layers.isEmpty, showsPanel: true, hasTimeline: options.session != nil)
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard
            let window = SDL_CreateWindow(
                "TouchScope: \(options.sceneName)", touchscope_windowpos_undefined(), touchscope_windowpos_undefined(),
                Int32(saturating: size.width), Int32(saturating: size.height), flags)
        else { throw SDLError("SDL_CreateWindow") }
        sdlWindow = window
        SDL_SetWindowMinimumSize(window, 240, 240)
        // The software renderer by default: the window shows the very pixels `render` and
        // `export` write, and no GL stack is loaded (Mesa's alone is ~100 MB resident).
        // TOUCHSCOPE_RENDERER=accelerated asks for the GPU.
        let accelerated = ProcessInfo.processInfo.environment["TOUCHSCOPE_RENDERER"] == "accelerated"
        if !accelerated { SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0") }
        let preferred = accelerated ? SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue : SDL_RENDERER_SOFTWARE.rawValue
        guard let renderer = SDL_CreateRenderer(window, -1, preferred) ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        else { throw SDLError("SDL_CreateRenderer") }
        self.renderer = renderer
        frame = FrameRenderer(renderer: renderer)
        frame.overlays.layers = options.layers
        frame.scene.options.showHiddenViews = options.showHiddenViews
        simulator = scene.makeSimulator()
        if let session = options.session {
            try play(session)
        } else {
            liveLog.follow(simulator.application)
        }
        listenToTrace()
        if let path = options.recordPath { try startRecording(to: path) }
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(sdlWindow)
    }

    /// The application being driven: the replay's in playback, the live one otherwise.
    var application: UIApplication { replayer?.application ?? simulator.application }

    /// The window being shown.
    var shownWindow: UIWindow { replayer?.scene.window ?? simulator.window }

    /// Runs until the window closes, Escape or q is pressed, or SIGINT/SIGTERM/SIGHUP arrives;
    /// finishes any recording before returning.
    package func run() throws {
        SignalFlag.install()
        lastTicks = SDL_GetTicks64()
        var announcedReady = false
        var event = SDL_Event()
        while running {
            if let signal = SignalFlag.received {
                options.announce("stopping on signal \(signal)")
                stoppedBySignal = signal
                break
            }
            if SDL_WaitEventTimeout(&event, waitMilliseconds()) != 0 {
                handle(event)
                while running, SDL_PollEvent(&event) != 0 { handle(event) }
                needsRedraw = true
            }
            if advanceTime(to: SDL_GetTicks64()) { needsRedraw = true }
            checkForReload()
            checkRecorder()
            if followLink() { needsRedraw = true }
            if needsRedraw || isAnimating {
                draw()
                needsRedraw = false
            }
            if !announcedReady {
                announcedReady = true
                options.announce("ready: window \"TouchScope: \(options.sceneName)\" is showing")
            }
            if let replayer, options.quitAtSessionEnd, replayer.position >= replayer.session.duration {
                running = false
            }
        }
        if let recorder {
            self.recorder = nil
            let url = try recorder.finish()
            options.announce("wrote \(TerminalText.line(url.path)) (\(recorder.recordCount) records)")
        }
        try finishLink()
    }

    // MARK: Redrawing only on change

    /// Whether the picture changes by itself now: playback running, a touch down (its time axis
    /// grows), marks fading, or a timer about to fire.
    var isAnimating: Bool {
        if let replayer { return !paused && playbackPosition < replayer.session.duration }
        if paused { return false }
        let now = TraceEntry.micros(from: application.clock.now)
        return model.touches.contains { $0.isDown || $0.isFading(now: now) } || translator.hasTouches
    }

    /// How long the loop may sleep: a frame while animating, until the next timer while one is
    /// pending, and otherwise until the next look at the scene file.
    private func waitMilliseconds() -> Int32 {
        if isAnimating { return 16 }
        if let link = options.link, !link.isOver { return 50 }
        var wait = SceneSource.pollInterval * 1000
        if replayer == nil, !paused, let deadline = application.clock.nextDeadline {
            wait = min(wait, max(1, (deadline - application.clock.now) * 1000 / speed))
        }
        return Int32(clamping: max(1, min(500, Int(saturating: wait, rounding: .up))))
    }

    // MARK: Time

    /// Moves virtual time on by the real milliseconds since the last call, at the current speed;
    /// true when that changed what is shown (playback moved, a timer fired).
    @discardableResult
    func advanceTime(to ticks: UInt64) -> Bool {
        let elapsed = Double(ticks &- lastTicks) / 1000 * speed
        lastTicks = ticks
        guard !paused, elapsed > 0 else { return false }
        if let replayer {
            guard playbackPosition < replayer.session.duration else { return false }
            let step = TraceEntry.micros(from: elapsed * options.playbackSpeed)
            playbackPosition = min(replayer.session.duration, playbackPosition + step)
            if let skip = options.skipIdle, let next = IdleSkipping.jump(in: replayer, from: playbackPosition, longerThan: skip) {
                playbackPosition = next
            }
            replayer.run(until: playbackPosition)
            return true
        }
        let clock = simulator.clock
        let due = clock.nextDeadline.map { $0 <= clock.now + elapsed } ?? false
        clock.advance(by: elapsed)
        return due
    }

    // MARK: Trace and drawing

    /// Plays `session` on the scene from `source`: one run through it keeps checkpoints (so
    /// every seek is instant) and collects its notes and markers for the timeline; the replay then
    /// goes back to the start. Says so when the scene cannot be checkpointed.
    func play(_ session: Session) throws {
        let replayer = try SessionReplayer(session: session, scene: source.make)
        let ticks = TickCollector()
        try replayer.prepareSeeking(observers: [follower, ticks])
        ticks.stop()
        self.ticks = ticks.ticks
        self.replayer = replayer
        try replayer.seek(to: 0)
        playbackPosition = 0
        // A session a capture recorded: the model held to the device, for the panel.
        if !session.device.isEmpty, let fresh = try? SessionReplayer(session: session, scene: source.make) {
            device = DeviceSummary(DeviceComparison.compare(session: session, replayer: fresh))
        }
        if case .fromStart(let reason) = replayer.seekSupport {
            message = "seeking back replays from the start: \(reason)"
            options.announce(message ?? "")
        }
        needsRedraw = true
    }

    /// Follows the trace being driven now (a replay follows its own: `ModelFollower` is its observer).
    func listenToTrace() {
        guard follower.application !== application else { return }
        follower.follow(application)
        needsRedraw = true
    }

    func draw() {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &width, &height)
        var windowWidth: Int32 = 0
        var windowHeight: Int32 = 0
        SDL_GetWindowSize(sdlWindow, &windowWidth, &windowHeight)
        let density = windowWidth > 0 ? CGFloat(width) / CGFloat(windowWidth) : 1
        frame.render(
            window: shownWindow, model: model, status: status(), area: CGSize(width: Int(width), height: Int(height)), pixelDensity: density)
        SDL_RenderPresent(renderer)
    }

    /// What the frame shows besides the trace.
    func status() -> OverlayRenderer.Status {
        var status = OverlayRenderer.Status()
        status.recording = recorder != nil
        status.paused = paused
        status.slowMotion = speed
        status.pointer = pointer
        status.emulatedFingers = translator.emulatedFingers
        status.queued = queued.joined().map { ($0.finger, $0.phase, $0.location) }
        status.message = message
        status.prompt = markerPrompt?.text
        status.reloadProblems = reloadProblems
        status.device = device
        if Double(SDL_GetTicks64()) / 1000 < reloadReportUntil { status.reloadReport = reloadReport }
        status.ticks = ticks
        if let replayer {
            status.timeline = (playbackPosition, replayer.session.duration)
            status.now = playbackPosition
            status.stepSizes = "←/→ 0.5 s, Shift-←/→ 1/60 s"
        } else {
            status.now = TraceEntry.micros(from: simulator.clock.now)
            status.stepSizes = "←/→ while paused: the clock 50 ms, Shift 10 ms (a long press, step by step)"
        }
        if let inspected = inspectedView {
            status.inspected = inspected
            status.inspection = inspection(of: inspected)
        }
        return status
    }

    func checkRecorder() {
        guard let failure = recorder?.failure else { return }
        options.announce("the recording stopped: \(failure)")
        message = "recording failed: \(failure.reason)"
        let failed = recorder
        recorder = nil
        // finish() reports the same failure; the .partial keeps what was written.
        do { try failed?.finish() } catch { options.announce("kept what was written in \(failed?.partialURL.path ?? "")") }
        needsRedraw = true
    }
}
