import Foundation

/// Recognizes fingers dragging (UIKit's `UIPanGestureRecognizer`); continuous.
///
/// UIKit's header: begins when at least `minimumNumberOfTouches` have moved enough to be
/// considered a pan (the centroid moved `panHysteresis`, 10 pt); changes when a finger moves
/// while enough are down; ends when all fingers have lifted. More than `maximumNumberOfTouches`
/// fingers before it begins makes it fail. `translation(in:)` is measured from where the touches
/// started, so it includes the hysteresis (observed: the first `.began` reports about 10 pt);
/// adding or lifting a finger does not make it jump.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    // Read and written on every move, by the recognizer's own code only: kept in its record
    // cell, which no dynamic exclusivity check guards.
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _panGestureRecognizerFields = RecordCell(UIPanGestureRecognizerHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) open override func _recordFields(label: String) -> Any? {
        label == "_panGestureRecognizerFields" ? _panGestureRecognizerFields.fields : super._recordFields(label: label)
    }

    /// Fewest fingers that can pan. UIKit default: 1.
    open var minimumNumberOfTouches: Int {
        get { _panGestureRecognizerFields.fields.minimumNumberOfTouches }
        set { _panGestureRecognizerFields.fields.minimumNumberOfTouches = newValue }
    }
    /// Most fingers that can pan. UIKit default: `Int.max` (`NSUIntegerMax`).
    open var maximumNumberOfTouches: Int {
        get { _panGestureRecognizerFields.fields.maximumNumberOfTouches }
        set { _panGestureRecognizerFields.fields.maximumNumberOfTouches = newValue }
    }

    /// Translation so far, in window coordinates.
    var _translation: CGPoint {
        get { _panGestureRecognizerFields.fields._translation }
        set { _panGestureRecognizerFields.fields._translation = newValue }
    }
    /// Centroid the current translation is measured from (moves when fingers join or leave).
    var _reference: CGPoint? {
        get { _panGestureRecognizerFields.fields._reference }
        set { _panGestureRecognizerFields.fields._reference = newValue }
    }
    /// Recent translations, for `velocity(in:)`.
    var _motion: VelocityTracker<CGPoint> {
        _read { yield _panGestureRecognizerFields.fields._motion }
        _modify { yield &_panGestureRecognizerFields.fields._motion }
    }

    public override init(target: AnyObject?, action: ((UIGestureRecognizer) -> Void)?) {
        super.init(target: target, action: action)
    }

    /// Creates a pan recognizer whose action is `handler`.
    public convenience init(_ handler: @escaping (UIPanGestureRecognizer) -> Void) {
        self.init(target: nil, action: UIGestureRecognizer.typedAction(handler))
    }

    /// The translation of the pan in `view`'s coordinate system.
    open func translation(in view: UIView?) -> CGPoint {
        UIGestureRecognizer.vector(_translation, toView: view)
    }

    /// Sets the translation, as seen in `view`'s coordinate system (often `.zero` after applying it).
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        _translation = UIGestureRecognizer.vector(translation, fromView: view)
        _motion.reset()
        _recordSample()
    }

    /// The velocity of the pan in points per second, in `view`'s coordinate system.
    open func velocity(in view: UIView?) -> CGPoint {
        UIGestureRecognizer.vector(_motion.velocity, toView: view)
    }

    /// The fingers that count for the pan (those still down).
    var _panTouches: [UITouch] {
        let touches = recognizerContext.touches
        // Usually every tracked touch is down: the list itself, not a copy.
        return touches.allSatisfy { $0.phase.isDown } ? touches : touches.filter { $0.phase.isDown }
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let down = _panTouches
        if state == .possible && down.count > maximumNumberOfTouches {
            return recognizerContext.fail(.moreThanMaximumTouches(down: down.count, maximum: maximumNumberOfTouches))
        }
        _rebase(down)
        if _motion.isEmpty { _recordSample() }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let down = _panTouches
        guard let reference = _reference, !down.isEmpty else { return }
        let centroid = UIGestureRecognizer.centroid(down)
        _translation = CGPoint(x: _translation.x + centroid.x - reference.x, y: _translation.y + centroid.y - reference.y)
        _reference = centroid
        _recordSample()
        switch state {
        case .possible:
            guard down.count >= minimumNumberOfTouches, _shouldBegin(translation: _translation) else { return }
            let distance = TouchGeometry.length(_translation.x, _translation.y)
            recognizerContext.setState(.began, .movedPastHysteresis(distance: Double(distance), hysteresis: Double(configuration.panHysteresis)))
        case .began, .changed:
            state = .changed
        case .ended, .cancelled, .failed:
            break
        }
    }

    /// Whether the movement so far is a pan; subclasses refine it (screen-edge pans).
    func _shouldBegin(translation: CGPoint) -> Bool {
        TouchGeometry.length(translation.x, translation.y) >= configuration.panHysteresis
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = _panTouches.filter { !touches.contains($0) }
        if remaining.isEmpty {
            if state.isActive {
                recognizerContext.setState(.ended, .allFingersLifted)
            } else if state == .possible {
                recognizerContext.fail(.liftedBeforeHysteresis(hysteresis: Double(configuration.panHysteresis)))
            }
            return
        }
        _rebase(remaining)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        recognizerContext.cancelOrFail()
    }

    /// A pan declares its requirement: UIKit's drag rules read it (`PanRequirement`).
    open override var panRequirement: PanRequirement? {
        PanRequirement(minimumTouches: minimumNumberOfTouches, maximumTouches: maximumNumberOfTouches)
    }

    open override var describedSettings: RecognizerSettings {
        let most = maximumNumberOfTouches == Int.max ? "any" : String(maximumNumberOfTouches)
        return RecognizerSettings(
            summary: ["touches \(minimumNumberOfTouches) to \(most)"],
            values: [
                "minimumNumberOfTouches": Self.checkpointCount(minimumNumberOfTouches),
                "maximumNumberOfTouches": Self.checkpointCount(maximumNumberOfTouches),
            ])
    }

    open override func restoreSettings(_ values: [String: Double]) {
        if let minimum = values["minimumNumberOfTouches"] { minimumNumberOfTouches = Self.checkpointCount(minimum) }
        if let maximum = values["maximumNumberOfTouches"] { maximumNumberOfTouches = Self.checkpointCount(maximum) }
    }

    open override func reset() {
        super.reset()
        _translation = .zero
        _reference = nil
        _motion.reset()
    }

    /// Fingers joined or left: measure from their new centroid so the translation does not jump.
    func _rebase(_ touches: [UITouch]) {
        _reference = touches.isEmpty ? nil : UIGestureRecognizer.centroid(touches)
    }

    func _recordSample() {
        _motion.window = configuration.velocitySampleWindow
        _motion.add(_translation, at: recognizerContext.now)
    }
}

