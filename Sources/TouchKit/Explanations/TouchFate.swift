import Foundation

/// What happened to one recorded touch, read from the trace alone (never from a new simulated
/// touch): where it went, which recognizers saw it and what each did with it (its state changes
/// with their causes and thresholds, whom it waited for, what it did to the views' touches), and
/// which touches methods each view got.
///
/// A view that never received `touchesBegan` is never said to be cancelled: the trace marks a
/// touch taken from a view whose `touchesBegan` was still held as "never began there".
public struct TouchFate {
    /// One recognizer's part in the touch.
    public struct RecognizerPart: Equatable, Sendable {
        /// A state change, its time (µs) and its cause, as the trace has it.
        public struct Change: Equatable, Sendable {
            public var micros: Int64
            public var from: UIGestureRecognizer.State
            public var to: UIGestureRecognizer.State
            public var cause: TransitionCause
        }

        public var name: String
        /// Whether the touch was bound to it (it got the touch's touches methods).
        public var sawTouch: Bool
        /// Why it stopped receiving the touch (its delegate, `ignore(_:for:)`), when it did.
        public var ignored: TouchIgnoreReason?
        public var changes: [Change] = []
        /// Whom it waited for (`require(toFail:)`), and since when.
        public var waitedFor: [(micros: Int64, other: String)] = []
        /// The states its actions ran for.
        public var actions: [UIGestureRecognizer.State] = []
        /// Views whose touch it took (`cancelsTouchesInView`).
        public var cancelledViews: [String] = []
        /// Methods of the touch it held back (`delaysTouchesBegan`/`Ended`).
        public var delayed: [TouchMethod] = []
        /// What a layer built on the recognizer recorded during the touch (a SwiftUI gesture's
        /// phases, with its era and reasons), matched by the recognizer's `#id`.
        public var layerNotes: [(micros: Int64, event: LayerEvent)] = []

        public static func == (a: RecognizerPart, b: RecognizerPart) -> Bool {
            a.name == b.name && a.sawTouch == b.sawTouch && a.ignored == b.ignored && a.changes == b.changes
                && a.waitedFor.map(\.other) == b.waitedFor.map(\.other) && a.actions == b.actions && a.cancelledViews == b.cancelledViews
                && a.delayed == b.delayed
        }

        /// The state it ended in for this touch.
        public var outcome: UIGestureRecognizer.State { changes.last?.to ?? .possible }
    }

    /// One view's part: the touches methods it got, and what kept others from it.
    public struct ViewPart: Equatable, Sendable {
        public var name: String
        public var methods: [(micros: Int64, method: TouchMethod)] = []
        /// The recognizer that took the touch from it, when one did.
        public var cancelledBy: TouchCancelSource?
        /// Whether it was taken before its `touchesBegan` ran (it never began there).
        public var takenBeforeBegan = false

        public static func == (a: ViewPart, b: ViewPart) -> Bool {
            a.name == b.name && a.methods.map(\.method) == b.methods.map(\.method) && a.cancelledBy == b.cancelledBy
                && a.takenBeforeBegan == b.takenBeforeBegan
        }
    }

    public let finger: Int
    /// When it went down and where (window points); nil when the trace has no such touch.
    public private(set) var began: (micros: Int64, x: Double, y: Double)?
    /// When it lifted or was cancelled, and which.
    public private(set) var ended: (micros: Int64, phase: UITouch.Phase)?
    public private(set) var hitView: String?
    public private(set) var chain: [String] = []
    public private(set) var blocked: TouchBlockReason?
    public private(set) var recognizers: [RecognizerPart] = []
    public private(set) var views: [ViewPart] = []
    /// Layer entries during the touch that belong to no recognizer that saw it (SwiftUI's
    /// gestures before the iOS 18 SDK, fed by one hosting-view recognizer; gestures inside a
    /// combinator).
    public private(set) var layerNotes: [(micros: Int64, event: LayerEvent)] = []
    /// The positions, in the entries read, of this touch's story: from its touch-down to the
    /// entry that closed it (another touch of the finger, or input once it was up and its
    /// recognizers had reset). Another explanation of the same touch reads only these.
    public private(set) var entryRange: Range<Int> = 0..<0
    /// Recognizers on the touch's path (its hit view and their ancestors) that never saw it, with
    /// why, when the caller knows the tree (`noteUnseen(in:)`).
    public private(set) var unseen: [(name: String, reason: String)] = []

