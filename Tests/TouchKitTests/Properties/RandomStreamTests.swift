import Foundation
import Testing
import TouchKit

/// The engine under random touch streams: random trees with random recognizers, controls, scroll
/// views and hit-test overrides; up to 10 fingers; views and recognizers removed from inside
/// callbacks. Each stream is built from its seed alone, so a failure names the seed to replay.
@Suite("Invariants under random touch streams")
struct RandomStreamTests {
    /// 200 streams by default; `TOUCHSCOPE_STREAMS=N` runs N (a longer soak, by hand).
    static let seeds: [UInt64] = Array(
        1...UInt64(ProcessInfo.processInfo.environment["TOUCHSCOPE_STREAMS"].flatMap { Int($0) }.map { max(1, $0) } ?? 200))

    @Test("every touch a view saw begin ends exactly once; every recognizer change is legal; no crash", arguments: seeds)
    func invariants(seed: UInt64) {
        let run = RandomStreamRun(seed: seed)
        run.play()
        #expect(run.ledger.violations.isEmpty, "seed \(seed): \(run.ledger.violations.prefix(5))")
        let open = run.ledger.unfinished
        #expect(open.isEmpty, "seed \(seed): began and never ended or cancelled: \(open.prefix(5))")
        let illegal = run.illegalTransitions()
        #expect(illegal.isEmpty, "seed \(seed): \(illegal.prefix(5))")
        #expect(run.events > 50, "seed \(seed) produced only \(run.events) events")
    }

    @Test("the same stream on the same tree gives the same trace", arguments: seeds.prefix(30))
    func determinism(seed: UInt64) {
        let first = RandomStreamRun(seed: seed)
        first.play()
        let second = RandomStreamRun(seed: seed)
        second.play()
        #expect(first.simulator.trace.text == second.simulator.trace.text, "seed \(seed)")
        #expect(first.simulator.trace.entries.count > 100)
    }

    @Test("totals: how many streams, events and deliveries the invariants were checked on")
    func totals() {
        var events = 0
        var deliveries = 0
        var cancels = 0
        for seed in Self.seeds {
            let run = RandomStreamRun(seed: seed)
            run.play()
            events += run.events
            deliveries += run.ledger.deliveries
            cancels += run.ledger.cancels
        }
        print(
            "RandomStreamTests: \(Self.seeds.count) streams (seeds 1...\(Self.seeds.count), TOUCHSCOPE_STREAMS to change), \(events) events, \(deliveries) touch deliveries, \(cancels) cancelled"
        )
        #expect(events > Self.seeds.count * 100)
        #expect(cancels > 0, "the streams should make recognizers cancel view touches")
    }
}

// MARK: - The run

