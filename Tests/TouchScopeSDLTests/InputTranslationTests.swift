import CSDL2
import Foundation
import Testing
import TouchKit

@testable import TouchScopeSDL

extension SDLTests {
    @Suite("Input translation from SDL events pushed into SDL's queue")
    struct InputTranslationTests {
        /// A scene of 390x844 drawn at scale 0.5 and offset (10, 20) in a window of density 1.
        let mapping = ViewportMapping(scale: 0.5, offset: CGPoint(x: 10, y: 20), pixelDensity: 1)
        let windowSize = CGSize(width: 400, height: 500)

        init() throws {
            try SDLContext.start(driver: "offscreen")
        }

        /// Pushes `events` into SDL's queue, pumps it, and translates what comes out.
        func translate(_ translator: InputTranslator, _ events: [SDL_Event], center: CGPoint = CGPoint(x: 100, y: 100)) -> [String] {
            SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            for var event in events { #expect(SDL_PushEvent(&event) == 1) }
            var out: [String] = []
            var event = SDL_Event()
            while SDL_PollEvent(&event) != 0 {
                for sample in translator.translate(event, mapping: mapping, windowSize: windowSize, centerOfView: { _ in center }) {
                    out.append("\(sample.finger) \(sample.phase) \(Int(sample.location.x)),\(Int(sample.location.y))")
                }
            }
            return out
        }

        func mouseButton(_ type: SDL_EventType, x: Int32, y: Int32, button: Int32 = SDL_BUTTON_LEFT, which: UInt32 = 0) -> SDL_Event {
            var event = SDL_Event()
            event.button.type = type.rawValue
            event.button.which = which
            event.button.button = UInt8(button)
            event.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
            event.button.x = x
            event.button.y = y
            event.button.windowID = 0
            return event
        }

        func mouseMotion(x: Int32, y: Int32, which: UInt32 = 0) -> SDL_Event {
            var event = SDL_Event()
            event.motion.type = SDL_MOUSEMOTION.rawValue
            event.motion.which = which
            event.motion.x = x
            event.motion.y = y
            return event
        }

        func finger(_ type: SDL_EventType, id: SDL_FingerID, x: Float, y: Float, touch: SDL_TouchID = 7) -> SDL_Event {
            var event = SDL_Event()
            event.tfinger.type = type.rawValue
            event.tfinger.touchId = touch
            event.tfinger.fingerId = id
            event.tfinger.x = x
            event.tfinger.y = y
            return event
        }

        @Test("the mouse is one finger: down, drag and up become began, moved, ended in scene points")
        func mouse() {
            let translator = InputTranslator()
            let samples = translate(
                translator,
                [
                    mouseButton(SDL_MOUSEBUTTONDOWN, x: 60, y: 70), mouseMotion(x: 80, y: 70), mouseButton(SDL_MOUSEBUTTONUP, x: 90, y: 80),
                    mouseMotion(x: 100, y: 100),
                ])
            #expect(samples == ["1 began 100,100", "1 moved 140,100", "1 ended 160,120"])
        }

        @Test("real touchscreen fingers are touches of their own, from normalised coordinates")
        func fingers() {
            let translator = InputTranslator()
            let samples = translate(
                translator,
                [
                    finger(SDL_FINGERDOWN, id: 1, x: 0.1, y: 0.2), finger(SDL_FINGERDOWN, id: 2, x: 0.5, y: 0.5),
                    finger(SDL_FINGERMOTION, id: 1, x: 0.15, y: 0.2), finger(SDL_FINGERUP, id: 2, x: 0.5, y: 0.5),
                    finger(SDL_FINGERUP, id: 1, x: 0.15, y: 0.2),
                ])
            // (0.1, 0.2) of a 400x500 window is (40, 100); minus the offset (10, 20), over the scale 0.5.
            #expect(samples == ["1000 began 60,160", "1001 began 380,460", "1000 moved 100,160", "1001 ended 380,460", "1000 ended 100,160"])
        }

        @Test("synthetic events (mouse made from touches, touches made from the mouse) are dropped")
        func syntheticDropped() {
            let translator = InputTranslator()
            let samples = translate(
                translator,
                [
                    mouseButton(SDL_MOUSEBUTTONDOWN, x: 60, y: 70, which: touchscope_touch_mouse_id()),
                    finger(SDL_FINGERDOWN, id: 5, x: 0.1, y: 0.1, touch: touchscope_mouse_touch_id()),
                    mouseButton(SDL_MOUSEBUTTONDOWN, x: 60, y: 70),
                    mouseMotion(x: 70, y: 70, which: touchscope_touch_mouse_id()),
                    mouseButton(SDL_MOUSEBUTTONUP, x: 60, y: 70),
                ])
            #expect(samples == ["1 began 100,100", "1 ended 100,100"])
        }

        @Test("Alt-drag adds a second finger mirrored through the centre of the view under the press")
        func altPinch() {
            let translator = InputTranslator()
            SDL_SetModState(KMOD_LALT)
            defer { SDL_SetModState(KMOD_NONE) }
            let samples = translate(
                translator,
                [
                    mouseButton(SDL_MOUSEBUTTONDOWN, x: 60, y: 70), mouseMotion(x: 50, y: 70), mouseButton(SDL_MOUSEBUTTONUP, x: 50, y: 70),
                ], center: CGPoint(x: 150, y: 150))
            #expect(
                samples == [
                    "1 began 100,100", "2 began 200,200", "1 moved 80,100", "2 moved 220,200", "1 ended 80,100", "2 ended 220,200",
                ])
        }

