import Foundation
import TouchKit

/// Gives a `TraceModel` what hit testing made of every view under each new touch, asked of the
/// views at the moment the touch went down (`HitExplanation`, the same rules `why` uses), so
/// that the overlays can name the views a touch did not reach and why.
package enum HitVerdictFeed {
    /// Feeds `model` from `application`'s new touches; returns the observer's token
    /// (`removeInputObserver` stops it).
    @discardableResult
    package static func attach(model: TraceModel, to application: UIApplication) -> Int {
        model.pendingTimers = { [weak application] in
            guard let application else { return (0, [:]) }
            var timers: [String: PendingRecognizerTimer] = [:]
            for window in application.windows {
                for view in window.subtree {
                    for recognizer in view.gestureRecognizers ?? [] {
                        if let first = recognizer.pendingTimers.first { timers[recognizer.traceName] = first }
                    }
                }
            }
            return (application.clock.now, timers)
        }
        return application.addHitObserver { [weak model, weak application] finger, _ in
            guard let model, let application, let touch = application.activeTouches.last(where: { $0.fingerID == finger }),
                let window = touch.window ?? application.windows.last
            else { return }
            let point = touch.location(in: nil)
            let explanation = HitExplanation(window: window, point: point)
            // A view cut off there by a clipping superview is not under the touch for the eye.
            let shown = explanation.entries.filter { !isClippedAway($0.view, at: point, in: window) }
            model.noteVerdicts(finger: finger, shown.map { ($0.name, $0.verdict) })
        }
    }

    /// Whether a superview that clips to its bounds leaves `point` (window coordinates) out.
    static func isClippedAway(_ view: UIView, at point: CGPoint, in window: UIWindow) -> Bool {
        var current = view.superview
        while let ancestor = current, ancestor !== window {
            if ancestor.clipsToBounds, !ancestor.bounds.contains(ancestor.convert(point, from: window)) { return true }
            current = ancestor.superview
        }
        return false
    }
}
