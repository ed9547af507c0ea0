import Foundation
import TouchKit
import TouchScenes
import TouchSwiftUI

/// The answer to "why did (or didn't) this view get a touch here?": the hit-test explanation at
/// the point, the verdict for the view asked about, and what a tap there does afterwards, read
/// from the engine's own trace. The `why` command prints it, the window's inspector shows it, and
/// a replay's drift report explains a moved touch with it.
public struct WhyAnswer {
    /// The point, in window coordinates.
    public let point: CGPoint
    /// The session time the scene was taken at (nil: the scene as loaded).
    public let micros: Int64?
    public let sceneName: String
    public let explanation: HitExplanation
    /// The view asked about: its trace name and verdict, when one was asked and found.
    public let target: (name: String, verdict: HitVerdict)?
    /// What a simulated tap at the point did for the view asked about (or the hit view).
    public let findings: [DeliveryFinding]
    /// The trace of the simulated tap.
    public let tapTrace: [TraceEntry]
    /// Whether the view the findings are about is a control (for the symptoms' words).
    public var aboutIsControl = false
    /// For views under the point whose `isUserInteractionEnabled` is off only by their class's
    /// UIKit default (labels, image views), by trace name: the words that say so.
    public var interactionDefaults: [String: String] = [:]

    /// The windows over the one that got the touch whose `hitTest` returned nil (a pass-through
    /// window), topmost first, by trace name.
    public var passedWindows: [String] = []
    /// When the touch went to a hosting view where SwiftUI draws nothing: the SwiftUI views with
    /// a gesture whose frame holds the point (deepest first), which `.contentShape(Rectangle())`
    /// would make hit-testable there; nil otherwise.
    public var drawsNothing: [String]?
    /// The window of the view asked about, when it is one that passed the touch on.
    public var targetWindowPassed: String?

    /// Where a touch went to a hosting view that draws nothing at its point: the SwiftUI words
    /// for it, and the view a `.contentShape(Rectangle())` would make hit-testable there.
    public static func drawsNothingLines(_ views: [String]) -> [String] {
        [
            "No SwiftUI view is hit-testable here: nothing is drawn at this point (a Spacer and the gaps of a stack draw nothing), so the hosting view takes the touch and no gesture sees it (rule swiftui.hostingView.takesBounds)."
        ]
            + views.prefix(1).map {
                "  \($0) has a gesture and its frame holds the point: add .contentShape(Rectangle()) to it to make its whole frame hit-testable."
            }
    }

    /// For a touch at `point` (window points) whose hit view is named `hit`: the SwiftUI views
    /// with a gesture whose frame holds the point when `hit` is a hosting view that draws
    /// nothing there (`drawsNothing`), else nil.
    public static func drawsNothing(hit: String?, at point: CGPoint, in window: UIWindow) -> [String]? {
        guard let hit else { return nil }
        let windows = (window.next as? UIApplication)?.windows ?? [window]
        for candidate in windows {
            guard let hosting = candidate.subtree.first(where: { $0.traceName == hit }) as? SwiftUIHostingView else { continue }
            let local = hosting.convert(Self.point(point, of: window, in: candidate), from: candidate)
            return hosting.drawsContent(at: local) ? nil : hosting.gestureViews(framing: local).map(\.traceName)
        }
        return nil
    }

    /// `point` in `main`'s coordinates, in `other`'s (windows are placed by their frames).
    static func point(_ point: CGPoint, of main: UIWindow, in other: UIWindow) -> CGPoint {
        CGPoint(x: point.x + main.frame.minX - other.frame.minX, y: point.y + main.frame.minY - other.frame.minY)
    }

    /// The hit view's trace name, or nil.
    public var hitName: String? { explanation.hit?.traceName }

