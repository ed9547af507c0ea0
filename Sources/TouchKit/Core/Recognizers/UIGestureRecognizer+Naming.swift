extension UIGestureRecognizer {
    /// The name this recognizer has in traces: `Class#name` when `name` is set, otherwise
    /// `Class@view` (with `[i]` when the view has several recognizers of that class).
    public var traceName: String {
        if let cached = _traceNameCache { return cached }
        let className = traceClass ?? String(describing: type(of: self))
        let computed: String
        if let name, !name.isEmpty {
            computed = className + "#" + name
        } else if let view = _view {
            let sameClass = view._gestureRecognizers.filter { type(of: $0) == type(of: self) }
            let suffix =
                sameClass.count > 1 ? "[\(sameClass.firstIndex { $0 === self } ?? 0)]" : ""
            computed = className + suffix + "@" + view.traceName
        } else {
            computed = className
        }
        // One visible line, whatever the name holds (as a responder's trace name).
        let shown = TerminalText.line(computed)
        _traceNameCache = shown
        return shown
    }
}

extension UIGestureRecognizer {
    /// The id a scene, the inspector and `why --recognizer` know this recognizer by: its `name`,
    /// or for a scroll view's own recognizers the scroll view's identifier with `.pan` or `.delay`
    /// (`carousel.pan`); nil when it has neither.
    public var addressableID: String? {
        if let name, !name.isEmpty { return name }
        guard let view = _view, let suffix = view._builtInRecognizerSuffix(for: self), let viewID = view.accessibilityIdentifier, !viewID.isEmpty
        else { return nil }
        return viewID + "." + suffix
    }
}
