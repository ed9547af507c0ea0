/// Which SwiftUI's gesture behaviour an app gets: it changed with the SDK an app is linked
/// against, not only with the OS it runs on (docs/swiftui-gestures-model.md, "Eras").
///
/// - `ios17`: apps linked before the iOS 18 SDK (or running on iOS 17): one SwiftUI recognizer per
///   hosting view feeds the whole gesture tree; UIKit sees one recognizer (model M6).
/// - `ios18`: the iOS 18 SDK on iOS 18: each gesture modifier is its own UIKit recognizer, at its
///   depth, related to the others and to UIKit's recognizers by SwiftUI's rules (M5).
/// - `ios26`: the iOS 26 SDK: as ios18, plus two fixes of the iOS & iPadOS 26 release notes:
///   UIKit recognizers inside a view take part ahead of that view's `.gesture` (155581361), and
///   a `.simultaneousGesture` is simultaneous only with the gestures of its own view and below,
///   no longer with an ancestor's gesture or an enclosing ScrollView's pan (147970990).
public enum SwiftUIEra: String, Sendable, CaseIterable, CustomStringConvertible {
    case ios17, ios18, ios26

    /// The era of an app built with SDK `sdk` running on OS `os` (major versions): the older
    /// of the two decides (an iOS 18 SDK app on iOS 17 behaves as ios17).
    public static func of(sdk: Int, os: Int) -> SwiftUIEra {
        let version = min(sdk, os)
        return version >= 26 ? .ios26 : version >= 18 ? .ios18 : .ios17
    }

    /// Whether each gesture modifier is its own UIKit recognizer.
    public var hasRecognizerPerModifier: Bool { self != .ios17 }

    public var description: String { rawValue }
}
