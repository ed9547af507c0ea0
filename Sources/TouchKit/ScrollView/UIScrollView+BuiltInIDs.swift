/// A scroll view's own recognizers as scenes, the inspector and `why` address them: the scroll
/// view's id and a suffix (`carousel.pan`), and the class traces name each by
/// (`UIScrollViewPanGestureRecognizer@UIScrollView#carousel`); `BuiltInRecognizerIDs` reads it back.
extension UIScrollView {
    /// The suffix of each built-in recognizer's id, with its class name in traces.
    public static let builtInRecognizers: [(suffix: String, className: String)] = [
        ("pan", String(describing: UIScrollViewPanGestureRecognizer.self)),
        ("delay", String(describing: UIScrollViewDelayedTouchesRecognizer.self)),
    ]
}
