import Foundation
import TouchKit

/// The engine's deterministic generator, under the name these tests have always used.
typealias SeededGenerator = SeededRandomNumberGenerator

/// A view whose `point(inside:)` grows its bounds by 15 pt on every side (an enlarged hit area).
final class EnlargedView: UIView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -15, dy: -15).contains(point)
    }
}

/// A view that passes touches through itself: it only ever returns one of its subviews.
final class PassThroughView: UIView {
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self ? nil : hit
    }
}

/// Builds random trees: random frames (some sticking out of their parent), flags, transforms,
/// bounds offsets, and a few views that override hit testing.
struct RandomTreeBuilder {
    var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    mutating func double(_ range: ClosedRange<Double>) -> CGFloat {
        CGFloat(Double.random(in: range, using: &generator))
    }

    mutating func chance(_ p: Double) -> Bool {
        Double.random(in: 0..<1, using: &generator) < p
    }

    mutating func makeView() -> UIView {
        let frame = CGRect(x: double(-20...160), y: double(-20...160), width: double(5...120), height: double(5...120))
        let view: UIView
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: view = EnlargedView(frame: frame)
        case 1: view = PassThroughView(frame: frame)
        case 2: view = UILabel(frame: frame)
        default: view = UIView(frame: frame)
        }
        if chance(0.08) { view.isHidden = true }
        if chance(0.08) { view.alpha = chance(0.5) ? 0.005 : 0.01 }
        if chance(0.08) { view.isUserInteractionEnabled.toggle() }
        if chance(0.15) { view.transform = CGAffineTransform(rotationAngle: double(-3...3)).scaledBy(x: double(0.5...1.5), y: double(0.5...1.5)) }
        // Some transformed views get their frame set afterwards (UIKit fits the bounds to it).
        if chance(0.05) {
            view.transform = CGAffineTransform(scaleX: double(0.5...2), y: double(0.5...2))
            view.frame = CGRect(x: double(-20...160), y: double(-20...160), width: double(5...120), height: double(5...120))
        }
        if chance(0.15) { view.bounds.origin = CGPoint(x: double(-30...30), y: double(-30...30)) }
        return view
    }

    /// A tree of about `count` views under a 200x200 root, with at most `fanOut` children each.
    mutating func makeTree(count: Int, fanOut: Int) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        var parents = [root]
        for _ in 0..<count {
            let parent = parents[Int.random(in: 0..<parents.count, using: &generator)]
            guard parent.subviews.count < fanOut else { continue }
            let view = makeView()
            parent.addSubview(view)
            parents.append(view)
        }
        return root
    }
}

/// Seed 004's re-implementation of UIKit's `hitTest(_:with:)`, written only against public API.
func referenceHitTest(_ view: UIView, _ point: CGPoint, _ event: UIEvent?) -> UIView? {
    guard view.isUserInteractionEnabled else { return nil }
    guard !view.isHidden else { return nil }
    guard view.alpha >= 0.01 else { return nil }
    guard view.point(inside: point, with: event) else { return nil }
    for subview in view.subviews.reversed() {
        let converted = subview.convert(point, from: view)
        if let candidate = referenceHit(subview, converted, event) {
            return candidate
        }
    }
    return view
}

/// Asks a subview the way UIKit does: through its own (possibly overridden) `hitTest`.
private func referenceHit(_ view: UIView, _ point: CGPoint, _ event: UIEvent?) -> UIView? {
    if view is EnlargedView || view is PassThroughView || type(of: view) != UIView.self && !(view is UILabel) {
        return view.hitTest(point, with: event)
    }
    return referenceHitTest(view, point, event)
}
