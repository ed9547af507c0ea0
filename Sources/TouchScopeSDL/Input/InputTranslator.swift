import CSDL2
import Foundation
import TouchKit

/// Turns SDL input into touch samples, as the iOS Simulator does with a mouse.
///
/// - The mouse is one finger (id 1) while its left button is down.
/// - Real touchscreen fingers are real touches (ids from 1000); SDL's normalised finger
///   coordinates map to window points through the viewport.
/// - The same input never arrives twice: SDL's touch-to-mouse and mouse-to-touch synthesis are
///   turned off (`SDLContext`), and synthetic events that still come are dropped.
/// - Alt-drag adds a second finger (id 2) mirrored through the centre of the view under the press
///   (or the window), for pinch and rotation; Alt+Shift-drag moves it in parallel instead.
/// - Right-click pins a finger where it is (ids from 100), so three- and four-finger gestures can
///   be built up; right-click on a pinned finger lifts it.
/// - Losing focus cancels every touch; releasing the button outside the window ends it there.
package final class InputTranslator {
    package static let mouseFinger = 1
    package static let mirrorFinger = 2
    static let firstPinnedFinger = 100
    static let firstTouchscreenFinger = 1000

    private var mouseDown: CGPoint?
    private var partner: (offset: CGPoint, center: CGPoint, mirrored: Bool)?
    private var partnerPoint: CGPoint?
    private(set) package var pinned: [Int: CGPoint] = [:]
    /// Most fingers down at once: a session's input record holds at most this many touches
    /// (`SessionParser.maximumTouches`), so the window never makes an event it could not record.
    package static let maximumFingers = 20
    /// Why the last input was refused (too many fingers), for the status line; cleared when read.
    package var refusal: String?
    private var touchscreen: [SDL_FingerID: (id: Int, point: CGPoint)] = [:]
    private var nextTouchscreenID = InputTranslator.firstTouchscreenFinger

    package init() {}

    /// Where emulated fingers are, for drawing.
    package var emulatedFingers: [CGPoint] {
        var points = Array(pinned.values)
        if let mouseDown { points.append(mouseDown) }
        if let partnerPoint { points.append(partnerPoint) }
        return points + touchscreen.values.map(\.point)
    }

    /// Fingers down now.
    var fingerCount: Int {
        pinned.count + (mouseDown == nil ? 0 : 1) + (partnerPoint == nil ? 0 : 1) + touchscreen.count
    }

    /// Whether `count` more fingers may go down; notes the refusal when not.
    private func roomFor(_ count: Int) -> Bool {
        guard fingerCount + count <= Self.maximumFingers else {
            refusal = "at most \(Self.maximumFingers) fingers at once"
            return false
        }
        return true
    }

    /// Whether any finger is down.
    package var hasTouches: Bool {
        mouseDown != nil || !pinned.isEmpty || !touchscreen.isEmpty
    }

    /// The samples for one SDL event. `centerOfView` answers the centre (in window points) of
    /// the view under a point, for Alt-drag mirroring.
    package func translate(
        _ event: SDL_Event, mapping: ViewportMapping, windowSize: CGSize, centerOfView: (CGPoint) -> CGPoint
    ) -> [TouchSample] {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_MOUSEBUTTONDOWN:
            guard event.button.which != touchscope_touch_mouse_id() else { return [] }
            let point = mapping.point(atWindowCoordinate: CGPoint(x: Int(event.button.x), y: Int(event.button.y)))
            if Int32(event.button.button) == SDL_BUTTON_RIGHT { return togglePin(at: point) }
            guard Int32(event.button.button) == SDL_BUTTON_LEFT, mouseDown == nil else { return [] }
            let modifiers = SDL_GetModState()
            let alt = modifiers.rawValue & KMOD_ALT.rawValue != 0
            guard roomFor(alt ? 2 : 1) else { return [] }
            mouseDown = point
            var samples = [TouchSample(finger: Self.mouseFinger, phase: .began, location: point)]
            if alt {
                let center = centerOfView(point)
                let mirror = CGPoint(x: 2 * center.x - point.x, y: 2 * center.y - point.y)
                let parallel = modifiers.rawValue & KMOD_SHIFT.rawValue != 0
                partner = (CGPoint(x: mirror.x - point.x, y: mirror.y - point.y), center, !parallel)
                partnerPoint = mirror
                samples.append(TouchSample(finger: Self.mirrorFinger, phase: .began, location: mirror))
            }
            return samples
        case SDL_MOUSEMOTION:
            guard event.motion.which != touchscope_touch_mouse_id(), mouseDown != nil else { return [] }
            let point = mapping.point(atWindowCoordinate: CGPoint(x: Int(event.motion.x), y: Int(event.motion.y)))
            mouseDown = point
            var samples = [TouchSample(finger: Self.mouseFinger, phase: .moved, location: point)]
            if let partner {
                let other =
                    partner.mirrored
                    ? CGPoint(x: 2 * partner.center.x - point.x, y: 2 * partner.center.y - point.y)
                    : CGPoint(x: point.x + partner.offset.x, y: point.y + partner.offset.y)
                partnerPoint = other
                samples.append(TouchSample(finger: Self.mirrorFinger, phase: .moved, location: other))
            }
            return samples
        case SDL_MOUSEBUTTONUP:
            guard event.button.which != touchscope_touch_mouse_id(), Int32(event.button.button) == SDL_BUTTON_LEFT,
                mouseDown != nil
            else { return [] }
            let point = mapping.point(atWindowCoordinate: CGPoint(x: Int(event.button.x), y: Int(event.button.y)))
            return endMouse(at: point, phase: .ended)
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            guard event.tfinger.touchId != touchscope_mouse_touch_id() else { return [] }
            let window = CGPoint(x: CGFloat(event.tfinger.x) * windowSize.width, y: CGFloat(event.tfinger.y) * windowSize.height)
            let point = mapping.point(atWindowCoordinate: window)
            let key = event.tfinger.fingerId
            switch SDL_EventType(rawValue: event.type) {
            case SDL_FINGERDOWN:
                guard touchscreen[key] == nil, roomFor(1) else { return [] }
                let id = nextTouchscreenID
                nextTouchscreenID += 1
                touchscreen[key] = (id, point)
                return [TouchSample(finger: id, phase: .began, location: point)]
            case SDL_FINGERMOTION:
                guard let finger = touchscreen[key] else { return [] }
                touchscreen[key] = (finger.id, point)
                return [TouchSample(finger: finger.id, phase: .moved, location: point)]
            default:
                guard let finger = touchscreen.removeValue(forKey: key) else { return [] }
                return [TouchSample(finger: finger.id, phase: .ended, location: point)]
            }
        case SDL_WINDOWEVENT:
            if UInt32(event.window.event) == SDL_WINDOWEVENT_FOCUS_LOST.rawValue {
                return cancelAll()
            }
            return []
        default:
            return []
        }
    }

    private func endMouse(at point: CGPoint, phase: UITouch.Phase) -> [TouchSample] {
        var samples = [TouchSample(finger: Self.mouseFinger, phase: phase, location: point)]
        if let partnerPoint {
            samples.append(TouchSample(finger: Self.mirrorFinger, phase: phase, location: partnerPoint))
        }
        mouseDown = nil
        partner = nil
        partnerPoint = nil
        return samples
    }

    private func togglePin(at point: CGPoint) -> [TouchSample] {
        if let (id, location) = pinned.first(where: { hypot($0.value.x - point.x, $0.value.y - point.y) < 15 }) {
            pinned[id] = nil
            return [TouchSample(finger: id, phase: .ended, location: location)]
        }
        guard roomFor(1) else { return [] }
        let id = (pinned.keys.max() ?? Self.firstPinnedFinger - 1) + 1
        pinned[id] = point
        return [TouchSample(finger: id, phase: .began, location: point)]
    }

    /// Cancels every touch (focus lost, the window closing, a recording restarting).
    package func cancelAll() -> [TouchSample] {
        var samples: [TouchSample] = []
        if let mouseDown { samples += endMouse(at: mouseDown, phase: .cancelled) }
        for (id, point) in pinned.sorted(by: { $0.key < $1.key }) {
            samples.append(TouchSample(finger: id, phase: .cancelled, location: point))
        }
        pinned.removeAll()
        for finger in touchscreen.values.sorted(by: { $0.id < $1.id }) {
            samples.append(TouchSample(finger: finger.id, phase: .cancelled, location: finger.point))
        }
        touchscreen.removeAll()
        return samples
    }

    /// Forgets every finger without producing samples (the scene was rebuilt).
    package func reset() {
        mouseDown = nil
        partner = nil
        partnerPoint = nil
        pinned.removeAll()
        touchscreen.removeAll()
    }
}
