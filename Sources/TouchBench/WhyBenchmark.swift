import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// How long `why SESSION --recognizer ID` takes with its proven fixes, as the command does it:
/// the session replayed, the recognizer's history read, and every fix candidate re-run when it
/// did not recognize. Measured for every recognizer of the bundled sessions and of a ten-minute
/// session (kitchen-sink, one touch a second at 120 Hz).
package enum WhyBenchmark {
    package struct Result: Sendable {
        package var name: String
        package var questions: Int
        /// Candidates re-run in all, and fixes proven.
        package var fixesTried: Int
        package var fixesProven: Int
        package var maximumSeconds: Double
        package var totalSeconds: Double
    }

    /// Most recognizers asked about per session.
    static let maximumQuestions = 12

    package static func run(longSeconds: Int = 600) throws -> [Result] {
        var results: [Result] = []
        var bundled = Result(name: "why.bundled", questions: 0, fixesTried: 0, fixesProven: 0, maximumSeconds: 0, totalSeconds: 0)
        let catalog = SceneCatalog.bundled()
        if let directory = SceneCatalog.bundledScenesDirectory()?.appendingPathComponent("sessions"),
            let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        {
            for file in files.sorted() where file.hasSuffix(".session") {
                let url = directory.appendingPathComponent(file)
                let session = try SessionLoader.load(contentsOf: url)
                let scene = try SessionScene.resolve(for: session, sessionFile: url.path, catalog: catalog)
                measure(session, scene.scene, scene.makeScene, into: &bundled)
            }
        }
        results.append(bundled)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-why-\(getpid()).session")
        defer { try? FileManager.default.removeItem(at: url) }
        let scene = try ReplayBenchmark.generateSession(at: url, seconds: longSeconds)
        var long = Result(
            name: "why.\(longSeconds / 60)min", questions: 0, fixesTried: 0, fixesProven: 0, maximumSeconds: 0, totalSeconds: 0)
        measure(try SessionLoader.load(contentsOf: url), scene, scene.factory, into: &long)
        results.append(long)
        return results
    }

    /// Asks about each recognizer of `session`, timing each question from the replay on.
    static func measure(_ session: Session, _ scene: LoadedScene, _ makeScene: @escaping () throws -> LoadedScene, into result: inout Result) {
        guard let first = try? SessionReplayer(session: session, scene: makeScene) else { return }
        first.runToEnd()
        var names: [String] = []
        for entry in first.trace.entries {
            if case .gestureState(let name, _, _, _) = entry.event, !names.contains(name) { names.append(name) }
            if names.count == maximumQuestions { break }
        }
        for name in names {
            let start = DispatchTime.now().uptimeNanoseconds
            guard let replayer = try? SessionReplayer(session: session, scene: makeScene) else { continue }
            replayer.runToEnd()
            let entries = replayer.trace.entries
            _ = RecognizerHistory(entries: entries, recognizer: name).lines
            let goal = FixGoal.recognizes(recognizer: name)
            if let description = scene.sceneDescription, goal.met(in: entries, from: 0, until: session.duration) == nil {
                let span = ProvenFixes.firstTouchSpan(of: name, in: entries, session: session)
                let fixes = ProvenFixes.find(goal: goal, session: session, scene: description, entries: entries, from: span.from, until: span.until)
                let window = Array(entries.filter { $0.micros >= span.from && $0.micros <= span.until })
                result.fixesTried += ProvenFixes.candidateCount(goal: goal, scene: description, window: window)
                result.fixesProven += fixes.count
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            result.questions += 1
            result.totalSeconds += seconds
            result.maximumSeconds = max(result.maximumSeconds, seconds)
        }
    }
}