/// One random tree and one random stream, from a seed.
final class RandomStreamRun {
    let ledger = TouchLedger()
    let simulator: TouchSimulator
    private(set) var events = 0
    private var generator: SeededGenerator
    private var views: [UIView] = []
    private var recognizers: [UIGestureRecognizer] = []

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 7)
        let window = ProbeWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.ledger = ledger
        simulator = TouchSimulator(window: window)
        let root = ProbeView(frame: window.bounds)
        window.addSubview(root)
        views = [root]
        for _ in 0..<Int.random(in: 10...30, using: &generator) { addRandomView() }
        for view in views where chance(0.3) { addRandomRecognizer(to: view) }
    }

    private func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < p }
    private func number(_ range: ClosedRange<Double>) -> CGFloat { CGFloat(Double.random(in: range, using: &generator)) }
    private func point() -> CGPoint { CGPoint(x: number(-5...325), y: number(-5...485)) }

    private func addRandomView() {
        let parent = views[Int.random(in: 0..<views.count, using: &generator)]
        let size = parent.bounds.size
        let frame = CGRect(
            x: number(-20...Double(max(0, size.width - 10))), y: number(-20...Double(max(0, size.height - 10))),
            width: number(20...200), height: number(20...200))
        let view: UIView
        switch Int.random(in: 0..<9, using: &generator) {
        case 0: view = ProbeEnlargedView(frame: frame)
        case 1: view = ProbePassThroughView(frame: frame)
        case 2: view = ProbeButton(frame: frame)
        case 3: view = ProbeControl(frame: frame)
        case 4: view = ProbeEnlargedView(frame: frame)
        case 5:
            let scroll = ProbeScrollView(frame: frame)
            scroll.contentSize = CGSize(width: frame.width * 2, height: frame.height * 3)
            scroll.delaysContentTouches = chance(0.7)
            scroll.canCancelContentTouches = chance(0.8)
            for (index, recognizer) in (scroll.gestureRecognizers ?? []).enumerated() {
                recognizer.name = "scroll\(views.count).\(index)"
            }
            view = scroll
        default: view = ProbeView(frame: frame)
        }
        if chance(0.05) { view.isHidden = true }
        if chance(0.05) { view.isUserInteractionEnabled = false }
        if chance(0.3) { view.isMultipleTouchEnabled = true }
        if chance(0.05) { view.isExclusiveTouch = true }
        if chance(0.1) { view.transform = CGAffineTransform(rotationAngle: number(-1...1)) }
        if let control = view as? UIControl {
            control.addAction(UIAction { [weak self] _ in self?.mischief() }, for: [.touchUpInside, .valueChanged])
        }
        parent.addSubview(view)
        views.append(view)
    }

    private func addRandomRecognizer(to view: UIView) {
        let action: (UIGestureRecognizer) -> Void = { [weak self] _ in self?.mischief() }
        let recognizer: UIGestureRecognizer
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
            let tap = UITapGestureRecognizer(action)
            tap.numberOfTapsRequired = Int.random(in: 1...2, using: &generator)
            tap.numberOfTouchesRequired = chance(0.8) ? 1 : 2
            recognizer = tap
        case 1:
            let press = UILongPressGestureRecognizer(action)
            press.minimumPressDuration = Double(number(0.1...0.8))
            recognizer = press
        case 2: recognizer = UIPanGestureRecognizer(action)
        case 3: recognizer = UIPinchGestureRecognizer(action)
        case 4: recognizer = UIRotationGestureRecognizer(action)
        default:
            let swipe = UISwipeGestureRecognizer(action)
            swipe.direction = [.left, .right, .up, .down][Int.random(in: 0..<4, using: &generator)]
            recognizer = swipe
        }
        // A unique name keeps trace names stable when views move or leave (the checker relies on it).
        recognizer.name = "r\(recognizers.count)"
        recognizer.cancelsTouchesInView = chance(0.7)
        recognizer.delaysTouchesBegan = chance(0.2)
        recognizer.delaysTouchesEnded = chance(0.8)
        // Only earlier recognizers, so the failure requirements stay acyclic.
        if let other = recognizers.randomElement(using: &generator), chance(0.2) { recognizer.require(toFail: other) }
        view.addGestureRecognizer(recognizer)
        recognizers.append(recognizer)
    }

    /// What callbacks do to the tree now and then: remove a view, remove or disable a recognizer.
    func mischief() {
        guard chance(0.25) else { return }
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
            if views.count > 1 { views[Int.random(in: 1..<views.count, using: &generator)].removeFromSuperview() }
        case 1:
            if let recognizer = recognizers.randomElement(using: &generator) { recognizer.view?.removeGestureRecognizer(recognizer) }
        default:
            if let recognizer = recognizers.randomElement(using: &generator) { recognizer.isEnabled.toggle() }
        }
    }

    /// About 150 events: fingers go down, move in groups, lift or are cancelled, time passes; at
    /// the end every finger lifts and the clock runs on so every timer and delay resolves.
    func play() {
        let app = simulator.application
        var down: [Int: CGPoint] = [:]
        var nextFinger = 1
        ledger.onBegan = { [weak self] view in
            guard let self, self.chance(0.03) else { return }
            view.removeFromSuperview()
        }
        for _ in 0..<150 {
            var samples: [TouchSample] = []
            let roll = Double.random(in: 0..<1, using: &generator)
            if roll < 0.25, down.count < 10 {
                let count = min(10 - down.count, chance(0.8) ? 1 : Int.random(in: 2...3, using: &generator))
                for _ in 0..<count {
                    let location = point()
                    down[nextFinger] = location
                    samples.append(TouchSample(finger: nextFinger, phase: .began, location: location))
                    nextFinger += 1
                }
            } else if roll < 0.7, !down.isEmpty {
                for finger in down.keys.sorted() where chance(0.7) {
                    let old = down[finger]!
                    let location = CGPoint(x: old.x + number(-40...40), y: old.y + number(-40...40))
                    down[finger] = location
                    samples.append(TouchSample(finger: finger, phase: .moved, location: location))
                }
            } else if roll < 0.9, !down.isEmpty {
                for finger in down.keys.sorted() where chance(0.5) {
                    samples.append(TouchSample(finger: finger, phase: chance(0.9) ? .ended : .cancelled, location: down[finger]!))
                    down[finger] = nil
                }
            } else {
                simulator.advance(by: Double(number(0.01...0.7)))
                continue
            }
            if !samples.isEmpty {
                app.dispatch(samples)
                events += 1
            }
            simulator.advance(by: Double(number(0.001...0.05)))
        }
        let lifts = down.keys.sorted().map { TouchSample(finger: $0, phase: .ended, location: down[$0]!) }
        if !lifts.isEmpty {
            app.dispatch(lifts)
            events += 1
        }
        simulator.advance(by: 2)
    }

    /// Recognizer state changes in the trace that break UIKit's table or do not follow on from
    /// the recognizer's previous state.
    func illegalTransitions() -> [String] {
        var problems: [String] = []
        var current: [String: UIGestureRecognizer.State] = [:]
        for entry in simulator.trace.entries {
            switch entry.event {
            case .gestureIllegalTransition(let recognizer, let from, let to):
                problems.append("\(recognizer): refused \(from) -> \(to)")
            case .gestureState(let recognizer, let from, let to, _):
                if !UIGestureRecognizer.isLegalTransition(from: from, to: to) {
                    problems.append("\(recognizer): \(from) -> \(to)")
                }
                if let previous = current[recognizer], previous != from {
                    problems.append("\(recognizer): was \(previous), changed from \(from)")
                }
                current[recognizer] = to
            case .gestureReset(let recognizer):
                current[recognizer] = .possible
            default:
                break
            }
        }
        return problems
    }
}

