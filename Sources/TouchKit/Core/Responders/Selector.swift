/// A named action, standing in for an Objective-C selector.
///
/// Foundation on Linux has no `Selector`, and TouchKit has no Objective-C runtime to look methods
/// up by name. A responder declares the actions it can perform by overriding
/// `canPerformAction(_:withSender:)` and performs them in `perform(_:sender:event:)`.
public struct Selector: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The action's name, e.g. `"performBlinkAction"`.
    public let name: String

    /// Creates a selector from a name.
    public init(_ name: String) {
        self.name = name
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(from decoder: any Decoder) throws {
        self.init(try String(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try name.encode(to: encoder)
    }

    public var description: String { name }
}

/// A value that can travel up the responder chain with `UIResponder.router(event:)`.
///
/// This is the typed version of the seeds' `routerEvent(name:userInfo:)` pattern: an enum with
/// associated values replaces the string name and the untyped dictionary, so a handler that
/// switches over it is checked by the compiler.
public protocol ResponderChainEvent {}
