import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes

struct Scenes: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the bundled scenes (JSON files and Swift scenes).")

    @OptionGroup var sceneOptions: SceneOptions

    func run() throws {
        let catalog = sceneOptions.catalog
        for entry in catalog.entries() {
            let summary: String
            if let path = entry.path {
                do {
                    let description = try SceneDecoder.load(contentsOf: URL(fileURLWithPath: path))
                    summary = description.summary ?? ""
                } catch {
                    summary = "(does not load: run touchscope validate \(path))"
                }
            } else {
                summary = SwiftScenes.all.first { $0.name == entry.name }?.summary ?? ""
            }
            let line =
                "\(entry.name.padding(toLength: 30, withPad: " ", startingAt: 0)) \(entry.kind.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)) \(summary)"
            print(line.trimmingCharacters(in: .whitespaces))
        }
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scenes; print every problem with its file, line, column and JSON path.",
        discussion: """
            Each argument is a .json file or a bundled scene's name. Exits 1 when a scene has a problem, \
            2 when a file cannot be read (missing, a directory, not a regular file, too large).
            """)

    @Argument(help: "Scene files (.json) or bundled scene names.")
    var scenes: [String]

    @OptionGroup var sceneOptions: SceneOptions

    func validate() throws {
        if scenes.isEmpty { throw ValidationError("give at least one scene file or name") }
    }

    func run() throws {
        var invalid = false
        var unreadable = false
        let catalog = sceneOptions.catalog
        for argument in scenes {
            var path = argument
            if !FileManager.default.fileExists(atPath: argument), !argument.contains("/"), !argument.hasSuffix(".json"),
                let entry = catalog.entries().first(where: { $0.name == argument })
            {
                guard let file = entry.path else {
                    print("\(TerminalText.line(argument)): ok (a Swift scene, checked by the compiler)")
                    continue
                }
                path = file
            }
            do {
                _ = try RegularFile(path: path, maximumSize: SceneDecoder.maximumFileSize, what: "scene file")
            } catch {
                unreadable = true
                printError("\(TerminalText.line(argument)): cannot read the scene: \(error.reason)")
                continue
            }
            do {
                let scene = try SceneDecoder.load(contentsOf: URL(fileURLWithPath: path))
                let count = scene.views.flatMap(\.allViews).count + (scene.rootController.map { $0.view.allViews.count } ?? 0)
                print("\(TerminalText.line(path)): ok (scene \"\(scene.name)\", \(count) view\(count == 1 ? "" : "s"))")
            } catch {
                invalid = true
                print(error.description)
                print("\(TerminalText.line(path)): \(error.problemCount) problem\(error.problemCount == 1 ? "" : "s")")
            }
        }
        if unreadable { throw Exit.inputError }
        if invalid { throw Exit.checkFailed }
    }
}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a UIKit recursiveDescription dump into a scene file.",
        discussion: """
            Prints what was mapped, what was kept as plain views and which lines were skipped. Without \
            -o the scene goes next to the dump, with .json, and an existing file there is never replaced \
            (give -o to replace it); the dump itself is never written over. A dump with no view lines \
            writes nothing and exits 1.
            """)

    @Argument(help: "A text file holding the output of `po [view recursiveDescription]`.")
    var dump: String

    @Option(name: .shortAndLong, help: "Where to write the scene (default: the dump's name with .json; never replaces a file unless named here).")
    var output: String?

    @Option(help: "The scene's name (default: the dump's file name).")
    var name: String?

    /// Largest dump read, in bytes.
    static let maximumDumpSize = 64 << 20

    func run() throws {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.contents(of: dump, maximumSize: Self.maximumDumpSize, what: "dump")
        } catch {
            printError("cannot read the dump: \(error)")
            throw Exit.inputError
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            printError("\(TerminalText.line(dump)): the dump is not UTF-8 text")
            throw Exit.inputError
        }
        let base = URL(fileURLWithPath: dump).deletingPathExtension()
        let destination = output ?? base.appendingPathExtension("json").path
        if let kind = FileKind(of: text) {
            printError("\(TerminalText.line(dump)): this is a TouchScope \(kind.rawValue), not a `recursiveDescription` dump; nothing written")
            throw Exit.inputError
        }
        let report = RecursiveDescriptionImporter.importDump(text, name: name ?? SafeFileName.component(base.lastPathComponent))
        print(report.summary)
        guard report.viewCount > 0 else {
            printError(
                "\(dump): no view lines found (a line of `po [view recursiveDescription]` looks like \"<UIView: 0x7f8...; frame = (0 0; 390 844); ...>\"); nothing written"
            )
            throw Exit.checkFailed
        }
        if let refusal = report.refusal {
            printError("\(TerminalText.line(dump)): \(refusal); nothing written")
            throw Exit.checkFailed
        }
        let json = SceneEncoder.json(report.scene)
        guard json.utf8.count <= SceneDecoder.maximumFileSize else {
            printError(
                "\(dump): the scene would be \(json.utf8.count) bytes; scene files may be at most \(SceneDecoder.maximumFileSize); nothing written")
            throw Exit.checkFailed
        }
        do {
            try AtomicFile.write(json, to: destination, inputs: [dump], existing: output == nil ? .refuse : .replace)
        } catch {
            let hint = error.reason == "the file already exists" ? " (give -o \(destination) to replace it, or another -o)" : ""
            printError("cannot write the scene: \(error)\(hint)")
            throw Exit.inputError
        }
        print("wrote \(TerminalText.line(destination))")
    }
}
