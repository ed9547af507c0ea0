import Foundation

/// The base class of gesture recognizers (UIKit's `UIGestureRecognizer`), with UIKit's
/// subclassing API.
///
/// A recognizer attached to a view sees the touches hit-tested to that view and its subviews,
/// before the view does (see `GestureEnvironment` for the arbitration rules). Subclasses override
/// the touches methods and set `state`; the environment validates each change against
/// `transitionTable`, arbitrates with rivals, holds, releases or cancels the view's touches, and
/// calls the actions. Target-action uses closures: targets are held weakly, as UIKit holds them.
open class UIGestureRecognizer: CustomStringConvertible {
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _gestureRecognizerFields = RecordCell(UIGestureRecognizerHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) open func _recordFields(label: String) -> Any? {
        label == "_gestureRecognizerFields" ? _gestureRecognizerFields.fields : nil
    }

    /// Where the environment holding it keeps its record (state, tracked touches, timers), or
    /// nil when none holds it. Set and cleared only by the environment.
    var _slot: RecognizerSlot? {
        _read { yield _gestureRecognizerFields.fields._slot }
        _modify { yield &_gestureRecognizerFields.fields._slot }
    }
    /// Its state while no environment holds it (`.possible`, or what code set outside any
    /// window, as UIKit allows).
    var _detachedState: State {
        get { _gestureRecognizerFields.fields._detachedState }
        set { _gestureRecognizerFields.fields._detachedState = newValue }
    }
    var _actions: [GestureAction] {
        _read { yield _gestureRecognizerFields.fields._actions }
        _modify { yield &_gestureRecognizerFields.fields._actions }
    }
    /// The view it is attached to. Unretained, not weak (a weak reference would give every view
    /// with a recognizer a side table, and each retain of it on every touch the slow path): the
    /// view clears it when it lets the recognizer go and when it goes itself. An
    /// `UnretainedLink` (`_view` is the same link, strong): `_isHolding` asks on every held
    /// touch's event.
    var _viewLink: UnretainedLink<UIView>? {
        _read { yield _gestureRecognizerFields.fields._viewLink }
        _modify { yield &_gestureRecognizerFields.fields._viewLink }
    }
    var _view: UIView? {
        get { _viewLink?.object }
        set { _viewLink = newValue.map { UnretainedLink($0) } }
    }
    var _requiredToFail: [WeakRecognizer] {
        _read { yield _gestureRecognizerFields.fields._requiredToFail }
        _modify { yield &_gestureRecognizerFields.fields._requiredToFail }
    }
    var _traceNameCache: String? {
        _read { yield _gestureRecognizerFields.fields._traceNameCache }
        _modify { yield &_gestureRecognizerFields.fields._traceNameCache }
    }
    /// The delegate methods seen answering otherwise than the default (`DelegateAnswers`).
    var _delegateAnswers: DelegateAnswers = []

    /// Whether the recognizer takes touches. Setting false while it recognizes cancels it (fails it
    /// when still possible). UIKit default: true.
    /// The class name traces show for this recognizer; nil shows its Swift class. Not UIKit API:
    /// a layer's recognizers take the names of the classes they stand for
    /// (`SwiftUI.UIKitResponderGestureRecognizer`).
    public var traceClass: String? {
        didSet { _traceNameCache = nil }
    }

    open var isEnabled: Bool {
        get { _gestureRecognizerFields.fields.isEnabled }
        set {
            let oldValue = _gestureRecognizerFields.fields.isEnabled
            _gestureRecognizerFields.fields.isEnabled = newValue
            if oldValue && !newValue { _environment?.recognizerStopped(self, cause: .disabled, sendActions: true) }
        }
    }
    /// Whether recognizing takes the touches away from the view (`touchesCancelled`). UIKit default: true.
    open var cancelsTouchesInView: Bool {
        get { _gestureRecognizerFields.fields.cancelsTouchesInView }
        set { _gestureRecognizerFields.fields.cancelsTouchesInView = newValue }
    }
    /// Whether the view's `touchesBegan` waits while this recognizer is possible. UIKit default: false.
    open var delaysTouchesBegan: Bool {
        get { _gestureRecognizerFields.fields.delaysTouchesBegan }
        set { _gestureRecognizerFields.fields.delaysTouchesBegan = newValue }
    }
    /// Whether the view's `touchesEnded` waits while this recognizer is possible. UIKit default: true.
    open var delaysTouchesEnded: Bool {
        get { _gestureRecognizerFields.fields.delaysTouchesEnded }
        set { _gestureRecognizerFields.fields.delaysTouchesEnded = newValue }
    }
    /// Whether all touches must be of one type. UIKit default: true (TouchScope has one type).
    open var requiresExclusiveTouchType: Bool {
        get { _gestureRecognizerFields.fields.requiresExclusiveTouchType }
        set { _gestureRecognizerFields.fields.requiresExclusiveTouchType = newValue }
    }
    /// The delegate that tunes arbitration. Held weakly.
    open var delegate: UIGestureRecognizerDelegate? {
        // Arbitration asks for it several times a recognition, and most recognizers never have
        // one: a weak load only when one was set.
        get { _delegateWasSet ? _delegate : nil }
        set {
            _delegate = newValue
            _delegateWasSet = newValue != nil
        }
    }
    private var _delegate: UIGestureRecognizerDelegate? {
        _read { yield _gestureRecognizerFields.fields._delegate }
        _modify { yield &_gestureRecognizerFields.fields._delegate }
    }
    private var _delegateWasSet: Bool {
        get { _gestureRecognizerFields.fields._delegateWasSet }
        set { _gestureRecognizerFields.fields._delegateWasSet = newValue }
    }
    /// A name for debugging; traces use it.
    open var name: String? {
        didSet { _traceNameCache = nil }
    }