    /// Reads the first touch of `finger` in `entries` (the `occurrence`-th when the finger was
    /// used again), from its touch-down until its recognizers reset after it lifted.
    public init(entries: some Sequence<TraceEntry>, finger: Int, occurrence: Int = 1) {
        self.finger = finger
        var recognizers: [RecognizerPart] = []
        var views: [ViewPart] = []
        var began: (micros: Int64, x: Double, y: Double)?
        var ended: (micros: Int64, phase: UITouch.Phase)?
        var hitView: String?
        var chain: [String] = []
        var blocked: TouchBlockReason?
        var seen = 0
        var inWindow = false
        var lifted = false
        var delivering = false
        var open: Set<String> = []
        var recognizerIndex: [String: Int] = [:]
        var layerEvents: [(micros: Int64, event: LayerEvent)] = []
        func part(_ name: String) -> Int {
            if let index = recognizerIndex[name] { return index }
            recognizers.append(RecognizerPart(name: name, sawTouch: false))
            recognizerIndex[name] = recognizers.count - 1
            return recognizers.count - 1
        }
        func view(_ name: String) -> Int {
            if let index = views.firstIndex(where: { $0.name == name }) { return index }
            views.append(ViewPart(name: name))
            return views.count - 1
        }
        var position = -1
        var first = 0
        var closed: Int?
        for entry in entries {
            position += 1
            let t = entry.micros
            if case .input(let f, .began, let x, let y) = entry.event, f == finger {
                if inWindow {
                    closed = position
                    break
                }
                seen += 1
                guard seen == occurrence else { continue }
                inWindow = true
                first = position
                began = (t, x, y)
                continue
            }
            guard inWindow else { continue }
            if lifted && open.isEmpty, case .input = entry.event {
                closed = position
                break
            }
            switch entry.event {
            case .input(let f, let phase, _, _) where f == finger && (phase == .ended || phase == .cancelled):
                ended = (t, phase)
                lifted = true
            case .hitResult(let f, let result) where f == finger:
                hitView = result
            case .responderChain(let f, let names) where f == finger:
                chain = names
            case .touchBlocked(let f, let reason) where f == finger:
                blocked = reason
            case .gestureBound(let name, let f) where f == finger:
                recognizers[part(name)].sawTouch = true
                open.insert(name)
            case .gestureIgnored(let name, let f, let reason) where f == finger:
                recognizers[part(name)].ignored = reason
            case .gestureState(let name, let from, let to, let cause) where open.contains(name):
                recognizers[part(name)].changes.append(.init(micros: t, from: from, to: to, cause: cause))
            case .gestureWaiting(let name, let other) where open.contains(name):
                recognizers[part(name)].waitedFor.append((t, other))
            case .gestureAction(let name, let state, _) where open.contains(name):
                recognizers[part(name)].actions.append(state)
            case .gestureReset(let name) where open.contains(name):
                if lifted || recognizers[part(name)].outcome != .possible { open.remove(name) }
            case .touchDelayed(let f, let method, let by) where f == finger:
                recognizers[part(by)].delayed.append(method)
            case .touchCancelledInView(let f, let name, let by) where f == finger:
                let index = view(name)
                views[index].cancelledBy = by
                views[index].takenBeforeBegan = !views[index].methods.contains { $0.method == .touchesBegan }
                if case .recognizer(let recognizer) = by { recognizers[part(recognizer)].cancelledViews.append(name) }
            case .deliver(let method, let responder, let fingers):
                delivering = fingers.ids.contains(finger)
                if delivering { views[view(responder)].methods.append((t, method)) }
            case .forward(let method, _, let to):
                if delivering { views[view(to)].methods.append((t, method)) }
            case .layer(let event) where event.owner != nil:
                layerEvents.append((t, event))
            default:
                break
            }
        }
        // A layer's entry about gesture `id` belongs to the recognizer named `…#id` (a SwiftUI
        // modifier's own recognizer); entries about gestures inside it (parts) stay out.
        var unmatched: [(micros: Int64, event: LayerEvent)] = []
        for (micros, event) in layerEvents {
            if let owner = event.owner, owner.partOf == nil, let index = recognizers.firstIndex(where: { $0.name.hasSuffix("#" + owner.gesture) }) {
                recognizers[index].layerNotes.append((micros, event))
            } else {
                unmatched.append((micros, event))
            }
        }
        self.layerNotes = unmatched
        self.recognizers = recognizers
        self.views = views
        self.began = began
        self.ended = ended
        self.hitView = hitView
        self.chain = chain
        self.blocked = blocked
        if began != nil { entryRange = first..<(closed ?? position + 1) }
    }

