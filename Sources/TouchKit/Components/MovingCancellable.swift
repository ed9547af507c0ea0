import Foundation

/// Decides whether a moving finger cancels a touch-up-inside (seed 000's `MovingCancellable`).
public protocol MovingCancellable {
    /// Whether moving from `began` to `moved` (both in `view`'s coordinates) cancels the action.
    func shouldCancel(in view: UIView, began: CGPoint, moved: CGPoint) -> Bool
}

/// Cancels when the finger leaves the view's bounds: `touchUpInside` semantics.
public struct OutOfBoundsCanceller: MovingCancellable {
    public init() {}

    public func shouldCancel(in view: UIView, began: CGPoint, moved: CGPoint) -> Bool {
        !view.bounds.contains(moved)
    }
}

/// Cancels when the finger moves more than `value` points along either axis: for views inside a
/// scroll view, where a drag must scroll rather than tap.
public struct OutOfValueCanceller: MovingCancellable {
    /// Largest movement along x or y, in points.
    public let value: CGFloat

    public init(value: CGFloat) {
        self.value = value
    }

    public func shouldCancel(in view: UIView, began: CGPoint, moved: CGPoint) -> Bool {
        abs(moved.x - began.x) > value || abs(moved.y - began.y) > value
    }
}

/// A handle to remove what was added (seed 000's `Removable`).
public protocol Removable: AnyObject {
    /// Whether `remove()` has been called.
    var isRemoved: Bool { get }
    /// Removes it; later calls do nothing.
    func remove()
}
