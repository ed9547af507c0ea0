/// The ids scenes, the inspector and `why` give the recognizers UIKit makes of its own: a scroll
/// view's (`carousel.pan`, `carousel.delay`) and a navigation controller's pop gesture
/// (`nav.pop`), read from a trace name (`_UIParallaxTransitionPanGestureRecognizer@UILayoutContainerView#nav`).
public enum BuiltInRecognizerIDs {
    /// Each built-in's id suffix, with its class name in traces.
    public static let all: [(suffix: String, className: String)] =
        UIScrollView.builtInRecognizers + [("pop", String(describing: _UIParallaxTransitionPanGestureRecognizer.self))]

    /// The id a built-in recognizer's trace name stands for, or nil when the name is not one of
    /// UIKit's own recognizers on a view with an id.
    public static func id(traceName: String) -> String? {
        guard let at = traceName.firstIndex(of: "@"), let hash = traceName.lastIndex(of: "#"), hash > at,
            let suffix = all.first(where: { $0.className == traceName[..<at] })?.suffix
        else { return nil }
        return traceName[traceName.index(after: hash)...] + "." + suffix
    }
}
