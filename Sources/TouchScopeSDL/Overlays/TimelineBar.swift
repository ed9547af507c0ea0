import Foundation
import TouchKit

/// The session timeline under the scene: a track filled to the playback position, a tick for
/// every note (orange) and marker (magenta), and the time. The window asks the same geometry
/// where a click or a drag lands (`micros(atX:)`, `tick(nearX:)`), so picture and input agree.
package struct TimelineBar {
    package let rect: CGRect
    package let duration: Int64

    package init(rect: CGRect, duration: Int64) {
        self.rect = rect
        self.duration = max(0, duration)
    }

    /// Room on the right for the time text ("12.345 / 3600.000 s"), measured from the longest
    /// time of the session, so it always fits.
    var textWidth: CGFloat {
        CGFloat(("\(Self.seconds(duration)) / \(Self.seconds(duration)) s").count) * Theme.timelineCharacterWidth + Theme.timelineTextRoom
    }

    /// The track, in pixels.
    package var track: CGRect {
        let inset = Theme.timelineTrackInset
        let height = Theme.timelineTrackHeight
        return CGRect(x: rect.minX + inset, y: rect.midY - height / 2, width: max(1, rect.width - 2 * inset - textWidth), height: height)
    }

    /// The x of a time on the track.
    package func x(for micros: Int64) -> CGFloat {
        guard duration > 0 else { return track.minX }
        return track.minX + track.width * CGFloat(min(max(0, micros), duration)) / CGFloat(duration)
    }

    /// The time under an x (clamped to the session).
    package func micros(atX x: CGFloat) -> Int64 {
        guard track.width > 0 else { return 0 }
        let fraction = min(1, max(0, (x - track.minX) / track.width))
        return Int64(saturating: (CGFloat(duration) * fraction).rounded())
    }

    /// Whether a pixel lies on the bar (the whole strip, so that it is easy to hit).
    package func contains(_ pixel: CGPoint) -> Bool {
        let slop = Theme.timelineClickSlop
        return pixel.y >= rect.minY && pixel.y <= rect.maxY && pixel.x >= track.minX - slop && pixel.x <= track.maxX + slop
    }

    /// The tick within `Theme.timelineTickSlop` pixels of `x`, the nearest.
    package func tick(nearX x: CGFloat, in ticks: [TimelineTick]) -> TimelineTick? {
        ticks.map { ($0, abs(self.x(for: $0.micros) - x)) }.filter { $0.1 <= Theme.timelineTickSlop }.min { $0.1 < $1.1 }?.0
    }

    func draw(position: Int64, ticks: [TimelineTick], canvas: Canvas) {
        canvas.fillPixels(rect, Theme.barBackground)
        canvas.fillPixels(track, Theme.timelineTrack)
        let head = x(for: position)
        canvas.fillPixels(CGRect(x: track.minX, y: track.minY, width: head - track.minX, height: track.height), Theme.timelineFill)
        // Ticks thin out when there are many (an hour of notes), markers drawn over notes.
        let fullWidth = Theme.timelineTickWidth
        let tickWidth: CGFloat = CGFloat(ticks.count) * fullWidth > track.width ? 1 : fullWidth
        for kind in [TraceModel.NoteItem.Kind.note, .marker] {
            for tick in ticks where tick.kind == kind {
                let tx = x(for: tick.micros).rounded()
                let color = kind == .marker ? Theme.markerTick : Theme.noteTick
                let inset = Theme.timelineTickInset
                canvas.fillPixels(CGRect(x: tx - (tickWidth - 1) / 2, y: rect.minY + inset, width: tickWidth, height: rect.height - 2 * inset), color)
            }
        }
        let playhead = Theme.playheadWidth
        let inset = Theme.playheadInset
        canvas.fillPixels(CGRect(x: head - playhead / 2, y: rect.minY + inset, width: playhead, height: rect.height - 2 * inset), Theme.haloDark)
        let text = "\(Self.seconds(position)) / \(Self.seconds(duration)) s"
        let origin = CGPoint(x: rect.maxX - textWidth + Theme.timelineTextOffset, y: rect.midY - Theme.timelineTextRise)
        canvas.textPixels(text, at: origin, size: Theme.smallSize, Theme.barText)
    }

    /// Seconds with three decimals.
    static func seconds(_ micros: Int64) -> String {
        String(format: "%.3f", Double(micros) / 1_000_000)
    }
}
