import ArgumentParser
import Foundation
import TouchKit
import TouchReplay
import TouchScenes
import TouchSwiftUI

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
            session. With a session and --finger N (or --recognizer ID), it explains the recorded \
            touch (or recognizer) from the session's own trace instead: which recognizers saw it, each \
            state change with its cause, whom they waited for or were prevented by, what they held \
            back or took from the views, and the touches methods each view got. --json prints the \
            answer as JSON (docs/why-json.md).
            """)

    @OptionGroup var scene: SceneArgument

    @Option(help: "The point, in window points: X,Y (a negative X needs the = form: --at=-5,10).")
    var at: String?

    @Option(
        help: ArgumentHelp(
            "With --at: perform this gesture there and explain each of its touches as a recorded one: \(SimulatedGesture.forms). With a session and no --at: the id (or modifier name) of a SwiftUI gesture to explain from the session's trace: its phases, the era, the reason of a failure, and (ios18 and later) its recognizer as --recognizer does.",
            valueName: "gesture"))
    var gesture: String?

    /// `--gesture` naming a recorded SwiftUI gesture (a session, and no `--at`).
    var swiftUIGesture: String? { at == nil && session != nil ? gesture : nil }

    @Option(help: "Explain what happened to this recorded finger's touch in the session, from its trace.")
    var finger: Int?

    @Option(
        help:
            "Explain the session's N-th touch (from a first finger down to the next, as replay counts them for a captured session, whose fingers are numbered afresh each touch)."
    )
    var touch: Int?

    @Option(help: "Explain everything a recognizer did in the session, from its trace: its id, or its trace name.")
    var recognizer: String?

    @Option(help: "The view to explain: its id, or its trace name (UIButton#pay).")
    var view: String?

    @Option(help: "Ask on the scene as a session leaves it (its scene comes from the session's header unless given).")
    var session: String?

    @Option(help: "The session time to ask at, in seconds (default: the session's end). Needs --session.")
    var time: Double?

    @Option(
        help: ArgumentHelp(
            "What you want from the touch, and the fixes that give it, each re-run: recognizes=R, not-recognizes=R, gets-touch=V, fires=C.EVENT, not-fires=C.EVENT, down-feedback=V, scrolls=S, not-scrolls=S (ids or trace names). With a session; with --finger or --touch about that touch, else about the first touch that misses it.",
            valueName: "goal"))
    var goal: String?

    @Flag(help: "With --touch N: what that touch came to in each era (ios17, ios18, ios26), the facts that differ marked.")
    var eras = false

    @Flag(
        help:
            "Name SwiftUI's views and gestures as UIKit's side of SwiftUI does (_UIGestureRecognizerContainer#…), not as written in SwiftUI (the default; JSON always has the internal names)."
    )
    var internals = false

    @Flag(help: "Print the answer as JSON.")
    var json = false

    @OptionGroup var sceneOptions: SceneOptions

    /// The point parsed from --at.
    var point: CGPoint? {
        guard let at else { return nil }
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
        if swiftUIGesture != nil && recognizer != nil { throw ValidationError("give --gesture or --recognizer, not both") }
        if eras {
            guard session != nil, touch != nil, goal == nil, at == nil else {
                throw ValidationError("--eras answers about a recorded touch: give the session and --touch N")
            }
            if let touch { try Check.range(touch, 1...SessionFormat.maximumRecordCount, "--touch") }
            return
        }
        if goal != nil {
            guard session != nil, at == nil, time == nil, recognizer == nil, view == nil, swiftUIGesture == nil else {
                throw ValidationError("--goal asks about a recorded session: give the session, and --finger N or --touch N at most")
            }
            if touch != nil && finger != nil { throw ValidationError("give --touch or --finger, not both") }
            if let finger { try Check.range(finger, TouchSample.fingerIDs, "--finger") }
            if let touch { try Check.range(touch, 1...SessionFormat.maximumRecordCount, "--touch") }
            return
        }
        if let touch {
            guard session != nil, finger == nil, at == nil, time == nil else {
                throw ValidationError("--touch N explains a recorded session's N-th touch: give the session, and no --finger, --at or --time")
            }
            try Check.range(touch, 1...SessionFormat.maximumRecordCount, "--touch")
            return
        }
        if finger != nil || recognizer != nil || swiftUIGesture != nil {
            guard session != nil else { throw ValidationError("--finger, --recognizer and --gesture explain a recorded session: give the session") }
            if at != nil || time != nil {
                throw ValidationError("--finger and --recognizer read the session's own trace; --at and --time ask a new touch")
            }
            if let finger { try Check.range(finger, TouchSample.fingerIDs, "--finger") }
            if view != nil && finger == nil {
                throw ValidationError("--view with --recognizer or --gesture needs --finger N (or give --view alone for the touches that concern it)")
            }
            return
        }
        // --view alone on a session: the touches that concern the view (below).
        if view != nil && session != nil && at == nil && time == nil && gesture == nil { return }
        guard let at else { throw ValidationError("give --at X,Y (or, with a session, --finger N, --recognizer ID or --view V)") }
        if let gesture, SimulatedGesture(gesture) == nil {
            throw ValidationError("--gesture takes one of \(SimulatedGesture.forms), not \(gesture)")
        }
        if point == nil { throw ValidationError("--at takes a point X,Y in window points (finite, within ±1000000), not \(at)") }
        if let time {
            guard session != nil else { throw ValidationError("--time picks a time in a session; give --session too") }
            try Check.seconds(time, "--time")
        }
    }

    /// The question the options ask (checked by `validate`).
    var question: WhyQuestion {
        if eras, let touch { return WhyQuestion(.eras(touch: touch)) }
        if let goal { return WhyQuestion(.goal(goal, finger: finger, touch: touch)) }
        if let point { return WhyQuestion(.point(point, gesture: gesture, time: time), view: view) }
        return WhyQuestion(.recorded(finger: finger, touch: touch, recognizer: recognizer, swiftUIGesture: swiftUIGesture), view: view)
    }

    func run() throws {
        let loaded = try SceneOrSession.load(scene: scene.name, session: session, options: sceneOptions)
        let input = WhyInput(scene: loaded.scene, makeScene: loaded.makeScene, session: loaded.session?.session)
        let report: WhyReport
        do {
            report = try WhyReport.answer(question, on: input)
        } catch let problem as WhyAnswer.Problem {
            printError(problem.message)
            throw problem.isUsage ? Exit.usage : Exit.inputError
        }
        for warning in report.warnings { printError(warning) }
        print(json ? report.jsonLines.joined(separator: "\n") : report.text(internals: internals))
    }
}
