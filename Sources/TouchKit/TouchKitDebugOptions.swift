/// Debug switches, all in one place, held per application.
public struct TouchKitDebugOptions: Hashable, Sendable {
    /// Whether an illegal recognizer state change stops a debug build with an assertion (it is
    /// traced and refused either way). Default false: the debugger must survive a user's
    /// recognizer that makes one; tests of the built-in recognizers turn it on to be strict.
    public var assertsOnIllegalTransition: Bool = false

    /// Whether every question arbitration asks about two recognizers (do they share a touch, may
    /// they recognize together, must one wait for the other, may one prevent the other) is traced
    /// with its answer and who gave it, as an `arbitration` layer entry. Default false: there is
    /// a question for every pair of recognizers on a touch at every decision, and goldens and the
    /// panels leave them out; `touchscope trace --arbitration` turns it on.
    public var tracesArbitration: Bool = false

    public init() {}
}
