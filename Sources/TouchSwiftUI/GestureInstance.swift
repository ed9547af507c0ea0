import Foundation
@_spi(Records) import TouchKit

/// One finger as a gesture sees it: where it went down and when, where it is, its phase.
public struct GestureTouch: Sendable {
    public var finger: Int
    /// Window coordinates.
    public var start: CGPoint
    public var location: CGPoint
    public var startTime: TimeInterval
    public var phase: UITouch.Phase

    /// The finger is now at `location` (window coordinates), in `phase`.
    mutating func moved(to location: CGPoint, phase: UITouch.Phase) {
        self.location = location
        self.phase = phase
    }
}

/// What a gesture is given at each update: the time and every finger of the sequence.
public struct GestureInput: Sendable {
    public var time: TimeInterval
    public var touches: [GestureTouch]
    /// The point local coordinates are measured from (the gesture's view's origin, in window
    /// coordinates).
    public var origin: CGPoint = .zero
}

/// A running SwiftUI gesture for one touch sequence: its phase, value and timers. Made from a
/// `GestureDescription`; combinators hold their parts' instances.
public class GestureInstance {
    public let description: GestureDescription
    // The state below changes on every touch, from the one recognizer that owns the instance:
    // kept in its record cell, which no dynamic exclusivity check guards.
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _gestureInstanceFields = RecordCell(GestureInstanceHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) public func _recordFields(label: String) -> Any? {
        label == "_gestureInstanceFields" ? _gestureInstanceFields.fields : nil
    }

    public internal(set) var phase: GesturePhase {
        get { _gestureInstanceFields.fields.phase }
        set { _gestureInstanceFields.fields.phase = newValue }
    }
    /// `phase` without its reason, kept beside it: what the recognizer compares on every touch
    /// (reading `phase` copies a failure's reason).
    public internal(set) var phaseKind: GesturePhase.Kind {
        get { _gestureInstanceFields.fields.phaseKind }
        set { _gestureInstanceFields.fields.phaseKind = newValue }
    }

    /// Whether the gesture is active without having succeeded yet, so that it excludes nothing
    /// in `exclusively(before:)` (a long press still pressing). False but for `LongPressInstance`.
    var isTentativelyActive: Bool { false }
    /// Whether the gesture has decided (ended or failed): `phase.isTerminal`, read without
    /// copying the phase.
    var isDecided: Bool { phaseKind == .ended || phaseKind == .failed }
    /// When the gesture wants to be updated again without new input (a long press's duration,
    /// a tap's contact limit, a multi-tap window), nil when it does not.
    public internal(set) var deadline: TimeInterval? {
        get { _gestureInstanceFields.fields.deadline }
        set { _gestureInstanceFields.fields.deadline = newValue }
    }
    /// The value (numbers; its text is made when asked).
    public internal(set) var value: GestureValue {
        _read { yield _gestureInstanceFields.fields.value }
        _modify { yield &_gestureInstanceFields.fields.value }
    }
    /// The value's stable text (`translation (30.00, 0.00)`), empty before any.
    public var valueText: String { value.text }
    /// A queued callback, with what it is given: it runs when UIKit lets the recognizer change
    /// state (began, changed, ended), except a `@GestureState` reset, which always runs. (Data,
    /// not a closure: queueing one allocates nothing.)
    enum PendingCallback {
        case updating(GestureValue)
        case changed(String)
        case ended(GestureValue)
        case reset

        var isReset: Bool { if case .reset = self { true } else { false } }
    }

