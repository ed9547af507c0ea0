import Foundation
import Testing
import TouchKit
import TouchSwiftUI
import TouchTestSupport

@testable import TouchScenes

/// `UIGestureRecognizerRepresentable` in SwiftUI content: a UIKit recognizer on the view's gesture
/// container, in UIKit's arbitration (docs/scene-format.md, "SwiftUI").
@Suite("UIGestureRecognizerRepresentable in scenes")
struct RepresentableGestureTests {
    static func scene(era: String, delegate: String) -> String {
        #"""
        {"format": "touchscope.scene", "version": 1, "name": "rep", "era": "\#(era)", "window": {"width": 390, "height": 844},
         "views": [{"kind": "hosting", "id": "host", "frame": [0, 0, 390, 844],
           "content": {"view": "scrollView", "id": "feed", "frame": [0, 0, 390, 844], "contentSize": [390, 3000], "children": [
             {"view": "rectangle", "id": "card", "frame": [0, 0, 390, 300],
              "gestures": [{"modifier": "gesture", "representable": {"kind": "pan", "id": "cardPan"\#(delegate),
                 "on": ["ended"], "do": [{"note": "card pan ended"}]}}]}]}}]}
        """#
    }

    /// The notes and the feed's offset after a vertical drag on the card.
    func drag(_ json: String) throws -> (notes: [String], offset: CGFloat) {
        let description = try decodedRoundTrip(json, file: "rep.json")
        let scene = SceneBuilder.build(description, source: .file(path: "rep.json", contentHash: "0"))
        let sim = scene.makeSimulator()
        sim.drag(from: CGPoint(x: 200, y: 250), to: CGPoint(x: 200, y: 50), duration: 0.3, steps: 10)
        sim.advance(by: 1)
        let notes = sim.trace.entries.compactMap { if case .note(let text) = $0.event { text } else { nil } }
        return (notes, (scene.view("feed") as? UIScrollView)?.contentOffset.y ?? -1)
    }

    @Test("with the delegate recognizing with the feed's pan, the card's pan and the scroll both run; without it, the card's pan keeps the touch")
    func delegateDecides() throws {
        let together = try drag(Self.scene(era: "ios18", delegate: #", "delegate": {"recognizeSimultaneouslyWith": ["feed.pan"]}"#))
        #expect(together.notes == ["card pan ended"] && together.offset > 0, "\(together)")
        let alone = try drag(Self.scene(era: "ios26", delegate: ""))
        #expect(alone.notes == ["card pan ended"] && alone.offset == 0, "\(alone)")
    }

    @Test("before the iOS 18 SDK there is no representable: the feed scrolls and the pan never runs")
    func ios17() throws {
        let result = try drag(Self.scene(era: "ios17", delegate: ""))
        #expect(result.notes.isEmpty && result.offset > 0, "\(result)")
    }

    @Test("a representable goes with .gesture only; its recognizer is read as recognizers are")
    func errors() throws {
        let wrongModifier = Self.scene(era: "ios18", delegate: "").replacingOccurrences(
            of: #"{"modifier": "gesture", "representable""#, with: #"{"modifier": "highPriorityGesture", "representable""#)
        #expect(throws: SceneLoadError.self) { try SceneDecoder.decode(data: Data(wrongModifier.utf8), file: "w.json", defaultName: "w") }
        let badKind = Self.scene(era: "ios18", delegate: "").replacingOccurrences(of: #""kind": "pan""#, with: #""kind": "pann""#)
        let issues: [String]
        do {
            _ = try SceneDecoder.decode(data: Data(badKind.utf8), file: "b.json", defaultName: "b")
            issues = []
        } catch {
            issues = error.issues.map(\.description)
        }
        #expect(issues.contains { $0.contains("gestures[0].representable.kind") }, "\(issues)")
    }
}
