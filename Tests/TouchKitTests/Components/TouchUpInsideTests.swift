import Foundation
import Testing
import TouchKit
import TouchTestSupport

/// A highlight that logs instead of changing the view.
struct LoggingHighlight: TouchHighlighting {
    let log: EventLog
    func highlight(_ view: UIView) { log.append("highlight") }
    func unhighlight(_ view: UIView) { log.append("unhighlight") }
}

@Suite("Seed 000: onTouchUpInside on any view")
struct TouchUpInsideTests {
    func scene() -> (TouchSimulator, UIView) {
        let window = makeWindow()
        let card = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        card.accessibilityIdentifier = "card"
        window.addSubview(card)
        return (TouchSimulator(window: window), card)
    }

    @Test("a tap runs the action, with the alpha halved while the finger is down")
    func tapWithHighlight() {
        let (sim, card) = scene()
        var fired = 0
        card.onTouchUpInside { fired += 1 }
        let finger = sim.touchDown(at: CGPoint(x: 150, y: 150))
        #expect(card.alpha == 0.5)
        sim.touchUp(finger)
        #expect(card.alpha == 1)
        #expect(fired == 1)
    }

    @Test("a second finger on the view is ignored, not a second began (the engine fuzzer's first finding)")
    func secondFingerIsIgnored() {
        let (sim, card) = scene()
        card.isMultipleTouchEnabled = true
        sim.application.debugOptions.assertsOnIllegalTransition = true
        var fired = 0
        card.onTouchUpInside { fired += 1 }
        let first = sim.touchDown(at: CGPoint(x: 150, y: 150))
        let second = sim.touchDown(at: CGPoint(x: 160, y: 150))
        sim.touchUp(second)
        sim.touchUp(first)
        #expect(!sim.trace.text.contains("ILLEGAL"))
        #expect(sim.trace.text.contains("TouchUpInsideGestureRecognizer@UIView#card ignores finger 2: ignore(_:for:)"))
        #expect(fired == 1)
    }

    @Test("with the bounds canceller, leaving the view calls the action off and restores the alpha")
    func outOfBounds() {
        let (sim, card) = scene()
        var fired = 0
        card.onTouchUpInside(canceller: OutOfBoundsCanceller()) { fired += 1 }
        sim.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 150, y: 250), duration: 0.1, steps: 2)
        #expect(fired == 0 && card.alpha == 1)
        sim.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 190, y: 150), duration: 0.1, steps: 2)
        #expect(fired == 1)
    }

    @Test("with a value canceller, moving more than the value calls it off even inside the view", arguments: [(CGFloat(10), 1), (CGFloat(11), 0)])
    func outOfValue(distance: CGFloat, expected: Int) {
        let (sim, card) = scene()
        var fired = 0
        card.onTouchUpInside(canceller: OutOfValueCanceller(value: 10)) { fired += 1 }
        sim.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 150 + distance, y: 150), duration: 0.1, steps: 1)
        #expect(fired == expected)
    }

    @Test("two actions share one recognizer and run in the order they were added")
    func twoActions() {
        let (sim, card) = scene()
        var order: [String] = []
        card.onTouchUpInside { order.append("first") }
        card.onTouchUpInside { order.append("second") }
        #expect(card.gestureRecognizers?.count == 1)
        sim.tap(at: CGPoint(x: 150, y: 150))
        #expect(order == ["first", "second"])
    }

    @Test("removing actions: the rest keep working; the last one removes the recognizer and restores interaction")
    func removal() {
        let window = makeWindow()
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        window.addSubview(label)
        let sim = TouchSimulator(window: window)
        var order: [String] = []
        let first = label.onTouchUpInside { order.append("first") }
        let second = label.onTouchUpInside { order.append("second") }
        #expect(label.isUserInteractionEnabled)
        first.remove()
        first.remove()
        #expect(first.isRemoved)
        sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(order == ["second"])
        second.remove()
        #expect(label.gestureRecognizers == nil)
        #expect(!label.isUserInteractionEnabled)
        sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(order == ["second"])
    }

    @Test("the highlight is a protocol: a custom effect replaces the alpha halving")
    func customHighlight() {
        let (sim, card) = scene()
        let log = EventLog()
        card.onTouchUpInside(highlighting: LoggingHighlight(log: log)) { log.append("action") }
        sim.tap(at: CGPoint(x: 150, y: 150))
        #expect(log.entries == ["highlight", "unhighlight", "action"])
        #expect(card.alpha == 1)
    }

    @Test("inside a scroll view: a tap fires, a drag past the canceller's value scrolls instead")
    func scrollSafe() {
        let scene = ScrollScene()
        let row = UIView(frame: CGRect(x: 0, y: 200, width: 390, height: 60))
        scene.scrollView.addSubview(row)
        var fired = 0
        row.onTouchUpInside(canceller: OutOfValueCanceller(value: 10)) { fired += 1 }
        scene.sim.tap(at: CGPoint(x: 100, y: 220))
        #expect(fired == 1)
        scene.sim.drag(from: CGPoint(x: 100, y: 220), to: CGPoint(x: 100, y: 120), duration: 0.2, steps: 5)
        #expect(fired == 1)
        #expect(scene.scrollView.contentOffset.y > 0)
        #expect(row.alpha == 1)
    }
}
