import Foundation

/// The door between a gesture recognizer and the gesture environment, for the built-in
/// recognizers and for subclasses written anywhere (the role of swift-nio's
/// `ChannelHandlerContext`): change state or fail with a reason the trace shows, run code later
/// on a named timer whose firing counts as the recognizer's own code, read the tracked touches,
/// and write a note to the trace.
///
/// Setting `state` directly (UIKit's `UIGestureRecognizerSubclass` way) still works; the trace
/// then names the touches method or timer that was running, without a rule.
public struct GestureRecognizerContext {
    /// Unretained: a context is made by its recognizer for the call at hand (`recognizerContext`)
    /// and is not kept beyond it; every touch asks for one, so it costs no reference counting.
    /// Kept as an unmanaged link and read in place (`recognizer`): an `unowned(unsafe)` field is
    /// retained and released at each read.
    private let link: Unmanaged<UIGestureRecognizer>

    init(recognizer: UIGestureRecognizer) {
        link = Unmanaged.passUnretained(recognizer)
    }

    /// The recognizer, strong (for calls that may outlive the statement).
    var recognizer: UIGestureRecognizer { link.takeUnretainedValue() }

    /// Runs `body` with the recognizer, without retaining it.
    @inline(__always)
    private func withRecognizer<Result>(_ body: (UIGestureRecognizer) -> Result) -> Result {
        link._withUnsafeGuaranteedRef(body)
    }

    /// Fails the recognizer; the trace records `reason` as the cause (made only when the trace
    /// records).
    public func fail(_ reason: @autoclosure () -> RecognizerRule) {
        withRecognizer { $0._requestState(.failed, cause: .rule(reason())) }
    }

    /// Moves the recognizer to `state` (`.began`, `.changed`, `.ended`, `.cancelled`, `.failed`);
    /// the trace records `reason` as the cause. Arbitration (failure requirements, rivals,
    /// delegates) applies exactly as when `state` is set. `reason` is made only when the trace
    /// records.
    public func setState(_ state: UIGestureRecognizer.State, _ reason: @autoclosure () -> RecognizerRule) {
        withRecognizer { $0._requestState(state, cause: .rule(reason())) }
    }

    /// A continuous recognizer's answer to `touchesCancelled` (UIKit's documentation: a
    /// continuous recognizer is cancelled, a discrete one fails): `.cancelled` when it is
    /// recognizing, else it fails with the `touchesCancelled` rule.
    public func cancelOrFail() {
        if recognizer.state.isActive {
            recognizer.state = .cancelled
        } else {
            fail(.touchesCancelled)
        }
    }

    /// Runs `body` after `delay` seconds of the application's clock, as the recognizer's code
    /// (its state changes are traced with `timer` as the cause). The recognizer's timers are
    /// cancelled when it reaches a final state or resets. Returns false when the recognizer is
    /// not in a window (nothing is scheduled).
    @discardableResult
    public func schedule(after delay: TimeInterval, _ timer: RecognizerTimer, _ body: @escaping (UIGestureRecognizer) -> Void) -> Bool {
        withRecognizer { $0._schedule(after: delay, timer, body) }
    }

    /// Cancels every timer the recognizer scheduled.
    public func cancelTimers() {
        withRecognizer { $0._context.cancelTimers() }
    }

    /// Whether a timer the recognizer scheduled is still to fire.
    public var hasScheduledTimer: Bool { withRecognizer { $0._context.hasPendingTimer } }

    /// The touches the recognizer tracks now, in the order it received them.
    public var touches: [UITouch] { withRecognizer { $0._context.trackedTouches } }

    /// Calls `body` with each touch the recognizer tracks that is in `phase`, in the order it
    /// received them: within a touches method, the touches of that call (the environment sends a
    /// recognizer exactly its tracked touches of the method's phase), without a set or a list.
    public func forEachTouch(in phase: UITouch.Phase, _ body: (UITouch) -> Void) {
        // The storage is a constant of the recognizer: read in place, as is each touch (the
        // application holds every touch that is down).
        let storage = link._withUnsafeGuaranteedRef { Unmanaged.passUnretained($0._context) }
        storage._withUnsafeGuaranteedRef { storage in
            // The live list, by index: `body` may make the recognizer ignore a touch meanwhile.
            var index = 0
            while index < storage.trackedTouches.count {
                let touch = storage.trackedTouches.withUnsafeBufferPointer { Unmanaged.passUnretained($0[index]) }
                touch._withUnsafeGuaranteedRef { if $0.phase == phase { body($0) } }
                index += 1
            }
        }
    }

    /// The time on the application's clock, in seconds (0 when the recognizer is in no window).
    public var now: TimeInterval {
        if let time = withHolder({ $0.clock.now }) { return time }
        return recognizer._environment?.clock.now ?? 0
    }

    /// Runs `body` with the environment holding the recognizer, retaining neither it nor the
    /// recognizer's storage (the recognizer holds the storage, the environment holds the
    /// recognizer): every touch asks for the time and the trace switch.
    @inline(__always)
    private func withHolder<Result>(_ body: (GestureEnvironment) -> Result) -> Result? {
        withRecognizer { recognizer in
            Unmanaged.passUnretained(recognizer._context)._withUnsafeGuaranteedRef { storage in
                storage.withEnvironment(body)
            }
        }
    }

    /// The window the recognizer's view is in.
    public var window: UIWindow? { recognizer._view?._window }

    /// Whether the trace records now (a layer builds its entries only then).
    public var isTracing: Bool {
        if let tracing = withHolder({ $0.trace.isEnabled }) { return tracing }
        return recognizer._environment?.trace.isEnabled ?? false
    }

    /// Writes `text` to the trace as a note (escaped wherever it is shown).
    public func note(_ text: String) {
        recognizer._environment?.trace.record(.note(text))
    }

    /// Writes a layer's decision to the trace (the trace's open case): how a layer built on
    /// recognizers (SwiftUI's gestures) records its phases and reasons.
    public func record(_ event: LayerEvent) {
        recognizer._environment?.trace.record(.layer(event))
    }
}

extension UIGestureRecognizer {
    /// The recognizer's door to the gesture environment (`GestureRecognizerContext`).
    public var recognizerContext: GestureRecognizerContext { GestureRecognizerContext(recognizer: self) }
}
