import Foundation
import Testing
import TouchKit
import TouchTestSupport

/// Bugs the random-stream invariants found, each kept as a small test.
@Suite("Regressions found by random touch streams")
struct RandomStreamRegressionTests {
    /// A view that removes itself from its window in `touchesBegan` (after logging).
    final class SelfRemovingView: LoggingView {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            super.touchesBegan(touches, with: event)
            removeFromSuperview()
        }
    }

    @Test("a view removed from its window during a touch gets touchesCancelled, then nothing more (UIKit's documented rule)")
    func removedViewIsCancelled() {
        let log = EventLog()
        let window = makeWindow()
        let view = LoggingView("v", frame: CGRect(x: 0, y: 0, width: 100, height: 100), log: log)
        window.addSubview(view)
        let sim = TouchSimulator(window: window)
        let finger = sim.touchDown(at: CGPoint(x: 50, y: 50))
        view.removeFromSuperview()
        sim.touchMove(finger, to: CGPoint(x: 60, y: 50))
        sim.touchUp(finger)
        #expect(log.entries == ["v began [1]", "v cancelled [1]"])
        #expect(sim.trace.lines.contains { $0.hasSuffix("finger 1 in LoggingView#v cancelled by removal from its window") }, "\(sim.trace.lines)")
    }

    @Test("a touch whose began is held and that lifts before release: the view removed in the released began is cancelled")
    func removedInReleasedBegan() {
        let log = EventLog()
        let window = makeWindow()
        let view = SelfRemovingView("v", frame: CGRect(x: 0, y: 0, width: 100, height: 100), log: log)
        window.addSubview(view)
        let doubleTap = UITapGestureRecognizer { _ in }
        doubleTap.numberOfTapsRequired = 2
        doubleTap.delaysTouchesBegan = true
        view.addGestureRecognizer(doubleTap)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 50, y: 50))
        #expect(log.entries.isEmpty, "began is held while the double tap is possible")
        sim.advance(by: 0.5)
        #expect(log.entries == ["v began [1]", "v cancelled [1]"])
    }

    @Test("touchesEnded held by two double taps (child and parent) is released when both have failed, even after one reset")
    func resetRecognizerNoLongerHolds() {
        let log = EventLog()
        let window = makeWindow()
        let parent = LoggingView("parent", frame: CGRect(x: 0, y: 0, width: 390, height: 844), log: log)
        let child = LoggingView("child", frame: CGRect(x: 100, y: 100, width: 100, height: 100), log: log)
        parent.addSubview(child)
        window.addSubview(parent)
        for view in [parent, child] {
            let doubleTap = UITapGestureRecognizer { _ in }
            doubleTap.numberOfTapsRequired = 2
            view.addGestureRecognizer(doubleTap)
        }
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 150, y: 150))  // both double taps wait; the child's ended is held
        sim.advance(by: 0.05)
        sim.tap(at: CGPoint(x: 350, y: 700))  // far away: the parent's double tap fails and resets
        sim.advance(by: 0.5)  // the child's double tap times out
        #expect(log.entries.prefix(2) == ["child began [1]", "parent began [2]"])
        #expect(log.entries.contains("child ended [1]"), "\(log.entries)")
        #expect(sim.application.activeTouches.isEmpty)
    }
}
