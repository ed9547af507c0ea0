import Foundation
import Testing
import TouchTestSupport

@testable import TouchKit

/// `why SESSION --finger N`'s answer, read from the trace: the exact fate of a recorded touch.
@Suite("The fate of a recorded touch, from the trace")
struct TouchFateTests {
    @Test("a swipe prevented by a scroll view's pan: the pan recognizes, the swipe fails, naming the pan")
    func swipePreventedByPan() throws {
        let window = makeWindow()
        let scroll = UIScrollView(frame: window.bounds)
        scroll.accessibilityIdentifier = "carousel"
        scroll.contentSize = CGSize(width: 2000, height: 844)
        let card = UIView(frame: CGRect(x: 20, y: 100, width: 300, height: 300))
        card.accessibilityIdentifier = "card"
        let swipe = UISwipeGestureRecognizer(target: nil, action: nil)
        swipe.name = "dismiss"
        swipe.direction = .up
        card.addGestureRecognizer(swipe)
        scroll.addSubview(card)
        window.addSubview(scroll)
        let sim = TouchSimulator(window: window)
        sim.drag(from: CGPoint(x: 200, y: 250), to: CGPoint(x: 80, y: 250), duration: 0.3, steps: 10)
        let fate = TouchFate(entries: sim.trace.entries, finger: 1)
        #expect(fate.hitView == "UIView#card")
        let pan = try #require(fate.recognizers.first { $0.name.contains("UIScrollView#carousel") && $0.name.contains("Pan") })
        #expect(pan.changes.first?.to == .began)
        let dismiss = try #require(fate.recognizers.first { $0.name == swipe.traceName })
        #expect(dismiss.outcome == .failed)
        let cause = try #require(dismiss.changes.last?.cause)
        // Whichever rule or rival failed it, the answer says it as the trace does.
        #expect(fate.lines.contains { $0.contains("possible -> failed: \(cause)") })
        // UIKit's delaysContentTouches: the scroll view held the card's touchesBegan and its pan
        // recognized first, so the card never got the touch; the answer says so, not "cancelled".
        let cardPart = fate.views.first { $0.name == "UIView#card" }
        #expect(cardPart?.methods.isEmpty ?? true)
        #expect(!fate.lines.contains { $0.hasPrefix("  UIView#card") && $0.contains("cancelled by") }, "\(fate.lines)")
        #expect(cause == .preventedBy(pan.name))
        #expect(fate.lines.contains { $0.contains("changed 9 times as the fingers moved") }, "\(fate.lines)")
    }

