import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchScenes

/// Navigation controllers and the system gesture gate, written in a scene.
@Suite("Navigation and the system gesture gate in scenes")
struct NavigationSceneTests {
    static func scene(window: String = "", pop: String = "", deferring: String = "", extra: String = "") -> String {
        #"""
        {"format": "touchscope.scene", "version": 1, "name": "nav", "window": {"width": 390, "height": 844\#(window)},
         "rootViewController": {"kind": "navigationController", "id": "nav"\#(pop),
           "viewControllers": [
             {"id": "list", "view": {"kind": "view", "id": "listView", "frame": [0, 0, 390, 844]}},
             {"id": "detail"\#(deferring), "view": {"kind": "view", "id": "detailView", "frame": [0, 0, 390, 844], "subviews": [
               {"kind": "scrollView", "id": "strip", "frame": [0, 100, 390, 200], "contentSize": [2000, 200]\#(extra)},
               {"kind": "button", "id": "buy", "title": "Buy", "frame": [0, 780, 390, 64],
                "actions": [{"on": ["touchDown"], "do": [{"note": "buy down"}]}]}]}}]}}
        """#
    }

    func load(_ json: String) throws -> LoadedScene {
        let description = try SceneDecoder.decode(data: Data(json.utf8), file: "nav.json", defaultName: "nav")
        return SceneBuilder.build(description, source: .file(path: "nav.json", contentHash: "0"))
    }

    func notes(_ sim: TouchSimulator) -> [String] {
        sim.trace.entries.compactMap { if case .note(let text) = $0.event { text } else { nil } }
    }

    @Test(
        "a scene's era is the app's: \"era\": \"ios26\" gives the navigation controller its content pop, ios18 does not; the encoder writes it back")
    func eraInScene() throws {
        for era in ["ios18", "ios26"] {
            let json = Self.scene().replacingOccurrences(of: #""name": "nav","#, with: #""name": "nav", "era": "\#(era)","#)
            let scene = try load(json)
            #expect(scene.sceneDescription?.era?.rawValue == era)
            let again = try SceneDecoder.decode(
                data: Data(SceneEncoder.json(try #require(scene.sceneDescription)).utf8), file: "a.json", defaultName: "nav")
            #expect(again == scene.sceneDescription)
            let navigation = try #require(scene.window.rootViewController as? UINavigationController)
            let sim = scene.makeSimulator()
            sim.drag(from: CGPoint(x: 150, y: 500), to: CGPoint(x: 380, y: 500), duration: 0.3, steps: 10)
            #expect(navigation.viewControllers.count == (era == "ios26" ? 1 : 2), "\(era)")
        }
        #expect(throws: SceneLoadError.self) {
            _ = try SceneDecoder.decode(
                data: Data(Self.scene().replacingOccurrences(of: #""name": "nav","#, with: #""name": "nav", "era": "ios19","#).utf8), file: "b.json",
                defaultName: "nav")
        }
    }

    @Test("the stack shows its top; a swipe from the left edge pops it; nav.pop is addressable and traced as such")
    func pops() throws {
        let scene = try load(Self.scene(pop: #", "builtInRecognizers": {"pop": {"on": ["ended"], "do": [{"note": "popped by swipe"}]}}"#))
        let navigation = try #require(scene.window.rootViewController as? UINavigationController)
        #expect(navigation.viewControllers.count == 2)
        #expect(scene.view("strip") != nil)
        let pop = try #require(scene.runtime?.recognizer("nav.pop"))
        #expect(pop === navigation.interactivePopGestureRecognizer)
        #expect(pop.addressableID == "nav.pop")
        #expect(BuiltInRecognizerIDs.id(traceName: pop.traceName) == "nav.pop")
        let sim = scene.makeSimulator()
        sim.drag(from: CGPoint(x: 5, y: 500), to: CGPoint(x: 320, y: 500), duration: 0.3, steps: 10)
        #expect(navigation.viewControllers.count == 1)
        #expect(notes(sim) == ["popped by swipe"])
        #expect(
            sim.trace.lines.contains {
                $0.contains("nav      UINavigationController(#nav): pop popped=UIViewController(#detailView) top=UIViewController(#listView)")
            }, "\(sim.trace.lines.suffix(5))")
    }

    @Test("disabled in the scene, the pop gesture does nothing; a content recognizer may require it to fail")
    func settings() throws {
        let disabled = try load(Self.scene(pop: #", "builtInRecognizers": {"pop": {"enabled": false}}"#))
        let sim = disabled.makeSimulator()
        sim.drag(from: CGPoint(x: 5, y: 500), to: CGPoint(x: 320, y: 500), duration: 0.3, steps: 10)
        #expect((disabled.window.rootViewController as? UINavigationController)?.viewControllers.count == 2)
        let linked = try load(Self.scene(extra: #", "builtInRecognizers": {"pan": {"requireToFail": ["nav.pop"]}}"#))
        #expect(linked.runtime?.recognizer("strip.pan") != nil)
    }

    @Test("the gate holds a bottom button's touchDown until the lift; deferring the bottom edge delivers it at once")
    func gate() throws {
        let held = try load(Self.scene(window: #", "systemGestureGate": true"#))
        #expect(held.window.isSystemGestureGateEnabled)
        var sim = held.makeSimulator()
        sim.tap(at: CGPoint(x: 195, y: 830), holdDuration: 0.05)
        let heldDown = sim.trace.entries.first { if case .note("buy down") = $0.event { true } else { false } }
        #expect(heldDown?.micros == 50_000)
        let deferred = try load(
            Self.scene(window: #", "systemGestureGate": true"#, deferring: #", "preferredScreenEdgesDeferringSystemGestures": ["bottom"]"#))
        sim = deferred.makeSimulator()
        sim.tap(at: CGPoint(x: 195, y: 830), holdDuration: 0.05)
        let at = sim.trace.entries.first { if case .note("buy down") = $0.event { true } else { false } }
        #expect(at?.micros == 0)
    }

    @Test("the encoder writes what the decoder reads")
    func roundTrip() throws {
        let json = Self.scene(
            window: #", "systemGestureGate": true"#, pop: #", "builtInRecognizers": {"pop": {"enabled": false}}"#,
            deferring: #", "preferredScreenEdgesDeferringSystemGestures": ["bottom", "left"]"#)
        let description = try SceneDecoder.decode(data: Data(json.utf8), file: "nav.json", defaultName: "nav")
        let again = try SceneDecoder.decode(data: Data(SceneEncoder.json(description).utf8), file: "again.json", defaultName: "nav")
        #expect(again == description)
    }

    @Test("validate locates what is wrong with a controller")
    func errors() throws {
        func problems(_ json: String) -> [String] {
            do {
                _ = try SceneDecoder.decode(data: Data(json.utf8), file: "bad.json", defaultName: "bad")
                return []
            } catch { return error.issues.map { "\($0.path): \($0.message)" } }
        }
        let head = #"{"format": "touchscope.scene", "version": 1, "window": {"width": 390, "height": 844}, "rootViewController": "#
        #expect(
            problems(head + #"{"kind": "navigationController", "view": {"kind": "view", "frame": [0,0,1,1]}}}"#).contains {
                $0.contains("rootViewController.view") && $0.contains("UIKit's")
            })
        #expect(problems(head + #"{"kind": "navigationController", "viewControllers": []}}"#).contains { $0.contains("viewControllers") })
        #expect(
            problems(head + #"{"kind": "tabBarController", "view": {"kind": "view", "frame": [0,0,1,1]}}}"#).contains {
                $0.contains("unknown controller kind")
            })
        #expect(
            problems(head + #"{"view": {"kind": "view", "frame": [0,0,1,1]}, "viewControllers": []}}"#).contains {
                $0.contains("belongs to a navigation controller")
            })
        #expect(
            problems(
                head
                    + #"{"kind": "navigationController", "viewControllers": [{"view": {"kind": "view", "frame": [0,0,1,1]}}], "builtInRecognizers": {"pan": {}}}}"#
            ).contains {
                $0.contains("builtInRecognizers") && $0.contains("pan")
            })
    }
}
