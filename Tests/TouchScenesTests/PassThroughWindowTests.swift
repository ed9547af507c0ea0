import Foundation
import Testing
import TouchKit
import TouchSwiftUI
import TouchTestSupport

@testable import TouchScenes

/// Windows over the main one and the pass-through code people ship for them, era by era
/// (docs/scene-format.md, "Windows"): the topmost window whose hitTest returns a view gets the
/// touch, a hosting view takes its whole bounds, and what app code sees UIKit's hitTest return
/// over a hosting view changed with the iOS 18 and iOS 26 SDKs.
@Suite("Windows and pass-through code in every era")
struct PassThroughWindowTests {
    /// The app's Buy button at the bottom; over it a window at alert level whose root is `root`
    /// with the window's `behaviours`.
    static func scene(era: String, behaviours: String, root: String) -> String {
        #"""
        {"format": "touchscope.scene", "version": 1, "name": "pt", "era": "\#(era)", "window": {"width": 390, "height": 844},
         "views": [{"kind": "button", "id": "buy", "frame": [20, 700, 350, 60], "title": "Buy",
                    "actions": [{"on": ["touchUpInside"], "do": [{"note": "buy"}]}]}],
         "windows": [{"id": "overlay", "level": "alert", "behaviours": \#(behaviours), "root": \#(root)}]}
        """#
    }

    static let toast = #"""
        {"kind": "hosting", "id": "toastHost", "frame": [0, 0, 390, 844],
         "content": {"view": "zstack", "frame": [0, 0, 390, 844], "children": [
           {"view": "button", "id": "dismiss", "frame": [20, 60, 350, 80], "action": [{"note": "dismiss"}]}]}}
        """#

    static let uikitToast = #"""
        {"kind": "view", "id": "toastRoot", "frame": [0, 0, 390, 844], "subviews": [
          {"kind": "button", "id": "dismiss", "frame": [20, 60, 350, 80], "title": "Dismiss",
           "actions": [{"on": ["touchUpInside"], "do": [{"note": "dismiss"}]}]}]}
        """#

    func load(_ json: String) throws -> LoadedScene {
        let description = try SceneDecoder.decode(data: Data(json.utf8), file: "pt.json", defaultName: "pt")
        return SceneBuilder.build(description, source: .file(path: "pt.json", contentHash: "0"))
    }

    /// The notes of a tap on the toast's button, then of a tap on Buy under empty space.
    func outcomes(_ json: String) throws -> (toast: [String], buy: [String]) {
        let scene = try load(json)
        let sim = scene.makeSimulator()
        func notes(from start: Int) -> [String] {
            sim.trace.entries[start...].compactMap { if case .note(let text) = $0.event { text } else { nil } }
        }
        var start = sim.trace.count
        sim.tap(at: CGPoint(x: 195, y: 100))
        sim.advance(by: 0.5)
        let toast = notes(from: start)
        start = sim.trace.count
        sim.tap(at: CGPoint(x: 195, y: 730))
        sim.advance(by: 0.5)
        return (toast, notes(from: start))
    }

    @Test(
        "the pass-through window most apps ship (nil when the hit is the root view): works in ios17, loses its buttons in ios18, keeps empty space in ios26",
        arguments: [("ios17", ["dismiss"], ["buy"]), ("ios18", [], ["buy"]), ("ios26", [], [])])
    func rootComparison(era: String, toast: [String], buy: [String]) throws {
        let result = try outcomes(Self.scene(era: era, behaviours: #"[{"kind": "passThroughWhenHit", "views": ["root"]}]"#, root: Self.toast))
        #expect(result.toast == toast, "\(era)")
        #expect(result.buy == buy, "\(era)")
    }

    @Test("the layer test (layer.hitTest(point)?.name == nil keeps the touch) works in every era", arguments: ["ios17", "ios18", "ios26"])
    func layerTest(era: String) throws {
        let result = try outcomes(Self.scene(era: era, behaviours: #"[{"kind": "passThroughOnNamedLayer"}]"#, root: Self.toast))
        #expect(result.toast == ["dismiss"], "\(era)")
        #expect(result.buy == ["buy"], "\(era)")
    }

    @Test(
        "a window without an override takes every touch in its bounds, a clear hosting view as much as a UIKit view", arguments: ["ios17", "ios26"])
    func noOverride(era: String) throws {
        for root in [Self.toast, Self.uikitToast] {
            let result = try outcomes(Self.scene(era: era, behaviours: "[]", root: root))
            #expect(result.toast == ["dismiss"], "\(era)")
            #expect(result.buy == [], "\(era): the window over Buy keeps the touch")
        }
    }

    @Test("over UIKit views the root comparison works in every era, and the layer test keeps every touch (UIKit layers have no name)")
    func uikitRoot() throws {
        for era in ["ios17", "ios18", "ios26"] {
            let compared = try outcomes(
                Self.scene(era: era, behaviours: #"[{"kind": "passThroughWhenHit", "views": ["root"]}]"#, root: Self.uikitToast))
            #expect(compared.toast == ["dismiss"] && compared.buy == ["buy"], "\(era)")
            let layered = try outcomes(Self.scene(era: era, behaviours: #"[{"kind": "passThroughOnNamedLayer"}]"#, root: Self.uikitToast))
            #expect(layered.toast == ["dismiss"] && layered.buy == [], "\(era)")
        }
    }

    @Test(
        "a pass-through hosting view over UIKit content (HostingPassthrough: nil when the hit is the hosting view itself) broke the same way",
        arguments: [("ios17", ["dismiss"], ["buy"]), ("ios18", [], ["buy"]), ("ios26", [], [])])
    func hostingOverlay(era: String, toast: [String], buy: [String]) throws {
        let json = #"""
            {"format": "touchscope.scene", "version": 1, "name": "pt", "era": "\#(era)", "window": {"width": 390, "height": 844},
             "views": [{"kind": "button", "id": "buy", "frame": [20, 700, 350, 60], "title": "Buy",
                        "actions": [{"on": ["touchUpInside"], "do": [{"note": "buy"}]}]},
                       {"kind": "hosting", "id": "toastHost", "frame": [0, 0, 390, 844],
                        "behaviours": [{"kind": "passThroughWhenHit", "views": ["self"]}],
                        "content": {"view": "zstack", "frame": [0, 0, 390, 844], "children": [
                          {"view": "button", "id": "dismiss", "frame": [20, 60, 350, 80], "action": [{"note": "dismiss"}]}]}}]}
            """#
        let result = try outcomes(json)
        #expect(result.toast == toast, "\(era)")
        #expect(result.buy == buy, "\(era)")
    }

    @Test("levels order the windows: a normal-level window listed later is under an alert-level one; a hidden window takes nothing")
    func levels() throws {
        let json = #"""
            {"format": "touchscope.scene", "version": 1, "name": "pt", "window": {"width": 390, "height": 844},
             "windows": [
               {"id": "alert", "level": "alert", "root": {"kind": "view", "frame": [0, 0, 390, 844], "subviews": [{"kind": "view", "id": "a", "frame": [0, 0, 100, 100]}]},
                "behaviours": [{"kind": "passThroughWhenHit", "views": ["root"]}]},
               {"id": "normal", "level": 5, "root": {"kind": "view", "id": "b", "frame": [0, 0, 390, 844]}},
               {"id": "hidden", "level": 3000, "hidden": true, "root": {"kind": "view", "id": "c", "frame": [0, 0, 390, 844]}}]}
            """#
        let scene = try load(json)
        let sim = scene.makeSimulator()
        #expect(sim.application.windowsInHitTestOrder.map(\.accessibilityIdentifier) == ["hidden", "alert", "normal", nil])
        #expect(sim.application.windows.first?.hitTest(CGPoint(x: 50, y: 50), with: nil) != nil)
        sim.tap(at: CGPoint(x: 50, y: 50))
        sim.tap(at: CGPoint(x: 200, y: 300))
        let hits = sim.trace.entries.compactMap { entry -> String? in
            if case .hitResult(_, let view) = entry.event { return view }
            return nil
        }
        #expect(hits == ["UIView#a", "UIView#b"])
    }

    @Test("windows are read strictly and written back as read")
    func format() throws {
        let bad = #"""
            {"format": "touchscope.scene", "version": 1, "window": {"width": 390, "height": 844},
             "windows": [{"id": "w", "level": "alret", "colour": 1, "behaviours": [{"kind": "passThroughWhenHit", "views": []}]}]}
            """#
        #expect(throws: SceneLoadError.self) { try load(bad) }
        do {
            _ = try load(bad)
        } catch let error as SceneLoadError {
            let text = error.issues.map(\.description)
            #expect(text.contains { $0.contains("windows[0].level") && $0.contains("did you mean \"alert\"") }, "\(text)")
            #expect(text.contains { $0.contains("windows[0].colour") }, "\(text)")
            #expect(text.contains { $0.contains("windows[0].behaviours[0]") && $0.contains("at least one view") }, "\(text)")
        }
        let good = Self.scene(era: "ios26", behaviours: #"[{"kind": "passThroughOnNamedLayer", "view": "toastHost"}]"#, root: Self.toast)
        let description = try decodedRoundTrip(good, file: "pt.json")
        #expect(description.windows.first?.level == 2000)
    }
}
