import Foundation
import TouchKit
import TouchScenes

/// Instant seeking: one run through the session keeps a checkpoint at rest points (no touch
/// down, no recognizer at work, no timer pending) every few seconds; a seek then builds a fresh
/// scene, puts the nearest earlier checkpoint back on it (`EngineSnapshot`, the scene's own
/// state, the trace so far shared with the full run) and replays the few records from there.
///
/// Every restore is checked: the restored engine must dump (`EngineStateDump`) exactly what the
/// original dumped at that checkpoint. A scene whose state a snapshot cannot hold (a Swift scene
/// with state of its own that does not adopt `SceneStateSnapshotting`, a tree that changed shape)
/// fails that check once; seeking then replays from the start, and `seekSupport` says why.
extension SessionReplayer {
    /// How seeking works for this session: at checkpoints, or from the start (and why).
    public enum SeekSupport: Equatable, Sendable {
        /// Not prepared: every seek back replays from the start.
        case unprepared
        /// Checkpoints at rest points, this many.
        case checkpoints(Int)
        /// Every seek back replays from the start, for this reason.
        case fromStart(String)
    }

    /// Default distance between checkpoints, in microseconds of session time.
    public static let checkpointInterval: Int64 = 5_000_000

    /// How seeks are served now.
    public var seekSupport: SeekSupport {
        guard let checkpoints else { return .unprepared }
        if let reason = checkpoints.unsupportedReason { return .fromStart(reason) }
        return .checkpoints(checkpoints.list.count)
    }

    /// Runs the whole session once, keeping a checkpoint at the first rest point after every
    /// `interval` of session time, so that later seeks are instant. `observers` follow every
    /// application the replay drives from now on and are checkpointed with it. Leaves the
    /// replay at the session's end.
    public func prepareSeeking(interval: Int64 = SessionReplayer.checkpointInterval, observers: [ReplayObserver] = []) throws {
        self.observers = observers
        checkpoints = nil
        try rebuildFromStart()
        let records = session.records
        var list: [CheckpointIndex.Checkpoint] = []
        var last: Int64 = -interval
        let reloading = !reloads.isEmpty
        beforeRecord = { [unowned self] index in
            guard !reloading, records.isInput(at: index), let t = records.micros(at: index), t - last >= interval else { return }
            let application = self.application
            guard let engine = EngineSnapshot(capturing: application), let state = self.scene.captureState(application: application) else { return }
            list.append(
                CheckpointIndex.Checkpoint(
                    record: index, micros: t, engine: engine, scene: state, traceCount: self.trace.count, driftCount: self.drifts.count,
                    dumpHash: Self.dumpHash(application, self.scene), observerStates: self.observers.map { $0.checkpointState() }))
            last = t
        }
        defer { beforeRecord = nil }
        runToEnd()
        checkpoints = CheckpointIndex(list: list, master: trace, drifts: drifts)
        if reloading {
            checkpoints?.unsupportedReason = "the session carries hot reloads of its scene (a checkpoint holds one version's state)"
        } else if list.isEmpty {
            checkpoints?.unsupportedReason = "the scene never comes to rest (a touch down or a timer pending at every input)"
        }
    }

    /// The engine's dump, hashed.
    static func dumpHash(_ application: UIApplication, _ scene: LoadedScene) -> String {
        fnv1aHash(dumpText(application, scene).utf8)
    }

    static func dumpText(_ application: UIApplication, _ scene: LoadedScene) -> String {
        EngineStateDump.text(of: application, extra: scene.stateDumpLines(application: application))
    }

    /// The whole state now as text (`EngineStateDump` plus the scene's own state), for tests
    /// that compare a seek with a run from the start.
    public var stateDump: String { Self.dumpText(application, scene) }

    /// Enters the session at `checkpoint`: a fresh scene with the checkpoint put back, checked.
    func enter(_ checkpoint: CheckpointIndex.Checkpoint) throws {
        guard let index = checkpoints else { return try rebuildFromStart() }
        let fresh = try makeScene()
        let simulator = fresh.makeSimulator()
        let application = simulator.application
        guard checkpoint.engine.restore(into: application), fresh.restoreState(checkpoint.scene, application: application),
            Self.dumpHash(application, fresh) == checkpoint.dumpHash
        else {
            index.unsupportedReason = explainMismatch(at: checkpoint, restored: application, scene: fresh)
            return try rebuildFromStart()
        }
        application.trace.removeAll()
        application.trace.adoptPrefix(of: index.master, count: checkpoint.traceCount)
        parked = [:]
        parkedOrder = []
        scene = fresh
        self.simulator = simulator
        nextRecord = checkpoint.record
        position = checkpoint.micros
        drifts = Array(index.drifts.prefix(checkpoint.driftCount))
        replayedHits = [:]
        beganAt = [:]
        observeHits()
        for (observer, state) in zip(observers, checkpoint.observerStates) { observer.restore(state, following: application) }
        didRebuild?(self)
    }

