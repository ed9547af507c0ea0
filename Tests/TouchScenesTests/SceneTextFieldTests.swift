import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchScenes

/// A text field begins editing on a tap (it becomes first responder) and ends when another
/// responder takes over; a touch taken by a recognizer begins nothing.
@Suite("Text fields")
struct SceneTextFieldTests {
    func build(_ extra: String = "") throws -> (LoadedScene, TouchSimulator) {
        let field = { (id: String, y: Int) in
            #"{"kind":"textField","id":"\#(id)","frame":[20,\#(y),260,36],"text":"","actions":[{"on":["editingDidBegin"],"do":[{"note":"\#(id) begins"}]},{"on":["editingDidEnd"],"do":[{"note":"\#(id) ends"}]}]}"#
        }
        let json = #"""
            {"format":"touchscope.scene","version":1,"name":"t","window":{"width":300,"height":600},"views":[
              {"kind":"view","id":"form","frame":[0,0,300,600]\#(extra),"subviews":[\#(field("name", 100)),\#(field("email", 160))]}]}
            """#
        let description = try SceneDecoder.decode(data: Data(json.utf8), file: "t.json", defaultName: "t")
        let scene = SceneBuilder.build(description, source: .file(path: "t.json", contentHash: "0"))
        return (scene, scene.makeSimulator())
    }

    @Test("a tap begins editing; a tap on another field ends the first and begins the second")
    func tapBeginsEditing() throws {
        let (scene, sim) = try build()
        sim.tap(at: CGPoint(x: 100, y: 118))
        #expect(sim.notes == ["name begins"])
        #expect((scene.view("name") as? UITextField)?.isEditing == true)
        sim.advance(by: 1)
        sim.tap(at: CGPoint(x: 100, y: 178))
        #expect(sim.notes == ["name begins", "name ends", "email begins"])
        #expect((scene.view("email") as? UITextField)?.isFirstResponder == true)
    }

    @Test("a touch dragged out of the field begins nothing")
    func dragOutBeginsNothing() throws {
        let (_, sim) = try build()
        sim.drag(from: CGPoint(x: 100, y: 118), to: CGPoint(x: 100, y: 400), duration: 0.2, steps: 5)
        #expect(sim.notes.isEmpty)
    }

    @Test("a form's dismiss tap does not stop a field being tapped into: the field's own tap recognizer is deeper, recognizes first and prevents it")
    func dismissTapAndField() throws {
        let (scene, sim) = try build(#","recognizers":[{"kind":"tap","id":"dismiss","do":[{"note":"dismiss"}]}]"#)
        sim.tap(at: CGPoint(x: 100, y: 118))
        #expect(sim.notes == ["name begins"])
        let dismiss = try #require(scene.runtime?.recognizer("dismiss"))
        #expect(
            causes(of: dismiss, in: sim.trace).first?.hasPrefix("failed: prevented by UITapGestureRecognizer@UITextField#name") == true,
            "\(causes(of: dismiss, in: sim.trace))")
        sim.advance(by: 1)
        sim.tap(at: CGPoint(x: 100, y: 400))
        #expect(sim.notes == ["name begins", "dismiss"])
    }
}
