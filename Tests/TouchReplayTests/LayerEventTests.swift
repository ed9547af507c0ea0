import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes

/// The trace's one open case: a layer records its decisions without a case of its own, and the
/// text, the JSON, goldens and `--only` render it generically.
@Suite("Layer events: one open trace case")
struct LayerEventTests {
    static let event = LayerEvent(
        layer: "swiftui", kind: "excluded", subject: "DragGesture#drag",
        fields: [.init("by", "ScrollView#feed"), .init("distance", "12 pt"), .init("note", "line\nbreak")])

    func recorded() -> Trace {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let sim = TouchSimulator(window: window)
        sim.trace.record(.layer(Self.event))
        return sim.trace
    }

    @Test("it is stored and read back unchanged, and its text is one line naming the layer")
    func storedAndShown() throws {
        let entry = try #require(recorded().entries.first { if case .layer = $0.event { true } else { false } })
        #expect(entry.event == .layer(Self.event))
        let line = entry.description
        #expect(line.contains("swiftui"))
        #expect(line.contains("DragGesture#drag: excluded by=ScrollView#feed distance=12 pt note=line\\nbreak"), "\(line)")
        #expect(!line.contains("\n"))
    }

    @Test("JSON names the layer, the kind, the subject and the fields; goldens keep it under the layers topic")
    func jsonAndGolden() throws {
        let trace = recorded()
        let entry = try #require(trace.entries.first { if case .layer = $0.event { true } else { false } })
        let json = JSONWriter.compact(entry.jsonObject)
        #expect(json.contains(#""kind":"layer","layer":"swiftui","event":"excluded","subject":"DragGesture#drag""#), "\(json)")
        #expect(json.contains(#""fields":{"by":"ScrollView#feed","distance":"12 pt","note":"line\nbreak"}"#), "\(json)")
        #expect(TraceTopic(entry.event) == .layers)
        let records = GoldenExtractor.records(of: trace.entries).filter { $0.kind == "layer" }
        #expect(records.count == 1)
        #expect(records.first?.topic == .layers)
        #expect(records.first?.description.contains("event=excluded") == true, "\(records)")
    }
}
