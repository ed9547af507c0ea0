import Foundation

/// UIKit's `hitTest(_:with:)` exactly as documented, with no acceleration: the oracle that the
/// iterative walk and the subview index (`UIView+IterativeHitTesting`, `SubviewHitIndex`) are
/// checked against by differential property tests.
///
/// The reference asks every subview, front to back, through its own (possibly overridden)
/// `hitTest(_:with:)`; an override that calls `super` lands back here, because the event it is
/// handed carries `_usesPlainHitTesting`. Nothing is traced.
extension UIView {
    /// The view UIKit's plain recursive algorithm hits at `point` (in this view's coordinates).
    package func _referenceHitTest(_ point: CGPoint) -> UIView? {
        let event = UIEvent()
        event._usesPlainHitTesting = true
        return hitTest(point, with: event)
    }

    /// One level of the plain recursion: skip checks, `point(inside:)`, then subviews front to back.
    func _plainHitTest(_ point: CGPoint, with event: UIEvent) -> UIView? {
        if _hitTestSkipReason != nil { return nil }
        guard self.point(inside: point, with: event) else { return nil }
        for subview in _subviews.reversed() where !subview._transformIsSingular {
            if let hit = subview.hitTest(subview._pointFromSuperview(point), with: event) { return hit }
        }
        return self
    }
}
