import Foundation
import TouchBench
import TouchKit
import TouchReplay
import TouchScopeSDL

/// `bench --parse`'s stages of the HTML report and of hot reloads: the marker summary of a
/// marker followed by `n` notes, and a session of `n` hot reloads replayed with its golden.
enum ReportScalingStages {
    static var all: [ParseBenchmark.Stage] { [markerSummary, hotReloads] }

    /// The report's "what each marker's gesture came to": one marker, then `n` distinct notes.
    static var markerSummary: ParseBenchmark.Stage {
        ParseBenchmark.Stage(
            name: "report.markerSummary", unit: "notes", base: 100_000,
            limit: "\(SessionFormat.maximumRecordCount) records a session"
        ) { n in
            var entries = [TraceEntry(micros: 0, event: .marker("m"))]
            for i in 0..<n { entries.append(TraceEntry(micros: Int64(i), event: .note("note \(i)"))) }
            return (n, { _ = HTMLReport.markerSummaries(entries) })
        }
    }

    /// A session with `n` hot reloads back and forth between two versions of a scene (as an
    /// edit and its undo, saved again and again), a tap before each, replayed to its end with
    /// its golden extracted and its trace kept. A reload back to a version goes on from where
    /// that version left off, and the trace is taken over, not copied: linear. A reload to a
    /// version never seen brings it to its moment by the input before it, which is what
    /// `SessionFormat.maximumReloadReplayRecords` bounds.
    static var hotReloads: ParseBenchmark.Stage {
        ParseBenchmark.Stage(
            name: "replay.hotReloads", unit: "reloads", base: 100,
            limit:
                "\(SessionFormat.maximumSceneCount) scene versions a session; \(SessionFormat.maximumReloadReplayRecords) records replayed again by reloads to new versions"
        ) { n in
            func scene(_ interactive: Bool) -> String {
                #"{"format":"touchscope.scene","version":1,"name":"r","window":{"width":300,"height":300},"views":[{"kind":"button","id":"b","frame":[0,0,100,100],"actions":[{"on":["touchUpInside"],"do":[{"note":"tap"}]}]},{"kind":"view","id":"c","frame":[0,0,300,300],"userInteractionEnabled":\#(interactive)}]}"#
            }
            let header = SessionHeader(sceneName: "r", sceneHash: "a", windowSize: CGSize(width: 300, height: 300), started: "")
            var records: [SessionRecord] = []
            var scenes = [EmbeddedScene(micros: 0, recordIndex: 0, hash: "a", text: scene(true))]
            var t: Int64 = 0
            for reload in 0..<n {
                if reload > 0 {
                    let even = reload % 2 == 0
                    scenes.append(EmbeddedScene(micros: t, recordIndex: records.count, hash: even ? "a" : "b", text: scene(even)))
                }
                records.append(.input(micros: t, samples: [TouchSample(finger: 1, phase: .began, location: CGPoint(x: 50, y: 50))]))
                t += 50_000
                records.append(.input(micros: t, samples: [TouchSample(finger: 1, phase: .ended, location: CGPoint(x: 50, y: 50))]))
                t += 50_000
            }
            records.append(.end(micros: t))
            let session = Session(header: header, records: records, scenes: scenes)
            let resolved = try SessionScene.embedded(session, sessionFile: "bench.session")
            return (n, { _ = try GoldenCheck(session: session, scene: resolved.makeScene) })
        }
    }
}
