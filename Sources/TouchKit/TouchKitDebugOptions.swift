/// Debug switches, all in one place, held per application.
public struct TouchKitDebugOptions: Hashable, Sendable {
    /// Whether an illegal recognizer state change stops a debug build with an assertion (it is
    /// traced and refused either way). Default false: the debugger must survive a user's
    /// recognizer that makes one; tests of the built-in recognizers turn it on to be strict.
    public var assertsOnIllegalTransition: Bool = false

    public init() {}
}
