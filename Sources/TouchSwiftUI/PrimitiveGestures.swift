import Foundation
@_spi(Records) import TouchKit

/// SwiftUI's thresholds (model T), with their sources' confidence named where they decide.
public enum SwiftUIThresholds {
    /// A tap fails past this movement from touch-down, in points (OpenSwiftUI; medium).
    public static let tapMaximumMovement: CGFloat = 45
    /// A tap fails when a finger stays down longer, in seconds (OpenSwiftUI; medium).
    public static let tapMaximumContact: TimeInterval = 0.75
    /// The most time from one tap's lift to the next tap's touch-down (OpenSwiftUI; medium).
    public static let multiTapWindow: TimeInterval = 0.35
    /// A Button's press stays inside this far beyond its frame on iPhone (OpenSwiftUI; medium).
    public static let buttonPressOutset: CGFloat = 70
    /// Views more transparent than this are not hit (OpenSwiftUI; medium).
    public static let minimumHitOpacity: Double = 0.001
}

/// `TapGesture(count:)` and `SpatialTapGesture`: each tap a touch-down and a lift within 0.75 s
/// and 45 pt, the next tap within 0.35 s; discrete (never active). Its end waits while an
/// exclusive's first gesture is possible, and it fails if that one becomes active (M3).
final class TapInstance: GestureInstance {
    let count: Int
    /// nil: a plain tap; true/false: a spatial tap in global/local coordinates.
    let spatial: Bool?
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _tapInstanceFields = RecordCell(TapInstanceHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    override func _recordFields(label: String) -> Any? {
        label == "_tapInstanceFields" ? _tapInstanceFields.fields : super._recordFields(label: label)
    }

    var taps: Int {
        get { _tapInstanceFields.fields.taps }
        set { _tapInstanceFields.fields.taps = newValue }
    }
    var fingerDown: Int? {
        get { _tapInstanceFields.fields.fingerDown }
        set { _tapInstanceFields.fields.fingerDown = newValue }
    }
    var lastLift: TimeInterval? {
        get { _tapInstanceFields.fields.lastLift }
        set { _tapInstanceFields.fields.lastLift = newValue }
    }
    /// Fingers seen (a few: a list, looked at on every move).
    var seen: [Int] {
        _read { yield _tapInstanceFields.fields.seen }
        _modify { yield &_tapInstanceFields.fields.seen }
    }

    init(_ description: GestureDescription, count: Int, spatial: Bool?) {
        self.count = max(1, count)
        self.spatial = spatial
        super.init(description)
    }

    override func restart() {
        super.restart()
        taps = 0
        fingerDown = nil
        lastLift = nil
        seen.removeAllKeepingCapacity()
    }

    override func update(_ input: GestureInput, inherited: InheritedPhase) {
        if heldEnd { return resolveHeld(inherited) }
        guard !isDecided else { return }
        if inherited == .active { return setPhase(.failed(.excluded(by: "the gesture before it"))) }
        for touch in input.touches {
            // The finger down, or one not seen before (each is looked for once).
            if touch.finger != fingerDown {
                guard !seen.contains(touch.finger) else { continue }
                seen.append(touch.finger)
            } else if seen.isEmpty || (seen[0] != touch.finger && !seen.contains(touch.finger)) {
                seen.append(touch.finger)
            }
            if fingerDown == nil, touch.phase == .began {
                if let lift = lastLift, input.time - lift > SwiftUIThresholds.multiTapWindow {
                    return setPhase(
                        .failed(.threshold("the next tap came \(Self.seconds(input.time - lift)) s after the last, past 0.35 s")))
                }
                fingerDown = touch.finger
                deadline = touch.startTime + SwiftUIThresholds.tapMaximumContact
            }
            guard touch.finger == fingerDown else { continue }
            let moved = Self.distance(touch.start, touch.location)
            if moved > SwiftUIThresholds.tapMaximumMovement {
                return setPhase(.failed(.threshold("moved \(Self.number(moved)) pt > 45 pt")))
            }
            if touch.phase == .cancelled { return setPhase(.failed(.cancelled(by: "the system"))) }
            if touch.phase == .ended {
                fingerDown = nil
                taps += 1
                lastLift = input.time
                if let spatial {
                    let p = spatial ? touch.location : CGPoint(x: touch.location.x - input.origin.x, y: touch.location.y - input.origin.y)
                    value = .location(p)
                }
                if taps >= count {
                    deadline = nil
                    return succeed(inherited)
                }
                deadline = input.time + SwiftUIThresholds.multiTapWindow
            }
        }
        if let deadline, input.time >= deadline {
            if fingerDown != nil {
                setPhase(.failed(.threshold("held longer than 0.75 s")))
            } else {
                setPhase(.failed(.threshold("tap \(taps + 1) of \(count) did not come within 0.35 s")))
            }
        }
    }

    static func seconds(_ value: Double) -> String { String(format: "%.2f", value) }
}

/// `LongPressGesture(minimumDuration:maximumDistance:)`: active while pressed (its value
/// `pressing`), ended once held `minimumDuration` within `maximumDistance` (at the duration, not
/// at the lift: model X14, widely relied on), failed when it moves too far or lifts first.
final class LongPressInstance: GestureInstance {
    let duration: TimeInterval
    let distance: CGFloat
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _longPressInstanceFields = RecordCell(LongPressInstanceHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    override func _recordFields(label: String) -> Any? {
        label == "_longPressInstanceFields" ? _longPressInstanceFields.fields : super._recordFields(label: label)
    }

    var finger: Int? {
        get { _longPressInstanceFields.fields.finger }
        set { _longPressInstanceFields.fields.finger = newValue }
    }

    init(_ description: GestureDescription, duration: TimeInterval, distance: CGFloat) {
        self.duration = duration
        self.distance = distance
        super.init(description)
    }

    override func restart() {
        super.restart()
        finger = nil
    }

    /// Pressing, not yet held `minimumDuration`: it has not succeeded.
    override var isTentativelyActive: Bool { phaseKind == .active && value == .pressing }

    override func update(_ input: GestureInput, inherited: InheritedPhase) {
        guard !isDecided else { return }
        guard let touch = input.touches.first(where: { finger == nil ? $0.phase == .began : $0.finger == finger }) else {
            return
        }
        if finger == nil {
            finger = touch.finger
            deadline = touch.startTime + duration
            value = .pressing
            setPhase(.active)
        }
        let moved = Self.distance(touch.start, touch.location)
        if moved > distance {
            return setPhase(.failed(.threshold("moved \(Self.number(moved)) pt > maximumDistance \(Self.number(distance)) pt")))
        }
        if input.time - touch.startTime >= duration - 1e-9 {
            value = .pressed
            return setPhase(.ended)
        }
        if touch.phase == .ended || touch.phase == .cancelled {
            return setPhase(
                .failed(
                    .threshold(
                        "lifted \(TapInstance.seconds(input.time - touch.startTime)) s after touch-down, before minimumDuration \(TapInstance.seconds(duration)) s"
                    )))
        }
    }
}

/// `DragGesture(minimumDistance:coordinateSpace:)`: active once a finger moved `minimumDistance`
/// from where it went down (at touch-down when 0), `onChanged` with the translation, ended at the
/// lift; a lift before that fails it. A second finger is ignored (model X5: unverified).
final class DragInstance: GestureInstance {
    let minimumDistance: CGFloat
    let global: Bool
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _dragInstanceFields = RecordCell(DragInstanceHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    override func _recordFields(label: String) -> Any? {
        label == "_dragInstanceFields" ? _dragInstanceFields.fields : super._recordFields(label: label)
    }

    var finger: Int? {
        get { _dragInstanceFields.fields.finger }
        set { _dragInstanceFields.fields.finger = newValue }
    }

    init(_ description: GestureDescription, minimumDistance: CGFloat, global: Bool) {
        self.minimumDistance = minimumDistance
        self.global = global
        super.init(description)
    }

    override func restart() {
        super.restart()
        finger = nil
    }

    override func update(_ input: GestureInput, inherited: InheritedPhase) {
        guard !isDecided else { return }
        guard let touch = input.touches.first(where: { finger == nil ? $0.phase == .began || $0.phase.isDown : $0.finger == finger })
        else { return }
        finger = touch.finger
        let dx = touch.location.x - touch.start.x
        let dy = touch.location.y - touch.start.y
        value = .translation(dx: dx, dy: dy)
        if touch.phase == .cancelled { return setPhase(.failed(.cancelled(by: "the system"))) }
        if phaseKind == .active {
            if touch.phase == .ended { return setPhase(.ended) }
            return setPhase(.active)
        }
        let moved = TouchGeometry.length(dx, dy)
        if moved >= minimumDistance && (minimumDistance > 0 || touch.phase.isDown) {
            setPhase(.active)
            if touch.phase == .ended { setPhase(.ended) }
            return
        }
        if touch.phase == .ended {
            setPhase(.failed(.threshold("lifted after \(Self.number(moved)) pt, before minimumDistance \(Self.number(minimumDistance)) pt")))
        }
    }
}

/// `MagnifyGesture` and `RotateGesture`: two fingers; active once the scale changed by
/// `minimumScaleDelta` (or the angle by `minimumAngleDelta` degrees); ended when a finger lifts.
final class TwoFingerInstance: GestureInstance {
    let rotation: Bool
    let threshold: CGFloat
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _twoFingerInstanceFields = RecordCell(TwoFingerInstanceHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    override func _recordFields(label: String) -> Any? {
        label == "_twoFingerInstanceFields" ? _twoFingerInstanceFields.fields : super._recordFields(label: label)
    }

    var reference: CGFloat? {
        get { _twoFingerInstanceFields.fields.reference }
        set { _twoFingerInstanceFields.fields.reference = newValue }
    }

    init(_ description: GestureDescription, rotation: Bool, threshold: CGFloat) {
        self.rotation = rotation
        self.threshold = threshold
        super.init(description)
    }

    override func restart() {
        super.restart()
        reference = nil
    }

    func measure(_ a: GestureTouch, _ b: GestureTouch) -> CGFloat {
        rotation
            ? atan2(b.location.y - a.location.y, b.location.x - a.location.x) * 180 / .pi
            : hypot(a.location.x - b.location.x, a.location.y - b.location.y)
    }

    override func update(_ input: GestureInput, inherited: InheritedPhase) {
        guard !isDecided else { return }
        let down = input.touches.filter { $0.phase.isDown }
        if phaseKind == .active, down.count < 2 { return setPhase(.ended) }
        if down.count < 2 {
            if input.touches.allSatisfy({ !$0.phase.isDown }) { setPhase(.failed(.lifted)) }
            return
        }
        let now = measure(down[0], down[1])
        guard let reference else {
            self.reference = now
            return
        }
        if rotation {
            var turned = now - reference
            while turned > 180 { turned -= 360 }
            while turned < -180 { turned += 360 }
            value = .rotation(turned)
            if phaseKind == .active { return setPhase(.active) }
            if abs(turned) >= threshold { setPhase(.active) }
        } else {
            let scale = reference > 0 ? now / reference : 1
            value = .scale(scale)
            if phaseKind == .active { return setPhase(.active) }
            if abs(scale - 1) >= threshold { setPhase(.active) }
        }
    }
}

/// `TapInstance`'s fields that every event reads or writes (see `RecordCell`).
struct TapInstanceHotFields {
    var taps: Int = 0
    var fingerDown: Int?
    var lastLift: TimeInterval?
    var seen: [Int] = []
}

/// `LongPressInstance`'s fields that every event reads or writes (see `RecordCell`).
struct LongPressInstanceHotFields {
    var finger: Int?
}

/// `DragInstance`'s fields that every event reads or writes (see `RecordCell`).
struct DragInstanceHotFields {
    var finger: Int?
}

/// `TwoFingerInstance`'s fields that every event reads or writes (see `RecordCell`).
struct TwoFingerInstanceHotFields {
    var reference: CGFloat?
}
