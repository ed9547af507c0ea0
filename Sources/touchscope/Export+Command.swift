import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes
import TouchScopeSDL
import TouchSwiftUI

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a session into something to share or keep: a GIF, an MP4, an HTML report, or a Swift test.",
        discussion: """
            --gif and --mp4 play the session with the window's overlays (the frames `render --session \
            S --at T` draws), at --fps, --speed, from --from to --to seconds, --width pixels wide. \
            --mp4 pipes the frames to ffmpeg (H.264, yuv420p). --html writes one self-contained page: \
            a frame at every routing moment, a timeline with notes and markers, and the trace grouped \
            by input with search and filters. --swift-test writes a readable test that drives \
            TouchSimulator with the session's gestures and asserts which views were hit, which \
            control events fired, which recognizers recognized and which notes appeared (--xctest: \
            an XCTestCase). Every file is written whole or not at all.
            """)

    @Argument(help: "A session file (.session, JSON Lines).")
    var session: String

    @Option(help: "The scene to replay on (default: the one the session's header records).")
    var scene: String?

    @Option(help: "Write an animated GIF of the replay to this file.")
    var gif: String?

    @Option(help: "Write an H.264 MP4 of the replay to this file (needs ffmpeg).")
    var mp4: String?

    @Option(help: "Write a self-contained HTML report to this file.")
    var html: String?

    @Option(
        help:
            "With --html: two eras side by side, A,B (ios17, ios18, ios26): both pictures at every moment, both traces, the outcomes that differ with the rule at the decision, and the fixes that hold in every era."
    )
    var eras: String?

    @Flag(help: "Write a Swift test of the session's outcomes (to -o).")
    var swiftTest = false

    @Flag(help: "With --swift-test: an XCTestCase instead of Swift Testing.")
    var xctest = false

    @Option(
        help:
            "With --swift-test: the outcomes asserted after each step: default (hits, control events that fire actions, recognitions, notes, actions) or all."
    )
    var assert: String = "default"

    @Option(
        help:
            "With --swift-test: the scene file as a path relative to the package the test goes into (default: the bundled scene by name, else the scene itself inside the test)."
    )
    var scenePath: String?

    @Option(
        help:
            "With --swift-test: auto (the test reads the scene file the session names when that file is in the test's package, so it checks the app as it is when it runs; else the test carries the scene) or recording (the test carries the scene the session recorded)."
    )
    var sceneFrom: String = "auto"

    @Option(
        name: .shortAndLong,
        help: "Where to write: the extension picks what (.gif, .mp4, .html, .swift), as --gif, --mp4, --html and --swift-test do.")
    var output: String?

    @Option(help: "Frames a second of playback for --gif and --mp4, 1 to 60.")
    var fps: Double = 20

    @Option(help: "Playback speed, 0.05 to 20 (2 plays twice as fast).")
    var speed: Double = 1

    @Option(help: "Start at this time of the session, in seconds (default: its start).")
    var from: Double?

    @Option(help: "End at this time of the session, in seconds (default: its end).")
    var to: Double?

    @Option(help: "Picture width in pixels, 16 to 4096 (default: the scene at 1:1 with the panel beside it, in every format).")
    var width: Int?

    @OptionGroup var overlayOptions: OverlayOptions

    @OptionGroup var sceneOptions: SceneOptions

    func validate() throws {
        let chosen = [gifPath != nil, mp4Path != nil, htmlPath != nil, isSwiftTest].filter { $0 }.count
        if chosen == 0, let output {
            throw ValidationError("-o \(output): name a .gif, .mp4, .html or .swift file, or give --gif, --mp4, --html or --swift-test")
        }
        guard chosen == 1 else {
            throw ValidationError(
                chosen == 0
                    ? "choose what to export: --gif FILE, --mp4 FILE, --html FILE or --swift-test -o FILE"
                    : "export one thing at a time: --gif, --mp4, --html or --swift-test")
        }
        if xctest && !isSwiftTest { throw ValidationError("--xctest goes with --swift-test") }
        if sceneFrom != "auto" && sceneFrom != "recording" {
            throw ValidationError("--scene-from: expected auto or recording, not \"\(TerminalText.line(String(sceneFrom.prefix(40))))\"")
        }
        if (scenePath != nil || assert != "default" || sceneFrom != "auto") && !isSwiftTest {
            throw ValidationError("--scene-path and --assert go with --swift-test")
        }
        if StepOutcome.Selection(rawValue: assert) == nil { throw ValidationError("--assert: expected default or all, not \"\(assert.prefix(40))\"") }
        if let scenePath, scenePath.hasPrefix("/") || scenePath.split(separator: "/").contains("..") || !scenePath.hasSuffix(".json") {
            throw ValidationError(
                "--scene-path: a .json path relative to the package, without .. (Scenes/menu.json), not \"\(scenePath.prefix(80))\"")
        }
        if isSwiftTest && output == nil { throw ValidationError("--swift-test writes to -o FILE") }
        if output != nil && (gif != nil || mp4 != nil || html != nil) {
            throw ValidationError("-o and --gif, --mp4 or --html name the same file twice; give one")
        }
        try Check.finite(fps, 1...60, "--fps")
        try Check.finite(speed, 0.05...20, "--speed")
        if let from { try Check.seconds(from, "--from") }
        if let to { try Check.seconds(to, "--to") }
        if let from, let to, from >= to { throw ValidationError("--from (\(from) s) must come before --to (\(to) s)") }
        if let width { try Check.range(width, 16...4096, "--width", unit: "pixels") }
        _ = try overlayOptions.layers()
        if eras != nil {
            guard htmlPath != nil else { throw ValidationError("--eras goes with --html (a report with two eras side by side)") }
            _ = try eraPair()
        }
    }

    /// The two eras `--eras A,B` names.
    func eraPair() throws -> (SwiftUIEra, SwiftUIEra)? {
        guard let eras else { return nil }
        let names = eras.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let parsed = names.compactMap(SwiftUIEra.init(rawValue:))
        guard names.count == 2, parsed.count == 2, parsed[0] != parsed[1] else {
            throw ValidationError(
                "--eras: expected two different eras as A,B from ios17, ios18, ios26 (ios17,ios26), not \"\(TerminalText.line(String(eras.prefix(40))))\""
            )
        }
        return (parsed[0], parsed[1])
    }

    func run() throws {
        let input = try SessionInput.load(session, scene: scene, options: sceneOptions)
        if !isSwiftTest {
            try exportPicture(input)
            return
        }
        let output = self.output ?? ""
        do { try OutputGuard.check(output, inputs: input.files) } catch {
            printError("cannot write the test: \(error)")
            throw Exit.inputError
        }
        let reference: SwiftTestExporter.SceneReference
        // The test finds its scene where it can move with it: a bundled scene by name (when it is
        // the bundled scene unchanged), a path in the package given with --scene-path, else the
        // scene itself, as JSON inside the test.
        let bundled = sceneOptions.catalog.loadBundled(named: input.scene.name)
        if let scenePath {
            try checkScenePath(scenePath, output: output, scene: input.scene)
            reference = .packageFile(scenePath)
        } else if sceneFrom != "recording", let packagePath = appScenePath(input, output: output) {
            // The session names the app's scene file, inside the package the test goes into: the
            // test reads that file when it runs, so it checks the app as it is then (as `check`).
            reference = .packageFile(packagePath)
            print("the test reads \(TerminalText.line(packagePath)) (the scene file the session names) when it runs")
        } else if case .swift = input.scene.source {
            reference = .bundled(input.scene.name)
        } else if let bundled, bundled.contentHash == input.scene.contentHash {
            reference = .bundled(input.scene.name)
        } else if let json = input.scene.canonicalText {
            reference = .inline(json: json, name: input.scene.name, hash: input.scene.contentHash)
        } else {
            reference = .bundled(input.scene.name)
        }
        let source: String
        do {
            source = try SwiftTestExporter.source(
                session: input.session, sessionName: URL(fileURLWithPath: session).lastPathComponent, scene: reference,
                makeScene: input.makeScene, style: xctest ? .xctest : .swiftTesting,
                asserting: StepOutcome.Selection(rawValue: assert) ?? .default)
        } catch let problem as SwiftTestExporter.Problem {
            printError("\(TerminalText.line(session)): \(problem.message)")
            throw Exit.checkFailed
        }
        do {
            try AtomicFile.write(source, to: output, inputs: input.files)
        } catch {
            printError("cannot write the test: \(error)")
            throw Exit.inputError
        }
        print("wrote \(TerminalText.line(output)): \(xctest ? "an XCTest" : "a Swift Testing") test of \(TerminalText.line(session))")
    }

    /// The scene file the session's header names, as a path relative to the package above
    /// `output`, when that file exists inside that package; nil otherwise (the test then carries
    /// its scene or names a bundled one).
    func appScenePath(_ input: SessionInput, output: String) -> String? {
        guard let file = SessionScene.headerScenePath(of: input.session, sessionFile: input.path),
            FileManager.default.fileExists(atPath: file), let directory = Self.packageRoot(above: output)
        else { return nil }
        let root = directory.path.hasSuffix("/") ? directory.path : directory.path + "/"
        guard file.hasPrefix(root) else { return nil }
        let inside = String(file.dropFirst(root.count))
        guard !inside.split(separator: "/").contains(".."), inside.hasSuffix(".json") else { return nil }
        return inside
    }

    /// Refuses a --scene-path the generated test could not use: no package above the test, or a
    /// file there that is not the scene the session plays on.
    /// The nearest folder above `output` that holds a `Package.swift`: the package a generated
    /// test goes into; nil when there is none.
    static func packageRoot(above output: String) -> URL? {
        var directory = URL(fileURLWithPath: OutputGuard.resolved(output)).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    func checkScenePath(_ path: String, output: String, scene: LoadedScene) throws {
        guard let directory = Self.packageRoot(above: output) else {
            printError("--scene-path: no Package.swift above \(TerminalText.line(output)); the test finds its scene relative to its package")
            throw Exit.inputError
        }
        let file = directory.appendingPathComponent(path)
        let found: LoadedScene
        do { found = try SceneCatalog.loadFile(file) } catch {
            printError("--scene-path: \(TerminalText.line(file.path)) does not load as a scene: \(error)")
            throw Exit.inputError
        }
        if found.contentHash != scene.contentHash {
            printError(
                "warning: --scene-path \(path) (\(file.path)) is not the scene this session plays on (hash \(found.contentHash), session's \(scene.contentHash)); the test expects the session's outcomes"
            )
        }
    }

    /// What to write, from the flags or from `-o`'s extension (`-o menu.gif` is `--gif menu.gif`).
    func outputWithExtension(_ extensions: [String]) -> String? {
        guard let output, extensions.contains(URL(fileURLWithPath: output).pathExtension.lowercased()) else { return nil }
        return output
    }
    var gifPath: String? { gif ?? outputWithExtension(["gif"]) }
    var mp4Path: String? { mp4 ?? outputWithExtension(["mp4"]) }
    var htmlPath: String? { html ?? outputWithExtension(["html", "htm"]) }
    var isSwiftTest: Bool { swiftTest || (gif == nil && mp4 == nil && html == nil && outputWithExtension(["swift"]) != nil) }

    /// --gif, --mp4 or --html.
    func exportPicture(_ input: SessionInput) throws {
        var options = SessionExporter.Options()
        options.overlays = try overlayOptions.layers()
        options.showHiddenViews = overlayOptions.showHidden
        options.fps = fps
        options.speed = speed
        options.from = from.map { TraceEntry.micros(from: $0) }
        options.to = to.map { TraceEntry.micros(from: $0) }
        options.width = width
        options.inputs = input.files
        // Long exports: a progress line on a terminal, and Ctrl-C or SIGTERM stop with nothing written.
        SignalFlag.install()
        if isatty(STDERR_FILENO) == 1 {
            options.progress = { done, total in
                guard done == total || done % 20 == 0 else { return }
                FileHandle.standardError.write(Data("\rframe \(done) of \(total)\(done == total ? "\n" : "")".utf8))
            }
        }
        if let from, TraceEntry.micros(from: from) > input.session.duration {
            printError("--from \(from) s is past the session's end (\(TraceEntry.seconds(input.session.duration)) s)")
            throw Exit.usage
        }
        let what: String
        let path: String
        let summary: SessionExporter.Summary
        do {
            if let gif = gifPath {
                (what, path) = ("GIF", gif)
                summary = try SessionExporter.gif(session: input.session, scene: input.makeScene, options: options, to: gif)
            } else if let mp4 = mp4Path {
                guard let ffmpeg = SessionExporter.ffmpegPath else {
                    printError("--mp4 needs ffmpeg, which is not installed: apt-get install ffmpeg (tools/install-deps.sh installs it)")
                    throw Exit.inputError
                }
                (what, path) = ("MP4", mp4)
                summary = try SessionExporter.mp4(session: input.session, scene: input.makeScene, options: options, to: mp4, ffmpeg: ffmpeg)
            } else {
                let html = htmlPath ?? ""
                (what, path) = ("HTML report", html)
                if let pair = try eraPair() {
                    summary = try HTMLReport.writeEras(
                        session: input.session, sessionName: URL(fileURLWithPath: session).lastPathComponent, scene: input.scene, eras: pair,
                        options: options, to: html)
                } else {
                    summary = try HTMLReport.write(
                        session: input.session, sessionName: URL(fileURLWithPath: session).lastPathComponent, scene: input.makeScene,
                        options: options, to: html)
                }
            }
        } catch let error as FileError {
            printError("cannot write the export: \(error)")
            throw Exit.inputError
        } catch let error as ExportError {
            printError("cannot export: \(error)")
            throw Exit.inputError
        } catch let error as HeadlessRender.PictureTooLarge {
            printError("--width \(width.map(String.init) ?? "(default)"): \(error)")
            throw Exit.usage
        } catch let stop as SessionExporter.Interrupted {
            printError("\nstopped by signal \(stop.signal) after \(stop.framesDone) frames; nothing written")
            throw Exit.signal(stop.signal)
        }
        let unit = what == "HTML report" ? "moments" : "frames"
        print(
            "wrote \(TerminalText.line(path)): \(what), \(summary.frames) \(unit), \(summary.width)x\(summary.height) px, \(Self.size(summary.bytes))"
        )
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6) : String(format: "%.0f kB", Double(bytes) / 1e3)
    }
}
