import Foundation
import TouchKit

/// Where views are drawn: each view's bounds mapped to window coordinates through every
/// superview's center, bounds origin and transform (the same chain UIKit's conversions use).
package enum ViewGeometry {
    /// The transform from a view's bounds coordinates to its superview's:
    /// `p -> center + transform(p - boundsCenter)`.
    static func localToParent(_ view: UIView) -> CGAffineTransform {
        let b = view.bounds
        return CGAffineTransform(translationX: -(b.origin.x + b.size.width / 2), y: -(b.origin.y + b.size.height / 2))
            .concatenating(view.transform)
            .concatenating(CGAffineTransform(translationX: view.center.x, y: view.center.y))
    }

    /// The four corners of a view's bounds, in window coordinates.
    package static func windowQuad(of view: UIView) -> [CGPoint] {
        let toWindow = transformToWindow(view)
        return Canvas.corners(view.bounds).map { $0.applying(toWindow) }
    }

    /// A view's bounds coordinates to window coordinates.
    package static func transformToWindow(_ view: UIView) -> CGAffineTransform {
        var transform = CGAffineTransform.identity
        var current: UIView? = view
        while let v = current, !(v is UIWindow) {
            transform = transform.concatenating(localToParent(v))
            current = v.superview
        }
        return transform
    }

    /// The views drawn at `point` (window coordinates), topmost first: what the eye sees there,
    /// whatever hit testing would do. Hidden views and views with alpha below 0.01 (and their
    /// subviews) are left out, as are parts cut off by a superview that clips to its bounds.
    package static func drawnViews(at point: CGPoint, in window: UIWindow) -> [UIView] {
        var found: [UIView] = []
        func visit(_ view: UIView, parentTransform: CGAffineTransform) {
            guard !view.isHidden, view.alpha >= UIKitDefaults.hitTestMinimumAlpha else { return }
            let toWindow = localToParent(view).concatenating(parentTransform)
            let quad = Canvas.corners(view.bounds).map { $0.applying(toWindow) }
            let inside = PolygonClipper.contains(quad, point)
            if inside { found.append(view) }
            if view.clipsToBounds && !inside { return }
            for subview in view.subviews { visit(subview, parentTransform: toWindow) }
        }
        for subview in window.subviews { visit(subview, parentTransform: .identity) }
        return found.reversed() + [window]
    }
}
