import Foundation
import Testing
import TouchBench
import TouchKit

/// The benchmark's workload reproduces docs/bench-workload.md's reference checksums, and a stream longer than
/// the engine's finger-id range still delivers every event (the checksum is not falsely wrong).
@Suite("Benchmark workload: reference checksums, at any length")
struct BenchWorkloadTests {
    @Test("each shape at 1 and 100 sequences gives the reference checksums", arguments: Workload.Shape.allCases)
    func reference(shape: Workload.Shape) {
        for sequences in [1, 100] {
            let result = DispatchBenchmark(shape: shape, sequences: sequences).run(runs: 1, warmup: 0, traced: false)
            let reference = Workload.referenceChecksums[shape]?[sequences]
            #expect(result.checksumProblem == nil)
            #expect(result.checksum == reference?.total)
            #expect(result.downChecksum == reference?.down)
            #expect(result.delivered == Int64(sequences * Workload.eventsPerSequence))
        }
    }

    @Test("finger ids stay in the engine's range past a million sequences")
    func fingersInRange() {
        for index in [0, 1, 999_999, 1_000_000, 1_000_001, 5_000_000, 9_999_999] {
            #expect(TouchSample.fingerIDs.contains(Workload.finger(forSequence: index)), "sequence \(index)")
        }
        #expect(Workload.finger(forSequence: 0) != Workload.finger(forSequence: 1))
    }

    @Test("every scaling stage builds its input and runs on a small size", arguments: ScalingStages.all.map(\.name))
    func scalingStageRuns(name: String) throws {
        let stage = try #require(ScalingStages.all.first { $0.name == name })
        let prepared = try stage.prepare(3)
        #expect(prepared.size == 3)
        try prepared.work()
        #expect(!stage.limit.isEmpty)
    }
}
