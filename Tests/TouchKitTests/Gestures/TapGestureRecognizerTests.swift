import Foundation
import Testing
import TouchKit
import TouchTestSupport

@Suite("UITapGestureRecognizer")
struct TapGestureRecognizerTests {
    @Test("a tap on a view with a tap recognizer: touchesBegan, touchesCancelled, then the action")
    func cancelsBeforeAction() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        view.addGestureRecognizer(UITapGestureRecognizer { _ in log.append("tap") })
        sim.tap(at: CGPoint(x: 50, y: 50))
        #expect(log.entries == ["view began [1]", "view cancelled [1]", "tap"])
    }

    @Test("with cancelsTouchesInView off the action runs, then the view gets touchesEnded")
    func doesNotCancel() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let tap = UITapGestureRecognizer { _ in log.append("tap") }
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)
        sim.tap(at: CGPoint(x: 50, y: 50))
        #expect(log.entries == ["view began [1]", "tap", "view ended [1]"])
    }

    @Test("a finger held past 0.75 s is not a tap: the recognizer fails on its timer and the view ends normally")
    func heldTooLong() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let tap = UITapGestureRecognizer { _ in log.append("tap") }
        view.addGestureRecognizer(tap)
        sim.tap(at: CGPoint(x: 50, y: 50), holdDuration: 0.8)
        #expect(log.entries == ["view began [1]", "view ended [1]"])
        #expect(causes(of: tap, in: sim.trace) == ["failed: finger held longer than maximumTapDuration 0.750 s"])
        #expect(sim.trace.entries.first { if case .gestureState = $0.event { true } else { false } }?.time == 0.75)
    }

    @Test("moving more than 45 pt fails the tap; 40 pt does not")
    func movementAllowance() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        view.addGestureRecognizer(UITapGestureRecognizer { _ in log.append("tap") })
        sim.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 140, y: 100), duration: 0.1, steps: 2)
        #expect(log.entries.last == "tap")
        log.clear()
        sim.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 150, y: 100), duration: 0.1, steps: 2)
        #expect(!log.entries.contains("tap"))
    }

    @Test("single tap requiring double tap to fail fires 0.35 s after the lift")
    func singleWaitsForDouble() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let single = UITapGestureRecognizer { _ in log.append("single at \(TraceEntry.micros(from: sim.now)) µs") }
        let double = UITapGestureRecognizer { _ in log.append("double") }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        let finger = sim.touchDown(at: CGPoint(x: 50, y: 50))
        sim.advance(by: 0.1)
        sim.touchUp(finger)
        sim.advance(by: 0.34)
        #expect(log.entries == ["view began [1]"])
        sim.advance(by: 0.02)
        #expect(log.entries == ["view began [1]", "view cancelled [1]", "single at 450000 µs"])
        #expect(transitions(of: double, in: sim.trace) == ["possible -> failed"])
        #expect(
            sim.trace.lines.contains {
                $0.contains("UITapGestureRecognizer[0]@LoggingView#view: recognized, waiting for UITapGestureRecognizer[1]@LoggingView#view to fail")
            })
    }

    @Test("a double tap holds the view's first touchesEnded, then cancels both touches; the single tap fails")
    func doubleTapDelaysEnded() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let single = UITapGestureRecognizer { _ in log.append("single") }
        let double = UITapGestureRecognizer { _ in log.append("double") }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        sim.tap(at: CGPoint(x: 50, y: 50), count: 2)
        #expect(log.entries == ["view began [1]", "view began [2]", "view cancelled [1,2]", "double"])
        #expect(transitions(of: single, in: sim.trace) == ["possible -> failed"])
        #expect(
            causes(of: single, in: sim.trace).first?.contains("required UITapGestureRecognizer[1]@LoggingView#view to fail, but it recognized")
                == true)
    }

    @Test("with delaysTouchesEnded off a double-tap recognizer no longer holds the view's touchesEnded")
    func delaysTouchesEndedOff() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let double = UITapGestureRecognizer { _ in log.append("double") }
        double.numberOfTapsRequired = 2
        double.delaysTouchesEnded = false
        view.addGestureRecognizer(double)
        sim.tap(at: CGPoint(x: 50, y: 50))
        #expect(log.entries == ["view began [1]", "view ended [1]"])
        sim.advance(by: 1)
        #expect(transitions(of: double, in: sim.trace) == ["possible -> failed"])
    }

    @Test("a two-finger tap needs both fingers; one finger fails it", arguments: [1, 2])
    func twoFingers(fingers: Int) {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        view.isMultipleTouchEnabled = true
        let tap = UITapGestureRecognizer { _ in log.append("two-finger tap") }
        tap.numberOfTouchesRequired = 2
        view.addGestureRecognizer(tap)
        sim.tap(at: Array([CGPoint(x: 50, y: 50), CGPoint(x: 90, y: 50)].prefix(fingers)))
        #expect(log.entries.contains("two-finger tap") == (fingers == 2))
    }

    @Test("the location of a multi-tap is the first tap's")
    func location() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        var location = CGPoint.zero
        let double = UITapGestureRecognizer { location = $0.location(in: view) }
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        sim.touchDown(at: CGPoint(x: 50, y: 50))
        sim.touchUp(Finger(id: 1))
        sim.advance(by: 0.1)
        sim.touchDown(at: CGPoint(x: 60, y: 55))
        sim.touchUp(Finger(id: 2))
        #expect(location == CGPoint(x: 50, y: 50))
    }
}

@Suite("Tap precedence")
struct TapPrecedenceTests {
    @Test("UIKit rule: a tap never prevents a tap that needs more taps: single at the first lift, double at the second", arguments: [false, true])
    func singleDoesNotPreventDouble(doubleFirst: Bool) {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let single = UITapGestureRecognizer { recognizer in
            if recognizer.state == .ended { log.append("single at \(TraceEntry.micros(from: sim.now)) µs") }
        }
        let double = UITapGestureRecognizer { recognizer in
            if recognizer.state == .ended { log.append("double at \(TraceEntry.micros(from: sim.now)) µs") }
        }
        double.numberOfTapsRequired = 2
        for recognizer in doubleFirst ? [double, single] : [single, double] { view.addGestureRecognizer(recognizer) }
        sim.tap(at: CGPoint(x: 50, y: 50), count: 2, holdDuration: 0.05, interval: 0.1)
        let taps = log.entries.filter { !$0.hasPrefix("view") }
        #expect(taps.first == "single at 50000 µs", "\(taps)")
        #expect(taps.contains("double at 200000 µs"), "\(taps)")
        #expect(taps.firstIndex(of: "double at 200000 µs")! > 0)
    }

    @Test("UIKit rule: a double tap can still prevent a single tap (no rule protects the lower count)")
    func doubleCanPreventSingle() {
        let single = UITapGestureRecognizer(target: nil, action: nil)
        let double = UITapGestureRecognizer(target: nil, action: nil)
        double.numberOfTapsRequired = 2
        #expect(!single.canPrevent(double) && !double.canBePrevented(by: single))
        #expect(double.canPrevent(single) && single.canBePrevented(by: double))
        #expect(single.canPrevent(UIPanGestureRecognizer(target: nil, action: nil)))
    }
}
