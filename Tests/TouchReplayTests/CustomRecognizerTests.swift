import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes

// Issue 27's check: a recognizer written outside TouchKit, on the public surface only (no
// `@testable import`), behaves, traces and describes itself exactly as a built-in does.

extension RecognizerTimer {
    /// The test recognizer's own timer.
    static let settle = RecognizerTimer("settle")
}

extension RecognizerRule {
    /// The test recognizer's own rules.
    static func heldPastSettle(_ seconds: Double) -> RecognizerRule {
        .custom(kind: "heldPastSettle", text: "held longer than settle \(seconds) s")
    }
    static let liftedInTime = RecognizerRule.custom(kind: "liftedInTime", text: "lifted before settle")
}

/// A quick single tap: lifts within `settle` seconds. It declares a tap trait, so UIKit's tap
/// rules (a button refuses another view's single tap) apply to it as to `UITapGestureRecognizer`.
final class QuickTapRecognizer: UIGestureRecognizer {
    var settle: TimeInterval = 0.3

    override var tapRequirement: TapRequirement? { TapRequirement(taps: 1, touches: 1) }

    override var describedSettings: RecognizerSettings {
        RecognizerSettings(summary: ["settle \(settle) s"], values: ["settle": settle])
    }

    override func restoreSettings(_ values: [String: Double]) {
        if let settle = values["settle"] { self.settle = settle }
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let settle = settle
        recognizerContext.schedule(after: settle, .settle) { recognizer in
            recognizer.recognizerContext.fail(.heldPastSettle(settle))
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        recognizerContext.cancelTimers()
        recognizerContext.setState(.ended, .liftedInTime)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        recognizerContext.fail(.touchesCancelled)
    }
}

@Suite("A recognizer from outside TouchKit uses the same doors as the built-ins")
struct CustomRecognizerTests {
    func scene(_ recognizer: UIGestureRecognizer, onButton: Bool = false) -> (TouchSimulator, UIView, UIButton) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let root = UIView(frame: window.bounds)
        root.accessibilityIdentifier = "root"
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 80, height: 40))
        button.accessibilityIdentifier = "pay"
        root.addSubview(button)
        window.addSubview(root)
        root.addGestureRecognizer(recognizer)
        return (TouchSimulator(window: window), root, button)
    }

    func stateChanges(_ trace: Trace) -> [(from: String, to: String, cause: String)] {
        trace.entries.compactMap { entry in
            guard case .gestureState(_, let from, let to, let cause) = entry.event else { return nil }
            return ("\(from)", "\(to)", cause.description)
        }
    }

    /// One finger held on the root view for `seconds`, then lifted.
    func held(_ recognizer: UIGestureRecognizer, for seconds: TimeInterval) -> TouchSimulator {
        let (sim, _, _) = scene(recognizer)
        let finger = sim.touchDown(at: CGPoint(x: 20, y: 20))
        sim.advance(by: seconds)
        sim.touchUp(finger)
        return sim
    }

    @Test("its timer fires as its own code and fails it with its own reason, traced like a built-in's rule")
    func timerAndReason() throws {
        let quick = QuickTapRecognizer(target: nil, action: nil)
        quick.name = "quick"
        let sim = held(quick, for: 0.5)
        let changes = stateChanges(sim.trace)
        #expect(changes.count == 1)
        #expect(changes.first?.from == "possible" && changes.first?.to == "failed")
        #expect(changes.first?.cause == "held longer than settle 0.3 s")
        let line = try #require(sim.trace.lines.first { $0.contains("possible -> failed") })
        // The same shape as a built-in tap held too long.
        let tap = UITapGestureRecognizer(target: nil, action: nil)
        tap.name = "tap"
        let builtIn = held(tap, for: 2)
        let reference = try #require(builtIn.trace.lines.first { $0.contains("possible -> failed") })
        func shape(_ text: String) -> String {
            text.replacingOccurrences(of: #"\(.*\)$"#, with: "(…)", options: .regularExpression)
                .replacingOccurrences(of: #"^[0-9.]+ +"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"\S*#\S+"#, with: "R", options: .regularExpression)
        }
        #expect(shape(line) == shape(reference), "\(line) vs \(reference)")
        // JSON and golden records carry the rule's stable kind, as for a built-in rule.
        let entry = try #require(sim.trace.entries.first { if case .gestureState = $0.event { true } else { false } })
        let json = JSONWriter.compact(entry.jsonObject)
        #expect(json.contains(#""rule":"heldPastSettle""#), "\(json)")
        let golden = GoldenExtractor.records(of: sim.trace.entries).filter { $0.kind == "recognizer" }
        #expect(golden.count == 1)
        #expect(golden.first.map { $0.description.contains("rule=heldPastSettle") } == true, "\(golden)")
    }

    @Test("lifting in time recognizes it with its own reason and runs its action")
    func recognizes() {
        var fired = 0
        let quick = QuickTapRecognizer(target: nil) { _ in fired += 1 }
        let (sim, _, _) = scene(quick)
        sim.tap(at: CGPoint(x: 20, y: 20))
        #expect(fired == 1)
        #expect(stateChanges(sim.trace).map(\.cause) == ["lifted before settle"])
    }

    @Test("its tap trait makes a UIButton refuse it exactly as it refuses a single-tap UITapGestureRecognizer")
    func beatenByButton() {
        for recognizer in [QuickTapRecognizer(target: nil, action: nil), UITapGestureRecognizer(target: nil, action: nil)] {
            var upInside = 0
            let (sim, _, button) = scene(recognizer)
            button.addAction(UIAction { _ in upInside += 1 }, for: .touchUpInside)
            sim.tap(at: CGPoint(x: 140, y: 120))
            let changes = stateChanges(sim.trace)
            #expect(changes.map(\.to) == ["failed"], "\(type(of: recognizer))")
            #expect(changes.first?.cause.contains("UIButton#pay") == true, "\(changes)")
            #expect(upInside == 1, "\(type(of: recognizer))")
        }
    }

    @Test("it describes its settings: the inspector shows them and a checkpoint restores them")
    func describesItself() throws {
        let quick = QuickTapRecognizer(target: nil, action: nil)
        quick.settle = 0.7
        let (sim, root, _) = scene(quick)
        let inspection = ViewInspection(view: root)
        let lines = inspection.sections.flatMap(\.lines).map { "\($0.label) \($0.value)" }
        #expect(lines.contains { $0.contains("settle 0.7 s") }, "\(lines)")
        let snapshot = try #require(EngineSnapshot(capturing: sim.application))
        let (fresh, _, _) = scene(QuickTapRecognizer(target: nil, action: nil))
        #expect(snapshot.restore(into: fresh.application))
        let restored = fresh.window.subviews.first?.gestureRecognizers?.first as? QuickTapRecognizer
        #expect(restored?.settle == 0.7)
    }
}
