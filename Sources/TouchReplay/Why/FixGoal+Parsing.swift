import Foundation
import TouchKit

/// A `--goal` that cannot be read, with what is expected.
public struct GoalError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension FixGoal {
    /// The goal kinds `--goal` takes, for help and errors.
    public static let kinds = [
        "recognizes=RECOGNIZER", "not-recognizes=RECOGNIZER", "gets-touch=VIEW", "fires=CONTROL.EVENT", "not-fires=CONTROL.EVENT",
        "down-feedback=VIEW", "scrolls=SCROLLVIEW", "not-scrolls=SCROLLVIEW", "pages=SCROLLVIEW",
    ]

    /// Reads `KIND=SUBJECT`. Views and recognizers are named by scene id or trace name;
    /// `view` and `recognizer` turn a name into the trace name (nil: no such one), `finger` is
    /// the finger a `gets-touch` goal is about.
    public static func parse(
        _ text: String, finger: Int, view: (String) -> String?, recognizer: (String) -> String?, size: (String) -> CGSize? = { _ in nil }
    ) -> Result<FixGoal, GoalError> {
        guard let equals = text.firstIndex(of: "=") else {
            return .failure(
                GoalError(message: "expected KIND=SUBJECT, one of: \(kinds.joined(separator: ", ")); found \"\(TerminalText.line(text))\""))
        }
        let kind = String(text[..<equals])
        let subject = String(text[text.index(after: equals)...])
        guard !subject.isEmpty, subject.utf8.count <= 1_000 else { return .failure(GoalError(message: "the goal \(kind) names nothing")) }
        func named(_ name: String, _ find: (String) -> String?, _ what: String) -> Result<String, GoalError> {
            find(name).map { .success($0) }
                ?? .failure(GoalError(message: "the goal names \(what) \"\(TerminalText.line(name))\", which the scene does not have"))
        }
        func controlEvent() -> Result<(String, UIControl.Event), GoalError> {
            guard let dot = subject.lastIndex(of: "."), dot != subject.startIndex else {
                return .failure(GoalError(message: "expected CONTROL.EVENT (pay.touchUpInside), found \"\(TerminalText.line(subject))\""))
            }
            let name = String(subject[subject.index(after: dot)...])
            guard let event = UIControl.Event(name: name) else {
                return .failure(
                    GoalError(
                        message:
                            "unknown control event \"\(TerminalText.line(name))\" (events: \(UIControl.Event.named.map(\.1).joined(separator: ", ")))"
                    ))
            }
            return named(String(subject[..<dot]), view, "the control").map { ($0, event) }
        }
        switch kind {
        case "recognizes": return named(subject, recognizer, "the recognizer").map { .recognizes(recognizer: $0) }
        case "not-recognizes": return named(subject, recognizer, "the recognizer").map { .doesNotRecognize(recognizer: $0) }
        case "gets-touch": return named(subject, view, "the view").map { .viewGetsTouch(view: $0, finger: finger) }
        case "fires": return controlEvent().map { .controlFires(control: $0.0, event: $0.1) }
        case "not-fires": return controlEvent().map { .controlDoesNotFire(control: $0.0, event: $0.1) }
        case "down-feedback": return named(subject, view, "the view").map { .feedbackAtTouchDown(view: $0) }
        case "scrolls": return named(subject, view, "the scroll view").map { .scrolls(view: $0) }
        case "not-scrolls": return named(subject, view, "the scroll view").map { .doesNotScroll(view: $0) }
        case "pages":
            return named(subject, view, "the scroll view").flatMap { name in
                guard let page = size(name), page.width > 0 || page.height > 0 else {
                    return .failure(GoalError(message: "pages=\(TerminalText.line(subject)): the scroll view's size is not known"))
                }
                return .success(.settlesOnPage(view: name, width: Double(page.width), height: Double(page.height)))
            }
        default:
            return .failure(GoalError(message: "unknown goal \"\(TerminalText.line(kind))\" (goals: \(kinds.joined(separator: ", ")))"))
        }
    }
}
