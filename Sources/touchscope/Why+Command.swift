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

    func run() throws {
        if eras, let touch { return try explainEras(touch) }
        if let goal { return try explainGoal(goal) }
        if touch != nil || finger != nil || recognizer != nil || swiftUIGesture != nil || (view != nil && session != nil && at == nil) {
            return try explainRecorded()
        }
        guard let point else { throw Exit.usage }
        let loaded = try SceneOrSession.load(scene: scene.name, session: session, options: sceneOptions)
        let (makeScene, loadedSession) = (loaded.makeScene, loaded.session?.session)
        var micros = time.map { TraceEntry.micros(from: $0) }
        if let requested = micros, let duration = loadedSession?.duration, requested > duration {
            printError("warning: --time is past the session's end (\(TraceEntry.seconds(duration)) s); asking at the end")
            micros = duration
        }
        if let gesture, let simulated = SimulatedGesture(gesture) {
            let run = try SimulatedGesture.run(simulated, scene: makeScene, after: loadedSession, at: micros, point: point)
            let fates = run.fates
            let fixes = try view.map { try simulatedFixes(run, view: $0, loaded: loaded) }
            if json {
                let array = JSONValue.array(fates.map(\.json))
                print(JSONWriter.compact(fixes.map { .object([("touches", array), ("fixes", $0.json)]) } ?? array))
            } else {
                say(
                    fates.map { $0.lines.joined(separator: "\n") }.joined(separator: "\n\n")
                        + (fixes.map { "\n\n" + $0.lines.joined(separator: "\n") } ?? ""), window: run.window)
            }
            return
        }
        let answer: WhyAnswer
        do {
            answer = try WhyAnswer.ask(scene: makeScene, session: loadedSession, at: micros, point: point, view: view)
        } catch let problem as WhyAnswer.Problem {
            printError(problem.message)
            throw Exit.inputError
        }
        // With --view: the fixes that let a tap there reach the view, each re-run.
        let fixes = try view.map { view in
            try simulatedFixes(
                try SimulatedGesture.run(.tap, scene: makeScene, after: loadedSession, at: micros, point: point), view: view, loaded: loaded)
        }
        if json {
            var object = answer.json
            if let fixes, case .object(let members) = object.kind {
                object = .object(members.map { ($0.key, $0.value) } + [("fixes", fixes.json)])
            }
            print(JSONWriter.compact(object))
        } else {
            say(answer.text + (fixes.map { "\n\n" + $0.lines.joined(separator: "\n") } ?? ""), window: try? makeScene().window)
        }
    }

    /// Prints a text answer in SwiftUI's words (the names the user wrote), unless `--internals`.
    func say(_ text: String, window: @autoclosure () -> UIWindow?) {
        guard !internals, let window = window() else { return print(text) }
        print(SwiftUIWords.apply(SwiftUIWords.dictionary(in: window), to: text))
    }

    /// `--finger` and `--recognizer`: the session replayed, and its own trace read.
    func explainRecorded() throws {
        let loaded = try SceneOrSession.load(scene: scene.name, session: session, options: sceneOptions)
        guard let recorded = loaded.session?.session else { throw Exit.usage }
        let replayer = try SessionReplayer(session: recorded, scene: loaded.makeScene)
        replayer.run(until: recorded.duration)
        let entries = replayer.trace.entries
        var finger = self.finger
        var occurrence = 1
        if let touch {
            // The N-th touch: its first finger, and how many times that finger began before.
            let touches = TouchSequence.all(in: recorded)
            guard touches.indices.contains(touch - 1) else {
                printError("the session has \(touches.count) touch\(touches.count == 1 ? "" : "es"); there is no touch \(touch)")
                throw Exit.inputError
            }
            let chosen = touches[touch - 1]
            finger = chosen.fingers[0]
            occurrence = touches[..<(touch - 1)].filter { $0.fingers.contains(chosen.fingers[0]) }.count + 1
        }
        if finger == nil, recognizer == nil, swiftUIGesture == nil, let view {
            // --view with no finger: the touches that concern the view, one line each; the first
            // that did not give it the whole touch is explained.
            let (chosen, lines) = try Self.touchesConcerning(view, entries: entries, window: replayer.simulator.window, session: recorded)
            finger = chosen
            if !json { say(lines.joined(separator: "\n") + "\n", window: replayer.simulator.window) }
        }
        if let finger {
            var fate = TouchFate(entries: entries, finger: finger, occurrence: occurrence)
            fate.noteUnseen(in: replayer.simulator.window, entries: entries)
            guard fate.found else {
                printError("finger \(finger) never touched down in this session (fingers: \(Self.fingers(in: entries)))")
                throw Exit.inputError
            }
            var focus: [DeliveryFinding] = []
            var focusName: String?
            if let view {
                // --view with --finger: what this recorded touch did to that view.
                let window = replayer.simulator.window
                let found: UIView
                do { found = try WhyAnswer.findView(view, in: window) } catch {
                    printError(error.message)
                    throw Exit.inputError
                }
                focusName = found.traceName
                // Only this touch's entries: later touches of the session are not about it.
                focus =
                    DeliveryExplanation(
                        entries: Array(entries)[fate.entryRange], finger: finger, view: found.traceName,
                        recognizers: (found.gestureRecognizers ?? []).map(\.traceName)
                    ).findings
            }
            let span = ProvenFixes.span(of: fate.entryRange, in: entries, session: recorded)
            let fixes = focusName.map { view in
                Self.fixes(.viewGetsTouch(view: view, finger: finger), loaded: loaded, session: recorded, entries: entries, span: span)
            }
            let rules = RuleCitations.rules(in: entries, range: fate.entryRange)
            // A captured session: what the device did with this touch.
            var device: (comparison: DeviceComparison, index: Int)?
            if !recorded.device.isEmpty, let fresh = try? SessionReplayer(session: recorded, scene: loaded.makeScene) {
                let comparison = DeviceComparison.compare(session: recorded, replayer: fresh)
                let began = entries[fate.entryRange.lowerBound].micros
                if let index = comparison.touchIndex(finger: finger, at: began) { device = (comparison, index) }
            }
            if json {
                var object = fate.json
                if let device, case .object(let members) = object.kind {
                    object = .object(members.map { ($0.key, $0.value) } + [("device", device.comparison.json(forTouch: device.index))])
                }
                if case .object(let members) = object.kind {
                    // The rules the answer rests on, with their provenance (`touchscope rules`).
                    let cited: [JSONValue] = rules.map { .object([("id", .string($0.id)), ("provenance", .string($0.provenance.rawValue))]) }
                    object = .object(members.map { ($0.key, $0.value) } + [("rules", .array(cited))])
                }
                if let focusName, case .object(let members) = object.kind {
                    let findings: [JSONValue] = focus.map { .object([("kind", .string($0.kind)), ("text", .string($0.description))]) }
                    object = .object(
                        members.map { ($0.key, $0.value) } + [("view", .object([("view", .string(focusName)), ("findings", .array(findings))]))]
                            + (fixes.map { [("fixes", $0.json)] } ?? []))
                }
                print(JSONWriter.compact(object))
            } else {
                var lines = fate.lines
                if let began = fate.began,
                    let views = WhyAnswer.drawsNothing(hit: fate.hitView, at: CGPoint(x: began.x, y: began.y), in: replayer.simulator.window)
                {
                    lines += [""] + WhyAnswer.drawsNothingLines(views)
                }
                lines += Self.trackingLines(
                    finger: finger, range: fate.entryRange, entries: entries,
                    replayAt: { t in
                        let at = try? SessionReplayer(session: recorded, scene: loaded.makeScene)
                        at?.run(until: t)
                        return at
                    }, margin: replayer.application.configuration.controlTouchMargin)
                if let line = RuleCitations.line(rules) { lines += ["", line] }
                if let device { lines += [""] + device.comparison.lines(forTouch: device.index) }
                if let focusName {
                    lines += ["", "For \(focusName):"] + (focus.isEmpty ? ["  it heard nothing of this touch"] : focus.map { "  " + $0.description })
                }
                if let fixes { lines += [""] + fixes.lines }
                say(lines.joined(separator: "\n"), window: replayer.simulator.window)
            }
        }
        if let gesture = swiftUIGesture {
            let lines = Self.swiftUILines(gesture, in: entries)
            if !lines.isEmpty && !json { say(lines.joined(separator: "\n"), window: replayer.simulator.window) }
            // Before the iOS 18 SDK one recognizer runs every gesture: there is none of its own,
            // and the gesture fires when its phases say so.
            if Self.recognizerNames(matching: gesture, in: entries).isEmpty {
                if lines.isEmpty {
                    printError("no SwiftUI gesture with the id or name \(gesture) took part in this session")
                    throw Exit.inputError
                }
                let goal = FixGoal.swiftUIGestureFires(label: gesture)
                let span = Self.swiftUISpan(gesture, finger: finger, in: entries, session: recorded)
                let fixes = Self.fixes(goal, loaded: loaded, session: recorded, entries: entries, span: span)
                if json {
                    print(
                        JSONWriter.compact(
                            .object([("gesture", .string(gesture)), ("phases", .array(lines.map { .string($0) })), ("fixes", fixes.json)])))
                } else {
                    say(([""] + fixes.lines).joined(separator: "\n"), window: replayer.simulator.window)
                }
                return
            }
        }
        if let recognizer = recognizer ?? swiftUIGesture {
            let names = Self.recognizerNames(matching: recognizer, in: entries)
            guard !names.isEmpty else {
                printError(
                    "no recognizer named \(recognizer) took part in this session (recognizers: \(Self.recognizerNames(matching: nil, in: entries).prefix(40).joined(separator: ", ")))"
                )
                throw Exit.inputError
            }
            // With --finger, the fix must make it recognize on that touch; else on the first touch
            // it saw (once it recognized anywhere, no fix is needed).
            var fingerSpan: (Int64, Int64)?
            if let finger {
                let fate = TouchFate(entries: entries, finger: finger)
                if fate.found { fingerSpan = ProvenFixes.span(of: fate.entryRange, in: entries, session: recorded) }
            }
            for name in names {
                let goal = FixGoal.recognizes(recognizer: name)
                // Without --finger: the first touch it saw and did not recognize on (a later touch
                // that recognized does not make the missed one need no fix); every touch it saw
                // is listed, one line each, with the one explained marked.
                let seen = ProvenFixes.touchesSeen(by: name, goal: goal, in: entries, session: recorded)
                let missed = seen.first { !$0.met }
                let span =
                    fingerSpan ?? missed.map(\.span)
                    ?? (goal.met(in: entries, from: 0, until: recorded.duration) == nil
                        ? ProvenFixes.firstTouchSpan(of: name, in: entries, session: recorded) : (0, recorded.duration))
                let history = RecognizerHistory(entries: entries, recognizer: name)
                let fixes = Self.fixes(goal, loaded: loaded, session: recorded, entries: entries, span: span)
                if json {
                    guard case .object(let members) = history.json.kind else { continue }
                    print(JSONWriter.compact(.object(members.map { ($0.key, $0.value) } + [("fixes", fixes.json)])))
                } else {
                    var touchLines: [String] = []
                    if finger == nil && seen.count > 1 {
                        touchLines = ["", "Touches it saw:"]
                        for touch in seen {
                            let explained = missed.map { $0.finger == touch.finger && $0.occurrence == touch.occurrence } ?? false
                            touchLines.append(
                                "  finger \(touch.finger) at \(TraceEntry.seconds(touch.span.from)) s: \(touch.met ? "recognized" : "did not recognize")"
                                    + (explained ? "  <- the fixes below are for this touch" : ""))
                        }
                    }
                    say((history.lines + touchLines + [""] + fixes.lines).joined(separator: "\n"), window: replayer.simulator.window)
                }
            }
        }
    }

    /// The touches of a session that concern `view`: those that began over it (it or a view
    /// inside it was hit) and those that went to another view at its place. One line each, and
    /// the finger of the first that did not give the view the whole touch (else the first).
    static func touchesConcerning(
        _ view: String, entries: TraceEntries, window: UIWindow, session: Session
    ) throws -> (finger: Int, lines: [String]) {
        let found: UIView
        do { found = try WhyAnswer.findView(view, in: window) } catch {
            printError(error.message)
            throw Exit.inputError
        }
        let name = found.traceName
        let place = found.convert(found.bounds, to: nil)
        // The names of V and the views inside it: a touch hit one of them began over V.
        let inside = Set(found.subtree.map(\.traceName))
        // One pass for where each touch began and what it hit; a full explanation (a walk over
        // the trace) only for the first touches that concern V.
        var downs: [(finger: Int, micros: Int64, point: CGPoint)] = []
        var hits: [Int: String] = [:]
        var fingers: [Int] = []
        for entry in entries {
            switch entry.event {
            case .input(let finger, .began, let x, let y) where !fingers.contains(finger):
                fingers.append(finger)
                downs.append((finger, entry.micros, CGPoint(x: x, y: y)))
            case .hitResult(let finger, let view?) where hits[finger] == nil:
                hits[finger] = view
            default:
                continue
            }
        }
        var concerned: [(finger: Int, line: String, whole: Bool)] = []
        for down in downs {
            if concerned.count >= ProvenFixes.maximumTouchesSeen { break }
            let hit = hits[down.finger]
            let over = hit.map(inside.contains) ?? false
            guard over || place.contains(down.point) else { continue }
            let fate = TouchFate(entries: entries, finger: down.finger)
            guard fate.found else { continue }
            let span = ProvenFixes.span(of: fate.entryRange, in: entries, session: session)
            let whole = FixGoal.viewGetsTouch(view: name, finger: down.finger).met(in: entries, from: span.from, until: span.until) != nil
            let what = over ? "began over it (hit \(hit ?? "no view"))" : "went to \(hit ?? "no view") at its place"
            concerned.append(
                (
                    down.finger,
                    "  finger \(down.finger) at \(TraceEntry.seconds(down.micros)) s: \(what); \(whole ? "it got the whole touch" : "it did not get the whole touch")",
                    whole
                ))
        }
        guard let chosen = concerned.first(where: { !$0.whole }) ?? concerned.first else {
            printError("no touch of this session began over \(name) or at its place (fingers: \(Self.fingers(in: entries)))")
            throw Exit.inputError
        }
        let lines =
            ["Touches that concern \(name):"]
            + concerned.map { $0.line + ($0.finger == chosen.finger ? "  <- explained below" : "") }
        return (chosen.finger, lines)
    }

    /// For a control that ended this touch's tracking (touchUpInside or touchUpOutside) with the
    /// lift outside its bounds: how far outside, and the tracking margin that decided (about
    /// 70 pt, UIKit's private value: an approximation).
    static func trackingLines(
        finger: Int, range: Range<Int>, entries: TraceEntries, replayAt: (Int64) -> SessionReplayer?, margin: CGFloat
    ) -> [String] {
        var lift: CGPoint?
        var liftTime: Int64 = 0
        var ends: [(control: String, event: String)] = []
        for index in range {
            switch entries[index].event {
            case .input(let f, .ended, let x, let y) where f == finger:
                lift = CGPoint(x: x, y: y)
                liftTime = entries[index].micros
            case .controlEvent(let control, let event) where event == "touchUpInside" || event == "touchUpOutside": ends.append((control, event))
            default: continue
            }
        }
        // The controls where they were when the finger lifted (a scroll later moves them).
        guard let lift, !ends.isEmpty, let replayer = replayAt(liftTime) else { return [] }
        let window = replayer.simulator.window
        var lines: [String] = []
        for end in ends {
            guard let control = window.subtree.first(where: { $0.traceName == end.control }) as? UIControl else { continue }
            let p = window.convert(lift, to: control)
            let bounds = control.bounds
            guard !bounds.contains(p) else { continue }
            let dx = max(bounds.minX - p.x, 0, p.x - bounds.maxX)
            let dy = max(bounds.minY - p.y, 0, p.y - bounds.maxY)
            let outside = TraceFormat.number(Double(max(dx, dy)))
            let margin = TraceFormat.number(Double(control.trackingMargin ?? margin))
            let verdict =
                end.event == "touchUpInside"
                ? "inside the \(margin) pt tracking margin, so it counts as inside: touchUpInside"
                : "beyond the \(margin) pt tracking margin: touchUpOutside"
            lines.append("  \(end.control): lifted \(outside) pt outside its bounds, \(verdict) (the margin is UIKit's private value, approximated)")
        }
        return lines.isEmpty ? [] : ["", "Control tracking:"] + lines
    }

    /// The span a fix for a SwiftUI gesture is judged on: the named finger's touch, else the touch
    /// that was down when the gesture was first traced (the whole session when none).
    static func swiftUISpan(_ gesture: String, finger: Int?, in entries: TraceEntries, session: Session) -> (Int64, Int64) {
        if let finger {
            let fate = TouchFate(entries: entries, finger: finger)
            if fate.found { return ProvenFixes.span(of: fate.entryRange, in: entries, session: session) }
        }
        var lastDown: (finger: Int, occurrence: Int)?
        var began: [Int: Int] = [:]
        for entry in entries {
            switch entry.event {
            case .input(let down, .began, _, _):
                began[down, default: 0] += 1
                lastDown = (down, began[down] ?? 1)
            case .layer(let event) where event.layer == .swiftUI && event.owner?.gesture == gesture:
                guard let lastDown else { return (0, session.duration) }
                let fate = TouchFate(entries: entries, finger: lastDown.finger, occurrence: lastDown.occurrence)
                return fate.found ? ProvenFixes.span(of: fate.entryRange, in: entries, session: session) : (0, session.duration)
            default:
                continue
            }
        }
        return (0, session.duration)
    }

    /// What the trace says of a SwiftUI gesture: each phase it went through, at its time, with its
    /// value, the reason of a failure and the era whose rules decided.
    static func swiftUILines(_ gesture: String, in entries: TraceEntries) -> [String] {
        var lines: [String] = []
        for entry in entries {
            guard case .layer(let event) = entry.event, event.layer == .swiftUI, event.owner?.gesture == gesture else { continue }
            let field = { (name: String) in event.fields.first { $0.name == name }?.value }
            if lines.isEmpty { lines.append("SwiftUI gesture \(event.subject) (era \(field("era") ?? "ios18")):") }
            var line = "  \(TraceEntry.seconds(entry.micros)) s  \(event.kind)"
            if let value = field("value") { line += "  \(value)" }
            if let because = field("because") { line += ": \(because)" }
            lines.append(line)
        }
        return lines
    }

    /// The proven fixes for `goal`, or why none were tried.
    static func fixes(_ goal: FixGoal, loaded: SceneOrSession, session: Session, entries: TraceEntries, span: (Int64, Int64)) -> FixReport {
        if goal.met(in: entries, from: span.0, until: span.1) != nil { return .notNeeded(goal) }
        guard let description = loaded.scene.sceneDescription else {
            return .notTried("the scene is a Swift scene (code): fixes are re-run on JSON scenes")
        }
        if !loaded.scene.reloads.isEmpty { return .notTried("the session carries hot reloads; fixes are re-run on one version of a scene") }
        return .found(
            goal, ProvenFixes.find(goal: goal, session: session, scene: description, entries: entries, from: span.0, until: span.1, inEveryEra: true))
    }

    /// Fixes for a simulated gesture with `--view V`: the goal is that V gets the gesture's first
    /// touch whole; the gesture's session is re-run like a recorded one.
    func simulatedFixes(_ run: SimulatedGesture.Run, view: String, loaded: SceneOrSession) throws -> FixReport {
        let found: UIView
        do { found = try WhyAnswer.findView(view, in: run.window) } catch {
            printError(error.message)
            throw Exit.inputError
        }
        guard let finger = run.finger else { return .notTried("the gesture put no finger down") }
        return Self.fixes(
            .viewGetsTouch(view: found.traceName, finger: finger), loaded: loaded, session: run.session, entries: run.entries,
            span: (run.from, run.until))
    }

    /// The fingers that touched down, for an error message.
    static func fingers(in entries: TraceEntries) -> String {
        var seen: [Int] = []
        var known: Set<Int> = []
        for entry in entries {
            if case .input(let finger, .began, _, _) = entry.event, known.insert(finger).inserted { seen.append(finger) }
        }
        return seen.prefix(40).map(String.init).joined(separator: ", ")
    }

    /// Trace names of the recognizers that took part, matching `query`: the whole trace name, the
    /// recognizer's id (`#id`), a scroll view's built-in by its derived id (`carousel.pan`), or
    /// the id of the view it is attached to (`@...#id`). All when nil.
    static func recognizerNames(matching query: String?, in entries: TraceEntries) -> [String] {
        var names: [String] = []
        var known: Set<String> = []
        for entry in entries {
            let name: String
            switch entry.event {
            case .gestureBound(let r, _), .gestureState(let r, _, _, _): name = r
            default: continue
            }
            if known.insert(name).inserted { names.append(name) }
        }
        guard let query else { return names }
        if names.contains(query) { return [query] }
        let own = names.filter { $0.split(separator: "@").first.map { $0.hasSuffix("#" + query) } ?? false }
        if !own.isEmpty { return own }
        let builtIn = names.filter { BuiltInRecognizerIDs.id(traceName: $0) == query }
        if !builtIn.isEmpty { return builtIn }
        return names.filter { name in name.split(separator: "@").dropFirst().first.map { $0.hasSuffix("#" + query) } ?? false }
    }
}
