import Foundation
import Testing
import TouchKit
import TouchTestSupport

@Suite("Touch delivery to views")
struct TouchDeliveryTests {
    @Test("one touch through a three-level tree: the whole trace")
    func threeLevelTrace() {
        let log = EventLog()
        let window = makeWindow()
        let root = LoggingView("root", frame: window.bounds, log: log)
        let card = UIView(frame: CGRect(x: 20, y: 100, width: 200, height: 200))
        card.accessibilityIdentifier = "card"
        let ok = LoggingView("ok", frame: CGRect(x: 10, y: 10, width: 80, height: 40), log: log)
        let overlay = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
        overlay.isHidden = true
        card.addSubview(ok)
        root.addSubview(card)
        root.addSubview(overlay)
        window.addSubview(root)
        let sim = TouchSimulator(window: window)
        let finger = sim.touchDown(at: CGPoint(x: 50, y: 130))
        sim.advance(by: 0.1)
        sim.touchMove(finger, to: CGPoint(x: 300, y: 500))
        sim.advance(by: 0.1)
        sim.touchUp(finger)
        #expect(
            sim.trace.text == """
                0.000000 input    finger 1 began at (50.00, 130.00)
                0.000000 hittest  finger 1 starts at UIWindow (50.00, 130.00)
                0.000000 hittest  visit UIWindow at (50.00, 130.00)
                0.000000 hittest  visit LoggingView#root at (50.00, 130.00)
                0.000000 hittest  pass UIView@root.1: isHidden is true
                0.000000 hittest  visit UIView#card at (30.00, 30.00)
                0.000000 hittest  visit LoggingView#ok at (20.00, 20.00)
                0.000000 hittest  finger 1 -> LoggingView#ok
                0.000000 event    sendEvent to UIWindow with 1 changed touch
                0.000000 chain    finger 1: LoggingView#ok > UIView#card > LoggingView#root > UIWindow > UIApplication
                0.000000 deliver  touchesBegan -> LoggingView#ok [1]
                0.100000 input    finger 1 moved at (300.00, 500.00)
                0.100000 event    sendEvent to UIWindow with 1 changed touch
                0.100000 deliver  touchesMoved -> LoggingView#ok [1]
                0.200000 input    finger 1 ended at (300.00, 500.00)
                0.200000 event    sendEvent to UIWindow with 1 changed touch
                0.200000 deliver  touchesEnded -> LoggingView#ok [1]

                """)
        #expect(log.entries == ["ok began [1]", "ok moved [1]", "ok ended [1]"])
    }

    @Test("a touch stays bound to its view for its whole life, even outside it")
    func boundForLife() {
        let log = EventLog()
        let window = makeWindow()
        let left = LoggingView("left", frame: CGRect(x: 0, y: 0, width: 100, height: 100), log: log)
        let right = LoggingView("right", frame: CGRect(x: 100, y: 0, width: 100, height: 100), log: log)
        window.addSubview(left)
        window.addSubview(right)
        let sim = TouchSimulator(window: window)
        sim.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 150, y: 50), steps: 2)
        #expect(log.entries == ["left began [1]", "left moved [1]", "left moved [1]", "left ended [1]"])
    }

    @Test("touches of one view in one event arrive in one call; other views get their own")
    func groupedPerViewPerCall() {
        let log = EventLog()
        let window = makeWindow()
        let left = LoggingView("left", frame: CGRect(x: 0, y: 0, width: 100, height: 100), log: log)
        left.isMultipleTouchEnabled = true
        let right = LoggingView("right", frame: CGRect(x: 100, y: 0, width: 100, height: 100), log: log)
        window.addSubview(left)
        window.addSubview(right)
        let sim = TouchSimulator(window: window)
        let fingers = sim.touchDown(at: [CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 20), CGPoint(x: 150, y: 10)])
        sim.touchMove([fingers[0]], to: [CGPoint(x: 12, y: 10)])
        sim.touchUp(fingers)
        #expect(
            log.entries == [
                "left began [1,2]", "right began [3]", "left moved [1]", "left ended [1,2]", "right ended [3]",
            ])
    }

    @Test("a view with multiple touch off gets only its first touch; recognizers still see the rest")
    func multipleTouchDisabled() {
        let log = EventLog()
        let window = makeWindow()
        let view = LoggingView("single", frame: CGRect(x: 0, y: 0, width: 200, height: 200), log: log)
        let pinch = UIPinchGestureRecognizer { log.append("pinch \($0.state)") }
        pinch.cancelsTouchesInView = false
        view.addGestureRecognizer(pinch)
        window.addSubview(view)
        let sim = TouchSimulator(window: window)
        let first = sim.touchDown(at: CGPoint(x: 50, y: 100))
        let second = sim.touchDown(at: CGPoint(x: 150, y: 100))
        sim.touchMove([first, second], to: [CGPoint(x: 30, y: 100), CGPoint(x: 170, y: 100)])
        sim.touchUp([first, second])
        #expect(log.entries == ["single began [1]", "pinch began", "single moved [1]", "pinch ended", "single ended [1]"])
        #expect(
            sim.trace.lines.contains {
                $0.hasSuffix("finger 2 blocked: LoggingView#single has isMultipleTouchEnabled = false and already has a touch")
            })
    }

    @Test("an exclusive-touch view blocks other views' touches while it has one, and is blocked by theirs")
    func exclusiveTouch() {
        let log = EventLog()
        let window = makeWindow()
        let exclusive = LoggingView("exclusive", frame: CGRect(x: 0, y: 0, width: 100, height: 100), log: log)
        exclusive.isExclusiveTouch = true
        let other = LoggingView("other", frame: CGRect(x: 100, y: 0, width: 100, height: 100), log: log)
        window.addSubview(exclusive)
        window.addSubview(other)
        let sim = TouchSimulator(window: window)
        let a = sim.touchDown(at: CGPoint(x: 10, y: 10))
        let b = sim.touchDown(at: CGPoint(x: 150, y: 10))
        sim.touchUp([a, b])
        let c = sim.touchDown(at: CGPoint(x: 150, y: 10))
        let d = sim.touchDown(at: CGPoint(x: 10, y: 10))
        sim.touchUp([c, d])
        #expect(log.entries == ["exclusive began [1]", "exclusive ended [1]", "other began [3]", "other ended [3]"])
    }

    @Test(
        "tapCount counts quick taps near the same place",
        arguments: [
            (0.1, CGFloat(5), [1, 2, 3]), (0.5, CGFloat(0), [1, 1, 1]), (0.1, CGFloat(60), [1, 1, 1]),
        ])
    func tapCount(interval: TimeInterval, step: CGFloat, expected: [Int]) {
        let window = makeWindow()
        let recorder = TapCountView(frame: window.bounds)
        window.addSubview(recorder)
        let sim = TouchSimulator(window: window)
        for index in 0..<3 {
            sim.tap(at: CGPoint(x: 100 + step * CGFloat(index), y: 100), interval: 0)
            sim.advance(by: interval)
        }
        #expect(recorder.counts == expected)
    }

    @Test("allTouches includes stationary touches; touches(for:) filters by view")
    func eventContents() {
        let window = makeWindow()
        let left = EventProbeView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let right = EventProbeView(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
        window.addSubview(left)
        window.addSubview(right)
        let sim = TouchSimulator(window: window)
        let a = sim.touchDown(at: CGPoint(x: 10, y: 10))
        let b = sim.touchDown(at: CGPoint(x: 150, y: 10))
        sim.touchMove(a, to: CGPoint(x: 20, y: 10))
        #expect(left.lastPhases == ["moved", "stationary"])
        #expect(left.lastOwnCount == 1)
        sim.touchUp([a, b])
    }

    @Test("a view that does not handle touches forwards them to its next responder")
    func forwarding() {
        let log = EventLog()
        let window = makeWindow()
        let handler = LoggingView("handler", frame: CGRect(x: 0, y: 0, width: 200, height: 200), log: log)
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        handler.addSubview(plain)
        window.addSubview(handler)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 10, y: 10))
        #expect(log.entries == ["handler began [1]", "handler ended [1]"])
        #expect(sim.trace.lines.contains { $0.hasSuffix("touchesBegan forwarded UIView@handler.0 -> LoggingView#handler") })
    }

    @Test("a finger past the simultaneous-touch limit is dropped, and the touches already down go on")
    func tooManyTouches() {
        let log = EventLog()
        let window = makeWindow()
        let view = LoggingView("view", frame: window.bounds, log: log)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        let sim = TouchSimulator(window: window)
        var observed: [Int] = []
        sim.application.addInputObserver { batch, _ in observed += batch.map(\.finger) }
        let limit = UIApplication.maximumSimultaneousTouches
        let points = (0...limit).map { CGPoint(x: 5 + CGFloat($0), y: 5) }
        sim.send(points.enumerated().map { TouchSample(finger: 100 + $0.offset, phase: .began, location: $0.element) })
        // A recorder is told exactly what the engine takes: not the finger it drops.
        #expect(observed == Array(100..<100 + limit))
        let drops = sim.trace.entries.filter { if case .inputDropped = $0.event { true } else { false } }
        #expect(drops.map(\.event) == [.inputDropped(finger: 100 + limit, phase: .began, reason: .tooManyTouches)])
        #expect(log.entries == ["view began [" + (100..<100 + limit).map(String.init).joined(separator: ",") + "]"])
        // Lifting one frees a place for another.
        sim.send([TouchSample(finger: 100, phase: .ended, location: points[0])])
        sim.send([TouchSample(finger: 999, phase: .began, location: points[0])])
        #expect(log.entries.last == "view began [999]")
    }

    @Test("samples that make no sense are dropped with a note, never trusted")
    func badSamples() {
        let log = EventLog()
        let window = makeWindow()
        let view = LoggingView("view", frame: window.bounds, log: log)
        window.addSubview(view)
        let sim = TouchSimulator(window: window)
        sim.send([TouchSample(finger: 9, phase: .moved, location: CGPoint(x: 1, y: 1))])
        sim.send([TouchSample(finger: 5, phase: .began, location: CGPoint(x: CGFloat.nan, y: 1))])
        let finger = sim.touchDown(at: CGPoint(x: 5, y: 5))
        sim.send([TouchSample(finger: finger.id, phase: .began, location: CGPoint(x: 6, y: 6))])
        sim.touchUp(finger)
        #expect(log.entries == ["view began [10]", "view ended [10]"])
        let drops = sim.trace.entries.compactMap { entry -> TraceEvent? in
            if case .inputDropped = entry.event { return entry.event }
            return nil
        }
        #expect(
            drops == [
                .inputDropped(finger: 9, phase: .moved, reason: .notDownOrAlreadyChanged),
                .inputDropped(finger: 5, phase: .began, reason: .locationNotFinite),
                .inputDropped(finger: 10, phase: .began, reason: .alreadyDown),
            ])
        // The text is the note it always was.
        #expect(
            drops.map(\.textParts.body) == [
                "dropped finger 9 moved: that finger is not down or already changed in this event",
                "dropped finger 5 began: location is not finite",
                "dropped finger 10 began: that finger is already down",
            ])
        #expect(drops.allSatisfy { $0.textParts.category == "note" })
    }
}

final class TapCountView: UIView {
    var counts: [Int] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        counts.append(touches.first?.tapCount ?? 0)
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

final class EventProbeView: UIView {
    var lastPhases: [String] = []
    var lastOwnCount = 0
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        lastPhases = (event?.allTouches ?? []).sorted { $0.fingerID < $1.fingerID }.map(\.phase.description)
        lastOwnCount = event?.touches(for: self)?.count ?? 0
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
}