    /// Adds the recognizers attached to the views of the touch's responder chain in `window`
    /// (the tree as it is now) that the trace never bound to the touch, with why: what the trace
    /// says of each at the touch-down (waiting for another to fail, already finished), else
    /// whether it is disabled.
    public mutating func noteUnseen(in window: UIWindow, entries: some Sequence<TraceEntry>) {
        guard let began else { return }
        let names = Set(chain)
        let seen = Set(recognizers.map(\.name))
        var candidates: [(name: String, enabled: Bool, view: String)] = []
        for view in window.subtree where names.contains(view.traceName) {
            for recognizer in view._gestureRecognizers where !seen.contains(recognizer.traceName) {
                candidates.append((recognizer.traceName, recognizer.isEnabled, view.traceName))
            }
        }
        guard !candidates.isEmpty else { return }
        // What the trace last said of each before the touch went down.
        var last: [String: TraceEvent] = [:]
        let wanted = Set(candidates.map(\.name))
        for entry in entries {
            if entry.micros > began.micros { break }
            switch entry.event {
            case .gestureWaiting(let name, _) where wanted.contains(name): last[name] = entry.event
            case .gestureState(let name, _, _, _) where wanted.contains(name): last[name] = entry.event
            case .gestureReset(let name) where wanted.contains(name): last[name] = entry.event
            default: break
            }
        }
        for candidate in candidates {
            let reason: String
            switch last[candidate.name] {
            case .gestureWaiting(_, let other):
                reason = "it was waiting for \(other) to fail (its recognition held), and a waiting recognizer takes no new touch"
            case .gestureState(_, _, let to, _) where to.isActive:
                reason = "it was already recognizing (\(to)) with another touch"
            case .gestureState(_, _, let to, _) where to == .failed || to == .ended || to == .cancelled:
                reason = "it had \(to) and not reset yet, so it took no new touch"
            default:
                reason =
                    candidate.enabled
                    ? "it was not attached to \(candidate.view) when the touch began"
                    : "isEnabled is false (as the session leaves it)"
            }
            unseen.append((candidate.name, reason))
        }
    }

    /// Whether the trace holds this touch.
    public var found: Bool { began != nil }

    /// The answer as text, a line each.
    public var lines: [String] {
        func s(_ micros: Int64) -> String { TraceEntry.seconds(micros) + " s" }
        guard let began else { return ["finger \(finger): the session has no such touch"] }
        var lines = ["Finger \(finger): down at \(TraceFormat.point(began.x, began.y)) at \(s(began.micros))"]
        if let ended { lines[0] += ", \(ended.phase == .ended ? "lifted" : "cancelled") at \(s(ended.micros))" }
        lines.append("  hit view: \(hitView ?? "none (no view took it)")")
        if chain.count > 1 { lines.append("  responder chain: " + chain.joined(separator: " → ")) }
        if let blocked { lines.append("  blocked: \(blocked)") }
        lines.append("")
        if recognizers.isEmpty {
            lines.append("No recognizer saw this touch.")
        } else {
            lines.append("Recognizers that saw it:")
        }
        for recognizer in recognizers {
            var head = "  \(recognizer.name): "
            if !recognizer.sawTouch {
                head += "held or cancelled the touch"
            } else {
                head += recognizer.changes.isEmpty ? "stayed possible" : Self.describe(recognizer.outcome)
            }
            lines.append(head)
            if let ignored = recognizer.ignored { lines.append("    stopped receiving it: \(ignored)") }
            for wait in recognizer.waitedFor {
                // How long: until its own next change (the requirement failed, or recognized).
                let until = recognizer.changes.first { $0.micros >= wait.micros }
                let span = until.map { " for \(TraceFormat.milliseconds(Double($0.micros - wait.micros) / 1_000_000)) s" } ?? ", still waiting"
                lines.append("    \(s(wait.micros))  waited for \(wait.other) to fail (require(toFail:))\(span)")
            }
            var index = 0
            let changes = recognizer.changes
            while index < changes.count {
                let change = changes[index]
                // A run of `changed` while the fingers move is one line.
                var last = index
                while last + 1 < changes.count, changes[last + 1].to == .changed, change.to == .changed { last += 1 }
                if last > index {
                    lines.append("    \(s(change.micros)) to \(s(changes[last].micros))  changed \(last - index + 1) times as the fingers moved")
                } else {
                    lines.append("    \(s(change.micros))  \(change.from) -> \(change.to): \(change.cause)")
                    if let why = Self.rule(for: change.cause) { lines.append("      (\(why))") }
                }
                index = last + 1
            }
            if !recognizer.actions.isEmpty {
                var runs: [(state: UIGestureRecognizer.State, count: Int)] = []
                for state in recognizer.actions {
                    if runs.last?.state == state { runs[runs.count - 1].count += 1 } else { runs.append((state, 1)) }
                }
                lines.append(
                    "    actions ran for: " + runs.map { $0.count == 1 ? "\($0.state)" : "\($0.state) ×\($0.count)" }.joined(separator: ", "))
            }
            for method in recognizer.delayed { lines.append("    held back the view's \(method)") }
            for view in recognizer.cancelledViews { lines.append("    took the touch from \(view) (cancelsTouchesInView)") }
            for note in recognizer.layerNotes { lines.append("    " + Self.layerLine(note, s)) }
        }
        if !layerNotes.isEmpty {
            lines.append("Layers built on the recognizers, during the touch:")
            for note in layerNotes { lines.append("  " + Self.layerLine(note, s)) }
        }
        if !unseen.isEmpty {
            lines.append("Recognizers on its path that did not see it:")
            for item in unseen { lines.append("  \(item.name): \(item.reason)") }
        }
        lines.append("")
        lines.append(views.isEmpty ? "No view got any touches method of it." : "Views:")
        for view in views {
            var line =
                "  \(view.name): "
                + (view.methods.isEmpty ? "nothing" : view.methods.map { "\($0.method) at \(s($0.micros))" }.joined(separator: ", "))
            if let by = view.cancelledBy {
                line += view.takenBeforeBegan ? "; never began there (taken by \(by) while touchesBegan was held)" : "; cancelled by \(by)"
            }
            lines.append(line)
        }
        return lines
    }

