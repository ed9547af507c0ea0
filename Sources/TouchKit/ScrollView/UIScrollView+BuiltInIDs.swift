/// A scroll view's own recognizers as scenes, the inspector and `why` address them: the scroll
/// view's id and a suffix (`carousel.pan`), and the class traces name each by
/// (`UIScrollViewPanGestureRecognizer@UIScrollView#carousel`). One table, read both ways.
extension UIScrollView {
    /// The suffix of each built-in recognizer's id, with its class name in traces.
    public static let builtInRecognizers: [(suffix: String, className: String)] = [
        ("pan", String(describing: UIScrollViewPanGestureRecognizer.self)),
        ("delay", String(describing: UIScrollViewDelayedTouchesRecognizer.self)),
    ]

    /// The id a built-in recognizer's trace name stands for (`carousel.pan`), or nil when the
    /// name is not a scroll view's own recognizer on a view with an id.
    public static func builtInRecognizerID(traceName: String) -> String? {
        guard let at = traceName.firstIndex(of: "@"), let hash = traceName.lastIndex(of: "#"), hash > at,
            let suffix = builtInRecognizers.first(where: { $0.className == traceName[..<at] })?.suffix
        else { return nil }
        return traceName[traceName.index(after: hash)...] + "." + suffix
    }
}
