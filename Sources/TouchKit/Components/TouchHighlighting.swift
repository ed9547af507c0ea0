import Foundation

/// How a view shows that a finger is on it, for `onTouchUpInside` (the seed article's "future
/// work": a protocol instead of a fixed effect).
public protocol TouchHighlighting {
    /// The finger touched down.
    func highlight(_ view: UIView)
    /// The finger lifted, or the touch was cancelled.
    func unhighlight(_ view: UIView)
}

/// The article's default: halve the alpha while touched, double it back after.
public struct AlphaHalvingHighlight: TouchHighlighting {
    public init() {}

    public func highlight(_ view: UIView) {
        view.alpha *= 0.5
    }

    public func unhighlight(_ view: UIView) {
        view.alpha *= 2
    }
}

/// No visible highlight.
public struct NoHighlight: TouchHighlighting {
    public init() {}
    public func highlight(_ view: UIView) {}
    public func unhighlight(_ view: UIView) {}
}
