import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// The notes and markers of a whole session, for the timeline: one headless replay collects
/// them (the scene writes its notes as it runs; markers come from the records), keeping no trace.
package enum SessionTicks {
    /// Most ticks kept: a timeline has no room for more.
    package static let maximum = 2000

    package static func collect(_ session: Session, scene makeScene: @escaping () throws -> LoadedScene) -> [TimelineTick] {
        guard let replayer = try? SessionReplayer(session: session, scene: makeScene) else { return [] }
        var ticks: [TimelineTick] = []
        replayer.trace.retainsEntries = false
        _ = TraceFollower.attach(to: replayer) { entry in
            guard ticks.count < maximum, let (text, isMarker) = entry.event.noteOrMarker else { return }
            ticks.append(.init(micros: entry.micros, kind: isMarker ? .marker : .note, text: text))
        }
        replayer.runToEnd()
        return ticks
    }
}