    /// Creates a recognizer calling `action` on `target` (held weakly) at each state change.
    /// With a nil target the action is always called.
    public init(target: AnyObject?, action: ((UIGestureRecognizer) -> Void)?) {
        if let action { _actions.append(GestureAction(target: target, hasTarget: target != nil, body: action)) }
    }

    /// Creates a recognizer with no action yet (UIKit's `init()`).
    public convenience init() {
        self.init(target: nil, action: nil)
    }

    /// Creates a recognizer whose action is `handler` (the trailing-closure form).
    public convenience init(_ handler: @escaping (UIGestureRecognizer) -> Void) {
        self.init(target: nil, action: handler)
    }

    // MARK: State

    /// The current state. Subclasses set it from their touches methods (as in UIKit's
    /// `UIGestureRecognizerSubclass.h`); an illegal change is refused and traced.
    open var state: State {
        get { _readRecord { $0[live: $1].state } ?? _detachedState }
        set { _requestState(newValue, cause: nil) }
    }

    /// The view the recognizer is attached to.
    open var view: UIView? { _view }

    // MARK: Location

    /// The centroid of the recognizer's touches, in `view`'s coordinates (window's when nil).
    open func location(in view: UIView?) -> CGPoint {
        let touches = _readRecord { $0[live: $1].trackedTouches } ?? []
        guard !touches.isEmpty else {
            return _readRecord { $0[live: $1].lastLocation }?.map { UITouch.convert($0, from: _view?._window, to: view) } ?? .zero
        }
        var x: CGFloat = 0
        var y: CGFloat = 0
        for touch in touches {
            let p = touch.location(in: view)
            x += p.x
            y += p.y
        }
        return CGPoint(x: x / CGFloat(touches.count), y: y / CGFloat(touches.count))
    }

