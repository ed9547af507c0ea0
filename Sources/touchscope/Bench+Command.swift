import ArgumentParser
import Foundation
import TouchBench
import TouchKit
import TouchReplay
import TouchScenes
import TouchScopeSDL

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure dispatch speed on the fixed workload (shared/bench/WORKLOAD.md), replay and frame time.",
        discussion: """
            Dispatch: per shape, events per second (median of --runs after --warmup, in one process), \
            per-event latency p50/p99, and the routing checksum, which must equal the workload's \
            reference (a mismatch exits 1). Measured with the trace off and on. --json prints one line \
            per shape with the reference script's keys. --replay and --frame add the one-hour session \
            replay and the overlay frame benchmarks.
            """)

    @Option(help: "Shapes to run, comma-separated: grid, deep, wide.")
    var shapes = "grid,deep,wide"

    @Option(name: .customLong("n-grid"), help: "Sequences for the grid shape.")
    var nGrid = Workload.Shape.grid.defaultSequences

    @Option(name: .customLong("n-deep"), help: "Sequences for the deep shape.")
    var nDeep = Workload.Shape.deep.defaultSequences

    @Option(name: .customLong("n-wide"), help: "Sequences for the wide shape.")
    var nWide = Workload.Shape.wide.defaultSequences

    @Option(help: "Timed runs per shape.")
    var runs = 5

    @Option(help: "Warm-up runs per shape.")
    var warmup = 1

    @Option(help: "Trace during dispatch: off, on, or both.")
    var trace = "both"

    @Flag(help: "Print one JSON line per shape and trace setting.")
    var json = false

    @Flag(help: "Also measure replaying a one-hour 120 Hz session (432,000 input records) from file to trace.")
    var replay = false

    @Flag(help: "Also measure a frame with every overlay on a 1,000-view scene in the software renderer.")
    var frame = false

    func run() throws {
        let traceSettings: [Bool]
        switch trace {
        case "off": traceSettings = [false]
        case "on": traceSettings = [true]
        case "both": traceSettings = [false, true]
        default: throw ValidationError("--trace takes off, on or both")
        }
        var failed = false
        for name in shapes.split(separator: ",").map(String.init) {
            guard let shape = Workload.Shape(rawValue: name) else { throw ValidationError("unknown shape \"\(name)\"") }
            let sequences = shape == .grid ? nGrid : (shape == .deep ? nDeep : nWide)
            let benchmark = DispatchBenchmark(shape: shape, sequences: sequences)
            for traced in traceSettings {
                let result = benchmark.run(runs: runs, warmup: warmup, traced: traced)
                if let problem = result.checksumProblem {
                    failed = true
                    printError("\(shape.rawValue): CHECKSUM MISMATCH: \(problem)")
                }
                print(json ? BenchReport.jsonLine(result) : BenchReport.textLine(result))
            }
        }
        if replay { print(json ? BenchReport.jsonLine(try ReplayBenchmark.run()) : BenchReport.textLine(try ReplayBenchmark.run())) }
        if frame {
            let result = try FrameBenchmark.run()
            print(json ? BenchReport.jsonLine(result) : BenchReport.textLine(result))
        }
        if failed { throw Exit.checkFailed }
    }
}
