import Foundation
import TouchKit
import TouchReplay
import TouchScenes
import TouchTestSupport

let goldens = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens")
let catalog = SceneCatalog(directories: [repositoryRoot.appendingPathComponent("Scenes")])

/// A minimal valid header line for hand-written sessions.
let headerLine =
    #"{"format":"touchscope.session","version":1,"tool":"test","scene":{"name":"kitchen-sink","hash":"x"},"window":{"width":390,"height":844,"scale":1},"started":""}"#

/// Records `script` on `scene` with a recorder (including the trace) and returns the session
/// file and the trace the recording produced live.
func record(scene name: String, script: String, into directory: URL, includeTrace: Bool = true) throws -> (URL, [String]) {
    let scene = try catalog.load(name)
    let simulator = scene.makeSimulator()
    let url = directory.appendingPathComponent("\(name).session")
    let recorder = try SessionRecorder(
        url: url, header: SessionHeader(sceneName: name, sceneHash: scene.contentHash, windowSize: scene.window.bounds.size, started: "test"),
        includesTrace: includeTrace)
    recorder.attach(to: simulator.application)
    let runner = GestureScriptRunner(simulator: simulator)
    runner.onMarker = { recorder.mark($0) }
    try runner.run(GestureScript.parse(script))
    try recorder.finish()
    return (url, simulator.trace.lines)
}