    /// Asks the question of a scene (after replaying `session` to `micros`, when given): explains
    /// hit testing at `point`, then taps there on the very state and reads what the touch did.
    /// `view` is a view's identifier or trace name. Throws `Problem` when the view is not found.
    public static func ask(
        scene makeScene: @escaping () throws -> LoadedScene, session: Session? = nil, at micros: Int64? = nil,
        point: CGPoint, view: String? = nil
    ) throws -> WhyAnswer {
        let application: UIApplication
        let window: UIWindow
        let sceneName: String
        var keepAlive: AnyObject?
        if let session {
            let replayer = try SessionReplayer(session: session, scene: makeScene)
            replayer.run(until: micros ?? session.duration)
            application = replayer.application
            window = replayer.simulator.window
            sceneName = replayer.scene.name
            keepAlive = replayer
        } else {
            let scene = try makeScene()
            let simulator = scene.makeSimulator()
            application = simulator.application
            window = simulator.window
            sceneName = scene.name
            keepAlive = simulator
        }
        defer { withExtendedLifetime(keepAlive) {} }
        // The topmost window whose hitTest returns a view gets the touch; the windows over it
        // that returned nil passed it on.
        var passed: [UIWindow] = []
        var receiving = window
        for candidate in application.windowsInHitTestOrder where !candidate.isHidden {
            if candidate.hitTest(Self.point(point, of: window, in: candidate), with: nil) != nil {
                receiving = candidate
                break
            }
            passed.append(candidate)
        }
        let explanation = HitExplanation(window: receiving, point: Self.point(point, of: window, in: receiving))
        var target: (name: String, verdict: HitVerdict)?
        var targetView: UIView?
        if let view {
            let found = try findView(view, in: application.windows)
            let own = found.window ?? receiving
            target = (
                found.traceName,
                own === receiving
                    ? explanation.verdict(for: found) : HitExplanation(window: own, point: Self.point(point, of: window, in: own)).verdict(for: found)
            )
            targetView = found
        }
        // A tap on the very state, with a finger no recorded touch uses.
        let finger = 999_999
        let start = application.trace.count
        application.dispatch(TouchSample(finger: finger, phase: .began, location: point))
        application.clock.advance(by: UIKitDefaults.whyTapHold)
        application.dispatch(TouchSample(finger: finger, phase: .ended, location: point))
        application.clock.advance(by: UIKitDefaults.tapMaximumInterval + UIKitDefaults.scrollViewContentTouchDelay)
        let tapTrace = Array(application.trace.entries[start...])
        let aboutView: UIView = targetView ?? explanation.hit ?? window
        let about = aboutView.traceName
        let findings = DeliveryExplanation(
            entries: tapTrace, finger: finger, view: about, recognizers: (aboutView.gestureRecognizers ?? []).map(\.traceName)
        ).findings
        var answer = WhyAnswer(
            point: point, micros: micros, sceneName: sceneName, explanation: explanation, target: target, findings: findings,
            tapTrace: tapTrace)
        answer.passedWindows = passed.map(\.traceName)
        answer.drawsNothing = Self.drawsNothing(hit: explanation.hit?.traceName, at: point, in: window)
        if let targetView, let own = targetView.window, passed.contains(where: { $0 === own }) { answer.targetWindowPassed = own.traceName }
        answer.aboutIsControl = aboutView is UIControl
        for entry in explanation.entries {
            // The view itself, or the superview whose switch kept it out.
            var view: UIView? = entry.view
            while let current = view {
                if let note = current.userInteractionDefaultNote { answer.interactionDefaults[current.traceName] = note }
                view = current.superview
            }
        }
        return answer
    }

    /// A question that cannot be answered as asked.
    public struct Problem: Error, CustomStringConvertible {
        public let message: String
        /// Whether the question itself is malformed (a usage error), not the input.
        public var isUsage = false
        public var description: String { message }

        public init(message: String, isUsage: Bool = false) {
            self.message = message
            self.isUsage = isUsage
        }
    }

    // MARK: Text

    /// The answer as people read it.
    public var text: String {
        var lines: [String] = []
        let at = micros.map { " at \(TraceEntry.seconds($0)) s of the session" } ?? ""
        lines.append("A touch at \(TraceFormat.point(Double(point.x), Double(point.y))) on \(sceneName)\(at) goes to \(hitName ?? "no view").")
        if !passedWindows.isEmpty {
            lines.append(
                "The window\(passedWindows.count == 1 ? "" : "s") over it passed the touch on (hitTest returned nil): \(passedWindows.joined(separator: ", ")); a touch goes to the topmost window whose hitTest returns a view (rule hitTest.windows)."
            )
        }
        if let views = drawsNothing { lines += Self.drawsNothingLines(views) }
        lines.append("")
        lines.append("Views under the point, topmost first:")
        let width = min(40, explanation.entries.map(\.name.count).max() ?? 0)
        for entry in explanation.entries {
            lines.append(
                "  " + entry.name.padding(toLength: max(width, entry.name.count), withPad: " ", startingAt: 0) + "  " + entry.verdict.description
                    + defaultNote(entry.verdict, view: entry.name))
        }
        if let target {
            lines.append("")
            if target.verdict.isOnPath {
                lines.append("\(target.name) \(target.verdict.description).")
            } else {
                lines.append("Why not \(target.name)?")
                lines.append("  It \(target.verdict.description)\(defaultNote(target.verdict, view: target.name)).")
                if let rule = Self.rule(for: target.verdict) { lines.append("  (\(rule))") }
            }
            if let window = targetWindowPassed {
                lines.append("  It is in \(window), whose hitTest returned nil at this point: the touch went on to the window below.")
            }
        }
        lines.append("")
        let about = target?.name ?? hitName ?? "the window"
        lines.append("What a tap there does, for \(about) (simulated on this state):")
        if findings.isEmpty { lines.append("  it hears nothing of the touch") }
        for finding in findings {
            lines.append("  " + finding.description)
            if let symptom = finding.symptom(control: aboutIsControl) { lines.append("    what you see: " + symptom) }
        }
        return lines.joined(separator: "\n")
    }

