import Foundation
import TouchKit

/// A SwiftUI gesture written in Swift (`TapGesture(count: 2)`, `DragGesture().onEnded { … }`,
/// `a.exclusively(before: b)`). Callbacks get the value's stable text (`translation (30.00,
/// 0.00)`, `first(pressing)`), not SwiftUI's typed values.
public protocol SwiftUIGesture {
    var gestureDescription: GestureDescription { get }
}

extension GestureDescription: SwiftUIGesture {
    public var gestureDescription: GestureDescription { self }
}

/// `TapGesture(count:)` (default 1).
public struct TapGesture: SwiftUIGesture {
    public let gestureDescription: GestureDescription
    public init(count: Int = 1) { gestureDescription = GestureDescription(.tap(count: count)) }
}

/// Where a gesture's locations are measured from (SwiftUI's `CoordinateSpace`, local or global).
public enum GestureCoordinateSpace: Sendable {
    case local, global
}

/// `SpatialTapGesture(count:coordinateSpace:)`: a tap whose value is its location.
public struct SpatialTapGesture: SwiftUIGesture {
    public let gestureDescription: GestureDescription
    public init(count: Int = 1, coordinateSpace: GestureCoordinateSpace = .local) {
        gestureDescription = GestureDescription(.spatialTap(count: count, global: coordinateSpace == .global))
    }
}

/// `LongPressGesture(minimumDuration:maximumDistance:)` (0.5 s, 10 pt).
public struct LongPressGesture: SwiftUIGesture {
    public let gestureDescription: GestureDescription
    public init(minimumDuration: TimeInterval = 0.5, maximumDistance: CGFloat = 10) {
        gestureDescription = GestureDescription(.longPress(minimumDuration: minimumDuration, maximumDistance: maximumDistance))
    }
}

/// `DragGesture(minimumDistance:coordinateSpace:)` (10 pt, local).
public struct DragGesture: SwiftUIGesture {
    public let gestureDescription: GestureDescription
    public init(minimumDistance: CGFloat = 10, coordinateSpace: GestureCoordinateSpace = .local) {
        gestureDescription = GestureDescription(.drag(minimumDistance: minimumDistance, global: coordinateSpace == .global))
    }
}

/// `MagnifyGesture(minimumScaleDelta:)` (0.01).
public struct MagnifyGesture: SwiftUIGesture {
    public let gestureDescription: GestureDescription
    public init(minimumScaleDelta: CGFloat = 0.01) { gestureDescription = GestureDescription(.magnify(minimumScaleDelta: minimumScaleDelta)) }
}

/// `RotateGesture(minimumAngleDelta:)` (1°), in degrees.
public struct RotateGesture: SwiftUIGesture {
    public let gestureDescription: GestureDescription
    public init(minimumAngleDelta degrees: CGFloat = 1) { gestureDescription = GestureDescription(.rotate(minimumAngleDelta: degrees)) }
}

extension SwiftUIGesture {
    /// `.onChanged { value in … }`: while active, when the value changed.
    public func onChanged(_ body: @escaping (String) -> Void) -> GestureDescription {
        var description = gestureDescription
        description.callbacks.onChanged = body
        return description
    }

    /// `.onEnded { value in … }`: when it ends, if UIKit lets its recognizer recognize.
    public func onEnded(_ body: @escaping (String) -> Void) -> GestureDescription {
        var description = gestureDescription
        description.callbacks.onEnded = body
        return description
    }

    /// `.updating($state) { value, state, _ in … }`: `body` while active; `reset` when its
    /// `@GestureState` goes back to its initial value (ended, failed or cancelled).
    public func updating(_ body: @escaping (String) -> Void, reset: (() -> Void)? = nil) -> GestureDescription {
        var description = gestureDescription
        description.callbacks.updating = body
        description.callbacks.onReset = reset
        return description
    }

    /// Names the gesture in traces, lanes and `why` (a scene file's `id`).
    public func id(_ id: String) -> GestureDescription {
        var description = gestureDescription
        description.id = id
        return description
    }

    /// `a.simultaneously(with: b)`.
    public func simultaneously(with other: some SwiftUIGesture) -> GestureDescription {
        GestureDescription(.simultaneously(gestureDescription, other.gestureDescription))
    }

    /// `a.sequenced(before: b)`.
    public func sequenced(before other: some SwiftUIGesture) -> GestureDescription {
        GestureDescription(.sequenced(gestureDescription, other.gestureDescription))
    }

    /// `a.exclusively(before: b)`.
    public func exclusively(before other: some SwiftUIGesture) -> GestureDescription {
        GestureDescription(.exclusively(gestureDescription, other.gestureDescription))
    }
}
