import Foundation
import Testing

@testable import TouchKit

/// An owner that records the owned timers it is told about.
final class RecordingOwner: ClockTimerOwner {
    let name: String
    let clock: VirtualClock
    var fired: [String]
    var ids: [OwnedTimerID: String] = [:]

    init(_ name: String, clock: VirtualClock) {
        self.name = name
        self.clock = clock
        fired = []
    }

    func schedule(_ label: String, after delay: TimeInterval) -> OwnedTimerID {
        let id = clock.scheduleOwned(after: delay, owner: self).id
        ids[id] = label
        return id
    }

    func clockTimerFired(_ id: OwnedTimerID) {
        fired.append("\(ids[id] ?? "?") at \(clock.now)")
    }
}

@Suite("Owned timers: a recognizer's, kept in the clock without an object each")
struct OwnedTimerTests {
    @Test("owned and closure timers fire in one order: deadline, then the order they were scheduled")
    func sharedOrder() {
        let clock = VirtualClock()
        let owner = RecordingOwner("r", clock: clock)
        var log: [String] = []
        _ = owner.schedule("b", after: 0.2)
        clock.schedule(after: 0.1) { log.append("closure a at \(clock.now)") }
        _ = owner.schedule("c", after: 0.2)
        clock.schedule(after: 0.2) { log.append("closure d at \(clock.now)") }
        clock.advance(by: 1)
        #expect(log == ["closure a at 0.1", "closure d at 0.2"])
        #expect(owner.fired == ["b at 0.2", "c at 0.2"])
        #expect(clock.pendingTimerCount == 0)
    }

    @Test("a cancelled owned timer never fires, even when its slot is reused by a later one")
    func cancelledSlotReuse() {
        let clock = VirtualClock()
        let owner = RecordingOwner("r", clock: clock)
        let early = owner.schedule("early", after: 0.1)
        clock.cancelOwned(early)
        #expect(!clock.isLive(early))
        let late = owner.schedule("late", after: 0.5)
        #expect(late.slot == early.slot && late.generation != early.generation, "the slot is reused with a new generation")
        #expect(clock.pendingTimerCount == 1)
        #expect(clock.nextDeadline == 0.5, "the stale entry is skipped")
        clock.advance(by: 0.3)
        #expect(owner.fired.isEmpty)
        clock.advance(by: 0.3)
        #expect(owner.fired == ["late at 0.5"])
        #expect(!clock.isLive(late))
        clock.cancelOwned(late)
        #expect(clock.pendingTimerCount == 0)
    }

    @Test("many owned timers scheduled and cancelled at one instant: only the live ones fire, in order")
    func churn() {
        let clock = VirtualClock()
        let owner = RecordingOwner("r", clock: clock)
        for index in 0..<1_000 {
            let id = owner.schedule("t\(index)", after: 0.75)
            if index % 10 != 9 { clock.cancelOwned(id) }
        }
        #expect(clock.pendingTimerCount == 100)
        clock.advance(by: 1)
        #expect(owner.fired.count == 100)
        #expect(owner.fired.first == "t9 at 0.75" && owner.fired.last == "t999 at 0.75")
    }

    @Test("a recognizer taken off its view takes its timer with it")
    func removedRecognizerCancels() {
        let (sim, view) = plainRecognizerScene()
        var recognizer: UILongPressGestureRecognizer? = UILongPressGestureRecognizer { _ in }
        view.addGestureRecognizer(recognizer!)
        let finger = sim.touchDown(at: CGPoint(x: 10, y: 10))
        #expect(sim.application.clock.pendingTimerCount == 1)
        view.removeGestureRecognizer(recognizer!)
        recognizer = nil
        sim.advance(by: 1)
        sim.touchUp(finger)
        #expect(sim.application.clock.pendingTimerCount == 0)
    }

    func plainRecognizerScene() -> (TouchSimulator, UIView) {
        let application = UIApplication()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        application.attach(window)
        window.makeKeyAndVisible()
        return (TouchSimulator(window: window), view)
    }
}
