import Foundation
import Testing

@testable import TouchKit

/// A transform with no inverse (a scale of 0 on an axis, or a non-finite entry) cannot map a point
/// into the view, so the view is unreachable on every path: the traced walk, the plain recursion,
/// dispatch and `HitExplanation`, whatever its `point(inside:)` or `hitTest` overrides would say.
@Suite("Hit testing: a view whose transform has no inverse is unreachable")
struct NonInvertibleTransformTests {
    /// Grows its hit area by 40 pt on every side (the `enlargeHitArea` override).
    final class Enlarged: UIView {
        override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            bounds.insetBy(dx: -40, dy: -40).contains(point)
        }
    }

    /// Takes every point inside its bounds and ignores subviews (a `hitTest` override).
    final class Greedy: UIView {
        override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
            bounds.contains(point) ? self : nil
        }
    }

    static let singular: [CGAffineTransform] = [
        CGAffineTransform(scaleX: 0, y: 0), CGAffineTransform(scaleX: 0, y: 1), CGAffineTransform(scaleX: 1, y: 0),
        CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),
        CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
        CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0),
    ]

    @Test("no point reaches the view or its subviews, for a plain view and for both overrides", arguments: 0..<singular.count)
    func unreachable(index: Int) {
        for kind in ["plain", "enlarged", "greedy"] {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            window.isHidden = false
            let view: UIView =
                switch kind {
                case "enlarged": Enlarged(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
                case "greedy": Greedy(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
                default: UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
                }
            view.accessibilityIdentifier = "card"
            let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            child.accessibilityIdentifier = "child"
            view.addSubview(child)
            window.addSubview(view)
            view.transform = Self.singular[index]
            let simulator = TouchSimulator(window: window)
            for x in stride(from: 0.0, to: 300, by: 25) {
                for y in stride(from: 0.0, to: 300, by: 25) {
                    let point = CGPoint(x: x, y: y)
                    let context = "\(kind) \(Self.singular[index]) at \(x),\(y)"
                    #expect(window.hitTest(point, with: nil) === window, "\(context): traced walk")
                    #expect(window._referenceHitTest(point) === window, "\(context): plain recursion")
                    let finger = simulator.touchDown(at: point)
                    let hit = simulator.application.activeTouches.first { $0.fingerID == finger.id }?.view
                    #expect(hit === window, "\(context): dispatch")
                    simulator.touchCancel([finger])
                    let explanation = HitExplanation(window: window, point: point)
                    #expect(explanation.verdict(for: view) == .skipped(reason: .nonInvertibleTransform), "\(context)")
                    #expect(
                        explanation.verdict(for: child) == .superviewSkipped(superview: view.traceName, reason: .nonInvertibleTransform),
                        "\(context)")
                }
            }
        }
    }

    @Test("the trace names the reason, and an invertible transform set back makes the view reachable again")
    func tracedAndReversible() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.isHidden = false
        let view = Greedy(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        view.accessibilityIdentifier = "card"
        window.addSubview(view)
        view.transform = CGAffineTransform(scaleX: 0, y: 0)
        let simulator = TouchSimulator(window: window)
        simulator.tap(at: CGPoint(x: 150, y: 150))
        let passed = simulator.application.trace.entries.compactMap { entry -> HitTestSkipReason? in
            if case .hitPassed(let name, let reason) = entry.event, name == view.traceName { return reason }
            return nil
        }
        #expect(passed == [.nonInvertibleTransform])
        view.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        #expect(window.hitTest(CGPoint(x: 150, y: 150), with: nil) === view)
    }
}
