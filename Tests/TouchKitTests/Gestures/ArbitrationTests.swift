import Foundation
import Testing
import TouchKit
import TouchTestSupport

/// A delegate whose answers are set per test.
final class ScriptedDelegate: UIGestureRecognizerDelegate {
    var shouldBegin = true
    var shouldReceive = true
    var simultaneous = false
    var requireFailureOf: UIGestureRecognizer?
    var requiredToFailBy: UIGestureRecognizer?

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { shouldReceive }
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer
    ) -> Bool { simultaneous }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool {
        other === requireFailureOf
    }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool {
        other === requiredToFailBy
    }
}

/// A tap that no pan can prevent.
final class StubbornTap: UITapGestureRecognizer {
    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        !(preventingGestureRecognizer is UIPanGestureRecognizer)
    }
}

@Suite("Arbitration between recognizers")
struct ArbitrationTests {
    /// A parent with a pan and a child, both logging.
    func nested(_ log: EventLog) -> (TouchSimulator, LoggingView, LoggingView) {
        let window = makeWindow()
        let parent = LoggingView("parent", frame: window.bounds, log: log)
        let child = LoggingView("child", frame: CGRect(x: 50, y: 50, width: 200, height: 200), log: log)
        parent.addSubview(child)
        window.addSubview(parent)
        return (TouchSimulator(window: window), parent, child)
    }

    @Test("a delegate that refuses to begin makes the recognizer fail, and the trace says who refused")
    func delegateRefusesToBegin() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let delegate = ScriptedDelegate()
        delegate.shouldBegin = false
        let tap = UITapGestureRecognizer { _ in log.append("tap") }
        tap.delegate = delegate
        view.addGestureRecognizer(tap)
        sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(log.entries == ["view began [1]", "view ended [1]"])
        #expect(causes(of: tap, in: sim.trace) == ["failed: delegate refused to begin"])
    }

    @Test("a delegate that refuses a touch keeps the recognizer from seeing it at all")
    func delegateRefusesTouch() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let delegate = ScriptedDelegate()
        delegate.shouldReceive = false
        let tap = UITapGestureRecognizer { _ in log.append("tap") }
        tap.delegate = delegate
        view.addGestureRecognizer(tap)
        sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(log.entries == ["view began [1]", "view ended [1]"])
        #expect(transitions(of: tap, in: sim.trace).isEmpty)
        #expect(sim.trace.lines.contains { $0.hasSuffix("ignores finger 1: delegate's gestureRecognizer(_:shouldReceive:) answered false") })
    }

    @Test("nested pans: the child's wins alone, or both run when a delegate allows it", arguments: [false, true])
    func simultaneousRecognition(allowed: Bool) {
        let log = EventLog()
        let (sim, parent, child) = nested(log)
        let outer = UIPanGestureRecognizer().logActions(as: "outer", into: log)
        let inner = UIPanGestureRecognizer().logActions(as: "inner", into: log)
        let delegate = ScriptedDelegate()
        delegate.simultaneous = allowed
        inner.delegate = delegate
        parent.addGestureRecognizer(outer)
        child.addGestureRecognizer(inner)
        sim.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 130), duration: 0.1, steps: 1)
        let expected =
            allowed
            ? ["child began [1]", "child cancelled [1]", "inner began", "outer began", "inner ended", "outer ended"]
            : ["child began [1]", "child cancelled [1]", "inner began", "inner ended"]
        #expect(log.entries == expected)
        if !allowed { #expect(causes(of: outer, in: sim.trace) == ["failed: prevented by UIPanGestureRecognizer@LoggingView#child"]) }
    }

    @Test("a tap that pans cannot prevent still recognizes after the parent's pan began, and cancels the pan")
    func canBePreventedOverride() {
        let log = EventLog()
        let (sim, parent, child) = nested(log)
        let tap = StubbornTap { _ in log.append("tap") }
        child.addGestureRecognizer(tap)
        let pan = UIPanGestureRecognizer().logActions(as: "pan", into: log)
        parent.addGestureRecognizer(pan)
        sim.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 120, y: 100), duration: 0.1, steps: 1)
        #expect(log.entries == ["child began [1]", "child cancelled [1]", "pan began", "tap", "pan cancelled"])
        #expect(transitions(of: tap, in: sim.trace) == ["possible -> ended"])
        #expect(causes(of: pan, in: sim.trace).last == "cancelled: prevented by StubbornTap@LoggingView#child")
    }

    @Test("failure requirements from the delegate work like require(toFail:)", arguments: ["require", "requiredBy"])
    func delegateFailureRequirements(style: String) {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let single = UITapGestureRecognizer { _ in log.append("single") }
        let double = UITapGestureRecognizer { _ in log.append("double") }
        double.numberOfTapsRequired = 2
        let delegate = ScriptedDelegate()
        if style == "require" {
            delegate.requireFailureOf = double
            single.delegate = delegate
        } else {
            delegate.requiredToFailBy = single
            double.delegate = delegate
        }
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        sim.tap(at: CGPoint(x: 10, y: 10))
        sim.advance(by: 0.3)
        #expect(!log.entries.contains("single"))
        sim.advance(by: 0.1)
        #expect(log.entries.last == "single")
    }

    @Test("delaysTouchesBegan holds the view's touchesBegan and replays it with the original time and place when the recognizer fails")
    func delaysTouchesBeganReplay() {
        let window = makeWindow()
        let probe = BeganProbeView(frame: window.bounds)
        window.addSubview(probe)
        let sim = TouchSimulator(window: window)
        let press = UILongPressGestureRecognizer { _ in }
        press.delaysTouchesBegan = true
        probe.addGestureRecognizer(press)
        let finger = sim.touchDown(at: CGPoint(x: 30, y: 40))
        sim.advance(by: 0.2)
        sim.touchMove(finger, to: CGPoint(x: 60, y: 40))
        #expect(probe.began == ["finger 1 at (30.0, 40.0) t=0.0 event t=0.0"])
        sim.touchUp(finger)
        #expect(probe.ended == ["finger 1 at (60.0, 40.0)"])
        let delay = sim.trace.lines.filter { $0.contains(" delay ") }
        #expect(
            delay == [
                "0.000000 delay    finger 1 touchesBegan held by UILongPressGestureRecognizer@BeganProbeView@0",
                "0.200000 delay    finger 1 touchesBegan released",
            ])
    }

    @Test("delaysTouchesBegan with a recognizer that recognizes: the view never sees the touch")
    func delaysTouchesBeganDropped() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let press = UILongPressGestureRecognizer().logActions(as: "press", into: log)
        press.delaysTouchesBegan = true
        view.addGestureRecognizer(press)
        sim.longPress(at: CGPoint(x: 20, y: 20), duration: 0.7)
        #expect(log.entries == ["press began", "press ended"])
    }

    @Test("disabling a recognizer mid-gesture cancels it: one cancelled action, then silence")
    func disableMidGesture() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let pan = UIPanGestureRecognizer()
        pan.addTarget(log) { recognizer in
            log.append("pan \(recognizer.state)")
            if recognizer.state == .changed { recognizer.isEnabled = false }
        }
        view.addGestureRecognizer(pan)
        sim.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 10, y: 110), steps: 5)
        #expect(log.entries == ["view began [1]", "view cancelled [1]", "pan began", "pan changed", "pan cancelled"])
        #expect(causes(of: pan, in: sim.trace).last == "cancelled: disabled")
    }

    @Test("removing a recognizer inside its own action stops it cleanly")
    func removeInsideAction() {
        let log = EventLog()
        let (sim, view) = singleViewScene(log)
        let tap = UITapGestureRecognizer()
        tap.addTarget(log) { recognizer in
            log.append("tap")
            recognizer.view?.removeGestureRecognizer(recognizer)
        }
        view.addGestureRecognizer(tap)
        sim.tap(at: CGPoint(x: 10, y: 10))
        sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(log.entries == ["view began [1]", "view cancelled [1]", "tap", "view began [2]", "view ended [2]"])
        #expect(tap.view == nil && tap.state == .possible)
    }

    @Test("removing the recognizer's view inside an action stops the recognizer; no more actions run")
    func removeViewInsideAction() {
        let log = EventLog()
        let window = makeWindow()
        let piece = LoggingView("piece", frame: CGRect(x: 0, y: 0, width: 100, height: 100), log: log)
        window.addSubview(piece)
        let sim = TouchSimulator(window: window)
        let pan = UIPanGestureRecognizer()
        pan.addTarget(log) { recognizer in
            log.append("pan \(recognizer.state)")
            if recognizer.state == .changed { recognizer.view?.removeFromSuperview() }
        }
        piece.addGestureRecognizer(pan)
        sim.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 10, y: 110), steps: 5)
        #expect(log.entries == ["piece began [1]", "piece cancelled [1]", "pan began", "pan changed"])
        #expect(causes(of: pan, in: sim.trace).last == "cancelled: removed")
        #expect(pan.state == .possible)
    }
}

