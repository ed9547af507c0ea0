import Foundation
import Testing
import TouchKit

@testable import TouchScenes

/// Views with behaviours are built from scene classes that hand their methods to a host; they
/// must keep everything their UIKit class does and honour every behaviour the loader accepts.
@Suite("Views with behaviours")
struct BehaviourHostTests {
    func build(_ views: String) throws -> (LoadedScene, TouchSimulator) {
        let json = #"{"format":"touchscope.scene","version":1,"name":"t","window":{"width":300,"height":300},"views":["# + views + "]}"
        let description = try SceneDecoder.decode(data: Data(json.utf8), file: "t.json", defaultName: "t")
        let scene = SceneBuilder.build(description, source: .file(path: "t.json", contentHash: "0"))
        return (scene, scene.makeSimulator())
    }

    @Test("a switch with an enlarged hit area is still a switch: a tap just outside it toggles it", arguments: ["switch", "slider"])
    func controlKindsKeepTheirClass(kind: String) throws {
        let (scene, sim) = try build(
            #"{"kind":"\#(kind)","id":"c","frame":[100,100,60,31],"behaviours":[{"kind":"enlargeHitArea","insets":20}],"actions":[{"on":["valueChanged"],"do":[{"note":"changed"}]}]}"#
        )
        let view = try #require(scene.window.subviews.first)
        #expect(kind == "switch" ? view is UISwitch : view is UISlider)
        #expect(view.traceName == (kind == "switch" ? "UISwitch#c" : "UISlider#c"))
        if kind == "switch" {
            sim.tap(at: CGPoint(x: 130, y: 90))  // 10 pt above the switch, inside the enlarged area
        } else {
            sim.drag(from: CGPoint(x: 100, y: 115), to: CGPoint(x: 150, y: 115), duration: 0.2, steps: 5)
        }
        #expect(sim.notes.contains("changed"), "\(sim.notes)")
    }

    @Test("onTouches runs for every phase on every kind that takes touches", arguments: ["view", "label", "imageView"])
    func everyPhase(kind: String) throws {
        let (_, sim) = try build(
            #"{"kind":"\#(kind)","id":"v","frame":[0,0,200,200],"userInteractionEnabled":true,"behaviours":[{"kind":"onTouches","phases":["began","moved","ended","cancelled"],"do":[{"note":"touch"}]}]}"#
        )
        let finger = sim.touchDown(at: CGPoint(x: 50, y: 50))
        sim.touchMove(finger, to: CGPoint(x: 60, y: 50))
        sim.touchUp(finger)
        let other = sim.touchDown(at: CGPoint(x: 50, y: 50))
        sim.touchCancel([other])
        #expect(sim.notes == ["touch", "touch", "touch", "touch", "touch"], "\(kind): \(sim.notes)")
    }

    @Test("onTouches also runs for touches a subview forwards up the chain, and forward passes them on first")
    func forwardedTouches() throws {
        let (_, sim) = try build(
            #"{"kind":"view","id":"outer","frame":[0,0,300,300],"behaviours":[{"kind":"onTouches","phases":["began"],"do":[{"note":"outer"}]}],"subviews":[{"kind":"view","id":"inner","frame":[0,0,200,200],"behaviours":[{"kind":"onTouches","phases":["began","ended"],"do":[{"note":"inner"}],"forward":true}]}]}"#
        )
        sim.tap(at: CGPoint(x: 50, y: 50))
        // inner forwards touchesBegan (its UIKit method passes it to outer, whose behaviour runs)
        // before its own effects; touchesEnded goes up too, and outer's UIKit method takes it.
        #expect(sim.notes == ["outer", "inner", "inner"], "\(sim.notes)")
        let forwards = sim.trace.entries.compactMap { entry -> String? in
            if case .forward(let method, let from, let to) = entry.event { return "\(method.rawValue) \(from) -> \(to)" }
            return nil
        }
        #expect(forwards.first == "touchesBegan UIView#inner -> UIView#outer")
        #expect(forwards.contains("touchesEnded UIView#inner -> UIView#outer"))
    }
}
