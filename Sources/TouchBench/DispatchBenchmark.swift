import Foundation
import TouchKit

/// Runs the workload through the full UIKit path: `UIApplication.dispatch` builds the touch and
/// the event, hit-tests downs, and `sendEvent` goes through the window to the view's touches
/// methods, with real `UITouch` and `UIEvent` objects.
package final class DispatchBenchmark {
    /// One shape's rates, latencies and checksums, with the trace on or off.
    package struct Result: Sendable {
        package var shape: Workload.Shape
        package var views: Int
        package var sequences: Int
        package var events: Int
        package var traced: Bool
        package var eventsPerSecondRuns: [Double]
        package var checksum: Int64
        package var downChecksum: Int64
        package var delivered: Int64
        package var latencyP50Nanoseconds: Double
        package var latencyP99Nanoseconds: Double

        package var eventsPerSecondMedian: Double {
            let sorted = eventsPerSecondRuns.sorted()
            guard !sorted.isEmpty else { return 0 }
            return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }

        /// Whether the checksums are those every correct engine produces.
        package var checksumProblem: String? {
            if delivered != Int64(events) { return "delivered \(delivered) events, expected \(events)" }
            if checksum != downChecksum * 10 { return "checksum \(checksum) is not 10 x down_checksum \(downChecksum)" }
            if let reference = Workload.referenceChecksums[shape]?[sequences],
                reference.down != downChecksum || reference.total != checksum
            {
                return "checksum \(checksum) / down \(downChecksum) differ from the reference \(reference.total) / \(reference.down)"
            }
            return nil
        }
    }

    package let shape: Workload.Shape
    package let sequences: Int
    let application: UIApplication
    let window: UIWindow
    let accumulator = ChecksumAccumulator()
    let batches: [TouchSample]
    package let viewCount: Int

    /// Builds the tree and converts the stream into samples (neither is timed).
    package init(shape: Workload.Shape, sequences: Int) {
        self.shape = shape
        self.sequences = sequences
        application = UIApplication()
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        var views: [Int: UIView] = [:]
        for node in Workload.nodes(shape) {
            let view = CountingView(id: node.id, frame: node.frame, accumulator: accumulator)
            views[node.id] = view
            if let parent = node.parent { views[parent]?.addSubview(view) } else { window.addSubview(view) }
        }
        viewCount = views.count
        application.attach(window)
        window.makeKeyAndVisible()
        var samples: [TouchSample] = []
        samples.reserveCapacity(sequences * Workload.eventsPerSequence)
        for (index, points) in Workload.stream(sequences: sequences).enumerated() {
            let finger = Workload.finger(forSequence: index)
            for (step, point) in points.enumerated() {
                let phase: UITouch.Phase = step == 0 ? .began : (step == Workload.eventsPerSequence - 1 ? .ended : .moved)
                samples.append(TouchSample(finger: finger, phase: phase, location: point))
            }
        }
        batches = samples
    }

    /// Dispatches the whole stream once.
    @inline(never)
    func runOnce() {
        let app = application
        for sample in batches { app.dispatch(sample) }
    }

    /// One warm-up run, then `runs` timed runs (each must give the same checksums), then one run
    /// timing each event for the latency percentiles.
    package func run(runs: Int, warmup: Int, traced: Bool) -> Result {
        application.trace.isEnabled = traced
        var rates: [Double] = []
        var sums: Set<[Int64]> = []
        for index in 0..<(warmup + runs) {
            accumulator.reset()
            application.trace.removeAll()
            let start = DispatchTime.now().uptimeNanoseconds
            runOnce()
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            sums.insert([accumulator.checksum, accumulator.downChecksum, accumulator.delivered])
            if index >= warmup { rates.append(Double(batches.count) / elapsed) }
        }
        let (p50, p99) = latencies()
        application.trace.removeAll()
        var result = Result(
            shape: shape, views: viewCount, sequences: sequences, events: batches.count, traced: traced,
            eventsPerSecondRuns: rates, checksum: accumulator.checksum, downChecksum: accumulator.downChecksum,
            delivered: accumulator.delivered, latencyP50Nanoseconds: p50, latencyP99Nanoseconds: p99)
        if sums.count != 1 { result.delivered = -1 }
        return result
    }

    /// Per-event latency percentiles from one more run, in nanoseconds.
    func latencies() -> (Double, Double) {
        accumulator.reset()
        application.trace.removeAll()
        var samples = [UInt64](repeating: 0, count: batches.count)
        let app = application
        for (index, sample) in batches.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            app.dispatch(sample)
            samples[index] = DispatchTime.now().uptimeNanoseconds - start
        }
        samples.sort()
        guard !samples.isEmpty else { return (0, 0) }
        return (Double(samples[samples.count / 2]), Double(samples[min(samples.count - 1, samples.count * 99 / 100)]))
    }
}
