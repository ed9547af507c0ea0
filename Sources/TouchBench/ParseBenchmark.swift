import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// Shows that every stage a user's file drives takes time and memory proportional to its input:
/// each stage is run on an input and on one ten times larger, and the ratios are reported (about
/// 10 means linear; a quadratic stage gives about 100). Each stage names the limit past which its
/// input is refused (docs: README, "Limits").
package enum ParseBenchmark {
    /// One stage: how to build its input of size `n` (not timed) and the work that is timed.
    package struct Stage {
        package var name: String
        /// What `n` counts ("bytes" for file readers, else views, recognizers, taps, ...).
        package var unit: String
        package var base: Int
        /// The stage's documented limit and what happens past it.
        package var limit: String
        /// Builds the input for `n` and returns the timed work (called once per run).
        package var prepare: (Int) throws -> (size: Int, work: () throws -> Void)

        package init(
            name: String, unit: String, base: Int, limit: String, prepare: @escaping (Int) throws -> (size: Int, work: () throws -> Void)
        ) {
            self.name = name
            self.unit = unit
            self.base = base
            self.limit = limit
            self.prepare = prepare
        }
    }

    /// One stage's two measurements.
    package struct Result: Sendable {
        package var reader: String
        package var unit: String
        package var smallBytes: Int
        package var largeBytes: Int
        package var smallSeconds: Double
        package var largeSeconds: Double
        /// Peak resident memory the work added, in bytes (0 when too small to measure).
        package var smallMemory: Int
        package var largeMemory: Int
        package var limit: String

        /// How many times longer the ten-times-larger input took.
        package var ratio: Double { smallSeconds > 0 ? largeSeconds / smallSeconds : 0 }
        /// How many times more memory it took, when the small input took at least 1 MiB.
        package var memoryRatio: Double? { smallMemory >= 1 << 20 ? Double(largeMemory) / Double(smallMemory) : nil }
    }

    /// Runs every stage (the file readers, the engine's walks, and `extra` from other modules);
    /// `scale` multiplies the input sizes (1 is the default workload).
    package static func run(scale: Int = 1, extra: [Stage] = []) throws -> [Result] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-parse-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try (fileReaders(in: directory) + ScalingStages.all + extra).map { try measure($0, scale: scale) }
    }

    /// The best time of two runs at `base × scale` and at ten times that, and the larger peak of
    /// memory added (a second run reuses what the first freed).
    static func measure(_ stage: Stage, scale: Int) throws -> Result {
        var sizes: [Int] = []
        var seconds: [Double] = []
        var memory: [Int] = []
        for n in [stage.base * scale, stage.base * scale * 10] {
            var best = Double.infinity
            var bestMemory = 0
            var size = 0
            for _ in 0..<2 {
                let prepared = try stage.prepare(n)
                size = prepared.size
                _ = PeakMemory.reset()
                let before = PeakMemory.residentBytes()
                let start = DispatchTime.now().uptimeNanoseconds
                try prepared.work()
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                bestMemory = max(bestMemory, PeakMemory.bytes() - before)
            }
            sizes.append(size)
            seconds.append(best)
            memory.append(bestMemory)
        }
        return Result(
            reader: stage.name, unit: stage.unit, smallBytes: sizes[0], largeBytes: sizes[1], smallSeconds: seconds[0], largeSeconds: seconds[1],
            smallMemory: memory[0], largeMemory: memory[1], limit: stage.limit)
    }

    /// The readers of user files, each timed on a file it reads.
    static func fileReaders(in directory: URL) -> [Stage] {
        func reader(_ name: String, base: Int, limit: String, _ make: @escaping (Int) -> String, read: @escaping (String) throws -> Void) -> Stage {
            Stage(name: name, unit: "bytes", base: base, limit: limit) { n in
                let path = directory.appendingPathComponent("\(name)-\(n)").path
                let text = make(n)
                try AtomicFile.write(text, to: path, inputs: [])
                return (text.utf8.count, { try read(path) })
            }
        }
        func decodeScene(_ path: String) throws {
            _ = try? SceneDecoder.load(contentsOf: URL(fileURLWithPath: path))
        }
        let sceneLimit = "\(SceneDecoder.maximumFileSize >> 20) MiB a scene file, \(SceneDecoder.maximumViewCount) views"
        let sessionLimit = "\(SessionLoader.maximumFileSize >> 20) MiB a session, \(SessionFormat.maximumRecordCount) records"
        let header =
            #"{"format":"touchscope.session","version":1,"tool":"x","scene":{"name":"kitchen-sink","hash":"x"},"window":{"width":390,"height":844,"scale":1},"started":""}"#
        return [
            reader(
                "scene.stateKeys", base: 4_000, limit: sceneLimit,
                { count in
                    let keys = (0..<count).map { "\"flag\($0)\":true" }.joined(separator: ",")
                    return #"{"format":"touchscope.scene","version":1,"window":{"width":390,"height":844},"state":{"# + keys + "},\"views\":[]}"
                }, read: decodeScene),
            reader(
                "scene.views", base: 1_500, limit: sceneLimit,
                { count in
                    let views = (0..<count).map { #"{"kind":"view","id":"v\#($0)","frame":[0,0,10,10]}"# }.joined(separator: ",")
                    return #"{"format":"touchscope.scene","version":1,"window":{"width":390,"height":844},"views":["# + views + "]}"
                }, read: decodeScene),
            reader(
                "session.headerKeys", base: 4_000, limit: sessionLimit,
                { count in
                    let keys = (0..<count).map { "\"k\($0)\":1" }.joined(separator: ",")
                    return String(header.dropLast()) + "," + keys + "}\n"
                }, read: { path in _ = try? SessionLoader.load(contentsOf: URL(fileURLWithPath: path)) }),
            reader(
                "session.records", base: 20_000, limit: sessionLimit,
                { count in
                    var lines = [header]
                    for index in 0..<count {
                        let phase = index % 2 == 0 ? "began" : "ended"
                        lines.append(#"{"t":\#(index * 1000),"type":"input","touches":[{"finger":1,"phase":"\#(phase)","x":10.5,"y":20}]}"#)
                    }
                    return lines.joined(separator: "\n") + "\n"
                }, read: { path in _ = try SessionLoader.load(contentsOf: URL(fileURLWithPath: path)) }),
            reader(
                "stdin.line", base: 350_000, limit: "\(SessionFormat.maximumLineLength >> 20) MiB a line",
                { count in
                    String(repeating: "x", count: count) + "\n"
                },
                read: { path in
                    let fd = open(path, O_RDONLY)
                    defer { close(fd) }
                    var reader = InterruptibleLineReader(descriptor: fd, maximumLineLength: 4 << 20)
                    while try reader.next() != nil {}
                }),
        ]
    }
}
