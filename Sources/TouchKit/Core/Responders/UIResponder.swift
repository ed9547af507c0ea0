import Foundation

/// An object that can respond to and handle events; the base of views, view controllers,
/// windows and the application (UIKit's `UIResponder`).
///
/// The default touches methods forward the call to `next`, as UIKit's do ("the default
/// implementation forwards the message up the responder chain"); a responder that handles touches
/// overrides them without calling `super`. `next` is evaluated when it is used, so an override that
/// changes it (inserting a coordinator, say) takes effect at once.
open class UIResponder: CustomStringConvertible {
    var _traceNameCache: String? {
        get { _responderFields.fields._traceNameCache }
        set {
            _responderFields.fields._traceNameCache = newValue
            _traceNameID = 0
        }
    }
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _responderFields = RecordCell(UIResponderHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) open func _recordFields(label: String) -> Any? {
        label == "_responderFields" ? _responderFields.fields : nil
    }

    /// The id of the trace name in a trace store: the store's number in the high 32 bits (0:
    /// none), the id in the low 32 (`TraceStore.nameID(of:)`).
    var _traceNameID: UInt64 {
        get { _responderFields.fields._traceNameID }
        set { _responderFields.fields._traceNameID = newValue }
    }

    /// Code run in front of this responder's overridable methods (`ResponderInterceptor`); nil
    /// for all but scene views and controllers with behaviours. Kept in the record cell: hit
    /// testing and every recognition ask for it, and a class's stored property would be checked
    /// for exclusive access at each read.
    package var interceptor: (any ResponderInterceptor)? {
        get { _responderFields.fields.interceptor }
        set {
            _responderFields.fields.interceptor = newValue
            _interceptorDidChange()
        }
    }

    public init() {}

    /// The class name traces show for this object; nil shows its Swift class. Not UIKit API: scene
    /// files and imported view dumps use it to keep the names people wrote (`SkyViewController`).
    public var traceClass: String? {
        didSet { _traceNameCacheDidChange() }
    }

    // MARK: Responder chain

    /// The next responder in the chain, or nil at its end. UIResponder's default: nil.
    open var next: UIResponder? { nil }

    // MARK: First responder

    /// Whether this object may become first responder. UIKit default: false.
    open var canBecomeFirstResponder: Bool {
        guard let interceptor else { return false }
        return interceptor.canBecomeFirstResponder(self) { false }
    }

    /// Whether this object may give up first-responder status. UIKit default: true.
    open var canResignFirstResponder: Bool { true }

    /// Whether this object is its window's first responder.
    open var isFirstResponder: Bool {
        _firstResponderWindow?._firstResponder === self
    }

    /// Makes this object its window's first responder, resigning the current one first.
    /// Fails when `canBecomeFirstResponder` is false, the object is in no window, or the current
    /// first responder refuses to resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        _becomeFirstResponder()
    }

    /// Gives up first-responder status. Fails when `canResignFirstResponder` is false.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        _resignFirstResponder()
    }

    // MARK: Touches

    /// A touch began. Default: forwards to `next`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        _forward(.touchesBegan, touches, event)
    }

    /// Touches moved. Default: forwards to `next`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        _forward(.touchesMoved, touches, event)
    }

    /// Touches ended. Default: forwards to `next`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        _forward(.touchesEnded, touches, event)
    }

    /// Touches were cancelled (by a gesture recognizer, a scroll view or the system).
    /// Default: forwards to `next`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        _forward(.touchesCancelled, touches, event)
    }

    // MARK: Actions

    /// Whether this responder performs `action`. TouchKit's default: false (UIKit answers from the
    /// Objective-C runtime, which TouchKit does not have: override to declare your actions).
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        guard let interceptor else { return false }
        return interceptor.canPerformAction(action, of: self) { false }
    }

    /// The responder that will perform `action`: `self` if `canPerformAction` says so, otherwise
    /// the answer of `next` (UIKit's documented default).
    open func target(forAction action: Selector, withSender sender: Any?) -> Any? {
        if canPerformAction(action, withSender: sender) { return self }
        return next?.target(forAction: action, withSender: sender)
    }

    /// Performs `action` (stands in for the Objective-C message send). Default: does nothing.
    open func perform(_ action: Selector, sender: Any?, event: UIEvent?) {
        interceptor?.perform(action, of: self, sender: sender, event: event) {}
    }

    // MARK: Typed events

    /// Sends `event` up the chain: the default passes it to `next`. A responder that handles an
    /// event overrides this and returns without calling `super` to stop it, or calls `super` to let
    /// it pass, or routes a different event (the seeds' sun re-emitting a sunspot click).
    open func router<Event: ResponderChainEvent>(event: Event) {
        guard let interceptor else { return _routeToNext(event) }
        interceptor.route(self, event: event) { _routeToNext(event) }
    }

    /// UIKit's `router(event:)`: passes the event to `next`.
    private func _routeToNext<Event: ResponderChainEvent>(_ event: Event) {
        guard let next else { return }
        if let trace = _trace {
            trace.record(.eventRouted(event: String(describing: event), from: traceName, to: next.traceName))
        }
        next.router(event: event)
    }

    // MARK: Description

    open var description: String { traceName }

    // MARK: Engine hooks (overridden inside TouchKit)

    /// The window whose first responder this object can be.
    var _firstResponderWindow: UIWindow? { nil }

    /// The trace of the application this responder belongs to, if any.
    var _trace: Trace? { nil }

    /// Builds the trace name; cached by `traceName`.
    func _computeTraceName() -> String {
        _traceClassName
    }

    /// Called when `interceptor` changes (views: whether hit testing must ask them).
    func _interceptorDidChange() {}

    /// Forgets cached names that depend on this object's (views: also its subtree's).
    func _traceNameCacheDidChange() {
        _traceNameCache = nil
    }
}

