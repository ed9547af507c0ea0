import Foundation
import TouchKit

/// What the overlays show, built only from trace entries: a record per touch of the current
/// gesture (its marks, hit-test path, responder chain and recognizers), each recognizer's state
/// timeline with causes and the winner, the control-event log, and the notes and markers.
/// Nothing here re-derives routing; it reads what the engine recorded. The one addition from
/// outside is `noteVerdicts`, the hit-test explanation the window takes when a touch goes down.
///
/// All panels describe one touch, `described`: the latest one by default, or the one picked
/// with `selectNext` (Tab in the window), which reaches back into the last
/// `earlierGesturesKept` gestures; the lanes then show that touch's own gesture.
package final class TraceModel {
    /// A note from the scene or a marker from the session, with its time.
    package struct NoteItem: Equatable, Sendable {
        package enum Kind: String, Sendable { case note, marker }
        package var micros: Int64
        package var kind: Kind
        package var text: String
    }

    /// A control event, with its time.
    package struct ControlEventItem: Equatable, Sendable {
        package var micros: Int64
        package var control: String
        package var event: UIControl.Event
    }

    /// Most touches one gesture keeps for the overlays and panels. TouchScope's choice: a phone
    /// reports about ten at once; every look-up and every frame's marks and labels are linear in
    /// this number, so a session with thousands of fingers down stays drawable.
    package static let maximumTouchesPerGesture = 100

    /// The touches of the current gesture, in the order they began (at most
    /// `maximumTouchesPerGesture`; later ones are counted in `omittedTouchCount`).
    package private(set) var touches: [TouchRecord] = []
    /// Touches of the current gesture past `maximumTouchesPerGesture`: counted, not drawn.
    package private(set) var omittedTouchCount = 0
    package private(set) var recognizers: [RecognizerTimeline] = []
    /// The timers each recognizer (by trace name) waits on now, and the clock's time, asked of the
    /// application when the panel is drawn (set by `HitVerdictFeed`); nil: no countdowns.
    package var pendingTimers: (() -> (now: TimeInterval, timers: [String: PendingRecognizerTimer]))?
    /// The recognizer that recognized first in the current gesture.
    package private(set) var winner: String?
    package private(set) var controlLog: [ControlEventItem] = []
    /// The latest notes and markers (the last `notesKept`).
    package private(set) var notes: [NoteItem] = []
    /// How many notes and markers there were in all.
    package private(set) var noteCount = 0
    /// The latest trace time seen.
    package private(set) var now: Int64 = 0
    /// Start of the current gesture (the first touch down after all fingers were up).
    package private(set) var gestureStart: Int64 = 0
    /// How many entries were consumed (the trace index of the next one).
    package private(set) var entryCount = 0
    /// The touch picked to describe (nil: follow the latest).
    package private(set) var selectedTouchID: Int?
    /// The gestures before the current one, oldest first (the last `earlierGesturesKept`).
    package private(set) var earlierGestures: [GestureRecord] = []
    /// How many finished gestures the model keeps for `Tab`. TouchScope's choice: enough to go
    /// back over a bug's few attempts; each holds its touches' paths and its lanes.
    package static let earlierGesturesKept = 20

    private var nextTouchID = 1
    private var collectingPathFor: Int?
    /// How to take back the last input entry if the engine drops it (the next entry says so).
    private var undoLastInput: (() -> Void)?

    package static let controlLogLength = 12
    package static let notesKept = 200

    package init() {}

    /// Forgets everything (a seek or a reload rebuilds the model from the replayed trace).
    package func reset() {
        touches = []
        recognizers = []
        winner = nil
        controlLog = []
        notes = []
        noteCount = 0
        now = 0
        gestureStart = 0
        entryCount = 0
        selectedTouchID = nil
        earlierGestures = []
        nextTouchID = 1
        collectingPathFor = nil
        undoLastInput = nil
    }

    /// A copy holding the same state (a checkpoint keeps one).
    package func copy() -> TraceModel {
        let copy = TraceModel()
        copy.assign(from: self)
        return copy
    }

    /// Takes on `other`'s state.
    package func assign(from other: TraceModel) {
        touches = other.touches
        recognizers = other.recognizers
        winner = other.winner
        controlLog = other.controlLog
        notes = other.notes
        noteCount = other.noteCount
        now = other.now
        gestureStart = other.gestureStart
        entryCount = other.entryCount
        selectedTouchID = other.selectedTouchID
        earlierGestures = other.earlierGestures
        nextTouchID = other.nextTouchID
        collectingPathFor = other.collectingPathFor
        undoLastInput = nil
    }

    // MARK: The described touch

    /// The touch the panels describe: the picked one while it is kept (in the current gesture or
    /// an earlier one), else the latest.
    package var described: TouchRecord? {
        if let id = selectedTouchID, let picked = touch(id: id) { return picked }
        return touches.last
    }

    /// The gesture of the described touch: the current one, or the earlier one it belongs to.
    package var describedGesture: GestureRecord {
        if let id = selectedTouchID, !touches.contains(where: { $0.id == id }),
            let earlier = earlierGestures.last(where: { gesture in gesture.touches.contains { $0.id == id } })
        {
            return earlier
        }
        return currentGesture
    }

    /// The current gesture as a record.
    package var currentGesture: GestureRecord {
        GestureRecord(
            touches: touches, recognizers: recognizers, winner: winner, start: gestureStart, omittedTouchCount: omittedTouchCount)
    }

    /// Whether the panels follow the latest touch (nothing picked, or the pick is no longer kept).
    package var followsLatest: Bool { selectedTouchID.map { touch(id: $0) == nil } ?? true }

    /// How many touches the described one lies before the latest, across the kept gestures (0:
    /// the latest).
    package var describedDistanceFromLatest: Int {
        let ids = keptTouchIDs
        guard let described = described?.id, let index = ids.firstIndex(of: described) else { return 0 }
        return ids.count - 1 - index
    }

    /// Picks another touch: with `forward` (Tab) the next one in time, with `forward` false
    /// (Shift-Tab) the one before, across the kept gestures. From the latest, Tab picks the first
    /// touch of the current gesture when it has several, else the touch before; onto the latest,
    /// the panels follow the latest again.
    package func selectNext(forward: Bool = true) {
        let ids = keptTouchIDs
        guard ids.count > 1 else {
            selectedTouchID = nil
            return
        }
        guard let current = selectedTouchID, let index = ids.firstIndex(of: current) else {
            if forward, touches.count > 1 {
                selectedTouchID = touches.first?.id
            } else {
                selectedTouchID = ids[ids.count - 2]
            }
            return
        }
        let next = index + (forward ? 1 : -1)
        // Onto the latest touch: follow it (the latest is what the panels show unpicked).
        selectedTouchID = next >= ids.count - 1 ? nil : ids[max(0, next)]
    }

    /// Picks the touch `count` touches before the latest (the oldest kept when there are fewer),
    /// as `count` Shift-Tabs would; 0 follows the latest.
    package func select(touchesBack count: Int) {
        let ids = keptTouchIDs
        guard count > 0, ids.count > 1 else { return }
        selectedTouchID = ids[max(0, ids.count - 1 - count)]
    }

    /// `1 touch back`, `3 touches back`.
    package static func touchesBack(_ count: Int) -> String { "\(count) touch\(count == 1 ? "" : "es") back" }

    /// The ids of every kept touch, oldest first.
    private var keptTouchIDs: [Int] { earlierGestures.flatMap { $0.touches.map(\.id) } + touches.map(\.id) }

    /// The touch with this id, in the current gesture or a kept earlier one.
    package func touch(id: Int) -> TouchRecord? {
        if let current = touches.first(where: { $0.id == id }) { return current }
        for gesture in earlierGestures.reversed() {
            if let earlier = gesture.touches.first(where: { $0.id == id }) { return earlier }
        }
        return nil
    }

    /// Stores what hit testing made of the views under a touch that just went down.
    package func noteVerdicts(finger: Int, _ verdicts: [(view: String, verdict: HitVerdict)]) {
        guard let index = touches.lastIndex(where: { $0.finger == finger }) else { return }
        touches[index].verdicts = verdicts
    }

    // MARK: Consuming entries

    /// Feeds one entry.
    package func consume(_ entry: TraceEntry) {
        defer { entryCount += 1 }
        now = max(now, entry.micros)
        if case .inputDropped = entry.event {
            undoLastInput?()
            undoLastInput = nil
            return
        }
        undoLastInput = nil
        switch entry.event {
        case .input(let finger, let phase, let x, let y):
            input(finger: finger, phase: phase, point: CGPoint(x: x, y: y), micros: entry.micros)
        case .hitTestBegan(let finger, _, _, _):
            guard let index = openTouch(finger) else { break }
            touches[index].hitPath = []
            collectingPathFor = index
        case .hitVisit(let view, _, _):
            appendStep(.visit(view))
        case .hitPassed(let view, let reason):
            appendStep(.passed(view, reason))
        case .hitSkippedSubviews(let view, let count, _):
            appendStep(.skipped(view, count))
        case .hitOverride(let view, let result):
            appendStep(.override(view, result: result))
        case .hitResult(let finger, let view):
            if let index = collectingPathFor ?? latestTouch(finger) {
                touches[index].hitPath.append(.hit(view))
                touches[index].hitView = view
                touches[index].hitTested = true
            }
            collectingPathFor = nil
        case .responderChain(let finger, let responders):
            if let index = latestTouch(finger) { touches[index].chain = responders }
        case .gestureBound(let recognizer, let finger):
            let touchID = latestTouch(finger).map { touches[$0].id }
            if let index = latestTouch(finger), !touches[index].recognizers.contains(recognizer) {
                touches[index].recognizers.append(recognizer)
            }
            if !recognizers.contains(where: { $0.name == recognizer }) {
                recognizers.append(
                    RecognizerTimeline(name: recognizer, changes: [.init(micros: entry.micros, state: .possible, cause: "bound to the touch")]))
            }
            if let touchID { update(recognizer) { if !$0.touchIDs.contains(touchID) { $0.touchIDs.append(touchID) } } }
        case .gestureState(let recognizer, let from, let to, let cause):
            update(recognizer) {
                $0.changes.append(.init(micros: entry.micros, state: to, cause: cause.description))
                $0.waitingFor = nil
            }
            if winner == nil, from == .possible, to == .began || to == .ended { winner = recognizer }
        case .gestureWaiting(let recognizer, let other):
            update(recognizer) { $0.waitingFor = other }
        case .gestureReset(let recognizer):
            update(recognizer) { $0.changes.append(.init(micros: entry.micros, state: .possible, cause: "reset")) }
        case .controlEvent(let control, let event):
            controlLog.append(ControlEventItem(micros: entry.micros, control: control, event: event))
            if controlLog.count > Self.controlLogLength { controlLog.removeFirst(controlLog.count - Self.controlLogLength) }
        case .note(let text):
            addNote(NoteItem(micros: entry.micros, kind: .note, text: text))
        case .marker(let text):
            addNote(NoteItem(micros: entry.micros, kind: .marker, text: text))
        case .layer(let event):
            // A layer's decision is shown with the notes, named by its layer; a SwiftUI gesture's
            // phase also moves its own lane (every attachment, and every gesture with an id
            // inside a combinator: the lanes SwiftUI's gestures have no UIKit recognizer for).
            addNote(NoteItem(micros: entry.micros, kind: .note, text: event.layer.rawValue + " " + event.description))
            if event.layer == .swiftUI, !hasOwnRecognizerLane(event.owner),
                let state = Self.laneState(event.kind, current: recognizers.first { $0.name == event.subject }?.state)
            {
                let field = { (name: String) in event.fields.first { $0.name == name }?.value }
                let cause = field("because") ?? field("value").map { "value \($0)" } ?? "SwiftUI phase \(event.kind)"
                update(event.subject) {
                    $0.changes.append(.init(micros: entry.micros, state: state, cause: cause + " (era \(field("era") ?? "ios18"))"))
                }
            }
        case .sendEvent, .hitPointInsideOverride, .touchBlocked, .inputDropped, .deliver, .forward, .touchDelayed,
            .touchReleased, .touchCancelledInView, .gestureIgnored, .gestureIllegalTransition, .gestureAction,
            .controlTracking, .controlAction, .scrollOffset, .scrollDecision, .actionSent, .eventRouted,
            .firstResponder, .loopStopped:
            break
        }
    }

    private func input(finger: Int, phase: UITouch.Phase, point: CGPoint, micros: Int64) {
        switch phase {
        case .began:
            guard openTouch(finger) == nil else { return }  // the engine drops it (already down)
            let saved = (touches, recognizers, winner, gestureStart, selectedTouchID, omittedTouchCount)
            let savedEarlier = earlierGestures
            if !touches.contains(where: \.isDown) {
                archiveCurrentGesture()
                gestureStart = micros
                touches.removeAll()
                recognizers.removeAll()
                winner = nil
                selectedTouchID = nil
                omittedTouchCount = 0
            }
            guard touches.count < Self.maximumTouchesPerGesture else {
                omittedTouchCount += 1
                undoLastInput = { [unowned self] in
                    (touches, recognizers, winner, gestureStart, selectedTouchID, omittedTouchCount) = saved
                    earlierGestures = savedEarlier
                }
                return
            }
            if let previous = touches.lastIndex(where: { $0.finger == finger }) { touches[previous].endEntry = entryCount }
            touches.append(TouchRecord(id: nextTouchID, finger: finger, began: micros, down: point, firstEntry: entryCount))
            nextTouchID += 1
            undoLastInput = { [unowned self] in
                (touches, recognizers, winner, gestureStart, selectedTouchID, omittedTouchCount) = saved
                earlierGestures = savedEarlier
            }
        case .moved, .ended, .cancelled:
            guard let index = openTouch(finger) else { return }
            let saved = touches[index]
            touches[index].move(to: point, at: micros)
            if phase != .moved {
                touches[index].lifted = micros
                touches[index].cancelled = phase == .cancelled
            }
            undoLastInput = { [unowned self] in touches[index] = saved }
        case .stationary:
            break
        }
    }

    /// Keeps the gesture that just ended for `Tab` (its touches' entries end here), dropping the
    /// oldest past `earlierGesturesKept`.
    private func archiveCurrentGesture() {
        guard !touches.isEmpty else { return }
        var gesture = currentGesture
        gesture.isEarlier = true
        for index in gesture.touches.indices where gesture.touches[index].endEntry == nil {
            gesture.touches[index].endEntry = entryCount
        }
        earlierGestures.append(gesture)
        if earlierGestures.count > Self.earlierGesturesKept { earlierGestures.removeFirst(earlierGestures.count - Self.earlierGesturesKept) }
    }

    private func appendStep(_ step: TouchRecord.HitStep) {
        guard let index = collectingPathFor else { return }
        touches[index].hitPath.append(step)
    }

    private func addNote(_ item: NoteItem) {
        noteCount += 1
        notes.append(item)
        if notes.count > Self.notesKept { notes.removeFirst(notes.count - Self.notesKept) }
    }

    /// The touch of `finger` that is down.
    private func openTouch(_ finger: Int) -> Int? {
        touches.lastIndex { $0.finger == finger && $0.isDown }
    }

    /// The latest touch of `finger`, down or lifted (a delayed delivery can come after the lift).
    private func latestTouch(_ finger: Int) -> Int? {
        touches.lastIndex { $0.finger == finger }
    }

    /// Whether the SwiftUI gesture an entry belongs to is an attachment whose own recognizer
    /// (iOS 18 SDK and later) has a lane already: its lane tells UIKit's side.
    private func hasOwnRecognizerLane(_ owner: LayerEvent.Owner?) -> Bool {
        guard let owner, owner.partOf == nil else { return false }
        return recognizers.contains { $0.name.hasSuffix("#" + owner.gesture) && !$0.name.contains(" ") }
    }

    /// A SwiftUI phase as a lane state: active begins, then changes; ended, failed; nil for the
    /// others (a List row's selection).
    static func laneState(_ phase: String, current: UIGestureRecognizer.State?) -> UIGestureRecognizer.State? {
        switch phase {
        case "possible": .possible
        case "active": current == .began || current == .changed ? .changed : .began
        case "ended": .ended
        case "failed": .failed
        default: nil
        }
    }

    private func update(_ name: String, _ body: (inout RecognizerTimeline) -> Void) {
        if let index = recognizers.firstIndex(where: { $0.name == name }) {
            body(&recognizers[index])
        } else {
            var timeline = RecognizerTimeline(name: name, changes: [.init(micros: now, state: .possible, cause: "")])
            body(&timeline)
            recognizers.append(timeline)
        }
    }
}
