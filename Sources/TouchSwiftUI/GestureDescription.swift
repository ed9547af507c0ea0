import Foundation
import TouchKit

/// A SwiftUI gesture as written: `TapGesture(count: 2)`, `DragGesture(minimumDistance: 20)`,
/// `a.simultaneously(with: b)`, with its callbacks. A value; each touch sequence runs a fresh
/// `GestureInstance` made from it.
public struct GestureDescription: @unchecked Sendable {
    /// The kinds SwiftUI names, with their parameters (the one vocabulary, `SwiftUIGestureKind`).
    public typealias Kind = SwiftUIGestureKind<GestureDescription>

    /// The callbacks SwiftUI runs (model M4), given the value's stable text.
    public struct Callbacks {
        public var onChanged: ((String) -> Void)?
        public var onEnded: ((String) -> Void)?
        public var updating: ((String) -> Void)?
        /// When its `@GestureState` resets (after `updating` ran and the gesture ends, fails or
        /// is cancelled).
        public var onReset: (() -> Void)?

        public init(
            onChanged: ((String) -> Void)? = nil, onEnded: ((String) -> Void)? = nil, updating: ((String) -> Void)? = nil,
            onReset: (() -> Void)? = nil
        ) {
            self.onChanged = onChanged
            self.onEnded = onEnded
            self.updating = updating
            self.onReset = onReset
        }
    }

    public var kind: Kind
    /// A name for traces, lanes and `why` (the scene's `id`).
    public var id: String?
    public var callbacks: Callbacks
    /// Why the gesture cannot run, when it stands in for one that is disabled or masked (by its
    /// own `including:` or by a modifier above it): it never recognizes, and fails with this
    /// reason at its first touch. Nil for a gesture as written.
    public private(set) var standIn: GestureFailure?

    public init(_ kind: Kind, id: String? = nil, callbacks: Callbacks = Callbacks()) {
        self.kind = kind
        self.id = id
        self.callbacks = callbacks
    }

    /// SwiftUI's type name: `TapGesture`, `ExclusiveGesture`, …
    public var typeName: String { kind.typeName }

    /// This gesture standing in for itself when it cannot run: the same kind and id, no
    /// callbacks, failing with `reason`.
    public func standingIn(_ reason: GestureFailure) -> GestureDescription {
        var copy = GestureDescription(kind, id: id)
        copy.standIn = reason
        return copy
    }

    /// `#id (TapGesture)`, or the type name.
    public var displayName: String { id.map { "#\($0) (\(typeName))" } ?? typeName }

    /// The tap count the gesture requires when it is a tap (its UIKit recognizer then reports
    /// itself as a tap recognizer with that count, model M5).
    public var tapCount: Int? { standIn == nil ? kind.tapCount : nil }

    /// Whether it carries the dependency "fail if active" (model M3): taps (Buttons too).
    public var hasDependency: Bool { tapCount != nil }

    /// Whether it, or a gesture inside it, gives locations in its view's own space (a local
    /// `SpatialTapGesture`): only then does its recognizer need where the view is.
    var usesLocalSpace: Bool {
        if standIn != nil { return false }
        return switch kind {
        case .spatialTap(_, let global): !global
        case .simultaneously(let a, let b), .sequenced(let a, let b), .exclusively(let a, let b): a.usesLocalSpace || b.usesLocalSpace
        case .tap, .longPress, .drag, .magnify, .rotate: false
        }
    }
}
