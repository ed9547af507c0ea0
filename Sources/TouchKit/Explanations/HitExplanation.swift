import Foundation

/// Why a touch at a point goes where it goes: every view under the point, topmost first, with
/// what hit testing did with it, and for a view that does not get the touch, the first reason
/// along the path from the window (a view in front, a superview whose bounds leave the point
/// out, a hidden or transparent superview, an override that answered otherwise).
///
/// Computed by the same rules as hit testing, with the views' own `hitTest(_:with:)` and
/// `point(inside:with:)` (overrides included), so that `hit` is always what `hitTest` returns
/// (a property test holds it to that). "Under the point" means the point lies in the view's own
/// bounds; the hit view and its superviews are always listed, even when an enlarged hit area
/// reaches beyond their bounds.
public struct HitExplanation {
    /// One view under the point.
    public struct Entry {
        public let view: UIView
        /// The view's trace name.
        public let name: String
        /// How deep in the tree it is (the window is 0).
        public let depth: Int
        public let verdict: HitVerdict
    }

    /// The point, in the window's coordinates.
    public let point: CGPoint
    /// The window asked.
    public let window: UIWindow
    /// What `hitTest` answers: the view that gets the touch, or nil.
    public let hit: UIView?
    /// Every view under the point, topmost first.
    public let entries: [Entry]

    /// Explains a touch at `point` (window coordinates) in `window`.
    public init(window: UIWindow, point: CGPoint) {
        self.window = window
        self.point = point
        let local = window._pointFromSuperview(point)
        let hit = window.hitTest(local, with: nil)
        self.hit = hit
        var listed: [(UIView, Int)] = []
        func visit(_ view: UIView, depth: Int) {
            let onHitPath = hit.map { $0 === view || $0.isDescendant(of: view) } ?? false
            if onHitPath || view.bounds.contains(view._pointFromRoot(local)) { listed.append((view, depth)) }
            for subview in view._subviews { visit(subview, depth: depth + 1) }
        }
        visit(window, depth: 0)
        let positions = SiblingPositions()
        entries = listed.reversed().map { view, depth in
            Entry(
                view: view, name: view.traceName, depth: depth,
                verdict: Self.verdict(for: view, in: window, at: local, hit: hit, positions: positions))
        }
    }

    /// What hit testing did with `view` (any view of the window, under the point or not).
    public func verdict(for view: UIView) -> HitVerdict {
        Self.verdict(for: view, in: window, at: window._pointFromSuperview(point), hit: hit)
    }

    /// The first entry for the view named `name` (its trace name or its identifier).
    public func entry(named name: String) -> Entry? {
        entries.first { $0.name == name || $0.view.accessibilityIdentifier == name }
    }

    /// Each subview's index in its superview, computed once per superview: explaining N siblings
    /// under a point asks for positions N times, which a scan per question makes quadratic.
    final class SiblingPositions {
        private var indexes: [ObjectIdentifier: [ObjectIdentifier: Int]] = [:]

        func index(of view: UIView, in superview: UIView) -> Int? {
            let key = ObjectIdentifier(superview)
            if indexes[key] == nil {
                var table: [ObjectIdentifier: Int] = [:]
                for (index, subview) in superview._subviews.enumerated() { table[ObjectIdentifier(subview)] = index }
                indexes[key] = table
            }
            return indexes[key]?[ObjectIdentifier(view)]
        }
    }

    static func verdict(
        for view: UIView, in window: UIWindow, at windowPoint: CGPoint, hit: UIView?, positions: SiblingPositions = SiblingPositions()
    ) -> HitVerdict {
        if let hit {
            if hit === view { return .hit }
            if hit.isDescendant(of: view) { return .passesToSubview(view: hit.traceName) }
        }
        var path: [UIView] = []
        var current: UIView? = view
        while let step = current {
            path.append(step)
            if step === window { break }
            current = step._superview
        }
        path.reverse()
        var p = windowPoint
        for (index, step) in path.enumerated() {
            if index > 0 { p = step._pointFromSuperview(p) }
            let isTarget = step === view
            if let skip = step._hitTestSkipReason {
                return isTarget ? .skipped(reason: skip) : .superviewSkipped(superview: step.traceName, reason: skip)
            }
            guard step.point(inside: p, with: nil) else {
                if isTarget { return step._overridesPointInside ? .pointInsideRefused : .skipped(reason: .outside) }
                return step._overridesPointInside
                    ? .superviewPointInsideRefused(superview: step.traceName) : .outsideSuperview(superview: step.traceName)
            }
            let answer = step.hitTest(p, with: nil)
            if isTarget {
                // It passed its own checks yet does not take the touch: its hitTest answered otherwise.
                return .hitTestOverride(view: step.traceName, answered: answer?.traceName)
            }
            guard let answer else { return .hitTestOverride(view: step.traceName, answered: nil) }
            let next = path[index + 1]
            if answer === step || answer === next || answer.isDescendant(of: next) { continue }
            // The answer lies in another branch of `step`: in front of `next` (it covers it), or
            // chosen by an override; behind it, `next` was asked first and said no.
            var branch: UIView? = answer
            while let candidate = branch, candidate._superview !== step { branch = candidate._superview }
            let overridesHitTest = step._overridesHitTest
            if let branch, let front = positions.index(of: branch, in: step),
                let behind = positions.index(of: next, in: step), front > behind, !overridesHitTest
            {
                return .covered(by: answer.traceName, frontView: branch.traceName)
            }
            if overridesHitTest || branch == nil { return .hitTestOverride(view: step.traceName, answered: answer.traceName) }
        }
        return .hitTestOverride(view: view.traceName, answered: hit?.traceName)
    }
}
