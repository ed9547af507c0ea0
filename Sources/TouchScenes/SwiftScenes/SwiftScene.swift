import Foundation
import TouchKit

/// A scene written in Swift, for what data cannot say: arbitrary `hitTest` or `point(inside:)`
/// code, application subclasses, inserted responders.
public struct SwiftScene: Sendable {
    public let name: String
    public let summary: String
    let make: @Sendable () -> LoadedScene

    public init(name: String, summary: String, make: @escaping @Sendable () -> LoadedScene) {
        self.name = name
        self.summary = summary
        self.make = make
    }

    /// Builds a fresh copy of the scene.
    public func load() -> LoadedScene {
        let scene = make()
        let this = self
        scene.rebuild = { this.load() }
        return scene
    }
}

extension LoadedScene {
    /// A Swift scene around a built window.
    public static func swift(
        name: String, summary: String, window: UIWindow, retaining retained: [AnyObject] = [],
        application: @escaping () -> UIApplication = { UIApplication() }
    ) -> LoadedScene {
        LoadedScene(
            name: name, summary: summary, window: window, source: .swift, runtime: nil, retained: retained,
            makeApplication: application)
    }
}
