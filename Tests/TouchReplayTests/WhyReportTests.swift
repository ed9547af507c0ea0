import Foundation
import Testing
import TouchKit
import TouchScenes
import TouchTestSupport

@testable import TouchReplay

/// `why`'s answer as a value (`WhyReport`): built in TouchReplay, its text and JSON read from the
/// same parts; the command only prints it.
@Suite("WhyReport")
struct WhyReportTests {
    /// The carousel of the proven-fix tests, swiped up on its card, as a recorded session.
    func carouselInput() throws -> WhyInput {
        let description = try SceneDecoder.decode(data: Data(ProvenFixTests.carousel.utf8), file: "s.json", defaultName: "s")
        let make: () throws -> LoadedScene = { SceneBuilder.build(description, source: .embedded(contentHash: "h")) }
        let scene = try make()
        let simulator = scene.makeSimulator()
        var records: [SessionRecord] = []
        simulator.application.addInputObserver { samples, time in records.append(.input(micros: TraceEntry.micros(from: time), samples: samples)) }
        try GestureScriptRunner(simulator: simulator).run(
            GestureScript.parse(#"[{"swipe": {"from": [150, 350], "direction": "up", "distance": 200, "speed": 2000}}, {"tap": [150, 50]}]"#))
        records.append(.end(micros: TraceEntry.micros(from: simulator.clock.now)))
        let session = Session(
            header: SessionHeader(sceneName: "s", sceneHash: "h", windowSize: CGSize(width: 300, height: 600), started: ""), records: records)
        return WhyInput(scene: scene, makeScene: make, session: session)
    }

    @Test("a point question at the session's start: the hit view in the text and the JSON, and the fixes for --view in both")
    func point() throws {
        let input = try carouselInput()
        let report = try WhyReport.answer(WhyQuestion(.point(CGPoint(x: 150, y: 350), gesture: nil, time: 0), view: "carousel"), on: input)
        #expect(report.parts.count == 1)
        let text = report.text()
        #expect(text.contains("goes to UIView#card"), "\(text)")
        #expect(text.contains("Fixes"), "\(text)")
        let json = try #require(report.jsonLines.first)
        #expect(json.contains(#""hitView":"UIView#card""#) && json.contains(#""fixes":"#), "\(json)")
    }

    @Test("a recognizer question: its history and the proven fix that makes it recognize, in text and JSON")
    func recognizer() throws {
        let report = try WhyReport.answer(
            WhyQuestion(.recorded(finger: nil, touch: nil, recognizer: "dismissSwipe", swiftUIGesture: nil)), on: try carouselInput())
        #expect(report.parts.count == 1)
        #expect(report.text().contains("carousel.panGestureRecognizer.require(toFail: dismissSwipe)"), "\(report.text())")
        let json = try #require(report.jsonLines.first)
        #expect(json.contains("carousel.panGestureRecognizer.require(toFail: dismissSwipe)"), "\(json)")
    }

    @Test("the second touch by number: its own fate, and the fingers listed when a finger never touched")
    func touchByNumber() throws {
        let input = try carouselInput()
        let report = try WhyReport.answer(WhyQuestion(.recorded(finger: nil, touch: 2, recognizer: nil, swiftUIGesture: nil)), on: input)
        #expect(report.text().hasPrefix("Finger 2: down at (150.00, 50.00)"), "\(report.text())")
        #expect(report.text().contains("hit view: UIView#card"), "\(report.text())")
        #expect(throws: WhyAnswer.Problem.self) {
            try WhyReport.answer(WhyQuestion(.recorded(finger: 7, touch: nil, recognizer: nil, swiftUIGesture: nil)), on: input)
        }
        do {
            _ = try WhyReport.answer(WhyQuestion(.recorded(finger: nil, touch: 3, recognizer: nil, swiftUIGesture: nil)), on: input)
            Issue.record("a third touch was answered")
        } catch let problem as WhyAnswer.Problem {
            #expect(problem.message == "the session has 2 touches; there is no touch 3" && !problem.isUsage)
        }
    }

    @Test("a goal: each touch judged; a malformed goal is a usage problem")
    func goal() throws {
        let input = try carouselInput()
        let report = try WhyReport.answer(WhyQuestion(.goal("recognizes=dismissSwipe", finger: nil, touch: nil)), on: input)
        let json = try #require(report.jsonLines.first)
        #expect(json.contains(#""touch":1"#) && json.contains(#""met":false"#), "\(json)")
        do {
            _ = try WhyReport.answer(WhyQuestion(.goal("flies=away", finger: nil, touch: nil)), on: input)
            Issue.record("a malformed goal was answered")
        } catch let problem as WhyAnswer.Problem {
            #expect(problem.isUsage, "\(problem.message)")
        }
    }

    @Test("a goal: a lift at the very microsecond the next finger lands belongs to the touch it ends")
    func liftAtTheNextTouchDown() throws {
        let scene = #"""
            {"format":"touchscope.scene","version":1,"name":"b","window":{"width":300,"height":600},"views":[
              {"kind":"button","id":"pay","frame":[0,0,300,100],"title":"Pay"}]}
            """#
        let description = try SceneDecoder.decode(data: Data(scene.utf8), file: "b.json", defaultName: "b")
        let make: () throws -> LoadedScene = { SceneBuilder.build(description, source: .embedded(contentHash: "h")) }
        let header =
            #"{"format":"touchscope.session","version":1,"tool":"t","scene":{"name":"b","hash":"h"},"window":{"width":300,"height":600,"scale":1},"started":""}"#
        let lines = [
            header,
            #"{"t":0,"type":"input","touches":[{"finger":1,"phase":"began","x":50,"y":50}]}"#,
            #"{"t":50000,"type":"input","touches":[{"finger":1,"phase":"ended","x":50,"y":50}]}"#,
            #"{"t":50000,"type":"input","touches":[{"finger":2,"phase":"began","x":50,"y":300}]}"#,
            #"{"t":100000,"type":"input","touches":[{"finger":2,"phase":"ended","x":50,"y":300}]}"#,
            #"{"t":200000,"type":"end"}"#,
        ]
        let session = try SessionLoader.load(text: lines.joined(separator: "\n") + "\n")
        let input = WhyInput(scene: try make(), makeScene: make, session: session)
        let report = try WhyReport.answer(WhyQuestion(.goal("fires=pay.touchUpInside", finger: nil, touch: nil)), on: input)
        let json = try #require(report.jsonLines.first)
        #expect(json.contains(#"{"touch":1,"concerns":true,"met":true}"#), "\(json)")
        #expect(json.contains(#"{"touch":2,"concerns":false,"met":false}"#), "\(json)")
        #expect(report.text().contains("Every touch that concerns it meets it."), "\(report.text())")
    }

    @Test(
        "--at with a SwiftUI Button under a color drawn over it: the goal is that the Button fires, and the overlay's .allowsHitTesting(false) is proven"
    )
    func swiftUIButtonUnderOverlay() throws {
        let scene = try catalog.load("swiftui-hit-testing")
        let input = WhyInput(scene: scene, makeScene: { try catalog.load("swiftui-hit-testing") }, session: nil)
        let report = try WhyReport.answer(WhyQuestion(.point(CGPoint(x: 195, y: 390), gesture: nil, time: nil), view: "covered"), on: input)
        let text = report.text()
        #expect(text.contains("Fixes (each applied to a copy of the scene and re-run; #covered fires):"), "\(text)")
        #expect(text.contains("overlay: .allowsHitTesting(false) (drawn in front, it takes the touch meant for covered)"), "\(text)")
        // The fourth row, whose overlay already lets taps through, needs none.
        let reachable = try WhyReport.answer(WhyQuestion(.point(CGPoint(x: 195, y: 510), gesture: nil, time: nil), view: "reachable"), on: input)
        #expect(reachable.text().contains("Fixes: none needed (#reachable fires already)."), "\(reachable.text())")
    }
}
