import Foundation
import Testing
import TouchTestSupport

/// `why SESSION --finger N` and `--recognizer ID`: the recorded touch, from the session's trace.
@Suite("why on a recorded touch or recognizer")
struct WhyRecordedTests {
    static let session = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/bug-parent-tap-steals-control.session").path

    @Test("--finger names the recognizer that took the touch, when and why, and what the control got")
    func finger() throws {
        let (status, output) = try runTouchscope(["why", Self.session, "--finger", "1"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("hit view: UIControl#customControl"))
        #expect(output.contains("UITapGestureRecognizer#cardTap: recognized"))
        #expect(output.contains("possible -> ended: 1 tap of 1 finger"))
        #expect(output.contains("took the touch from UIControl#customControl (cancelsTouchesInView)"))
        #expect(
            output.contains(
                "UIControl#customControl: touchesBegan at 0.000000 s, touchesCancelled at 0.050000 s; cancelled by UITapGestureRecognizer#cardTap"))
    }

    @Test(
        "--finger on a SwiftUI session gives each gesture's phases under its own recognizer (ios18), or after the hosting view's one (ios17), with the era"
    )
    func swiftUIPhases() throws {
        let goldens = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens").path
        let (status, output) = try runTouchscope(["why", goldens + "/swiftui-drag-in-scrollview.session", "--finger", "1", "--internals"])
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        let own = try #require(lines.firstIndex { $0.hasPrefix("  SwiftUI.UIKitResponderGestureRecognizer#cardDrag: recognized") }, "\(output)")
        let phase = try #require(lines.firstIndex { $0.contains("swiftui #cardDrag (.gesture) on Rectangle#gestureCard: active") }, "\(output)")
        #expect(phase > own && lines[phase].hasSuffix("era ios18") && lines[phase].hasPrefix("    0.020000 s"))
        let (old, oldOutput) = try runTouchscope(["why", goldens + "/swiftui-drag-in-scrollview-ios17.session", "--finger", "1"])
        #expect(old == 0, "\(oldOutput)")
        #expect(oldOutput.contains("Layers built on the recognizers, during the touch:"), "\(oldOutput)")
        #expect(oldOutput.contains("swiftui #cardDrag (.gesture) on Rectangle#gestureCard: failed"), "\(oldOutput)")
        #expect(oldOutput.contains("cancelled by UIKit (another recognizer took the touch), era ios17"), "\(oldOutput)")
    }

    @Test("--view with --finger says what the recorded touch did to that view: the control lost it to the card's tap")
    func view() throws {
        let (status, output) = try runTouchscope(["why", Self.session, "--finger", "1", "--view", "customControl"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("For UIControl#customControl:"))
        #expect(output.contains("UIControl#customControl fired touchDown, touchCancel"), "\(output)")
        let (usage, _) = try runTouchscope(["why", Self.session, "--recognizer", "cardTap", "--view", "customControl"])
        #expect(usage == 64)
    }

    @Test("--view reads only this touch's entries: a recognizer that acts on a later touch of the session is not said to act on this one")
    func viewStaysWithTheTouch() throws {
        let kitchen = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/kitchen-sink.session").path
        let (status, output) = try runTouchscope(["why", kitchen, "--finger", "3", "--view", "taps"])
        #expect(status == 0, "\(output)")
        let focus = output.components(separatedBy: "For UIView#taps:").last ?? ""
        #expect(focus.contains("UITapGestureRecognizer#doubleTap recognized the gesture"), "\(focus)")
        #expect(!focus.contains("edgePan"), "\(focus)")
    }

    @Test("--recognizer by id tells its whole history; --json is JSON")
    func recognizer() throws {
        let (status, output) = try runTouchscope(["why", Self.session, "--recognizer", "cardTap"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("UITapGestureRecognizer#cardTap:"))
        #expect(output.contains("got finger 1's touch"))
        #expect(output.contains("actions ran for ended"))
        let (jsonStatus, json) = try runTouchscope(["why", Self.session, "--finger", "1", "--json"])
        #expect(jsonStatus == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["hitView"] as? String == "UIControl#customControl")
        let recognizers = object?["recognizers"] as? [[String: Any]]
        #expect(recognizers?.first?["outcome"] as? String == "ended")
    }

    @Test("a finger or recognizer the session lacks exits 2 naming what it has; --finger with --at is a usage error")
    func errors() throws {
        let (missing, text) = try runTouchscope(["why", Self.session, "--finger", "9"])
        #expect(missing == 2)
        #expect(text.contains("finger 9 never touched down in this session (fingers: 1"), "\(text)")
        let (unknown, names) = try runTouchscope(["why", Self.session, "--recognizer", "nope"])
        #expect(unknown == 2)
        #expect(names.contains("UITapGestureRecognizer#cardTap"), "\(names)")
        let (usage, _) = try runTouchscope(["why", Self.session, "--finger", "1", "--at", "10,10"])
        #expect(usage == 64)
        let (noSession, _) = try runTouchscope(["why", "menu", "--finger", "1"])
        #expect(noSession == 64)
    }
}