    /// A layer's entry as a line: `0.020000 s  swiftui #cardDrag (.gesture) on Rectangle#card:
    /// active, value translation (0.00, -14.00), era ios18`.
    static func layerLine(_ note: (micros: Int64, event: LayerEvent), _ seconds: (Int64) -> String) -> String {
        let fields = note.event.fields.filter { $0.name != "reason" }.map { field in
            field.name == "because" ? field.value : "\(field.name) \(field.value)"
        }
        return "\(seconds(note.micros))  \(note.event.layer) \(note.event.subject): \(([note.event.kind] + fields).joined(separator: ", "))"
    }

    /// The UIKit rule that let a cause happen, where people expect otherwise.
    static func rule(for cause: TransitionCause) -> String? {
        switch cause {
        case .preventedBy:
            "UIKit's default: a recognizer that recognizes prevents every other on the same touch, unless either delegate's shouldRecognizeSimultaneouslyWith says yes, the rival waits for it (require(toFail:)), or canPrevent / canBePrevented says no"
        case .blockedBy:
            "UIKit's default: a recognizer already recognizing on the same touch keeps others from beginning, under the same exceptions"
        case .requiredRecognizerRecognized:
            "require(toFail:): it waits for the other to fail, and fails when the other recognizes"
        case .rule(let rule):
            approximation(rule)
        default:
            nil
        }
    }

    /// For a rule that rests on one of UIKit's private values, says so and what TouchScope uses.
    static func approximation(_ rule: RecognizerRule) -> String? {
        switch rule {
        case .noNextTap, .noTouchAfterTap:
            "approximation: UIKit's maximumIntervalBetweenSuccessiveTaps is private; 0.35 s, read from UIKit"
        case .movedPastHysteresis, .liftedBeforeHysteresis:
            "approximation: UIKit's pan hysteresis is private; 10 pt, read from UIKit (_defaultHysteresis)"
        case .beganAwayFromEdges:
            "approximation: UIKit's screen-edge region is private; about 20 pt, observed"
        case .pinchedPastHysteresis:
            "approximation: UIKit's pinch threshold is private; TouchScope uses 8 pt"
        case .turnedPastHysteresis:
            "approximation: UIKit's rotation threshold is private; about 4°, observed"
        case .strayedAcross, .swiped, .liftedBeforeSwiping, .movedAgainstDirection:
            "approximation: UIKit's swipe thresholds are private; TouchScope's are documented in UIKitDefaults"
        default:
            nil
        }
    }

    static func describe(_ state: UIGestureRecognizer.State) -> String {
        switch state {
        case .possible: "stayed possible"
        case .began, .changed: "recognizing"
        case .ended: "recognized"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }
}
