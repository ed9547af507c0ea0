import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes
import TouchScopeSDL

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a scene, or a session at a time, to a PNG, without a display.",
        discussion: """
            Uses SDL's offscreen driver and software renderer; overlays are drawn from the replayed trace. \
            With --session the scene comes from the session's header unless one is given; --at picks the \
            time (default: the end, where the last gesture's marks are drawn). A time past the end is \
            clamped to the end, with a warning. --width alone keeps the aspect ratio; a picture too \
            narrow for the side panel is drawn without it. A picture is at most 8192 px a side and \
            33,554,432 pixels, however its size was asked for (exit 64 past that); without --width or \
            --height a scene too big at 1:1 is shrunk to fit.
            """)

    @OptionGroup var scene: SceneArgument

    @Option(help: "A session to replay first.")
    var session: String?

    @Option(help: "Draw the session at this time, in seconds (0 or more; default: its end). Needs --session.")
    var at: Double?

    @OptionGroup var overlayOptions: OverlayOptions

    @Option(help: "Show the inspector for this view (an id or a trace name), with why the last touch did or did not reach it.")
    var inspect: String?

    @Option(
        help: ArgumentHelp(
            "Describe the touch this many touches before the latest, as Shift-Tab does in the window (the last \(TraceModel.earlierGesturesKept) gestures are kept). Needs --session.",
            valueName: "n"))
    var earlier: Int?

    @Option(help: "Width of the picture in pixels, 1 to 8192 (default: the scene plus the panel).")
    var width: Int?

    @Option(help: "Height of the picture in pixels, 1 to 8192 (default: the scene's, or kept in proportion to --width).")
    var height: Int?

    @Option(name: .shortAndLong, help: "Where to write the PNG.")
    var output: String

    @OptionGroup var sceneOptions: SceneOptions

    mutating func validate() throws {
        if session == nil, let given = scene.takeSession() { session = given }
        try scene.check()
        if session == nil && scene.name == nil { throw ValidationError("give a scene, or --session to draw a session") }
        if let at {
            guard session != nil else { throw ValidationError("--at picks a time in a session; give --session too") }
            try Check.seconds(at, "--at")
        }
        if let earlier {
            guard session != nil else { throw ValidationError("--earlier picks a recorded touch; give --session too") }
            try Check.range(earlier, 0...100_000, "--earlier", unit: "touches")
        }
        if let width { try Check.range(width, 1...HeadlessRender.maximumSide, "--width", unit: "pixels") }
        if let height { try Check.range(height, 1...HeadlessRender.maximumSide, "--height", unit: "pixels") }
        if let width, let height, width * height > HeadlessRender.maximumPixels {
            throw ValidationError("--width × --height must be at most \(HeadlessRender.maximumPixels) pixels, not \(width * height)")
        }
        _ = try overlayOptions.layers()
    }

    func run() throws {
        let layers = try overlayOptions.layers()
        let loaded = try SceneOrSession.load(scene: scene.name, session: session, options: sceneOptions)
        let (sessionInput, makeScene, first) = (loaded.session, loaded.makeScene, loaded.scene)
        var atMicros = at.map { TraceEntry.micros(from: $0) }
        if let requested = atMicros, let session = sessionInput?.session, requested > session.duration {
            printError("warning: --at \(at ?? 0) s is past the session's end (\(TraceEntry.seconds(session.duration)) s); drawing the end")
            atMicros = session.duration
        }
        let size: (Int, Int)
        do {
            size = try HeadlessRender.pictureSize(for: first, overlays: layers, hasTimeline: sessionInput != nil, width: width, height: height)
        } catch let error as HeadlessRender.PictureTooLarge {
            let asked = [width.map { "--width \($0)" }, height.map { "--height \($0)" }].compactMap { $0 }.joined(separator: " ")
            printError("\(asked): \(error)")
            throw Exit.usage
        }
        if !layers.isEmpty && !HeadlessRender.hasRoomForPanel(width: size.0) {
            printError(
                "warning: a picture \(size.0) px wide has no room for the side panel (\(HeadlessRender.minimumWidthWithPanel) px at least); drawn without it"
            )
        }
        let summary: HeadlessRender.Summary
        do {
            summary = try HeadlessRender.render(
                scene: makeScene, session: sessionInput?.session, at: atMicros, overlays: layers,
                showHiddenViews: overlayOptions.showHidden, inspect: inspect, earlier: earlier ?? 0, size: size,
                output: output,
                inputs: sessionInput?.files ?? first.filePath.map { [$0] } ?? []
            ).0
        } catch let error as HeadlessRender.NoSuchView {
            printError("--inspect: \(error)")
            throw Exit.inputError
        } catch let error as FileError {
            printError("cannot write the picture: \(error)")
            throw Exit.inputError
        }
        if let earlier, summary.touchesBack < earlier {
            printError(
                "warning: --earlier \(earlier): only \(summary.touchesBack) touch\(summary.touchesBack == 1 ? " is" : "es are") kept before the latest; describing the oldest"
            )
        }
        var detail = sessionInput == nil ? "" : ", at \(TraceEntry.seconds(summary.atMicros)) s, \(summary.traceEntries) trace entries"
        if summary.touchesBack > 0, let finger = summary.describedFinger {
            detail += ", describing finger \(finger), \(TraceModel.touchesBack(summary.touchesBack))"
        }
        print("wrote \(TerminalText.line(output)) (\(summary.width)x\(summary.height) px\(detail))")
    }
}
