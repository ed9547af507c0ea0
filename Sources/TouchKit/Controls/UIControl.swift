import Foundation

/// The base class of controls, which turn touches into control events (UIKit's `UIControl`).
///
/// Tracking follows UIKit: `touchesBegan` highlights the control and calls `beginTracking`;
/// when tracking, `.touchDown` fires (with `.touchDownRepeat` when `tapCount` > 1). Each move
/// calls `continueTracking`, updates `isTouchInside` and `isHighlighted` and fires
/// `.touchDragExit`/`.touchDragEnter` when the finger crossed the edge, then `.touchDragInside` or
/// `.touchDragOutside`. Lifting calls `endTracking` and fires `.touchUpInside` or
/// `.touchUpOutside`; a cancel calls `cancelTracking` and fires `.touchCancel`. "Inside" is the
/// bounds grown by `controlTouchMargin` (70 pt, observed) on every side. A control handles its
/// touches itself: it does not forward them up the responder chain. A disabled control is not
/// hit, so the touch goes to the view behind it.
open class UIControl: UIView {
    var _actions: [ControlAction] = []
    /// The touch the control follows, and how (`ControlTracking`).
    var _tracking: ControlTracking = .idle

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    // MARK: State

    /// Whether the control takes touches. UIKit default: true.
    open var isEnabled: Bool = true {
        didSet { _isDisabledForHitTesting = !isEnabled }
    }
    /// Whether the control is selected. UIKit default: false.
    open var isSelected: Bool = false
    /// Whether the control is highlighted (a finger is down on it). UIKit default: false.
    open var isHighlighted: Bool = false
    /// Whether the control is tracking a touch (`beginTracking` and every `continueTracking` so
    /// far said yes).
    public var isTracking: Bool { _tracking.isTracking }
    /// Whether the tracked touch is inside the control's bounds grown by the touch margin.
    public var isTouchInside: Bool { _tracking.isTouchInside }
    /// The margin this control's own code tracks with, in points, instead of UIKit's private one
    /// (`TouchKitConfiguration.controlTouchMargin`, about 70 pt): what a subclass whose
    /// `continueTracking(_:with:)`/`endTracking(_:with:)` compare the touch with a rectangle of
    /// its own does (0: the bounds). nil: UIKit's. Not UIKit API.
    public var trackingMargin: CGFloat?
    /// The margin the control tracks with now: its `trackingMargin`, else its application's
    /// (UIKit's private value, about 70 pt). Not UIKit API.
    public var effectiveTrackingMargin: CGFloat { trackingMargin ?? _configuration.controlTouchMargin }

    /// The control's state flags.
    open var state: State {
        var result: State = .normal
        if isHighlighted { result.insert(.highlighted) }
        if !isEnabled { result.insert(.disabled) }
        if isSelected { result.insert(.selected) }
        return result
    }

    // MARK: Tracking

    /// A touch began; return false to stop tracking it. UIKit default: true.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch moved; return false to stop tracking it. UIKit default: true.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch ended.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// Tracking was cancelled.
    open func cancelTracking(with event: UIEvent?) {}

    // MARK: Touches

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        _trackingBegan(touches, event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        _trackingMoved(touches, event)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        _trackingEnded(touches, event)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        _trackingCancelled(touches, event)
    }

    // MARK: Target-action

    /// Adds `action` for `controlEvents`; an action with the same identifier is replaced.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        _actions.removeAll {
            if case .action(let existing) = $0.kind { return existing.identifier == action.identifier }
            return false
        }
        _actions.append(ControlAction(events: controlEvents, kind: .action(action)))
    }

    /// Removes `action` from `controlEvents` (the action stays for other events).
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Removes the action with `identifier` from `controlEvents`.
    open func removeAction(identifiedBy identifier: UIAction.Identifier, for controlEvents: Event) {
        _removeActions(for: controlEvents) {
            if case .action(let existing) = $0.kind { return existing.identifier == identifier }
            return false
        }
    }

    /// Adds a closure action for `controlEvents`; `target` is held weakly and the action is skipped
    /// once it is gone.
    open func addTarget(_ target: AnyObject, action: @escaping (UIControl) -> Void, for controlEvents: Event) {
        _actions.append(ControlAction(events: controlEvents, kind: .closure(target: WeakBox(target), body: action)))
    }

    /// Adds an unapplied method reference, `addTarget(self, action: MyController.buttonTapped, for:
    /// .touchUpInside)`, the closest form to UIKit's selector-based call. Held weakly.
    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping (Target) -> (UIControl) -> Void, for controlEvents: Event
    ) {
        addTarget(target, action: { [weak target] control in if let target { action(target)(control) } }, for: controlEvents)
    }

    /// Adds a named action: a nil `target` sends it along the responder chain (from the first
    /// responder, or from the control when there is none); a responder target performs it.
    open func addTarget(_ target: UIResponder?, action: Selector, for controlEvents: Event) {
        _actions.append(
            ControlAction(events: controlEvents, kind: .selector(target: WeakBox(target), hasTarget: target != nil, action: action)))
    }

    /// Removes `target`'s actions for `controlEvents` (only `action` when given); a nil target
    /// removes every target's.
    open func removeTarget(_ target: AnyObject?, action: Selector?, for controlEvents: Event) {
        _removeActions(for: controlEvents) { entry in
            switch entry.kind {
            case .action:
                return false
            case .closure(let owner, _):
                return action == nil && (target == nil || owner.value === target)
            case .selector(let owner, _, let name):
                return (target == nil || owner.value === target) && (action == nil || action == name)
            }
        }
    }

    /// The control events that have at least one action.
    public var allControlEvents: Event {
        _actions.reduce(into: Event()) { $0.formUnion($1.events) }
    }

    /// Fires `controlEvents` as if the user had done it.
    open func sendActions(for controlEvents: Event) {
        _sendActions(for: controlEvents, with: nil)
    }

    /// Sends a named action to `target` (or along the responder chain when nil).
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        let app = _window?._application ?? event?._application
        if let app {
            app.sendAction(action, to: target, from: self, for: event)
        } else if let responder = target as? UIResponder {
            responder.perform(action, sender: self, event: event)
        }
    }

    /// Performs `action` with this control as its sender.
    open func sendAction(_ action: UIAction) {
        action.sender = self
        action.handler(action)
        action.sender = nil
    }

    // MARK: Engine hooks

    /// UIButton sends `.primaryActionTriggered` right after `.touchUpInside`.
    var _sendsPrimaryActionAfterTouchUpInside: Bool { false }
}

/// One registered action of a control. Targets are held weakly, as UIKit holds them.
struct ControlAction {
    enum Kind {
        case action(UIAction)
        case closure(target: WeakBox, body: (UIControl) -> Void)
        case selector(target: WeakBox, hasTarget: Bool, action: Selector)
    }

    var events: UIControl.Event
    var kind: Kind

    /// Whether the action still runs (its target, if it had one, is alive).
    var isLive: Bool {
        switch kind {
        case .action: true
        case .closure(let target, _): target.value != nil
        case .selector(let target, let hasTarget, _): !hasTarget || target.value != nil
        }
    }
}

/// Holds an object weakly.
struct WeakBox {
    weak var value: AnyObject?
    init(_ value: AnyObject?) { self.value = value }
}
