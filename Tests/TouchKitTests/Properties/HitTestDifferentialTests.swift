import Foundation
import Testing
import TouchTestSupport

@testable import TouchKit

/// The accelerated hit test (iterative walk, subview index, frame prefilter) against UIKit's plain
/// recursion (`_referenceHitTest`), on generated trees and on points inside, on the edges of and
/// outside every view. Any acceleration must give exactly the plain algorithm's answer.
@Suite("Hit testing: the accelerated walk agrees with UIKit's plain recursion")
struct HitTestDifferentialTests {
    /// Trees per run; `TOUCHSCOPE_HIT_TREES=5000 swift test --filter HitTestDifferential` is the soak.
    static let treeCount = UInt64(ProcessInfo.processInfo.environment["TOUCHSCOPE_HIT_TREES"].flatMap { Int($0) } ?? 60)

    @Test("random trees, points inside, on the edges of and outside every view", arguments: 1...treeCount)
    func agreement(seed: UInt64) {
        var generator = DifferentialTreeGenerator(seed: seed)
        let window = generator.makeWindow()
        var checked = 0
        for point in generator.probePoints(in: window) {
            let fast = window.hitTest(point, with: nil)
            let plain = window._referenceHitTest(point)
            #expect(fast === plain, "seed \(seed) at (\(point.x), \(point.y)): \(fast?.traceName ?? "nil") vs \(plain?.traceName ?? "nil")")
            var step = fast
            while let view = step {
                #expect(view.transform.isInvertible, "seed \(seed): \(fast?.traceName ?? "") lies in a view with a singular transform")
                step = view.superview
            }
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test("the same answers with the trace on, through the application's dispatch", arguments: 1...10)
    func agreementThroughDispatch(seed: UInt64) {
        var generator = DifferentialTreeGenerator(seed: seed &+ 1000)
        let window = generator.makeWindow()
        let sim = TouchSimulator(window: window)
        for probe in generator.probePoints(in: window).prefix(300) {
            // Dispatch quantizes locations to the input resolution; ask the oracle the same point.
            let point = CGPoint(x: TouchSample.quantized(probe.x), y: TouchSample.quantized(probe.y))
            let plain = window._referenceHitTest(point)
            let finger = sim.touchDown(at: point)
            let hit = sim.application.activeTouches.first { $0.fingerID == finger.id }?.view
            #expect(hit === plain, "seed \(seed) at (\(point.x), \(point.y))")
            sim.touchCancel([finger])
        }
    }

    @Test("the index stays in step when subviews move, hide, reorder and leave")
    func indexFollowsTheTree() {
        var generator = DifferentialTreeGenerator(seed: 7)
        let window = generator.makeWindow()
        for round in 0..<40 {
            generator.mutate(window)
            for point in generator.probePoints(in: window).prefix(200) {
                #expect(window.hitTest(point, with: nil) === window._referenceHitTest(point), "round \(round) at \(point)")
            }
        }
    }
}

/// A view whose `point(inside:)` grows (or shrinks) its bounds by per-view insets.
final class InsetHitView: UIView {
    var grow: CGFloat = 0
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -grow, dy: -grow).contains(point)
    }
}

/// A view whose `hitTest` answers nil over its left half and calls `super` elsewhere.
final class HalfBlindView: UIView {
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        point.x < bounds.midX ? nil : super.hitTest(point, with: event)
    }
}

/// Generates trees for the differential test: nesting, 0-60 children per view, transforms with
/// scale and rotation, bounds offsets, clipsToBounds, alpha, hidden, interaction, point(inside:)
/// insets and hitTest overrides.
struct DifferentialTreeGenerator {
    var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    mutating func unit() -> CGFloat { CGFloat(Double.random(in: 0..<1, using: &random)) }
    mutating func between(_ low: CGFloat, _ high: CGFloat) -> CGFloat { low + (high - low) * unit() }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    mutating func integer(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    mutating func makeWindow() -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        window.isHidden = false
        fill(window, depth: 0, budget: 400)
        return window
    }

    /// Adds children to `parent`, recursing while the budget lasts.
    mutating func fill(_ parent: UIView, depth: Int, budget: Int) {
        guard depth < 6, budget > 0 else { return }
        let count = depth == 0 ? integer(16...60) : (chance(0.3) ? integer(0...60) : integer(0...4))
        let size = parent.bounds.size
        var remaining = budget - count
        // Some parents stack their children as a list does: full-width rows or full-height
        // columns, one after another (the index's grid then has one column or one row).
        let stacked = chance(0.2)
        let vertical = chance(0.7)
        var offset = between(-20, 10)
        for _ in 0..<min(count, budget) {
            let child = makeView(in: size)
            if stacked {
                let length = chance(0.1) ? 0 : between(4, 60)
                child.transform = .identity
                child.frame =
                    vertical
                    ? CGRect(x: chance(0.2) ? between(-5, 5) : 0, y: offset, width: size.width, height: length)
                    : CGRect(x: offset, y: chance(0.2) ? between(-5, 5) : 0, width: length, height: size.height)
                offset += length + (chance(0.3) ? between(-3, 8) : 0)
            }
            parent.addSubview(child)
            if remaining > 0 && chance(0.25) {
                let share = integer(0...max(0, remaining / 2))
                fill(child, depth: depth + 1, budget: share)
                remaining -= share
            }
        }
    }

