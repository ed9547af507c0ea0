import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Print a session's timeline: every routing decision, grouped by input event.",
        discussion: """
            Replays the session headless and prints the trace as it goes (nothing is held in memory). \
            A blank line starts each input event and each marker, under its own time. --only keeps some \
            families of entries: input, hits, chain, deliveries, recognizers, controls, scroll, actions, \
            notes, layers. --arbitration adds every question arbitration asks about two recognizers, \
            with its answer and who gave it (an `arbitration` layer entry: share a touch, recognize \
            simultaneously, require failure, may prevent). A scroll view's deceleration is one line (--all-frames prints each frame). --json prints one object per entry with named fields and the time t in seconds \
            (docs/trace-json.md). To check a session against its golden, use `touchscope replay --check`.
            """)

    @Argument(help: "A session file (.session, JSON Lines).")
    var session: String

    @Option(help: "The scene to replay on (default: the one the session's header records).")
    var scene: String?

    @Option(
        help:
            "Only these families of entries, comma-separated (input, hits, chain, deliveries, recognizers, controls, scroll, actions, notes, layers)."
    )
    var only: String?

    @Flag(help: "Print entries as JSON Lines.")
    var json = false

    @Flag(help: "Print every frame of a scroll view's deceleration, not one line for it.")
    var allFrames = false

    @Flag(help: "Also trace every question arbitration asks about two recognizers, with its answer and who gave it.")
    var arbitration = false

    @OptionGroup var sceneOptions: SceneOptions

    func validate() throws {
        if let only, case .failure(let error) = TraceTopic.parseList(only) { throw ValidationError("--only: \(error)") }
    }

    /// A category padded to the column's width, never cut (a layer's name may be longer).
    static func column(_ category: String) -> String {
        category.count >= 9 ? category : category.padding(toLength: 9, withPad: " ", startingAt: 0)
    }

    func run() throws {
        let input = try SessionInput.load(session, scene: scene, options: sceneOptions)
        var topics: Set<TraceTopic>?
        if let only, case .success(let chosen) = TraceTopic.parseList(only) { topics = chosen }
        let replayer = try SessionReplayer(session: input.session, scene: input.makeScene)
        replayer.application.debugOptions.tracesArbitration = arbitration
        let trace = replayer.trace
        trace.retainsEntries = false
        let output = LineOutput()
        if !json {
            output.line(
                "session on scene \"\(input.scene.name)\", \(input.session.inputs.count) input events over \(TraceEntry.seconds(input.session.duration)) s"
            )
        }
        var groupTime: Int64 = -1
        var folding = DecelerationFolding()
        let folds = !json && !allFrames
        let printEntry: (TraceEntry) -> Void = { entry in
            let startsGroup: Bool
            if case .input = entry.event {
                startsGroup = entry.micros != groupTime
            } else if case .marker = entry.event {
                startsGroup = true
            } else {
                startsGroup = false
            }
            if startsGroup { groupTime = entry.micros }
            if let topics, !topics.contains(TraceTopic(entry.event)) { return }
            if json {
                output.line(JSONWriter.compact(entry.jsonObject))
                return
            }
            if startsGroup { output.line("") }
            let (category, body) = entry.event.textParts
            output.line(
                TraceEntry.seconds(entry.micros).padding(toLength: 12, withPad: " ", startingAt: 0) + " "
                    + Self.column(category) + " " + TerminalText.line(body))
        }
        // A deceleration is one line in a group of its own (the trace keeps every frame).
        let show: (DecelerationFolding.Item) -> Void = { item in
            switch item {
            case .entry(let entry): printEntry(entry)
            case .deceleration(let micros, _, let text):
                if let topics, !topics.contains(.scroll) { return }
                output.line("")
                output.line(
                    TraceEntry.seconds(micros).padding(toLength: 12, withPad: " ", startingAt: 0) + " "
                        + Self.column("scroll") + " " + text)
            }
        }
        let print: (TraceEntry) -> Void = { entry in
            if folds { folding.consume(entry).forEach(show) } else { printEntry(entry) }
        }
        trace.addListener(print)
        // A hot reload the session carries switches to a new application: follow its trace.
        replayer.didRebuild = { [arbitration] replayer in
            replayer.application.debugOptions.tracesArbitration = arbitration
            replayer.trace.retainsEntries = false
            replayer.trace.addListener(print)
        }
        replayer.runToEnd()
        if folds { folding.finish().forEach(show) }
        // A captured session: the model held to the device, after the trace.
        if !input.session.device.isEmpty, let fresh = try? SessionReplayer(session: input.session, scene: input.makeScene) {
            let comparison = DeviceComparison.compare(session: input.session, replayer: fresh)
            if json {
                output.line(JSONWriter.compact(.object([("device", comparison.json)])))
            } else {
                output.line("")
                for line in comparison.lines { output.line(line) }
            }
        }
        try output.finish()
    }
}

/// Buffered standard output that notices a closed pipe (`touchscope trace x | head`) and stops.
final class LineOutput {
    private var buffer: [UInt8] = []
    private var failed = false

    /// Buffers one line, through the terminal sink (`TerminalText`).
    func line(_ text: String) {
        guard !failed else { return }
        buffer.append(contentsOf: TerminalText.escape(text).utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard !failed, !buffer.isEmpty else { return }
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                failed = true
                break
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left; a failed write to standard output (other than a closed pipe) is an error.
    func finish() throws {
        flush()
        if failed && errno != EPIPE {
            printError("cannot write to standard output: \(String(cString: strerror(errno)))")
            throw Exit.inputError
        }
    }
}
