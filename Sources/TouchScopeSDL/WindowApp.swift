import CSDL2
import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// The visual debugger's window: draws the scene and the overlays, turns mouse and fingers into
/// touches, records sessions, and plays them back with a timeline.
///
/// Time: in a live scene the application's virtual clock follows real time, scaled by the
/// slow-motion factor and stopped while paused; each input is delivered at the virtual time of
/// its SDL event. Recording restarts the scene and the clock at zero so that the session replays
/// to the same trace. With a session, the window plays it back instead: the timeline advances
/// with real time, and jumping to any time shows exactly the state at that time.
public final class WindowApp {
    /// What the window opens and how: the scene, overlays, recording and playback.
    public struct Options {
        public var sceneName: String
        public var makeScene: () throws -> LoadedScene
        /// Play this session instead of taking input.
        public var session: Session?
        /// Start recording to this path at once.
        public var recordPath: String?
        public var layers: OverlayRenderer.Layers = .all
        public var showHiddenViews = false
        /// Quit when a played-back session reaches its end (for tests and demos).
        public var quitAtSessionEnd = false
        /// Playback speed of `session` (1 is real time); a replay option, never an edit of the file.
        public var playbackSpeed = 1.0
        /// In playback, stretches with no finger down longer than this (seconds) are jumped over.
        public var skipIdle: Double?
        /// Status lines for the terminal (and for tests that watch it).
        public var announce: (String) -> Void = { print($0) }
        /// The scene file to watch: saving it reloads the scene (nil: no reloading).
        public var watchedScenePath: String?

        public init(sceneName: String, makeScene: @escaping () throws -> LoadedScene) {
            self.sceneName = sceneName
            self.makeScene = makeScene
        }
    }

    private let options: Options
    private let sdlWindow: OpaquePointer
    private let renderer: OpaquePointer
    private let frame: FrameRenderer
    private var scene: LoadedScene
    private var simulator: TouchSimulator
    private var model = TraceModel()
    private var traceListener: (trace: Trace, token: Int)?
    private let translator = InputTranslator()
    private var recorder: SessionRecorder?
    private var replayer: SessionReplayer?
    private var paused = false
    private var speed = 1.0
    private var queued: [[TouchSample]] = []
    private var pointer: CGPoint?
    private var lastTicks: UInt64 = 0
    private var playbackPosition: Int64 = 0
    private var message: String?
    private var running = true
    /// The signal that stopped the window, if one did (the recording was finished first).
    public private(set) var stoppedBySignal: Int32?
    /// Recordings made in this window, so that `r` never writes over one of them.
    private var recordingsMade = 0

    public init(options: Options) throws {
        self.options = options
        try SDLContext.start()
        scene = try options.makeScene()
        let size = scene.window.bounds.size
        let width = Int32(size.width + (options.layers.isEmpty ? 0 : OverlayRenderer.panelWidth))
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let window = SDL_CreateWindow(
            "TouchScope: \(options.sceneName)", touchscope_windowpos_undefined(), touchscope_windowpos_undefined(),
            width, Int32(size.height), flags)
        else { throw SDLError("SDL_CreateWindow") }
        sdlWindow = window
        SDL_SetWindowMinimumSize(window, 240, 240)
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
            ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        else { throw SDLError("SDL_CreateRenderer") }
        self.renderer = renderer
        frame = FrameRenderer(renderer: renderer)
        frame.overlays.layers = options.layers
        frame.scene.options.showHiddenViews = options.showHiddenViews
        simulator = scene.makeSimulator()
        if let session = options.session {
            replayer = try SessionReplayer(session: session, scene: options.makeScene)
        }
        listenToTrace()
        if let path = options.recordPath { try startRecording(to: path) }
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(sdlWindow)
    }

