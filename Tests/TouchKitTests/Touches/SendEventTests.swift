import Foundation
import Testing
import TouchKit

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
