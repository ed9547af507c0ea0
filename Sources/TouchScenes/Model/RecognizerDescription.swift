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
    public var edges: [String] = []
    public var directions: [String] = []
    /// Ids of recognizers this one requires to fail.
    public var requireToFail: [String] = []
    public var delegate: DelegateDescription?
    /// What the recognizer's action does, for which states (all action states when empty).
    public var onStates: [String] = []
    public var effects: [Effect] = []

    public init(kind: RecognizerKind, id: String? = nil) {
        self.kind = kind
        self.id = id
    }
}

/// Fixed answers of a recognizer's delegate.
public struct DelegateDescription: Equatable, Sendable {
    public var shouldBegin = true
    public var shouldReceiveTouch = true
    /// Ids of recognizers it may recognize with (`"*"`: any).
    public var recognizeSimultaneouslyWith: [String] = []
    public var requireFailureOf: [String] = []
    public var requiredToFailBy: [String] = []

    public init() {}
}