final class BeganProbeView: UIView {
    var began: [String] = []
    var ended: [String] = []
    private func describe(_ touch: UITouch) -> String {
        let p = touch.location(in: self)
        return "finger \(touch.fingerID) at (\(p.x), \(p.y))"
    }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches { began.append(describe(touch) + " t=\(touch.timestamp) event t=\(event?.timestamp ?? -1)") }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches { ended.append(describe(touch)) }
    }
}

/// A view that refuses every recognizer and notes that it was asked.
private final class VetoingView: UIView {
    var log: EventLog?
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        log?.append("view asked")
        return false
    }
}

/// A delegate that allows and notes that it was asked.
private final class AskedDelegate: UIGestureRecognizerDelegate {
    let log: EventLog
    init(_ log: EventLog) { self.log = log }
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        log.append("delegate asked")
        return true
    }
}

@Suite("Who may veto a recognizer")
struct VetoOrderTests {
    @Test("UIKit rule: the views are asked gestureRecognizerShouldBegin first; after a view's veto the delegate is not asked")
    func viewsBeforeDelegate() {
        let log = EventLog()
        let window = makeWindow(width: 300, height: 300)
        let view = VetoingView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        view.log = log
        let tap = UITapGestureRecognizer { _ in log.append("tap") }
        let delegate = AskedDelegate(log)
        tap.delegate = delegate
        view.addGestureRecognizer(tap)
        window.addSubview(view)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 50, y: 50))
        #expect(log.entries == ["view asked"])
        #expect(tap.state == .possible)
        withExtendedLifetime(delegate) {}
    }
}
