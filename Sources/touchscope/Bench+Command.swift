import ArgumentParser
import Foundation
import TouchBench
import TouchKit
import TouchReplay
import TouchScenes
import TouchScopeSDL

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure dispatch speed on the fixed workload (docs/bench-workload.md), replay and frame time.",
        discussion: """
            Dispatch: per shape, events per second (median of --runs after --warmup, in one process), \
            per-event latency p50/p99, and the routing checksum, which must equal the workload's \
            reference (a mismatch exits 1). Measured with the trace off and on. --json prints one line \
            per shape with the reference script's keys. --replay, --seek and --frame add the one-hour \
            session replay, seeking in it, and the overlay frame benchmarks; each reports its peak memory.
            """)

    @Option(help: "Shapes to run, comma-separated: grid, deep, wide, swiftui (none: an empty list).")
    var shapes = "grid,deep,wide,swiftui"

    @Option(name: .customLong("n-grid"), help: "Sequences for the grid shape, 1 to 10000000.")
    var nGrid = Workload.Shape.grid.defaultSequences

    @Option(name: .customLong("n-deep"), help: "Sequences for the deep shape, 1 to 10000000.")
    var nDeep = Workload.Shape.deep.defaultSequences

    @Option(name: .customLong("n-wide"), help: "Sequences for the wide shape, 1 to 10000000.")
    var nWide = Workload.Shape.wide.defaultSequences

    @Option(help: "Timed runs per shape, 1 to 1000.")
    var runs = 5

    @Option(help: "Warm-up runs per shape, 0 to 100.")
    var warmup = 1

    @Option(help: "Trace during dispatch: off, on, or both.")
    var trace = "both"

    @Flag(help: "Print one JSON line per shape and trace setting.")
    var json = false

    @Flag(help: "Also measure replaying a one-hour 120 Hz session (432,000 input records) from file to trace.")
    var replay = false

    @Flag(help: "Also measure 200 seeks to random times in the one-hour session (after one run that keeps checkpoints).")
    var seek = false

    @Flag(help: "Also measure a frame with every overlay on a 1,000-view scene in the software renderer.")
    var frame = false

    @Flag(
        help:
            "Also show that every stage a file drives is linear (readers, scene checks, import, the failure-requirement walk, dispatch, goldens, drawing touches): each timed on an input and on one ten times larger, with its limit."
    )
    var parse = false

    @Flag(
        help:
            "Also measure `why SESSION --recognizer ID` with its proven fixes (replay, history, every candidate re-run) on the bundled sessions and a ten-minute session."
    )
    var why = false

    @Flag(
        name: .customLong("check"),
        help:
            "Also measure `touchscope check` on 1,000 sessions (the golden sessions repeated, and generated ones of 1 to 60 s) with one worker and one per core: sessions per second and the speed-up."
    )
    var checkSessions = false

    @Option(
        name: .customLong("write-session"), help: "Write the one-hour benchmark session to this file and stop (to replay, seek or open it yourself).")
    var writeSession: String?

    func validate() throws {
        try Check.range(runs, 1...1000, "--runs")
        try Check.range(warmup, 0...100, "--warmup")
        try Check.range(nGrid, 1...10_000_000, "--n-grid")
        try Check.range(nDeep, 1...10_000_000, "--n-deep")
        try Check.range(nWide, 1...10_000_000, "--n-wide")
        guard ["off", "on", "both"].contains(trace) else { throw ValidationError("--trace takes off, on or both, not \(trace)") }
        for name in shapes.split(separator: ",") where Workload.Shape(rawValue: String(name)) == nil && name != "swiftui" {
            throw ValidationError("unknown shape \"\(name)\" (shapes: grid, deep, wide, swiftui)")
        }
    }

    func run() throws {
        if let writeSession {
            let scene: LoadedScene
            do { scene = try ReplayBenchmark.generateSession(at: URL(fileURLWithPath: writeSession)) } catch let error as FileError {
                printError("cannot write the session: \(error)")
                throw Exit.inputError
            }
            print("wrote \(writeSession): \(ReplayBenchmark.duration) s of input at \(ReplayBenchmark.rate) Hz on \(scene.name)")
            return
        }
        #if DEBUG
            print("note: this is a debug build; its numbers are many times slower than a release build's (swift run -c release touchscope bench)")
        #endif
        let traceSettings: [Bool] = trace == "off" ? [false] : (trace == "on" ? [true] : [false, true])
        var failed = false
        var gridRate: Double?
        for name in shapes.split(separator: ",").map(String.init) {
            if name == "swiftui" {
                let result = SwiftUIDispatchBenchmark(sequences: nGrid).run(runs: runs, warmup: warmup)
                if result.ended < 0 {
                    failed = true
                    printError("swiftui: the gestures did not end the same way every run")
                }
                print(json ? BenchReport.jsonLine(result, gridRate: gridRate) : BenchReport.textLine(result, gridRate: gridRate))
                continue
            }
            guard let shape = Workload.Shape(rawValue: name) else { continue }
            let sequences = shape == .grid ? nGrid : (shape == .deep ? nDeep : nWide)
            let benchmark = DispatchBenchmark(shape: shape, sequences: sequences)
            for traced in traceSettings {
                let result = benchmark.run(runs: runs, warmup: warmup, traced: traced)
                if let problem = result.checksumProblem {
                    failed = true
                    printError("\(shape.rawValue): CHECKSUM MISMATCH: \(problem)")
                }
                if shape == .grid && !traced { gridRate = result.eventsPerSecondMedian }
                print(json ? BenchReport.jsonLine(result, gridRate: shape == .grid ? nil : gridRate) : BenchReport.textLine(result))
            }
        }
        if replay {
            let result = try ReplayBenchmark.run()
            print(json ? BenchReport.jsonLine(result) : BenchReport.textLine(result))
        }
        if seek {
            let result = try SeekBenchmark.run()
            print(json ? BenchReport.jsonLine(result) : BenchReport.textLine(result))
        }
        if parse {
            for result in try ParseBenchmark.run(extra: [FingersScalingStage.stage] + ReportScalingStages.all) {
                print(json ? BenchReport.jsonLine(result) : BenchReport.textLine(result))
            }
        }
        if why {
            for result in try WhyBenchmark.run() {
                print(json ? BenchReport.jsonLine(result) : BenchReport.textLine(result))
            }
        }
        if checkSessions {
            for result in try CheckBenchmark.run() {
                if result.notPassed > 0 {
                    failed = true
                    printError("\(result.name): \(result.notPassed) of \(result.sessions) sessions did not pass")
                }
                print(json ? BenchReport.jsonLine(result) : BenchReport.textLine(result))
            }
        }
        if frame {
            let result = try FrameBenchmark.run()
            print(json ? BenchReport.jsonLine(result) : BenchReport.textLine(result))
        }
        if failed { throw Exit.checkFailed }
    }
}
