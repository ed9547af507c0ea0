import Foundation
import Testing
import TouchKit

@testable import TouchScopeSDL

/// SwiftUI gestures in the recognizer lanes: a gesture with no UIKit recognizer of its own (a
/// part of a combinator, every gesture before the iOS 18 SDK) gets a lane from its phases; an
/// attachment whose recognizer has a lane is not shown twice.
@Suite("SwiftUI lanes")
struct SwiftUILaneTests {
    /// A SwiftUI layer entry about `subject` (`#id (…) on …`, or `#id (…) in #parent …` for a
    /// part), with the owner the SwiftUI layer gives it.
    static func layer(_ micros: Int64, _ subject: String, _ kind: String, _ fields: [LayerEvent.Field] = []) -> TraceEntry {
        func id(_ text: Substring) -> String { String(text.dropFirst().prefix { $0 != " " }) }
        let parts = subject.components(separatedBy: " in ")
        let owner =
            subject.hasPrefix("#")
            ? LayerEvent.Owner(gesture: id(Substring(parts[0])), partOf: parts.count > 1 ? id(Substring(parts[1])) : nil) : nil
        return TraceEntry(micros: micros, event: .layer(LayerEvent(layer: "swiftui", kind: kind, subject: subject, fields: fields, owner: owner)))
    }

    @Test("a combinator's parts get lanes with their phases and reasons; the attachment with a recognizer keeps one lane")
    func partsGetLanes() throws {
        let model = TraceModel()
        let combo = "#zoomOrDrag (.gesture) on Rectangle#photo"
        let hold = "#hold (LongPressGesture) in \(combo)"
        let entries: [TraceEntry] = [
            TraceEntry(micros: 0, event: .input(finger: 1, phase: .began, x: 100, y: 300)),
            TraceEntry(micros: 0, event: .gestureBound(recognizer: "SwiftUI.UIKitResponderGestureRecognizer#zoomOrDrag", finger: 1)),
            Self.layer(0, combo, "active", [.init("value", "first(pressing)"), .init("era", "ios18")]),
            Self.layer(0, hold, "active", [.init("value", "pressing"), .init("era", "ios18")]),
            Self.layer(
                40_000, hold, "failed",
                [.init("reason", "threshold"), .init("because", "moved 20.00 pt > maximumDistance 10.00 pt"), .init("era", "ios18")]),
        ]
        for entry in entries { model.consume(entry) }
        let names = model.recognizers.map(\.name)
        #expect(names == ["SwiftUI.UIKitResponderGestureRecognizer#zoomOrDrag", hold], "\(names)")
        let lane = try #require(model.recognizers.first { $0.name == hold })
        #expect(lane.changes.map(\.state) == [.possible, .began, .failed])
        #expect(lane.outcome == "failed")
        #expect(lane.lastCause?.cause == "moved 20.00 pt > maximumDistance 10.00 pt (era ios18)")
        #expect(RecognizerLabel.of(hold) == hold, "a SwiftUI label is shown as written")
    }

    @Test("before the iOS 18 SDK every labelled gesture gets a lane: active begins, then changes, then ends")
    func legacyGesturesGetLanes() throws {
        let model = TraceModel()
        let drag = "#cardDrag (.gesture) on Rectangle#card"
        model.consume(TraceEntry(micros: 0, event: .input(finger: 1, phase: .began, x: 100, y: 300)))
        model.consume(TraceEntry(micros: 0, event: .gestureBound(recognizer: "SwiftUI.UIKitGestureRecognizer@_UIHostingView#host", finger: 1)))
        model.consume(Self.layer(20_000, drag, "active", [.init("value", "translation (0.00, 14.00)"), .init("era", "ios17")]))
        model.consume(Self.layer(40_000, drag, "active", [.init("value", "translation (0.00, 28.00)"), .init("era", "ios17")]))
        model.consume(Self.layer(60_000, drag, "ended", [.init("value", "translation (0.00, 30.00)"), .init("era", "ios17")]))
        let lane = try #require(model.recognizers.first { $0.name == drag })
        #expect(lane.changes.map(\.state) == [.possible, .began, .changed, .ended])
        #expect(lane.recognized)
        #expect(lane.changes.last?.cause == "value translation (0.00, 30.00) (era ios17)")
    }
}
