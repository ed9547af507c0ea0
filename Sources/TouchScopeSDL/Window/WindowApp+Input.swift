import CSDL2
import Foundation
import TouchKit
import TouchReplay

/// SDL events: mouse and fingers become touches on the scene; a click with Ctrl (or in inspect
/// mode) inspects; the timeline takes clicks and drags; keys go to `handleKey`.
extension WindowApp {
    func handle(_ event: SDL_Event) {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT:
            running = false
        case SDL_KEYDOWN:
            handleKey(event.key)
        case SDL_TEXTINPUT:
            handleText(event.text)
        case SDL_MOUSEMOTION:
            pointer = frame.mapping.point(atWindowCoordinate: CGPoint(x: Int(event.motion.x), y: Int(event.motion.y)))
            if scrubbing {
                scrub(toPixel: pixel(x: event.motion.x, y: event.motion.y))
            } else if !mouseTaken {
                deliver(event)
            }
        case SDL_MOUSEBUTTONDOWN:
            mouseDown(event)
        case SDL_MOUSEBUTTONUP:
            if Int32(event.button.button) == SDL_BUTTON_LEFT, scrubbing || mouseTaken {
                scrubbing = false
                mouseTaken = false
            } else {
                deliver(event)
            }
        default:
            deliver(event)
        }
    }

    /// A window coordinate as a pixel of the drawable (they differ on high-DPI displays).
    func pixel(x: Int32, y: Int32) -> CGPoint {
        let density = frame.mapping.pixelDensity
        return CGPoint(x: CGFloat(x) * density, y: CGFloat(y) * density)
    }

    private func mouseDown(_ event: SDL_Event) {
        let button = event.button
        guard button.which != touchscope_touch_mouse_id() else { return }
        let at = pixel(x: button.x, y: button.y)
        let layout = frame.layout
        if Int32(button.button) == SDL_BUTTON_LEFT {
            if let rect = layout.timeline, let replayer {
                let bar = TimelineBar(rect: rect, duration: replayer.session.duration)
                if bar.contains(at) {
                    if let tick = bar.tick(nearX: at.x, in: ticks) {
                        seek(to: tick.micros)
                        message = "\(tick.kind.rawValue) at \(TimelineBar.seconds(tick.micros)) s: \(tick.text)"
                    } else {
                        scrubbing = true
                        scrub(toPixel: at)
                    }
                    return
                }
            }
            let ctrl = SDL_GetModState().rawValue & KMOD_CTRL.rawValue != 0
            guard layout.scene.contains(at) else {
                mouseTaken = true  // the panel or the bars: not a touch
                return
            }
            if ctrl || inspectMode {
                mouseTaken = true
                inspect(at: frame.mapping.point(atPixel: at))
                return
            }
        } else if !layout.scene.contains(at) {
            return
        }
        deliver(event)
    }

    /// Turns an event into samples and delivers them at the event's virtual time (live only).
    func deliver(_ event: SDL_Event) {
        guard replayer == nil else { return }
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(sdlWindow, &width, &height)
        let window = simulator.window
        let samples = translator.translate(
            event, mapping: frame.mapping, windowSize: CGSize(width: Int(width), height: Int(height)),
            centerOfView: { point in
                guard let view = window.hitTest(point, with: nil), !(view is UIWindow) else {
                    return CGPoint(x: window.bounds.midX, y: window.bounds.midY)
                }
                return view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
            })
        if let refusal = translator.refusal {
            message = refusal
            translator.refusal = nil
        }
        guard !samples.isEmpty else { return }
        if paused {
            queued.append(samples)
            message = "\(queued.count) input\(queued.count == 1 ? "" : "s") queued (n or . delivers one, space resumes)"
            return
        }
        let eventTicks = UInt64(event.common.timestamp)
        advanceTime(to: max(lastTicks, eventTicks))
        simulator.send(samples)
    }
}
