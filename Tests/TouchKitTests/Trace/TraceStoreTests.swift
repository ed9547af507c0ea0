import Foundation
import Testing

@testable import TouchKit

/// The compact trace storage gives back exactly what was recorded.
@Suite("Trace storage round-trips every entry")
struct TraceStoreTests {
    static let events: [TraceEvent] = [
        .input(finger: 1, phase: .began, x: 12.345, y: -0.001),
        .input(finger: -7, phase: .cancelled, x: .nan, y: 1e300),
        .input(finger: Int.max, phase: .moved, x: 0.1 + 0.2, y: -.infinity),
        .sendEvent(window: "UIWindow", touches: 3),
        .hitTestBegan(finger: 2, window: "UIWindow", x: 1e6, y: 3.14159),
        .hitVisit(view: "UIView#a", x: 115.420000001, y: 0),
        .hitPassed(view: "UIView#b", reason: .pointInsideOverride),
        .hitSkippedSubviews(view: "UIView#c", count: 9999, names: ["UIView#d", "UIView#e"]),
        .hitOverride(view: "Cell#d", result: nil), .hitOverride(view: "Cell#d", result: "UIButton#join"),
        .hitPointInsideOverride(view: "UIView#e"),
        .hitResult(finger: 1, view: nil), .hitResult(finger: 1, view: "UIButton#pay"),
        .responderChain(finger: 1, chain: ["UIButton#pay", "UIView@0", "UIWindow", "UIApplication"]),
        .responderChain(finger: 2, chain: []),
        .touchBlocked(finger: 3, reason: .exclusiveTouchDown(view: "UIView#x")),
        .touchBlocked(finger: 3, reason: .exclusiveView(view: "UIView#y")),
        .touchBlocked(finger: 3, reason: .multipleTouchDisabled(view: "UIView#z")),
        .inputDropped(finger: 4, phase: .ended, reason: .notDownOrAlreadyChanged),
        .deliver(method: .touchesMoved, responder: "UIView#a", fingers: FingerIDs([3, 1, 2])),
        .deliver(method: .touchesBegan, responder: "UIView#a", fingers: FingerIDs(5)),
        .forward(method: .touchesCancelled, from: "UIView#a", to: "UIWindow"),
        .touchDelayed(finger: 1, method: .touchesEnded, by: "UITapGestureRecognizer#double"),
        .touchReleased(finger: 1, method: .touchesBegan),
        .touchCancelledInView(finger: 1, view: "UIView#a", by: .recognizer("UIPanGestureRecognizer#pan")),
        .touchCancelledInView(finger: 1, view: "UIView#a", by: .removalFromWindow),
        .gestureBound(recognizer: "UIPanGestureRecognizer#pan", finger: 1),
        .gestureIgnored(recognizer: "UIPanGestureRecognizer#pan", finger: 1, reason: .delegateRefused),
        .gestureIgnored(recognizer: "UIPanGestureRecognizer#pan", finger: 1, reason: .ignoreCalled),
        .gestureState(
            recognizer: "UIPanGestureRecognizer#pan", from: .possible, to: .began,
            cause: .rule(.movedPastHysteresis(distance: 10.5, hysteresis: 10))),
        .gestureState(recognizer: "UITap", from: .possible, to: .failed, cause: .touches(.touchesMoved, FingerIDs([1, 2]))),
        .gestureWaiting(recognizer: "a", for: "b"),
        .gestureIllegalTransition(recognizer: "a", from: .ended, to: .began),
        .gestureAction(recognizer: "a", state: .changed, targets: 2),
        .gestureReset(recognizer: "a"),
        .controlTracking(control: "UIButton#b", phase: .continue, inside: false),
        .controlEvent(control: "UIButton#b", event: .touchUpInside),
        .controlAction(control: "UIButton#b", event: [.touchUpInside, .primaryActionTriggered], action: "closure"),
        .scrollOffset(view: "UIScrollView#s", x: 0, y: 123.456),
        .scrollDecision(view: "UIScrollView#s", content: "UIButton#b", decision: .touchesShouldCancelRefused),
        .actionSent(action: "blink", target: nil, sender: "UIButton#b"),
        .eventRouted(event: "ping", from: "a", to: "b"),
        .firstResponder(nil), .firstResponder("UIView#f"),
        .loopStopped(responder: "UIView#p", what: "route \"ping\"", depth: 32),
        .note("a note with\nnewlines and ünïcödé"), .marker(""),
    ]

    @Test("every case, with edge values, comes back equal; times too")
    func everyCase() {
        let store = TraceStore()
        var written: [TraceEntry] = []
        for (index, event) in Self.events.enumerated() {
            let entry = TraceEntry(micros: Int64(index * index * 997), event: event)
            store.append(entry)
            written.append(entry)
        }
        for (index, entry) in written.enumerated() {
            let read = store.entry(at: index)
            #expect(read.micros == entry.micros)
            #expect(read.event.textParts == entry.event.textParts, "\(entry.event)")
            if case .input(_, _, let x, _) = entry.event, x.isNaN { continue }
            #expect(read == entry)
        }
    }

