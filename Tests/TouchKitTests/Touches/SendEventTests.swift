import Foundation
import Testing
import TouchKit
import TouchTestSupport

/// Seed 002's idle timer, hooked on `sendEvent`: stops when a finger touches down, starts again
/// when every finger has lifted, and fires after `idleInterval` without touches.
final class IdleTimerApplication: UIApplication {
    let idleInterval: TimeInterval = 5
    var idleTimer: ClockTimer?
    var log: [String] = []

    override func sendEvent(_ event: UIEvent) {
        super.sendEvent(event)
        guard let touches = event.allTouches, !touches.isEmpty else { return }
        var countOfEnded = 0
        for touch in touches {
            if touch.phase == .began {
                stopTimer()
                return
            } else if touch.phase == .ended {
                countOfEnded += 1
            }
        }
        if touches.count == countOfEnded { startTimer() }
    }

    func stopTimer() {
        if idleTimer != nil { log.append("stop at \(clock.now)") }
        idleTimer?.invalidate()
        idleTimer = nil
    }

    func startTimer() {
        log.append("start at \(clock.now)")
        idleTimer = clock.schedule(after: idleInterval, label: "idle") { [unowned self] in
            self.log.append("idle at \(self.clock.now)")
            self.idleTimer = nil
        }
    }
}

/// A window that logs every event before delivering it.
final class ObservingWindow: UIWindow {
    var seen: [String] = []
    override func sendEvent(_ event: UIEvent) {
        seen.append((event.allTouches ?? []).map { "\($0.phase)" }.sorted().joined(separator: ","))
        super.sendEvent(event)
    }
}

@Suite("sendEvent is overridable and observable")
struct SendEventTests {
    @Test("the idle timer starts when all fingers lift, stops on touch down, fires after the interval")
    func idleTimer() {
        let window = makeWindow()
        window.addSubview(UIView(frame: window.bounds))
        let app = IdleTimerApplication()
        let sim = TouchSimulator(window: window, application: app)
        let a = sim.touchDown(at: CGPoint(x: 10, y: 10))
        sim.advance(by: 1)
        let b = sim.touchDown(at: CGPoint(x: 50, y: 50))
        sim.touchUp(a)
        sim.advance(by: 1)
        sim.touchUp(b)
        sim.advance(by: 3)
        sim.tap(at: CGPoint(x: 10, y: 10))
        sim.advance(by: 6)
        #expect(app.log == ["start at 2.0", "stop at 5.0", "start at 5.05", "idle at 10.05"])
    }

    @Test("a window subclass sees every event, with stationary touches included")
    func windowOverride() {
        let window = ObservingWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(UIView(frame: window.bounds))
        let sim = TouchSimulator(window: window)
        let a = sim.touchDown(at: CGPoint(x: 10, y: 10))
        let b = sim.touchDown(at: CGPoint(x: 20, y: 20))
        sim.touchMove(b, to: CGPoint(x: 30, y: 30))
        sim.touchUp([a, b])
        #expect(window.seen == ["began", "began,stationary", "moved,stationary", "ended,ended"])
    }

    @Test("an application that swallows an event keeps it from every view")
    func swallowing() {
        let log = EventLog()
        let window = makeWindow()
        window.addSubview(LoggingView("view", frame: window.bounds, log: log))
        let app = SwallowingApplication()
        let sim = TouchSimulator(window: window, application: app)
        sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(log.entries.isEmpty)
        #expect(app.swallowed == 2)
    }
}

final class SwallowingApplication: UIApplication {
    var swallowed = 0
    override func sendEvent(_ event: UIEvent) {
        swallowed += 1
    }
}

/// An application that drops the events it is told to (does not call super).
final class DroppingApplication: UIApplication {
    var drop: (UIEvent) -> Bool = { _ in false }
    override func sendEvent(_ event: UIEvent) {
        if drop(event) { return }
        super.sendEvent(event)
    }
}

/// A window that drops events while `dropping` is set.
final class DroppingWindow: UIWindow {
    var dropping = false
    override func sendEvent(_ event: UIEvent) {
        if dropping { return }
        super.sendEvent(event)
    }
}

@Suite("A sendEvent override that drops the event")
struct DroppedEventTests {
    @Test("UIKit rule: an application sendEvent that does not call super stops everything: no recognizer bound or called, no view hears anything")
    func applicationDrops() {
        let log = EventLog()
        let window = makeWindow()
        let view = LoggingView("view", frame: window.bounds, log: log)
        let tap = UITapGestureRecognizer { _ in log.append("tap") }
        view.addGestureRecognizer(tap)
        window.addSubview(view)
        let app = DroppingApplication()
        app.drop = { event in event.allTouches?.contains { $0.phase == .began } == true }
        let sim = TouchSimulator(window: window, application: app)
        sim.tap(at: CGPoint(x: 50, y: 50))
        sim.advance(by: 1)
        #expect(log.entries.isEmpty, "\(log.entries)")
        #expect(!sim.trace.entries.contains { if case .gestureBound = $0.event { true } else { false } })
        #expect(!sim.trace.entries.contains { if case .gestureState = $0.event { true } else { false } })
        #expect(
            !sim.trace.entries.contains { if case .deliver = $0.event { true } else { false } },
            "the lift is not delivered either: the view never began")
    }

    @Test("UIKit rule: a window sendEvent that drops an event leaves waiting recognizers as they were (no reset for events they never saw)")
    func windowDropsMidSequence() {
        let log = EventLog()
        let window = DroppingWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let view = LoggingView("view", frame: window.bounds, log: log)
        let double = UITapGestureRecognizer { recognizer in if recognizer.state == .ended { log.append("double") } }
        double.numberOfTapsRequired = 2
        view.addGestureRecognizer(double)
        window.addSubview(view)
        let sim = TouchSimulator(window: window)
        let first = sim.touchDown(at: CGPoint(x: 50, y: 50))
        sim.advance(by: 0.05)
        sim.touchUp(first)
        let resetsBefore = sim.trace.entries.filter { if case .gestureReset = $0.event { true } else { false } }.count
        // A touch on the window while it drops events: nobody sees it.
        window.dropping = true
        let ghost = sim.touchDown(at: CGPoint(x: 300, y: 700))
        sim.touchUp(ghost)
        window.dropping = false
        #expect(sim.trace.entries.filter { if case .gestureReset = $0.event { true } else { false } }.count == resetsBefore)
        #expect(double.state == .possible)
        // The second tap still completes the double tap.
        sim.advance(by: 0.05)
        sim.tap(at: CGPoint(x: 52, y: 50))
        #expect(log.entries.contains("double"), "\(log.entries)")
    }
}
