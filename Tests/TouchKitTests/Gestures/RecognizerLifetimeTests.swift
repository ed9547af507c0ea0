import Foundation
import Testing

@testable import TouchKit

/// A recognizer refers to its view and its timers refer to it without retaining them (weak
/// references would slow every touch); these tests hold the lifetimes UIKit's weak references give.
@Suite("Recognizer lifetimes")
struct RecognizerLifetimeTests {
    @Test("a recognizer that outlives its view has no view, and gives no environment")
    func outlivesItsView() {
        var view: UIView? = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let tap = UITapGestureRecognizer { _ in }
        view?.addGestureRecognizer(tap)
        #expect(tap.view === view)
        weak let gone = view
        view = nil
        #expect(gone == nil, "the recognizer does not keep its view alive")
        #expect(tap.view == nil)
        #expect(tap._environment == nil)
    }

    @Test("a long press removed while its minimumPressDuration timer is pending never fires, and nothing (not the clock) keeps it alive")
    func freedWithATimerPending() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        let sim = TouchSimulator(window: window)
        var fired = 0
        weak var released: UILongPressGestureRecognizer?
        do {
            let press = UILongPressGestureRecognizer { _ in fired += 1 }
            released = press
            view.addGestureRecognizer(press)
            let finger = sim.touchDown(at: CGPoint(x: 50, y: 50))
            #expect(!press._timers.isEmpty, "minimumPressDuration is pending")
            sim.touchUp(finger)  // fails the press; it stays attached
            let finger2 = sim.touchDown(at: CGPoint(x: 50, y: 50))
            view.removeGestureRecognizer(press)
            sim.touchUp(finger2)
        }
        sim.advance(by: 2)
        #expect(released == nil, "nothing else holds it")
        #expect(fired == 0)
    }
}
