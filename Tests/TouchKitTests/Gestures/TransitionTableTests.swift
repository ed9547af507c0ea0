import Foundation
import Testing

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
}
