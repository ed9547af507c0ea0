import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// Shows that every reader of user files takes time proportional to its input: each reader is
/// timed on an input and on one ten times larger, and the ratio of the times is reported (about
/// 10 means linear; a quadratic reader gives about 100).
package enum ParseBenchmark {
    /// One reader's two timings.
    package struct Result: Sendable {
        package var reader: String
        package var smallBytes: Int
        package var largeBytes: Int
        package var smallSeconds: Double
        package var largeSeconds: Double

        /// How many times longer the ten-times-larger input took.
        package var ratio: Double { smallSeconds > 0 ? largeSeconds / smallSeconds : 0 }
    }

    /// Times every reader; `scale` multiplies the input sizes (1 is the default workload).
    package static func run(scale: Int = 1) throws -> [Result] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-parse-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var results: [Result] = []
        func measure(_ reader: String, _ make: (Int) -> String, base: Int, run read: (String) throws -> Void) throws {
            var timings: [(Int, Double)] = []
            for size in [base * scale, base * scale * 10] {
                let path = directory.appendingPathComponent("\(reader)-\(size)").path
                let text = make(size)
                try AtomicFile.write(text, to: path, inputs: [])
                let start = DispatchTime.now().uptimeNanoseconds
                try read(path)
                timings.append((text.utf8.count, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
            }
            results.append(
                Result(reader: reader, smallBytes: timings[0].0, largeBytes: timings[1].0, smallSeconds: timings[0].1, largeSeconds: timings[1].1))
        }
        func decodeScene(_ path: String) throws {
            _ = try? SceneDecoder.load(contentsOf: URL(fileURLWithPath: path))
        }
        let header =
            #"{"format":"touchscope.session","version":1,"tool":"x","scene":{"name":"kitchen-sink","hash":"x"},"window":{"width":390,"height":844,"scale":1},"started":""}"#
        try measure(
            "scene.stateKeys",
            { count in
                let keys = (0..<count).map { "\"flag\($0)\":true" }.joined(separator: ",")
                return #"{"format":"touchscope.scene","version":1,"window":{"width":390,"height":844},"state":{"# + keys + "},\"views\":[]}"
            }, base: 4_000, run: decodeScene)
        try measure(
            "scene.views",
            { count in
                let views = (0..<count).map { #"{"kind":"view","id":"v\#($0)","frame":[0,0,10,10]}"# }.joined(separator: ",")
                return #"{"format":"touchscope.scene","version":1,"window":{"width":390,"height":844},"views":["# + views + "]}"
            }, base: 1_500, run: decodeScene)
        try measure(
            "session.headerKeys",
            { count in
                let keys = (0..<count).map { "\"k\($0)\":1" }.joined(separator: ",")
                return String(header.dropLast()) + "," + keys + "}\n"
            }, base: 4_000, run: { path in _ = try? SessionLoader.load(contentsOf: URL(fileURLWithPath: path)) })
        try measure(
            "session.records",
            { count in
                var lines = [header]
                for index in 0..<count {
                    let phase = index % 2 == 0 ? "began" : "ended"
                    lines.append(#"{"t":\#(index * 1000),"type":"input","touches":[{"finger":1,"phase":"\#(phase)","x":10.5,"y":20}]}"#)
                }
                return lines.joined(separator: "\n") + "\n"
            }, base: 20_000, run: { path in _ = try SessionLoader.load(contentsOf: URL(fileURLWithPath: path)) })
        try measure(
            "stdin.line", { count in String(repeating: "x", count: count) + "\n" }, base: 350_000,
            run: { path in
                let fd = open(path, O_RDONLY)
                defer { close(fd) }
                var reader = InterruptibleLineReader(descriptor: fd, maximumLineLength: 4 << 20)
                while try reader.next() != nil {}
            })
        return results
    }
}
