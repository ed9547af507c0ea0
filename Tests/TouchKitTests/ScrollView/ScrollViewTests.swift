import Foundation
import Testing
import TouchKit
import TouchTestSupport

/// A 390x400 vertical scroll view with 390x2000 of content and a logging view inside it.
struct ScrollScene {
    let log = EventLog()
    let window = makeWindow()
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
    let content: LoggingView
    let sim: TouchSimulator

    init() {
        content = LoggingView("content", frame: CGRect(x: 0, y: 0, width: 390, height: 2000), log: log)
        scrollView.accessibilityIdentifier = "scroll"
        scrollView.contentSize = CGSize(width: 390, height: 2000)
        scrollView.addSubview(content)
        window.addSubview(scrollView)
        sim = TouchSimulator(window: window)
    }

    func deliveries() -> [String] {
        sim.trace.entries.compactMap { entry in
            guard case .deliver(let method, let responder, _) = entry.event, responder == "LoggingView#content" else { return nil }
            return "\(method.rawValue) at \(entry.micros) µs"
        }
    }
}

@Suite("UIScrollView touch handling")
struct ScrollViewTests {
    @Test("a quick tap delivers began and ended together at the lift, began with its original time")
    func quickTap() {
        let scene = ScrollScene()
        let probe = BeganProbeView(frame: CGRect(x: 0, y: 0, width: 390, height: 2000))
        scene.scrollView.addSubview(probe)
        scene.sim.tap(at: CGPoint(x: 100, y: 100), holdDuration: 0.05)
        #expect(probe.began == ["finger 1 at (100.0, 100.0) t=0.0 event t=0.0"])
        #expect(probe.ended == ["finger 1 at (100.0, 100.0)"])
        #expect(scene.sim.trace.lines.contains("0.050000 delay    finger 1 touchesBegan released"))
    }

    @Test("a finger held 0.15 s reaches the content then, not before")
    func heldPress() {
        let scene = ScrollScene()
        let finger = scene.sim.touchDown(at: CGPoint(x: 100, y: 100))
        scene.sim.advance(by: 0.149)
        #expect(scene.log.entries.isEmpty)
        scene.sim.advance(by: 0.002)
        #expect(scene.log.entries == ["content began [1]"])
        scene.sim.touchUp(finger)
        #expect(scene.deliveries() == ["touchesBegan at 150000 µs", "touchesEnded at 151000 µs"])
    }

