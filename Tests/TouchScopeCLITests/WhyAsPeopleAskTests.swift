import Foundation
import Testing
import TouchTestSupport

/// Questions as people ask them: `why SESSION --view V` with no finger answers about the touches
/// that concern V; `why SESSION --recognizer R` explains the first touch R missed (a later one it
/// recognized does not make the fix "none needed"), lists the touches it saw, and collapses its
/// runs of `changed`.
@Suite("why, asked as people ask")
struct WhyAsPeopleAskTests {
    static let goldens = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens")

    @Test("--view without --finger: the touches that concern the view, the first that missed it explained, with proven fixes")
    func viewWithoutFinger() throws {
        let (status, output) = try runTouchscope([
            "why", Self.goldens.appendingPathComponent("bug-transparent-overlay.session").path, "--view", "covered",
        ])
        #expect(status == 0, "\(output)")
        #expect(output.hasPrefix("Touches that concern UIButton#covered:"), "\(output)")
        #expect(
            output.contains("finger 1 at 0.000000 s: went to UIView#overlay at its place; it did not get the whole touch  <- explained below"),
            "\(output)")
        #expect(output.contains("overlay.isUserInteractionEnabled = false"), "\(output)")
        let (missing, text) = try runTouchscope([
            "why", Self.goldens.appendingPathComponent("bug-transparent-overlay.session").path, "--view", "nowhere",
        ])
        #expect(missing == 2, "\(text)")
    }

    @Test("--recognizer: the first touch it missed is explained and fixed, every touch it saw is listed, changes are collapsed")
    func recognizerFirstMiss() throws {
        let session = Self.goldens.appendingPathComponent("swiftui-drag-in-scrollview.session").path
        let (status, output) = try runTouchscope(["why", session, "--recognizer", "feed.pan"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("finger 1 at 0.000000 s: did not recognize  <- the fixes below are for this touch"), "\(output)")
        #expect(output.contains("finger 2 at 1.700000 s: recognized"), "\(output)")
        #expect(!output.contains("none needed"), "\(output)")
        #expect(output.contains(".simultaneousGesture(…) instead of .gesture(…)"), "\(output)")
        #expect(output.contains("changed 9 times as the fingers moved"), "\(output)")
        #expect(!output.contains("changed -> changed"), "\(output)")
    }
}

/// `why --finger` on a control's touch lifted outside its bounds says how far, and which side of
/// the tracking margin decided.
@Suite("why and the control tracking margin")
struct WhyTrackingMarginTests {
    @Test("lifted 60 pt outside: inside the margin, touchUpInside; 136 pt outside: beyond it, touchUpOutside")
    func margin() throws {
        let folder = try scratchDirectory()
        try write(
            #"{"format": "touchscope.scene", "version": 1, "name": "pay", "window": {"width": 390, "height": 844}, "views": [{"kind": "button", "id": "pay", "title": "Pay", "frame": [100, 300, 190, 44], "actions": [{"on": ["touchUpInside"], "do": [{"note": "paid"}]}]}]}"#,
            to: folder.appendingPathComponent("scene.json"))
        try write(
            #"[{"down": [150, 320], "finger": "a"}, {"move": [150, 404], "finger": "a", "duration": 0.2, "steps": 4}, {"up": "a"}, {"wait": 0.5}, {"down": [150, 320], "finger": "b"}, {"move": [150, 480], "finger": "b", "duration": 0.2, "steps": 4}, {"up": "b"}]"#,
            to: folder.appendingPathComponent("s.json"))
        #expect(try runTouchscope(["record", "scene.json", "s.json", "-o", "s.session"], workingDirectory: folder).0 == 0)
        let (_, first) = try runTouchscope(["why", "s.session", "--finger", "1"], workingDirectory: folder)
        #expect(
            first.contains(
                "UIButton#pay: lifted 60.00 pt outside its bounds, inside the 70.00 pt tracking margin, so it counts as inside: touchUpInside"),
            "\(first)")
        let (_, second) = try runTouchscope(["why", "s.session", "--finger", "2"], workingDirectory: folder)
        #expect(second.contains("lifted 136.00 pt outside its bounds, beyond the 70.00 pt tracking margin: touchUpOutside"), "\(second)")
    }
}
