import Foundation
import Testing
import TouchTestSupport

@testable import TouchKit

/// A recognizer's state, tracked touches and timers live in the record the gesture environment
/// keeps for it while it holds it (`RecognizerRecord`, in a slot table): the recognizer carries a
/// handle, its public API reads the record through the environment, and the engine's state dump
/// (which checkpoints are checked with) shows the record in full.
@Suite("The environment's record of each recognizer")
struct RecognizerRecordTests {
    @Test("a held long press: its record holds its touch and its timer; reset parks the record, under a new generation")
    func heldAndReleased() {
        let (sim, view) = plainViewScene()
        let environment = sim.application._gestureEnvironment
        let press = UILongPressGestureRecognizer { _ in }
        view.addGestureRecognizer(press)
        #expect(press._slot == nil)
        #expect(environment.heldRecognizerCount == 0)
        let finger = sim.touchDown(at: CGPoint(x: 50, y: 50))
        let handle = try! #require(press._slot?.handle)
        #expect(press._slot?.environment.refers(to: environment) == true)
        #expect(environment.recognizerRecords[handle]?.trackedTouches.map(\.fingerID) == [finger.id])
        #expect(press.recognizerContext.hasScheduledTimer)
        #expect(environment.recognizerRecords[handle]?.receivesTouches == true)
        sim.advance(by: 0.6)
        #expect(press.state == .began)
        #expect(environment.recognizerRecords[handle]?.state == .began)
        sim.touchUp(finger)
        #expect(press.state == .possible, "reset after the sequence")
        #expect(!environment.recognizerRecords.contains(handle), "the sequence's handle is stale after the reset")
        let parked = try! #require(press._slot)
        #expect(parked.isParked)
        #expect(environment.recognizerRecords[parked.handle]?.state == .possible)
        #expect(environment.recognizerRecords[parked.handle]?.trackedTouches.isEmpty == true)
        #expect(environment.heldRecognizerCount == 0, "a parked record is not held")
        #expect(!press.recognizerContext.hasScheduledTimer)
        #expect(press.numberOfTouches == 0)
        // The next touch takes the parked record back; removal from the view lets it go.
        let second = sim.touchDown(at: CGPoint(x: 50, y: 50))
        #expect(press._slot?.handle == parked.handle && press._slot?.isParked == false)
        #expect(environment.heldRecognizerCount == 1)
        sim.touchUp(second)
        view.removeGestureRecognizer(press)
        #expect(press._slot == nil)
        #expect(!environment.recognizerRecords.contains(parked.handle))
    }

    /// Fails at its first touch; its `reset` schedules a timer (a recognizer may).
    final class SchedulingAtReset: UIGestureRecognizer {
        var fired = 0
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { state = .failed }
        override func reset() {
            super.reset()
            recognizerContext.schedule(after: 1, RecognizerTimer("atReset")) { recognizer in
                (recognizer as? SchedulingAtReset)?.fired += 1
            }
        }
    }

    @Test("a timer scheduled by reset is cancelled as the recognizer is let go: its record is parked with none, and it never fires")
    func timerScheduledAtResetIsCancelled() {
        let (sim, view) = plainViewScene()
        let recognizer = SchedulingAtReset()
        view.addGestureRecognizer(recognizer)
        let finger = sim.touchDown(at: CGPoint(x: 50, y: 50))
        sim.touchUp(finger)
        #expect(recognizer._slot?.isParked == true)
        #expect(!recognizer.recognizerContext.hasScheduledTimer)
        #expect(sim.application.clock.pendingTimerCount == 0)
        sim.advance(by: 2)
        #expect(recognizer.fired == 0)
    }

    @Test("a parked record goes when its view leaves the window, and when its window leaves the application")
    func parkedRecordsGo() {
        let (sim, view) = plainViewScene()
        let environment = sim.application._gestureEnvironment
        let tap = UITapGestureRecognizer { _ in }
        view.addGestureRecognizer(tap)
        sim.tap(at: CGPoint(x: 50, y: 50))
        sim.advance(by: 1)
        #expect(tap._slot?.isParked == true)
        view.removeFromSuperview()
        #expect(tap._slot == nil, "its view left the window")
        #expect(environment.recognizerRecords.count <= 1, "only the scratch record may remain")

        let (other, otherView) = plainViewScene()
        let press = UILongPressGestureRecognizer { _ in }
        otherView.addGestureRecognizer(press)
        let finger = other.touchDown(at: CGPoint(x: 50, y: 50))
        other.touchUp(finger)
        #expect(press._slot?.isParked == true)
        let window = try! #require(otherView.window)
        other.application.detach(window)
        #expect(press._slot == nil, "its window left the application")
    }

    @Test("a recognizer in the middle of its sequence when its view leaves the window keeps no record: stopped and reset at once, it is not parked")
    func leavingMidSequence() {
        let (sim, view) = plainViewScene()
        let environment = sim.application._gestureEnvironment
        let press = UILongPressGestureRecognizer { _ in }
        view.addGestureRecognizer(press)
        _ = sim.touchDown(at: CGPoint(x: 50, y: 50))
        #expect(press._slot?.isParked == false, "held while its touch is down")
        view.removeFromSuperview()
        #expect(press.state == .possible, "stopped and reset")
        #expect(press._slot == nil, "its record went with the view")
        #expect(environment.heldRecognizerCount == 0)
    }

