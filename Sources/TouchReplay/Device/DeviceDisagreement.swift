import Foundation
import TouchKit

/// One touch where the model and the device differ: the first fact that differs, both sides,
/// and the likely cause read from the capture's code facts, or, where no captured code explains
/// it, the model's rule that decided the outcome (so that a wrong rule shows up).
public struct DeviceDisagreement: Equatable, Sendable {
    /// Which fact differs.
    public enum Fact: Equatable, Sendable {
        case hit(finger: Int)
        case recognizer(String)
        case controls
        case navigation

        public var label: String {
            switch self {
            case .hit(let finger): "hit of finger \(finger)"
            case .recognizer(let name): name
            case .controls: "control events"
            case .navigation: "navigation stack"
            }
        }
    }

    /// Why they may differ.
    public enum Cause: Equatable, Sendable {
        /// Code the capture saw and the scene does not hold.
        case code(CodeFacts, String)
        /// No captured code explains it; the model's rules that decided it.
        case rules([TouchRule])
        /// Code a capture cannot see did it (a control's action that pushed a screen).
        case unseenCode(String)
    }

    public var touch: TouchSequence
    public var fact: Fact
    /// The device's side and the model's, in words.
    public var device: String
    public var model: String
    public var cause: Cause

    /// The likely cause as one sentence.
    public var causeLine: String {
        switch cause {
        case .code(_, let text), .unseenCode(let text):
            return text
        case .rules(let rules):
            let named = rules.map { "\($0.id) (\($0.provenanceLine)): \($0.summary)" }
            return "No captured code explains this; the model decided it by "
                + (named.isEmpty ? "UIKit's defaults" : named.joined(separator: "; "))
                + ". If the scene holds the app as it is, this rule may be wrong."
        }
    }

    /// The disagreement as lines: the touch and fact, both sides, the likely cause.
    public var lines: [String] {
        [
            "\(touch.description): \(fact.label)",
            "  device: \(device)",
            "  model:  \(model)",
            "  likely cause: \(causeLine)",
        ]
    }

    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("touch", .number(Double(touch.number))), ("t", .number(Double(touch.micros) / 1_000_000)),
            ("fingers", .array(touch.fingers.map { .number(Double($0)) })), ("line", .number(Double(touch.line))),
            ("fact", .string(fact.label)), ("device", .string(device)), ("model", .string(model)), ("cause", .string(causeLine)),
        ]
        switch cause {
        case .code(let facts, _):
            members.append(("code", .object([("subject", .string(facts.subject)), ("summary", .string(facts.summary))])))
        case .rules(let rules):
            members.append(
                ("rules", .array(rules.map { .object([("id", .string($0.id)), ("provenance", .string($0.provenance.rawValue))]) })))
        case .unseenCode:
            members.append(("unseenCode", .bool(true)))
        }
        return .object(members)
    }
}
