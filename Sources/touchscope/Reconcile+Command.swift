import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// `touchscope reconcile`: scene changes that make the model agree with the device.
struct Reconcile: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Propose scene changes that make the model agree with the device, each re-run on the whole session.",
        discussion: """
            For a session a capture recorded (it carries device records: what UIKit did), each touch \
            where the model disagrees with the device gets candidate scene changes drawn from the \
            fact that differs: a view that lets touches through or hands them on, a grown hit area, \
            a delegate answer where the touch decides, a failure requirement, cancelsTouchesInView, \
            a scroll view's touchesShouldCancel(in:). Each is applied to a copy of the scene and the \
            whole session re-run against the device; only changes that make their touch agree and \
            break no touch that agreed are shown, with what else they change. -o writes the scene \
            with the chosen change (--pick, default the first); the session is never changed. \
            Exit status: 0 when model and device agree after the change written (or already \
            agree), 1 when disagreements remain, 2 when the input cannot be read.
            """)

    @Argument(help: "A session recorded by TouchScopeCapture (with device records).")
    var session: String

    @Option(help: "The scene to reconcile (default: the one the session carries, else the one its header names).")
    var scene: String?

    @Option(name: .shortAndLong, help: "Write the scene with the chosen change here (.json).")
    var output: String?

    @Option(help: "Which change -o writes, by its number in the list (default 1).")
    var pick = 1

    @Flag(help: "Print the result as JSON.")
    var json = false

    @OptionGroup var sceneOptions: SceneOptions

    func validate() throws {
        guard pick >= 1 && pick <= 10_000 else { throw ValidationError("--pick takes a change's number, 1 or more") }
    }

    func run() throws {
        let input = try SessionInput.load(session, scene: scene, options: sceneOptions)
        guard !input.session.device.isEmpty else {
            printError(
                "\(TerminalText.line(session)): this session has no device records (it was not captured from an app by TouchScopeCapture, format version 5); there is no device to reconcile with"
            )
            throw Exit.inputError
        }
        guard let description = input.scene.sceneDescription else {
            printError("\(input.scene.name) is a Swift scene; reconcile changes a JSON scene (a Swift scene is code)")
            throw Exit.inputError
        }
        let result: Reconciliation
        do { result = try Reconciliation.run(session: input.session, scene: description) } catch {
            printError("\(TerminalText.line(session)): the scene cannot be built: \(error)")
            throw Exit.inputError
        }
        if json { print(JSONWriter.compact(result.json)) } else { for line in result.lines { print(line) } }
        if result.before.disagreements.isEmpty { return }
        guard let output else {
            if result.changes.isEmpty { throw Exit.checkFailed }
            if !json { print("write one: touchscope reconcile \(TerminalText.line(session)) -o SCENE.json [--pick N]") }
            throw Exit.checkFailed
        }
        guard result.changes.indices.contains(pick - 1) else {
            printError(result.changes.isEmpty ? "no change to write" : "--pick \(pick): there are \(result.changes.count) changes")
            throw Exit.inputError
        }
        let change = result.changes[pick - 1]
        do {
            try AtomicFile.write(SceneEncoder.json(change.scene), to: output, inputs: input.files, existing: .replace)
        } catch {
            printError("cannot write the scene: \(error)")
            throw Exit.inputError
        }
        if !json { print("wrote \(TerminalText.line(output)) with change \(pick): \(change.change)") }
        if !change.after.disagreements.isEmpty { throw Exit.checkFailed }
    }
}
