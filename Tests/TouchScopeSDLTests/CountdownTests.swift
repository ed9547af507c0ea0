import Foundation
import Testing
import TouchKit

@testable import TouchScopeSDL

/// A lane with a pending timer counts it down: the panel asks the application for the timers
/// when it draws, on the virtual clock.
@Suite("Lane countdowns")
struct CountdownTests {
    @Test("a long press held 0.3 s begins in 0.20 s; a single tap waiting on a double tap fires when it fails, 0.35 s after the lift")
    func countdowns() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 600))
        let photo = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        photo.accessibilityIdentifier = "photo"
        let press = UILongPressGestureRecognizer { _ in }
        press.name = "menu"
        photo.addGestureRecognizer(press)
        let zoom = UIView(frame: CGRect(x: 0, y: 300, width: 300, height: 300))
        let single = UITapGestureRecognizer { _ in }
        single.name = "select"
        let double = UITapGestureRecognizer { _ in }
        double.name = "zoomTap"
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        zoom.addGestureRecognizer(single)
        zoom.addGestureRecognizer(double)
        window.addSubview(photo)
        window.addSubview(zoom)
        let sim = TouchSimulator(window: window)
        let model = TraceModel()
        ModelFollower(model: model).follow(sim.application)

        let finger = sim.touchDown(at: CGPoint(x: 100, y: 100))
        sim.advance(by: 0.3)
        let clock = try #require(model.pendingTimers?())
        let timer = try #require(clock.timers[press.traceName])
        #expect(timer.label == "minimumPressDuration")
        #expect(abs(timer.fireTime - 0.5) < 1e-9 && abs(clock.now - 0.3) < 1e-9)
        #expect(OverlayRenderer.countdown(timer, now: clock.now) == "begins in 0.20 s if the finger stays (minimumPressDuration)")
        sim.touchUp(finger)
        sim.advance(by: 1)

        sim.tap(at: CGPoint(x: 100, y: 400))
        let after = try #require(model.pendingTimers?())
        let window2 = try #require(after.timers[double.traceName], "\(after.timers)")
        #expect(window2.label == "maximumIntervalBetweenSuccessiveTaps")
        #expect(OverlayRenderer.countdown(window2, now: after.now) == "fails in 0.35 s unless the next tap comes", "\(window2) at \(after.now)")
        #expect(model.recognizers.first { $0.name == single.traceName }?.waitingFor == double.traceName)
        sim.advance(by: 1)
        #expect(model.pendingTimers?().timers.isEmpty == true, "no timer is left once both decided")
    }
}
