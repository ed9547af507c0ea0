import ArgumentParser
import Foundation
import TouchKit
import TouchScenes

/// Where scenes are looked up, for every command that takes a scene.
struct SceneOptions: ParsableArguments {
    @Option(name: .customLong("scenes-dir"), help: "A directory of scene files searched before the bundled Scenes/.")
    var scenesDirectory: String?

    var catalog: SceneCatalog {
        var directories: [URL] = []
        if let scenesDirectory { directories.append(URL(fileURLWithPath: scenesDirectory)) }
        if let bundled = SceneCatalog.bundledScenesDirectory() { directories.append(bundled) }
        return SceneCatalog(directories: directories)
    }

    /// Loads a scene or exits with its issues.
    func load(_ name: String) throws -> LoadedScene {
        do {
            return try catalog.load(name)
        } catch {
            printError(error.description)
            throw Exit.inputError
        }
    }
}

struct Scenes: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the bundled scenes (JSON files and Swift scenes).")

    @OptionGroup var sceneOptions: SceneOptions

    func run() throws {
        let catalog = sceneOptions.catalog
        for entry in catalog.entries() {
            let summary: String
            if let path = entry.path {
                summary = (try? SceneDecoder.load(contentsOf: URL(fileURLWithPath: path)))?.summary ?? "(does not load: run touchscope validate \(path))"
            } else {
                summary = SwiftScenes.all.first { $0.name == entry.name }?.summary ?? ""
            }
            print("\(entry.name.padding(toLength: 30, withPad: " ", startingAt: 0)) \(entry.kind.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)) \(summary)")
        }
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files; print every problem with its file, line, column and JSON path.",
        discussion: "Exits 1 when any file has a problem.")

    @Argument(help: "Scene files (.json).")
    var files: [String]

    func run() throws {
        var failed = false
        for file in files {
            do {
                let scene = try SceneDecoder.load(contentsOf: URL(fileURLWithPath: file))
                let count = scene.views.flatMap(\.allViews).count + (scene.rootController.map { $0.view.allViews.count } ?? 0)
                print("\(file): ok (scene \"\(scene.name)\", \(count) view\(count == 1 ? "" : "s"))")
            } catch {
                failed = true
                print(error.description)
                print("\(file): \(error.issues.count) problem\(error.issues.count == 1 ? "" : "s")")
            }
        }
        if failed { throw Exit.checkFailed }
    }
}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a UIKit recursiveDescription dump into a scene file.",
        discussion: "Prints what was mapped, what was kept as plain views and which lines were skipped.")

    @Argument(help: "A text file holding the output of `po [view recursiveDescription]`.")
    var dump: String

    @Option(name: .shortAndLong, help: "Where to write the scene (default: the dump's name with .json).")
    var output: String?

    @Option(help: "The scene's name (default: the dump's file name).")
    var name: String?

    func run() throws {
        guard let text = try? String(contentsOfFile: dump, encoding: .utf8) else {
            printError("\(dump): cannot read the file as UTF-8 text")
            throw Exit.inputError
        }
        let base = URL(fileURLWithPath: dump).deletingPathExtension()
        let report = RecursiveDescriptionImporter.importDump(text, name: name ?? base.lastPathComponent)
        let destination = output ?? base.appendingPathExtension("json").path
        do {
            try SceneEncoder.json(report.scene).write(toFile: destination, atomically: true, encoding: .utf8)
        } catch {
            printError("\(destination): cannot write the scene: \(error.localizedDescription)")
            throw Exit.inputError
        }
        print(report.summary)
        print("wrote \(destination)")
    }
}
