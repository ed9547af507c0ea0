import Foundation
import TouchKit

/// A SwiftUI gesture as written: `TapGesture(count: 2)`, `DragGesture(minimumDistance: 20)`,
/// `a.simultaneously(with: b)`, with its callbacks. A value; each touch sequence runs a fresh
/// `GestureInstance` made from it.
public struct GestureDescription: @unchecked Sendable {
    /// The kinds SwiftUI names, with their parameters (defaults are SwiftUI's documented ones).
    public indirect enum Kind {
        /// `TapGesture(count:)` (default 1).
        case tap(count: Int)
        /// `SpatialTapGesture(count:coordinateSpace:)`: a tap whose value is its location.
        case spatialTap(count: Int, global: Bool)
        /// `LongPressGesture(minimumDuration:maximumDistance:)` (0.5 s, 10 pt).
        case longPress(minimumDuration: TimeInterval, maximumDistance: CGFloat)
        /// `DragGesture(minimumDistance:coordinateSpace:)` (10 pt, local).
        case drag(minimumDistance: CGFloat, global: Bool)
        /// `MagnifyGesture(minimumScaleDelta:)` (0.01).
        case magnify(minimumScaleDelta: CGFloat)
        /// `RotateGesture(minimumAngleDelta:)` (1°), in degrees.
        case rotate(minimumDegrees: CGFloat)
        /// `a.simultaneously(with: b)`.
        case simultaneously(GestureDescription, GestureDescription)
        /// `a.sequenced(before: b)`.
        case sequenced(GestureDescription, GestureDescription)
        /// `a.exclusively(before: b)`.
        case exclusively(GestureDescription, GestureDescription)
        /// A gesture that never recognizes (a masked or disabled gesture stands in for it).
        case never(GestureFailure)
    }

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

    public init(_ kind: Kind, id: String? = nil, callbacks: Callbacks = Callbacks()) {
        self.kind = kind
        self.id = id
        self.callbacks = callbacks
    }

    /// SwiftUI's type name: `TapGesture`, `ExclusiveGesture`, …
    public var typeName: String {
        switch kind {
        case .tap: "TapGesture"
        case .spatialTap: "SpatialTapGesture"
        case .longPress: "LongPressGesture"
        case .drag: "DragGesture"
        case .magnify: "MagnifyGesture"
        case .rotate: "RotateGesture"
        case .simultaneously: "SimultaneousGesture"
        case .sequenced: "SequenceGesture"
        case .exclusively: "ExclusiveGesture"
        case .never: "_NeverGesture"
        }
    }

    /// `#id (TapGesture)`, or the type name.
    public var displayName: String { id.map { "#\($0) (\(typeName))" } ?? typeName }

    /// The tap count the gesture requires when it is a tap (its UIKit recognizer then reports
    /// itself as a tap recognizer with that count, model M5).
    public var tapCount: Int? {
        switch kind {
        case .tap(let count), .spatialTap(let count, _): count
        default: nil
        }
    }

    /// Whether it carries the dependency "fail if active" (model M3): taps (Buttons too).
    public var hasDependency: Bool { tapCount != nil }

    /// Whether it, or a gesture inside it, gives locations in its view's own space (a local
    /// `SpatialTapGesture`): only then does its recognizer need where the view is.
    var usesLocalSpace: Bool {
        switch kind {
        case .spatialTap(_, let global): !global
        case .simultaneously(let a, let b), .sequenced(let a, let b), .exclusively(let a, let b): a.usesLocalSpace || b.usesLocalSpace
        case .tap, .longPress, .drag, .magnify, .rotate, .never: false
        }
    }
}
