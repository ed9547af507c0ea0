import Foundation
import TouchKit

/// One finger as a gesture sees it: where it went down and when, where it is, its phase.
public struct GestureTouch: Sendable {
    public var finger: Int
    /// Window coordinates.
    public var start: CGPoint
    public var location: CGPoint
    public var startTime: TimeInterval
    public var phase: UITouch.Phase
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
    // no dynamic exclusivity checks.
    @exclusivity(unchecked)
    public internal(set) var phase: GesturePhase = .possible
    /// When the gesture wants to be updated again without new input (a long press's duration,
    /// a tap's contact limit, a multi-tap window), nil when it does not.
    @exclusivity(unchecked)
    public internal(set) var deadline: TimeInterval?
    /// The value (numbers; its text is made when asked).
    @exclusivity(unchecked)
    public internal(set) var value: GestureValue = .none
    /// The value's stable text (`translation (30.00, 0.00)`), empty before any.
    public var valueText: String { value.text }
    /// What a queued callback is: its work runs when UIKit lets the recognizer change state
    /// (began, changed, ended), except a `@GestureState` reset, which always runs.
    enum CallbackKind { case active, ended, reset }

    /// Callback work to run after the whole tree updated, in order.
    @exclusivity(unchecked)
    var pendingCallbacks: [(kind: CallbackKind, run: () -> Void)] = []
    @exclusivity(unchecked)
    var lastChangedValue: String?
    @exclusivity(unchecked)
    var updatingRan = false
    /// A gesture held by an exclusive's first (model M3): its end waits.
    @exclusivity(unchecked)
    var heldEnd = false

    /// Whether becoming (or staying) active queues anything: `updating` or `onChanged` is set.
    /// Read on every move of a running drag, so found once.
    let hasActiveCallbacks: Bool

    init(_ description: GestureDescription) {
        self.description = description
        hasActiveCallbacks = description.callbacks.updating != nil || description.callbacks.onChanged != nil
    }

    /// Makes the instance for `description`.
    public static func make(_ description: GestureDescription) -> GestureInstance {
        switch description.kind {
        case .tap(let count): TapInstance(description, count: count, spatial: nil)
        case .spatialTap(let count, let global): TapInstance(description, count: count, spatial: global)
        case .longPress(let duration, let distance): LongPressInstance(description, duration: duration, distance: distance)
        case .drag(let distance, let global): DragInstance(description, minimumDistance: distance, global: global)
        case .magnify(let delta): TwoFingerInstance(description, rotation: false, threshold: delta)
        case .rotate(let degrees): TwoFingerInstance(description, rotation: true, threshold: degrees)
        case .simultaneously(let a, let b): SimultaneousInstance(description, make(a), make(b))
        case .sequenced(let a, let b): SequenceInstance(description, make(a), make(b))
        case .exclusively(let a, let b): ExclusiveInstance(description, make(a), make(b))
        case .never(let reason): NeverInstance(description, reason)
        }
    }

    /// Feeds the input; `inherited` is what an enclosing exclusive says of its first gesture.
    func update(_ input: GestureInput, inherited: InheritedPhase) {}

    /// Ends the gesture from outside (UIKit cancelled its recognizer, the touches were
    /// cancelled): a gesture not yet ended fails; callbacks as SwiftUI runs them (no `onEnded`).
    func cancel(_ reason: GestureFailure) {
        guard !phase.isTerminal else { return }
        setPhase(.failed(reason))
    }

    /// Calls `body` with every instance of the tree, depth first (this one first), without
    /// making a list (it runs on every touch).
    func visit(_ body: (GestureInstance) -> Void) { body(self) }

    /// Runs and clears the callbacks the last updates queued, for the whole tree; with
    /// `resetsOnly`, only the `@GestureState` resets run and the rest are dropped (UIKit did not
    /// let the gesture's recognizer recognize: SwiftUI calls neither `onChanged` nor `onEnded`).
    public func runCallbacks(resetsOnly: Bool = false) {
        visit { instance in
            guard !instance.pendingCallbacks.isEmpty else { return }
            let work = instance.pendingCallbacks
            instance.pendingCallbacks.removeAll()
            for item in work where !resetsOnly || item.kind == .reset { item.run() }
        }
    }

    /// The earliest deadline in the tree.
    public var earliestDeadline: TimeInterval? {
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
        if new.isTerminal && !phase.isTerminal {
            // Each callback read on its own: a copy of all of them would retain every one.
            if case .ended = new, let onEnded = description.callbacks.onEnded {
                let value = self.value
                pendingCallbacks.append((.ended, { onEnded(value.text) }))
            }
            if updatingRan, let onReset = description.callbacks.onReset {
                updatingRan = false
                pendingCallbacks.append((.reset, { onReset() }))
            }
            deadline = nil
        }
        phase = new
    }

    /// `updating`, and `onChanged` when the value changed as shown (its text).
    private func queueActiveCallbacks() {
        let value = self.value
        if let updating = description.callbacks.updating {
            updatingRan = true
            pendingCallbacks.append((.active, { updating(value.text) }))
        }
        if let onChanged = description.callbacks.onChanged {
            let text = value.text
            if lastChangedValue != text {
                lastChangedValue = text
                pendingCallbacks.append((.active, { onChanged(text) }))
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
        guard heldEnd, !phase.isTerminal else { return }
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
        if !phase.isTerminal { setPhase(.failed(reason)) }
    }
}
