import Foundation
import TouchKit

/// A window over the scene's main one (`"windows"` in a scene): an overlay, a toast or a
/// presented screen in its own `UIWindow`. A touch goes to the topmost window whose `hitTest`
/// returns a view; one that returns nil passes it to the window below (rule `hitTest.windows`),
/// which is what pass-through windows rely on.
public struct WindowDescription: Equatable, Sendable {
    /// Its id (traces name it `UIWindow#id`).
    public var id: String
    /// Its `windowLevel` (UIKit's `.normal` 0, `.statusBar` 1000, `.alert` 2000; default
    /// `.normal`). Windows of one level: the later listed is above.
    public var level: CGFloat = 0
    /// Its frame on the screen (default: the main window's bounds).
    public var frame: CGRect?
    /// Its background colour (UIKit's default: none; a clear window still takes touches).
    public var backgroundColor: UIColor?
    public var isHidden = false
    public var isUserInteractionEnabled: Bool?
    /// The window's own overrides (`passThroughWhenHit` with `root`, say).
    public var behaviours: [Behaviour] = []
    /// The view of its root view controller, filling the window.
    public var root: ViewDescription?

    public init(id: String, level: CGFloat = 0, root: ViewDescription? = nil, behaviours: [Behaviour] = []) {
        self.id = id
        self.level = level
        self.root = root
        self.behaviours = behaviours
    }

    /// UIKit's named levels.
    public static let levelNames: [(String, CGFloat)] = [("normal", 0), ("statusBar", 1000), ("alert", 2000)]
}