    /// Callbacks to run after the whole tree updated, in order.
    var pendingCallbacks: [PendingCallback] {
        _read { yield _gestureInstanceFields.fields.pendingCallbacks }
        _modify { yield &_gestureInstanceFields.fields.pendingCallbacks }
    }
    var lastChangedValue: String? {
        _read { yield _gestureInstanceFields.fields.lastChangedValue }
        _modify { yield &_gestureInstanceFields.fields.lastChangedValue }
    }
    var updatingRan: Bool {
        get { _gestureInstanceFields.fields.updatingRan }
        set { _gestureInstanceFields.fields.updatingRan = newValue }
    }
    /// A gesture held by an exclusive's first (model M3): its end waits.
    var heldEnd: Bool {
        get { _gestureInstanceFields.fields.heldEnd }
        set { _gestureInstanceFields.fields.heldEnd = newValue }
    }

    /// Whether becoming (or staying) active queues anything: `updating` or `onChanged` is set.
    /// Read on every move of a running drag, so found once.
    let hasActiveCallbacks: Bool

    /// Whether the gesture holds other gestures (a combinator): otherwise `visit` is itself alone.
    let hasParts: Bool

    init(_ description: GestureDescription, hasParts: Bool = false) {
        self.description = description
        self.hasParts = hasParts
        hasActiveCallbacks = description.callbacks.updating != nil || description.callbacks.onChanged != nil
    }

    /// Makes the instance for `description`.
    public static func make(_ description: GestureDescription) -> GestureInstance {
        if let reason = description.standIn { return NeverInstance(description, reason) }
        return switch description.kind {
        case .tap(let count): TapInstance(description, count: count, spatial: nil)
        case .spatialTap(let count, let global): TapInstance(description, count: count, spatial: global)
        case .longPress(let duration, let distance): LongPressInstance(description, duration: duration, distance: distance)
        case .drag(let distance, let global): DragInstance(description, minimumDistance: distance, global: global)
        case .magnify(let delta): TwoFingerInstance(description, rotation: false, threshold: delta)
        case .rotate(let degrees): TwoFingerInstance(description, rotation: true, threshold: degrees)
        case .simultaneously(let a, let b): SimultaneousInstance(description, make(a), make(b))
        case .sequenced(let a, let b): SequenceInstance(description, make(a), make(b))
        case .exclusively(let a, let b): ExclusiveInstance(description, make(a), make(b))
        }
    }

    /// Makes the instance as `make` made it, for the next touch sequence (a recognizer whose
    /// gesture does not change keeps its instance instead of making one per touch-down). Each
    /// kind clears the state it keeps, then its parts'.
    func restart() {
        phase = .possible
        phaseKind = .possible
        deadline = nil
        value = .none
        pendingCallbacks.removeAllKeepingCapacity()
        lastChangedValue = nil
        updatingRan = false
        heldEnd = false
    }

    /// Feeds the input; `inherited` is what an enclosing exclusive says of its first gesture.
    func update(_ input: GestureInput, inherited: InheritedPhase) {}

    /// Ends the gesture from outside (UIKit cancelled its recognizer, the touches were
    /// cancelled): a gesture not yet ended fails; callbacks as SwiftUI runs them (no `onEnded`).
    func cancel(_ reason: GestureFailure) {
        guard !isDecided else { return }
        setPhase(.failed(reason))
    }

    /// Calls `body` with every instance of the tree, depth first (this one first), without
    /// making a list (it runs on every touch).
    func visit(_ body: (GestureInstance) -> Void) { body(self) }

    /// Runs and clears the callbacks the last updates queued, for the whole tree; with
    /// `resetsOnly`, only the `@GestureState` resets run and the rest are dropped (UIKit did not
    /// let the gesture's recognizer recognize: SwiftUI calls neither `onChanged` nor `onEnded`).
    public func runCallbacks(resetsOnly: Bool = false) {
        // A gesture without parts with nothing queued (most touches): nothing to visit.
        if !hasParts && pendingCallbacks.isEmpty { return }
        visit { instance in
            guard !instance.pendingCallbacks.isEmpty else { return }
            // Taken out while they run (a callback may queue more), then given back emptied so
            // that the list keeps its room.
            var work: [PendingCallback] = []
            swap(&work, &instance.pendingCallbacks)
            for item in work where !resetsOnly || item.isReset { instance.run(item) }
            work.removeAllKeepingCapacity()
            if instance.pendingCallbacks.isEmpty { swap(&work, &instance.pendingCallbacks) }
        }
    }

