import Foundation
import Testing
import TouchTestSupport

@testable import TouchKit

/// A new touch is bound to its recognizers when its window's `sendEvent(_:)` first carries it.
/// The environment counts the touches still waiting for that (most events have none, and then
/// no touch is looked at): these tests hold the count to the records.
@Suite("Pending bindings")
struct PendingBindingTests {
    /// Two windows: `front` (an alert-level window over the top-left corner, which drops events
    /// while told to) and the full-screen `back`, each with a view that has a tap recognizer.
    private func twoWindows() -> (TouchSimulator, front: DroppingWindow, frontTap: UITapGestureRecognizer, backTap: UITapGestureRecognizer) {
        let back = makeWindow()
        let backView = UIView(frame: back.bounds)
        let backTap = UITapGestureRecognizer { _ in }
        backView.addGestureRecognizer(backTap)
        back.addSubview(backView)
        let sim = TouchSimulator(window: back)
        let front = DroppingWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        front.windowLevel = .alert
        let frontView = UIView(frame: front.bounds)
        let frontTap = UITapGestureRecognizer { _ in }
        frontView.addGestureRecognizer(frontTap)
        front.addSubview(frontView)
        sim.application.attach(front)
        front.isHidden = false
        return (sim, front, frontTap, backTap)
    }

    private func bound(_ sim: TouchSimulator, finger: Int) -> [String] {
        sim.trace.entries.compactMap {
            if case .gestureBound(let recognizer, let bound) = $0.event, bound == finger { recognizer } else { nil }
        }
    }

    @Test("a touch whose window dropped its first event is bound when the window next carries it; the count is back to zero after the lift")
    func boundAtTheFirstEventItsWindowCarries() {
        let (sim, front, frontTap, backTap) = twoWindows()
        let environment = sim.application._gestureEnvironment
        front.dropping = true
        let fingers = sim.touchDown(at: [CGPoint(x: 50, y: 50), CGPoint(x: 200, y: 400)])
        let (inFront, inBack) = (fingers[0], fingers[1])
        #expect(bound(sim, finger: inBack.id) == [backTap.traceName], "the back window carried its touch")
        #expect(bound(sim, finger: inFront.id).isEmpty, "the front window dropped the event")
        #expect(environment.pendingBindingCount == 1)
        front.dropping = false
        sim.touchMove(inFront, to: CGPoint(x: 52, y: 50))
        #expect(bound(sim, finger: inFront.id) == [frontTap.traceName])
        #expect(environment.pendingBindingCount == 0)
        sim.touchUp([inFront, inBack])
        #expect(environment.pendingBindingCount == 0)
    }

    @Test("an event no window carries drops its touches' bindings and the count with them; a touch that ends still pending leaves no count behind")
    func droppedAndFinished() {
        let (sim, front, _, _) = twoWindows()
        let environment = sim.application._gestureEnvironment
        front.dropping = true
        // Only the front window is touched: no window carries the event.
        let alone = sim.touchDown(at: CGPoint(x: 50, y: 50))
        #expect(environment.pendingBindingCount == 0, "an event no window carried keeps no binding")
        sim.touchUp(alone)
        // Carried by the back window only: the front touch ends while its binding is pending.
        let fingers = sim.touchDown(at: [CGPoint(x: 50, y: 50), CGPoint(x: 200, y: 400)])
        #expect(environment.pendingBindingCount == 1)
        sim.touchUp(fingers)
        #expect(environment.pendingBindingCount == 0, "the record went with its binding")
        #expect(bound(sim, finger: fingers[0].id).isEmpty)
    }
}
