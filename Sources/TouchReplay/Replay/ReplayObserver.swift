import Foundation
import TouchKit

/// Something that follows a replay's application and keeps state of its own about it (the
/// window's overlay model, a recorder of frames): when a seek enters the session at a
/// checkpoint, the observer is put back to the state it had there and follows the new
/// application from that point, so that it ends up exactly where following a run from the start
/// would have left it.
public protocol ReplayObserver: AnyObject {
    /// Forgets everything and follows `application`, a fresh scene at time zero.
    func restart(following application: UIApplication)
    /// The observer's state now, kept with a checkpoint.
    func checkpointState() -> Any
    /// Goes back to a state `checkpointState()` returned and follows `application` (entered at
    /// that checkpoint, its trace already holding the entries up to there).
    func restore(_ state: Any, following application: UIApplication)
}
