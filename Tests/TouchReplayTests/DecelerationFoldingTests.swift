import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import TouchTestSupport

/// The text timeline tells a scroll view's deceleration in one sentence; the trace keeps every frame.
@Suite("deceleration in one line")
struct DecelerationFoldingTests {
    @Test("a fling's frames after the lift become one line with the speed, where it rests and how long; frames during the drag stay")
    func fling() throws {
        let sim = try SceneCatalog.bundled().load("touch-up-inside").makeSimulator()
        sim.drag(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 100, y: 150), duration: 0.08, steps: 5)
        sim.advance(by: 2)
        let entries = Array(sim.trace.entries)
        let frames = entries.filter { if case .scrollOffset = $0.event { true } else { false } }
        var folding = DecelerationFolding()
        let items = entries.flatMap { folding.consume($0) } + folding.finish()
        let summaries = items.compactMap { item -> String? in
            if case .deceleration(_, _, let text) = item { return text }
            return nil
        }
        #expect(summaries.count == 1, "\(summaries)")
        let summary = try #require(summaries.first)
        #expect(summary.hasPrefix("UIScrollView#list decelerates from "), "\(summary)")
        #expect(summary.contains(" pt/s to rest at y "), "\(summary)")
        // Every entry is printed or summarized: the summary stands for the frames after the lift.
        let kept = items.compactMap { item -> TraceEntry? in
            if case .entry(let entry) = item { return entry }
            return nil
        }
        let keptFrames = kept.filter { if case .scrollOffset = $0.event { true } else { false } }
        let folded = frames.count - keptFrames.count
        #expect(folded >= DecelerationFolding.minimumFrames)
        #expect(summary.hasSuffix("(\(folded) frames)"), "\(summary)")
        #expect(kept.count + folded == entries.count)
        #expect(!keptFrames.isEmpty, "the offsets written while the finger drags stay as they are")
    }

    @Test("two frames are not a deceleration")
    func short() {
        var folding = DecelerationFolding()
        let entries = [
            TraceEntry(micros: 0, event: .input(finger: 1, phase: .ended, x: 0, y: 0)),
            TraceEntry(micros: 10, event: .scrollOffset(view: "UIScrollView#s", x: 0, y: 1)),
            TraceEntry(micros: 20, event: .scrollOffset(view: "UIScrollView#s", x: 0, y: 2)),
        ]
        let items = entries.flatMap { folding.consume($0) } + folding.finish()
        #expect(items.count == 3)
    }
}