/// A pan that starts near an edge of the screen (UIKit's `UIScreenEdgePanGestureRecognizer`).
///
/// The first finger must touch within `screenEdgeRegion` (about 20 pt, TouchScope's choice) of one
/// of `edges` of the window, and the movement must lead away from that edge.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _screenEdgePanGestureRecognizerFields = RecordCell(UIScreenEdgePanGestureRecognizerHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) open override func _recordFields(label: String) -> Any? {
        label == "_screenEdgePanGestureRecognizerFields" ? _screenEdgePanGestureRecognizerFields.fields : super._recordFields(label: label)
    }

    /// The edges that may start the gesture. UIKit default: none (set it).
    open var edges: UIRectEdge {
        get { _screenEdgePanGestureRecognizerFields.fields.edges }
        set { _screenEdgePanGestureRecognizerFields.fields.edges = newValue }
    }

    var _startEdge: UIRectEdge {
        get { _screenEdgePanGestureRecognizerFields.fields._startEdge }
        set { _screenEdgePanGestureRecognizerFields.fields._startEdge = newValue }
    }

    public override init(target: AnyObject?, action: ((UIGestureRecognizer) -> Void)?) {
        super.init(target: target, action: action)
    }

    /// Creates a screen-edge pan recognizer whose action is `handler`.
    public convenience init(_ handler: @escaping (UIScreenEdgePanGestureRecognizer) -> Void) {
        self.init(target: nil, action: UIGestureRecognizer.typedAction(handler))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible && _startEdge.isEmpty, let touch = touches.lowestFinger, let window = touch.window {
            let p = touch.location(in: window)
            let b = window.bounds
            let region = configuration.screenEdgeRegion
            var near: UIRectEdge = []
            if p.x - b.minX <= region { near.insert(.left) }
            if b.maxX - p.x <= region { near.insert(.right) }
            if p.y - b.minY <= region { near.insert(.top) }
            if b.maxY - p.y <= region { near.insert(.bottom) }
            _startEdge = near.intersection(edges)
            if _startEdge.isEmpty {
                return recognizerContext.fail(.beganAwayFromEdges(region: Double(region)))
            }
        }
        super.touchesBegan(touches, with: event)
    }

    override func _shouldBegin(translation t: CGPoint) -> Bool {
        let threshold = configuration.panHysteresis
        if _startEdge.contains(.left) && t.x >= threshold && abs(t.x) > abs(t.y) { return true }
        if _startEdge.contains(.right) && -t.x >= threshold && abs(t.x) > abs(t.y) { return true }
        if _startEdge.contains(.top) && t.y >= threshold && abs(t.y) > abs(t.x) { return true }
        if _startEdge.contains(.bottom) && -t.y >= threshold && abs(t.y) > abs(t.x) { return true }
        return false
    }

    open override var describedSettings: RecognizerSettings {
        RecognizerSettings(
            summary: ["edges " + SettingText.names(edges.rawValue, ["top", "left", "bottom", "right"])],
            values: super.describedSettings.values.merging(["edges": Double(edges.rawValue)]) { $1 })
    }

    open override func restoreSettings(_ values: [String: Double]) {
        super.restoreSettings(values)
        if let edges = values["edges"] { self.edges = UIRectEdge(rawValue: UInt(saturating: edges)) }
    }

    open override func reset() {
        super.reset()
        _startEdge = []
    }
}

/// `UIPanGestureRecognizer`'s fields that every event reads or writes (see `RecordCell`).
struct UIPanGestureRecognizerHotFields {
    var _motion = VelocityTracker<CGPoint>()
    var minimumNumberOfTouches: Int = 1
    var maximumNumberOfTouches: Int = Int.max
    var _translation: CGPoint = .zero
    var _reference: CGPoint?
}

/// `UIScreenEdgePanGestureRecognizer`'s fields that every event reads or writes (see `RecordCell`).
struct UIScreenEdgePanGestureRecognizerHotFields {
    var edges: UIRectEdge = []
    var _startEdge: UIRectEdge = []
}
