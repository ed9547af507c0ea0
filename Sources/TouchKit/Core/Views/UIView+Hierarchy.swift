import Foundation

extension UIView {
    /// The view's superview, or nil.
    public var superview: UIView? { _superview }

    /// The subviews, back to front (the last one is drawn on top and hit-tested first).
    public var subviews: [UIView] { _subviews }

    /// The window the view is in, or nil.
    public var window: UIWindow? { _window }

    /// Adds `view` on top of the subviews, removing it from its previous superview first.
    /// Adding a view that is already a subview moves it to the front (UIKit's behaviour).
    public func addSubview(_ view: UIView) {
        insertSubview(view, at: _subviews.count)
    }

    /// Inserts `view` at `index` among the subviews (clamped to the valid range).
    public func insertSubview(_ view: UIView, at index: Int) {
        precondition(view !== self, "Can't add a view as its own subview (UIKit raises here too)")
        precondition(!isDescendant(of: view), "Can't add an ancestor of a view as its subview (it would make a cycle)")
        var target = max(0, min(index, _subviews.count))
        if view._superview === self, let current = _subviews.firstIndex(where: { $0 === view }) {
            _subviews.remove(at: current)
            if current < target { target -= 1 }
            _subviews.insert(view, at: min(target, _subviews.count))
            _subviewsDidChange()
            return
        }
        view.willMove(toSuperview: self)
        view._detachFromSuperview()
        _subviews.insert(view, at: target)
        view._superview = self
        view._invalidateTraceNames()
        _subviewsDidChange()
        view._setWindow(_window)
        view.didMoveToSuperview()
        didAddSubview(view)
    }

    /// Inserts `view` just above `sibling` (which must be a subview).
    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        guard let index = _subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        let adjust = (view._superview === self && (_subviews.firstIndex { $0 === view } ?? .max) < index) ? 0 : 1
        insertSubview(view, at: index + adjust)
    }

    /// Inserts `view` just below `sibling` (which must be a subview).
    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        guard let index = _subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        let adjust = (view._superview === self && (_subviews.firstIndex { $0 === view } ?? .max) < index) ? -1 : 0
        insertSubview(view, at: index + adjust)
    }

    /// Removes the view from its superview (and from its window).
    public func removeFromSuperview() {
        guard _superview != nil else { return }
        willMove(toSuperview: nil)
        _detachFromSuperview()
        _setWindow(nil)
        didMoveToSuperview()
    }

    /// Moves `view` to the front of the subviews.
    public func bringSubviewToFront(_ view: UIView) {
        guard let index = _subviews.firstIndex(where: { $0 === view }) else { return }
        _subviews.remove(at: index)
        _subviews.append(view)
        _subviewsDidChange()
    }

    /// Moves `view` to the back of the subviews.
    public func sendSubviewToBack(_ view: UIView) {
        guard let index = _subviews.firstIndex(where: { $0 === view }) else { return }
        _subviews.remove(at: index)
        _subviews.insert(view, at: 0)
        _subviewsDidChange()
    }

    /// Swaps the subviews at two indices.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard _subviews.indices.contains(index1), _subviews.indices.contains(index2) else { return }
        _subviews.swapAt(index1, index2)
        _subviewsDidChange()
    }

    /// Whether this view is `view` or one of its descendants.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate._superview
        }
        return false
    }

    /// The first view in this subtree (depth first, self included) whose tag is `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in _subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// The first view in this subtree whose `accessibilityIdentifier` is `identifier`.
    public func view(withIdentifier identifier: String) -> UIView? {
        if accessibilityIdentifier == identifier { return self }
        for subview in _subviews {
            if let found = subview.view(withIdentifier: identifier) { return found }
        }
        return nil
    }

    /// This view and all its descendants, depth first, back to front.
    public var subtree: [UIView] {
        var result: [UIView] = []
        var stack: [UIView] = [self]
        while let view = stack.popLast() {
            result.append(view)
            stack.append(contentsOf: view._subviews.reversed())
        }
        return result
    }

    // MARK: Internals

    func _detachFromSuperview() {
        guard let parent = _superview else { return }
        parent.willRemoveSubview(self)
        if let index = parent._subviews.firstIndex(where: { $0 === self }) {
            parent._subviews.remove(at: index)
        }
        _superview = nil
        _invalidateTraceNames()
        parent._subviewsDidChange()
    }

    func _subviewsDidChange() {
        _hitIndex = nil
    }

    /// Moves this subtree into `window` (or out of any window), with UIKit's callbacks.
    func _setWindow(_ newWindow: UIWindow?) {
        if self is UIWindow { return }
        let oldWindow = _window
        guard oldWindow !== newWindow else { return }
        if let oldWindow {
            oldWindow._viewWillLeaveWindow(self)
        }
        for view in subtree {
            view.willMove(toWindow: newWindow)
            if view._countsAsScrollView {
                oldWindow?._scrollViewCount -= 1
                newWindow?._scrollViewCount += 1
            }
            view._window = newWindow
            view.didMoveToWindow()
        }
    }

    /// Forgets cached trace names in this subtree (their path or identifier changed).
    func _invalidateTraceNames() {
        for view in subtree {
            view._traceNameCache = nil
            for recognizer in view._gestureRecognizers { recognizer._traceNameCache = nil }
        }
    }

    /// `Class#identifier`, or `Class@anchor.i.j` where the path runs from the nearest ancestor with
    /// an identifier (or from the root) down to the view.
    func _viewTraceName() -> String {
        let className = _traceClassName
        if let identifier = accessibilityIdentifier, !identifier.isEmpty {
            return className + "#" + identifier
        }
        if tag != 0 { return className + "#tag" + String(tag) }
        var path: [Int] = []
        var current: UIView = self
        var anchor: String? = nil
        while let parent = current._superview {
            path.append(parent._subviews.firstIndex { $0 === current } ?? -1)
            if let identifier = parent.accessibilityIdentifier, !identifier.isEmpty {
                anchor = identifier
                break
            }
            current = parent
        }
        if path.isEmpty { return className }
        let indices = path.reversed().map(String.init).joined(separator: ".")
        return className + "@" + (anchor.map { $0 + "." } ?? "") + indices
    }
}
