import Foundation
import Testing
import TouchKit
import TouchScenes
import TouchTestSupport

@testable import TouchReplay

/// Every fix `why` shows was applied to a copy of the scene and re-run; a candidate whose re-run
/// does not give the wanted outcome is not shown.
@Suite("Proven fixes")
struct ProvenFixTests {
    static let carousel = #"""
        {"format":"touchscope.scene","version":1,"name":"carousel","window":{"width":300,"height":600},"views":[
          {"kind":"scrollView","id":"carousel","frame":[0,0,300,600],"contentSize":[300,2000],
           "subviews":[{"kind":"view","id":"card","frame":[20,100,260,300],
             "recognizers":[{"kind":"swipe","id":"dismissSwipe","direction":["up"],"do":[{"note":"dismissed"}]}]}]}]}
        """#

    /// Records `script` on the scene `text` and replays it: the session, the scene's description
    /// and the replay's trace.
    func recorded(_ text: String, script: String) throws -> (Session, SceneDescription, TraceEntries) {
        let description = try SceneDecoder.decode(data: Data(text.utf8), file: "s.json", defaultName: "s")
        let make: () throws -> LoadedScene = { SceneBuilder.build(description, source: .embedded(contentHash: "h")) }
        let scene = try make()
        let simulator = scene.makeSimulator()
        var records: [SessionRecord] = []
        simulator.application.addInputObserver { samples, time in records.append(.input(micros: TraceEntry.micros(from: time), samples: samples)) }
        try GestureScriptRunner(simulator: simulator).run(GestureScript.parse(script))
        records.append(.end(micros: TraceEntry.micros(from: simulator.clock.now)))
        let session = Session(
            header: SessionHeader(sceneName: "s", sceneHash: "h", windowSize: CGSize(width: 300, height: 600), started: ""), records: records)
        let replayer = try SessionReplayer(session: session, scene: make)
        replayer.runToEnd()
        return (session, description, replayer.trace.entries)
    }

    @Test("a swipe prevented by a scroll view's pan: carousel.pan requiring the swipe to fail is proven, and every fix shown re-runs to the goal")
    func swipePreventedByPan() throws {
        let (session, scene, entries) = try recorded(
            Self.carousel, script: #"[{"swipe": {"from": [150, 350], "direction": "up", "distance": 200, "speed": 2000}}]"#)
        let goal = FixGoal.recognizes(recognizer: "UISwipeGestureRecognizer#dismissSwipe")
        #expect(goal.met(in: entries, from: 0, until: session.duration) == nil)
        let fixes = ProvenFixes.find(goal: goal, session: session, scene: scene, entries: entries, from: 0, until: session.duration)
        let changes = fixes.map(\.change)
        #expect(changes.contains("carousel.panGestureRecognizer.require(toFail: dismissSwipe)"), "\(changes)")
        let proven = try #require(fixes.first { $0.change == "carousel.panGestureRecognizer.require(toFail: dismissSwipe)" })
        #expect(proven.result.hasPrefix("UISwipeGestureRecognizer#dismissSwipe recognizes at "), "\(proven.result)")
        #expect(proven.result.contains("UIScrollViewPanGestureRecognizer@UIScrollView#carousel no longer recognizes"), "\(proven.result)")
        // Each fix's scene, re-run independently, gives the goal.
        for fix in fixes {
            let replayer = try SessionReplayer(session: session, scene: { SceneBuilder.build(fix.scene, source: .embedded(contentHash: "x")) })
            replayer.runToEnd()
            #expect(goal.met(in: replayer.trace.entries, from: 0, until: session.duration) != nil, "\(fix.change)")
        }
        let candidates = ProvenFixes.candidates(goal: goal, scene: scene, window: Array(entries)).map(\.change)
        #expect(Set(changes).isSubset(of: Set(candidates)))
    }

    @Test("a long press lifted too soon: a shorter minimumPressDuration is proven; a larger allowableMovement is tried, fails and is not shown")
    func longPressLiftedTooSoon() throws {
        let scene = #"""
            {"format":"touchscope.scene","version":1,"name":"press","window":{"width":300,"height":600},"views":[
              {"kind":"view","id":"photo","frame":[0,0,300,300],"recognizers":[{"kind":"longPress","id":"menuPress","minimumPressDuration":0.5}]}]}
            """#
        let (session, description, entries) = try recorded(scene, script: #"[{"longPress": [100, 100], "duration": 0.3}, {"wait": 0.5}]"#)
        let goal = FixGoal.recognizes(recognizer: "UILongPressGestureRecognizer#menuPress")
        let fixes = ProvenFixes.find(goal: goal, session: session, scene: description, entries: entries, from: 0, until: session.duration)
        let candidates = ProvenFixes.candidates(goal: goal, scene: description, window: Array(entries)).map(\.change)
        #expect(candidates.contains("menuPress.allowableMovement = 30"), "\(candidates)")
        #expect(fixes.map(\.change) == ["menuPress.minimumPressDuration = 0.25"])
        #expect(fixes.first?.result.hasPrefix("UILongPressGestureRecognizer#menuPress recognizes at 0.25") == true, "\(fixes)")
    }

    @Test("a parent tap that cancels a custom control: cancelsTouchesInView and a conditional shouldReceive are proven")
    func parentTapCancelsControl() throws {
        let scene = try String(contentsOf: repositoryRoot.appendingPathComponent("Scenes/bug-parent-tap-steals-control.json"), encoding: .utf8)
        let (session, description, entries) = try recorded(scene, script: #"[{"tap": [110, 215]}, {"wait": 0.5}]"#)
        let goal = FixGoal.viewGetsTouch(view: "UIControl#customControl", finger: 1)
        let fixes = ProvenFixes.find(goal: goal, session: session, scene: description, entries: entries, from: 0, until: session.duration)
        #expect(
            fixes.map(\.change) == [
                "cardTap.cancelsTouchesInView = false", "cardTap delegate: gestureRecognizer(_:shouldReceive:) → false for touches in customControl",
            ])
        #expect(fixes[0].result.contains("UITapGestureRecognizer#cardTap still recognizes"))
        #expect(fixes[1].result.contains("UITapGestureRecognizer#cardTap no longer recognizes"))
    }

    @Test("a goal already met needs no fix")
    func goalMet() throws {
        let (session, scene, entries) = try recorded(Self.carousel, script: #"[{"tap": [150, 350]}, {"wait": 0.5}]"#)
        let goal = FixGoal.viewGetsTouch(view: "UIView#card", finger: 1)
        #expect(goal.met(in: entries, from: 0, until: session.duration) != nil)
        #expect(ProvenFixes.find(goal: goal, session: session, scene: scene, entries: entries, from: 0, until: session.duration).isEmpty)
    }

    @Test("a button sticking out of its parent: the parent's hitTest asking it (QA1812) and its point(inside:) grown over it are proven")
    func childOutsideParent() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Scenes/bug-child-outside-parent.json"), encoding: .utf8)
        // Where the badge sticks out of its parent (the parent ends at 190, 250 in the window).
        let (session, scene, entries) = try recorded(text, script: #"[{"tap": [240, 260]}]"#)
        let goal = FixGoal.viewGetsTouch(view: "UIButton#badge", finger: 1)
        #expect(goal.met(in: entries, from: 0, until: session.duration) == nil)
        let fixes = ProvenFixes.find(goal: goal, session: session, scene: scene, entries: entries, from: 0, until: session.duration)
        let changes = fixes.map(\.change)
        #expect(changes.contains("parent: override hitTest(_:with:) to ask badge when its own finds nothing (QA1812)"), "\(changes)")
        // Grown by exactly what the scene's fixed twin (grownParent) grows by.
        #expect(changes.contains("parent: point(inside:with:) grown over badge (top 0, left 0, bottom 40, right 70 pt)"), "\(changes)")
        for fix in fixes {
            let replayer = try SessionReplayer(session: session, scene: { SceneBuilder.build(fix.scene, source: .embedded(contentHash: "x")) })
            replayer.runToEnd()
            #expect(goal.met(in: replayer.trace.entries, from: 0, until: session.duration) != nil, "\(fix.change)")
        }
        // The fixed twin needs none: a tap where its badge sticks out reaches it.
        let (twinSession, _, twinEntries) = try recorded(text, script: #"[{"tap": [240, 560]}]"#)
        #expect(FixGoal.viewGetsTouch(view: "UIButton#fixedBadge", finger: 1).met(in: twinEntries, from: 0, until: twinSession.duration) != nil)
    }
}
