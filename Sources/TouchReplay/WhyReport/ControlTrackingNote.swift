import Foundation
import TouchKit

/// For a control that ended a touch's tracking (`touchUpInside` or `touchUpOutside`) with the
/// lift outside its bounds: how far outside, and the tracking margin that decided. UIKit's margin
/// is private (about 70 pt): the note says it is approximated.
enum ControlTrackingNote {
    static func lines(
        finger: Int, range: Range<Int>, entries: TraceEntries, replayAt: (Int64) -> SessionReplayer?, margin: CGFloat
    ) -> [String] {
        var lift: CGPoint?
        var liftTime: Int64 = 0
        var ends: [(control: String, event: UIControl.Event)] = []
        for index in range {
            switch entries[index].event {
            case .input(let f, .ended, let x, let y) where f == finger:
                lift = CGPoint(x: x, y: y)
                liftTime = entries[index].micros
            case .controlEvent(let control, let event) where event == .touchUpInside || event == .touchUpOutside: ends.append((control, event))
            default: continue
            }
        }
        // The controls where they were when the finger lifted (a scroll later moves them).
        guard let lift, !ends.isEmpty, let replayer = replayAt(liftTime) else { return [] }
        let window = replayer.simulator.window
        var lines: [String] = []
        for end in ends {
            guard let control = window.subtree.first(where: { $0.traceName == end.control }) as? UIControl else { continue }
            let p = window.convert(lift, to: control)
            let bounds = control.bounds
            guard !bounds.contains(p) else { continue }
            let dx = max(bounds.minX - p.x, 0, p.x - bounds.maxX)
            let dy = max(bounds.minY - p.y, 0, p.y - bounds.maxY)
            let outside = TraceFormat.number(Double(max(dx, dy)))
            let margin = TraceFormat.number(Double(control.trackingMargin ?? margin))
            let verdict =
                end.event == .touchUpInside
                ? "inside the \(margin) pt tracking margin, so it counts as inside: touchUpInside"
                : "beyond the \(margin) pt tracking margin: touchUpOutside"
            lines.append("  \(end.control): lifted \(outside) pt outside its bounds, \(verdict) (the margin is UIKit's private value, approximated)")
        }
        return lines.isEmpty ? [] : ["", "Control tracking:"] + lines
    }
}
