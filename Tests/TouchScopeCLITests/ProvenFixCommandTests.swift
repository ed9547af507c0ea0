import Foundation
import Testing
import TouchTestSupport

/// `why` ends its answer with fixes it re-ran.
@Suite("why: proven fixes (CLI)")
struct ProvenFixCommandTests {
    @Test("why --recognizer on a prevented swipe lists the carousel.pan fix, in text and JSON; why --recognizer carousel.pan finds the built-in")
    func recognizerFixes() throws {
        let directory = try scratchDirectory()
        let scene = directory.appendingPathComponent("carousel.json")
        try write(
            #"""
            {"format":"touchscope.scene","version":1,"name":"carousel","window":{"width":300,"height":600},"views":[
              {"kind":"scrollView","id":"carousel","frame":[0,0,300,600],"contentSize":[300,2000],
               "subviews":[{"kind":"view","id":"card","frame":[20,100,260,300],
                 "recognizers":[{"kind":"swipe","id":"dismissSwipe","direction":["up"]}]}]}]}
            """#, to: scene)
        let script = directory.appendingPathComponent("swipe.json")
        try write(#"[{"swipe": {"from": [150, 350], "direction": "up", "distance": 200, "speed": 2000}}]"#, to: script)
        let session = directory.appendingPathComponent("swipe.session").path
        #expect(try runTouchscope(["record", scene.path, script.path, "-o", session]).0 == 0)
        let (status, text) = try runTouchscope(["why", session, "--recognizer", "dismissSwipe"])
        #expect(status == 0, "\(text)")
        #expect(text.contains("Fixes (each applied to a copy of the scene and re-run"))
        #expect(
            text.contains("  carousel.panGestureRecognizer.require(toFail: dismissSwipe)\n    → UISwipeGestureRecognizer#dismissSwipe recognizes at"))
        let (_, json) = try runTouchscope(["why", session, "--recognizer", "dismissSwipe", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let fixes = try #require(object["fixes"] as? [String: Any])
        let proven = try #require(fixes["proven"] as? [[String: Any]])
        #expect(proven.contains { $0["change"] as? String == "carousel.panGestureRecognizer.require(toFail: dismissSwipe)" })
        let (builtIn, builtInText) = try runTouchscope(["why", session, "--recognizer", "carousel.pan"])
        #expect(builtIn == 0)
        #expect(builtInText.hasPrefix("UIScrollViewPanGestureRecognizer@UIScrollView#carousel:"), "\(builtInText)")
        #expect(builtInText.contains("Fixes: none needed"))
    }

    @Test("a simulated tap with --view ends with the fix that re-runs to the goal; the enlarged hit area that does not is not shown")
    func simulatedFixes() throws {
        let (status, text) = try runTouchscope(["why", "bug-transparent-overlay", "--at", "195,280", "--gesture", "tap", "--view", "covered"])
        #expect(status == 0, "\(text)")
        #expect(text.contains("Fixes (each applied to a copy of the scene and re-run; UIButton#covered gets finger 1's whole touch):"))
        #expect(text.contains("  overlay.isUserInteractionEnabled = false (it takes the touch meant for covered)\n    → UIButton#covered gets"))
        #expect(!text.contains("enlarge"))
        let (_, json) = try runTouchscope(["why", "bug-transparent-overlay", "--at", "195,280", "--gesture", "tap", "--view", "covered", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["touches"] as? [Any])?.count == 1)
        #expect(((object["fixes"] as? [String: Any])?["proven"] as? [Any])?.count == 1)
    }

    @Test("why --at --view without --gesture ends with the fixes for a tap there; a view the tap already reaches needs none")
    func tapFixes() throws {
        let (status, text) = try runTouchscope(["why", "bug-transparent-overlay", "--at", "195,280", "--view", "covered"])
        #expect(status == 0, "\(text)")
        #expect(text.contains("What a tap there does, for UIButton#covered"))
        #expect(text.contains("  overlay.isUserInteractionEnabled = false (it takes the touch meant for covered)"))
        let (_, reached) = try runTouchscope(["why", "bug-transparent-overlay", "--at", "195,280", "--view", "overlay"])
        #expect(reached.contains("Fixes: none needed (UIView#overlay gets finger 1's whole touch already)."), "\(reached)")
    }
}
