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
        observeHits()
    }

    func observeHits() {
        simulator.application.addHitObserver { [weak self] finger, view in
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
        let clock = simulator.application.clock
        let records = session.records
        while nextRecord < records.count {
            if let t = records.micros(at: nextRecord) {
                if t > micros { break }
                clock.advance(to: Self.seconds(t))
            }
            beforeRecord?(nextRecord)
            let record = records[nextRecord]
            switch record {
            case .input(_, let samples):
                for sample in samples where sample.phase == .began { beganAt[sample.finger] = sample.location }
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
        drifts = []
        replayedHits = [:]
        beganAt = [:]
        observeHits()
        for observer in observers { observer.restart(following: simulator.application) }
        didRebuild?(self)
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
