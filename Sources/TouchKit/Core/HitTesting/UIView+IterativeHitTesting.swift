import Foundation

/// UIKit's hit test without recursion through views that keep the default `hitTest` and
/// `point(inside:)`: the same answers and the same trace as the recursive form in
/// `UIView+HitTesting.swift`, at a fraction of the cost on deep trees.
///
/// A default view that is not skipped (hidden, alpha < 0.01, interaction disabled) and contains
/// the point answers itself or one of its descendants, never nil. So scanning a view's subviews
/// front to back, the first default subview that passes those checks is the branch the answer
/// lies in: the search descends into it and never comes back up. A subview with an override is
/// asked through its own `hitTest(_:with:)` (which may call `super`, and may answer nil, in which
/// case the scan goes on), exactly as UIKit would ask it.
///
/// With the trace on, the entries are those the recursion writes, in its order: the
/// `hitSkippedSubviews` of each view on the path comes after everything below it, so those are
/// kept on a stack and written innermost first when the search ends.
extension UIView {
    /// What one subview contributes to the scan.
    enum _HitStep {
        case miss
        case descend(CGPoint)
        case hit(UIView)
    }

    /// The answer for this view, which has already passed its own skip and `point(inside:)`
    /// checks (and, with a trace, written its `hitVisit`).
    func _iterativeHitTest(from point: CGPoint, with event: UIEvent?, trace: Trace?, pass: UInt64) -> UIView {
        var view = self
        var p = point
        var pendingSkips: [(view: UIView, count: Int, names: [String])] = []
        defer {
            if let trace {
                for pending in pendingSkips.reversed() {
                    trace.record(.hitSkippedSubviews(view: pending.view.traceName, count: pending.count, names: pending.names))
                }
            }
        }
        while true {
            let subviews = view._subviews
            let count = subviews.count
            if count == 0 { return view }
            var step = _HitStep.miss
            var chosen = -1
            var visited = 0
            if count >= SubviewHitIndex.minimumSubviewCount {
                let index = view._hitIndex ?? SubviewHitIndex(subviews: subviews)
                view._hitIndex = index
                index.forEachCandidate(containing: p) { i in
                    step = UIView._hitStep(subviews[i], p, event, trace, pass, &visited)
                    if case .miss = step { return true }
                    chosen = i
                    return false
                }
            } else {
                var i = count - 1
                while i >= 0 {
                    step = UIView._hitStep(subviews[i], p, event, trace, pass, &visited)
                    if case .miss = step {
                        i -= 1
                        continue
                    }
                    chosen = i
                    break
                }
            }
            if trace != nil {
                let skipped = (count - 1 - chosen) - visited + (chosen >= 0 ? 1 : 0)
                if skipped > 0 { pendingSkips.append((view, skipped, Self._skippedNames(subviews, above: chosen, at: p))) }
            }
            switch step {
            case .miss:
                return view
            case .hit(let hit):
                return hit
            case .descend(let local):
                view = subviews[chosen]
                p = local
            }
        }
    }

    /// The first few subviews skipped (front first, above `chosen`): those `_hitStep` passes by
    /// without asking, keeping UIKit's defaults with a frame that does not hold `point`. Worked out
    /// after the scan, with the trace on only, so the scan itself does no bookkeeping.
    static func _skippedNames(_ subviews: [UIView], above chosen: Int, at point: CGPoint) -> [String] {
        var names: [String] = []
        var i = subviews.count - 1
        while i > chosen && names.count < TraceEvent.skippedNamesShown {
            let subview = subviews[i]
            if subview._keepsDefaultHitTesting && !subview._frameMayContain(point) { names.append(subview.traceName) }
            i -= 1
        }
        return names
    }

    /// Asks one subview, with `point` in its superview's coordinates; counts it as visited when
    /// the recursive form would have called it.
    @inline(__always)
    static func _hitStep(
        _ subview: UIView, _ point: CGPoint, _ event: UIEvent?, _ trace: Trace?, _ pass: UInt64, _ visited: inout Int
    ) -> _HitStep {
        if subview._keepsDefaultHitTesting {
            guard subview._frameMayContain(point) else { return .miss }
            visited += 1
            if trace != nil { subview._hitTestPass = pass }
            if let reason = subview._hitTestSkipReason {
                trace?.recordHitPassed(subview, reason: reason)
                return .miss
            }
            let local = subview._pointFromSuperview(point)
            guard subview._boundsContains(local) else {
                trace?.recordHitPassed(subview, reason: .outside)
                return .miss
            }
            trace?.recordHitVisit(subview, x: Double(local.x), y: Double(local.y))
            return .descend(local)
        }
        visited += 1
        if let hit = subview._hitTestAsSubview(point, with: event, trace: trace, pass: pass) { return .hit(hit) }
        return .miss
    }
}
