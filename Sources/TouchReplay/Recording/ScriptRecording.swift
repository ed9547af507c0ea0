import Foundation
import TouchKit
import TouchScenes

/// A session recorded from a gesture script, as `touchscope record` does it, with its report as a
/// value: the command only reads its inputs, calls this, and prints the report.
///
/// The session is written as it happens (`SessionRecorder`: each record at once to `.partial`,
/// renamed when complete), embeds the scene, and stops between steps when a signal arrives
/// (`SignalFlag`), finishing the file with what ran.
package enum ScriptRecording {
    /// Where the steps come from.
    package enum Steps {
        /// A script file, read and checked whole beforehand.
        case script(GestureScript, file: String)
        /// Lines read as they come (standard input): each line one step.
        case lines(InterruptibleLineReader)
    }

    /// What a recording did.
    package struct Report {
        /// The session written.
        package var url: URL
        package var records: Int
        /// How long the session lasts, in microseconds.
        package var micros: Int64
        /// What the recorder changed on the way (a finger's id out of range, ...).
        package var adjustments: [String]
        /// Where an interrupted recording found at the output was kept.
        package var recovered: URL?
        /// Where that interrupted recording had been.
        package var partial: URL
        /// Steps that ran.
        package var stepsRun: Int
        /// The step that failed (the session holds the ones before it).
        package var failure: String?
        /// The signal that stopped the recording.
        package var signal: Int32?

        /// What goes to standard output.
        package var summary: String {
            "wrote \(TerminalText.line(url.path)): \(records) records, \(TraceEntry.seconds(micros)) s"
        }

        /// What goes to standard error before the summary: what was recovered or adjusted.
        package var notes: [String] {
            var lines: [String] = []
            if let recovered {
                lines.append(
                    "note: an interrupted recording was left at \(TerminalText.line(partial.path)); kept it as \(TerminalText.line(recovered.path))")
            }
            return lines + adjustments.map { "note: \($0)" }
        }

        /// What goes to standard error after the summary: the stop or the failure.
        package var ending: [String] {
            var lines: [String] = []
            // A signal decides the exit status: a step that failed after it arrived (a line cut
            // off mid-way) is reported, but the process was stopped, not given bad input.
            if let signal {
                if let failure { lines.append("note: \(failure)") }
                lines.append("stopped by signal \(signal) after \(stepsRun) step\(stepsRun == 1 ? "" : "s"); the session holds what ran")
            } else if let failure {
                lines.append(failure)
            }
            return lines
        }
    }

    /// Why nothing could be recorded or the session could not be written.
    package struct Failure: Error, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    /// Records `steps` on `scene` into `output`; `inputs` are never written over.
    package static func record(scene: LoadedScene, output: String, steps: Steps, includesTrace: Bool, inputs: [String]) throws(Failure) -> Report {
        let simulator = scene.makeSimulator()
        let header = SessionHeader(
            sceneName: scene.name, sceneHash: scene.contentHash, scenePath: SessionScene.headerPath(for: scene, sessionFile: output),
            windowSize: scene.window.bounds.size, started: SessionFormat.timestamp())
        let recorder: SessionRecorder
        do {
            recorder = try SessionRecorder(url: URL(fileURLWithPath: output), header: header, includesTrace: includesTrace, inputs: inputs)
        } catch {
            throw Failure(message: "cannot record: \(error)")
        }
        do {
            try recorder.embed(scene, at: 0)
        } catch {
            recorder.abandon()
            throw Failure(message: "cannot record: \(error)")
        }
        recorder.attach(to: simulator.application)
        let runner = GestureScriptRunner(simulator: simulator)
        runner.onMarker = { recorder.mark($0) }
        var ran = 0
        var failure: String?
        switch steps {
        case .script(let script, let file):
            for (index, step) in script.steps.enumerated() {
                if SignalFlag.received != nil { break }
                do { try runner.run(step, number: index + 1) } catch { failure = "\(file): \(error)" }
                ran += 1
            }
        case .lines(var lines):
            var number = 0
            do {
                while let line = try lines.next() {
                    guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
                    number += 1
                    try runner.run(GestureScript.step(line: line, number: number), number: number)
                    ran += 1
                    if SignalFlag.received != nil { break }
                }
            } catch {
                failure = "stdin: \(error); the session holds the \(ran) step\(ran == 1 ? "" : "s") before it"
            }
        }
        let url: URL
        do { url = try recorder.finish() } catch {
            throw Failure(message: "cannot write the session: \(error)")
        }
        return Report(
            url: url, records: recorder.recordCount, micros: TraceEntry.micros(from: simulator.now), adjustments: recorder.adjustments,
            recovered: recorder.recovered, partial: recorder.partialURL, stepsRun: ran, failure: failure, signal: SignalFlag.received)
    }
}
