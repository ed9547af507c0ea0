import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import TouchTestSupport

/// `why SCENE --at X,Y --gesture G`: any gesture, explained as a recorded touch is.
@Suite("why --gesture")
struct SimulatedGestureTests {
    @Test(
        "forms parse, and anything else is refused",
        arguments: [
            ("tap", SimulatedGesture.tap), ("doubleTap", .doubleTap), ("longPress", .longPress), ("drag:10,-20", .drag(dx: 10, dy: -20)),
            ("swipe:left", .swipe(dx: -150, dy: 0)), ("pinch:0.5", .pinch(scale: 0.5)), ("rotate:-45", .rotate(degrees: -45)),
        ])
    func parses(text: String, expected: SimulatedGesture) {
        #expect(SimulatedGesture(text) == expected)
    }

    @Test(
        "refused forms",
        arguments: ["", "tap:1", "drag:1", "drag:1,2,3", "drag:nan,1", "swipe:sideways", "pinch:0", "pinch:inf", "rotate:9999", "Tap"])
    func refuses(text: String) {
        #expect(SimulatedGesture(text) == nil)
    }

    @Test("a double tap on the kitchen sink: the single tap waits for the double tap, which takes the view's touch")
    func doubleTap() throws {
        let fates = try SimulatedGesture.explain(
            .doubleTap, scene: { try catalog.load("kitchen-sink") }, session: nil, at: nil, point: CGPoint(x: 100, y: 120))
        #expect(fates.count == 2)
        let first = try #require(fates.first)
        let single = try #require(first.recognizers.first { $0.name == "UITapGestureRecognizer#singleTap" })
        #expect(single.waitedFor.map(\.other) == ["UITapGestureRecognizer#doubleTap"])
        let second = try #require(fates.last)
        #expect(second.recognizers.first { $0.name == "UITapGestureRecognizer#doubleTap" }?.outcome == .ended)
        #expect(second.unseen.contains { $0.name == "UITapGestureRecognizer#singleTap" && $0.reason.contains("waiting") })
    }

    @Test("a drag in the scroll view: its pan recognizes and takes the touch from the scroll view")
    func drag() throws {
        let fates = try SimulatedGesture.explain(
            .drag(dx: 0, dy: -120), scene: { try catalog.load("kitchen-sink") }, session: nil, at: nil, point: CGPoint(x: 200, y: 620))
        let fate = try #require(fates.first)
        #expect(fate.hitView == "UIScrollView#scroller")
        let pan = try #require(fate.recognizers.first { $0.name == "UIScrollViewPanGestureRecognizer@UIScrollView#scroller" })
        #expect(pan.outcome == .ended)
        #expect(pan.cancelledViews == ["UIScrollView#scroller"])
    }
}