    /// ` (UIImageView's default; nothing sets it)` when a verdict rests on a switch that only the
    /// class's UIKit default turned off.
    func defaultNote(_ verdict: HitVerdict, view: String) -> String {
        switch verdict {
        case .skipped(.interactionDisabled): interactionDefaults[view].map { " (\($0))" } ?? ""
        case .superviewSkipped(let superview, .interactionDisabled): interactionDefaults[superview].map { " (\($0))" } ?? ""
        default: ""
        }
    }

    /// The view `name` names in `window`: its identifier or its trace name; a `Problem` listing
    /// the ids there when none does.
    /// The view with the id or trace name `name` in any of `windows`.
    package static func findView(_ name: String, in windows: [UIWindow]) throws(Problem) -> UIView {
        let views = windows.flatMap(\.subtree)
        if let found = views.first(where: { $0.accessibilityIdentifier == name || $0.traceName == name }) { return found }
        let ids = views.compactMap(\.accessibilityIdentifier).sorted()
        throw Problem(
            message:
                "no view has the id or name \"\(TerminalText.line(name))\" (ids: \(ids.prefix(40).map(TerminalText.line).joined(separator: ", ")))")
    }

    package static func findView(_ name: String, in window: UIWindow) throws(Problem) -> UIView {
        if let found = window.subtree.first(where: { $0.accessibilityIdentifier == name || $0.traceName == name }) { return found }
        let ids = window.subtree.compactMap(\.accessibilityIdentifier).sorted()
        throw Problem(
            message:
                "no view has the id or name \"\(TerminalText.line(name))\" (ids: \(ids.prefix(40).map(TerminalText.line).joined(separator: ", ")))")
    }

    /// The UIKit rule behind a verdict, where people commonly expect otherwise.
    static func rule(for verdict: HitVerdict) -> String? {
        switch verdict {
        case .covered:
            "UIKit asks subviews front to back and the first that answers wins; it skips only hidden views, views with alpha below 0.01 and views with user interaction off. A clear background does not let touches through."
        case .outsideSuperview:
            "hitTest(_:with:) asks a view's subviews only when point(inside:with:) of the view is true; a child outside its parent's bounds is drawn (clipsToBounds false) but cannot be touched there. Grow the parent's point(inside:), or move the child."
        case .skipped(.transparent), .superviewSkipped(_, .transparent):
            "a view with alpha below 0.01 is skipped by hit testing, even though it may still be drawn faintly."
        case .skipped(.nonInvertibleTransform), .superviewSkipped(_, .nonInvertibleTransform):
            "a transform with a scale of 0 has no inverse, so no point converts into the view: it and its subviews cannot be touched, whatever point(inside:) or hitTest(_:with:) would say. Animate from a small scale such as 0.01 instead of 0."
        case .hit, .passesToSubview, .skipped, .superviewSkipped, .superviewPointInsideRefused, .pointInsideRefused,
            .hitTestOverride:
            nil
        }
    }

    // MARK: JSON

    /// The answer as JSON (schema: docs/why-json.md).
    public var json: JSONValue {
        func verdictJSON(_ verdict: HitVerdict) -> JSONValue {
            .object([("kind", .string(verdict.kind)), ("text", .string(verdict.description))])
        }
        let views = explanation.entries.map { entry -> JSONValue in
            .object([
                ("view", .string(entry.name)), ("class", .string(entry.view._traceClassNameForInspection)),
                ("id", entry.view.accessibilityIdentifier.map(JSONValue.string) ?? JSONValue(.null)),
                ("depth", .number(Double(entry.depth))), ("verdict", verdictJSON(entry.verdict)),
            ])
        }
        var members: [(String, JSONValue)] = [
            ("scene", .string(sceneName)), ("point", .object([("x", .number(Double(point.x))), ("y", .number(Double(point.y)))])),
            ("t", micros.map { JSONValue.number(Double($0) / 1_000_000) } ?? JSONValue(.null)),
            ("hitView", hitName.map(JSONValue.string) ?? JSONValue(.null)), ("views", .array(views)),
        ]
        if let target {
            members.append(("target", .object([("view", .string(target.name)), ("verdict", verdictJSON(target.verdict))])))
        }
        members.append(
            (
                "tap",
                .array(
                    findings.map { finding in
                        .object(
                            [("kind", .string(finding.kind)), ("text", .string(finding.description))]
                                + (finding.symptom(control: aboutIsControl).map { [("symptom", JSONValue.string($0))] } ?? []))
                    })
            ))
        return .object(members)
    }
}

extension UIView {
    /// The class name traces show (the scene's `class`, or the Swift class).
    var _traceClassNameForInspection: String {
        traceClass ?? String(describing: type(of: self))
    }
}
