import Foundation
import TouchKit

/// A gesture's value as SwiftUI gives it to callbacks, kept as numbers while the gesture runs and
/// turned into its stable text (`translation (30.00, 0.00)`, `first(pressing)`) only when a
/// callback, a note's `{value}` or the trace asks. Only the combinators' cases are boxed: a drag's
/// translation is set on every move and costs no allocation.
public enum GestureValue: Equatable, Sendable {
    /// No value yet.
    case none
    /// A spatial tap's location.
    case location(CGPoint)
    /// A long press while held, and once held long enough.
    case pressing, pressed
    /// A drag's translation.
    case translation(dx: CGFloat, dy: CGFloat)
    /// A rotation, in degrees.
    case rotation(CGFloat)
    /// A magnification.
    case scale(CGFloat)
    /// `simultaneously(with:)`: both parts' values.
    indirect case simultaneous(GestureValue, GestureValue)
    /// A sequence before its second part, or an exclusive decided for its first.
    indirect case first(GestureValue)
    /// An exclusive decided for its second part.
    indirect case second(GestureValue)
    /// A sequence in its second part: both values.
    indirect case sequenceSecond(GestureValue, GestureValue)

    /// The documented, stable text (empty for `none`).
    public var text: String {
        switch self {
        case .none: ""
        case .location(let p): "location \(TraceFormat.point(Double(p.x), Double(p.y)))"
        case .pressing: "pressing"
        case .pressed: "pressed"
        case .translation(let dx, let dy): "translation \(TraceFormat.point(Double(dx), Double(dy)))"
        case .rotation(let degrees): "rotation \(TraceFormat.number(Double(degrees)))°"
        case .scale(let scale): "scale \(TraceFormat.number(Double(scale)))"
        case .simultaneous(let a, let b): "first: \(a.textOrNil), second: \(b.textOrNil)"
        case .first(let a): "first(\(a.text))"
        case .second(let b): "second(\(b.text))"
        case .sequenceSecond(let a, let b): "second(\(a.text), \(b.textOrNil))"
        }
    }

    /// `text`, or `nil` when there is no value (how a combinator shows a part without one).
    var textOrNil: String {
        self == .none ? "nil" : text
    }
}
