import Foundation
import Testing
import TouchKit
import TouchTestSupport

@Suite("UILongPressGestureRecognizer")
struct LongPressGestureRecognizerTests {
    @Test("began at 0.5 s, changed on each move, ended on lift, with the action each time")
    func lifecycle() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let press = UILongPressGestureRecognizer { log.append("press \($0.state) at \(sim.now)") }
        view.addGestureRecognizer(press)
        let finger = sim.touchDown(at: CGPoint(x: 100, y: 100))
        sim.advance(by: 0.49)
        #expect(log.entries == ["view began [1]"])
        sim.advance(by: 0.11)
        sim.touchMove(finger, to: CGPoint(x: 200, y: 100))
        sim.touchUp(finger)
        #expect(log.entries == ["view began [1]", "view cancelled [1]", "press began at 0.5", "press changed at 0.6", "press ended at 0.6"])
        #expect(transitions(of: press, in: sim.trace) == ["possible -> began", "began -> changed", "changed -> ended"])
        #expect(causes(of: press, in: sim.trace).first == "began: held 0.500 s (minimumPressDuration)")
    }

    @Test("moving more than 10 pt before it begins fails it; the view keeps its touch")
    func allowableMovement() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let press = UILongPressGestureRecognizer { _ in log.append("press") }
        view.addGestureRecognizer(press)
        let finger = sim.touchDown(at: CGPoint(x: 100, y: 100))
        sim.advance(by: 0.2)
        sim.touchMove(finger, to: CGPoint(x: 111, y: 100))
        sim.advance(by: 0.5)
        sim.touchUp(finger)
        #expect(log.entries == ["view began [1]", "view moved [1]", "view ended [1]"])
        #expect(causes(of: press, in: sim.trace) == ["failed: moved 11.00 pt > allowableMovement 10.00 pt"])
    }

    @Test("lifting before 0.5 s fails it")
    func liftedEarly() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let press = UILongPressGestureRecognizer { _ in log.append("press") }
        view.addGestureRecognizer(press)
        sim.tap(at: CGPoint(x: 100, y: 100), holdDuration: 0.3)
        #expect(log.entries == ["view began [1]", "view ended [1]"])
        #expect(transitions(of: press, in: sim.trace) == ["possible -> failed"])
    }

    @Test("a custom minimum duration and two required fingers")
    func customised() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        view.isMultipleTouchEnabled = true
        let press = UILongPressGestureRecognizer { log.append("press \($0.state)") }
        press.minimumPressDuration = 1
        press.numberOfTouchesRequired = 2
        view.addGestureRecognizer(press)
        let fingers = sim.touchDown(at: [CGPoint(x: 100, y: 100), CGPoint(x: 150, y: 100)])
        sim.advance(by: 0.9)
        #expect(!log.entries.contains("press began"))
        sim.advance(by: 0.2)
        sim.touchUp(fingers)
        #expect(log.entries.suffix(2) == ["press began", "press ended"])
    }
}
