import Foundation
import Testing
import TouchKit
import TouchScenes

@testable import TouchReplay

/// Reasons name what the user sees, and a switch that only a class's UIKit default turned off is
/// marked as such (and not when the scene sets it).
@Suite("Why: symptoms and UIKit's defaults")
struct WhySymptomTests {
    static func scene(_ photoFlag: String) -> () throws -> LoadedScene {
        let text = """
            {"format":"touchscope.scene","version":1,"name":"img","window":{"width":390,"height":844},"views":[
             {"kind":"imageView","id":"photo","frame":[0,100,390,300]\(photoFlag),"subviews":[{"kind":"button","id":"share","frame":[20,20,100,44]}]},
             {"kind":"scrollView","id":"list","frame":[0,450,390,300],"contentSize":[390,900],"subviews":[
               {"kind":"button","id":"buy","frame":[20,20,100,44]},
               {"kind":"view","id":"card","frame":[20,100,300,100]}]}]}
            """
        return {
            SceneBuilder.build(
                try SceneDecoder.decode(data: Data(text.utf8), file: "img.json", defaultName: "img"), source: .embedded(contentHash: "h"))
        }
    }

    @Test("a button in a UIImageView: the image view's switch is off by UIImageView's default, said where it decides")
    func imageViewDefault() throws {
        let answer = try WhyAnswer.ask(scene: Self.scene(""), point: CGPoint(x: 50, y: 140), view: "share")
        #expect(
            answer.text.contains(
                "It is never asked: its superview UIImageView#photo is skipped (isUserInteractionEnabled is false) (UIImageView's default; nothing sets it)."
            ),
            "\(answer.text)")
        // A scene that sets the switch off itself gets no such note.
        let explicit = try WhyAnswer.ask(scene: Self.scene(#","userInteractionEnabled":false"#), point: CGPoint(x: 50, y: 140), view: "share")
        #expect(!explicit.text.contains("nothing sets it"), "\(explicit.text)")
    }

    @Test(
        "a button in a scroll view: its touchDown waits for the scroll view's delay, so the highlight is never seen; a plain view's touchesBegan comes late"
    )
    func delayedHighlight() throws {
        let button = try WhyAnswer.ask(scene: Self.scene(""), point: CGPoint(x: 50, y: 490), view: "buy")
        #expect(
            button.text.contains("    what you see: touchDown arrives late (at the lift, for a quick tap), so the highlight is never seen"),
            "\(button.text)")
        guard case .object(let members) = button.json.kind, let tap = members.first(where: { $0.key == "tap" })?.value,
            case .array(let findings) = tap.kind
        else {
            Issue.record("no tap findings in \(button.json)")
            return
        }
        #expect(JSONWriter.compact(.array(findings)).contains(#""symptom":"touchDown arrives late"#))
        let card = try WhyAnswer.ask(scene: Self.scene(""), point: CGPoint(x: 50, y: 570), view: "card")
        #expect(card.text.contains("what you see: touchesBegan arrives late"), "\(card.text)")
    }

    @Test(
        "the empty part of an HStack with a gesture: the hosting view takes the touch, nothing is drawn there, and .contentShape(Rectangle()) on the row is the way; the shaped row and a drawn label say nothing of it"
    )
    func drawsNothing() throws {
        let scene = { try SceneCatalog.bundled().load("swiftui-hit-testing") }
        let empty = try WhyAnswer.ask(scene: scene, point: CGPoint(x: 300, y: 150))
        #expect(empty.hitName == "_UIHostingView#host")
        #expect(empty.drawsNothing == ["HStack#plainRow"])
        #expect(empty.text.contains("HStack#plainRow has a gesture and its frame holds the point: add .contentShape(Rectangle())"), "\(empty.text)")
        let shaped = try WhyAnswer.ask(scene: scene, point: CGPoint(x: 300, y: 270))
        #expect(shaped.drawsNothing == nil, "\(shaped.text)")
        let label = try WhyAnswer.ask(scene: scene, point: CGPoint(x: 60, y: 150))
        #expect(label.drawsNothing == nil, "\(label.text)")
    }
}
