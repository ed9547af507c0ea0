import Foundation
import TouchKit

/// An answer that depends on the touch, for the delegate methods and the view's
/// `gestureRecognizerShouldBegin(_:)`: how the fixes people ship decide ("receive the touch
/// unless it is on a cell", "recognize with the carousel's pan only").
///
/// - The touch is the one asked about (`shouldReceive`), or the recognizer's first touch.
/// - "Other" is the other recognizer of a relation (`recognizeSimultaneouslyWith`, …); in a
///   view's `gestureRecognizerShouldBegin`, the recognizer asked about.
public indirect enum TouchCondition: Equatable, Sendable {
    /// A constant answer.
    case always(Bool)
    /// The touch's view is one of these ids, or inside one of them.
    case touchViewIn([String])
    /// The touch's view is a `UIControl`.
    case touchViewIsControl
    /// The touch's view is of this kind (its UIKit class or a subclass).
    case touchViewKind(ViewKind)
    /// The touch's view has this class name (as traces name it).
    case touchViewClass(String)
    /// The touch is inside `rect`, in the coordinates of the view with id `view`.
    case location(view: String, rect: CGRect)
    /// A scene state flag has this value.
    case state(String, equals: Bool)
    /// The other recognizer is of this kind (its UIKit class or a subclass).
    case otherKind(RecognizerKind)
    /// The other recognizer is attached to the view with this id.
    case otherView(String)
    /// The other recognizer has one of these ids (`"*"`: any).
    case otherID([String])
    case not(TouchCondition)
    case all([TouchCondition])
    case any([TouchCondition])

    /// The condition as the inspector shows it.
    public var summary: String {
        switch self {
        case .always(let value): "\(value)"
        case .touchViewIn(let ids): "touch in \(ids.joined(separator: " or "))"
        case .touchViewIsControl: "touch on a control"
        case .touchViewKind(let kind): "touch on a \(kind.rawValue)"
        case .touchViewClass(let name): "touch on \(name)"
        case .location(let view, let rect): "touch inside \(rect) of \(view)"
        case .state(let name, let value): "state \(name) is \(value)"
        case .otherKind(let kind): "other is a \(kind.rawValue)"
        case .otherView(let view): "other on \(view)"
        case .otherID(let ids): ids.isEmpty ? "none" : ids.contains("*") ? "any" : ids.joined(separator: ", ")
        case .not(let inner): "not (\(inner.summary))"
        case .all(let items): items.map(\.summary).joined(separator: " and ")
        case .any(let items): "(" + items.map(\.summary).joined(separator: " or ") + ")"
        }
    }
}
