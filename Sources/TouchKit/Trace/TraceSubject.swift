/// What the trace names on its fast paths: an object with a trace name (`UIButton#pay`) and a
/// slot where the trace caches that name's id in its string table. `UIResponder` (views, windows,
/// controllers, the application) is one. Declared here, below the objects it names, so that the
/// trace depends on no UIKit class: the classes depend on the trace.
protocol TraceSubject: AnyObject {
    /// The name entries carry (`UIView#id`, `UIButton#pay`).
    var traceName: String { get }
    /// The store that last named this subject (high 32 bits) and the name's id there (low 32);
    /// 0 when the name changed since (`TraceStore.nameID(of:)`).
    var _traceNameID: UInt64 { get set }
}

/// A subject at the head of a responder chain, which the trace writes as the ids of its names
/// (`TraceStore.appendResponderChain`) or as the names themselves (a listener needs the event).
protocol TraceChainSubject: TraceSubject {
    /// The trace names of the chain from this subject on, as `next` answers now.
    var _responderChainNames: [String] { get }
    /// Appends the id in `store` of each of those names to `ids`, in the same order.
    func _appendChainNameIDs(to ids: inout [UInt32], in store: TraceStore)
}
