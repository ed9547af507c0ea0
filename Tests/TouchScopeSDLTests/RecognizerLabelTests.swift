import Foundation
import Testing
import TouchKit

@testable import TouchScopeSDL

/// Lane labels put the part that identifies a recognizer first, so a cut never removes it, and a
/// lane's header never contradicts its lines.
@Suite("Recognizer labels and lane headers")
struct RecognizerLabelTests {
    @Test(
        "the id, or the view it is attached to, comes first",
        arguments: [
            ("UISwipeGestureRecognizer#dismiss", "#dismiss (swipe)"),
            ("UIScrollViewPanGestureRecognizer@UIScrollView#carousel", "pan of UIScrollView#carousel"),
            ("UITapGestureRecognizer[1]@UIView#card", "tap[1] of UIView#card"),
            ("UILongPressGestureRecognizer@UILabel#row2", "long press of UILabel#row2"),
            ("UIScreenEdgePanGestureRecognizer#edge", "#edge (edge pan)"),
            ("QuickTapRecognizer#quick", "#quick (QuickTapRecognizer)"),
            ("UIPinchGestureRecognizer", "pinch"),
        ])
    func label(traceName: String, expected: String) {
        #expect(RecognizerLabel.of(traceName) == expected)
    }

    @Test(
        "a cause line names recognizers by their labels, so it wraps between words and never inside a name",
        arguments: [
            (
                "prevented by UIScrollViewPanGestureRecognizer@UIScrollView#carousel",
                "prevented by pan of UIScrollView#carousel"
            ),
            ("waiting for UITapGestureRecognizer#doubleTap, then failed", "waiting for #doubleTap (tap), then failed"),
            ("moved 12.00 pt >= hysteresis 10.00 pt", "moved 12.00 pt >= hysteresis 10.00 pt"),
        ])
    func relabel(cause: String, expected: String) {
        #expect(RecognizerLabel.relabel(cause) == expected)
    }

    @Test("the header says what became of it: a reset after a final state reads 'ended → reset', never 'possible'")
    func outcome() {
        var timeline = RecognizerTimeline(name: "UITapGestureRecognizer#t", changes: [])
        #expect(timeline.outcome == "possible")
        timeline.changes.append(.init(micros: 10, state: .ended, cause: "2 taps of 1 finger"))
        #expect(timeline.outcome == "ended")
        timeline.changes.append(.init(micros: 10, state: .possible, cause: "reset"))
        #expect(timeline.outcome == "ended → reset")
    }
}
