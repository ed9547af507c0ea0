import Foundation
import Testing
import TouchKit
import TouchTestSupport

/// A recognizer that holds `touchesBegan` back and lets its touch go at the first move.
final class LettingGoRecognizer: UIGestureRecognizer {
    override init(target: AnyObject?, action: ((UIGestureRecognizer) -> Void)?) {
        super.init(target: target, action: action)
        delaysTouchesBegan = true
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches { ignore(touch, for: event) }
    }
}

/// A recognizer that ignores its first finger and begins when another one moves.
final class SecondFingerRecognizer: UIGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches where touch.fingerID == 1 { ignore(touch, for: event) }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .began } else { state = .changed }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .ended
    }
}

/// A recognizer that lets its touch go at the first move and notes where it then says it is.
final class LocatingLetGoRecognizer: UIGestureRecognizer {
    var locations: [CGPoint] = []

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches { ignore(touch, for: event) }
        locations.append(location(in: nil))
    }
}

@Suite("A recognizer that ignores a touch")
struct IgnoredTouchTests {
    @Test("never withholds it from the view again: a held touchesBegan goes out at once, before that event's move")
    func ignoreReleasesHeldBegan() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let recognizer = LettingGoRecognizer()
        view.addGestureRecognizer(recognizer)
        let finger = sim.touchDown(at: CGPoint(x: 10, y: 10))
        #expect(log.entries.isEmpty)
        sim.touchMove(finger, to: CGPoint(x: 12, y: 10))
        #expect(log.entries == ["view began [1]", "view moved [1]"])
        sim.touchUp(finger)
        #expect(log.entries == ["view began [1]", "view moved [1]", "view ended [1]"])
        #expect(recognizer.state == .possible)
    }

    @Test("does not cancel it on the view when it recognizes with another touch (cancelsTouchesInView)")
    func ignoredTouchIsNotCancelled() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        view.isMultipleTouchEnabled = true
        let recognizer = SecondFingerRecognizer()
        view.addGestureRecognizer(recognizer)
        let first = sim.touchDown(at: CGPoint(x: 10, y: 10))
        let second = sim.touchDown(at: CGPoint(x: 40, y: 10))
        sim.touchMove(second, to: CGPoint(x: 60, y: 10))
        #expect(recognizer.state == .began)
        sim.touchMove(first, to: CGPoint(x: 12, y: 10))
        sim.touchUp(first)
        sim.touchUp(second)
        #expect(log.entries == ["view began [1]", "view began [2]", "view cancelled [2]", "view moved [1]", "view ended [1]"])
    }

    @Test("answers location(in:) with where the touch was when it let it go, not where it last had it before")
    func locationAfterLettingGo() {
        let (sim, view) = singleViewScene(EventLog())
        let recognizer = LocatingLetGoRecognizer()
        view.addGestureRecognizer(recognizer)
        let finger = sim.touchDown(at: CGPoint(x: 10, y: 10))
        sim.touchMove(finger, to: CGPoint(x: 30, y: 20))
        sim.touchUp(finger)
        #expect(recognizer.locations == [CGPoint(x: 30, y: 20)])
    }
}
