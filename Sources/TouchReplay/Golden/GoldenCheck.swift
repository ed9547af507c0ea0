import Foundation
import TouchKit
import TouchScenes

/// Replays a session and compares it with its golden: the semantic golden (`<session>.golden`)
/// when there is one, else an old text golden (`<session>.trace`, or the trace the session
/// carries), which is compared line by line and reported as due for migration.
public struct GoldenCheck {
    /// What the comparison found.
    public enum Outcome {
        /// The replay matches the semantic golden.
        case matches(records: Int)
        /// It differs: every divergence, grouped by input.
        case differs(GoldenDiff)
        /// It matches an old text golden (migrate it with `replay --migrate`).
        case matchesText(lines: Int)
        /// It differs from an old text golden at the first divergence.
        case differsFromText(TraceDiff)
        /// There is no golden of either kind.
        case noGolden
    }

    public let replayer: SessionReplayer
    /// The replay's golden records (none kept when only counted).
    public let records: [GoldenRecord]
    /// How many golden records the replay made.
    public let recordCount: Int

    /// Replays `session` to its end on a scene from `makeScene`. A replay that only reports
    /// (neither compares nor writes) passes `keepsRecords: false` and `keepsTrace: false`, and
    /// holds neither its outcomes nor its trace: memory does not grow with the session.
    ///
    /// With `streaming`, each input's records go to it as soon as they are final and are not
    /// kept (`records` stays empty): what `check` compares with a golden read as it goes.
    public init(
        session: Session, scene makeScene: @escaping () throws -> LoadedScene, scrollFrames: Bool = false, keepsRecords: Bool = true,
        keepsTrace: Bool = true, streaming: GoldenStreamComparison? = nil
    ) throws {
        let replayer = try SessionReplayer(session: session, scene: makeScene)
        replayer.trace.retainsEntries = keepsTrace
        var extractor = GoldenExtractor(scrollFrames: scrollFrames, keepsRecords: keepsRecords || streaming != nil)
        if let streaming { extractor.onInputFinished = { streaming.compare(input: $0, actual: $1) } }
        // The extractor follows every application the replay drives: a hot reload hands the
        // rest of the session to a new one, and its outcomes belong to the golden too.
        let follower = TraceFollower.attach(to: replayer) { extractor.consume($0) }
        replayer.runToEnd()
        extractor.finish()
        follower.stop()
        self.replayer = replayer
        self.records = extractor.records
        self.recordCount = extractor.count
    }

    /// Compares with the golden at `golden` (default: beside `sessionURL`), keeping `topics`.
    public func compare(sessionURL: URL, golden: URL? = nil, topics: Set<GoldenTopic>? = nil) throws(GoldenFile.ReadError) -> Outcome {
        let semantic = golden ?? GoldenFile.url(for: sessionURL)
        if FileManager.default.fileExists(atPath: semantic.path) && (golden == nil || semantic.pathExtension != "trace") {
            let expected = try GoldenFile.read(semantic)
            let diff = GoldenDiff(expected: expected, actual: records, topics: topics)
            return diff.isEqual ? .matches(records: diff.actualCount) : .differs(diff)
        }
        let text = golden ?? GoldenFile.textURL(for: sessionURL)
        let expected: [String]
        if FileManager.default.fileExists(atPath: text.path) {
            do {
                let bytes = try RegularFile.contents(of: text.path, maximumSize: GoldenFile.maximumFileSize, what: "golden")
                expected = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            } catch {
                throw GoldenFile.ReadError(file: text.path, line: 0, message: error.reason)
            }
        } else if !replayer.session.traceLines.isEmpty {
            expected = replayer.session.traceLines
        } else {
            return .noGolden
        }
        let diff = TraceDiff(expected: expected, actual: replayer.trace.lines)
        return diff.isEqual ? .matchesText(lines: expected.count) : .differsFromText(diff)
    }

    /// Writes the semantic golden of this replay; `inputs` are never written over.
    public func writeGolden(to url: URL, inputs: [String]) throws(FileError) {
        try GoldenFile.write(
            records: records, to: url, session: url.deletingPathExtension().lastPathComponent, header: replayer.session.header,
            inputs: inputs)
    }
}

/// Hands every entry of the trace of the application a replay drives to `consume`, moving to the
/// new application at each hot reload (a replay that never seeks; `ReplayObserver`).
package final class TraceFollower: ReplayObserver {
    private let consume: (TraceEntry) -> Void
    private var followed: (trace: Trace, token: Int)?

    package init(_ consume: @escaping (TraceEntry) -> Void) {
        self.consume = consume
    }

    package func restart(following application: UIApplication) {
        stop()
        let consume = self.consume
        followed = (application.trace, application.trace.addListener { consume($0) })
    }

    package func checkpointState() -> Any { () }

    package func restore(_ state: Any, following application: UIApplication) {
        restart(following: application)
    }

    /// A follower of `replayer`'s application from now on, through every hot reload.
    package static func attach(to replayer: SessionReplayer, _ consume: @escaping (TraceEntry) -> Void) -> TraceFollower {
        let follower = TraceFollower(consume)
        follower.restart(following: replayer.application)
        replayer.observers.append(follower)
        return follower
    }

    package func stop() {
        if let followed { followed.trace.removeListener(followed.token) }
        followed = nil
    }
}
