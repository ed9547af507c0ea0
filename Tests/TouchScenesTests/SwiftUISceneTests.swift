import Foundation
import Testing
import TouchKit
import TouchSwiftUI
import TouchTestSupport

@testable import TouchScenes

/// SwiftUI trees in scenes: the format of docs/scene-format.md ("SwiftUI"), built and run.
@Suite("SwiftUI in scenes")
struct SwiftUISceneTests {
    static func scene(era: String = #"{"era": "ios18"}"#, _ content: String) -> String {
        #"""
        {"format": "touchscope.scene", "version": 1, "name": "swiftui", "swiftUI": \#(era), "window": {"width": 390, "height": 844},
         "views": [{"kind": "hosting", "id": "host", "frame": [0, 0, 390, 844], "content": \#(content)}]}
        """#
    }

    func load(_ json: String) throws -> LoadedScene {
        let description = try SceneDecoder.decode(data: Data(json.utf8), file: "s.json", defaultName: "s")
        return SceneBuilder.build(description, source: .file(path: "s.json", contentHash: "0"))
    }

    func notes(_ sim: TouchSimulator) -> [String] {
        sim.trace.entries.compactMap { if case .note(let text) = $0.event { text } else { nil } }
    }

    static let dragInScroll = #"""
        {"view": "scrollView", "id": "feed", "frame": [0, 0, 390, 844], "contentSize": [390, 3000],
         "children": [{"view": "rectangle", "id": "card", "frame": [0, 0, 390, 300],
           "gestures": [{"modifier": "gesture", "gesture": {"drag": {}, "id": "swipe", "onEnded": [{"note": "swiped {value}"}]}}]}]}
        """#

    @Test("the era decides the ScrollView and child DragGesture conflict: ios18 the drag, ios17 the scroll; sdk 18 on os 17 is ios17")
    func eras() throws {
        for (era, expectDrag) in [
            (#"{"era": "ios18"}"#, true), (#"{"era": "ios17"}"#, false), (#"{"sdk": 18, "os": 17}"#, false), (#"{"era": "ios26"}"#, true),
        ] {
            let scene = try load(Self.scene(era: era, Self.dragInScroll))
            let sim = scene.makeSimulator()
            sim.drag(from: CGPoint(x: 200, y: 200), to: CGPoint(x: 200, y: 60), duration: 0.2, steps: 10)
            sim.advance(by: 1)
            let scrolled = (scene.view("feed") as? UIScrollView)?.contentOffset.y ?? 0
            #expect(notes(sim) == (expectDrag ? ["swiped translation (0.00, -140.00)"] : []), "\(era): \(notes(sim))")
            #expect((scrolled > 0) == !expectDrag, "\(era): \(scrolled)")
        }
    }

    @Test("onTapGesture's perform, onLongPressGesture's onPressingChanged, the era in every swiftui entry")
    func modifiers() throws {
        let scene = try load(
            Self.scene(
                #"""
                {"view": "vstack", "frame": [0, 0, 390, 600], "spacing": 0, "children": [
                  {"view": "rectangle", "id": "a", "frame": [0, 0, 390, 300],
                   "gestures": [{"modifier": "onTapGesture", "gesture": {"tap": {"count": 1}}, "perform": [{"note": "tapped"}]}]},
                  {"view": "rectangle", "id": "b", "frame": [0, 0, 390, 300],
                   "gestures": [{"modifier": "onLongPressGesture", "gesture": {"longPress": {"minimumDuration": 0.5}},
                                 "perform": [{"note": "long pressed"}],
                                 "onPressingChanged": {"true": [{"note": "pressing"}], "false": [{"note": "released"}]}}]}]}
                """#))
        let sim = scene.makeSimulator()
        sim.tap(at: CGPoint(x: 100, y: 100))
        sim.advance(by: 1)
        sim.longPress(at: CGPoint(x: 100, y: 400), duration: 0.8)
        sim.advance(by: 1)
        #expect(notes(sim) == ["tapped", "pressing", "long pressed", "released"], "\(notes(sim))")
        let eras = sim.trace.entries.compactMap { entry -> String? in
            guard case .layer(let event) = entry.event, event.layer == "swiftui" else { return nil }
            return event.fields.first { $0.name == "era" }?.value
        }
        #expect(!eras.isEmpty && eras.allSatisfy { $0 == "ios18" })
    }

    @Test(
        "a List row's automatic Buttons fire together on a tap anywhere in the row; an onTapGesture on the row swallows them; borderless ones fire alone"
    )
    func listRows() throws {
        func run(_ row: String, x: CGFloat = 50) throws -> [String] {
            let scene = try load(Self.scene(#"{"view": "list", "id": "list", "frame": [0, 0, 390, 844], "rows": [\#(row)]}"#))
            let sim = scene.makeSimulator()
            sim.tap(at: CGPoint(x: x, y: 22))
            sim.advance(by: 1)
            return notes(sim)
        }
        let buttons = #"""
            {"view": "button", "id": "like", "frame": [0, 0, 100, 44], "action": [{"note": "like"}]},
            {"view": "button", "id": "share", "frame": [0, 0, 100, 44], "action": [{"note": "share"}]}
            """#
        #expect(try run(#"{"view": "hstack", "frame": [0, 0, 390, 44], "children": [\#(buttons)]}"#) == ["like", "share"])
        #expect(try run(#"{"view": "hstack", "frame": [0, 0, 390, 44], "children": [\#(buttons)]}"#, x: 300) == ["like", "share"], "the whole row")
        #expect(
            try run(
                #"{"view": "hstack", "frame": [0, 0, 390, 44], "gestures": [{"modifier": "onTapGesture", "perform": [{"note": "row tapped"}]}], "children": [\#(buttons)]}"#
            ) == ["row tapped"])
        let borderless = buttons.replacingOccurrences(
            of: #""frame": [0, 0, 100, 44], "action""#, with: #""frame": [0, 0, 100, 44], "buttonStyle": "borderless", "action""#)
        #expect(try run(#"{"view": "hstack", "frame": [0, 0, 390, 44], "children": [\#(borderless)]}"#) == ["like"])
        #expect(try run(#"{"view": "hstack", "frame": [0, 0, 390, 44], "children": [\#(borderless)]}"#, x: 300) == [])
    }

    @Test("a named SwiftUI gesture may be required to fail by a UIKit recognizer (ios18)")
    func uikitRequiresSwiftUIGesture() throws {
        let json = #"""
            {"format": "touchscope.scene", "version": 1, "swiftUI": {"era": "ios18"}, "window": {"width": 390, "height": 844},
             "views": [{"kind": "view", "id": "outer", "frame": [0, 0, 390, 844],
               "recognizers": [{"kind": "tap", "id": "outerTap", "requireToFail": ["zoom"], "do": [{"note": "outer tap"}]}],
               "subviews": [{"kind": "hosting", "id": "host", "frame": [0, 0, 390, 844],
                 "content": {"view": "rectangle", "id": "photo", "frame": [0, 0, 390, 400],
                   "gestures": [{"modifier": "gesture", "name": "zoom", "gesture": {"tap": {"count": 2}}, "perform": [{"note": "zoomed"}]}]}}]}]}
            """#
        let scene = try load(json)
        #expect(scene.runtime?.recognizer("zoom") != nil)
        let sim = scene.makeSimulator()
        sim.tap(at: CGPoint(x: 100, y: 100), count: 2)
        sim.advance(by: 1)
        #expect(notes(sim) == ["zoomed"], "\(notes(sim))")
    }

    @Test("encoded and decoded again, the tree is the same")
    func roundTrip() throws {
        let json = Self.scene(
            #"""
            {"view": "zstack", "id": "z", "frame": [0, 0, 390, 844], "children": [
              {"view": "circle", "id": "dot", "frame": [0, 0, 100, 100], "modifiers": [
                 {"contentShape": "rectangle"}, {"opacity": 0.5},
                 {"modifier": "highPriorityGesture", "including": "gesture", "name": "hp",
                  "gesture": {"exclusively": [{"tap": {"count": 2}, "id": "two"}, {"longPress": {"minimumDuration": 1}}], "onEnded": [{"note": "x {value}"}]}},
                 {"overlay": {"view": "text", "id": "caption", "frame": [0, 0, 100, 20]}}]}]}
            """#)
        let description = try SceneDecoder.decode(data: Data(json.utf8), file: "a.json", defaultName: "a")
        let again = try SceneDecoder.decode(data: Data(SceneEncoder.json(description).utf8), file: "b.json", defaultName: "a")
        #expect(again == description)
    }

    @Test("validate locates what is wrong in a SwiftUI tree")
    func errors() {
        func problems(_ content: String, era: String = #"{"era": "ios18"}"#) -> [String] {
            do {
                _ = try SceneDecoder.decode(data: Data(Self.scene(era: era, content).utf8), file: "bad.json", defaultName: "bad")
                return []
            } catch { return error.issues.map { "\($0.path): \($0.message)" } }
        }
        #expect(
            problems(#"{"view": "vstak"}"#).contains { $0.contains("content.view") && $0.contains("unknown SwiftUI view") },
            "\(problems(#"{"view": "vstak"}"#))")
        #expect(problems(#"{"view": "rectangle"}"#, era: #"{"era": "ios19"}"#).contains { $0.contains("swiftUI.era") })
        #expect(
            problems(#"{"view": "rectangle", "gestures": [{"modifier": "onTapGesture", "gesture": {"drag": {}}}]}"#).contains {
                $0.contains("gestures[0].gesture") && $0.contains("onTapGesture takes a tap")
            })
        #expect(
            problems(#"{"view": "rectangle", "gestures": [{"modifier": "gesture", "gesture": {"tap": {}, "drag": {}}}]}"#).contains {
                $0.contains("exactly one")
            })
        #expect(
            problems(#"{"view": "rectangle", "gestures": [{"modifier": "gesture", "including": "some", "gesture": {"tap": {}}}]}"#).contains {
                $0.contains("unknown mask")
            })
        #expect(
            problems(#"{"view": "rectangle", "opacity": 0.5, "modifiers": [{"zIndex": 1}]}"#).contains { $0.contains("flat or in \"modifiers\"") })
        #expect(
            problems(#"{"view": "rectangle", "gestures": [{"modifier": "gesture", "gesture": {"sequenced": [{"tap": {}}]}}]}"#).contains {
                $0.contains("exactly two")
            })
    }
}
