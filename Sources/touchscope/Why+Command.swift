import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes

struct Why: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain which view gets a touch at a point, and why a view you name does not.",
        discussion: """
            Lists every view under the point, topmost first, with what hit testing did with it: the \
            hit view, the views on its path, and for every other view the first reason along the path \
            from the window (a view in front takes the touch, a superview's bounds leave the point \
            out, hidden, alpha below 0.01, user interaction off, an override that answered otherwise). \
            With --view, says why that view does (or does not) get the touch. Then it taps there on the \
            same state and reports what the touch did: the touches methods the view got, a recognizer \
            that held or took the touch, a touch passed on without a handler, control events. With \
            --session and --time the question is asked of the scene as it was at that time of the \
            session. --json prints the answer as JSON (docs/why-json.md).
            """)

    @OptionGroup var scene: SceneArgument

    @Option(help: "The point, in window points: X,Y (a negative X needs the = form: --at=-5,10).")
    var at: String

    @Option(help: "The view to explain: its id, or its trace name (UIButton#pay).")
    var view: String?

    @Option(help: "Ask on the scene as a session leaves it (its scene comes from the session's header unless given).")
    var session: String?

    @Option(help: "The session time to ask at, in seconds (default: the session's end). Needs --session.")
    var time: Double?

    @Flag(help: "Print the answer as JSON.")
    var json = false

    @OptionGroup var sceneOptions: SceneOptions

    /// The point parsed from --at.
    var point: CGPoint? {
        let parts = at.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite,
            abs(x) <= Double(TouchSample.maximumCoordinate), abs(y) <= Double(TouchSample.maximumCoordinate)
        else { return nil }
        return CGPoint(x: x, y: y)
    }

    mutating func validate() throws {
        if session == nil, let given = scene.takeSession() { session = given }
        try scene.check()
        if scene.name == nil && session == nil { throw ValidationError("give a scene (or --session)") }
        if point == nil { throw ValidationError("--at takes a point X,Y in window points (finite, within ±1000000), not \(at)") }
        if let time {
            guard session != nil else { throw ValidationError("--time picks a time in a session; give --session too") }
            try Check.seconds(time, "--time")
        }
    }

    func run() throws {
        guard let point else { throw Exit.usage }
        let loaded = try SceneOrSession.load(scene: scene.name, session: session, options: sceneOptions)
        let (makeScene, loadedSession) = (loaded.makeScene, loaded.session?.session)
        var micros = time.map { TraceEntry.micros(from: $0) }
        if let requested = micros, let duration = loadedSession?.duration, requested > duration {
            printError("warning: --time is past the session's end (\(TraceEntry.seconds(duration)) s); asking at the end")
            micros = duration
        }
        let answer: WhyAnswer
        do {
            answer = try WhyAnswer.ask(scene: makeScene, session: loadedSession, at: micros, point: point, view: view)
        } catch let problem as WhyAnswer.Problem {
            printError(problem.message)
            throw Exit.inputError
        }
        print(json ? JSONWriter.compact(answer.json) : answer.text)
    }
}
