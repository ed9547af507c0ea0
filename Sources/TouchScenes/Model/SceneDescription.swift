import Foundation
import TouchKit
import TouchSwiftUI

/// A scene as data: a window, a view tree, recognizers, controls, and the behaviours that make
/// touch routing interesting. Loaded from `touchscope.scene` JSON files (version 1), written
/// back by `SceneEncoder`, built into live TouchKit objects by `SceneBuilder`.
public struct SceneDescription: Equatable, Sendable {
    /// The scene's name (the file's base name when not given).
    public var name: String
    /// One or two sentences on what the scene shows.
    public var summary: String?
    /// Window size in points.
    public var windowSize: CGSize
    /// Window background colour.
    public var windowBackground: UIColor?
    /// The window's root view controller, if the scene has one.
    public var rootController: ControllerDescription?
    /// Whether the window's system gesture gate holds touches near the bottom and side edges
    /// (`"window": {"systemGestureGate": true}`; off by default).
    public var systemGestureGate = false
    /// The SwiftUI era (`"swiftUI"` at the top level; nil: default ios18).
    public var swiftUI: SwiftUISettingsDescription?
    /// The era of the app (`"era"` at the top level: the SDK it is linked against), for UIKit
    /// and SwiftUI alike; `swiftUI.era` overrides it for SwiftUI. Nil: ios18.
    public var era: SwiftUIEra?

    /// The era the scene's app runs in: `era`, else what `swiftUI` says, else ios18.
    public var appEra: SwiftUIEra { era ?? swiftUI?.resolvedEra ?? .ios18 }

    /// The era its SwiftUI gestures run in: `swiftUI`'s when it names one, else the app's.
    public var swiftUIEra: SwiftUIEra {
        if let swiftUI, swiftUI.era != nil || swiftUI.sdk != nil || swiftUI.os != nil { return swiftUI.resolvedEra }
        return appEra
    }
    /// Views added to the window (after the root controller's view), back to front.
    public var views: [ViewDescription]
    /// Windows over the main one, back to front (`"windows"`).
    public var windows: [WindowDescription] = []
    /// Named flags behaviours can test and effects can change (the floating menu's "menuOpen").
    public var state: [String: Bool]

    public init(
        name: String, summary: String? = nil, windowSize: CGSize, windowBackground: UIColor? = nil,
        rootController: ControllerDescription? = nil, views: [ViewDescription] = [], state: [String: Bool] = [:]
    ) {
        self.name = name
        self.summary = summary
        self.windowSize = windowSize
        self.windowBackground = windowBackground
        self.rootController = rootController
        self.views = views
        self.state = state
    }

    /// The scene file format's name and the version this build reads and writes.
    public static let formatName = "touchscope.scene"
    public static let formatVersion = 1
}

/// A view controller: its root view, what it can do as a responder, and what it presents.
public struct ControllerDescription: Equatable, Sendable {
    /// What kind of controller: a plain one with a view, or a navigation controller with a stack.
    public enum Kind: String, Equatable, Sendable {
        case viewController, navigationController

        /// Every kind's name.
        public static let allCasesNames = ["viewController", "navigationController"]
    }

    public var kind: Kind = .viewController
    public var id: String?
    /// The class name shown in traces (`UIViewController` when nil).
    public var className: String?
    public var title: String?
    public var view: ViewDescription
    /// Responder-chain behaviours of the controller (event handlers, first responder, actions).
    public var behaviours: [Behaviour]
    /// A controller presented over this one when the scene opens.
    public var presents: [ControllerDescription]
    /// A navigation controller's stack, the root first, the one shown last.
    public var viewControllers: [ControllerDescription] = []
    /// Settings of a navigation controller's own recognizers (`pop`: its interactive pop gesture).
    public var builtInRecognizers: [BuiltInRecognizerDescription] = []
    /// `preferredScreenEdgesDeferringSystemGestures` (nil: UIKit's default, none).
    public var deferringEdges: UIRectEdge?

    public init(
        id: String? = nil, className: String? = nil, title: String? = nil, view: ViewDescription,
        behaviours: [Behaviour] = [], presents: [ControllerDescription] = []
    ) {
        self.id = id
        self.className = className
        self.title = title
        self.view = view
        self.behaviours = behaviours
        self.presents = presents
    }
}
