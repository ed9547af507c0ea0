import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// Seeks to random times (seeded) in the one-hour 120 Hz session of `ReplayBenchmark`, after one
/// run that keeps checkpoints: each seek is timed from the call to the state being reached.
package enum SeekBenchmark {
    package struct Result: Sendable {
        package var seeks: Int
        /// Time of the run that keeps checkpoints, and how many it kept.
        package var prepareSeconds: Double
        package var checkpoints: Int
        package var p50Milliseconds: Double
        package var p99Milliseconds: Double
        package var maximumMilliseconds: Double
        /// Peak resident memory from loading the session to the last seek.
        package var peakResidentBytes: Int
        /// Why the peak counts from the process's start rather than this measurement's, if it does.
        package var peakSinceStart: String?
        /// Why seeks replayed from the start, when they did.
        package var fallbackReason: String?
    }

    package static func run(
        seeks: Int = 200, seconds: Int = Int(ProcessInfo.processInfo.environment["TOUCHSCOPE_SEEK_SECONDS"] ?? "") ?? ReplayBenchmark.duration,
        seed: UInt64 = 0x5EE_C0DE
    ) throws -> Result {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-seek-\(getpid()).session")
        defer { try? FileManager.default.removeItem(at: url) }
        let scene = try ReplayBenchmark.generateSession(at: url, seconds: seconds)
        let peakSinceStart = PeakMemory.reset()
        let session = try SessionLoader.load(contentsOf: url)
        let name = scene.name
        let replayer = try SessionReplayer(session: session, scene: try SceneCatalog.bundled().load(name).factory)
        let prepareStart = DispatchTime.now().uptimeNanoseconds
        try replayer.prepareSeeking()
        let prepareEnd = DispatchTime.now().uptimeNanoseconds
        var state = seed
        var times: [Double] = []
        times.reserveCapacity(seeks)
        for _ in 0..<seeks {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let target = Int64((state >> 11) % UInt64(session.duration + 1))
            let start = DispatchTime.now().uptimeNanoseconds
            try replayer.seek(to: target)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let sorted = times.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(saturating: (Double(sorted.count - 1) * p).rounded()))] }
        var checkpoints = 0
        var fallbackReason: String?
        switch replayer.seekSupport {
        case .checkpoints(let count): checkpoints = count
        case .fromStart(let reason): fallbackReason = reason
        case .unprepared: fallbackReason = "not prepared"
        }
        return Result(
            seeks: seeks, prepareSeconds: Double(prepareEnd - prepareStart) / 1e9, checkpoints: checkpoints,
            p50Milliseconds: percentile(0.5), p99Milliseconds: percentile(0.99), maximumMilliseconds: sorted.last ?? 0,
            peakResidentBytes: PeakMemory.bytes(), peakSinceStart: peakSinceStart, fallbackReason: fallbackReason)
    }
}
