import Foundation

/// An event: for touches, the set of touches down at one moment and what changed (UIKit's `UIEvent`).
///
/// As in UIKit, one touches event object is reused for the life of the application, and
/// `allTouches` includes touches that did not change (phase `.stationary`). Subclass it to carry
/// values along the responder chain with `sendAction(_:to:from:for:)` (the seeds' `PushScreenEvent`).
open class UIEvent: CustomStringConvertible {
    /// Event types, as UIKit names them.
    public enum EventType: Int, Hashable, Sendable {
        case touches, motion, remoteControl, presses, scroll, hover, transform
    }

    /// Event subtypes, as UIKit names them (only `.none` is used by touches).
    public enum EventSubtype: Int, Hashable, Sendable {
        case none
    }

    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _eventFields = RecordCell(UIEventHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) open func _recordFields(label: String) -> Any? {
        label == "_eventFields" ? _eventFields.fields : nil
    }

    /// Touches in this event, in the order their fingers first touched; never a `Set` internally,
    /// so that iteration order (and the trace) is the same in every run.
    var _touches: [UITouch] {
        _read { yield _eventFields.fields._touches }
        _modify { yield &_eventFields.fields._touches }
    }
    var _timestamp: TimeInterval {
        get { _eventFields.fields._timestamp }
        set { _eventFields.fields._timestamp = newValue }
    }
    /// The application whose event this is: it owns the event and clears this in its deinit.
    /// Unretained (`UnretainedLink`), not weak (a weak reference would slow every retain of the
    /// application).
    var _applicationLink: UnretainedLink<UIApplication>? {
        _read { yield _eventFields.fields._applicationLink }
        _modify { yield &_eventFields.fields._applicationLink }
    }
    var _application: UIApplication? {
        get { _applicationLink?.object }
        set { _applicationLink = newValue.map { UnretainedLink($0) } }
    }
    /// Non-zero while the engine hit-tests a new touch with the trace on: the pass number views
    /// stamp, so an overridden `hitTest` that skipped UIKit's implementation can be told apart.
    var _hitTestPass: UInt64 {
        get { _eventFields.fields._hitTestPass }
        set { _eventFields.fields._hitTestPass = newValue }
    }
    var _hitTestTrace: Trace? {
        _read { yield _eventFields.fields._hitTestTrace }
        _modify { yield &_eventFields.fields._hitTestTrace }
    }
    /// Set on events made by `UIView._referenceHitTest`: hit testing runs UIKit's plain recursion,
    /// without the subview index or the iterative walk, as the oracle those are checked against.
    var _usesPlainHitTesting: Bool {
        get { _eventFields.fields._usesPlainHitTesting }
        set { _eventFields.fields._usesPlainHitTesting = newValue }
    }

    public init() {}

    /// The event's type. Default `.touches`.
    open var type: EventType { .touches }

    /// The event's subtype. Default `.none`.
    open var subtype: EventSubtype { .none }

    /// When the event happened, in the application clock's seconds.
    open var timestamp: TimeInterval { _timestamp }

    /// Every touch of the event, including stationary ones; nil for events without touches.
    open var allTouches: Set<UITouch>? {
        _touches.isEmpty ? nil : Set(_touches)
    }

    /// The touches bound to `view`.
    open func touches(for view: UIView) -> Set<UITouch>? {
        let matching = _touches.filter { $0.view === view }
        return matching.isEmpty ? nil : Set(matching)
    }

    /// The touches that began in `window`.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        let matching = _touches.filter { $0.window === window }
        return matching.isEmpty ? nil : Set(matching)
    }

    /// The touches delivered to `gestureRecognizer`.
    open func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        let matching = _touches.filter { gestureRecognizer.recognizerContext.touches.contains($0) }
        return matching.isEmpty ? nil : Set(matching)
    }

    open var description: String {
        "\(String(describing: Swift.type(of: self)))(\(type), \(_touches.count) touches at \(TraceFormat.seconds(TraceEntry.micros(from: timestamp))))"
    }
}

/// `UIEvent`'s fields that every event reads or writes (see `RecordCell`).
struct UIEventHotFields {
    var _touches: [UITouch] = []
    var _timestamp: TimeInterval = 0
    var _applicationLink: UnretainedLink<UIApplication>?
    var _hitTestPass: UInt64 = 0
    var _hitTestTrace: Trace?
    var _usesPlainHitTesting: Bool = false
}

@_spi(Records) extension UIEvent: RecordCellOwner {}
