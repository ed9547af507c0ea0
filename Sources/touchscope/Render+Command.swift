import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes
import TouchScopeSDL

/// Overlay names on the command line.
enum OverlayChoice {
    static let names: [String: OverlayRenderer.Layers] = [
        "all": .all, "none": [], "hit": .hitTestPath, "chain": .responderChain, "gestures": .recognizers,
        "controls": .controlEvents, "trails": .trails, "pointer": .pointer, "help": .help,
    ]

    static func parse(_ text: String) throws -> OverlayRenderer.Layers {
        var layers: OverlayRenderer.Layers = []
        for name in text.split(separator: ",").map(String.init) {
            guard let layer = names[name] else {
                throw ValidationError("unknown overlay \"\(name)\" (overlays: \(names.keys.sorted().joined(separator: ", ")))")
            }
            layers.formUnion(layer)
        }
        return layers
    }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a scene (after replaying a session, if given) to a PNG, without a display.",
        discussion: "Uses SDL's offscreen driver and software renderer; overlays are drawn from the replayed trace.")

    @Argument(help: "The scene: a bundled name or a .json file.")
    var scene: String

    @Option(help: "A session to replay first.")
    var session: String?

    @Option(help: "Replay the session up to this time, in seconds (default: the end).")
    var at: Double?

    @Option(help: "Overlays: all, none, or a list of hit, chain, gestures, controls, trails, pointer, help.")
    var overlays = "all"

    @Flag(help: "Draw hidden views as faint dashed outlines.")
    var showHidden = false

    @Option(help: "Width of the picture in pixels (default: the scene plus the panel).")
    var width: Int?

    @Option(help: "Height of the picture in pixels (default: the scene's).")
    var height: Int?

    @Option(name: .shortAndLong, help: "Where to write the PNG.")
    var output: String

    @OptionGroup var sceneOptions: SceneOptions

    func run() throws {
        let layers = try OverlayChoice.parse(overlays)
        var session: Session?
        if let path = self.session {
            do {
                session = try SessionLoader.load(contentsOf: URL(fileURLWithPath: path))
                for warning in session?.warnings ?? [] { printError("\(path): warning: \(warning)") }
            } catch {
                printError(error.description)
                throw Exit.inputError
            }
        }
        let name = scene
        let options = sceneOptions
        _ = try options.load(name)
        let size = width.flatMap { w in height.map { (w, $0) } }
        let (summary, _) = try HeadlessRender.render(
            scene: { try options.catalog.load(name) }, session: session, at: at.map { TraceEntry.micros(from: $0) },
            overlays: layers, showHiddenViews: showHidden, size: size, output: output)
        print("wrote \(output) (\(summary.width)x\(summary.height) px\(session == nil ? "" : ", at \(TraceEntry.seconds(summary.atMicros)) s, \(summary.traceEntries) trace entries"))")
    }
}
