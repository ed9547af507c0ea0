import Foundation
import TouchKit

/// An override people write in UIKit, as data: TouchScope ships the code, a scene only names it.
public indirect enum Behaviour: Equatable, Sendable {
    /// `point(inside:)` grown by insets (negative insets of the bounds): an enlarged hit area.
    case enlargeHitArea(UIEdgeInsets)
    /// `point(inside:)` true only over the listed subviews and rects; touches elsewhere pass
    /// through to the views behind (the frame-shaped mask, the collapsed floating menu).
    case passThrough(exceptSubviews: [String], exceptRects: [CGRect])
    /// `point(inside:)` true everywhere: a small menu that catches the whole screen.
    case catchAll
    /// `point(inside:)` true only inside a polygon (in the view's coordinates): irregular buttons.
    case shape([CGPoint])
    /// `hitTest` returns the first listed view whose `point(inside:)` holds, before asking UIKit
    /// (the cell that prefers its join and delete buttons). Bounded by the view's own
    /// `point(inside:)`: a subview lying outside the view is never reached this way (for that,
    /// `hitTestSubviewsOutside`).
    case preferSubviews([String])
    /// Apple's QA1812: when UIKit's `hitTest` finds nothing (the point is outside this view), the
    /// listed subviews are asked in turn, the point converted to each, each one's own `hitTest`
    /// answering; the first view found wins (the tab bar's raised button that sticks out).
    case hitTestSubviewsOutside([String])
    /// When UIKit's `hitTest` answers this view itself, the given view is returned instead (the
    /// "peek" container that hands drags in its margins to its scroll view).
    case redirectHit(to: String)
    /// `hitTest` returns nil when UIKit's answer is one of the listed views (`self`, `root`: the
    /// root view of the window, or an id), so the touch goes on to the views (or the window)
    /// behind: the pass-through window (`hitView == rootViewController?.view ? nil : hitView`)
    /// and the pass-through overlay. Over a hosting view, UIKit's answer is what app code sees
    /// in the scene's era (`HostingHitAnswer`), which is why these broke on iOS 18 and 26.
    case passThroughWhenHit([String])
    /// `hitTest` returns nil where `layer.hitTest(point)?.name` of the given view (`root`,
    /// `self` or an id) is not nil: over a hosting view, where SwiftUI draws nothing (the iOS 26
    /// workaround of WindowKit#11); over UIKit views, never.
    case passThroughOnNamedLayer(String)
    /// The view's `gestureRecognizerShouldBegin(_:)`: UIKit asks the touch's views and the
    /// recognizer's own view whether a recognizer may begin (UIView's default: true). The
    /// condition's `other…` terms describe the recognizer asked about.
    case gestureRecognizerShouldBegin(TouchCondition)
    /// A scroll view's `touchesShouldCancel(in:)`: whether a scroll that starts cancels the
    /// touches of the content view it is asked about (UIKit default: true unless that view is a
    /// `UIControl`). The condition's `touchView…` terms describe that content view.
    case touchesShouldCancel(TouchCondition)
    /// A control's `beginTracking(_:with:)` answer: whether it tracks the touch that began on it
    /// (UIKit default: true). False: no `touchDown`, no later events for that touch.
    case beginTracking(TouchCondition)
    /// A control's `continueTracking(_:with:)` answer at each move (UIKit default: true). False:
    /// tracking ends there, and no drag or lift event follows for that touch.
    case continueTracking(TouchCondition)
    /// A behaviour that applies only while a state flag has a value.
    case when(state: String, equals: Bool, then: Behaviour)
    /// Touches methods that run effects; `forward` also calls `super` (passing the touch up).
    /// A scene file names the methods by their phase (`Behaviour.phaseNames`).
    case onTouches(methods: [TouchMethod], effects: [Effect], forward: Bool)
    /// Handles named events routed up the responder chain; `forward` lets them continue.
    case handleEvents(names: [String], effects: [Effect], forward: Bool)
    /// The responder can become first responder and performs the listed named actions.
    case firstResponder(actions: [String: [Effect]])
    /// `onTouchUpInside` from seed 000, with a canceller (`bounds` or a distance in points).
    case touchUpInside(cancelDistance: Double?, effects: [Effect])
}

/// Something a scene does when an action, a behaviour or a touch fires (data, never code).
public enum Effect: Equatable, Sendable {
    /// Adds a note to the trace.
    case note(String)
    /// Sets properties of a view (`self` for the view that runs the effect).
    case set(target: String, patch: ViewPatch)
    /// Sets a scene state flag.
    case setState(String, Bool)
    /// Flips a scene state flag.
    case toggleState(String)
    /// Sends a named action along the responder chain (nil target), from the view.
    case sendAction(String)
    /// Routes a named event up the responder chain from the view.
    case route(String)
    /// Makes a view or controller first responder (`self` when empty).
    case becomeFirstResponder(String)
    /// Moves a view by the pan's translation (restored on cancel): the seeds' draggable piece.
    case dragView(String)
}

extension Effect {
    /// A short form for messages: `route "ping"`, `sendAction "blink"`, `note`, ...
    public var summary: String {
        switch self {
        case .note: "note"
        case .set(let target, _): "set \(target)"
        case .setState(let name, _): "setState \"\(name)\""
        case .toggleState(let name): "toggleState \"\(name)\""
        case .sendAction(let name): "sendAction \"\(name)\""
        case .route(let name): "route \"\(name)\""
        case .becomeFirstResponder(let target): "becomeFirstResponder \(target)"
        case .dragView(let target): "dragView \(target)"
        }
    }
}

/// Properties an effect may set on a view.
public struct ViewPatch: Equatable, Sendable {
    public var frame: CGRect?
    public var center: CGPoint?
    public var isHidden: Bool?
    public var alpha: CGFloat?
    public var backgroundColor: UIColor?
    public var isUserInteractionEnabled: Bool?
    public var title: String?
    /// A control's `isSelected`.
    public var isSelected: Bool?

    public init() {}

    /// A patch that sets only `isSelected`.
    public static func selected(_ value: Bool) -> ViewPatch {
        var patch = ViewPatch()
        patch.isSelected = value
        return patch
    }

    public var isEmpty: Bool { self == ViewPatch() }
}

extension Behaviour {
    /// The words a scene's `onTouches` uses for the touches methods: the phase each delivers.
    public static let phaseNames: [(name: String, method: TouchMethod)] = [
        ("began", .touchesBegan), ("moved", .touchesMoved), ("ended", .touchesEnded), ("cancelled", .touchesCancelled),
    ]

    /// The scene-file word for `method`.
    public static func phaseName(of method: TouchMethod) -> String {
        phaseNames.first { $0.method == method }!.name
    }
}