    mutating func makeView(in size: CGSize) -> UIView {
        // Half the views lie on a coarse lattice, so that edges are shared and land exactly on
        // cell boundaries of the index; the rest are arbitrary.
        let frame: CGRect
        if chance(0.5) {
            let step = max(1, (size.width / 8).rounded())
            frame = CGRect(
                x: CGFloat(integer(-2...9)) * step, y: CGFloat(integer(-2...12)) * step,
                width: CGFloat(integer(1...4)) * step, height: CGFloat(integer(1...3)) * step)
        } else {
            frame = CGRect(
                x: between(-0.2, 1.1) * size.width, y: between(-0.2, 1.1) * size.height,
                width: between(0, 0.6) * size.width + 1, height: between(0, 0.6) * size.height + 1)
        }
        let view: UIView
        switch integer(0...11) {
        case 0:
            let inset = InsetHitView(frame: frame)
            inset.grow = between(-10, 20)
            view = inset
        case 1:
            view = HalfBlindView(frame: frame)
        case 2:
            view = UIButton(frame: frame)
        default:
            view = UIView(frame: frame)
        }
        if chance(0.06) { view.isHidden = true }
        if chance(0.06) { view.alpha = [0, 0.005, 0.0099, 0.01, 0.5][integer(0...4)] }
        if chance(0.06) { view.isUserInteractionEnabled = false }
        if chance(0.1) { view.clipsToBounds = true }
        if chance(0.15) {
            let angle = chance(0.5) ? CGFloat(integer(0...7)) * .pi / 4 : between(-3.2, 3.2)
            view.transform = CGAffineTransform(rotationAngle: angle).scaledBy(x: between(0.3, 2), y: between(0.3, 2))
        }
        if chance(0.03) {
            // A transform with no inverse: the view and its branch are unreachable on every path.
            view.transform =
                [CGAffineTransform(scaleX: 0, y: 0), CGAffineTransform(scaleX: 0, y: 1), CGAffineTransform(scaleX: 2, y: 0)][integer(0...2)]
        }
        if chance(0.1) { view.bounds.origin = CGPoint(x: between(-40, 40), y: between(-40, 40)) }
        return view
    }

    /// Points for every view: its corners, edge midpoints and centre in window coordinates, each
    /// also nudged by a tiny amount each way, plus random points in and beyond the window.
    mutating func probePoints(in window: UIWindow) -> [CGPoint] {
        var points: [CGPoint] = []
        for view in window.subtree where view !== window {
            let b = view.bounds
            let locals = [
                CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.minX, y: b.maxY),
                CGPoint(x: b.maxX, y: b.maxY), CGPoint(x: b.midX, y: b.minY), CGPoint(x: b.midX, y: b.maxY),
                CGPoint(x: b.minX, y: b.midY), CGPoint(x: b.maxX, y: b.midY), CGPoint(x: b.midX, y: b.midY),
            ]
            for local in locals {
                let p = view.convert(local, to: nil)
                points.append(p)
                for nudge: CGFloat in [-1e-9, 1e-9, -0.01, 0.01] {
                    points.append(CGPoint(x: p.x + nudge, y: p.y))
                    points.append(CGPoint(x: p.x, y: p.y - nudge))
                }
            }
        }
        for _ in 0..<300 {
            points.append(CGPoint(x: between(-50, 450), y: between(-50, 650)))
        }
        points.append(contentsOf: [CGPoint(x: -1e9, y: 10), CGPoint(x: 10, y: 1e12), CGPoint(x: 400, y: 600), CGPoint(x: 0, y: 0)])
        return points
    }

    /// One random change of the tree: move, hide, reorder, remove or add a view.
    mutating func mutate(_ window: UIWindow) {
        let views = window.subtree.filter { $0 !== window }
        guard !views.isEmpty else { return }
        let view = views[integer(0...(views.count - 1))]
        switch integer(0...5) {
        case 0: view.frame = view.frame.offsetBy(dx: between(-60, 60), dy: between(-60, 60))
        case 1: view.isHidden.toggle()
        case 2: view.superview?.sendSubviewToBack(view)
        case 3: view.removeFromSuperview()
        case 4: (view.superview ?? window).addSubview(makeView(in: (view.superview ?? window).bounds.size))
        default: view.transform = CGAffineTransform(rotationAngle: between(-1, 1))
        }
    }
}
