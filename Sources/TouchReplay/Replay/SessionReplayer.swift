import Foundation
import TouchKit
import TouchScenes

/// Replays a session on a scene, headless, on the virtual clock: each input record is delivered
/// at its own time (the clock is advanced to it first, firing due timers), markers are noted in
/// the trace, and the clock runs to the end record so trailing timers fire. Nothing sleeps; the
/// same session on the same scene gives the same trace every time.
///
/// Seeking forward continues from the current position. Seeking backward rebuilds the scene and
/// replays from the start, or, after `prepareSeeking()`, from the nearest checkpoint before the
/// target (`SessionReplayer+Seeking.swift`): either way the state reached is exactly the state a
/// run from the start reaches.
public final class SessionReplayer {
    public let session: Session
    let makeScene: () throws -> LoadedScene
    public internal(set) var scene: LoadedScene
    public internal(set) var simulator: TouchSimulator
    /// Index of the next record to replay.
    public internal(set) var nextRecord = 0
    /// How far the replay has run, in microseconds.
    public internal(set) var position: Int64 = 0
    /// Called after a seek rebuilt the scene (from the start or at a checkpoint), before it
    /// replays to the target: whoever follows the trace or observes the application attaches to
    /// the new one here.
    public var didRebuild: ((SessionReplayer) -> Void)?
    /// Touches that went to another view than when they were recorded (the session's `hit`
    /// records), in order.
    public internal(set) var drifts: [Drift] = []
    /// The view each finger's touch went to in this replay, and where it began.
    var replayedHits: [Int: (view: String?, location: CGPoint)] = [:]
    var beganAt: [Int: CGPoint] = [:]
    /// Checkpoints, once `prepareSeeking()` has run.
    var checkpoints: CheckpointIndex?
    /// Observers that follow every application the replay drives (`ReplayObserver`).
    var observers: [ReplayObserver] = []
    /// Called before record `index` is replayed, with the clock at its time (checkpoints are
    /// taken here while seeking is prepared).
    var beforeRecord: ((Int) -> Void)?
    /// The scene's hot reloads (`LoadedScene.reloads` of the first scene), and how many have
    /// taken effect.
    var reloads: [SceneReload] = []
    var reloadsDone = 0
    /// Versions a hot reload left, by content hash, with the records they had dispatched: a
    /// later reload back to one of them goes on from there instead of from the start
    /// (`takeReload`). At most `maximumParkedVersions`.
    var parked: [String: (scene: LoadedScene, simulator: TouchSimulator, dispatched: Int)] = [:]
    var parkedOrder: [String] = []
    /// The content hashes of the reloads (made once, for `park`).
    var reloadHashes: Set<String>?
    static let maximumParkedVersions = 8
    /// The application whose hits are observed, and the observer's token.
    var hitObservation: (application: UIApplication?, token: Int)?
    /// Whether `takeReload` takes its two shortcuts (tests compare against the long way).
    var reusesVersions = true

    /// A touch that lands elsewhere than it did when recorded.
    public struct Drift: Equatable, Sendable, CustomStringConvertible {
        public var micros: Int64
        public var finger: Int
        /// Where the touch began, in window points.
        public var location: CGPoint
        /// The view it went to when recorded.
        public var meant: String
        /// The view it goes to now (nil: none).
        public var now: String?

        public var description: String {
            "finger \(finger) at \(TraceFormat.point(Double(location.x), Double(location.y))) (\(TraceEntry.seconds(micros)) s) was meant for \(meant) and now lands on \(now ?? "no view")"
        }
    }

    /// Prepares a replay; `makeScene` builds a fresh copy of the scene (called again on seeks back).
    public init(session: Session, scene makeScene: @escaping () throws -> LoadedScene) throws {
        self.session = session
        self.makeScene = makeScene
        let scene = try makeScene()
        self.scene = scene
        self.simulator = scene.makeSimulator()
        self.reloads = scene.reloads
        observeHits()
    }

    func observeHits() {
        // One observer on the application driven now: a version a reload leaves (and may come
        // back to) stops being observed.
        if let (application, token) = hitObservation { application?.removeInputObserver(token) }
        let application = simulator.application
        hitObservation = (application, 0)
        hitObservation?.token = application.addHitObserver { [weak self] finger, view in
            guard let self else { return }
            self.replayedHits[finger] = (view?.traceName, self.beganAt[finger] ?? .zero)
        }
    }

    /// The application being driven.
    public var application: UIApplication { simulator.application }

    /// The trace so far.
    public var trace: Trace { simulator.application.trace }

    /// Replays every record.
    public func runToEnd() {
        run(until: .max)
    }

