import Foundation
import Testing
import TouchKit
import TouchScenes
import TouchTestSupport

@testable import TouchReplay

/// "Why didn't my SwiftUI gesture fire?": the fixes a SwiftUI developer writes (the attachment's
/// kind, its mask, its thresholds, the view's hit area), each applied to a copy of the scene and
/// re-run; only those that give the wanted outcome are shown, in each era.
@Suite("Proven fixes for SwiftUI gestures")
struct SwiftUIProvenFixTests {
    /// The bundled scene `name` with its golden session, replayed: the session, the scene, the trace.
    func bundled(_ name: String, session file: String) throws -> (Session, SceneDescription, TraceEntries) {
        let sceneURL = repositoryRoot.appendingPathComponent("Scenes/\(name).json")
        let description = try SceneDecoder.decode(data: Data(contentsOf: sceneURL), file: sceneURL.path, defaultName: name)
        let session = try SessionLoader.load(contentsOf: repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/\(file)"))
        let replayer = try SessionReplayer(session: session, scene: { SceneBuilder.build(description, source: .embedded(contentHash: "h")) })
        replayer.runToEnd()
        return (session, description, replayer.trace.entries)
    }

    /// Every fix's scene, re-run on its own, meets the goal in the span.
    func expectEachProven(_ fixes: [ProvenFix], goal: FixGoal, session: Session, span: (Int64, Int64)) throws {
        for fix in fixes {
            let replayer = try SessionReplayer(session: session, scene: { SceneBuilder.build(fix.scene, source: .embedded(contentHash: "x")) })
            replayer.runToEnd()
            #expect(goal.met(in: replayer.trace.entries, from: span.0, until: span.1) != nil, "\(fix.change)")
        }
    }

    @Test("a child tap beaten by its parent's highPriorityGesture (ios18): the parent's .simultaneousGesture or .gesture is proven")
    func childTapUnderHighPriorityParent() throws {
        let (session, scene, entries) = try bundled("swiftui-high-priority", session: "swiftui-high-priority.session")
        let goal = FixGoal.recognizes(recognizer: "SwiftUI.UIKitResponderGestureRecognizer#topChildTap")
        let span = ProvenFixes.firstTouchSpan(of: "SwiftUI.UIKitResponderGestureRecognizer#topChildTap", in: entries, session: session)
        #expect(goal.met(in: entries, from: span.from, until: span.until) == nil)
        let fixes = ProvenFixes.find(goal: goal, session: session, scene: scene, entries: entries, from: span.from, until: span.until)
        let changes = fixes.map(\.change)
        #expect(changes.contains("parentFirst on highParent: .simultaneousGesture(…) instead of .highPriorityGesture(…)"), "\(changes)")
        #expect(changes.contains("parentFirst on highParent: .gesture(…) instead of .highPriorityGesture(…)"), "\(changes)")
        let demoted = try #require(fixes.first { $0.change.hasPrefix("parentFirst on highParent: .gesture") })
        #expect(demoted.result.contains("SwiftUI.UIKitResponderGestureRecognizer#parentFirst no longer recognizes"), "\(demoted.result)")
        try expectEachProven(fixes, goal: goal, session: session, span: (span.from, span.until))
        // Tried and not shown: a child's own highPriorityGesture does not beat its parent's.
        let candidates = ProvenFixes.candidates(goal: goal, scene: scene, window: Array(entries)).map(\.change)
        #expect(candidates.contains("topChildTap on topChild: .highPriorityGesture(…) instead of .onTapGesture(…)"))
        #expect(!changes.contains("topChildTap on topChild: .highPriorityGesture(…) instead of .onTapGesture(…)"))
    }

    @Test("a List row's automatic Buttons fire by the row's selection; one whose row a tap gesture swallows gets .buttonStyle(.borderless), proven")
    func listRowButtons() throws {
        let (session, scene, entries) = try bundled("swiftui-list-buttons", session: "swiftui-list-buttons.session")
        #expect(scene.isListRowButton("share") && scene.isListRowButton("buy") && !scene.isListRowButton("like2"))
        // Share ran with Like: the row's selection counts as its firing.
        #expect(FixGoal.swiftUIGestureFires(label: "share").met(in: entries, from: 0, until: session.duration) != nil)
        let goal = FixGoal.swiftUIGestureFires(label: "buy")
        #expect(goal.met(in: entries, from: 0, until: session.duration) == nil)
        let fixes = ProvenFixes.find(goal: goal, session: session, scene: scene, entries: entries, from: 0, until: session.duration)
        let changes = fixes.map(\.change)
        #expect(changes.contains("buy: .buttonStyle(.borderless) (a gesture of its own, not the row's selection)"), "\(changes)")
        try expectEachProven(fixes, goal: goal, session: session, span: (0, session.duration))
        let lines = SwiftUIGestureHistory.listRowButtonLines("share", in: entries)
        #expect(lines.contains("  0.050000 s  HStack#automaticRow selected: ran Button#like, Button#share"), "\(lines)")
    }

    @Test("a child tap masked by its parent's including: .gesture: the parent's including: .all is proven")
    func childTapMaskedByParent() throws {
        let (session, bundledScene, _) = try bundled("swiftui-high-priority", session: "swiftui-high-priority.session")
        var scene = bundledScene
        // The parent's gesture as .gesture(…, including: .gesture): its subviews' gestures off.
        #expect(
            scene.editSwiftUIAttachment("parentFirst") {
                $0.modifier = .gesture; $0.including = "gesture"
            })
        let replayer = try SessionReplayer(session: session, scene: { [scene] in SceneBuilder.build(scene, source: .embedded(contentHash: "m")) })
        replayer.runToEnd()
        let entries = replayer.trace.entries
        let name = "SwiftUI.UIKitResponderGestureRecognizer#topChildTap"
        let goal = FixGoal.recognizes(recognizer: name)
        let span = ProvenFixes.firstTouchSpan(of: name, in: entries, session: session)
        #expect(goal.met(in: entries, from: span.from, until: span.until) == nil)
        let fixes = ProvenFixes.find(goal: goal, session: session, scene: scene, entries: entries, from: span.from, until: span.until)
        let changes = fixes.map(\.change)
        #expect(
            changes.contains(
                "parentFirst on highParent: .gesture(…, including: .all) instead of including: .gesture (the subviews' gestures back on)"),
            "\(changes)")
        try expectEachProven(fixes, goal: goal, session: session, span: (span.from, span.until))
    }

    @Test("the ScrollView that stopped scrolling under a child's drag (ios18): .simultaneousGesture and a longer minimumDistance are proven")
    func scrollBlockedByChildDrag() throws {
        let (session, scene, entries) = try bundled("swiftui-drag-in-scrollview", session: "swiftui-drag-in-scrollview.session")
        let pan = "UIScrollViewPanGestureRecognizer@UIScrollView#feed"
        let fate = TouchFate(entries: entries, finger: 1)
        let span = ProvenFixes.span(of: fate.entryRange, in: entries, session: session)
        // The pan recognizes on the second touch, not on this one: the span stops before it.
        let goal = FixGoal.recognizes(recognizer: pan)
        #expect(goal.met(in: entries, from: span.from, until: span.until) == nil)
        let fixes = ProvenFixes.find(goal: goal, session: session, scene: scene, entries: entries, from: span.from, until: span.until)
        let changes = fixes.map(\.change)
        #expect(changes.contains("cardDrag on gestureCard: .simultaneousGesture(…) instead of .gesture(…)"), "\(changes)")
        #expect(changes.contains("cardDrag: DragGesture(minimumDistance: 30)"), "\(changes)")
        try expectEachProven(fixes, goal: goal, session: session, span: (span.from, span.until))
    }

    @Test(
        "a drag in a ScrollView before the iOS 18 SDK (ios17): the gesture fires with DragGesture(minimumDistance: 0), and the goal is firing, not a cancelled start"
    )
    func dragInScrollViewBeforeIOS18() throws {
        let (session, scene, entries) = try bundled("swiftui-drag-in-scrollview-ios17", session: "swiftui-drag-in-scrollview-ios17.session")
        let goal = FixGoal.swiftUIGestureFires(label: "cardDrag")
        let fate = TouchFate(entries: entries, finger: 1)
        let span = ProvenFixes.span(of: fate.entryRange, in: entries, session: session)
        #expect(goal.met(in: entries, from: span.from, until: span.until) == nil)
        let fixes = ProvenFixes.find(goal: goal, session: session, scene: scene, entries: entries, from: span.from, until: span.until)
        #expect(fixes.map(\.change).contains("cardDrag: DragGesture(minimumDistance: 0)"), "\(fixes.map(\.change))")
        try expectEachProven(fixes, goal: goal, session: session, span: (span.from, span.until))
    }

    @Test("a gesture that became active and then failed did not fire")
    func activeThenFailedIsNotFiring() {
        func entry(_ micros: Int64, _ kind: String) -> TraceEntry {
            TraceEntry(
                micros: micros,
                event: .layer(
                    LayerEvent(
                        layer: "swiftui", kind: kind, subject: "#drag (.gesture) on Rectangle#card", fields: [], owner: .init(gesture: "drag"))))
        }
        let goal = FixGoal.swiftUIGestureFires(label: "drag")
        #expect(goal.met(in: [entry(10, "active"), entry(20, "failed")], from: 0, until: 100) == nil)
        #expect(goal.met(in: [entry(10, "active"), entry(20, "ended")], from: 0, until: 100) == 10)
        #expect(goal.met(in: [entry(10, "active")], from: 0, until: 100) == 10)
        #expect(goal.met(in: [entry(10, "active")], from: 11, until: 100) == nil)
    }
}
