import Foundation
import Testing
import TouchKit

@testable import TouchScopeSDL

/// A view that takes touches (so that it is a responder that hears them).
final class Pad: UIView {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

/// The model behind the panels: one record per touch, and every panel about the same touch.
@Suite("The overlays' model of the trace")
struct TraceModelTests {
    /// A scroll view (which holds its content's touchesBegan for 150 ms) above a button.
    struct Stage {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 400))
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let content = Pad(frame: CGRect(x: 0, y: 0, width: 200, height: 600))
        let button = UIButton(frame: CGRect(x: 0, y: 250, width: 100, height: 50))
        let sim: TouchSimulator
        let model = TraceModel()

        init() {
            scroll.accessibilityIdentifier = "scroll"
            content.accessibilityIdentifier = "content"
            button.accessibilityIdentifier = "button"
            scroll.contentSize = CGSize(width: 200, height: 600)
            scroll.addSubview(content)
            window.addSubview(scroll)
            window.addSubview(button)
            sim = TouchSimulator(window: window)
            ModelFollower(model: model).follow(sim.application)
        }
    }

    @Test("the lanes' axis spans the gesture plus a margin once it is over, not the time since")
    func axisSpansTheGesture() throws {
        let stage = Stage()
        let tap = UITapGestureRecognizer(target: nil, action: nil)
        stage.button.addGestureRecognizer(tap)
        stage.sim.tap(at: CGPoint(x: 50, y: 275))
        let lastChange = try #require(stage.model.recognizers.flatMap { $0.changes.map(\.micros) }.max())
        stage.sim.advance(by: 10)
        let end = OverlayRenderer.axisEnd(stage.model, now: TraceEntry.micros(from: stage.sim.now))
        #expect(end > lastChange)
        #expect(end - stage.model.gestureStart < 1_000_000, "the axis spans \(end - stage.model.gestureStart) µs, not the 10 s since")
        // While a finger is down, the axis runs to now.
        let finger = stage.sim.touchDown(at: CGPoint(x: 50, y: 275))
        stage.sim.advance(by: 2)
        let live = OverlayRenderer.axisEnd(stage.model, now: TraceEntry.micros(from: stage.sim.now))
        #expect(live == max(stage.model.now, TraceEntry.micros(from: stage.sim.now)))
        stage.sim.touchUp(finger)
    }

    @Test("while a scroll view holds one touch's touchesBegan, the path and the chain both describe the same touch")
    func panelsDescribeOneTouch() throws {
        let stage = Stage()
        let held = stage.sim.touchDown(at: CGPoint(x: 50, y: 50))
        stage.sim.advance(by: 0.05)
        let pressed = stage.sim.touchDown(at: CGPoint(x: 50, y: 275))
        // By default the panels follow the latest touch: the button's.
        var described = try #require(stage.model.described)
        #expect(described.finger == pressed.id)
        #expect(described.hitView == "UIButton#button")
        #expect(described.chain.first == "UIButton#button")
        // Tab: the first touch, whose touchesBegan the scroll view still holds: its own hit, no chain yet.
        stage.model.selectNext()
        described = try #require(stage.model.described)
        #expect(described.finger == held.id)
        #expect(described.hitView == "Pad#content")
        #expect(described.chain.isEmpty)
        // Released after 150 ms, its chain is its own, and the button's touch keeps the button's.
        stage.sim.advance(by: 0.2)
        described = try #require(stage.model.described)
        #expect(described.chain.first == "Pad#content")
        #expect(stage.model.touches.first { $0.finger == pressed.id }?.chain.first == "UIButton#button")
        // Tab onto the latest touch follows the latest again.
        stage.model.selectNext()
        #expect(stage.model.followsLatest)
        stage.sim.touchUp([held, pressed])
    }

    @Test("a lifted touch keeps its marks: down, trail and lift, fading to a floor that stays until the next gesture")
    func marksAfterLift() throws {
        let stage = Stage()
        stage.sim.drag(from: CGPoint(x: 20, y: 260), to: CGPoint(x: 80, y: 290), duration: 0.2)
        let touch = try #require(stage.model.touches.last)
        #expect(!touch.isDown)
        #expect(touch.down == CGPoint(x: 20, y: 260))
        #expect(touch.last == CGPoint(x: 80, y: 290))
        #expect(touch.trail.count > 2)
        let lifted = try #require(touch.lifted)
        #expect(touch.markAlpha(now: lifted) == 1)
        #expect(touch.markAlpha(now: lifted + 10_000_000) == Theme.markFloorAlpha)
        #expect(touch.isFading(now: lifted + 100_000) && !touch.isFading(now: lifted + 2_000_000))
        // The next gesture clears them.
        stage.sim.tap(at: CGPoint(x: 150, y: 350))
        #expect(stage.model.touches.count == 1 && stage.model.touches[0].down == CGPoint(x: 150, y: 350))
    }

    @Test("input the engine drops leaves no record: a second began for a finger already down, a non-finite point")
    func droppedInput() {
        let stage = Stage()
        stage.sim.send([TouchSample(finger: 5, phase: .began, location: CGPoint(x: 10, y: 260))])
        stage.sim.send([TouchSample(finger: 5, phase: .began, location: CGPoint(x: 90, y: 290))])
        stage.sim.send([TouchSample(finger: 6, phase: .began, location: CGPoint(x: CGFloat.nan, y: 10))])
        #expect(stage.model.touches.map(\.finger) == [5])
        #expect(stage.model.touches[0].down == CGPoint(x: 10, y: 260))
        stage.sim.send([
            TouchSample(finger: 5, phase: .moved, location: CGPoint(x: 30, y: 270)),
            TouchSample(finger: 5, phase: .moved, location: CGPoint(x: 99, y: 299)),
        ])
        #expect(stage.model.touches[0].last == CGPoint(x: 30, y: 270), "the second move of one finger in one event is dropped")
    }

    @Test("the views under a touch that hit testing never reached are named with the reason")
    func unreachedViews() throws {
        let stage = Stage()
        let cover = UIView(frame: CGRect(x: 0, y: 240, width: 200, height: 80))
        cover.accessibilityIdentifier = "cover"
        stage.window.addSubview(cover)
        stage.sim.tap(at: CGPoint(x: 50, y: 275))
        let touch = try #require(stage.model.touches.last)
        #expect(touch.hitView == "UIView#cover")
        let unreached = touch.unreached
        #expect(unreached.map(\.view) == ["UIButton#button"])
        #expect(unreached.first?.verdict == .covered(by: "UIView#cover", frontView: "UIView#cover"))
    }

    @Test("the recognizer that recognized first is the winner; bound touches are listed")
    func winner() {
        let stage = Stage()
        let tap = UITapGestureRecognizer(target: nil, action: nil)
        tap.name = "tap"
        let press = UILongPressGestureRecognizer(target: nil, action: nil)
        press.name = "press"
        stage.button.addGestureRecognizer(tap)
        stage.button.addGestureRecognizer(press)
        stage.sim.tap(at: CGPoint(x: 50, y: 275))
        #expect(stage.model.winner?.hasSuffix("#tap") == true)
        let id = stage.model.touches.last?.id
        #expect(stage.model.recognizers.allSatisfy { $0.touchIDs == [id].compactMap { $0 } })
    }

    @Test("notes and markers are kept with their times; the count goes on past the kept ones")
    func notes() {
        let model = TraceModel()
        for index in 0..<(TraceModel.notesKept + 5) {
            model.consume(TraceEntry(micros: Int64(index), event: index % 2 == 0 ? .note("n\(index)") : .marker("m\(index)")))
        }
        #expect(model.noteCount == TraceModel.notesKept + 5)
        #expect(model.notes.count == TraceModel.notesKept)
        #expect(model.notes.last == TraceModel.NoteItem(micros: Int64(TraceModel.notesKept + 4), kind: .note, text: "n\(TraceModel.notesKept + 4)"))
    }

    @Test("the speed beside a moving finger is the engine's pan velocity: the last 100 ms, and zero once it rests")
    func fingerSpeed() throws {
        let stage = Stage()
        let finger = stage.sim.touchDown(at: CGPoint(x: 20, y: 300))
        for step in 1...6 {
            stage.sim.advance(by: 0.05)
            stage.sim.touchMove(finger, to: CGPoint(x: 20 + 10 * CGFloat(step), y: 300))
        }
        var touch = try #require(stage.model.touches.last)
        #expect(abs(touch.velocity.x - 200) < 1e-6 && touch.velocity.y == 0, "\(touch.velocity)")
        for _ in 1...3 {
            stage.sim.advance(by: 0.05)
            stage.sim.touchMove(finger, to: CGPoint(x: 80, y: 300))
        }
        touch = try #require(stage.model.touches.last)
        #expect(touch.velocity == .zero)
    }

    @Test("Shift-Tab reaches touches of earlier gestures, with their own lanes and winner; Tab comes back to the latest")
    func tabReachesEarlierGestures() throws {
        let stage = Stage()
        let tap = UITapGestureRecognizer(target: nil, action: nil)
        tap.name = "save"
        stage.button.addGestureRecognizer(tap)
        stage.sim.tap(at: CGPoint(x: 50, y: 275))
        stage.sim.advance(by: 1)
        stage.sim.tap(at: CGPoint(x: 150, y: 350))
        stage.sim.advance(by: 1)
        #expect(stage.model.described?.hitView == "UIWindow")
        #expect(stage.model.recognizers.isEmpty, "the second tap saw no recognizer")
        #expect(stage.model.earlierGestures.count == 1)

        stage.model.selectNext(forward: false)
        let earlier = try #require(stage.model.described)
        #expect(earlier.hitView == "UIButton#button")
        let gesture = stage.model.describedGesture
        #expect(gesture.isEarlier && !gesture.isLive)
        #expect(gesture.winner == tap.traceName)
        #expect(gesture.recognizers.first?.outcome == "ended → reset")
        #expect(stage.model.describedDistanceFromLatest == 1)
        #expect(WindowApp.describedMessage(stage.model).hasPrefix("describing finger \(earlier.finger), 1 touch back, an earlier gesture at 0.00 s"))
        // The lanes' axis spans that gesture, not the time since.
        let end = OverlayRenderer.axisEnd(stage.model, now: TraceEntry.micros(from: stage.sim.now))
        #expect(end > gesture.start && end - gesture.start < 1_000_000)
        // Its entries end where the next gesture began: the inspector reads only its own.
        #expect(earlier.endEntry != nil)
        // Shift-Tab at the oldest stays there; Tab goes back to following the latest.
        stage.model.selectNext(forward: false)
        #expect(stage.model.described?.id == earlier.id)
        stage.model.selectNext()
        #expect(stage.model.followsLatest && stage.model.described?.hitView == "UIWindow")
        // The inspector of the button finds the earlier touch that hit it.
        #expect(InspectorContent.touch(about: stage.button, in: stage.model)?.id == earlier.id)
        // The window was hit by both; picked with Shift-Tab, the earlier one is the one it shows.
        let latest = try #require(stage.model.described)
        #expect(InspectorContent.touch(about: stage.window, in: stage.model)?.id == latest.id)
        stage.model.selectNext(forward: false)
        #expect(InspectorContent.touch(about: stage.window, in: stage.model)?.id == earlier.id)
    }

    @Test("the model keeps the last 20 gestures for Tab, and a checkpoint's copy keeps them too")
    func earlierGesturesAreBounded() throws {
        let stage = Stage()
        for index in 0..<25 {
            stage.sim.tap(at: CGPoint(x: 10 + CGFloat(index), y: 275))
            stage.sim.advance(by: 0.5)
        }
        #expect(stage.model.earlierGestures.count == TraceModel.earlierGesturesKept)
        #expect(stage.model.earlierGestures.first?.touches.first?.down == CGPoint(x: 14, y: 275), "the oldest four were dropped")
        for back in [0, 1, 7, 20, 30] {
            let tabbed = stage.model.copy()
            for _ in 0..<back { tabbed.selectNext(forward: false) }
            let direct = stage.model.copy()
            direct.select(touchesBack: back)
            #expect(direct.described?.id == tabbed.described?.id && direct.followsLatest == tabbed.followsLatest, "\(back) back")
        }
        for _ in 0..<30 { stage.model.selectNext(forward: false) }
        #expect(stage.model.describedDistanceFromLatest == TraceModel.earlierGesturesKept)
        let copy = stage.model.copy()
        #expect(copy.earlierGestures.count == TraceModel.earlierGesturesKept)
        #expect(copy.described?.id == stage.model.described?.id)
    }
}
