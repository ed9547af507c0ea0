import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// Replays a one-hour session recorded at 120 Hz (432,000 input records) from file to trace.
///
/// The session is generated (deterministically) and written first; only loading the file and
/// replaying it with the trace on are timed. Each second holds one gesture: a finger down, 118
/// moves of a random walk, a lift, on the kitchen-sink scene, so recognizers and controls work.
package enum ReplayBenchmark {
    /// Load and replay times of the one-hour session, its size and the peak memory.
    package struct Result: Sendable {
        package var records: Int
        package var fileBytes: Int
        package var loadSeconds: Double
        package var replaySeconds: Double
        package var traceEntries: Int
        package var peakResidentBytes: Int
        /// Why the peak counts from the process's start rather than this measurement's, if it does.
        package var peakSinceStart: String?

        package var totalSeconds: Double { loadSeconds + replaySeconds }
    }

    /// Input records per second of session.
    package static let rate = 120
    /// Session length, in seconds.
    package static let duration = 3600

    /// Writes the benchmark session to `url` and returns its scene.
    package static func generateSession(at url: URL, seconds: Int = duration, scene: String = "kitchen-sink") throws -> LoadedScene {
        let loaded = try SceneCatalog.bundled().load(scene)
        let header = SessionHeader(
            sceneName: loaded.name, sceneHash: loaded.contentHash, windowSize: loaded.window.bounds.size, started: "2026-01-01T00:00:00Z")
        // Written a second of input at a time, so that making the file does not weigh on the
        // peak memory measured for replaying it.
        try OutputGuard.check(url.path, inputs: [])
        let temporary = try TemporaryFile(nextTo: url.path)
        var text = SessionFormat.line(for: header) + "\n"
        var state: UInt32 = 0x1234_5678
        let size = loaded.window.bounds.size
        let step = 1_000_000 / Int64(rate)
        for second in 0..<seconds {
            var x = Double(Workload.next(&state) % UInt32(saturating: size.width))
            var y = Double(Workload.next(&state) % UInt32(saturating: size.height))
            let base = Int64(second) * 1_000_000
            let finger = second + 1
            for index in 0..<rate {
                let phase: UITouch.Phase = index == 0 ? .began : (index == rate - 1 ? .ended : .moved)
                if index > 0 && index < rate - 1 {
                    x = min(max(0, x + Double(Int(Workload.next(&state) % 9) - 4)), Double(size.width - 1))
                    y = min(max(0, y + Double(Int(Workload.next(&state) % 9) - 4)), Double(size.height - 1))
                }
                let record = SessionRecord.input(
                    micros: base + Int64(index) * step, samples: [TouchSample(finger: finger, phase: phase, location: CGPoint(x: x, y: y))])
                text += SessionFormat.line(for: record) + "\n"
            }
            try temporary.write(Array(text.utf8))
            text = ""
        }
        text += SessionFormat.line(for: .end(micros: Int64(seconds) * 1_000_000)) + "\n"
        try temporary.write(Array(text.utf8))
        try temporary.commit(to: url.path, existing: .replace)
        return loaded
    }

    package static func run(seconds: Int = duration) throws -> Result {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-bench-\(getpid()).session")
        defer { try? FileManager.default.removeItem(at: url) }
        let scene = try generateSession(at: url, seconds: seconds)
        let fileBytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let peakSinceStart = PeakMemory.reset()
        let loadStart = DispatchTime.now().uptimeNanoseconds
        let session = try SessionLoader.load(contentsOf: url)
        let replayStart = DispatchTime.now().uptimeNanoseconds
        let name = scene.name
        let replayer = try SessionReplayer(session: session, scene: { try SceneCatalog.bundled().load(name) })
        replayer.runToEnd()
        let end = DispatchTime.now().uptimeNanoseconds
        return Result(
            records: session.records.count, fileBytes: fileBytes,
            loadSeconds: Double(replayStart - loadStart) / 1e9, replaySeconds: Double(end - replayStart) / 1e9,
            traceEntries: replayer.trace.entries.count, peakResidentBytes: PeakMemory.bytes(), peakSinceStart: peakSinceStart)
    }
}

/// The process's peak resident memory so far, in bytes.
package func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024
}