    @Test("a drag that starts within the delay scrolls, and the content never sees the touch")
    func quickDragScrolls() {
        let scene = ScrollScene()
        scene.sim.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 100), duration: 0.1, steps: 5)
        #expect(scene.log.entries.isEmpty)
        // The pan begins after the first 40 pt step; the content follows the remaining 160 pt.
        #expect(abs(scene.scrollView.contentOffset.y - 160) < 1e-9)
    }

    @Test("scrolling after the delay cancels a plain view's touch")
    func scrollCancelsPlainView() {
        let scene = ScrollScene()
        let finger = scene.sim.touchDown(at: CGPoint(x: 100, y: 300))
        scene.sim.advance(by: 0.2)
        for y in stride(from: 280, through: 100, by: -20) {
            scene.sim.touchMove(finger, to: CGPoint(x: 100, y: CGFloat(y)))
        }
        scene.sim.touchUp(finger)
        #expect(scene.log.entries == ["content began [1]", "content cancelled [1]"])
        #expect(scene.scrollView.contentOffset.y == 180)
        #expect(
            scene.sim.trace.lines.contains { $0.hasSuffix("touchesShouldCancel(in:) answered true: scrolling cancels it for LoggingView#content") })
    }

    @Test("a drag that starts on a tracking button does not scroll")
    func buttonKeepsTouch() {
        let scene = ScrollScene()
        let button = UIButton(frame: CGRect(x: 50, y: 250, width: 200, height: 100))
        var events: [String] = []
        for name in ["touchDown", "touchDragExit", "touchUpOutside", "touchCancel"] {
            button.addAction(UIAction { _ in events.append(name) }, for: UIControl.Event(name: name)!)
        }
        scene.scrollView.addSubview(button)
        let finger = scene.sim.touchDown(at: CGPoint(x: 100, y: 300))
        scene.sim.advance(by: 0.2)
        scene.sim.touchMove(finger, to: CGPoint(x: 100, y: 200))
        scene.sim.touchMove(finger, to: CGPoint(x: 100, y: 100))
        scene.sim.touchUp(finger)
        #expect(scene.scrollView.contentOffset == .zero)
        #expect(events == ["touchDown", "touchDragExit", "touchUpOutside"])
        #expect(scene.sim.trace.lines.contains { $0.hasSuffix("touchesShouldCancel(in:) answered false: no scroll for UIButton@scroll.1") })
    }

    @Test("with canCancelContentTouches off, content that has the touch keeps it")
    func cannotCancel() {
        let scene = ScrollScene()
        scene.scrollView.canCancelContentTouches = false
        let finger = scene.sim.touchDown(at: CGPoint(x: 100, y: 300))
        scene.sim.advance(by: 0.2)
        scene.sim.touchMove(finger, to: CGPoint(x: 100, y: 200))
        scene.sim.touchUp(finger)
        #expect(scene.log.entries == ["content began [1]", "content moved [1]", "content ended [1]"])
        #expect(scene.scrollView.contentOffset == .zero)
    }

    @Test("with delaysContentTouches off, content gets began at once and scrolling still cancels it")
    func noDelay() {
        let scene = ScrollScene()
        scene.scrollView.delaysContentTouches = false
        scene.sim.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 200), duration: 0.1, steps: 5)
        #expect(scene.log.entries == ["content began [1]", "content cancelled [1]"])
        #expect(scene.scrollView.contentOffset.y == 80)
    }

    @Test("touchesShouldBegin can keep touches from the content")
    func touchesShouldBegin() {
        let log = EventLog()
        let window = makeWindow()
        let scrollView = PickyScrollView(frame: window.bounds)
        scrollView.contentSize = CGSize(width: 390, height: 2000)
        let content = LoggingView("content", frame: CGRect(x: 0, y: 0, width: 390, height: 2000), log: log)
        scrollView.addSubview(content)
        window.addSubview(scrollView)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(log.entries.isEmpty)
        #expect(
            sim.trace.lines.contains { $0.hasSuffix("touchesShouldBegin answered false: content does not get the touch for LoggingView#content") })
    }

    @Test("offsets stay within the content, and a vertical scroll view does not scroll sideways")
    func clamping() {
        let scene = ScrollScene()
        scene.sim.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 390), duration: 0.1, steps: 5)
        #expect(scene.scrollView.contentOffset == .zero)
        scene.sim.drag(from: CGPoint(x: 300, y: 200), to: CGPoint(x: 10, y: 200), duration: 0.1, steps: 5)
        #expect(scene.scrollView.contentOffset == .zero)
        scene.scrollView.contentOffset = CGPoint(x: 0, y: 1590)
        scene.sim.drag(from: CGPoint(x: 100, y: 390), to: CGPoint(x: 100, y: 10), duration: 0.1, steps: 5)
        #expect(scene.scrollView.contentOffset.y == 1600)
    }

    @Test("a flick keeps scrolling on the virtual clock after the lift, and a touch stops it")
    func deceleration() {
        let scene = ScrollScene()
        scene.sim.drag(from: CGPoint(x: 100, y: 350), to: CGPoint(x: 100, y: 150), duration: 0.1, steps: 5)
        let atLift = scene.scrollView.contentOffset.y
        #expect(scene.scrollView.isDecelerating)
        scene.sim.advance(by: 0.2)
        let later = scene.scrollView.contentOffset.y
        #expect(later > atLift)
        scene.sim.touchDown(at: CGPoint(x: 100, y: 100))
        #expect(!scene.scrollView.isDecelerating)
        scene.sim.advance(by: 1)
        #expect(scene.scrollView.contentOffset.y == later)
    }

    @Test("the content offset is the bounds origin: hit testing sees scrolled content")
    func offsetShiftsHitTesting() {
        let scene = ScrollScene()
        let marker = UIView(frame: CGRect(x: 0, y: 500, width: 390, height: 50))
        scene.scrollView.addSubview(marker)
        #expect(scene.window.hitTest(CGPoint(x: 10, y: 110), with: nil) === scene.content)
        scene.scrollView.contentOffset = CGPoint(x: 0, y: 400)
        #expect(scene.window.hitTest(CGPoint(x: 10, y: 110), with: nil) === marker)
        #expect(scene.sim.trace.lines.last?.hasSuffix("UIScrollView#scroll contentOffset (0.00, 400.00)") == true)
    }
}

final class PickyScrollView: UIScrollView {
    override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { false }
}

@Suite("UIScrollView defaults")
struct ScrollViewDefaultTests {
    @Test("UIKit rule: a scroll view clips its content (clipsToBounds defaults to true; a plain view's to false)")
    func clipsByDefault() {
        #expect(UIScrollView(frame: .zero).clipsToBounds == true)
        #expect(UIView(frame: .zero).clipsToBounds == false)
    }
}

/// Apple, `UIScrollView.isScrollEnabled`: "When scrolling is disabled, the scroll view doesn't
/// accept touch events; it forwards them up the responder chain."
@Suite("A scroll view whose scrolling is disabled")
struct ScrollDisabledTests {
    /// A scroll view (nothing inside) in a logging parent; a tap and a drag on it.
    func parentEvents(scrollEnabled: Bool) -> ([String], CGPoint) {
        let log = EventLog()
        let window = makeWindow()
        let parent = LoggingView("parent", frame: window.bounds, log: log)
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
        scrollView.contentSize = CGSize(width: 390, height: 2000)
        scrollView.isScrollEnabled = scrollEnabled
        parent.addSubview(scrollView)
        window.addSubview(parent)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 100, y: 100))
        sim.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 100), duration: 0.2, steps: 5)
        sim.advance(by: 2)
        return (log.entries, scrollView.contentOffset)
    }

    @Test("scrolling disabled: it does not scroll, and its touches go up the responder chain to the parent")
    func forwardsUpTheChain() {
        let (events, offset) = parentEvents(scrollEnabled: false)
        #expect(offset == .zero)
        #expect(events.first == "parent began [1]" && events.contains("parent ended [1]"), "\(events)")
        #expect(events.contains("parent moved [2]") && events.contains("parent ended [2]"), "\(events)")
    }

    @Test("scrolling enabled: the touches that reach the scroll view itself stop there, and a drag scrolls")
    func stopsWhenScrolling() {
        let (events, offset) = parentEvents(scrollEnabled: true)
        #expect(events.isEmpty, "\(events)")
        #expect(offset.y > 0)
    }
}
