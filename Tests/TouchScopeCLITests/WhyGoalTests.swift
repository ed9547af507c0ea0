import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchTestSupport

/// `why --goal`: goals as people state them, on a kitchen-sink session: a press on the button
/// dragged 63 pt down and lifted (touchUpInside fires: UIKit's margin), a tap on the button in the
/// scroll view (its touchesBegan held 150 ms), a drag in the scroll view (it scrolls).
@Suite("why --goal: goals beyond recognizes and gets the touch")
struct WhyGoalTests {
    static func session() throws -> URL {
        let folder = try scratchDirectory()
        let script = folder.appendingPathComponent("goals.json")
        try Data(
            #"""
            [{"down": [70, 442], "finger": "a"}, {"move": [70, 470], "finger": "a"}, {"move": [70, 505], "finger": "a"}, {"up": "a"}, {"wait": 0.5},
             {"tap": [80, 630]}, {"wait": 0.5},
             {"drag": {"from": [200, 720], "to": [200, 600], "duration": 0.3, "steps": 10}}, {"wait": 1}]
            """#.utf8
        ).write(to: script)
        let session = folder.appendingPathComponent("goals.session")
        let (status, output) = try runTouchscope(["record", "kitchen-sink", script.path, "-o", session.path])
        #expect(status == 0, "\(output)")
        return session
    }

    /// A session recorded from `scene` (JSON) with the gesture script `script`, in a scratch folder.
    static func recorded(_ scene: String, script: String) throws -> URL {
        let folder = try scratchDirectory()
        let sceneFile = folder.appendingPathComponent("scene.json")
        try Data(scene.utf8).write(to: sceneFile)
        let scriptFile = folder.appendingPathComponent("script.json")
        try Data(script.utf8).write(to: scriptFile)
        let session = folder.appendingPathComponent("recorded.session")
        let (status, output) = try runTouchscope(["record", sceneFile.path, scriptFile.path, "-o", session.path])
        #expect(status == 0, "\(output)")
        return session
    }

    @Test("not-fires: touchUpInside after a lift 63 pt below the button; the fix tracks with the bounds, proven")
    func notFires() throws {
        let (status, output) = try runTouchscope(["why", try Self.session().path, "--goal", "not-fires=button.touchUpInside"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("touch 1 (finger 1 at (70.00, 442.00), 0.000000 s): missed"))
        #expect(output.contains("touch 2 (finger 2 at (80.00, 630.00), 0.533334 s): does not concern it"))
        #expect(
            output.contains(
                "  button: override continueTracking(_:with:)/endTracking(_:with:) to count the touch inside only within its bounds (scene: trackingMargin 0)\n    → UIButton#button does not fire touchUpInside, through the touch"
            ), "\(output)")
        #expect(
            output.contains(
                "  button: override continueTracking(_:with:) to return false once the touch leaves its bounds (scene: continueTracking)\n    → UIButton#button does not fire touchUpInside, through the touch"
            ), "\(output)")
    }

    @Test("down-feedback: the button in the scroll view hears the touch 150 ms late; delaysContentTouches = false, proven")
    func downFeedback() throws {
        let (_, output) = try runTouchscope(["why", try Self.session().path, "--goal", "down-feedback=innerButton"])
        #expect(output.contains("touch 2 (finger 2 at (80.00, 630.00), 0.533334 s) misses it"), "\(output)")
        #expect(
            output.contains(
                "  scroller.delaysContentTouches = false\n    → UIButton#innerButton hears the touch when the finger goes down at 0.533334 s"),
            "\(output)")
    }

    @Test("not-scrolls on the drag, and scrolls already met: the fixes, and 'none needed'")
    func scrolling() throws {
        let session = try Self.session().path
        let (_, output) = try runTouchscope(["why", session, "--goal", "not-scrolls=scroller", "--touch", "3"])
        #expect(output.contains("  scroller.isScrollEnabled = false\n"), "\(output)")
        let (_, met) = try runTouchscope(["why", session, "--goal", "scrolls=scroller", "--touch", "3"])
        #expect(met.contains("touch 3 (finger 3 at (200.00, 720.00), 1.083334 s) meets it."), "\(met)")
        #expect(met.contains("Fixes: none needed"))
        // Without --touch: the tap in the scroll view concerns it (its pan heard it) and did not scroll.
        let (_, first) = try runTouchscope(["why", session, "--goal", "scrolls=scroller"])
        #expect(first.contains("touch 2 (finger 2 at (80.00, 630.00), 0.533334 s): missed"), "\(first)")
        let (_, json) = try runTouchscope(["why", session, "--goal", "scrolls=scroller", "--touch", "3", "--json"])
        let value = try JSONParser.parse(Array(json.utf8))
        #expect(value["goal"] == .string("scrolls=UIScrollView#scroller"))
        #expect(value["fixes"]?["needed"] == .bool(false))
    }

    @Test("a goal that cannot be read is a usage error that says what is expected")
    func badGoals() throws {
        let session = try Self.session().path
        for (goal, expected) in [
            ("fires=button", "expected CONTROL.EVENT (pay.touchUpInside)"),
            ("fires=button.touchUpInsde", "unknown control event \"touchUpInsde\""),
            ("scrolls=nowhere", "the goal names the scroll view \"nowhere\", which the scene does not have"),
            ("wins=button", "unknown goal \"wins\""),
            ("button", "expected KIND=SUBJECT"),
        ] {
            let (status, output) = try runTouchscope(["why", session, "--goal", goal])
            #expect(status == 64, "\(goal): \(output)")
            #expect(output.contains(expected), "\(goal): \(output)")
        }
    }

    @Test("trace --json marks each decision that rests on a rule with the rule's provenance")
    func provenanceInTrace() throws {
        let (_, json) = try runTouchscope(["trace", try Self.session().path, "--json"])
        let tracking = try #require(json.split(separator: "\n").first { $0.contains(#""kind":"controlTracking""#) })
        let value = try JSONParser.parse(Array(tracking.utf8))
        guard case .array(let rules)? = value["rules"]?.kind else {
            Issue.record("no rules in \(tracking)")
            return
        }
        #expect(rules.first?["id"] == .string("control.trackingMargin"))
        #expect(rules.first?["provenance"] == .string("approximation"))
        let input = try #require(json.split(separator: "\n").first { $0.contains(#""kind":"input""#) })
        #expect(!input.contains("rules"), "an entry that decides nothing has none")
    }

    @Test(
        "scrolls on a SwiftUI ScrollView whose card's DragGesture keeps the touch: Apple's UIGestureRecognizerRepresentable answer, proven, beside the modifier and threshold changes"
    )
    func representableFix() throws {
        let session = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/swiftui-drag-in-scrollview.session").path
        let (status, output) = try runTouchscope(["why", session, "--goal", "scrolls=feed"])
        #expect(status == 0, "\(output)")
        #expect(
            output.contains(
                "  cardDrag on gestureCard: a UIGestureRecognizerRepresentable wrapping a UIPanGestureRecognizer whose delegate recognizes simultaneously with feed's pan, in place of .gesture(DragGesture()) (iOS 18 SDK; scene: representable)\n    → ScrollView#feed scrolls at 0.040000 s"
            ), "\(output)")
        #expect(output.contains("  cardDrag on gestureCard: .simultaneousGesture(…) instead of .gesture(…)"), "\(output)")
        // Each fix is re-run in every era: .simultaneousGesture no longer lets the feed scroll with
        // the iOS 26 SDK (release note 147970990); the representable holds everywhere.
        let lines = output.split(separator: "\n").map(String.init)
        let simultaneous = try #require(lines.firstIndex { $0.hasPrefix("  cardDrag on gestureCard: .simultaneousGesture") })
        #expect(lines[simultaneous + 2] == "    eras: holds in ios17, ios18; not in ios26 (re-run in each)", "\(output)")
        // …and says which of the rules its re-run rests on are not Apple's documented ones.
        #expect(lines[simultaneous + 3] == "    rests on: swiftui.prioritized (inferred), pan.hysteresis (approximation)", "\(output)")
        let representable = try #require(lines.firstIndex { $0.contains("a UIGestureRecognizerRepresentable wrapping") })
        #expect(lines[representable + 2] == "    eras: holds in every era (re-run in ios17, ios18, ios26)", "\(output)")
    }

    @Test("not-recognizes on a sheet's dismiss tap that fires on its content: moving it onto a .background is proven, and including: .subviews")
    func dismissOntoBackground() throws {
        let session = try Self.recorded(
            #"""
            {"format": "touchscope.scene", "version": 1, "name": "dismiss", "window": {"width": 390, "height": 844},
             "views": [{"kind": "hosting", "id": "host", "frame": [0, 0, 390, 844],
               "content": {"view": "vstack", "id": "sheet", "frame": [0, 0, 390, 844], "contentShape": "rectangle",
                 "gestures": [{"modifier": "onTapGesture", "gesture": {"tap": {"count": 1}, "id": "dismiss"}, "perform": [{"note": "dismissed"}]}],
                 "children": [{"view": "text", "id": "message", "frame": [0, 0, 390, 200]},
                              {"view": "button", "id": "ok", "frame": [0, 0, 390, 60], "action": [{"note": "ok"}]}]}}]}
            """#, script: #"[{"tap": [195, 100]}, {"wait": 1}]"#)
        let (status, output) = try runTouchscope(["why", session.path, "--goal", "not-recognizes=dismiss"])
        #expect(status == 0, "\(output)")
        #expect(
            output.contains(
                "  dismiss on sheet: move .onTapGesture(…) onto .background(Color.clear.contentShape(Rectangle()).onTapGesture(…)), so that it fires only where nothing in front of it is hit\n    → TapGesture #dismiss (.onTapGesture) on VStack#sheet does not recognize, through the touch"
            ), "\(output)")
        #expect(output.contains("  dismiss on sheet: .onTapGesture(…, including: .subviews) (its own gesture off)"), "\(output)")
    }

    @Test("pages: a carousel that stops between pages; isPagingEnabled is the fix, proven in every era")
    func pages() throws {
        let session = try Self.recorded(
            #"""
            {"format": "touchscope.scene", "version": 1, "name": "pages", "window": {"width": 390, "height": 844},
             "views": [{"kind": "scrollView", "id": "carousel", "frame": [0, 100, 390, 300], "contentSize": [1170, 300]}]}
            """#, script: #"[{"drag": {"from": [300, 250], "to": [120, 250], "duration": 0.6, "steps": 12}}, {"wait": 1}]"#)
        let (status, output) = try runTouchscope(["why", session.path, "--goal", "pages=carousel"])
        #expect(status == 0, "\(output)")
        #expect(
            output.contains(
                "  carousel.isPagingEnabled = true (it settles on a page at lift)\n    → UIScrollView#carousel comes to rest on a page at"),
            "\(output)")
        #expect(output.contains("    eras: holds in every era"), "\(output)")
    }

    @Test(
        "recognizes on a gesture the tap went beside: the first touch that misses it is asked about, and moving the gesture to the view around it is proven"
    )
    func moveToParent() throws {
        let session = try Self.recorded(
            #"""
            {"format": "touchscope.scene", "version": 1, "name": "move", "window": {"width": 390, "height": 844},
             "views": [{"kind": "hosting", "id": "host", "frame": [0, 0, 390, 844],
               "content": {"view": "vstack", "id": "card", "frame": [0, 100, 390, 200], "contentShape": "rectangle", "alignment": "leading",
                 "children": [{"view": "text", "id": "title", "frame": [0, 0, 100, 40],
                    "gestures": [{"modifier": "onTapGesture", "gesture": {"tap": {"count": 1}, "id": "open"}, "perform": [{"note": "open"}]}]}]}}]}
            """#, script: #"[{"tap": [300, 250]}, {"wait": 1}]"#)
        let (status, output) = try runTouchscope(["why", session.path, "--goal", "recognizes=open"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("the first that misses it is asked about"), "\(output)")
        #expect(!output.contains("none needed"), "\(output)")
        #expect(output.contains("  open: move .onTapGesture(…) from title to card, the view around it\n    → "), "\(output)")
    }
}
