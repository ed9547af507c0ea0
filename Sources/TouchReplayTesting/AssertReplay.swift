import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import XCTest

/// Test helpers for sessions and goldens, for Swift Testing and XCTest alike.
///
/// `assertReplay` replays a session on a scene and compares the trace with the golden file next
/// to the session (`<session>.trace`, one line per entry) or, when there is none, with the trace
/// the session carries. On a mismatch it fails at the caller's file and line with `TraceDiff`'s
/// report. With `TOUCHSCOPE_RECORD=1` in the environment it rewrites the golden instead and still
/// fails, so that re-recording is never left on by accident.
public enum TouchReplayAssertions {
    /// The environment variable that re-records goldens.
    public static let recordVariable = "TOUCHSCOPE_RECORD"

    /// Whether goldens are being re-recorded in this run.
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment[recordVariable] == "1"
    }

    /// The golden trace file of a session: `<session>.trace`.
    public static func goldenURL(for session: URL) -> URL {
        session.appendingPathExtension("trace")
    }

    /// Replays and compares; returns the failure message, or nil when the trace matches.
    public static func check(session sessionURL: URL, scene makeScene: @escaping () throws -> LoadedScene) -> String? {
        let session: Session
        do {
            session = try SessionLoader.load(contentsOf: sessionURL)
        } catch {
            return "cannot load the session: \(error)"
        }
        let actual: [String]
        do {
            actual = try SessionReplayer.replay(session, scene: makeScene)
        } catch {
            return "cannot build the scene: \(error)"
        }
        let golden = goldenURL(for: sessionURL)
        if isRecording {
            do {
                try (actual.joined(separator: "\n") + "\n").write(to: golden, atomically: true, encoding: .utf8)
            } catch {
                return "cannot write the golden \(golden.path): \(error)"
            }
            return "re-recorded \(golden.lastPathComponent) (\(actual.count) entries) because \(recordVariable)=1; unset it and run again"
        }
        let expected: [String]
        if let text = try? String(contentsOf: golden, encoding: .utf8) {
            expected = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        } else if !session.traceLines.isEmpty {
            expected = session.traceLines
        } else {
            return "no golden trace: neither \(golden.lastPathComponent) nor trace records in the session; run with \(recordVariable)=1 to record one"
        }
        let diff = TraceDiff(expected: expected, actual: actual)
        return diff.isEqual ? nil : diff.report(session: session)
    }
}

/// Replays `session` on the scene `makeScene` builds and fails (Swift Testing) with the first
/// divergence from its golden trace.
public func assertReplay(
    session: URL, scene makeScene: @escaping () throws -> LoadedScene,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if let failure = TouchReplayAssertions.check(session: session, scene: makeScene) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// The XCTest form of `assertReplay`.
public func XCTAssertReplay(
    session: URL, scene makeScene: @escaping () throws -> LoadedScene, file: StaticString = #filePath, line: UInt = #line
) {
    if let failure = TouchReplayAssertions.check(session: session, scene: makeScene) {
        XCTFail(failure, file: file, line: line)
    }
}