// MARK: - Probes

// The probes repeat the same four overrides because each must subclass a different UIKit class
// (UIView, UIButton, UIControl, UIScrollView) to keep that class's own touch handling.

/// Checks each (view, touch) pair: began once, moves only between began and the end, exactly
/// one ended or cancelled.
final class TouchLedger {
    enum Stage { case began, finished }
    struct Pair: Hashable {
        let view: ObjectIdentifier
        let touch: ObjectIdentifier
    }
    private var stages: [Pair: Stage] = [:]
    private var labels: [Pair: String] = [:]
    /// Every view and touch seen, kept alive so that no address is reused within a run.
    private var keep: [AnyObject] = []
    private(set) var violations: [String] = []
    private(set) var deliveries = 0
    private(set) var cancels = 0
    var onBegan: ((UIView) -> Void)?

    private func key(_ view: UIView, _ touch: UITouch) -> Pair {
        let pair = Pair(view: ObjectIdentifier(view), touch: ObjectIdentifier(touch))
        if labels[pair] == nil {
            keep.append(view)
            keep.append(touch)
            labels[pair] = "\(type(of: view)) finger \(touch.fingerID)"
        }
        return pair
    }

    func note(_ view: UIView, _ method: String, _ touches: Set<UITouch>) {
        for touch in touches.sorted(by: { $0.fingerID < $1.fingerID }) {
            deliveries += 1
            let k = key(view, touch)
            let label = labels[k] ?? "?"
            switch (method, stages[k]) {
            case ("began", nil):
                stages[k] = .began
            case ("moved", .began?):
                break
            case ("ended", .began?), ("cancelled", .began?):
                stages[k] = .finished
                if method == "cancelled" { cancels += 1 }
            default:
                violations.append("\(label): \(method) after \(stages[k].map { "\($0)" } ?? "nothing")")
            }
        }
        if method == "began" { onBegan?(view) }
    }

    /// Pairs that began and never finished.
    var unfinished: [String] {
        stages.filter { $0.value == .began }.map { labels[$0.key] ?? "?" }.sorted()
    }
}

/// A window that carries the ledger, so every probe finds it through `touch.window`.
final class ProbeWindow: UIWindow {
    var ledger: TouchLedger?
}

private func note(_ view: UIView, _ method: String, _ touches: Set<UITouch>) {
    (touches.first?.window as? ProbeWindow)?.ledger?.note(view, method, touches)
}

class ProbeView: UIView {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note(self, "began", touches) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note(self, "moved", touches) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note(self, "ended", touches) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note(self, "cancelled", touches) }
}

final class ProbeEnlargedView: ProbeView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -15, dy: -15).contains(point)
    }
}

final class ProbePassThroughView: ProbeView {
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}

final class ProbeButton: UIButton {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        note(self, "began", touches)
        super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        note(self, "moved", touches)
        super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        note(self, "ended", touches)
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        note(self, "cancelled", touches)
        super.touchesCancelled(touches, with: event)
    }
}

final class ProbeControl: UIControl {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        note(self, "began", touches)
        super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        note(self, "moved", touches)
        super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        note(self, "ended", touches)
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        note(self, "cancelled", touches)
        super.touchesCancelled(touches, with: event)
    }
}

final class ProbeScrollView: UIScrollView {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        note(self, "began", touches)
        super.touchesBegan(touches, with: event)
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        note(self, "moved", touches)
        super.touchesMoved(touches, with: event)
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        note(self, "ended", touches)
        super.touchesEnded(touches, with: event)
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        note(self, "cancelled", touches)
        super.touchesCancelled(touches, with: event)
    }
}
