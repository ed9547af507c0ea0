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
