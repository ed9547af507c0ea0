import Foundation

/// Coordinate conversion between views, through centers, bounds origins and transforms.
///
/// A point in a view's own coordinates maps to its superview's as
/// `center + transform(point - boundsCenter)`, where `boundsCenter` is the middle of `bounds`
/// (so a bounds origin shifts subviews the other way, as scrolling does). Passing nil converts to
/// or from the window's coordinates, as UIKit does. Views in different trees meet in screen
/// coordinates, where each root's frame places it.
extension UIView {
    /// Converts `point` from this view's coordinates to `view`'s (the window's when nil).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let inRoot = _pointToRoot(point)
        guard let view else { return inRoot }
        let myRoot = _rootLink
        let theirRoot = view._rootLink
        if myRoot.refers(to: theirRoot) { return view._pointFromRoot(inRoot) }
        let shared = theirRoot.with { theirs in
            myRoot.with { mine in theirs._pointFromSuperview(mine._pointToSuperview(inRoot)) }
        }
        return view._pointFromRoot(shared)
    }

    /// Converts `point` from `view`'s coordinates (the window's when nil) to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        guard let view else { return _pointFromRoot(point) }
        return view.convert(point, to: self)
    }

    /// Converts `rect` from this view's coordinates to `view`'s (the window's when nil) in two
    /// steps, as CALayer does: up to the nearest common ancestor, taking the bounding box of the
    /// rect's corners there, then down to `view`, taking the bounding box again. Under rotations
    /// on both sides the result is larger than the bounding box of the corners converted in one
    /// go (UIKit's values, measured on an iPhone, are in the tests). Points stay exact.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        guard let view else { return Self._boundingBox(of: rect, _pointToRoot) }
        let myRoot = _root
        let theirRoot = view._root
        guard myRoot === theirRoot else {
            // Different trees: up to this root, across the screen, down from the other root.
            let up = Self._boundingBox(of: rect) { myRoot._pointToSuperview(self._pointToRoot($0)) }
            return Self._boundingBox(of: up) { view._pointFromRoot(theirRoot._pointFromSuperview($0)) }
        }
        var theirs: [UIView] = []
        var cursor: UIView? = view
        while let step = cursor {
            theirs.append(step)
            cursor = step._superview
        }
        guard let common = _firstAncestor(in: theirs) else { return rect }
        let up = Self._boundingBox(of: rect) { self._point($0, upTo: common) }
        return Self._boundingBox(of: up) { view._point($0, downFrom: common) }
    }

    /// Converts `rect` from `view`'s coordinates (the window's when nil) to this view's, in the
    /// same two steps.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        if let view { return view.convert(rect, to: self) }
        return Self._boundingBox(of: rect, _pointFromRoot)
    }

    /// A point in this view's coordinates, in `ancestor`'s.
    func _point(_ point: CGPoint, upTo ancestor: UIView) -> CGPoint {
        var p = point
        var current = self
        while current !== ancestor, let parent = current._superview {
            p = current._pointToSuperview(p)
            current = parent
        }
        return p
    }

    /// A point in `ancestor`'s coordinates, in this view's.
    /// (`nil`: from the root.) The views between are applied top down, in the same order as
    /// UIKit; they are walked unretained, top down (`forEachLinkTopDown`: every touch converts
    /// points).
    func _point(_ point: CGPoint, downFrom ancestor: UIView?) -> CGPoint {
        var p = point
        UnretainedLink(self).forEachLinkTopDown(
            below: ancestor, parent: { $0._superviewLink }, { step in p = step._pointFromSuperview(p) })
        return p
    }

    /// The first of `candidates` that is this view or one of its ancestors.
    func _firstAncestor(in candidates: [UIView]) -> UIView? {
        var mine: [ObjectIdentifier] = []
        var cursor: UIView? = self
        while let step = cursor {
            mine.append(ObjectIdentifier(step))
            cursor = step._superview
        }
        return candidates.first { mine.contains(ObjectIdentifier($0)) }
    }

    /// Whether neither this view nor any ancestor below its root has a transform: a vector
    /// (a translation, a velocity) is then the same in its coordinates as in the window's, and
    /// is returned as it is instead of as the difference of two converted points (which differs
    /// from it by rounding). Walked without retaining (a pan asks on every move).
    var _isUntransformedUpToRoot: Bool {
        var current = UnretainedLink(self)
        while let parent = current._superviewLink {
            if !current.with({ $0._transformIsIdentity }) { return false }
            current = parent
        }
        return true
    }

    // MARK: One step

    /// A point in the superview's coordinates, converted to this view's.
    @inline(__always)
    func _pointFromSuperview(_ point: CGPoint) -> CGPoint {
        if _transformIsIdentity {
            // Through the frame's origin (kept in step with center and size): exact for a view at
            // the origin, such as a window, where the center's path is off by an ulp.
            return CGPoint(x: point.x - _frame.origin.x + _bounds.origin.x, y: point.y - _frame.origin.y + _bounds.origin.y)
        }
        let offset = CGPoint(x: point.x - _center.x, y: point.y - _center.y).applying(_inverseTransform)
        return CGPoint(
            x: offset.x + _bounds.size.width / 2 + _bounds.origin.x,
            y: offset.y + _bounds.size.height / 2 + _bounds.origin.y)
    }

    /// A point in this view's coordinates, converted to its superview's.
    func _pointToSuperview(_ point: CGPoint) -> CGPoint {
        if _transformIsIdentity {
            return CGPoint(x: point.x - _bounds.origin.x + _frame.origin.x, y: point.y - _bounds.origin.y + _frame.origin.y)
        }
        let offset = CGPoint(
            x: point.x - _bounds.origin.x - _bounds.size.width / 2,
            y: point.y - _bounds.origin.y - _bounds.size.height / 2)
        let turned = _transformIsIdentity ? offset : offset.applying(_transform)
        return CGPoint(x: turned.x + _center.x, y: turned.y + _center.y)
    }

    // MARK: Through the root

    /// The top of this view's tree (its window, when it is in one).
    var _root: UIView { _rootLink.object }

    /// The top of this view's tree, unretained (walked without retaining each view).
    var _rootLink: UnretainedLink<UIView> {
        var current = UnretainedLink(self)
        while let parent = current._superviewLink { current = parent }
        return current
    }

    /// Converts up to the root view's own coordinates.
    func _pointToRoot(_ point: CGPoint) -> CGPoint {
        var p = point
        var current = UnretainedLink(self)
        while let parent = current._superviewLink {
            p = current.with { $0._pointToSuperview(p) }
            current = parent
        }
        return p
    }

    /// Converts from the root view's own coordinates down to this view's.
    func _pointFromRoot(_ point: CGPoint) -> CGPoint {
        _point(point, downFrom: nil)
    }

    static func _boundingBox(of rect: CGRect, _ convert: (CGPoint) -> CGPoint) -> CGRect {
        let r = rect.standardized
        let corners = [
            convert(CGPoint(x: r.minX, y: r.minY)), convert(CGPoint(x: r.maxX, y: r.minY)),
            convert(CGPoint(x: r.minX, y: r.maxY)), convert(CGPoint(x: r.maxX, y: r.maxY)),
        ]
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let minX = xs.min() ?? 0
        let minY = ys.min() ?? 0
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}

extension UIView {
    /// Whether the hit box (the frame, closed, grown by a rounding allowance) contains `point`:
    /// false means a default view would answer nil.
    @inline(__always)
    func _frameMayContain(_ point: CGPoint) -> Bool {
        let f = _hitBox
        return point.x >= f.origin.x && point.x <= f.origin.x + f.size.width
            && point.y >= f.origin.y && point.y <= f.origin.y + f.size.height
    }
}