    /// The location of one of the recognizer's touches, by index, in `view`'s coordinates.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        let touches = _readRecord { $0[live: $1].trackedTouches } ?? []
        guard touches.indices.contains(touchIndex) else { return .zero }
        return touches[touchIndex].location(in: view)
    }

    /// How many touches the recognizer is tracking.
    open var numberOfTouches: Int { _readRecord { $0[live: $1].trackedTouches.count } ?? 0 }

    // MARK: Target-action

    /// Adds an action; `target` is held weakly and the action is skipped once it is gone.
    open func addTarget(_ target: AnyObject, action: @escaping (UIGestureRecognizer) -> Void) {
        _actions.append(GestureAction(target: target, hasTarget: true, body: action))
    }

    /// Adds an action given as an unapplied method reference, `addTarget(self, action: MyView.handle)`,
    /// the closest form to UIKit's `addTarget(self, action: #selector(handle))`. Held weakly.
    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping (Target) -> (UIGestureRecognizer) -> Void
    ) {
        _actions.append(
            GestureAction(target: target, hasTarget: true) { [weak target] recognizer in
                if let target { action(target)(recognizer) }
            })
    }

    /// Removes every action of `target` (every action when nil).
    open func removeTarget(_ target: AnyObject?) {
        if let target {
            _actions.removeAll { $0.target === target }
        } else {
            _actions.removeAll()
        }
    }

    // MARK: Dependencies

    /// Makes this recognizer wait until `otherGestureRecognizer` fails before it recognizes; if the
    /// other recognizes, this one fails.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard !_requiredToFail.contains(where: { $0.value === otherGestureRecognizer }) else { return }
        _requiredToFail.append(WeakRecognizer(otherGestureRecognizer))
    }

    /// Whether the recognizer takes part in `touch`, which landed on its view or a subview
    /// (TouchKit's hook; default true). A layer whose recognizers stand for views UIKit does not
    /// see answers from its own hit testing: a recognizer that says no is not bound and leaves no
    /// trace, as the recognizer of a view off the touch's path.
    open func takesPart(in touch: UITouch) -> Bool { true }

    /// Whether this recognizer, by recognizing, may prevent `preventedGestureRecognizer`.
    /// UIKit default: true.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Whether `preventingGestureRecognizer`, by recognizing, may prevent this one. UIKit default: true.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Whether this recognizer requires `otherGestureRecognizer` to fail. UIKit default: false.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Whether `otherGestureRecognizer` requires this one to fail. UIKit default: false.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    // MARK: Traits and self-description (TouchScope's hooks)

    /// The taps and fingers this recognizer needs when UIKit's tap rules should treat it as a tap
    /// (`UIButton`, `UISwitch`, tap precedence), or nil. `UITapGestureRecognizer` declares its own.
    open var tapRequirement: TapRequirement? { nil }

    /// The fingers this recognizer follows when UIKit's drag rules should treat it as a pan
    /// (`UISlider`, `UISwitch`, SwiftUI's cancellable gestures), or nil.
    /// `UIPanGestureRecognizer` declares its own.
    open var panRequirement: PanRequirement? { nil }

    /// The recognizer's settings, for the inspector (its summary) and for checkpoints (its
    /// values, given back to `restoreSettings(_:)`). Default: none.
    open var describedSettings: RecognizerSettings { RecognizerSettings() }

    /// Restores settings from `describedSettings.values` taken earlier (a checkpoint), by name; a
    /// setting the values do not name keeps its value. Default: nothing to restore.
    open func restoreSettings(_ values: [String: Double]) {}

    // MARK: Subclass hooks

    /// New touches for the recognizer.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// The recognizer's touches moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Some of the recognizer's touches ended.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Some of the recognizer's touches were cancelled. A continuous recognizer should become
    /// `.cancelled`, a discrete one `.failed` (UIKit's documentation).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}

    /// Called when the recognizer returns to `.possible`, after its touch sequence ended.
    open func reset() {}

    /// Stops tracking `touch`: the recognizer gets no more of it, and never withholds it from the view.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        _environment?.ignore(touch, by: self, reason: .ignoreCalled)
    }

    // MARK: Description

    open var description: String {
        var parts = [String(describing: type(of: self)), "state: \(state)"]
        if let pending = _readRecord({ $0[live: $1].pendingState }) ?? nil { parts.append("waiting to become \(pending)") }
        if !isEnabled { parts.append("disabled") }
        if numberOfTouches > 0 { parts.append("\(numberOfTouches) touches") }
        if let view = _view { parts.append("view: \(view.traceName)") }
        return parts[0] + "(" + parts.dropFirst().joined(separator: ", ") + ")"
    }

    // MARK: Internals

    /// The application's configuration (UIKit's defaults when not attached yet).
    var configuration: TouchKitConfiguration {
        // Read in place from the environment holding it (pans read the thresholds at every move).
        _withEnvironment { $0.configuration } ?? .uikit
    }
}

/// One action of a recognizer.
struct GestureAction {
    weak var target: AnyObject?
    let hasTarget: Bool
    let body: (UIGestureRecognizer) -> Void
    /// The object whose deinit takes the action away (an engine action holding its owner
    /// unretained, as the scroll view's on its pan); nil for the others.
    var owner: ObjectIdentifier? = nil

    /// Whether the action still runs (its target, if it had one, is alive).
    var isLive: Bool { !hasTarget || target != nil }
}

/// A weak reference to a recognizer.
struct WeakRecognizer {
    weak var value: UIGestureRecognizer?
    init(_ value: UIGestureRecognizer) { self.value = value }
}

extension UIGestureRecognizer {
    /// Reads the recognizer's record where the environment holding it keeps it; nil when no
    /// environment holds it. `body` gets the records and the handle, and reads the fields it
    /// needs in place (`$0[live: $1].state`): the record itself is never copied.
    @inline(__always)
    func _readRecord<Result>(_ body: (SlotTable<RecognizerRecord>, SlotHandle) -> Result) -> Result? {
        guard let slot = _slot else { return nil }
        return slot.environment.with { body($0.recognizerRecords, slot.handle) }
    }

    /// The environment holding the recognizer, if one does.
    var _holder: GestureRecords? { _slot?.environment.object }
}

/// `UIGestureRecognizer`'s fields that every event reads or writes (see `RecordCell`).
struct UIGestureRecognizerHotFields {
    var isEnabled: Bool = true
    var _slot: RecognizerSlot?
    var _detachedState: UIGestureRecognizer.State = .possible
    var _actions: [GestureAction] = []
    var _viewLink: UnretainedLink<UIView>?
    var _requiredToFail: [WeakRecognizer] = []
    var _traceNameCache: String?
    var cancelsTouchesInView: Bool = true
    var delaysTouchesBegan: Bool = false
    var delaysTouchesEnded: Bool = true
    var requiresExclusiveTouchType: Bool = true
    weak var _delegate: UIGestureRecognizerDelegate?
    var _delegateWasSet: Bool = false
}

@_spi(Records) extension UIGestureRecognizer: RecordCellOwner {}
