import Foundation
import TouchKit
import TouchReplay

/// Keeps a `TraceModel` following the application being driven (live, replayed, or entered at a
/// checkpoint): it listens to the trace and asks the views what hit testing made of them when a
/// touch goes down (`HitVerdictFeed`). As a `ReplayObserver` it is checkpointed with the engine,
/// so a seek leaves the model exactly as following a run from the start would.
package final class ModelFollower: ReplayObserver {
    package let model: TraceModel
    private var listening: (application: UIApplication, trace: Trace, token: Int, feed: Int)?

    package init(model: TraceModel) {
        self.model = model
    }

    /// The application followed now.
    package var application: UIApplication? { listening?.application }

    /// Follows `application`: the model is rebuilt from its trace so far, then kept up to date.
    package func follow(_ application: UIApplication) {
        stop()
        model.reset()
        for entry in application.trace.entries { model.consume(entry) }
        attach(application)
    }

    /// Stops following.
    package func stop() {
        if let listening {
            listening.trace.removeListener(listening.token)
            listening.application.removeInputObserver(listening.feed)
        }
        listening = nil
    }

    private func attach(_ application: UIApplication) {
        let model = self.model
        let trace = application.trace
        let token = trace.addListener { model.consume($0) }
        let feed = HitVerdictFeed.attach(model: model, to: application)
        listening = (application, trace, token, feed)
    }

    // MARK: ReplayObserver

    package func restart(following application: UIApplication) {
        follow(application)
    }

    package func checkpointState() -> Any {
        model.copy()
    }

    package func restore(_ state: Any, following application: UIApplication) {
        stop()
        guard let saved = state as? TraceModel else {
            follow(application)
            return
        }
        model.assign(from: saved)
        attach(application)
    }
}

/// Collects the notes and markers of one run for the timeline, then stops listening.
final class TickCollector: ReplayObserver {
    private(set) var ticks: [TimelineTick] = []
    private var listening: (trace: Trace, token: Int)?

    func restart(following application: UIApplication) {
        stop()
        ticks = []
        let trace = application.trace
        let token = trace.addListener { [weak self] entry in
            guard let self, self.ticks.count < SessionTicks.maximum, let (text, isMarker) = entry.event.noteOrMarker else { return }
            self.ticks.append(.init(micros: entry.micros, kind: isMarker ? .marker : .note, text: text))
        }
        listening = (trace, token)
    }

    /// Stops listening (after the run that collects).
    func stop() {
        if let listening { listening.trace.removeListener(listening.token) }
        listening = nil
    }

    func checkpointState() -> Any { () }

    func restore(_ state: Any, following application: UIApplication) { stop() }
}
