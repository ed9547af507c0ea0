import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchTestSupport

/// The engine fuzzer's input, run from seeds: generated scenes and sessions always load, replay
/// without crashing, and replay the same way twice. Findings of the engine fuzzer are kept in
/// Fuzz/Regressions/engine and replayed here.
@Suite("Generated scenes and sessions")
struct GeneratedScenarioTests {
    @Test(
        "generated scenarios load, replay, and replay the same way twice",
        arguments: 1...UInt64(ProcessInfo.processInfo.environment["TOUCHSCOPE_STREAMS"].flatMap { Int($0) } ?? 60))
    func seeds(seed: UInt64) {
        let (first, second) = GeneratedScenario.run(seed: seed)
        let difference = zip(first, second).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(
            difference == nil && first.count == second.count,
            "seed \(seed): first difference at entry \(difference ?? -1): \(difference.map { "\(first[max(0, $0 - 3)...$0]) vs \(second[$0])" } ?? "lengths \(first.count), \(second.count)")"
        )
        #expect(!first.isEmpty)
    }

    @Test("the generator makes the shapes walks must survive: long recognizer chains and dense action tables, which replay")
    func shapes() {
        var chains: [UInt64] = []
        var tables: [UInt64] = []
        for seed in UInt64(1)...200 {
            var generator = GeneratedScenario(seed: seed)
            let json = generator.sceneJSON()
            if json.contains("\"chain 9\"") { chains.append(seed) }
            if json.contains("end of chain") { tables.append(seed) }
        }
        #expect(chains.count >= 3 && tables.count >= 5, "chains \(chains), tables \(tables)")
        for seed in chains.prefix(3) + tables.prefix(3) {
            let (first, second) = GeneratedScenario.run(seed: seed)
            #expect(first == second && !first.isEmpty, "seed \(seed)")
        }
    }

    static func regressions() -> [String] {
        let directory = repositoryRoot.appendingPathComponent("Fuzz/Regressions/engine")
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test("the engine fuzzer's findings folder is not empty (an empty one would run no case)")
    func regressionsExist() {
        #expect(!Self.regressions().isEmpty, "Fuzz/Regressions/engine has no input")
    }

    @Test("engine fuzzer findings replay without crashing", arguments: regressions())
    func regression(name: String) throws {
        let bytes = try Data(contentsOf: repositoryRoot.appendingPathComponent("Fuzz/Regressions/engine/\(name)"))
        let (first, second) = GeneratedScenario.run(Array(bytes))
        #expect(first == second)
    }
}

/// Seeking on generated scenes and sessions (random trees, recognizers, controls, scroll views,
/// several fingers): every seek reaches the state of a run from the start.
@Suite("Seeking in generated scenarios")
struct GeneratedSeekingTests {
    @Test(
        "seeks to random points mid-stream match a run from the start",
        arguments: 1...UInt64(ProcessInfo.processInfo.environment["TOUCHSCOPE_STREAMS"].flatMap { Int($0) } ?? 30))
    func seeks(seed: UInt64) throws {
        let (session, makeScene) = GeneratedScenario.scenario(seed: seed)
        let replayer = try SessionReplayer(session: session, scene: makeScene)
        try replayer.prepareSeeking(interval: 20_000)
        var generator = SeededGenerator(seed: seed)
        let times = (0..<8).map { _ in Int64.random(in: 0...session.duration, using: &generator) }
        // One reference run, advanced forward through the times in order, gives what each seek
        // must reach; the seeks then go in the random order, backwards as well as forwards.
        let reference = try SessionReplayer(session: session, scene: makeScene)
        var expected: [Int64: (dump: String, lines: [String])] = [:]
        for t in times.sorted() {
            reference.run(until: t)
            expected[t] = (reference.stateDump, reference.trace.lines)
        }
        for t in times {
            try replayer.seek(to: t)
            #expect(replayer.stateDump == expected[t]?.dump, "seed \(seed) at \(t) µs (\(replayer.seekSupport))")
            #expect(replayer.trace.lines == expected[t]?.lines, "seed \(seed) at \(t) µs")
        }
    }
}
