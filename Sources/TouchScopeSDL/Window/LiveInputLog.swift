import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// The input a live scene took since it started, as session records, so that a reloaded scene
/// can be brought to the same moment by replaying it (the same path a recorded session takes).
final class LiveInputLog {
    private(set) var records = SessionRecords()
    /// Whether the log stopped growing (too many records); a reload then starts the scene afresh.
    private(set) var overflowed = false
    private var token: Int?
    private weak var application: UIApplication?

    /// The most records kept (a session file's own limit).
    static let maximumRecords = SessionFormat.maximumRecordCount

    /// Logs every input `application` takes from now on, replacing what was logged before when
    /// `keeping` is false.
    func follow(_ application: UIApplication, keeping: Bool = false) {
        if let token, let old = self.application { old.removeInputObserver(token) }
        if !keeping {
            records = SessionRecords()
            overflowed = false
        }
        self.application = application
        token = application.addInputObserver { [weak self] samples, time in
            self?.append(.input(micros: TraceEntry.micros(from: time), samples: samples))
        }
    }

    /// Adds a marker at `time`.
    func mark(_ label: String, at time: TimeInterval) {
        append(.marker(micros: TraceEntry.micros(from: time), label: label))
    }

    private func append(_ record: SessionRecord) {
        guard !overflowed else { return }
        guard records.count < Self.maximumRecords else {
            overflowed = true
            return
        }
        records.append(record)
    }

    /// The log as a session on `scene`, ending at `micros`.
    func session(for scene: LoadedScene, endingAt micros: Int64) -> Session {
        // Past the limit the log is incomplete: the scene starts afresh at the same time instead.
        var all = overflowed ? SessionRecords() : records
        let last = all.isEmpty ? 0 : (all.micros(at: all.count - 1) ?? 0)
        all.append(.end(micros: max(micros, last)))
        let header = SessionHeader(
            sceneName: scene.name, sceneHash: scene.contentHash, windowSize: scene.window.bounds.size, started: SessionFormat.timestamp())
        return Session(header: header, records: all)
    }
}
