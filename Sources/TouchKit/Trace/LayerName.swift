import Foundation

/// The name of a layer built on the engine, as the trace shows it and its JSON spells it (a
/// string): the layers TouchScope ships have a constant each, so that a consumer compares
/// `event.layer == .swiftUI` and never a spelling; a layer of one's own names itself with a
/// string literal.
public struct LayerName: RawRepresentable, Hashable, Codable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }

    /// The answers arbitration got, with who gave them (`TouchKitDebugOptions.tracesArbitration`).
    public static let arbitration: LayerName = "arbitration"
    /// SwiftUI gestures' phases and a list row's selection.
    public static let swiftUI: LayerName = "swiftui"
    /// A scene's behaviours (a window or a hosting view passing a touch on).
    public static let scene: LayerName = "scene"
    /// A navigation controller's pops.
    public static let navigation: LayerName = "nav"
    /// A table's or a collection's cell selection.
    public static let list: LayerName = "list"
}
