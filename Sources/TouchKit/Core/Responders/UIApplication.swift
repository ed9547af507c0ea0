import Foundation

/// The object at the top of the responder chain that receives input and sends it to windows
/// (UIKit's `UIApplication`).
///
/// Unlike UIKit's, it is an ordinary object: tests create as many as they like, each with its own
/// clock, trace and configuration, and nothing in the engine depends on `shared`. Input arrives
/// through `dispatch(_:)` as touch samples; the application turns them into `UITouch` and
/// `UIEvent` objects, hit-tests new touches, and calls `sendEvent(_:)`, which subclasses may
/// override to observe every event (the seeds' idle timer).
open class UIApplication: UIResponder {
    /// The clock the driver owns; timers of recognizers and scroll views run on it.
    public let clock: VirtualClock
    /// Every routing decision, in order.
    public let trace: Trace
    /// Thresholds read by recognizers, controls and scroll views.
    public var configuration: TouchKitConfiguration {
        get { _applicationFields.fields.configuration }
        set {
            _applicationFields.fields.configuration = newValue
            // The gesture environment keeps a copy for its recognizers (read on every move).
            _gestureEnvironment.configuration = newValue
        }
    }
    /// Debug switches (assertions on illegal recognizer transitions, ...).
    public var debugOptions = TouchKitDebugOptions()
    /// The application delegate; becomes `next` when it is a `UIResponder`. Held weakly.
    public weak var delegate: UIApplicationDelegate?

    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _applicationFields = RecordCell(UIApplicationHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) open override func _recordFields(label: String) -> Any? {
        label == "_applicationFields" ? _applicationFields.fields : super._recordFields(label: label)
    }

    var _windows: [UIWindow] {
        _read { yield _applicationFields.fields._windows }
        _modify { yield &_applicationFields.fields._windows }
    }
    /// Always one of `_windows`, which holds it (attach sets it, detach moves it to another):
    /// unretained, because a weak reference would give every window a side table and make each
    /// retain of it on the touch path slow.
    var _keyWindowLink: UnretainedLink<UIWindow>?
    var _keyWindow: UIWindow? {
        get { _keyWindowLink?.object }
        set { _keyWindowLink = newValue.map { UnretainedLink($0) } }
    }
    /// The one touches event, reused for every input (as UIKit does).
    let _touchesEvent = UIEvent()
    /// Touches currently down, in the order they began.
    var _activeTouches: [UITouch] {
        _read { yield _applicationFields.fields._activeTouches }
        _modify { yield &_applicationFields.fields._activeTouches }
    }
    var _lastLift: (location: CGPoint, time: TimeInterval, tapCount: Int)? {
        _read { yield _applicationFields.fields._lastLift }
        _modify { yield &_applicationFields.fields._lastLift }
    }
    /// Whether the event being dispatched reached a window's default `sendEvent(_:)`.
    var _eventReachedWindow: Bool {
        get { _applicationFields.fields._eventReachedWindow }
        set { _applicationFields.fields._eventReachedWindow = newValue }
    }
    var _inputObservers: [(id: Int, body: ([TouchSample], TimeInterval) -> Void)] {
        _read { yield _applicationFields.fields._inputObservers }
        _modify { yield &_applicationFields.fields._inputObservers }
    }
    var _hitObservers: [(id: Int, body: (Int, UIView?) -> Void)] {
        _read { yield _applicationFields.fields._hitObservers }
        _modify { yield &_applicationFields.fields._hitObservers }
    }
    var _nextObserverID = 0
    var _hitTestPassCounter: UInt64 {
        get { _applicationFields.fields._hitTestPassCounter }
        set { _applicationFields.fields._hitTestPassCounter = newValue }
    }
    /// Actions being performed now, nested (see `UIKitDefaults.maximumActionNesting`).
    var _actionNesting: Int {
        get { _applicationFields.fields._actionNesting }
        set { _applicationFields.fields._actionNesting = newValue }
    }
    /// Made with the application (a constant, so that the many reads an event makes borrow it
    /// instead of retaining it); the application becomes its host once initialized.
    let _gestureEnvironment: GestureRecords

    /// Creates an application with its own clock (a new one by default) and UIKit's thresholds.
    public init(clock: VirtualClock = VirtualClock(), configuration: TouchKitConfiguration = TouchKitConfiguration()) {
        self.clock = clock
        self.trace = Trace(clock: clock)
        _applicationFields.fields.configuration = configuration
        _gestureEnvironment = GestureRecords.makeEnvironment(clock: clock, trace: trace)
        super.init()
        _gestureEnvironment.attach(to: self)
        _touchesEvent._application = self
    }

