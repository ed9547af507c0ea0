import Foundation
import TouchKit

/// The kinds of gesture recognizer a scene can create.
public enum RecognizerKind: String, CaseIterable, Sendable {
    case tap, longPress, pan, screenEdgePan, swipe, pinch, rotation
}

/// One gesture recognizer of a scene, attached to the view that lists it.
public struct RecognizerDescription: Equatable, Sendable {
    public var kind: RecognizerKind
    /// Referenced by `requireToFail` and delegate answers; also the recognizer's `name`.
    public var id: String?
    public var isEnabled = true
    public var cancelsTouchesInView = true
    public var delaysTouchesBegan = false
    public var delaysTouchesEnded = true
    public var numberOfTapsRequired: Int?
    public var numberOfTouchesRequired: Int?
    public var minimumPressDuration: Double?
    public var allowableMovement: Double?
    public var minimumNumberOfTouches: Int?
    public var maximumNumberOfTouches: Int?
    /// A screen-edge pan's edges (none: UIKit's default, which recognizes nothing).
    public var edges: UIRectEdge = []
    /// A swipe's directions (nil: UIKit's default, `.right`).
    public var direction: UISwipeGestureRecognizer.Direction?
    /// Ids of recognizers this one requires to fail.
    public var requireToFail: [String] = []
    public var delegate: DelegateDescription?
    /// What the recognizer's action does, for which states (all action states when empty).
    public var onStates: [UIGestureRecognizer.State] = []
    public var effects: [Effect] = []

    public init(kind: RecognizerKind, id: String? = nil) {
        self.kind = kind
        self.id = id
    }
}

/// A recognizer's delegate: each answer a constant or a condition on the touch and the other
/// recognizer (`TouchCondition`). The defaults are UIKit's with no delegate: begin, receive
/// every touch, no simultaneous recognition, no failure requirements.
public struct DelegateDescription: Equatable, Sendable {
    public var shouldBegin: TouchCondition = .always(true)
    public var shouldReceiveTouch: TouchCondition = .always(true)
    /// Which recognizers it may recognize with (a list of ids, `"*"`: any; or a condition).
    public var recognizeSimultaneouslyWith: TouchCondition = .otherID([])
    public var requireFailureOf: TouchCondition = .otherID([])
    public var requiredToFailBy: TouchCondition = .otherID([])

    public init() {}
}

/// The names scene files use for recognizer settings, and what each means: the decoder parses
/// names to these values (an unknown name is an error there), the encoder writes them back.
public enum RecognizerNames {
    public static let edges: [(name: String, edge: UIRectEdge)] = [("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right)]
    public static let directions: [(name: String, direction: UISwipeGestureRecognizer.Direction)] = [
        ("right", .right), ("left", .left), ("up", .up), ("down", .down),
    ]
    public static let states: [(name: String, state: UIGestureRecognizer.State)] = [
        ("began", .began), ("changed", .changed), ("ended", .ended), ("cancelled", .cancelled),
    ]
}