    /// Replays the records up to and including time `micros`, then runs the clock to it.
    public func run(until micros: Int64) {
        let records = session.records
        var clock = simulator.application.clock
        var samples: [TouchSample] = []
        while nextRecord < records.count {
            // A command that finishes its work on a signal (`SignalFlag.install`) stops a long
            // replay within a few thousand records; the caller sees `SignalFlag.received`.
            if nextRecord & 0xFFF == 0, SignalFlag.received != nil { break }
            if let t = records.micros(at: nextRecord) {
                if t > micros { break }
                clock.advance(to: Self.seconds(t))
            }
            // (Trace records have no time: a reload due after `micros` waits for its own time.)
            while reloadsDone < reloads.count, reloads[reloadsDone].recordIndex <= nextRecord, reloads[reloadsDone].micros <= micros {
                takeReload(reloads[reloadsDone])
                reloadsDone += 1
                clock = simulator.application.clock
            }
            beforeRecord?(nextRecord)
            // Input (almost every record) is read into one buffer instead of made a record.
            if records.inputSamples(at: nextRecord, into: &samples) {
                for sample in samples where sample.phase == .began { beganAt[sample.finger] = sample.location }
                simulator.application.dispatch(samples)
                nextRecord += 1
                continue
            }
            switch records[nextRecord] {
            case .input(_, let samples):
                simulator.application.dispatch(samples)
            case .hit(let t, let finger, let view):
                if let replayed = replayedHits[finger], replayed.view != view {
                    drifts.append(Drift(micros: t, finger: finger, location: replayed.location, meant: view, now: replayed.view))
                }
            case .marker(_, let label):
                simulator.application.trace.record(.marker(label))
            case .end(let t):
                position = max(position, t)
            case .note, .trace:
                break
            }
            nextRecord += 1
        }
        if micros != .max {
            clock.advance(to: Self.seconds(micros))
            position = max(position, micros)
        } else {
            position = max(position, session.duration)
        }
    }

    /// Shows the state at time `micros`: forward from here, or from the nearest checkpoint (the
    /// start, without `prepareSeeking()`) when that is closer or the target is earlier.
    public func seek(to micros: Int64) throws {
        if let checkpoint = checkpoints?.best(for: micros, from: position) {
            try enter(checkpoint)
        } else if micros < position {
            try rebuildFromStart()
        }
        run(until: micros)
    }

    /// A fresh scene at time zero, as before the first record.
    func rebuildFromStart() throws {
        scene = try makeScene()
        simulator = scene.makeSimulator()
        nextRecord = 0
        position = 0
        reloads = scene.reloads
        reloadsDone = 0
        parked = [:]
        parkedOrder = []
        drifts = []
        replayedHits = [:]
        beganAt = [:]
        observeHits()
        for observer in observers { observer.restart(following: simulator.application) }
        didRebuild?(self)
    }

    /// A hot reload, as the window did it when recording: the new version is built, brought to
    /// this moment by the input so far (untraced), and drives the rest of the session. The trace
    /// keeps what the old version did before the reload, so outcomes before and after are both
    /// those recorded. A version that cannot be built is noted in the trace and the old one stays.
    ///
    /// The engine is deterministic, so two shortcuts give exactly that state: a reload to the
    /// content already running changes nothing, and a reload back to a version left earlier goes
    /// on from the records that version had dispatched (kept, the last eight versions).
    func takeReload(_ reload: SceneReload) {
        if reusesVersions, let hash = reload.contentHash, hash == scene.contentHash { return }
        let newScene: LoadedScene
        let newSimulator: TouchSimulator
        // A snapshot is the app as it is: nothing before it is replayed on it.
        var from = reload.isSnapshot ? reload.recordIndex : 0
        if reusesVersions, !reload.isSnapshot, let hash = reload.contentHash, let kept = parked.removeValue(forKey: hash) {
            parkedOrder.removeAll { $0 == hash }
            (newScene, newSimulator, from) = kept
        } else {
            do {
                newScene = try reload.make()
            } catch {
                simulator.application.trace.note("scene reload at \(TraceEntry.seconds(reload.micros)) s could not be built: \(error)")
                return
            }
            newSimulator = newScene.makeSimulator()
        }
        if reusesVersions && !reload.isSnapshot { park(scene, simulator, dispatched: nextRecord) }
        let application = newSimulator.application
        let trace = application.trace
        trace.isEnabled = false
        let records = session.records
        for index in from..<max(from, min(reload.recordIndex, records.count)) {
            if let t = records.micros(at: index) { application.clock.advance(to: Self.seconds(t)) }
            if case .input(_, let samples) = records[index] { application.dispatch(samples) }
        }
        application.clock.advance(to: max(application.clock.now, simulator.application.clock.now))
        trace.isEnabled = true
        trace.retainsEntries = simulator.application.trace.retainsEntries
        trace.takeOverEntries(of: simulator.application.trace)
        scene = newScene
        simulator = newSimulator
        observeHits()
        for observer in observers { observer.restart(following: application) }
        didRebuild?(self)
    }

    /// Keeps a version a reload leaves, for a later reload back to it.
    func park(_ scene: LoadedScene, _ simulator: TouchSimulator, dispatched: Int) {
        if reloadHashes == nil { reloadHashes = Set(reloads.compactMap(\.contentHash)) }
        guard reloadHashes?.contains(scene.contentHash) == true else { return }
        parked[scene.contentHash] = (scene, simulator, dispatched)
        parkedOrder.removeAll { $0 == scene.contentHash }
        parkedOrder.append(scene.contentHash)
        if parkedOrder.count > Self.maximumParkedVersions { parked.removeValue(forKey: parkedOrder.removeFirst()) }
    }

    static func seconds(_ micros: Int64) -> TimeInterval {
        TimeInterval(micros) / 1_000_000
    }

    /// Replays `session` on a scene from `makeScene` and returns the trace lines.
    public static func replay(_ session: Session, scene makeScene: @escaping () throws -> LoadedScene) throws -> [String] {
        let replayer = try SessionReplayer(session: session, scene: makeScene)
        replayer.runToEnd()
        return replayer.trace.lines
    }
}
