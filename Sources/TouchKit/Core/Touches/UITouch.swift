import Foundation

/// One finger on the screen, for the whole of its life (UIKit's `UITouch`).
///
/// A touch is hit-tested once, when it begins, and stays bound to that view until it ends or is
/// cancelled, even when the finger leaves the view. Touches compare by identity, as in UIKit.
/// Locations are kept in window coordinates and converted on request.
public final class UITouch: Hashable, CustomStringConvertible {
    /// The phase of a touch, as UIKit names it (`TouchPhase`, declared with the trace's
    /// vocabulary, which records it).
    public typealias Phase = TouchPhase

    /// The kind of input that made the touch. TouchScope simulates fingers.
    public enum TouchType: Int, Hashable, Sendable {
        case direct, indirect, pencil, indirectPointer
    }

    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _touchFields = RecordCell(UITouchHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) public func _recordFields(label: String) -> Any? {
        label == "_touchFields" ? _touchFields.fields : nil
    }

    /// The phase at the latest event.
    public internal(set) var phase: Phase {
        get { _touchFields.fields.phase }
        set { _touchFields.fields.phase = newValue }
    }
    /// When the touch last changed, in the application clock's seconds.
    public internal(set) var timestamp: TimeInterval {
        get { _touchFields.fields.timestamp }
        set { _touchFields.fields.timestamp = newValue }
    }
    /// How many times in a row the finger has tapped near this place (see `UIKitDefaults`).
    public internal(set) var tapCount: Int {
        get { _touchFields.fields.tapCount }
        set { _touchFields.fields.tapCount = newValue }
    }
    /// The view the touch was hit-tested to, or nil when no view takes it.
    public internal(set) var view: UIView? {
        _read { yield _touchFields.fields.view }
        _modify { yield &_touchFields.fields.view }
    }
    /// The window in which the touch began.
    public internal(set) var window: UIWindow? {
        _read { yield _touchFields.fields.window }
        _modify { yield &_touchFields.fields.window }
    }
    /// The recognizers that receive this touch (those of the hit view and its ancestors).
    public var gestureRecognizers: [UIGestureRecognizer]? {
        let recognizers = _slot?.environment.with { $0[self].recognizers } ?? []
        return recognizers.isEmpty ? nil : recognizers
    }
    /// Radius of the contact, in points.
    public internal(set) var majorRadius: CGFloat {
        get { _touchFields.fields.majorRadius }
        set { _touchFields.fields.majorRadius = newValue }
    }
    /// Accuracy of `majorRadius`, in points.
    public internal(set) var majorRadiusTolerance: CGFloat {
        get { _touchFields.fields.majorRadiusTolerance }
        set { _touchFields.fields.majorRadiusTolerance = newValue }
    }
    /// Always `.direct` in TouchScope.
    public let type: TouchType = .direct
    /// Stable id of the finger that made the touch (the driver's id), used by traces and sessions.
    public let fingerID: Int

    var locationInWindow: CGPoint {
        get { _touchFields.fields.locationInWindow }
        set { _touchFields.fields.locationInWindow = newValue }
    }
    var previousLocationInWindow: CGPoint {
        get { _touchFields.fields.previousLocationInWindow }
        set { _touchFields.fields.previousLocationInWindow = newValue }
    }
    /// Where the gesture environment routing the touch keeps its record (`TouchRecord`), or nil
    /// before it begins and once it is over. Set and cleared only by the environment.
    var _slot: TouchSlot? {
        _read { yield _touchFields.fields._slot }
        _modify { yield &_touchFields.fields._slot }
    }
    /// Where and when the touch began, for held `touchesBegan` replayed later.
    var _beganLocation: CGPoint {
        get { _touchFields.fields._beganLocation }
        set { _touchFields.fields._beganLocation = newValue }
    }
    var _beganTimestamp: TimeInterval {
        get { _touchFields.fields._beganTimestamp }
        set { _touchFields.fields._beganTimestamp = newValue }
    }

    init(fingerID: Int, location: CGPoint, timestamp: TimeInterval, radius: CGFloat, tapCount: Int) {
        self.fingerID = fingerID
        self.phase = .began
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.majorRadius = radius
        self.locationInWindow = location
        self.previousLocationInWindow = location
        self._beganLocation = location
        self._beganTimestamp = timestamp
    }

    /// The touch's location in `view`'s coordinates (window coordinates when `view` is nil).
    public func location(in view: UIView?) -> CGPoint {
        // Window coordinates need no window (and no retain of it).
        guard let view else { return locationInWindow }
        return UITouch.convert(locationInWindow, from: window, to: view)
    }

    /// The location at the previous event, in `view`'s coordinates.
    public func previousLocation(in view: UIView?) -> CGPoint {
        UITouch.convert(previousLocationInWindow, from: window, to: view)
    }

    static func convert(_ point: CGPoint, from window: UIWindow?, to view: UIView?) -> CGPoint {
        guard let view else { return point }
        if let window { return view.convert(point, from: window) }
        return view.convert(point, from: nil)
    }

    /// The one-element set passed to its touches methods (made once while the environment routes
    /// the touch).
    var singletonSet: Set<UITouch> {
        _slot?.environment.with { $0.singletonSet(of: self) } ?? [self]
    }

    /// Compares touches by identity.
    public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    public var description: String {
        "UITouch(finger \(fingerID), \(phase), tapCount \(tapCount), at \(TraceFormat.point(locationInWindow.x, locationInWindow.y)))"
    }
}

extension Set where Element == UITouch {
    /// The touch of the lowest finger id: a choice that is the same in every run. (A `Set`'s
    /// own order follows the touches' addresses, so `first` differs between a live run and its
    /// replay; engine code never uses it to choose a touch.)
    var lowestFinger: UITouch? {
        self.min { $0.fingerID < $1.fingerID }
    }

    /// The touches in finger order: iterate this, never the set, when order can show.
    var sortedByFinger: [UITouch] {
        sorted { $0.fingerID < $1.fingerID }
    }
}

extension UITouch {
    /// Whether the touch's view has (or is about to have) `touchesBegan` and not yet its end:
    /// what a scroll view asks before taking the touch from its content.
    var _viewHasTouch: Bool { _slot?.environment.with { $0.delivery(of: self).viewHasTouch } ?? false }
}

/// `UITouch`'s fields that every event reads or writes (see `RecordCell`).
struct UITouchHotFields {
    var phase: UITouch.Phase = .began
    var timestamp: TimeInterval = 0
    var tapCount: Int = 0
    var view: UIView?
    var window: UIWindow?
    var majorRadius: CGFloat = 0
    var majorRadiusTolerance: CGFloat = 0
    var locationInWindow: CGPoint = .zero
    var previousLocationInWindow: CGPoint = .zero
    var _slot: TouchSlot?
    var _beganLocation: CGPoint = .zero
    var _beganTimestamp: TimeInterval = 0
}

@_spi(Records) extension UITouch: RecordCellOwner {}
