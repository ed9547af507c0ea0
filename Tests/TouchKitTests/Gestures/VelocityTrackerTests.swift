import Foundation
import Testing
import TouchTestSupport

@testable import TouchKit

/// The one velocity estimate behind pan, pinch, rotation and the window's finger speed.
@Suite("VelocityTracker")
struct VelocityTrackerTests {
    @Test("no velocity from fewer than two samples or from samples at the same time")
    func tooFewSamples() {
        var tracker = VelocityTracker<CGPoint>()
        #expect(tracker.velocity == .zero)
        tracker.add(CGPoint(x: 0, y: 0), at: 1)
        #expect(tracker.velocity == .zero)
        tracker.add(CGPoint(x: 5, y: 0), at: 1)
        #expect(tracker.velocity == .zero)
    }

    @Test("only the last window of samples counts: a finger that stops has no velocity")
    func windowDropsOldSamples() {
        var tracker = VelocityTracker<CGPoint>(window: 0.1)
        // 1000 pt/s for 0.2 s, then still for 0.15 s.
        for step in 0...4 { tracker.add(CGPoint(x: 50 * CGFloat(step), y: 0), at: 0.05 * Double(step)) }
        #expect(approx(tracker.velocity, CGPoint(x: 1000, y: 0)))
        for step in 5...7 { tracker.add(CGPoint(x: 200, y: 0), at: 0.05 * Double(step)) }
        #expect(tracker.velocity == .zero)
    }

    @Test("two samples are kept however far apart, so a slow finger still has a velocity")
    func keepsTwoSamples() {
        var tracker = VelocityTracker<CGFloat>(window: 0.1)
        tracker.add(0, at: 0)
        tracker.add(3, at: 2)
        #expect(tracker.velocity == 1.5)
        tracker.add(4, at: 4)
        #expect(tracker.velocity == 0.5)
    }

    @Test("reset forgets the history")
    func reset() {
        var tracker = VelocityTracker<CGFloat>()
        tracker.add(0, at: 0)
        tracker.add(1, at: 0.05)
        tracker.reset()
        #expect(tracker.isEmpty)
        #expect(tracker.velocity == 0)
    }

    @Test("pinch and rotation report their rate of change through the same tracker as pan")
    func pinchAndRotationVelocity() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        var scaleRates: [CGFloat] = []
        let pinch = UIPinchGestureRecognizer { if $0.state == .changed { scaleRates.append($0.velocity) } }
        view.addGestureRecognizer(pinch)
        // Distance 100 -> 200 in 0.4 s: the scale grows by 2.5 per second.
        sim.pinch(center: CGPoint(x: 200, y: 400), fromDistance: 100, toDistance: 200, duration: 0.4, steps: 8)
        #expect(scaleRates.count > 3)
        #expect(scaleRates.suffix(3).allSatisfy { abs($0 - 2.5) < 1e-9 }, "\(scaleRates)")
        view.removeGestureRecognizer(pinch)

        var turnRates: [CGFloat] = []
        let rotation = UIRotationGestureRecognizer { if $0.state == .changed { turnRates.append($0.velocity) } }
        view.addGestureRecognizer(rotation)
        // A quarter turn (pi/2) in 0.5 s: pi rad/s (to the precision of the touch positions).
        sim.rotate(center: CGPoint(x: 200, y: 400), radius: 60, fromAngle: 0, toAngle: .pi / 2, duration: 0.5, steps: 10)
        #expect(turnRates.count > 3)
        #expect(turnRates.suffix(3).allSatisfy { abs($0 - .pi) < 1e-3 }, "\(turnRates)")
    }
}
