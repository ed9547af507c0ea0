import Foundation
import Testing
import TouchTestSupport

@Suite("touchscope why")
struct WhyCommandTests {
    @Test(
        "each bug scene's answer names the view that blocks and the rule",
        arguments: [
            (
                ["bug-transparent-overlay", "--at", "195,280", "--view", "covered"],
                [
                    "goes to UIView#overlay.", "Why not UIButton#covered?", "It is covered: UIView#overlay is in front of it and takes the touch.",
                    "A clear background does not let touches through.",
                ]
            ),
            (
                ["bug-child-outside-parent", "--at", "200,240", "--view", "badge"],
                [
                    "goes to UIWindow.", "Why not UIButton#badge?", "the point is outside its superview UIView#parent's bounds",
                    "clipsToBounds does not change this",
                ]
            ),
            (
                ["bug-parent-tap-steals-control", "--at", "80,215", "--view", "customControl"],
                [
                    "goes to UIControl#customControl.", "UIControl#customControl takes the touch (the hit view).",
                    "UITapGestureRecognizer#cardTap recognized and took the touch away (cancelsTouchesInView): it got touchesCancelled",
                    "UIControl#customControl fired touchDown, touchCancel",
                ]
            ),
            (
                ["bug-parent-tap-steals-control", "--at", "260,215", "--view", "button"],
                ["UIButton#button takes the touch (the hit view).", "UIButton#button fired touchDown, touchUpInside, primaryActionTriggered"]
            ),
            (
                ["bug-transparent-overlay", "--at", "195,580", "--view", "inertOverlay"],
                ["goes to UIButton#fixed.", "Why not UIView#inertOverlay?", "It is skipped: isUserInteractionEnabled is false."]
            ),
        ])
    func bugScenes(arguments: [String], lines: [String]) throws {
        let (status, output) = try runTouchscope(["why"] + arguments)
        #expect(status == 0, "\(output)")
        for line in lines { #expect(output.contains(line), "missing \(line) in\n\(output)") }
    }

    @Test("--json names every view with a verdict kind; a view that does not exist is an input error")
    func json() throws {
        let (status, output) = try runTouchscope(["why", "bug-transparent-overlay", "--at", "195,280", "--view", "covered", "--json"])
        #expect(status == 0, "\(output)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(object["hitView"] as? String == "UIView#overlay")
        let views = try #require(object["views"] as? [[String: Any]])
        #expect(views.map { $0["view"] as? String } == ["UIView#overlay", "UIButton#covered", "UIWindow"])
        #expect(views.compactMap { ($0["verdict"] as? [String: Any])?["kind"] as? String } == ["hit", "covered", "passesToSubview"])
        let (missing, text) = try runTouchscope(["why", "bug-transparent-overlay", "--at", "1,1", "--view", "nope"])
        #expect(missing == 2)
        #expect(text.contains("no view has the id or name \"nope\""))
    }

    @Test("asked of a session at a time, the scene is as the session leaves it then")
    func atSessionTime() throws {
        // The floating menu opens on the first tap (at 0.5 s); before it, the menu rows are hidden.
        let session = repositoryRoot.appendingPathComponent("Scenes/sessions/floating-menu.session").path
        let (before, early) = try runTouchscope(["why", "--session", session, "--time", "0", "--at", "300,690"])
        let (after, late) = try runTouchscope(["why", "--session", session, "--at", "300,690"])
        #expect(before == 0 && after == 0, "\(early)\n\(late)")
        #expect(early.contains("at 0.000000 s of the session"))
        #expect(early != late)
    }

    @Test(
        "bad points and times are usage errors",
        arguments: [
            ["why", "kitchen-sink", "--at", "12"], ["why", "kitchen-sink", "--at", "nan,3"], ["why", "kitchen-sink", "--at", "1,1", "--time", "2"],
        ])
    func usage(arguments: [String]) throws {
        #expect(try runTouchscope(arguments).0 == 64)
    }
}
