import Foundation
import TouchKit
import TouchSwiftUI

/// The scene's SwiftUI setting: the era its gestures behave in (`"swiftUI": {"era": "ios17"}`, or
/// `{"sdk": 18, "os": 17}` when the two differ: the older decides). Default `ios18`.
public struct SwiftUISettingsDescription: Equatable, Sendable {
    public var era: SwiftUIEra?
    public var sdk: Int?
    public var os: Int?

    public init(era: SwiftUIEra? = nil, sdk: Int? = nil, os: Int? = nil) {
        self.era = era
        self.sdk = sdk
        self.os = os
    }

    /// The era the scene runs in.
    public var resolvedEra: SwiftUIEra {
        if let era { return era }
        if let sdk, let os { return SwiftUIEra.of(sdk: sdk, os: os) }
        if let sdk { return SwiftUIEra.of(sdk: sdk, os: sdk) }
        if let os { return SwiftUIEra.of(sdk: os, os: os) }
        return .ios18
    }
}

/// One SwiftUI view of a `hosting` view's `content`, as a scene writes it.
public struct SwiftUIViewDescription: Equatable, Sendable {
    public var kind: SwiftUINode.Kind
    public var id: String?
    /// In the parent's coordinates; nil inside a stack.
    public var frame: CGRect?
    public var children: [SwiftUIViewDescription] = []
    /// Every modifier in source order (the flat fields are read into this list in a fixed order,
    /// gestures last, in their own order).
    public var modifiers: [SwiftUIModifierDescription] = []
    public var spacing: Double?
    public var alignment: String?
    public var horizontal = false
    public var contentSize: CGSize?
    public var buttonStyle: String?
    /// A Button's action.
    public var action: [Effect] = []
    /// A `uikit` node's UIKit view (one, in an array for the recursion).
    public var uiView: [ViewDescription] = []

    public init(kind: SwiftUINode.Kind, id: String? = nil) {
        self.kind = kind
        self.id = id
    }

    /// Every view below and including this one, and the UIKit views of its representables.
    public var allNodes: [SwiftUIViewDescription] {
        [self] + children.flatMap(\.allNodes)
            + modifiers.flatMap { modifier -> [SwiftUIViewDescription] in
                switch modifier {
                case .overlay(let node), .background(let node): node.allNodes
                default: []
                }
            }
    }
}

/// A SwiftUI modifier a scene gives a view.
public indirect enum SwiftUIModifierDescription: Equatable, Sendable {
    case contentShape(SwiftUINode.Shape)
    case allowsHitTesting(Bool)
    case opacity(Double)
    case disabled(Bool)
    case offset(CGSize)
    case zIndex(Double)
    case clipped(Bool)
    case overlay(SwiftUIViewDescription)
    case background(SwiftUIViewDescription)
    case gesture(GestureAttachmentDescription)
    /// `.gesture(R())` with R a `UIGestureRecognizerRepresentable` (the iOS 18 SDK): a UIKit
    /// recognizer on the view's gesture container, with its delegate answers, in UIKit's
    /// arbitration with SwiftUI's gestures and the views around. Before the iOS 18 SDK there is
    /// none (as `if #available(iOS 18, *)` leaves it out).
    case representable(RecognizerDescription)
}

/// A gesture attached by a modifier, as a scene writes it.
public struct GestureAttachmentDescription: Equatable, Sendable {
    public var modifier: GestureAttachment.Modifier
    public var including: String = "all"
    public var name: String?
    public var isEnabled = true
    public var gesture: SwiftUIGestureDescription
    public var onPressingTrue: [Effect] = []
    public var onPressingFalse: [Effect] = []
    public var hasPressingChanged = false

    public init(modifier: GestureAttachment.Modifier, gesture: SwiftUIGestureDescription) {
        self.modifier = modifier
        self.gesture = gesture
    }
}

/// A SwiftUI gesture as a scene writes it: its kind with parameters, an id, its callbacks' effects.
public struct SwiftUIGestureDescription: Equatable, Sendable {
    /// The kind, in SwiftUI's one vocabulary (`SwiftUIGestureKind`), combining scene gestures.
    public typealias Kind = SwiftUIGestureKind<SwiftUIGestureDescription>

    public var kind: Kind
    public var id: String?
    public var onChanged: [Effect] = []
    public var onEnded: [Effect] = []
    public var updating: [Effect] = []
    public var onReset: [Effect] = []

    public init(kind: Kind, id: String? = nil) {
        self.kind = kind
        self.id = id
    }

    /// Every effect of this gesture and its parts.
    public var allEffects: [Effect] {
        var effects = onChanged + onEnded + updating + onReset
        if let (a, b) = kind.parts { effects += a.allEffects + b.allEffects }
        return effects
    }
}