    /// Runs until the window closes, Escape is pressed, or SIGINT/SIGTERM arrives; finishes any
    /// recording before returning.
    public func run() throws {
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
            if SDL_WaitEventTimeout(&event, 8) != 0 {
                handle(event)
                while running, SDL_PollEvent(&event) != 0 { handle(event) }
            }
            advanceTime(to: SDL_GetTicks64())
            if let failure = recorder?.failure {
                options.announce("the recording stopped: \(failure)")
                message = "recording failed: \(failure.reason)"
                let failed = recorder
                recorder = nil
                _ = try? failed?.finish()  // reports the same failure; the .partial keeps what was written
            }
            draw()
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
            options.announce("wrote \(url.path) (\(recorder.recordCount) records)")
        }
    }

    // MARK: Time

    /// Virtual seconds that real milliseconds amount to at the current speed.
    private func advanceTime(to ticks: UInt64) {
        let elapsed = Double(ticks &- lastTicks) / 1000 * speed
        lastTicks = ticks
        guard !paused, elapsed > 0 else { return }
        if let replayer {
            let step = TraceEntry.micros(from: elapsed * options.playbackSpeed)
            playbackPosition = min(replayer.session.duration, playbackPosition + step)
            if let skip = options.skipIdle, let next = IdleSkipping.jump(in: replayer, from: playbackPosition, longerThan: skip) {
                playbackPosition = next
            }
            replayer.run(until: playbackPosition)
        } else {
            simulator.clock.advance(by: elapsed)
        }
    }

    // MARK: Events

    private func handle(_ event: SDL_Event) {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT:
            running = false
        case SDL_KEYDOWN:
            handleKey(event.key)
        case SDL_MOUSEMOTION:
            pointer = frame.mapping.point(atWindowCoordinate: CGPoint(x: Int(event.motion.x), y: Int(event.motion.y)))
            deliver(event)
        case SDL_MOUSEBUTTONDOWN where replayer != nil:
            seekFromTimeline(event.button)
        default:
            deliver(event)
        }
    }

    /// Turns an event into samples and delivers them at the event's virtual time.
    private func deliver(_ event: SDL_Event) {
        guard replayer == nil else { return }
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(sdlWindow, &width, &height)
        let window = simulator.window
        let samples = translator.translate(
            event, mapping: frame.mapping, windowSize: CGSize(width: Int(width), height: Int(height)),
            centerOfView: { point in
                guard let view = window.hitTest(point, with: nil), !(view is UIWindow) else {
                    return CGPoint(x: window.bounds.midX, y: window.bounds.midY)
                }
                return view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
            })
        if let refusal = translator.refusal {
            message = refusal
            translator.refusal = nil
        }
        guard !samples.isEmpty else { return }
        if paused {
            queued.append(samples)
            message = "\(queued.count) input\(queued.count == 1 ? "" : "s") queued (n delivers one, space resumes)"
            return
        }
        let eventTicks = UInt64(event.common.timestamp)
        advanceTime(to: max(lastTicks, eventTicks))
        simulator.send(samples)
    }

    private func handleKey(_ key: SDL_KeyboardEvent) {
        let symbol = key.keysym.sym
        let shift = key.keysym.mod & UInt16(KMOD_SHIFT.rawValue) != 0
        func toggle(_ layer: OverlayRenderer.Layers) { frame.overlays.layers.formSymmetricDifference(layer) }
        switch symbol {
        case Int32(SDLK_ESCAPE.rawValue): running = false
        case Int32(SDLK_h.rawValue): toggle(.hitTestPath)
        case Int32(SDLK_c.rawValue): toggle(.responderChain)
        case Int32(SDLK_g.rawValue): toggle(.recognizers)
        case Int32(SDLK_e.rawValue): toggle(.controlEvents)
        case Int32(SDLK_t.rawValue): toggle(.trails)
        case Int32(SDLK_p.rawValue): toggle(.pointer)
        case Int32(SDLK_SLASH.rawValue) where shift, Int32(SDLK_QUESTION.rawValue): toggle(.help)
        case Int32(SDLK_x.rawValue): frame.scene.options.showHiddenViews.toggle()
        case Int32(SDLK_SPACE.rawValue):
            paused.toggle()
            if !paused { flushQueue() }
            message = paused ? "paused" : nil
        case Int32(SDLK_n.rawValue): stepOnce()
        case Int32(SDLK_s.rawValue):
            speed = speed == 1 ? 0.25 : (speed == 0.25 ? 0.1 : 1)
            message = "speed x\(speed)"
        case Int32(SDLK_r.rawValue): toggleRecording()
        case Int32(SDLK_m.rawValue):
            if let recorder {
                recorder.mark("marker \(recorder.recordCount)")
                message = "marker added"
            }
        case Int32(SDLK_LEFT.rawValue): seek(by: -500_000)
        case Int32(SDLK_RIGHT.rawValue): seek(by: 500_000)
        case Int32(SDLK_HOME.rawValue): seek(to: 0)
        case Int32(SDLK_END.rawValue): seek(to: replayer?.session.duration ?? 0)
        default: break
        }
    }

    private func flushQueue() {
        for samples in queued { simulator.send(samples) }
        queued.removeAll()
    }

    /// One input: the next queued batch live, or the next input record of a session.
    private func stepOnce() {
        if let replayer {
            let next = replayer.session.records[replayer.nextRecord...].first { if case .input = $0 { true } else { false } }
            if let t = next?.micros { seek(to: t) }
            return
        }
        guard !queued.isEmpty else { return }
        simulator.send(queued.removeFirst())
        message = queued.isEmpty ? "paused" : "\(queued.count) queued"
    }

    // MARK: Recording

    private func toggleRecording() {
        if let recorder {
            do {
                let url = try recorder.finish()
                options.announce("wrote \(url.path) (\(recorder.recordCount) records)")
                message = "saved \(url.lastPathComponent)"
            } catch {
                options.announce("could not save the recording: \(error)")
                message = "could not save: \(error)"
            }
            self.recorder = nil
            return
        }
        do { try startRecording(to: nextRecordingPath()) } catch { message = "could not record: \(error)" }
    }

    /// `--record F` for the first recording; later ones (and every one without --record) get a
    /// name no earlier recording has: the scene's name made safe as one file name, the time, and
    /// a number when that is taken.
    private func nextRecordingPath() -> String {
        if let chosen = options.recordPath {
            return recordingsMade == 0 ? chosen : SessionRecorder.availablePath(for: chosen)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stem = "touchscope-\(SafeFileName.component(options.sceneName))-\(formatter.string(from: Date()))"
        return SessionRecorder.availablePath(for: stem + ".session")
    }

    /// Restarts the scene at time zero and records everything from here.
    private func startRecording(to path: String) throws {
        guard replayer == nil else { return }
        let header = SessionHeader(
            sceneName: scene.name, sceneHash: scene.contentHash, scenePath: SessionScene.headerPath(for: scene, sessionFile: path),
            windowSize: scene.window.bounds.size, started: SessionFormat.timestamp())
        let recorder = try SessionRecorder(url: URL(fileURLWithPath: path), header: header)
        recordingsMade += 1
        if let recovered = recorder.recovered {
            options.announce("an interrupted recording was left at \(recorder.partialURL.path); kept it as \(recovered.path)")
        }
        scene = try options.makeScene()
        simulator = scene.makeSimulator()
        translator.reset()
        queued.removeAll()
        model.reset()
        listenToTrace()
        recorder.attach(to: simulator.application)
        self.recorder = recorder
        options.announce("recording to \(path) (scene restarted)")
        message = "recording: r stops, m adds a marker"
    }

    // MARK: Playback

    private func seek(by delta: Int64) {
        guard replayer != nil else { return }
        seek(to: max(0, playbackPosition + delta))
    }

    private func seek(to micros: Int64) {
        guard let replayer else { return }
        let target = min(max(0, micros), replayer.session.duration)
        do {
            try replayer.seek(to: target)
        } catch {
            message = "seek failed: \(error)"
            return
        }
        playbackPosition = target
        listenToTrace()
    }

    private func seekFromTimeline(_ button: SDL_MouseButtonEvent) {
        guard let replayer else { return }
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &width, &height)
        let density = frame.mapping.pixelDensity
        let x = CGFloat(button.x) * density
        let y = CGFloat(button.y) * density
        let barWidth = CGFloat(width) - frame.overlays.reservedWidth - 20
        guard barWidth >= 1, y > CGFloat(height) - 30, x >= 10, x <= 10 + barWidth else { return }
        seek(to: Int64(CGFloat(replayer.session.duration) * (x - 10) / barWidth))
    }

    // MARK: Trace and drawing

    /// Rebuilds the model from the trace being driven now, and follows it.
    private func listenToTrace() {
        let trace = replayer?.trace ?? simulator.trace
        if let current = traceListener, current.trace === trace { return }
        if let current = traceListener { current.trace.removeListener(current.token) }
        model.reset()
        for entry in trace.entries { model.consume(entry) }
        let model = self.model
        traceListener = (trace, trace.addListener { model.consume($0) })
    }

    private func draw() {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &width, &height)
        var windowWidth: Int32 = 0
        var windowHeight: Int32 = 0
        SDL_GetWindowSize(sdlWindow, &windowWidth, &windowHeight)
        let density = windowWidth > 0 ? CGFloat(width) / CGFloat(windowWidth) : 1
        var status = OverlayRenderer.Status()
        status.recording = recorder != nil
        status.paused = paused
        status.slowMotion = speed
        status.pointer = pointer
        status.emulatedFingers = translator.emulatedFingers
        status.message = message
        if let replayer { status.timeline = (playbackPosition, replayer.session.duration) }
        let window = replayer?.scene.window ?? simulator.window
        frame.render(window: window, model: model, status: status, area: CGSize(width: Int(width), height: Int(height)), pixelDensity: density)
        SDL_RenderPresent(renderer)
    }
}