        @Test("Alt+Shift-drag moves the second finger in parallel")
        func parallel() {
            let translator = InputTranslator()
            SDL_SetModState(SDL_Keymod(rawValue: KMOD_LALT.rawValue | KMOD_LSHIFT.rawValue))
            defer { SDL_SetModState(KMOD_NONE) }
            let samples = translate(
                translator, [mouseButton(SDL_MOUSEBUTTONDOWN, x: 60, y: 70), mouseMotion(x: 70, y: 80)], center: CGPoint(x: 150, y: 150))
            #expect(samples == ["1 began 100,100", "2 began 200,200", "1 moved 120,120", "2 moved 220,220"])
        }

        @Test("right-click pins a finger; right-click on it lifts it")
        func pinning() {
            let translator = InputTranslator()
            let samples = translate(
                translator,
                [
                    mouseButton(SDL_MOUSEBUTTONDOWN, x: 60, y: 70, button: SDL_BUTTON_RIGHT),
                    mouseButton(SDL_MOUSEBUTTONDOWN, x: 110, y: 70, button: SDL_BUTTON_RIGHT),
                    mouseButton(SDL_MOUSEBUTTONDOWN, x: 61, y: 71, button: SDL_BUTTON_RIGHT),
                ])
            #expect(samples == ["100 began 100,100", "101 began 200,100", "100 ended 100,100"])
            #expect(translator.pinned.count == 1)
        }

        @Test("losing focus cancels every touch: the mouse finger, pinned fingers, screen fingers")
        func focusLoss() {
            let translator = InputTranslator()
            var focus = SDL_Event()
            focus.window.type = SDL_WINDOWEVENT.rawValue
            focus.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
            let samples = translate(
                translator,
                [
                    mouseButton(SDL_MOUSEBUTTONDOWN, x: 110, y: 70, button: SDL_BUTTON_RIGHT), mouseButton(SDL_MOUSEBUTTONDOWN, x: 60, y: 70),
                    finger(SDL_FINGERDOWN, id: 9, x: 0.5, y: 0.5), focus,
                ])
            #expect(
                samples == [
                    "100 began 200,100", "1 began 100,100", "1000 began 380,460",
                    "1 cancelled 100,100", "100 cancelled 200,100", "1000 cancelled 380,460",
                ])
            #expect(!translator.hasTouches)
        }

        @Test("the mapping fits the scene, keeps its aspect ratio and follows display density")
        func viewportFit() {
            let fit = ViewportMapping.fit(
                sceneSize: CGSize(width: 390, height: 844), into: CGSize(width: 1110, height: 844), reservedRight: 360, pixelDensity: 2)
            #expect(fit.scale == 1)
            #expect(fit.offset == CGPoint(x: 180, y: 0))
            #expect(fit.point(atWindowCoordinate: CGPoint(x: 100, y: 50)) == CGPoint(x: 20, y: 100))
            let half = ViewportMapping.fit(sceneSize: CGSize(width: 390, height: 844), into: CGSize(width: 1000, height: 422))
            #expect(half.scale == 0.5)
        }
    }
}