    @Test(
        "a coordinate comes back bit for bit: millipoints when exact, its 8 bytes otherwise (sign of zero, NaN, tiny, huge)",
        arguments: [
            0.0, -0.0, 0.5, -0.001, 999.5, 12.345, 0.1 + 0.2, 1e-300, -1e-300, 8.999e12, 9e12, -9e12, 1e13, 1e300,
            Double.nan, .infinity, -.infinity, Double(Int64.max), 9_007_199_254_740.993, .leastNonzeroMagnitude,
        ])
    func coordinateBits(value: Double) {
        let store = TraceStore()
        store.append(TraceEntry(micros: 0, event: .hitVisit(view: "v", x: value, y: -value)))
        guard case .hitVisit(_, let x, let y) = store.entry(at: 0).event else {
            Issue.record("not a hit visit")
            return
        }
        #expect(x.bitPattern == value.bitPattern && y.bitPattern == (-value).bitPattern, "\(value)")
    }

    @Test(
        "the trace writes the chain as responderChain names it, loops and changes included, with and without a listener",
        arguments: [false, true])
    func tracedChain(listening: Bool) {
        let responders = (0..<5000).map { LoopingResponder("r\($0)") }
        for (index, responder) in responders.enumerated() {
            responder.link = responders[(index + 1) % responders.count]
        }
        let head = LoopingResponder("head")
        head.link = responders[1]
        let short = LoopingResponder("short")
        short.link = responders[4998]
        let trace = Trace(clock: VirtualClock())
        if listening { trace.addListener { _ in } }
        var expected: [[String]] = []
        for subject in [responders[0], head, short, head] {
            trace.recordResponderChain(finger: 1, subject)
            expected.append(subject.responderChain.map(\.traceName))
        }
        head.link = short  // the same head, now with a two-link tail into the loop
        trace.recordResponderChain(finger: 1, head)
        expected.append(head.responderChain.map(\.traceName))
        let written = trace.entries.compactMap { entry -> [String]? in
            if case .responderChain(_, let chain) = entry.event { chain } else { nil }
        }
        #expect(written == expected)
        #expect(written.map(\.count) == [5000, 5001, 5001, 5001, 5002])
    }

    @Test("a long run reads back the same sequentially, by index, and after truncation")
    func longRun() {
        let store = TraceStore()
        var written: [TraceEntry] = []
        var micros: Int64 = 0
        for index in 0..<5_000 {
            micros += Int64(index % 7 == 0 ? 0 : index % 13)
            let entry = TraceEntry(micros: micros, event: Self.events[index % Self.events.count])
            if case .input(_, _, let x, _) = entry.event, x.isNaN { continue }
            store.append(entry)
            written.append(entry)
        }
        let entries = TraceEntries(base: nil, store: store)
        #expect(Array(entries) == written)
        #expect(entries[4_000] == written[4_000])
        store.truncate(to: 1_234)
        #expect(store.count == 1_234)
        #expect(Array(TraceEntries(base: nil, store: store)) == Array(written.prefix(1_234)))
        store.append(written[1_234])
        #expect(store.entry(at: 1_234) == written[1_234])
    }

    @Test("a trace's entries are what its listeners saw, on random streams", arguments: 1...20)
    func listenerAgreement(seed: UInt64) {
        let run = RandomStreamRun(seed: seed)
        var seen: [TraceEntry] = []
        run.simulator.trace.addListener { seen.append($0) }
        run.play()
        #expect(Array(run.simulator.trace.entries) == seen, "seed \(seed)")
        #expect(seen.count > 100)
    }

    @Test("the fast paths (no listener) store exactly what the general path (a listener) stores", arguments: 1...30)
    func fastPathsAgree(seed: UInt64) {
        let fast = RandomStreamRun(seed: seed)
        fast.play()
        let general = RandomStreamRun(seed: seed)
        general.simulator.trace.addListener { _ in }
        general.play()
        #expect(Array(fast.simulator.trace.entries) == Array(general.simulator.trace.entries), "seed \(seed)")
    }

    @Test("a name cached for one trace store is not used by another; a renamed view gets its new name")
    func nameIDs() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = UIView(frame: window.bounds)
        view.accessibilityIdentifier = "first"
        window.addSubview(view)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 5, y: 5))
        view.accessibilityIdentifier = "second"
        sim.tap(at: CGPoint(x: 5, y: 5))
        let other = TouchSimulator(window: window, application: UIApplication())
        other.tap(at: CGPoint(x: 5, y: 5))
        func visits(_ trace: Trace) -> [String] {
            trace.entries.compactMap { if case .hitVisit(let name, _, _) = $0.event { name } else { nil } }
        }
        #expect(visits(sim.trace) == ["UIWindow", "UIView#first", "UIWindow", "UIView#second"])
        #expect(visits(other.trace) == ["UIWindow", "UIView#second"])
    }
}
