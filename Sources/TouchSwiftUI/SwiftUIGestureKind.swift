import Foundation

/// SwiftUI's gestures as its API names them, with their parameters: the one vocabulary of
/// gesture kinds. The engine's `GestureDescription` and a scene's `SwiftUIGestureDescription`
/// both use it, and differ only in what a combination combines (`Part`): a gesture with
/// callbacks, or a gesture with the effects a scene writes. Defaults are SwiftUI's documented
/// ones.
public indirect enum SwiftUIGestureKind<Part> {
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
    case rotate(minimumAngleDelta: CGFloat)
    /// `a.simultaneously(with: b)`.
    case simultaneously(Part, Part)
    /// `a.sequenced(before: b)`.
    case sequenced(Part, Part)
    /// `a.exclusively(before: b)`.
    case exclusively(Part, Part)

    /// SwiftUI's type name: `TapGesture`, `ExclusiveGesture`, …
    public var typeName: String {
        switch self {
        case .tap: "TapGesture"
        case .spatialTap: "SpatialTapGesture"
        case .longPress: "LongPressGesture"
        case .drag: "DragGesture"
        case .magnify: "MagnifyGesture"
        case .rotate: "RotateGesture"
        case .simultaneously: "SimultaneousGesture"
        case .sequenced: "SequenceGesture"
        case .exclusively: "ExclusiveGesture"
        }
    }

    /// The name a scene file gives the kind (`tap`, `simultaneously`, …): SwiftUI's name for it
    /// with a lower-case first letter, or the combining method's.
    public var name: String {
        switch self {
        case .tap: "tap"
        case .spatialTap: "spatialTap"
        case .longPress: "longPress"
        case .drag: "drag"
        case .magnify: "magnify"
        case .rotate: "rotate"
        case .simultaneously: "simultaneously"
        case .sequenced: "sequenced"
        case .exclusively: "exclusively"
        }
    }

    /// Every name a scene file may give a kind, primitives first.
    public static var names: [String] {
        ["tap", "spatialTap", "longPress", "drag", "magnify", "rotate", "simultaneously", "sequenced", "exclusively"]
    }

    /// The two gestures a combination combines, in order; nil for a primitive gesture.
    public var parts: (Part, Part)? {
        switch self {
        case .simultaneously(let a, let b), .sequenced(let a, let b), .exclusively(let a, let b): (a, b)
        case .tap, .spatialTap, .longPress, .drag, .magnify, .rotate: nil
        }
    }

    /// The tap count when the kind is a tap or a spatial tap.
    public var tapCount: Int? {
        switch self {
        case .tap(let count), .spatialTap(let count, _): count
        default: nil
        }
    }

    /// The same kind with each part transformed: how a scene's gesture becomes the engine's.
    public func map<Other>(_ transform: (Part) throws -> Other) rethrows -> SwiftUIGestureKind<Other> {
        switch self {
        case .tap(let count): .tap(count: count)
        case .spatialTap(let count, let global): .spatialTap(count: count, global: global)
        case .longPress(let duration, let distance): .longPress(minimumDuration: duration, maximumDistance: distance)
        case .drag(let distance, let global): .drag(minimumDistance: distance, global: global)
        case .magnify(let delta): .magnify(minimumScaleDelta: delta)
        case .rotate(let degrees): .rotate(minimumAngleDelta: degrees)
        case .simultaneously(let a, let b): .simultaneously(try transform(a), try transform(b))
        case .sequenced(let a, let b): .sequenced(try transform(a), try transform(b))
        case .exclusively(let a, let b): .exclusively(try transform(a), try transform(b))
        }
    }
}

extension SwiftUIGestureKind: Equatable where Part: Equatable {}
extension SwiftUIGestureKind: Sendable where Part: Sendable {}
