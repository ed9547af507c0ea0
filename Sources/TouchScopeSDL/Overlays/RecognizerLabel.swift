import Foundation

/// A recognizer's trace name as a label whose identifying part comes first, so that cutting a
/// long label never cuts the id or the view: `UISwipeGestureRecognizer#dismiss` reads
/// `#dismiss (swipe)`, `UIScrollViewPanGestureRecognizer@UIScrollView#carousel` reads
/// `pan of UIScrollView#carousel`. The trace keeps the full names; this is only how lanes show them.
enum RecognizerLabel {
    static func of(_ traceName: String) -> String {
        // A SwiftUI gesture's lane is named by its label already (`#cardDrag (.gesture) on
        // Rectangle#card`, `.onTapGesture on Circle#badge`).
        if traceName.contains(" ") { return traceName }
        if let hash = traceName.firstIndex(of: "#"), !traceName[..<hash].contains("@") {
            let className = String(traceName[..<hash])
            return String(traceName[hash...]) + " (" + kind(className) + ")"
        }
        if let at = traceName.firstIndex(of: "@") {
            var className = String(traceName[..<at])
            var index = ""
            if let bracket = className.firstIndex(of: "[") {
                index = String(className[bracket...])
                className = String(className[..<bracket])
            }
            return kind(className) + index + " of " + String(traceName[traceName.index(after: at)...])
        }
        return kind(traceName)
    }

    /// `text` with every recognizer trace name in it written as its label (`prevented by
    /// UIScrollViewPanGestureRecognizer@UIScrollView#carousel` reads `prevented by pan of
    /// UIScrollView#carousel`), so that a cause line wraps between words, never inside a name.
    static func relabel(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let token = word.trimmingCharacters(in: CharacterSet(charactersIn: ",;:()"))
            guard token.contains("Recognizer"), token.contains("@") || token.contains("#"),
                let range = word.range(of: token)
            else { return String(word) }
            return word.replacingCharacters(in: range, with: of(token))
        }.joined(separator: " ")
    }

    /// `UILongPressGestureRecognizer` → `long press`; a class outside UIKit keeps its name.
    static func kind(_ className: String) -> String {
        switch className {
        case "UIScrollViewPanGestureRecognizer": return "pan"
        case "UIScrollViewPinchGestureRecognizer": return "pinch"
        case "UIScrollViewDelayedTouchesRecognizer": return "delayed touches"
        case "UIScreenEdgePanGestureRecognizer": return "edge pan"
        case "TouchUpInsideGestureRecognizer": return "touch up inside"
        default: break
        }
        guard className.hasPrefix("UI"), className.hasSuffix("GestureRecognizer") else { return className }
        let core = className.dropFirst(2).dropLast("GestureRecognizer".count)
        var words: [String] = []
        for character in core {
            if character.isUppercase || words.isEmpty {
                words.append(String(character).lowercased())
            } else {
                words[words.count - 1].append(character)
            }
        }
        return words.joined(separator: " ")
    }
}
