import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes
import TouchScopeSDL

/// The default command: the window when there is a display; a headless demo when there is not.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the default scene in a window, or, with no display, replay the demo session headless.")

    /// The scene and session the demo uses.
    static let defaultScene = "floating-menu"
    static let demoSession = "sessions/floating-menu.session"

    @Flag(help: "Run the headless demo even when a display is available.")
    var headless = false

    @Option(help: "Where the headless demo writes its picture.")
    var output = "touchscope-demo.png"

    @OptionGroup var sceneOptions: SceneOptions

    func run() throws {
        if !headless && SDLContext.hasDisplay {
            var open = try Open.parse([Self.defaultScene])
            open.sceneOptions = sceneOptions
            try open.run()
            return
        }
        try runHeadless()
    }

    func runHeadless() throws {
        print(SDLContext.hasDisplay ? "Headless demo (as asked)." : "No display found (DISPLAY is not set): running the headless demo instead of the window.")
        guard let directory = SceneCatalog.bundledScenesDirectory() else {
            printError("cannot find the bundled Scenes/ directory; run from the repository or set TOUCHSCOPE_SCENES")
            throw Exit.inputError
        }
        let sessionURL = directory.appendingPathComponent(Self.demoSession)
        let session: Session
        do {
            session = try SessionLoader.load(contentsOf: sessionURL)
        } catch {
            printError(error.description)
            throw Exit.inputError
        }
        let catalog = sceneOptions.catalog
        let replayer = try SessionReplayer(session: session, scene: { try catalog.load(session.header.sceneName) })
        replayer.runToEnd()
        let trace = replayer.trace
        print("Replayed \(sessionURL.path) on scene \"\(session.header.sceneName)\": \(session.inputs.count) input events, \(trace.entries.count) trace entries over \(TraceEntry.seconds(session.duration)) s.")
        print("")
        print("What happened (notes, hits and actions from the trace):")
        for entry in trace.entries {
            switch entry.event {
            case .note, .hitResult, .gestureAction, .controlEvent, .touchCancelledInView:
                print("  " + entry.description)
            default:
                continue
            }
        }
        let (summary, _) = try HeadlessRender.render(
            scene: { try catalog.load(session.header.sceneName) }, session: session, at: nil, overlays: .all, output: output)
        print("")
        print("Wrote \(output) (\(summary.width)x\(summary.height) px): the last frame with the hit-test path, responder chain, recognizers and control events.")
        print("To open the window instead, run on a machine with a display: swift run touchscope open \(Self.defaultScene)")
        print("Full trace: swift run touchscope replay \(sessionURL.path)")
    }
}