extension UIResponder {
    /// `traceClass`, or the Swift class name.
    var _traceClassName: String {
        traceClass ?? String(describing: type(of: self))
    }

    /// The name this responder has in traces: its class, plus an identifier or a path for views.
    /// Computed on first use and kept while the object stays in the same place in the tree. It is
    /// always one visible line: an identifier's newlines and invisible characters are escaped
    /// (`TerminalText.line`), so a name can never start a line of output.
    public var traceName: String {
        if let cached = _traceNameCache { return cached }
        let name = TerminalText.line(_computeTraceName())
        _traceNameCache = name
        return name
    }

    func _forward(_ method: TouchMethod, _ touches: Set<UITouch>, _ event: UIEvent?) {
        guard let next else { return }
        if let trace = event?._application?.trace ?? _trace, trace.isEnabled {
            trace.record(.forward(method: method, from: traceName, to: next.traceName))
        }
        next._send(method, touches, with: event)
    }

    func _becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = _firstResponderWindow else { return false }
        if window._firstResponder === self { return true }
        if let current = window._firstResponder {
            guard current.canResignFirstResponder, current.resignFirstResponder() else { return false }
        }
        window._firstResponder = self
        _trace?.record(.firstResponder(traceName))
        return true
    }

    func _resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let window = _firstResponderWindow, window._firstResponder === self {
            window._firstResponder = nil
            _trace?.record(.firstResponder(nil))
        }
        return true
    }

    /// The chain from this responder to the end, as `next` answers now (cycle-safe).
    public var responderChain: [UIResponder] { _chain { $0 } }

    /// The trace names of `responderChain`, built without the intermediate array.
    var _responderChainNames: [String] { _chain(\.traceName) }

    /// `transform` of each responder of the chain (`_visitChain`).
    func _chain<T>(_ transform: (UIResponder) -> T) -> [T] {
        var result: [T] = []
        if _visitChain({ result.append(transform($0)) }) { return result }
        return _responderChainCheckingCycles().map(transform)
    }

    /// The id in `store` of each trace name of the chain, appended to `ids` (the trace's fast
    /// path for a responder chain entry: no string is copied).
    func _appendChainNameIDs(to ids: inout [UInt32], in store: TraceStore) {
        let start = ids.count
        if _visitChain({ ids.append(store.nameID(of: $0)) }) { return }
        ids.removeSubrange(start...)
        for responder in _responderChainCheckingCycles() { ids.append(store.nameID(of: responder)) }
    }

    /// Calls `visit` with each responder of the chain from this one, as `next` answers now. A
    /// chain that comes back to this responder stops there at once; one that loops elsewhere is
    /// visited to `cycleCheckLength` links and the answer is false: the caller then walks
    /// `_responderChainCheckingCycles()`, which finds where the loop closes, so ordinary chains
    /// never pay for its set.
    @inline(__always)
    func _visitChain(_ visit: (UIResponder) -> Void) -> Bool {
        let cycleCheckLength = 4096
        visit(self)
        var count = 1
        var current = next
        while let responder = current {
            if count == cycleCheckLength { return false }
            if responder === self { break }
            visit(responder)
            count += 1
            current = responder.next
        }
        return true
    }

    /// The chain, stopping where it first comes back to a responder already in it.
    func _responderChainCheckingCycles() -> [UIResponder] {
        var chain: [UIResponder] = [self]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        var current = next
        while let responder = current, seen.insert(ObjectIdentifier(responder)).inserted {
            chain.append(responder)
            current = responder.next
        }
        return chain
    }
}
extension UIResponder: TraceChainSubject {}

/// `UIResponder`'s fields that every event reads or writes (see `RecordCell`).
struct UIResponderHotFields {
    var _traceNameCache: String?
    var _traceNameID: UInt64 = 0
    var interceptor: (any ResponderInterceptor)?
}

@_spi(Records) extension UIResponder: RecordCellOwner {}
