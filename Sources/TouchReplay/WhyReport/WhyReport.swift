import Foundation
import TouchKit
import TouchScenes
import TouchSwiftUI

/// `why`'s answer as a value: its parts in order, each with the lines people read and the JSON
/// `--json` prints (docs/why-json.md), the warnings about the question, and SwiftUI's names for
/// the UIKit side of the scene. `touchscope why` only prints it.
public struct WhyReport {
    /// One printed piece of the answer.
    public struct Part {
        /// The text, one line each (a fix's lines hold their own breaks).
        public var lines: [String]
        /// The part as JSON; nil for a part that only the text has (the list of touches that
        /// concern a view, printed before the one explained).
        public var json: JSONValue?

        public init(lines: [String], json: JSONValue?) {
            self.lines = lines
            self.json = json
        }
    }

    public var parts: [Part]
    /// Things to say about the question on standard error (a time past the session's end).
    public var warnings: [String] = []
    /// The names as written in SwiftUI for the names UIKit's side gives (`SwiftUIWords`), read
    /// when they are asked for: JSON never needs them, and finding them may build a scene.
    public var words: [String: String] { wordSource() }
    private let wordSource: () -> [String: String]

    public init(parts: [Part], words: [String: String] = [:]) {
        self.parts = parts
        wordSource = { words }
    }

    init(parts: [Part], words: @escaping () -> [String: String]) {
        self.parts = parts
        wordSource = words
    }

    /// The text: every part, in SwiftUI's words (the names the user wrote) unless `internals`.
    public func text(internals: Bool = false) -> String {
        let text = parts.map { $0.lines.joined(separator: "\n") }.joined(separator: "\n")
        return internals ? text : SwiftUIWords.apply(words, to: text)
    }

    /// The JSON lines: one compact object per part that has one (several for a recognizer query
    /// that matches several recognizers).
    public var jsonLines: [String] { parts.compactMap { $0.json.map(JSONWriter.compact) } }

    /// Answers `question` on `input`. Throws `WhyAnswer.Problem` when it cannot be answered as
    /// asked (a view, finger, touch or recognizer the input does not have; a malformed goal).
    public static func answer(_ question: WhyQuestion, on input: WhyInput) throws -> WhyReport {
        switch question.subject {
        case .point(let point, let gesture, let time): try pointReport(point, gesture: gesture, time: time, view: question.view, input: input)
        case .recorded(let finger, let touch, let recognizer, let gesture):
            try recordedReport(finger: finger, touch: touch, recognizer: recognizer, swiftUIGesture: gesture, view: question.view, input: input)
        case .goal(let text, let finger, let touch): try goalReport(text, finger: finger, touch: touch, input: input)
        case .eras(let touch): try erasReport(touch, input: input)
        }
    }

    /// SwiftUI's names in `window`'s application, or none: read now, while the application that
    /// holds the window's siblings lives.
    static func words(in window: UIWindow?) -> () -> [String: String] {
        let words = window.map(SwiftUIWords.dictionary(in:)) ?? [:]
        return { words }
    }
}
