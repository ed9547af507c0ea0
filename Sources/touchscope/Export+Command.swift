import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a session into something to share or keep: a Swift test of its outcomes.",
        discussion: """
            --swift-test writes a readable test that loads the scene, drives TouchSimulator with the \
            session's gestures (taps, long presses and drags where the input allows, raw touches \
            otherwise) and asserts which views were hit, which control events fired, which recognizers \
            recognized and which notes appeared. --xctest writes an XCTestCase instead of Swift Testing.
            """)

    @Argument(help: "A session file (.session, JSON Lines).")
    var session: String

    @Option(help: "The scene to replay on (default: the one the session's header records).")
    var scene: String?

    @Flag(help: "Write a Swift test of the session's outcomes.")
    var swiftTest = false

    @Flag(help: "With --swift-test: an XCTestCase instead of Swift Testing.")
    var xctest = false

    @Option(name: .shortAndLong, help: "Where to write it.")
    var output: String

    @OptionGroup var sceneOptions: SceneOptions

    func validate() throws {
        guard swiftTest else { throw ValidationError("choose what to export: --swift-test") }
        if xctest && !swiftTest { throw ValidationError("--xctest goes with --swift-test") }
    }

    func run() throws {
        let input = try SessionInput.load(session, scene: scene, options: sceneOptions)
        let reference: SwiftTestExporter.SceneReference
        if case .file(let path, _) = input.scene.source, sceneOptions.catalog.loadBundled(named: input.scene.name) == nil
            || scene != nil
        {
            let directory = URL(fileURLWithPath: output).standardized.deletingLastPathComponent().path
            reference = .relativeFile(SessionScene.relativePath(of: path, from: directory))
        } else {
            reference = .bundled(input.scene.name)
        }
        let source: String
        do {
            source = try SwiftTestExporter.source(
                session: input.session, sessionName: URL(fileURLWithPath: session).lastPathComponent, scene: reference,
                makeScene: input.makeScene, style: xctest ? .xctest : .swiftTesting)
        } catch let problem as SwiftTestExporter.Problem {
            printError("\(session): \(problem.message)")
            throw Exit.checkFailed
        }
        do {
            try AtomicFile.write(source, to: output)
        } catch {
            printError("cannot write the test: \(error)")
            throw Exit.inputError
        }
        print("wrote \(output): a \(xctest ? "XCTest" : "Swift Testing") test of \(session)")
    }
}