    /// Calls the description's callback for `item`.
    private func run(_ item: PendingCallback) {
        switch item {
        case .updating(let value): description.callbacks.updating?(value.text)
        case .changed(let text): description.callbacks.onChanged?(text)
        case .ended(let value): description.callbacks.onEnded?(value.text)
        case .reset: description.callbacks.onReset?()
        }
    }

    /// The earliest deadline in the tree (a gesture without parts: its own, read on every touch).
    public var earliestDeadline: TimeInterval? {
        guard hasParts else { return deadline }
        var earliest: TimeInterval?
        visit { instance in
            if let deadline = instance.deadline, deadline < earliest ?? .infinity { earliest = deadline }
        }
        return earliest
    }

    /// Sets the phase, queueing the callbacks it calls for (model M4): `updating` and `onChanged`
    /// while active (onChanged only when the value changed), `onEnded` on ended, the
    /// `@GestureState` reset when it ends or fails after `updating` ran.
    func setPhase(_ new: GesturePhase) {
        if case .active = new, hasActiveCallbacks { queueActiveCallbacks() }
        if new.isTerminal && !isDecided {
            // Each callback asked about on its own: a copy of all of them would retain every one.
            if case .ended = new, description.callbacks.onEnded != nil {
                pendingCallbacks.append(.ended(value))
            }
            if updatingRan, description.callbacks.onReset != nil {
                updatingRan = false
                pendingCallbacks.append(.reset)
            }
            deadline = nil
        }
        phase = new
        phaseKind = new.kind
    }

    /// `updating`, and `onChanged` when the value changed as shown (its text).
    private func queueActiveCallbacks() {
        if description.callbacks.updating != nil {
            updatingRan = true
            pendingCallbacks.append(.updating(value))
        }
        if description.callbacks.onChanged != nil {
            let text = value.text
            if lastChangedValue != text {
                lastChangedValue = text
                pendingCallbacks.append(.changed(text))
            }
        }
    }

    /// A discrete gesture's success, held while an exclusive's first is still possible (M3).
    func succeed(_ inherited: InheritedPhase) {
        switch inherited {
        case .free:
            heldEnd = false
            setPhase(.ended)
        case .pending:
            heldEnd = true
        case .active:
            heldEnd = false
            setPhase(.failed(.excluded(by: "the gesture before it")))
        }
    }

    /// Releases or fails a held end as the first gesture decides.
    func resolveHeld(_ inherited: InheritedPhase) {
        guard heldEnd, !isDecided else { return }
        succeed(inherited)
    }

    static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat { TouchGeometry.length(a.x - b.x, a.y - b.y) }

    static func number(_ value: CGFloat) -> String { TraceFormat.number(Double(value)) }
}

/// A gesture that never recognizes: it fails at the first touch with its reason.
final class NeverInstance: GestureInstance {
    let reason: GestureFailure
    init(_ description: GestureDescription, _ reason: GestureFailure) {
        self.reason = reason
        super.init(description)
    }
    override func update(_ input: GestureInput, inherited: InheritedPhase) {
        if !isDecided { setPhase(.failed(reason)) }
    }
}

/// `GestureInstance`'s fields that every event reads or writes (see `RecordCell`).
struct GestureInstanceHotFields {
    var phase: GesturePhase = .possible
    var phaseKind: GesturePhase.Kind = .possible
    var deadline: TimeInterval?
    var value: GestureValue = .none
    var pendingCallbacks: [GestureInstance.PendingCallback] = []
    var lastChangedValue: String?
    var updatingRan: Bool = false
    var heldEnd: Bool = false
}

@_spi(Records) extension GestureInstance: RecordCellOwner {}
