import Foundation

/// A closure-based action a control performs (UIKit's `UIAction`).
///
/// `UIAction { action in ... }` is the trailing-closure form of UIKit's
/// `UIAction(title:image:identifier:handler:)`. Adding an action whose identifier is already on
/// the control replaces it, as in UIKit.
public final class UIAction {
    /// Identifies an action on a control.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }
    }

    /// A short title (shown in traces when set).
    public let title: String
    /// The action's identifier; a unique one is made when none is given.
    public let identifier: Identifier
    /// The control that sent the action, while the handler runs.
    public internal(set) var sender: Any?
    let handler: (UIAction) -> Void

    nonisolated(unsafe) private static var counter = 0
    private static let counterLock = NSLock()

    public init(
        title: String = "", image: UIImage? = nil, identifier: Identifier? = nil,
        handler: @escaping (UIAction) -> Void
    ) {
        self.title = title
        self.handler = handler
        if let identifier {
            self.identifier = identifier
        } else {
            Self.counterLock.lock()
            Self.counter += 1
            let number = Self.counter
            Self.counterLock.unlock()
            self.identifier = Identifier("UIAction-\(number)")
        }
    }

    /// The name traces use: the title, or "UIAction".
    var traceName: String {
        title.isEmpty ? "UIAction" : "UIAction \"\(title)\""
    }
}
