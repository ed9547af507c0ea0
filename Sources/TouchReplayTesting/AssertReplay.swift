import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import XCTest

/// When a golden is (re)written instead of compared.
public enum GoldenRecordMode: Sendable {
    /// Compare; a missing golden is a failure. The default, unless `TOUCHSCOPE_RECORD=1`.
    case never
    /// Write the golden when it does not exist (and fail once, so it gets reviewed), else compare.
    case missing
    /// Rewrite the golden and fail, so that re-recording is never left on by accident.
    case all
}

/// Test helpers for sessions and goldens, for Swift Testing and XCTest alike.
///
/// `assertReplay` replays a session on a scene and compares its outcomes (hits, deliveries,
/// recognizer changes with their cause kinds, control events, actions, scrolls, notes) with the
/// semantic golden beside the session (`<session>.golden`), never the trace's wording. On a
/// mismatch it fails at the caller's line with every divergence, grouped by the input that led
/// to it. An old text golden (`<session>.trace`) is still compared line by line.
public enum TouchReplayAssertions {
    /// The environment variable that re-records every golden (`TOUCHSCOPE_RECORD=1`).
    public static let recordVariable = "TOUCHSCOPE_RECORD"

    /// The record mode of a call: the one given, else `.all` when `TOUCHSCOPE_RECORD=1`, else `.never`.
    public static func mode(_ given: GoldenRecordMode?) -> GoldenRecordMode {
        if let given { return given }
        return ProcessInfo.processInfo.environment[recordVariable] == "1" ? .all : .never
    }

    /// The golden of a session: `<session>.golden`.
    public static func goldenURL(for session: URL) -> URL {
        GoldenFile.url(for: session)
    }

    /// Replays and compares; returns the failure message, or nil when the outcomes match.
    public static func check(
        session sessionURL: URL, scene makeScene: @escaping () throws -> LoadedScene, golden: URL? = nil,
        record: GoldenRecordMode? = nil, only topics: Set<GoldenTopic>? = nil
    ) -> String? {
        let session: Session
        do {
            session = try SessionLoader.load(contentsOf: sessionURL)
        } catch {
            return "cannot load the session: \(error)"
        }
        let result: GoldenCheck
        do {
            result = try GoldenCheck(session: session, scene: makeScene)
        } catch {
            return "cannot build the scene: \(error)"
        }
        let goldenURL = golden ?? goldenURL(for: sessionURL)
        let exists = FileManager.default.fileExists(atPath: goldenURL.path)
        let mode = mode(record)
        if mode == .all || (mode == .missing && !exists) {
            do {
                try result.writeGolden(to: goldenURL, inputs: [sessionURL.path] + (result.replayer.scene.filePath.map { [$0] } ?? []))
            } catch {
                return "cannot write the golden: \(error)"
            }
            return "recorded \(goldenURL.lastPathComponent) (\(result.records.count) outcomes); review it and run again"
        }
        let outcome: GoldenCheck.Outcome
        do {
            outcome = try result.compare(sessionURL: sessionURL, golden: golden, topics: topics)
        } catch {
            return "cannot read the golden: \(error)"
        }
        switch outcome {
        case .matches, .matchesText: return nil
        case .differs(let diff): return diff.report(session: session)
        case .differsFromText(let diff): return diff.report(session: session)
        case .noGolden:
            return "no golden: \(goldenURL.lastPathComponent) does not exist; run with record: .missing (or \(recordVariable)=1) to write one"
        }
    }
}

/// Replays `session` on the scene `makeScene` builds and fails (Swift Testing) with every
/// divergence from its golden. `golden` defaults to `<session>.golden`; `record` decides when
/// the golden is written instead (default: `TOUCHSCOPE_RECORD=1` rewrites, otherwise compare).
///
///     @Test func floatingMenu() {
///         let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
///         assertReplay(
///             session: here.appendingPathComponent("Goldens/floating-menu.session"),
///             scene: { try SceneCatalog.bundled().load("floating-menu") })
///     }
public func assertReplay(
    session: URL, scene makeScene: @escaping () throws -> LoadedScene, golden: URL? = nil, record: GoldenRecordMode? = nil,
    only topics: Set<GoldenTopic>? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    if let failure = TouchReplayAssertions.check(session: session, scene: makeScene, golden: golden, record: record, only: topics) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// The XCTest form of `assertReplay`.
public func XCTAssertReplay(
    session: URL, scene makeScene: @escaping () throws -> LoadedScene, golden: URL? = nil, record: GoldenRecordMode? = nil,
    only topics: Set<GoldenTopic>? = nil, file: StaticString = #filePath, line: UInt = #line
) {
    if let failure = TouchReplayAssertions.check(session: session, scene: makeScene, golden: golden, record: record, only: topics) {
        XCTFail(failure, file: file, line: line)
    }
}
