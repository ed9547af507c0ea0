import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchTestSupport

@Suite("check --eras: each session in every era, as information")
struct CheckErasTests {
    @Test("a SwiftUI drag in a scroll view changes between every pair of eras; a button in a card only before the iOS 18 SDK; nothing fails")
    func eras() throws {
        let folder = try scratchDirectory()
        let goldens = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens")
        for name in ["swiftui-drag-in-scrollview", "swiftui-button-in-card"] {
            for suffix in [".session", ".session.golden"] {
                try FileManager.default.copyItem(
                    at: goldens.appendingPathComponent(name + suffix), to: folder.appendingPathComponent(name + suffix))
            }
        }
        let report = folder.appendingPathComponent("report.json")
        let (status, output) = try runTouchscope(
            ["check", "--eras", "--record", "never", "--ordered", "--reporter", "line,json:\(report.path)"], workingDirectory: folder)
        #expect(status == 0, "\(output)")
        #expect(
            output.contains(
                "eras ios17 -> ios18: 4 outcomes differ (first at input 2, session line 6)\n       eras ios18 -> ios26: the same outcomes"),
            "\(output)")
        #expect(output.contains("eras ios18 -> ios26: 9 outcomes differ (first at input 14, session line 21)"), "\(output)")
        let value = try JSONParser.parse(Array(try Data(contentsOf: report)))
        guard case .array(let sessions)? = value["sessions"]?.kind, case .array(let steps)? = sessions.first?["eras"]?.kind else {
            Issue.record("no eras in the JSON report")
            return
        }
        #expect(steps.first?["differ"] == .number(4))
        let (_, plain) = try runTouchscope(["check", "--record", "never"], workingDirectory: folder)
        #expect(!plain.contains("eras "), "only with --eras")
    }

    @Test("check --eras and why --touch N --eras on the pass-through toast window: the rules at the decision, and the fix that holds in every era")
    func passThroughWindow() throws {
        let folder = try scratchDirectory()
        let sessions = repositoryRoot.appendingPathComponent("Scenes/sessions")
        for suffix in [".session", ".session.golden"] {
            try FileManager.default.copyItem(
                at: sessions.appendingPathComponent("swiftui-pass-through-window" + suffix),
                to: folder.appendingPathComponent("toast" + suffix))
        }
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("Scenes/swiftui-pass-through-window.json"),
            to: folder.appendingPathComponent("swiftui-pass-through-window.json"))
        let report = folder.appendingPathComponent("report.json")
        let (status, output) = try runTouchscope(
            ["check", "--eras", "--record", "never", "--reporter", "line,json:\(report.path)"], workingDirectory: folder)
        #expect(status == 0, "\(output)")
        #expect(
            output.contains(
                "eras ios17 -> ios18: 3 outcomes differ (first at input 1, session line 4; at the decision: swiftui.hostingView.answer.ios17, swiftui.hostingView.answer.ios18)"
            ),
            "\(output)")
        #expect(
            output.contains("eras: a fix that holds in every era: toastWindow.hitTest: return nil where rootViewController.view.layer"), "\(output)")
        let value = try JSONParser.parse(Array(try Data(contentsOf: report)))
        guard case .array(let results)? = value["sessions"]?.kind, case .array(let fixes)? = results.first?["eraFixes"]?.kind else {
            Issue.record("no eraFixes in the JSON report")
            return
        }
        #expect(fixes.count >= 1)
        let session = folder.appendingPathComponent("toast.session").path
        let (_, why) = try runTouchscope(["why", session, "--touch", "1", "--eras"])
        #expect(why.contains("ios18:\n  * UIWindow got finger 1") && why.contains("the hosting view #toastHost got finger 1"), "\(why)")
        #expect(why.contains("a fix that holds in every era") && why.contains("passThroughOnNamedLayer"), "\(why)")
        let (_, json) = try runTouchscope(["why", session, "--touch", "1", "--eras", "--json"])
        #expect(json.contains("\"fixesForEveryEra\":[\"toastWindow.hitTest"), "\(json)")
    }

    @Test("why --touch N --eras: the drag on the simultaneous card scrolls the feed in ios18 and not in ios26 (release note 147970990)")
    func whyEras() throws {
        let session = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/swiftui-drag-in-scrollview.session").path
        let (status, output) = try runTouchscope(["why", session, "--touch", "2", "--eras", "--internals"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("ios18:\n  * _UIGestureRecognizerContainer#simultaneousCard got finger 2"), "\(output)")
        #expect(
            output.contains(
                "ios26:\n  * _UIGestureRecognizerContainer#simultaneousCard got finger 2\n  * SwiftUI.UIKitResponderGestureRecognizer#fixedDrag: began … ended\n    UIScrollViewDelayedTouchesRecognizer@UIScrollView#feed: failed\n  * UIScrollViewPanGestureRecognizer@UIScrollView#feed: failed"
            ), "\(output)")
        #expect(output.contains("* differs between eras.\n"))
        // The drag in a scroll view flips with the SDK; no change TouchScope knows holds in every era.
        let none = "no change TouchScope knows gives every era the outcomes of ios18 (the scene's era); each candidate was re-run in every era\n"
        #expect(output.hasSuffix(none), "\(output)")
        let (_, json) = try runTouchscope(["why", session, "--touch", "2", "--eras", "--json"])
        let value = try JSONParser.parse(Array(json.utf8))
        #expect(value["eras"]?["ios26"]?["recognizers"]?["UIScrollViewPanGestureRecognizer@UIScrollView#feed"] == .string("failed"))
        let (bad, badOutput) = try runTouchscope(["why", session, "--eras"])
        #expect(bad == 64, "\(badOutput)")
    }

    @Test(
        "why answers a SwiftUI session in SwiftUI's words by default (Rectangle#card, DragGesture #drag (.gesture) on …, ScrollView#feed's pan); --internals and JSON keep UIKit's side's names"
    )
    func swiftUIWords() throws {
        let session = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/swiftui-drag-in-scrollview.session").path
        let (_, words) = try runTouchscope(["why", session, "--touch", "1"])
        #expect(words.contains("hit view: Rectangle#gestureCard"), "\(words)")
        #expect(words.contains("DragGesture #cardDrag (.gesture) on Rectangle#gestureCard: recognized"))
        #expect(words.contains("ScrollView#feed's pan: failed"))
        for name in [
            "_UIGestureRecognizerContainer", "SwiftUI.UIKitResponderGestureRecognizer", "_UIHostingView", "UIScrollViewPanGestureRecognizer",
        ] {
            #expect(!words.contains(name), "\(name) in the default answer")
        }
        let (_, internals) = try runTouchscope(["why", session, "--touch", "1", "--internals"])
        #expect(internals.contains("hit view: _UIGestureRecognizerContainer#gestureCard"))
        let (_, json) = try runTouchscope(["why", session, "--touch", "1", "--json"])
        #expect(json.contains("_UIGestureRecognizerContainer#gestureCard"), "JSON is for tools: the internal names")
    }

    @Test(
        "the HTML report and a generated test of a SwiftUI session say SwiftUI's words: no _UIGestureRecognizerContainer in the report, a comment with the words beside each asserted name"
    )
    func swiftUIWordsInReportAndTests() throws {
        let session = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/swiftui-button-in-card.session").path
        let folder = try scratchDirectory()
        let report = folder.appendingPathComponent("card.html")
        #expect(try runTouchscope(["export", session, "--html", report.path]).0 == 0)
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(!html.contains("_UIGestureRecognizerContainer"), "internal names stay out of the report")
        #expect(html.contains("TapGesture #openBroken (.highPriorityGesture) on ZStack#brokenCard"))
        let test = folder.appendingPathComponent("card.swift")
        #expect(try runTouchscope(["export", session, "--swift-test", "-o", test.path]).0 == 0)
        let source = try String(contentsOf: test, encoding: .utf8)
        // The assertion keeps the trace's name; the comment says it as SwiftUI does.
        #expect(source.contains(#".hit("_UIGestureRecognizerContainer#likeBroken"),  // Button#likeBroken"#), "\(source)")
    }
}
