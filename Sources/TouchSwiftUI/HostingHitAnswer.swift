import Foundation
import TouchKit

/// What UIKit's `hitTest(_:with:)` returns over a hosting view, as the code of an app sees it
/// (an override of a window's or a parent's `hitTest` that compares the result with the root
/// view). It changed with the eras, and pass-through windows and overlays broke twice:
///
/// - `ios17`: a subview SwiftUI draws with (a `CGDrawingView`) where content is drawn, the
///   hosting view itself elsewhere (rule `swiftui.hostingView.answer.ios17`);
/// - `ios18`: the hosting view itself everywhere (`swiftui.hostingView.answer.ios18`);
/// - `ios26`: the hosting view where content is drawn, an internal subview elsewhere
///   (`swiftui.hostingView.answer.ios26`).
///
/// TouchSwiftUI routes the touch by its own model (a gesture container in ios18 and later); this
/// answer is only what app code comparing views is given.
public enum HostingHitAnswer: String, Sendable {
    /// The hosting view itself (`rootViewController.view` when it is a window's root).
    case hostingView
    /// A subview SwiftUI draws content with (before the iOS 18 SDK).
    case drawingView
    /// A subview of SwiftUI's own, not the hosting view, over empty space (the iOS 26 SDK).
    case internalView
}

extension SwiftUIHostingView {
    /// What UIKit's `hitTest` returns at `point` (this view's coordinates) in the host's era, as
    /// app code sees it (`HostingHitAnswer`).
    public func uikitAnswer(at point: CGPoint) -> HostingHitAnswer {
        let drawn = lookUp(point)
        switch era {
        case .ios17: return drawn ? .drawingView : .hostingView
        case .ios18: return .hostingView
        case .ios26: return drawn ? .hostingView : .internalView
        }
    }

    /// Whether SwiftUI draws content at `point` (this view's coordinates): what apps read from
    /// `layer.hitTest(point)?.name == nil`, the workaround that holds on iOS 18 and 26 (rule
    /// `swiftui.hostingView.layerName`).
    public func drawsContent(at point: CGPoint) -> Bool {
        lookUp(point)
    }

    /// The view app code sees UIKit's hit testing return when TouchSwiftUI's model chose `hit`
    /// for a touch at `point` (in `space`'s coordinates): the hosting view, or nil for a view of
    /// SwiftUI's own no app can name, when `hit` is a hosting view or one of its gesture
    /// containers; `hit` itself otherwise (a representable's view, a scroll view).
    public static func viewAppCodeSees(for hit: UIView, at point: CGPoint, in space: UIView) -> UIView? {
        guard let hosting = hosting(of: hit) else { return hit }
        return hosting.uikitAnswer(at: hosting.convert(point, from: space)) == .hostingView ? hosting : nil
    }

    /// The hosting view whose answer stands for `hit`: `hit` itself, or the hosting view of a
    /// gesture container; nil for any other view.
    public static func hosting(of hit: UIView) -> SwiftUIHostingView? {
        if let view = hit as? SwiftUIHostingView { return view }
        if hit is SwiftUIGestureContainer { return hit.nearestHostingView }
        return nil
    }

    /// The SwiftUI views with a gesture whose frame holds `point` (this view's coordinates),
    /// deepest first: where nothing is drawn at `point`, the views a `.contentShape(Rectangle())`
    /// would make hit-testable there.
    public func gestureViews(framing point: CGPoint) -> [SwiftUINode] {
        guard let root = rootNode else { return [] }
        return root.subtree.filter { !$0.attachments.isEmpty && $0.layoutFrame.contains(point) }.reversed()
    }

    /// The era of the host that built it (ios18 for a view without one).
    public var era: SwiftUIEra { host?.era ?? .ios18 }
}

extension UIView {
    /// The nearest hosting view among the view's ancestors.
    fileprivate var nearestHostingView: SwiftUIHostingView? {
        var view = superview
        while let current = view {
            if let hosting = current as? SwiftUIHostingView { return hosting }
            view = current.superview
        }
        return nil
    }
}
