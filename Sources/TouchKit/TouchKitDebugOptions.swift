/// Debug switches, all in one place, held per application.
public struct TouchKitDebugOptions: Hashable, Sendable {
    /// Whether an illegal recognizer state change stops a debug build with an assertion (it is
    /// traced and refused either way). Tests that provoke one on purpose turn this off.
    public var assertsOnIllegalTransition: Bool = true

    public init() {}
}
