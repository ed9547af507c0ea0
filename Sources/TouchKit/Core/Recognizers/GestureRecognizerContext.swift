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
    /// The recognizer it was made for.
    @usableFromInline let recognizer: UIGestureRecognizer
    /// The recognizer's record in the environment holding it when the context was made, or nil
    /// when none held it yet (the environment is then looked up at each use). Once that
    /// environment lets the recognizer go, or goes itself, the handle is stale: the context reads
    /// no touches and changes nothing. The environment is reached through the recognizer's slot,
    /// which the environment clears before it goes: a kept context never reads freed memory, and
    /// holds no environment alive (a timer's closure may keep one).
    @usableFromInline let handle: SlotHandle?

    /// Inlined where the context is asked for (in any module): a context made and used in one
    /// statement then holds no reference of its own to the recognizer, whose method holds it.
    @inlinable
    init(recognizer: UIGestureRecognizer) {
        self.recognizer = recognizer
        handle = recognizer._contextHandle
    }

    /// The environment to act in: the one holding the record the context was made for, while it
    /// does; the application's when the recognizer was not held then; nil when the context is
    /// stale or the recognizer is in no window.
    var environment: GestureRecords? {
        if let slot { return slot.environment.object }
        return handle == nil ? recognizer._environment : nil
    }

    /// The recognizer's slot when the context may use it: the one the context was made with, or,
    /// for a context made before the recognizer was held, the one it has now.
    @inline(__always)
    private var slot: RecognizerSlot? {
        guard let slot = recognizer._slot, handle == nil || slot.handle == handle else { return nil }
        return slot
    }

    /// Runs `body` with `environment`, without retaining it while the recognizer is held (every
    /// touch asks for the time and the trace switch).
    @inline(__always)
    private func withEnvironment<Result>(_ body: (GestureRecords) -> Result) -> Result? {
        if let slot { return slot.environment.with(body) }
        return handle == nil ? recognizer._withEnvironment(body) : nil
    }

    /// The record's handle now (see `slot`), with its environment.
    @inline(__always)
    private var live: (GestureRecords, SlotHandle)? { slot.map { ($0.environment.object, $0.handle) } }

    /// Whether the context may still act: it was made before the recognizer was held, or its
    /// record is still live.
    private var isCurrent: Bool {
        guard let handle else { return true }
        return recognizer._slot?.handle == handle
    }

    /// Runs `body` with the recognizer if the context is current.
    @inline(__always)
    @discardableResult
    private func withRecognizer<Result>(_ body: (UIGestureRecognizer) -> Result) -> Result? {
        isCurrent ? body(recognizer) : nil
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
        guard isCurrent else { return }
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
        withRecognizer { $0._schedule(after: delay, timer, body) } ?? false
    }

    /// Cancels every timer the recognizer scheduled.
    public func cancelTimers() {
        guard let (environment, _) = live else { return }
        environment.cancelTimers(of: recognizer)
    }

    /// Whether a timer the recognizer scheduled is still to fire.
    public var hasScheduledTimer: Bool {
        guard let (environment, handle) = live else { return false }
        return !environment.recognizerRecords[live: handle].timers.isEmpty
    }

    /// The touches the recognizer tracks now, in the order it received them.
    public var touches: [UITouch] {
        guard let (environment, handle) = live else { return [] }
        return environment.recognizerRecords[live: handle].trackedTouches
    }

    /// Calls `body` with each touch the recognizer tracks that is in `phase`, in the order it
    /// received them: within a touches method, the touches of that call (the environment sends a
    /// recognizer exactly its tracked touches of the method's phase), without a set or a list.
    public func forEachTouch(in phase: UITouch.Phase, _ body: (UITouch) -> Void) {
        guard let slot else { return }
        let handle = slot.handle
        // The environment unretained (it clears the recognizer's slot before it goes), and the
        // live list read by index: `body` may make the recognizer ignore a touch meanwhile (or
        // end its sequence: the record may go). The touches of the call are those tracked when
        // it began (a touch bound meanwhile, which only an event dispatched from inside `body`
        // could bind, is not one of them): the walk ends after the last touch of the list as it
        // was read, one look for a single touch.
        slot.environment.with { environment in
            var index = 0
            let records = environment.recognizerRecords
            while let (touch, count) = records.withLive(
                handle,
                { record in
                    index < record.trackedTouches.count
                        ? (record.trackedTouches._unretainedLink(at: index), record.trackedTouches.count) : nil
                }) ?? nil
            {
                // Unretained (the application holds every touch that is down), and called
                // outside the list: `body` may change it.
                if touch.with({ $0.phase == phase }) { touch.with(body) }
                index += 1
                if index >= count { break }
            }
        }
    }

    /// The time on the application's clock, in seconds (0 when the recognizer is in no window).
    public var now: TimeInterval { withEnvironment { $0.clock.now } ?? 0 }

    /// The window the recognizer's view is in.
    public var window: UIWindow? { recognizer._view?._window }

    /// Whether the trace records now (a layer builds its entries only then).
    public var isTracing: Bool { withEnvironment { $0.trace.isEnabled } ?? false }

    /// Writes `text` to the trace as a note (escaped wherever it is shown).
    public func note(_ text: String) {
        environment?.trace.record(.note(text))
    }

    /// Writes a layer's decision to the trace (the trace's open case): how a layer built on
    /// recognizers (SwiftUI's gestures) records its phases and reasons.
    public func record(_ event: LayerEvent) {
        environment?.trace.record(.layer(event))
    }
}

extension UIGestureRecognizer {
    /// The recognizer's door to the gesture environment (`GestureRecognizerContext`).
    public var recognizerContext: GestureRecognizerContext {
        // Inlined (see the context's `init`).
        @inlinable get { GestureRecognizerContext(recognizer: self) }
    }

    /// The handle a context made now keeps: its record's while an environment holds it. A parked
    /// record (between sequences) is not held: the context follows the recognizer into its next
    /// sequence, as one made before it was ever held does.
    @usableFromInline
    var _contextHandle: SlotHandle? { _slot.flatMap { $0.isParked ? nil : $0.handle } }
}
