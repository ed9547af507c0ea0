import Foundation
import Testing
import TouchTestSupport

/// A scroll view's `touchesShouldCancel(in:)` in a scene, and as a proven fix: a custom view in a
/// scroll view loses its drag to the scroll; the override keeps it for that view alone.
@Suite("touchesShouldCancel(in:) in scenes and fixes")
struct TouchesShouldCancelTests {
    static func scene(behaviour: String = "") -> String {
        """
        {"format": "touchscope.scene", "version": 1, "name": "knob", "window": {"width": 390, "height": 844},
         "views": [{"kind": "scrollView", "id": "list", "frame": [0, 0, 390, 600], "contentSize": [390, 2000], "delaysContentTouches": false\(behaviour),
           "subviews": [{"kind": "view", "id": "knob", "frame": [50, 50, 290, 100]}]}]}
        """
    }

    @Test(
        "the drag on the knob scrolls and cancels it; why finds and proves the override for the knob alone; the override in the scene keeps the drag")
    func fixAndBehaviour() throws {
        let folder = try scratchDirectory()
        try write(Self.scene(), to: folder.appendingPathComponent("scene.json"))
        try write(#"[{"drag": {"from": [100, 100], "to": [100, 300], "duration": 0.3, "steps": 10}}]"#, to: folder.appendingPathComponent("s.json"))
        #expect(try runTouchscope(["record", "scene.json", "s.json", "-o", "s.session"], workingDirectory: folder).0 == 0)
        let (status, output) = try runTouchscope(["why", "s.session", "--finger", "1", "--view", "knob"], workingDirectory: folder)
        #expect(status == 0, "\(output)")
        #expect(output.contains("list: override touchesShouldCancel(in:) to return false for knob"), "\(output)")
        #expect(output.contains("→ UIView#knob gets finger 1's whole touch"), "\(output)")
        // Written in the scene, the override keeps the knob's touch and nothing scrolls.
        try write(
            Self.scene(behaviour: #", "behaviours": [{"kind": "touchesShouldCancel", "answer": {"not": {"touchView": ["knob"]}}}]"#),
            to: folder.appendingPathComponent("fixed.json"))
        #expect(try runTouchscope(["validate", "fixed.json"], workingDirectory: folder).0 == 0)
        let (_, trace) = try runTouchscope(["trace", "s.session", "--scene", "fixed.json"], workingDirectory: folder)
        #expect(trace.contains("touchesShouldCancel(in:) answered false: no scroll"), "\(trace)")
        let timeline = trace.split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(timeline.contains { $0.contains("touchesEnded") && $0.contains("UIView#knob") }, "\(trace)")
        #expect(!timeline.contains { $0.contains("touchesCancelled") }, "\(trace)")
    }
}
