import Foundation
import Testing
import TouchKit
import TouchScenes
import TouchTestSupport

@testable import TouchReplay

/// What the tool writes, the tool reads: sessions the recorder writes for any stream, including
/// streams no driver should send, load; and replaying them on the scene gives the live trace.
@Suite("The recorder writes only what the loader reads")
struct WriterPropertyTests {
    /// A random batch of samples, including ones the loader refuses: fingers that move without
    /// being down, fingers twice in one event, NaN and absurd coordinates, odd radii, many fingers.
    static func randomBatch(_ random: inout SeededRandomNumberGenerator) -> [TouchSample] {
        let phases: [UITouch.Phase] = [.began, .moved, .ended, .cancelled, .stationary]
        let count = Int.random(in: 1...(Int.random(in: 0..<10, using: &random) == 0 ? 30 : 4), using: &random)
        return (0..<count).map { _ in
            let finger = Int.random(in: 0..<12, using: &random) == 0 ? -3 : Int.random(in: 0..<25, using: &random)
            var x = Double.random(in: -10...400, using: &random)
            let odd = Int.random(in: 0..<20, using: &random)
            if odd == 0 { x = .nan } else if odd == 1 { x = 5e6 } else if odd == 2 { x = -.infinity }
            let radius: CGFloat? =
                Int.random(in: 0..<5, using: &random) == 0 ? ([-1, 20, 5000, CGFloat.nan] as [CGFloat])[Int.random(in: 0..<4, using: &random)] : nil
            return TouchSample(
                finger: finger, phase: phases[Int.random(in: 0..<phases.count, using: &random)],
                location: CGPoint(x: x, y: Double.random(in: 0...800, using: &random)), majorRadius: radius)
        }
    }

    @Test("any records appended to a recorder make a file the loader reads", arguments: 1...60)
    func anyRecordsLoad(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let directory = try scratchDirectory()
        let url = directory.appendingPathComponent("random.session")
        let recorder = try SessionRecorder(
            url: url, header: SessionHeader(sceneName: "kitchen-sink", sceneHash: "x", windowSize: CGSize(width: 390, height: 844), started: ""),
            includesTrace: true)
        var t: Int64 = 0
        for _ in 0..<200 {
            t += Int64.random(in: 0...20_000, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                let label = String(repeating: "marker\n\"\\", count: Int.random(in: 0...2_000, using: &random))
                recorder.append(.marker(micros: t, label: label))
            case 1:
                recorder.append(.note(micros: t, text: String(repeating: "é", count: Int.random(in: 0...3_000, using: &random))))
            case 2:
                recorder.append(.trace(line: String(repeating: "x", count: Int.random(in: 0...40_000, using: &random))))
            default:
                recorder.append(.input(micros: t, samples: Self.randomBatch(&random)))
            }
        }
        try recorder.finish()
        let session = try SessionLoader.load(contentsOf: url)
        // Only fingers left down are repaired (cancelled); the file itself needs no other repair.
        #expect(session.warnings.allSatisfy { $0.contains("never ended") }, "seed \(seed): \(session.warnings.prefix(3))")
        #expect(session.inputs.allSatisfy { $0.samples.count <= SessionParser.maximumTouches })
    }

    @Test("a cancel of 22 fingers is written as records of at most 20 touches, which load")
    func manyFingers() throws {
        let directory = try scratchDirectory()
        let url = directory.appendingPathComponent("many.session")
        let recorder = try SessionRecorder(
            url: url, header: SessionHeader(sceneName: "kitchen-sink", sceneHash: "x", windowSize: CGSize(width: 390, height: 844), started: ""))
        let fingers = Array(1...22)
        recorder.append(.input(micros: 0, samples: fingers.map { TouchSample(finger: $0, phase: .began, location: CGPoint(x: $0, y: 10)) }))
        recorder.append(.input(micros: 10, samples: fingers.map { TouchSample(finger: $0, phase: .cancelled, location: CGPoint(x: $0, y: 10)) }))
        try recorder.finish()
        let session = try SessionLoader.load(contentsOf: url)
        #expect(session.inputs.map(\.samples.count) == [20, 2, 20, 2])
        #expect(recorder.adjustments.count == 2)
        #expect(session.warnings.isEmpty)
    }

    @Test("a 5 MB marker is cut to the label limit and the file loads")
    func hugeMarker() throws {
        let directory = try scratchDirectory()
        let url = directory.appendingPathComponent("marker.session")
        let recorder = try SessionRecorder(
            url: url, header: SessionHeader(sceneName: "kitchen-sink", sceneHash: "x", windowSize: CGSize(width: 390, height: 844), started: ""))
        recorder.mark(String(repeating: "m", count: 5_000_000))
        try recorder.finish()
        let session = try SessionLoader.load(contentsOf: url)
        guard case .marker(_, let label)? = session.records.first else {
            Issue.record("no marker")
            return
        }
        #expect(label.count == RecordSanitizer.maximumLabelLength + 1)
    }

    @Test(
        "random streams recorded live replay to the live trace",
        arguments: 1...UInt64(ProcessInfo.processInfo.environment["TOUCHSCOPE_STREAMS"].flatMap { Int($0) } ?? 25))
    func liveRecordingReplays(seed: UInt64) throws {
        var random = SeededRandomNumberGenerator(seed: seed)
        let directory = try scratchDirectory()
        let scene = try catalog.load("kitchen-sink")
        let simulator = scene.makeSimulator()
        let url = directory.appendingPathComponent("live.session")
        let recorder = try SessionRecorder(
            url: url,
            header: SessionHeader(sceneName: "kitchen-sink", sceneHash: scene.contentHash, windowSize: CGSize(width: 390, height: 844), started: ""))
        recorder.attach(to: simulator.application)
        for _ in 0..<120 {
            simulator.advance(by: Double.random(in: 0...0.2, using: &random))
            simulator.send(Self.randomBatch(&random))
        }
        try recorder.finish()
        let session = try SessionLoader.load(contentsOf: url)
        let replayed = try SessionReplayer.replay(session, scene: { try catalog.load("kitchen-sink") })
        // The live trace also holds the samples the engine dropped (and its notes about them); the
        // recording never held those. Everything else is the same, in the same order.
        func routing(_ lines: [String]) -> [String] {
            lines.filter { !$0.contains(" input ") && !$0.contains("note     dropped finger") && !$0.contains("cancelled it at") }
        }
        let live = routing(simulator.trace.lines)
        let replay = routing(Array(replayed.prefix(while: { _ in true })))
        let first = zip(replay, live).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        var context = ""
        if let first {
            let range = max(0, first - 2)...min(min(live.count, replay.count) - 1, first + 1)
            context = "live \(Array(live[range])) replay \(Array(replay[range]))"
        }
        #expect(first == nil && replay.count >= live.count, "seed \(seed): first difference at \(first ?? -1): \(context)")
    }
}