    @Test("a view whose touchesBegan was held and then taken is said never to have begun, not to be cancelled")
    func neverBegan() throws {
        let window = makeWindow()
        let log = EventLog()
        let view = LoggingView("target", frame: window.bounds, log: log)
        let tap = UITapGestureRecognizer(target: nil, action: nil)
        tap.name = "holder"
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)
        window.addSubview(view)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 100, y: 100))
        #expect(log.entries.isEmpty, "the view saw nothing: \(log.entries)")
        let fate = TouchFate(entries: sim.trace.entries, finger: 1)
        let part = try #require(fate.recognizers.first { $0.name == tap.traceName })
        #expect(part.outcome == .ended)
        #expect(part.delayed == [.touchesBegan])
        let text = fate.lines.joined(separator: "\n")
        #expect(!text.contains("cancelled by"), "\(text)")
        if let taken = fate.views.first(where: { $0.name == view.traceName }) {
            #expect(taken.takenBeforeBegan)
            #expect(text.contains("never began there"))
        }
    }

    @Test("a finger that never touched down is not found; a finger used twice is told by occurrence")
    func occurrences() {
        let window = makeWindow()
        window.addSubview(UIView(frame: window.bounds))
        let sim = TouchSimulator(window: window)
        sim.send([TouchSample(finger: 7, phase: .began, location: CGPoint(x: 10, y: 10))])
        sim.send([TouchSample(finger: 7, phase: .ended, location: CGPoint(x: 10, y: 10))])
        sim.advance(by: 1)
        sim.send([TouchSample(finger: 7, phase: .began, location: CGPoint(x: 50, y: 60))])
        sim.send([TouchSample(finger: 7, phase: .ended, location: CGPoint(x: 50, y: 60))])
        #expect(!TouchFate(entries: sim.trace.entries, finger: 3).found)
        #expect(TouchFate(entries: sim.trace.entries, finger: 7).began?.x == 10)
        #expect(TouchFate(entries: sim.trace.entries, finger: 7, occurrence: 2).began?.x == 50)
        // Each touch's entries stop where the next touch of the finger begins.
        let entries = Array(sim.trace.entries)
        let first = TouchFate(entries: entries, finger: 7).entryRange
        let second = TouchFate(entries: entries, finger: 7, occurrence: 2).entryRange
        #expect(first.upperBound <= second.lowerBound)
        #expect(entries[second.lowerBound].event == .input(finger: 7, phase: .began, x: 50, y: 60))
    }

    @Test("a disabled recognizer on the path is listed as not having seen the touch, with why")
    func disabledOnPath() {
        let window = makeWindow()
        let parent = UIView(frame: window.bounds)
        parent.accessibilityIdentifier = "parent"
        let tap = UITapGestureRecognizer(target: nil, action: nil)
        tap.name = "off"
        tap.isEnabled = false
        parent.addGestureRecognizer(tap)
        parent.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200)))
        window.addSubview(parent)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 50, y: 50))
        var fate = TouchFate(entries: sim.trace.entries, finger: 1)
        fate.noteUnseen(in: window, entries: sim.trace.entries)
        #expect(fate.recognizers.isEmpty)
        #expect(fate.unseen.map(\.name) == [tap.traceName])
        #expect(fate.unseen.first?.reason.contains("isEnabled is false") == true)
        #expect(fate.lines.contains("Recognizers on its path that did not see it:"))
    }

    @Test("UIKit rule: a single tap waiting for a double tap to fail takes no new touch; the answer says it was waiting, and for how long")
    func waitingTakesNoTouch() throws {
        let window = makeWindow()
        let view = UIView(frame: window.bounds)
        let double = UITapGestureRecognizer(target: nil, action: nil)
        double.name = "double"
        double.numberOfTapsRequired = 2
        let single = UITapGestureRecognizer(target: nil, action: nil)
        single.name = "single"
        single.require(toFail: double)
        view.addGestureRecognizer(double)
        view.addGestureRecognizer(single)
        window.addSubview(view)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 100, y: 100), count: 2)
        var second = TouchFate(entries: sim.trace.entries, finger: 2)
        second.noteUnseen(in: window, entries: sim.trace.entries)
        #expect(
            second.unseen.first { $0.name == single.traceName }?.reason.contains("waiting for \(double.traceName) to fail") == true,
            "\(second.unseen)")
        let first = TouchFate(entries: sim.trace.entries, finger: 1)
        let part = try #require(first.recognizers.first { $0.name == single.traceName })
        #expect(part.waitedFor.map(\.other) == [double.traceName])
        #expect(first.lines.contains { $0.contains("waited for \(double.traceName) to fail (require(toFail:)) for") }, "\(first.lines)")
    }

    @Test("a rule that rests on one of UIKit's private values says so where it is used")
    func approximations() {
        #expect(TouchFate.rule(for: .rule(.noNextTap(tap: 2, interval: 0.35)))?.hasPrefix("approximation:") == true)
        #expect(TouchFate.rule(for: .rule(.movedPastHysteresis(distance: 12, hysteresis: 10)))?.contains("pan hysteresis") == true)
        #expect(TouchFate.rule(for: .rule(.tapsRecognized(taps: 1, fingers: 1))) == nil, "a documented value is not an approximation")
        #expect(TouchFate.rule(for: .preventedBy("x"))?.hasPrefix("UIKit's default") == true)
    }
}
