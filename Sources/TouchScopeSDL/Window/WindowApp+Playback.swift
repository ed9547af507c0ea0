import CSDL2
import Foundation
import TouchKit
import TouchReplay

/// Moving through a played-back session: seeking, stepping input by input, scrubbing.
extension WindowApp {
    /// Shows the state at `micros` (clamped to the session).
    func seek(to micros: Int64) {
        guard let replayer else { return }
        let target = min(max(0, micros), replayer.session.duration)
        do {
            try replayer.seek(to: target)
        } catch {
            message = "seek failed: \(error)"
            return
        }
        playbackPosition = target
        needsRedraw = true
    }

    /// `,` and `.`: the previous or next input record's time.
    func stepInput(forward: Bool) {
        guard let replayer else {
            message = ", and . step through a session's input"
            return
        }
        let records = replayer.session.records
        var target: Int64?
        if forward {
            var index = replayer.nextRecord
            while index < records.count {
                if records.isInput(at: index), let t = records.micros(at: index), t > playbackPosition {
                    target = t
                    break
                }
                index += 1
            }
        } else {
            var index = min(replayer.nextRecord, records.count) - 1
            while index >= 0 {
                if records.isInput(at: index), let t = records.micros(at: index), t < playbackPosition {
                    target = t
                    break
                }
                index -= 1
            }
        }
        guard let target else {
            message = forward ? "no more input after this" : "no input before this"
            return
        }
        seek(to: target)
        message = "input at \(TimelineBar.seconds(target)) s"
    }

    /// Dragging on the timeline.
    func scrub(toPixel pixel: CGPoint) {
        guard let replayer, let rect = frame.layout.timeline else { return }
        seek(to: TimelineBar(rect: rect, duration: replayer.session.duration).micros(atX: pixel.x))
    }
}
