import Foundation
import TouchKit

/// What the user wanted from a touch, which a proven fix must achieve on a re-run.
public enum FixGoal: Equatable, Sendable {
    /// The recognizer (its trace name) recognizes: begins, or ends recognized.
    case recognizes(recognizer: String)
    /// The view (its trace name) gets the finger's whole touch: `touchesEnded`, not cancelled.
    case viewGetsTouch(view: String, finger: Int)
    /// The SwiftUI gesture labelled so (its attachment's name or gesture's id) becomes active or
    /// ends: how a gesture fires before the iOS 18 SDK, where it has no recognizer of its own.
    case swiftUIGestureFires(label: String)

    /// When the goal is met in `entries` (the first entry at or after `from` that meets it), or nil.
    public func met(in entries: some Sequence<TraceEntry>, from: Int64, until: Int64) -> Int64? {
        var cancelled = false
        var activeSince: Int64?
        for entry in entries where entry.micros >= from && entry.micros <= until {
            switch (self, entry.event) {
            case (.recognizes(let name), .gestureState(let recognizer, _, let to, _)) where recognizer == name && (to == .began || to == .ended):
                return entry.micros
            case (.viewGetsTouch(let view, let finger), .deliver(let method, let responder, let fingers))
            where responder == view && fingers.ids.contains(finger):
                if method == .touchesCancelled { cancelled = true }
                if method == .touchesEnded && !cancelled { return entry.micros }
            case (.swiftUIGestureFires(let label), .layer(let event)) where event.layer == "swiftui" && event.subject.hasPrefix("#\(label) "):
                // Ended, or active and never failed after (a drag cancelled mid-way did not fire).
                switch event.kind {
                case "ended": return activeSince ?? entry.micros
                case "active": activeSince = activeSince ?? entry.micros
                case "failed": activeSince = nil
                default: break
                }
            default:
                continue
            }
        }
        return activeSince
    }

    /// The goal in words: `#dismissSwipe recognizes`, `UIButton#pay gets the whole touch`.
    public var text: String {
        switch self {
        case .recognizes(let name): "\(name) recognizes"
        case .viewGetsTouch(let view, let finger): "\(view) gets finger \(finger)'s whole touch"
        case .swiftUIGestureFires(let label): "#\(label) fires"
        }
    }
}
