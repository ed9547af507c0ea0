import Foundation

/// UIKit's `hitTest(_:with:)`, with a trace entry at every decision.
///
/// The algorithm is the one UIKit documents (and seed 004 re-implements): skip hidden,
/// transparent and non-interactive views; ask `point(inside:with:)` on the view itself, and prune
/// the whole branch when it says no; ask subviews front to back, converting the point into each;
/// the first non-nil answer wins; otherwise the view itself.
///
/// One refinement never changes an answer: a subview that keeps UIKit's default `hitTest` and
/// `point(inside:)` (see `HitTestOverrides`) and whose frame does not contain the point is not
/// called, because it would answer nil. With many subviews a spatial index (`SubviewHitIndex`)
/// finds the few whose frames might contain the point, so the cost does not grow with the number
/// of siblings. The trace is the same either way: each skipped group is one `hitSkippedSubviews`.
/// The walk over the subviews is in `UIView+IterativeHitTesting.swift`.
extension UIView {
    func _uikitHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        if let event, event._usesPlainHitTesting { return _plainHitTest(point, with: event) }
        let pass = event?._hitTestPass ?? 0
        let trace = pass == 0 ? nil : event?._hitTestTrace
        if pass != 0 { _hitTestPass = pass }
        if let reason = _hitTestSkipReason {
            trace?.recordHitPassed(self, reason: reason)
            return nil
        }
        guard self.point(inside: point, with: event) else {
            if let trace {
                let overridden = _overridesPointInside
                trace.recordHitPassed(self, reason: overridden ? .pointInsideOverride : .outside)
            }
            return nil
        }
        if let trace {
            if !_boundsContains(point) { trace.record(.hitPointInsideOverride(view: traceName)) }
            trace.recordHitVisit(self, x: Double(point.x), y: Double(point.y))
        }
        if _subviews.isEmpty { return self }
        return _iterativeHitTest(from: point, with: event, trace: trace, pass: pass)
    }

    /// Why hit testing skips this view before asking `point(inside:)`, or nil.
    var _hitTestSkipReason: HitTestSkipReason? {
        if isHidden { return .hidden }
        if alpha < UIKitDefaults.hitTestMinimumAlpha { return .transparent }
        if !isUserInteractionEnabled { return .interactionDisabled }
        if _isDisabledForHitTesting { return .disabledControl }
        if isPassedByHitTesting { return .layerView }
        if _transformIsSingular { return .nonInvertibleTransform }
        return nil
    }

    /// Calls this view's (possibly overridden) `hitTest` with a point from the superview.
    @inline(__always)
    func _hitTestAsSubview(_ point: CGPoint, with event: UIEvent?, trace: Trace?, pass: UInt64) -> UIView? {
        if _transformIsSingular {
            // The point cannot be converted, so not even an overridden hitTest is asked.
            if trace != nil { _hitTestPass = pass }
            trace?.recordHitPassed(self, reason: .nonInvertibleTransform)
            return nil
        }
        let local = _pointFromSuperview(point)
        let result = hitTest(local, with: event)
        if let trace, _hitTestPass != pass {
            trace.record(.hitOverride(view: traceName, result: result?.traceName))
        }
        return result
    }
}
