import Foundation
import TouchKit

/// Idle skipping for playback: a replay option that moves the play head, never an edit of the
/// session. While no finger is down and the next input is further away than the threshold, the
/// play head jumps to a moment before that input (keeping a short lead-in), so long pauses in a
/// recording do not have to be sat through. Timers still fire in order: the replayer advances the
/// virtual clock through the skipped stretch.
public enum IdleSkipping {
    /// How much of the pause is kept before the next input, in seconds.
    public static let leadIn: TimeInterval = 0.25

    /// Where the play head should jump from `position`, or nil to play on.
    public static func jump(in replayer: SessionReplayer, from position: Int64, longerThan seconds: TimeInterval) -> Int64? {
        guard replayer.application.activeTouches.isEmpty else { return nil }
        let records = replayer.session.records
        var index = replayer.nextRecord
        while index < records.count {
            if case .input(let t, _) = records[index] {
                let target = t - TraceEntry.micros(from: leadIn)
                return t - position > TraceEntry.micros(from: seconds) && target > position ? target : nil
            }
            index += 1
        }
        return nil
    }
}
