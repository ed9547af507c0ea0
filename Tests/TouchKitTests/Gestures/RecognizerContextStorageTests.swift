import Foundation
import Testing
import TouchTestSupport

@testable import TouchKit

/// A recognizer's state, tracked touches, timers and holder live in the storage the gesture
/// environment keeps for it (`RecognizerContextStorage`): the public API reads it, the environment
/// writes it, and the engine's state dump (which checkpoints are checked with) shows it in full.
@Suite("The environment's storage for each recognizer")
struct RecognizerContextStorageTests {
    @Test("a held long press: its storage names the environment, its touch and its timer; reset clears them")
    func heldAndReleased() {
        let (sim, view) = plainViewScene()
        let press = UILongPressGestureRecognizer { _ in }
        view.addGestureRecognizer(press)
        #expect(!press._context.isHeld)
        let finger = sim.touchDown(at: CGPoint(x: 50, y: 50))
        #expect(press._context.isHeld)
        #expect(press._context.environment === sim.application._gestureEnvironment)
        #expect(press._context.trackedTouches.map(\.fingerID) == [finger.id])
        #expect(press.recognizerContext.hasScheduledTimer)
        #expect(press._context.receivesTouches)
        sim.advance(by: 0.6)
        #expect(press.state == .began)
        #expect(press._context.state == .began)
        sim.touchUp(finger)
        #expect(press.state == .possible, "reset after the sequence")
        #expect(!press._context.isHeld)
        #expect(press._context.trackedTouches.isEmpty)
        #expect(!press.recognizerContext.hasScheduledTimer)
    }

    @Test("the engine's state dump shows a recognizer's storage: its state, waiting recognition and touches")
    func dumpShowsStorage() {
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
        #expect(single._context.pendingState == .ended)
        let waiting = EngineStateDump.text(of: sim.application)
        #expect(waiting.contains("pendingState=Optional(ended)") || waiting.contains("pendingState=ended"), "\(waiting)")
        #expect(waiting.contains("timer("), "the double tap's timer is dumped")
    }
}
