import Foundation
import TouchKit

/// The moments an HTML report shows a frame for: every routing moment (a touch going down or
/// up, a recognizer changing state, a control event, a note, a marker), and, while fingers are
/// down, one every `movingInterval`, so that drags play back. At most `maximum` (routing moments
/// first; the rest thinned evenly).
enum ReportMoments {
    static let movingInterval: Int64 = 100_000
    static let maximum = 160

    static func times(of entries: some Sequence<TraceEntry>, duration: Int64) -> [Int64] {
        var routing: Set<Int64> = [0, duration]
        var moving: Set<Int64> = []
        var down: Set<Int> = []
        var lastMoving: Int64 = -movingInterval
        for entry in entries {
            switch entry.event {
            case .input(let finger, let phase, _, _):
                switch phase {
                case .began:
                    down.insert(finger)
                    routing.insert(entry.micros)
                case .ended, .cancelled:
                    down.remove(finger)
                    routing.insert(entry.micros)
                case .moved where entry.micros - lastMoving >= movingInterval:
                    moving.insert(entry.micros)
                    lastMoving = entry.micros
                case .moved, .stationary:
                    break
                }
            case .gestureState, .controlEvent, .note, .marker, .touchCancelledInView, .layer:
                routing.insert(entry.micros)
            case .sendEvent, .hitTestBegan, .hitVisit, .hitPassed, .hitSkippedSubviews, .hitOverride,
                .hitPointInsideOverride, .hitResult, .responderChain, .touchBlocked, .inputDropped, .deliver, .forward,
                .touchDelayed, .touchReleased, .gestureBound, .gestureIgnored, .gestureWaiting,
                .gestureIllegalTransition, .gestureAction, .gestureReset, .controlTracking, .controlAction,
                .scrollOffset, .scrollDecision, .actionSent, .eventRouted, .firstResponder, .loopStopped:
                break
            }
        }
        var chosen = routing.sorted()
        if chosen.count > maximum { chosen = thin(chosen, to: maximum) }
        let room = maximum - chosen.count
        if room > 0 {
            let extra = moving.subtracting(routing).sorted()
            chosen += extra.count > room ? thin(extra, to: room) : extra
        }
        return chosen.sorted()
    }

    /// `count` of `values`, evenly spread, first and last kept.
    static func thin(_ values: [Int64], to count: Int) -> [Int64] {
        guard values.count > count, count > 1 else { return Array(values.prefix(max(0, count))) }
        return (0..<count).map { values[Int(saturating: (Double($0) * Double(values.count - 1) / Double(count - 1)).rounded())] }
    }
}
