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
