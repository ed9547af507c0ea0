import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// How fast `touchscope check` checks a folder of sessions: 1,000 sessions (the repository's
/// golden sessions repeated, each carrying its scene, and generated sessions of 1 to 60 s on the
/// bundled scenes, with goldens), checked with one worker and with one per core, as the command
/// does it (one process, scenes decoded once, results in order). Reports sessions per second, the
/// speed-up, and the rate on the golden sessions alone with one worker.
package enum CheckBenchmark {
    package struct Result: Sendable {
        package var name: String
        package var sessions: Int
        package var jobs: Int
        package var seconds: Double
        /// Sessions that did not pass (a benchmark whose sessions fail measures nothing).
        package var notPassed: Int
        /// Against the one-worker run of the same set (1 for that run).
        package var speedUp: Double
        package var sessionsPerSecond: Double { seconds > 0 ? Double(sessions) / seconds : 0 }
    }

    /// Builds the set in a scratch folder, checks it, removes it.
    package static func run(total: Int = 1_000, generated: Int = 200, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> [Result] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-check-bench-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let goldens = try writeGoldenCopies(count: total - generated, into: folder.appendingPathComponent("goldens"))
        let made = try writeGenerated(count: generated, into: folder.appendingPathComponent("generated"))
        let all = CheckSet.discover([folder.path]).items
        let bundledOnly = CheckSet.discover([folder.appendingPathComponent("goldens").path]).items
        precondition(all.count == goldens + made, "the benchmark's sessions were not all found")
        var results: [Result] = []
        let serial = measure("check.all", all, jobs: 1)
        results.append(serial)
        var parallel = measure("check.all", all, jobs: jobs)
        parallel.speedUp = serial.seconds / max(parallel.seconds, 1e-9)
        results.append(parallel)
        results.append(measure("check.goldens", bundledOnly, jobs: 1))
        return results
    }

    static func measure(_ name: String, _ items: [CheckSet.Item], jobs: Int) -> Result {
        let runner = CheckRunner(checker: SessionChecker(record: .never, catalog: SceneCatalog.bundled()), jobs: jobs)
        let start = DispatchTime.now().uptimeNanoseconds
        let results = runner.run(items)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let notPassed = results.filter { $0.status != .passed }.count + (items.count - results.count)
        return Result(name: name, sessions: items.count, jobs: jobs, seconds: seconds, notPassed: notPassed, speedUp: 1)
    }

    /// The repository's golden sessions (Tests/TouchReplayTests/Goldens and Scenes/sessions), each
    /// rewritten to carry its scene, with its golden, repeated to `count` files.
    static func writeGoldenCopies(count: Int, into folder: URL) throws -> Int {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let catalog = SceneCatalog.bundled()
        var sources: [(session: Session, golden: URL)] = []
        if let scenes = SceneCatalog.bundledScenesDirectory() {
            let root = scenes.deletingLastPathComponent()
            for directory in [root.appendingPathComponent("Tests/TouchReplayTests/Goldens"), scenes.appendingPathComponent("sessions")] {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                for name in names.sorted() where name.hasSuffix(".session") {
                    let url = directory.appendingPathComponent(name)
                    let golden = GoldenFile.url(for: url)
                    guard FileManager.default.fileExists(atPath: golden.path) else { continue }
                    var session = try SessionLoader.load(contentsOf: url)
                    if session.scenes.isEmpty {
                        let resolved = try SessionScene.resolve(for: session, sessionFile: url.path, catalog: catalog)
                        if let text = resolved.scene.canonicalText {
                            session.header.version = SessionFormat.version
                            session.scenes = [EmbeddedScene(micros: 0, recordIndex: 0, hash: resolved.scene.contentHash, text: text)]
                        }
                    }
                    sources.append((session, golden))
                }
            }
        }
        guard !sources.isEmpty else { return 0 }
        for index in 0..<count {
            let source = sources[index % sources.count]
            let url = folder.appendingPathComponent(String(format: "%04d-", index) + source.golden.deletingPathExtension().lastPathComponent)
            try AtomicFile.write(SessionFormat.checkedText(of: source.session), to: url.path, inputs: [])
            try AtomicFile.write(Array(try Data(contentsOf: source.golden)), to: url.path + ".golden", inputs: [])
        }
        return count
    }

    /// `count` sessions of 1 to 60 s on the bundled JSON scenes (taps, and drags at 60 Hz, from a
    /// fixed seed), each carrying its scene, with the golden a replay writes.
    static func writeGenerated(count: Int, into folder: URL) throws -> Int {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let catalog = SceneCatalog.bundled()
        let scenes = catalog.entries().filter { $0.kind == .json }.compactMap { catalog.loadBundled(named: $0.name) }
        guard !scenes.isEmpty else { return 0 }
        var random = SeededRandomNumberGenerator(seed: 2026)
        for index in 0..<count {
            let scene = scenes[index % scenes.count]
            guard let text = scene.canonicalText else { continue }
            let seconds = 1 + (count > 1 ? index * 59 / (count - 1) : 0)
            let size = scene.window.bounds.size
            let header = SessionHeader(sceneName: scene.name, sceneHash: scene.contentHash, windowSize: size, started: "")
            var lines = [SessionFormat.line(for: header)]
            var t: Int64 = 0
            var finger = 1
            let end = Int64(seconds) * 1_000_000
            while t + 400_000 < end {
                let start = CGPoint(
                    x: Double.random(in: 0..<Double(size.width), using: &random), y: Double.random(in: 0..<Double(size.height), using: &random))
                lines.append(SessionFormat.line(for: .input(micros: t, samples: [TouchSample(finger: finger, phase: .began, location: start)])))
                var at = start
                if Bool.random(using: &random) {
                    for _ in 0..<12 {
                        t += 16_667
                        at = CGPoint(x: at.x + Double.random(in: -20...20, using: &random), y: at.y + Double.random(in: -20...20, using: &random))
                        lines.append(SessionFormat.line(for: .input(micros: t, samples: [TouchSample(finger: finger, phase: .moved, location: at)])))
                    }
                } else {
                    t += 50_000
                }
                lines.append(SessionFormat.line(for: .input(micros: t, samples: [TouchSample(finger: finger, phase: .ended, location: at)])))
                finger += 1
                t += 300_000
            }
            lines.append(SessionFormat.line(for: .end(micros: end)))
            var session = try SessionLoader.load(text: lines.joined(separator: "\n") + "\n", file: "generated")
            session.header.version = SessionFormat.version
            session.scenes = [EmbeddedScene(micros: 0, recordIndex: 0, hash: scene.contentHash, text: text)]
            let url = folder.appendingPathComponent(String(format: "%04d-%02ds-", index, seconds) + scene.name + ".session")
            try AtomicFile.write(SessionFormat.checkedText(of: session), to: url.path, inputs: [])
            let check = try GoldenCheck(session: session, scene: try SessionScene.embedded(session, sessionFile: url.path).makeScene)
            try check.writeGolden(to: GoldenFile.url(for: url), inputs: [url.path])
        }
        return count
    }
}