    public convenience override init() {
        self.init(clock: VirtualClock())
    }

    deinit {
        _gestureEnvironment.detachHost()
        // Windows hold their application unretained: a window that outlives it has none.
        for window in _windows where window._application === self { window._application = nil }
        // The event holds its application unretained: an event kept beyond it has none.
        _touchesEvent._application = nil
    }

    // MARK: Windows

    /// The application's windows, in the order they were attached.
    public var windows: [UIWindow] { _windows }

    /// The window whose first responder receives nil-targeted actions.
    public var keyWindow: UIWindow? { _keyWindow }

    /// Attaches `window` to this application (the simulator and the front end do it for you).
    public func attach(_ window: UIWindow) {
        if let other = window._application, other !== self { other.detach(window) }
        if !_windows.contains(where: { $0 === window }) { _windows.append(window) }
        window._application = self
        window._invalidateTraceNames()
        if window._wantsKey || _keyWindow == nil { _keyWindow = window }
    }

    /// Detaches `window`; its touches are cancelled.
    public func detach(_ window: UIWindow) {
        let cancelled = _activeTouches.filter { $0.window === window }
        if !cancelled.isEmpty {
            dispatch(cancelled.map { TouchSample(finger: $0.fingerID, phase: .cancelled, location: $0.locationInWindow) })
        }
        _windows.removeAll { $0 === window }
        // Its recognizers' records parked between sequences go with it.
        _gestureEnvironment.dropParkedRecords(under: window)
        if window._application === self { window._application = nil }
        if _keyWindow === window { _keyWindow = _windows.last }
    }

    func _becomeKey(_ window: UIWindow) {
        if window._application === self { _keyWindow = window }
    }

    // MARK: Events

    /// Sends a touches event to the windows its touches began in. Overridable to observe every
    /// event; call `super` to keep delivering.
    open func sendEvent(_ event: UIEvent) {
        if _windows.count == 1 {
            _windows[0].sendEvent(event)
            return
        }
        let touches = event._touches
        var seen: [UIWindow] = []
        for touch in touches {
            guard let window = touch.window, !seen.contains(where: { $0 === window }) else { continue }
            seen.append(window)
            window.sendEvent(event)
        }
    }

    /// Sends `action` to `target`, or, when `target` is nil, to the first responder that can
    /// perform it: the walk starts at the key window's first responder (at the sender when there
    /// is none) and follows `next`, asking `target(forAction:withSender:)` (UIKit's documented
    /// behaviour). Returns whether someone performed it. Every send is traced, performed or not.
    @discardableResult
    open func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        _sendAction(action, to: target, from: sender, for: event)
    }

    /// The first responder of the key window, if any.
    public var firstResponder: UIResponder? { _keyWindow?._firstResponder }

    // MARK: Responder

    /// The delegate, when it is a responder that is not a view, a controller or an application.
    open override var next: UIResponder? {
        guard let responder = delegate as? UIResponder else { return nil }
        if responder is UIView || responder is UIViewController || responder is UIApplication { return nil }
        return responder
    }

    override var _trace: Trace? { trace }

    // MARK: Shared

    nonisolated(unsafe) private static var _shared: UIApplication?
    private static let _sharedLock = NSLock()

    /// One application for the process, made on first use and kept (UIKit's is a singleton).
    /// For convenience only: nothing in TouchKit depends on it, and the applications tests and
    /// scenes create are their own. (No application is referenced weakly: a weak reference
    /// gives the object a side table, and every retain of it on the touch path takes the slow
    /// path.)
    public static var shared: UIApplication {
        _sharedLock.lock()
        defer { _sharedLock.unlock() }
        if let existing = _shared { return existing }
        let created = UIApplication()
        _shared = created
        return created
    }
}

/// The application delegate (UIKit's `UIApplicationDelegate`); a class protocol with no required
/// methods. When the delegate is a `UIResponder`, it is the application's `next`.
public protocol UIApplicationDelegate: AnyObject {}

/// `UIApplication`'s fields that every event reads or writes (see `RecordCell`).
struct UIApplicationHotFields {
    var configuration = TouchKitConfiguration.uikit
    var _windows: [UIWindow] = []
    var _activeTouches: [UITouch] = []
    var _lastLift: (location: CGPoint, time: TimeInterval, tapCount: Int)?
    var _eventReachedWindow: Bool = false
    var _inputObservers: [(id: Int, body: ([TouchSample], TimeInterval) -> Void)] = []
    var _hitObservers: [(id: Int, body: (Int, UIView?) -> Void)] = []
    var _hitTestPassCounter: UInt64 = 0
    var _actionNesting: Int = 0
}