    @Test("a context kept beyond its recognizer's sequence is stale: it reads no touches and changes nothing")
    func staleContextDoesNothing() {
        let (sim, view) = plainViewScene()
        let pan = UIPanGestureRecognizer { _ in }
        view.addGestureRecognizer(pan)
        let finger = sim.touchDown(at: CGPoint(x: 50, y: 50))
        let kept = pan.recognizerContext
        #expect(kept.touches.map(\.fingerID) == [finger.id])
        sim.touchUp(finger)
        // The next sequence: the recognizer is held again, under a new record.
        let second = sim.touchDown(at: CGPoint(x: 60, y: 60))
        #expect(pan.recognizerContext.touches.map(\.fingerID) == [second.id])
        #expect(kept.touches.isEmpty, "the old handle finds a dead generation")
        kept.fail(.touchesCancelled)
        #expect(pan.state == .possible, "a stale context changes nothing")
        sim.touchUp(second)
    }

    @Test("a context kept after its application is gone reads nothing freed and does nothing (run under ASan in CI)")
    func contextOutlivesItsApplication() {
        let pan = UIPanGestureRecognizer { _ in }
        var kept: GestureRecognizerContext?
        do {
            let (sim, view) = plainViewScene()
            view.addGestureRecognizer(pan)
            _ = sim.touchDown(at: CGPoint(x: 50, y: 50))
            kept = pan.recognizerContext
            #expect(kept?.touches.count == 1)
            #expect(pan._slot != nil)
        }
        // The application, its environment and the records are gone; the recognizer and the
        // context are not.
        #expect(pan._slot == nil, "the environment cleared the slot as it went")
        #expect(kept?.touches.isEmpty == true)
        #expect(kept?.hasScheduledTimer == false)
        #expect(kept?.now == 0)
        #expect(kept?.schedule(after: 1, RecognizerTimer("late")) { _ in } == false)
        kept?.fail(.touchesCancelled)
        #expect(pan.state == .possible, "a stale context changes nothing")
    }

    /// Records which touches methods ran, and can make another recognizer ignore the touch.
    final class Witness: UIGestureRecognizer {
        var calls: [String] = []
        var ignoring: UIGestureRecognizer?
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            calls.append("began")
            if let other = ignoring, let touch = touches.first { other.ignore(touch, for: event) }
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { calls.append("moved") }
    }

    @Test("a recognizer made to ignore the touch by one walked before it gets no touches method in that walk or after")
    func ignoredMidWalk() {
        let (sim, view) = plainViewScene()
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.addSubview(inner)
        let first = Witness()
        let second = Witness()
        first.ignoring = second
        inner.addGestureRecognizer(first)  // the hit view's recognizers are walked first
        view.addGestureRecognizer(second)
        let finger = sim.touchDown(at: CGPoint(x: 50, y: 50))
        sim.touchMove(finger, to: CGPoint(x: 60, y: 60))
        #expect(first.calls == ["began", "moved"])
        #expect(second.calls.isEmpty, "ignored before its turn: \(second.calls)")
        #expect(second.numberOfTouches == 0)
        sim.touchUp(finger)
    }

    @Test("a recognizer outside any window keeps the state code gives it, as UIKit allows")
    func detachedState() {
        let tap = UITapGestureRecognizer { _ in }
        tap.state = .ended
        #expect(tap.state == .ended)
        #expect(tap._slot == nil)
    }

    @Test("the engine's state dump shows a recognizer's record: its state, waiting recognition and touches")
    func dumpShowsRecord() {
        let (sim, view) = plainViewScene()
        let single = UITapGestureRecognizer { _ in }
        let double = UITapGestureRecognizer { _ in }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        let before = EngineStateDump.text(of: sim.application)
        #expect(before.contains("state=possible pendingState=nil trackedTouches=[]"))
        sim.tap(at: CGPoint(x: 50, y: 50))
        // The single tap recognized and waits for the double tap to fail.
        #expect(single._readRecord { $0[live: $1].pendingState } == .ended)
        let waiting = EngineStateDump.text(of: sim.application)
        #expect(waiting.contains("pendingState=Optional(ended)") || waiting.contains("pendingState=ended"), "\(waiting)")
        #expect(waiting.contains("timer("), "the double tap's timer is dumped")
    }
}

/// A touch's record goes when the touch is over and nothing holds its delivery, and a late
/// cancel of its view (a recognition after the finger lifted) does not bring it back.
@Suite("The environment's record of each touch")
struct TouchRecordTests {
    @Test("a tap whose end was held until a double tap failed leaves no touch record behind")
    func heldEndThenCancelled() {
        let (sim, view) = plainViewScene()
        let environment = sim.application._gestureEnvironment
        var singles = 0
        let single = UITapGestureRecognizer { _ in singles += 1 }
        let double = UITapGestureRecognizer { _ in }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        sim.tap(at: CGPoint(x: 50, y: 50))
        #expect(environment.routedTouchCount == 1, "the lifted touch's end is held")
        sim.advance(by: 1)
        #expect(singles == 1)
        #expect(environment.routedTouchCount == 0, "no record outlives its touch")
    }
}
