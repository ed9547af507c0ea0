import Foundation
import TouchKit

/// SwiftUI answers in SwiftUI's words: the names UIKit's side of SwiftUI gives things in a
/// trace (`_UIGestureRecognizerContainer#card`, `SwiftUI.UIKitResponderGestureRecognizer#drag`,
/// `_UIHostingView#host`), each with what the user wrote (`Rectangle#card`, `DragGesture #drag
/// (.simultaneousGesture) on Rectangle#card`, `the hosting view #host`). `why` shows these by
/// default; `--internals` and JSON keep the internal names (what tools match on).
public enum SwiftUIWords {
    /// Internal trace name → the user's words, for every SwiftUI view and gesture in `window`.
    public static func dictionary(in window: UIWindow) -> [String: String] {
        var words: [String: String] = [:]
        // Every window of its application, or of its scene (the windows over it it keeps): a
        // hosting view may be the root of a window over it.
        let windows = (window.next as? UIApplication)?.windows ?? ([window] + window._keptAlive.compactMap { $0 as? UIWindow })
        for view in windows.flatMap(\.subtree) {
            switch view {
            case let container as SwiftUIGestureContainer:
                words[container.traceName] = container.node.traceName
            case let hosting as SwiftUIHostingView:
                words[hosting.traceName] = "the hosting view" + (hosting.accessibilityIdentifier.map { " #\(TerminalText.line($0))" } ?? "")
                // A SwiftUI ScrollView is a UIScrollView inside the hosting view: its name and its
                // recognizers' as SwiftUI writes it.
                for case let scroll as UIScrollView in hosting.subtree {
                    let name = "ScrollView" + (scroll.accessibilityIdentifier.map { "#\(TerminalText.line($0))" } ?? "")
                    words[scroll.traceName] = name
                    words[scroll.panGestureRecognizer.traceName] = "\(name)'s pan"
                    words[scroll.delayedTouchesGestureRecognizer.traceName] = "\(name)'s delay of content touches"
                }
            default:
                break
            }
            for recognizer in view.gestureRecognizers ?? [] {
                switch recognizer {
                case let responder as SwiftUIResponderRecognizer:
                    words[responder.traceName] = responder.attachment.gesture.typeName + " " + responder.label
                case is SwiftUILegacyRecognizer:
                    words[recognizer.traceName] =
                        "SwiftUI's one gesture recognizer for \(words[view.traceName] ?? view.traceName) (before the iOS 18 SDK, every gesture of it runs in it)"
                default:
                    break
                }
            }
        }
        return words
    }

    /// `text` with every internal name of `words` replaced, in one pass, the longest name first
    /// where two start at one place (a replacement is never replaced again).
    public static func apply(_ words: [String: String], to text: String) -> String {
        guard !words.isEmpty else { return text }
        let keys = words.keys.sorted { $0.count > $1.count }
        let firsts = Set(keys.compactMap(\.first))
        var out = ""
        var index = text.startIndex
        scan: while index < text.endIndex {
            if firsts.contains(text[index]) {
                for key in keys where text[index...].hasPrefix(key) {
                    out += words[key] ?? key
                    index = text.index(index, offsetBy: key.count)
                    continue scan
                }
            }
            out.append(text[index])
            index = text.index(after: index)
        }
        return out
    }
}