    /// Why a restored checkpoint is not the original: the first line of the dumps that differs
    /// (the original's dump is made again by a run from the start to the checkpoint).
    private func explainMismatch(at checkpoint: CheckpointIndex.Checkpoint, restored: UIApplication, scene: LoadedScene) -> String {
        let base = "a checkpoint cannot hold this scene's state"
        guard let original = try? SessionReplayer(session: session, scene: makeScene) else { return base }
        var text: String?
        original.beforeRecord = { [unowned original] index in
            if index == checkpoint.record, text == nil { text = Self.dumpText(original.application, original.scene) }
        }
        original.run(until: checkpoint.micros)
        guard let text else { return base }
        let expected = text.split(separator: "\n")
        let actual = Self.dumpText(restored, scene).split(separator: "\n")
        guard let line = zip(expected, actual).first(where: { $0 != $1 }) else { return base + " (the tree changed shape)" }
        return base + "; " + Self.firstDifference(String(line.0), String(line.1))
    }
}

extension SessionReplayer {
    /// The object (a dump line's start) and the field where two dump lines first differ:
    /// `window[0]/1 UIView#card: _start=(50.0, 80.0) in the run, _start=(0.0, 0.0) restored`.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        // The object: the line up to its first field (`window[0]/1 UIView#card`, `application`).
        let beforeField = expected.prefix { $0 != "=" }
        let object = beforeField.split(separator: " ").dropLast().joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ":"))
        let a = Array(expected.utf8)
        let b = Array(actual.utf8)
        var index = 0
        while index < a.count, index < b.count, a[index] == b[index] { index += 1 }
        /// Whether a field (`name=`) starts at `position` (just after a space).
        func fieldStarts(_ bytes: [UInt8], at position: Int) -> Bool {
            var cursor = position
            while cursor < bytes.count,
                bytes[cursor] == UInt8(ascii: "_") || bytes[cursor] == UInt8(ascii: "$")
                    || (bytes[cursor] >= 48 && bytes[cursor] <= 57) || ((bytes[cursor] | 0x20) >= 97 && (bytes[cursor] | 0x20) <= 122)
            {
                cursor += 1
            }
            return cursor > position && cursor < bytes.count && bytes[cursor] == UInt8(ascii: "=")
        }
        var start = min(index, a.count)
        while start > 0, !(a[start - 1] == UInt8(ascii: " ") && fieldStarts(a, at: start)) { start -= 1 }
        func field(_ bytes: [UInt8]) -> String {
            let from = min(start, bytes.count)
            var end = from + 1
            while end < bytes.count, !(bytes[end - 1] == UInt8(ascii: " ") && fieldStarts(bytes, at: end)) { end += 1 }
            if end < bytes.count { end -= 1 }
            return String(decoding: bytes[from..<min(end, bytes.count)].prefix(100), as: UTF8.self)
        }
        return "\(object): \(field(a)) in the run, \(field(b)) restored"
    }
}

/// The checkpoints of one session, and what they share: the trace and drifts of the full run.
final class CheckpointIndex {
    struct Checkpoint {
        /// The record replayed next (the checkpoint is taken just before it).
        let record: Int
        let micros: Int64
        let engine: EngineSnapshot
        let scene: SceneStateSnapshot
        /// Entries of the full run's trace up to here.
        let traceCount: Int
        let driftCount: Int
        let dumpHash: String
        let observerStates: [Any]
    }

    let list: [Checkpoint]
    /// The full run's trace: the trace so far of every replay entered at a checkpoint.
    let master: Trace
    let drifts: [SessionReplayer.Drift]
    /// Set when a restore failed its check: seeks then replay from the start.
    var unsupportedReason: String?

    init(list: [Checkpoint], master: Trace, drifts: [SessionReplayer.Drift]) {
        self.list = list
        self.master = master
        self.drifts = drifts
    }

    /// The checkpoint to enter for a seek to `target` from `position`: the last one at or before
    /// the target, when it is later than where the replay is or the target is behind it (going
    /// forward from here is cheaper otherwise). Nil: go forward, or start over.
    func best(for target: Int64, from position: Int64) -> Checkpoint? {
        guard unsupportedReason == nil else { return nil }
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].micros <= target { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let candidate = list[low - 1]
        if target >= position && candidate.micros <= position { return nil }
        return candidate
    }
}
