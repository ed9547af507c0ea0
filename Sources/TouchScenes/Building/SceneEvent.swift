import TouchKit

/// A named event a scene routes up the responder chain (the seeds' `routerEvent(name:)`).
public struct SceneEvent: ResponderChainEvent, Hashable, Sendable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }
}
