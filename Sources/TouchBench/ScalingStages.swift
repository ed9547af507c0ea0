import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// The stages past the file readers whose work a file decides: the scene checks, import, the
/// failure-requirement walk, dispatch of many touches at one point and instant, and goldens.
package enum ScalingStages {
    package static var all: [ParseBenchmark.Stage] {
        [actionChain, sharedAction, importLines, requireToFailChain, samePointInstant, goldenRecords, goldenOneInput]
    }

    static func scene(views: String) -> Data {
        Data(#"{"format":"touchscope.scene","version":1,"window":{"width":390,"height":844},"views":[\#(views)]}"#.utf8)
    }

    /// A chain of `n` `firstResponder` actions, each sending the next: the loop check's walk.
    static var actionChain: ParseBenchmark.Stage {
        ParseBenchmark.Stage(
            name: "scene.actionChain", unit: "actions", base: 1_500,
            limit: "\(SceneDecoder.maximumFileSize >> 20) MiB a scene; \(SceneLoadError.maximumIssueCount) problems listed"
        ) { n in
            let table = (0..<n).map { i in
                i + 1 < n ? #""a\#(i)":[{"sendAction":"a\#(i + 1)"}]"# : #""a\#(i)":[{"note":"end"}]"#
            }.joined(separator: ",")
            let data = scene(views: #"{"kind":"view","id":"v","frame":[0,0,10,10],"behaviours":[{"kind":"firstResponder","actions":{\#(table)}}]}"#)
            return (n, { _ = try SceneDecoder.decode(data: data, file: "chain.json", defaultName: "chain") })
        }
    }

    /// `n` handlers of one action that all send it: one looping component, reported once.
    static var sharedAction: ParseBenchmark.Stage {
        ParseBenchmark.Stage(
            name: "scene.sharedAction", unit: "handlers", base: 200,
            limit: "\(SceneDecoder.maximumViewCount) views; each loop reported once in at most 8 steps"
        ) { n in
            let views = (0..<n).map { i in
                #"{"kind":"view","id":"v\#(i)","frame":[0,0,10,10],"behaviours":[{"kind":"firstResponder","actions":{"x":[{"sendAction":"x"}]}}]}"#
            }.joined(separator: ",")
            let data = scene(views: views)
            return (n, { _ = try? SceneDecoder.decode(data: data, file: "shared.json", defaultName: "shared") })
        }
    }

    /// A `recursiveDescription` dump of `n` views.
    static var importLines: ParseBenchmark.Stage {
        ParseBenchmark.Stage(
            name: "import.lines", unit: "views", base: 1_500, limit: "\(SceneDecoder.maximumViewCount) views, 64 levels a dump"
        ) { n in
            var lines = ["<UIWindow: 0x1000; frame = (0 0; 390 844); layer = <CALayer: 0x2000>>"]
            for i in 0..<n {
                lines.append(
                    "   | <UIView: 0x\(String(0x10000 + i, radix: 16)); frame = (\(i % 39 * 10) \(i / 39 % 84 * 10); 10 10); layer = <CALayer: 0x3000>>"
                )
            }
            let text = lines.joined(separator: "\n")
            return (n, { _ = RecursiveDescriptionImporter.importDump(text, name: "dump") })
        }
    }

    /// `n` tap recognizers on one view, each requiring the one before it to fail; one tap.
    static var requireToFailChain: ParseBenchmark.Stage {
        ParseBenchmark.Stage(
            name: "dispatch.requireToFailChain", unit: "recognizers", base: 150,
            limit:
                "\(SceneDecoder.maximumRecognizerCount) recognizers a scene; quadratic by UIKit's rule (each pair of recognizers on one touch is asked whether one waits for the other)"
        ) { n in
            // 50 recognizers a view (a view holds at most 64), on nested views that all contain the
            // touch, so that every recognizer of the chain sees it.
            var nested = ""
            for level in stride(from: (n - 1) / 50, through: 0, by: -1) {
                let recognizers = (level * 50..<min(n, level * 50 + 50)).map { i in
                    let requires = i == 0 ? "" : #","requireToFail":["r\#(i - 1)"]"#
                    return #"{"kind":"tap","id":"r\#(i)"\#(requires),"do":[{"note":"r\#(i)"}]}"#
                }.joined(separator: ",")
                let subviews = nested.isEmpty ? "" : #","subviews":[\#(nested)]"#
                nested = #"{"kind":"view","id":"v\#(level)","frame":[0,0,390,844],"recognizers":[\#(recognizers)]\#(subviews)}"#
            }
            let data = scene(views: nested)
            let loaded = SceneBuilder.build(try SceneDecoder.decode(data: data, file: "chain.json", defaultName: "chain"), source: .swift)
            let simulator = loaded.makeSimulator()
            return (n, { simulator.tap(at: CGPoint(x: 100, y: 100)) })
        }
    }

    /// `n` taps at one point, all at one instant of the virtual clock.
    static var samePointInstant: ParseBenchmark.Stage {
        ParseBenchmark.Stage(
            name: "dispatch.samePointInstant", unit: "taps", base: 1_000,
            limit: "\(UIApplication.maximumSimultaneousTouches) fingers down at once; \(SessionFormat.maximumRecordCount) records a session"
        ) { n in
            let data = scene(views: #"{"kind":"button","id":"b","frame":[0,0,200,200],"actions":[{"on":["touchUpInside"],"do":[{"note":"tap"}]}]}"#)
            let loaded = SceneBuilder.build(try SceneDecoder.decode(data: data, file: "taps.json", defaultName: "taps"), source: .swift)
            let simulator = loaded.makeSimulator()
            return (
                n,
                {
                    for _ in 0..<n {
                        let finger = simulator.touchDown(at: CGPoint(x: 50, y: 50))
                        simulator.touchUp(finger)
                    }
                }
            )
        }
    }

    /// `check`'s streamed comparison against a golden of `n` records of one input the replay
    /// made no records for (each was a group of its own, merged by copying: quadratic).
    static var goldenOneInput: ParseBenchmark.Stage {
        ParseBenchmark.Stage(
            name: "check.oneInputGolden", unit: "records", base: 20_000, limit: "\(GoldenFile.maximumFileSize >> 20) MiB a golden"
        ) { n in
            let records = (0..<n).map { i in
                GoldenRecord(input: 1, t: 0, kind: "note", fields: [("text", .string("n\(i)"))])
            }
            let header = SessionHeader(
                sceneName: "bench", sceneHash: "0", scenePath: nil, windowSize: CGSize(width: 390, height: 844), started: "")
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-bench-\(getpid())-\(n).golden")
            try AtomicFile.write(GoldenFile.text(records: records, session: "bench.session", header: header), to: url.path, inputs: [])
            return (
                n,
                {
                    defer { try? FileManager.default.removeItem(at: url) }
                    let stream = try GoldenStreamComparison(url: url)
                    stream.compare(input: 2, actual: [])
                    _ = try stream.finish()
                }
            )
        }
    }

    /// A golden of `n` records, read and parsed.
    static var goldenRecords: ParseBenchmark.Stage {
        ParseBenchmark.Stage(
            name: "golden.records", unit: "records", base: 20_000, limit: "\(GoldenFile.maximumFileSize >> 20) MiB a golden"
        ) { n in
            let records = (0..<n).map { i in
                GoldenRecord(
                    input: i / 4 + 1, t: Double(i) / 100, kind: "hit", fields: [("finger", .number(1)), ("view", .string("UIView#v\(i % 50)"))])
            }
            let header = SessionHeader(
                sceneName: "bench", sceneHash: "0", scenePath: nil, windowSize: CGSize(width: 390, height: 844), started: "")
            let text = GoldenFile.text(records: records, session: "bench.session", header: header)
            return (n, { _ = try GoldenFile.parse(text) })
        }
    }
}
