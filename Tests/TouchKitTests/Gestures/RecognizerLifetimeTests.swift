import Foundation
import Testing
import TouchTestSupport

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
        let (sim, view) = plainViewScene()
        var fired = 0
        weak var released: UILongPressGestureRecognizer?
        do {
            let press = UILongPressGestureRecognizer { _ in fired += 1 }
            released = press
            view.addGestureRecognizer(press)
            let finger = sim.touchDown(at: CGPoint(x: 50, y: 50))
            #expect(press.recognizerContext.hasScheduledTimer, "minimumPressDuration is pending")
            sim.touchUp(finger)  // fails the press; it stays attached
            let finger2 = sim.touchDown(at: CGPoint(x: 50, y: 50))
            view.removeGestureRecognizer(press)
            sim.touchUp(finger2)
        }
        sim.advance(by: 2)
        #expect(released == nil, "nothing else holds it")
        #expect(fired == 0)
    }

    @Test("a scroll view's pan moved to another view and outliving the scroll view no longer scrolls it (its action goes with it)")
    func panOutlivesItsScrollView() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 400))
        let outside = UIView(frame: window.bounds)
        window.addSubview(outside)
        var scroll: UIScrollView? = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        scroll?.contentSize = CGSize(width: 200, height: 1000)
        let pan = scroll!.panGestureRecognizer
        // UIKit allows it: the pan moved to a larger view scrolls the scroll view from there.
        outside.addGestureRecognizer(pan)
        let sim = TouchSimulator(window: window)
        sim.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 200), duration: 0.2)
        #expect((scroll?.contentOffset.y ?? 0) > 50, "the moved pan scrolls")
        weak let gone = scroll
        scroll = nil
        #expect(gone == nil)
        sim.advance(by: 5)
        // The pan lives on (on `outside`) and recognizes; nothing is left to scroll.
        sim.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 200), duration: 0.2)
        #expect(sim.trace.entries.contains { if case .gestureState(let r, _, .ended, _) = $0.event { r == pan.traceName } else { false } })
        #expect(pan.view === outside)
    }

    @Test("a window that outlives its application has none: its next responder is nil and an event sent to it goes nowhere")
    func windowOutlivesItsApplication() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var application: UIApplication? = UIApplication()
        application?.attach(window)
        #expect(window.next === application)
        weak let gone = application
        application = nil
        #expect(gone == nil, "the window does not keep its application alive")
        #expect(window.next == nil)
        window.sendEvent(UIEvent())
    }

    @Test("an event kept beyond its application has none; the key window is one of the windows, also after a detach")
    func eventAndKeyWindowLinks() {
        var application: UIApplication? = UIApplication()
        let event = application!._touchesEvent
        #expect(event._application === application)
        let first = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let second = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        application?.attach(first)
        application?.attach(second)
        second.makeKeyAndVisible()
        #expect(application?.keyWindow === second)
        application?.detach(second)
        #expect(application?.keyWindow === first, "detaching the key window makes another one key")
        application?.detach(first)
        #expect(application?.keyWindow == nil)
        application = nil
        #expect(event._application == nil, "the application clears its event's link when it goes")
    }

    @Test("UIApplication.shared is one application for the process, not any application a test made")
    func sharedIsOne() {
        let made = UIApplication()
        #expect(UIApplication.shared === UIApplication.shared)
        #expect(UIApplication.shared !== made)
    }

    @Test("a delegate that takes a view out of its window while the touch binds its recognizers: binding goes on safely and stops there")
    func delegateRemovesViewWhileBinding() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let windowTap = UITapGestureRecognizer { _ in }
        window.addGestureRecognizer(windowTap)
        var middle: UIView? = UIView(frame: window.bounds)
        let leaf = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        middle?.addSubview(leaf)
        window.addSubview(middle!)
        final class RemovingDelegate: UIGestureRecognizerDelegate {
            var asked = 0
            func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
                asked += 1
                gestureRecognizer.view?.removeFromSuperview()
                return false
            }
        }
        let delegate = RemovingDelegate()
        let middleTap = UITapGestureRecognizer { _ in }
        middleTap.delegate = delegate
        middle?.addGestureRecognizer(middleTap)
        weak let gone = middle
        middle = nil
        let sim = TouchSimulator(window: window)
        let finger = sim.touchDown(at: CGPoint(x: 50, y: 50))
        #expect(delegate.asked == 1)
        #expect(windowTap.numberOfTouches == 0, "the walk stops at the removed view, whose superview link is gone")
        sim.touchUp(finger)
        #expect(gone == nil, "nothing keeps the removed view once the touch is over")
        #expect(middleTap.view == nil)
    }
}
