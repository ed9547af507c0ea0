import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes
import TouchScopeSDL

/// The default command: the window when there is a display; a headless demo when there is not.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open the default scene in a window, or, with no display, replay the demo session headless.",
        discussion: """
            Headless, it replays the bundled session Scenes/sessions/floating-menu.session on the virtual \
            clock, prints what happened, and writes the last frame with every overlay to a PNG (by default \
            in the system's temporary directory, so that running it changes nothing where it runs).
            """)

    /// The scene and session the demo uses.
    static let defaultScene = "floating-menu"
    static let demoSession = "sessions/floating-menu.session"

    @Flag(help: "Run the headless demo even when a display is available.")
    var headless = false

    @Option(name: .shortAndLong, help: "Where the headless demo writes its picture (default: <temporary directory>/touchscope-demo.png).")
    var output: String?

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
        print(
            SDLContext.hasDisplay
                ? "Headless demo (as asked)." : "No display found (DISPLAY is not set): running the headless demo instead of the window.")
        guard let directory = SceneCatalog.bundledScenesDirectory() else {
            printError("cannot find the bundled Scenes/ directory; run from the repository or set TOUCHSCOPE_SCENES")
            throw Exit.inputError
        }
        let sessionPath = directory.appendingPathComponent(Self.demoSession).path
        let input = try SessionInput.load(sessionPath, scene: nil, options: sceneOptions)
        let session = input.session
        let replayer = try SessionReplayer(session: session, scene: input.makeScene)
        replayer.runToEnd()
        let trace = replayer.trace
        print(
            "Replayed \(sessionPath) on scene \"\(input.scene.name)\": \(session.inputs.count) input events, \(trace.entries.count) trace entries over \(TraceEntry.seconds(session.duration)) s."
        )
        print("")
        print("What happened (notes, hits and actions from the trace):")
        for entry in trace.entries {
            switch entry.event {
            case .note, .hitResult, .gestureAction, .controlEvent, .touchCancelledInView, .layer:
                print("  " + entry.description)
            case .input, .sendEvent, .hitTestBegan, .hitVisit, .hitPassed, .hitSkippedSubviews, .hitOverride,
                .hitPointInsideOverride, .responderChain, .touchBlocked, .inputDropped, .deliver, .forward,
                .touchDelayed, .touchReleased, .gestureBound, .gestureIgnored, .gestureState, .gestureWaiting,
                .gestureIllegalTransition, .gestureReset, .controlTracking, .controlAction, .scrollOffset,
                .scrollDecision, .actionSent, .eventRouted, .firstResponder, .loopStopped, .marker:
                continue
            }
        }
        let destination = output ?? FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-demo.png").path
        let summary: HeadlessRender.Summary
        do {
            summary = try HeadlessRender.render(
                scene: input.makeScene, session: session, at: nil, overlays: .all, output: destination, inputs: input.files
            ).0
        } catch let error as FileError {
            printError("cannot write the picture: \(error)")
            throw Exit.inputError
        }
        print("")
        print(
            "Wrote \(destination) (\(summary.width)x\(summary.height) px): the last frame with the hit-test path, responder chain, recognizers and control events."
        )
        print("To open the window instead, run on a machine with a display: swift run touchscope open \(Self.defaultScene)")
        print("Ask why a view did or did not get a touch: swift run touchscope why \(Self.defaultScene) --at 300,690")
        print("The whole timeline: swift run touchscope trace \(TerminalText.line(sessionPath))")
    }
}
