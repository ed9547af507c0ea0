import Foundation
import TouchKit

/// What the inspector shows for a view: `ViewInspection` with the described touch (its point,
/// the verdicts taken when it went down, and its own trace entries).
package enum InspectorContent {
    package static func inspection(of view: UIView, model: TraceModel, trace: Trace) -> ViewInspection {
        guard let touch = model.described else { return ViewInspection(view: view) }
        let end = min(touch.endEntry ?? trace.count, trace.count)
        let start = min(touch.firstEntry, end)
        let entries = Array(trace.entries[start..<end])
        return ViewInspection(
            view: view, touch: ViewInspection.Touch(finger: touch.finger, point: touch.down, verdicts: touch.verdicts, entries: entries))
    }

    /// The view of `window` with this identifier or trace name.
    package static func view(named name: String, in window: UIWindow) -> UIView? {
        window.subtree.first { $0.accessibilityIdentifier == name } ?? window.subtree.first { $0.traceName == name }
    }
}
