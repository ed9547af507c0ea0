import Foundation
import Testing
import TouchTestSupport

@testable import TouchKit

/// A recognizer that, when a touch begins, walks to `from` legally and then asks for `to`.
final class ScriptedRecognizer: UIGestureRecognizer {
    var from: State = .possible
    var to: State = .possible
    var stateAfterRequest: State?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        switch from {
        case .possible: break
        case .began: state = .began
        case .changed:
            state = .began
            state = .changed
        case .ended: state = .ended
        case .cancelled:
            state = .began
            state = .cancelled
        case .failed: state = .failed
        }
        state = to
        stateAfterRequest = state
    }
}

/// A recognizer that asks for `held` (and so waits for the recognizer it requires to fail), then
/// asks for `then` while still waiting.
final class WaitingRecognizer: UIGestureRecognizer {
    var held: State = .ended
    var then: State = .possible
    var stateAfterRequest: State?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        state = held
        state = then
        stateAfterRequest = state
    }
}

/// A recognizer that never decides, so whatever requires it to fail keeps waiting.
final class UndecidedRecognizer: UIGestureRecognizer {}

@Suite("The state machine is data")
struct TransitionTableTests {
    /// UIKit's documented legal changes, written out independently of the table.
    static let documented: Set<String> = [
        "possible -> possible", "possible -> began", "possible -> ended", "possible -> failed",
        "began -> changed", "began -> ended", "began -> cancelled",
        "changed -> changed", "changed -> ended", "changed -> cancelled",
    ]

    @Test("the table holds exactly UIKit's documented transitions")
    func tableMatchesDocumentation() {
        var legal: Set<String> = []
        for from in UIGestureRecognizer.State.allCases {
            for to in UIGestureRecognizer.State.allCases where UIGestureRecognizer.isLegalTransition(from: from, to: to) {
                legal.insert("\(from) -> \(to)")
            }
        }
        #expect(legal == Self.documented)
    }

    @Test(
        "every state pair is accepted or refused as the table says",
        arguments: UIGestureRecognizer.State.allCases, UIGestureRecognizer.State.allCases)
    func pair(from: UIGestureRecognizer.State, to: UIGestureRecognizer.State) {
        let window = makeWindow()
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        let sim = TouchSimulator(window: window)
        sim.application.debugOptions.assertsOnIllegalTransition = false
        let recognizer = ScriptedRecognizer(target: nil, action: nil)
        recognizer.from = from
        recognizer.to = to
        view.addGestureRecognizer(recognizer)
        sim.touchDown(at: CGPoint(x: 10, y: 10))
        let legal = Self.documented.contains("\(from) -> \(to)")
        let refused = sim.trace.entries.contains {
            if case .gestureIllegalTransition(_, let f, let t) = $0.event { return f == from && t == to }
            return false
        }
        #expect(refused == !legal, "\(from) -> \(to)")
        #expect(recognizer.stateAfterRequest == (legal ? to : from), "\(from) -> \(to)")
    }

    @Test("an illegal change is traced with both states, and the recognizer keeps its state")
    func illegalIsTraced() {
        let window = makeWindow()
        window.addSubview(UIView(frame: window.bounds))
        let sim = TouchSimulator(window: window)
        sim.application.debugOptions.assertsOnIllegalTransition = false
        let recognizer = ScriptedRecognizer(target: nil, action: nil)
        recognizer.from = .possible
        recognizer.to = .changed
        recognizer.name = "scripted"
        window.subviews[0].addGestureRecognizer(recognizer)
        sim.touchDown(at: CGPoint(x: 10, y: 10))
        #expect(sim.trace.lines.contains { $0.hasSuffix("gesture  ScriptedRecognizer#scripted: ILLEGAL possible -> changed refused") })
        #expect(recognizer.state == .possible)
    }

    @Test(
        "a recognizer waiting for others to fail may only fail (or stay possible), as the waiting table says",
        arguments: [UIGestureRecognizer.State.began, .ended], UIGestureRecognizer.State.allCases)
    func waiting(held: UIGestureRecognizer.State, then: UIGestureRecognizer.State) {
        #expect(UIGestureRecognizer.waitingTransitionTable[held] == [.possible, .failed])
        let window = makeWindow()
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        let sim = TouchSimulator(window: window)
        sim.application.debugOptions.assertsOnIllegalTransition = false
        let undecided = UndecidedRecognizer(target: nil, action: nil)
        let recognizer = WaitingRecognizer(target: nil, action: nil)
        recognizer.held = held
        recognizer.then = then
        recognizer.require(toFail: undecided)
        view.addGestureRecognizer(undecided)
        view.addGestureRecognizer(recognizer)
        sim.touchDown(at: CGPoint(x: 10, y: 10))
        #expect(sim.trace.entries.contains { if case .gestureWaiting = $0.event { true } else { false } })
        let legal = UIGestureRecognizer.isLegalTransition(waitingFor: held, to: then)
        #expect(legal == (then == .possible || then == .failed))
        let refused = sim.trace.entries.contains {
            if case .gestureIllegalTransition(_, .possible, let t) = $0.event { return t == then }
            return false
        }
        #expect(refused == !legal, "waiting for \(held), asked \(then)")
        #expect(recognizer.stateAfterRequest == (then == .failed ? .failed : .possible))
        // Still waiting unless it gave up (failed stays failed until the touch ends): the undecided
        // recognizer's failure commits the held change.
        undecided.state = .failed
        #expect(recognizer.state == (then == .failed ? .failed : held))
    }
}
