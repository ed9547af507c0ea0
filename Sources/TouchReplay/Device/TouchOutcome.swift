import Foundation
import TouchKit

/// What happened during one touch (`TouchSequence`), on the device or in the model, in the
/// facts a capture can see: the view each finger went to, each recognizer's states, the control
/// events, and the navigation stack where it changed. Both sides are read the same way, so that
/// they compare fact by fact.
public struct TouchOutcome: Equatable, Sendable {
    /// The view each finger went to (nil: none), by finger.
    public var hits: [Int: String?] = [:]
    /// Each recognizer's states in order (never `possible`), by trace name, and the order the
    /// recognizers were first seen in.
    public var recognizers: [String: [String]] = [:]
    public var recognizerOrder: [String] = []
    /// `control event` pairs in order, consecutive repeats kept once (`touchDragInside` fires
    /// on every move on both sides, and only whether it fired is compared).
    public var controls: [String] = []
    /// The navigation stack at the end of the touch, when it changed during it.
    public var navigation: [String]?

    public init() {}

    mutating func addState(_ recognizer: String, _ state: String) {
        guard state != "possible" else { return }
        if recognizers[recognizer] == nil { recognizerOrder.append(recognizer) }
        recognizers[recognizer, default: []].append(state)
    }

    mutating func addControl(_ control: String, _ event: String) {
        let item = control + " " + event
        if controls.last != item { controls.append(item) }
    }

    /// How a recognizer's outcome reads for comparison: its first state and its last, a failure
    /// and no state at all alike ("did not recognize"): a capture sees a failure only when it
    /// samples it, while a recognition always reaches its targets.
    static func verdict(_ states: [String]?) -> (first: String, last: String) {
        let kept = (states ?? []).filter { $0 != "failed" }
        guard let first = kept.first, let last = kept.last else { return ("did not recognize", "did not recognize") }
        return (first, last)
    }

    /// A recognizer's states in a word or two: `ended`, `began … ended`, `failed`, `did not recognize`.
    public static func describe(_ states: [String]?) -> String {
        let verdict = verdict(states)
        if verdict.first == "did not recognize" {
            return (states ?? []).contains("failed") ? "failed" : "did not recognize"
        }
        return verdict.first == verdict.last ? verdict.first : "\(verdict.first) … \(verdict.last)"
    }
}
