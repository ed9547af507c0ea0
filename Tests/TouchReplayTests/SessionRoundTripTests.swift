import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import TouchTestSupport

@Suite("Recording and replaying sessions")
struct SessionRoundTripTests {
    static let script = """
        [{"marker": "start"}, {"tap": [100, 120]}, {"wait": 0.5}, {"longPress": [290, 120]}, {"pinch": {"center": [290, 250], "from": 40, "to": 100}},
         {"drag": {"from": [300, 360], "to": [100, 360], "duration": 0.15, "steps": 5}}, {"tap": [300, 441]}, {"wait": 0.4}]
        """

    @Test("a recorded session replays to exactly the live trace")
    func roundTrip() throws {
        let directory = try scratchDirectory()
        let (url, live) = try record(scene: "kitchen-sink", script: Self.script, into: directory)
        let session = try SessionLoader.load(contentsOf: url)
        #expect(session.warnings.isEmpty)
        #expect(session.traceLines == live)
        let replayed = try SessionReplayer.replay(session, scene: { try catalog.load("kitchen-sink") })
        #expect(replayed == live)
        #expect(live.contains { $0.hasSuffix("note     marker: start") })
    }

    @Test("replaying the same session 100 times gives the same bytes every time")
    func determinism() throws {
        let directory = try scratchDirectory()
        let (url, _) = try record(scene: "kitchen-sink", script: Self.script, into: directory, includeTrace: false)
        let session = try SessionLoader.load(contentsOf: url)
        let first = try SessionReplayer.replay(session, scene: { try catalog.load("kitchen-sink") }).joined(separator: "\n")
        for _ in 0..<99 {
            let again = try SessionReplayer.replay(session, scene: { try catalog.load("kitchen-sink") }).joined(separator: "\n")
            #expect(again == first)
        }
        #expect(first.count > 1000)
    }

    @Test("the file has a stable shape: header first, then one record per line, keys in a fixed order")
    func fileShape() throws {
        let directory = try scratchDirectory()
        let (url, _) = try record(scene: "kitchen-sink", script: #"[{"tap": [100.25, 120.5]}]"#, into: directory, includeTrace: false)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        let scene = try catalog.load("kitchen-sink")
        #expect(
            lines == [
                #"{"format":"touchscope.session","version":5,"tool":"\#(SessionFormat.tool)","scene":{"name":"kitchen-sink","hash":"\#(scene.contentHash)"},"window":{"width":390,"height":844,"scale":1},"started":"test"}"#,
                #"{"t":0,"type":"input","touches":[{"finger":1,"phase":"began","x":100.25,"y":120.5}]}"#,
                #"{"t":0,"type":"hit","finger":1,"view":"UIView#taps"}"#,
                #"{"t":50000,"type":"input","touches":[{"finger":1,"phase":"ended","x":100.25,"y":120.5}]}"#,
                #"{"t":50000,"type":"end"}"#,
            ])
    }

    @Test("seeking forward continues; seeking back rebuilds and shows exactly the state at that time")
    func seeking() throws {
        let directory = try scratchDirectory()
        let (url, _) = try record(
            scene: "draggable-piece", script: #"[{"drag": {"from": [85, 165], "to": [285, 665], "duration": 1.0, "steps": 10}}]"#, into: directory)
        let session = try SessionLoader.load(contentsOf: url)
        let replayer = try SessionReplayer(session: session, scene: { try catalog.load("draggable-piece") })
        try replayer.seek(to: 1_000_000)
        let atEnd = replayer.scene.view("red")?.center
        try replayer.seek(to: 500_000)
        let midway = replayer.scene.view("red")?.center
        let fresh = try SessionReplayer(session: session, scene: { try catalog.load("draggable-piece") })
        fresh.run(until: 500_000)
        #expect(midway == fresh.scene.view("red")?.center)
        #expect(midway != atEnd)
        #expect(replayer.trace.lines == fresh.trace.lines)
    }

    @Test("an abandoned recording (the process died) leaves a .partial file holding everything up to the last flush")
    func abandonedRecording() throws {
        let directory = try scratchDirectory()
        let scene = try catalog.load("kitchen-sink")
        let simulator = scene.makeSimulator()
        let url = directory.appendingPathComponent("crash.session")
        var recorder: SessionRecorder? = try SessionRecorder(
            url: url,
            header: SessionHeader(sceneName: "kitchen-sink", sceneHash: scene.contentHash, windowSize: CGSize(width: 390, height: 844), started: ""))
        recorder?.attach(to: simulator.application)
        simulator.tap(at: CGPoint(x: 100, y: 120))
        let finger = simulator.touchDown(at: CGPoint(x: 50, y: 250))
        simulator.advance(by: 0.1)
        simulator.touchMove(finger, to: CGPoint(x: 90, y: 250))
        recorder = nil
        #expect(!FileManager.default.fileExists(atPath: url.path))
        let partial = url.appendingPathExtension("partial")
        let session = try SessionLoader.load(contentsOf: partial)
        // Four inputs were flushed; loading adds the cancel of the finger that never lifted.
        #expect(session.inputs.count == 5)
        #expect(session.inputs.last?.samples.map(\.phase) == [.cancelled])
        #expect(
            session.warnings == [
                "no end record (the recording was interrupted); the session ends at its last record",
                "finger 2 began (line 5) and never ended; cancelled it at 0.150000 s",
            ])
    }
}
