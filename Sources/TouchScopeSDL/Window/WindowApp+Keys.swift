import CSDL2
import Foundation
import TouchKit
import TouchReplay

/// The window's keys (the help lists them: `KeyHelp`), and the marker-name prompt.
extension WindowApp {
    func handleKey(_ key: SDL_KeyboardEvent) {
        let symbol = key.keysym.sym
        let shift = key.keysym.mod & UInt16(KMOD_SHIFT.rawValue) != 0
        if markerPrompt != nil {
            handlePromptKey(symbol)
            return
        }
        func toggle(_ layer: OverlayRenderer.Layers) { frame.overlays.layers.formSymmetricDifference(layer) }
        switch symbol {
        case Int32(SDLK_ESCAPE.rawValue):
            if inspectedName != nil || inspectMode {
                closeInspector()
            } else {
                running = false
            }
        case Int32(SDLK_q.rawValue): running = false
        case Int32(SDLK_h.rawValue): toggle(.hitTestPath)
        case Int32(SDLK_c.rawValue): toggle(.responderChain)
        case Int32(SDLK_g.rawValue): toggle(.recognizers)
        case Int32(SDLK_e.rawValue): toggle(.controlEvents)
        case Int32(SDLK_o.rawValue): toggle(.notes)
        case Int32(SDLK_t.rawValue): toggle(.trails)
        case Int32(SDLK_p.rawValue): toggle(.pointer)
        case Int32(SDLK_i.rawValue): toggle(.viewIDs)
        case Int32(SDLK_SLASH.rawValue) where shift, Int32(SDLK_QUESTION.rawValue): toggle(.help)
        case Int32(SDLK_x.rawValue): frame.scene.options.showHiddenViews.toggle()
        case Int32(SDLK_y.rawValue): switchEra()
        case Int32(SDLK_TAB.rawValue):
            model.selectNext(forward: !shift)
            message = Self.describedMessage(model)
            options.announce(message ?? "")
        case Int32(SDLK_v.rawValue):
            inspectMode.toggle()
            message = inspectMode ? "inspect mode: click a view (v or Esc leaves)" : "inspect mode off"
        case Int32(SDLK_SPACE.rawValue):
            paused.toggle()
            if !paused { flushQueue() }
            message = paused ? "paused" : nil
        case Int32(SDLK_n.rawValue): stepOnce()
        case Int32(SDLK_PERIOD.rawValue): replayer == nil ? stepOnce() : stepInput(forward: true)
        case Int32(SDLK_COMMA.rawValue): stepInput(forward: false)
        case Int32(SDLK_s.rawValue):
            speed = speed == 1 ? 0.25 : (speed == 0.25 ? 0.1 : 1)
            message = "speed x\(speed)"
        case Int32(SDLK_r.rawValue): toggleRecording()
        case Int32(SDLK_m.rawValue): openMarkerPrompt()
        case Int32(SDLK_LEFT.rawValue): step(forward: false, small: shift)
        case Int32(SDLK_RIGHT.rawValue): step(forward: true, small: shift)
        case Int32(SDLK_HOME.rawValue): seek(to: 0)
        case Int32(SDLK_END.rawValue): seek(to: replayer?.session.duration ?? 0)
        default: break
        }
    }

    // MARK: Naming a marker

    /// `m`: asks for the marker's name in the status line; the marker takes the time `m` was pressed.
    private func openMarkerPrompt() {
        guard replayer == nil else {
            message = "markers are added while recording or live (this is a playback)"
            return
        }
        markerPrompt = ("", simulator.clock.now)
        SDL_StartTextInput()
    }

    private func handlePromptKey(_ symbol: SDL_Keycode) {
        switch symbol {
        case Int32(SDLK_RETURN.rawValue), Int32(SDLK_KP_ENTER.rawValue):
            finishMarker()
        case Int32(SDLK_ESCAPE.rawValue):
            markerPrompt = nil
            SDL_StopTextInput()
            message = "no marker added"
        case Int32(SDLK_BACKSPACE.rawValue):
            if var prompt = markerPrompt, !prompt.text.isEmpty {
                prompt.text.removeLast()
                markerPrompt = prompt
            }
        default:
            break
        }
    }

    func handleText(_ text: SDL_TextInputEvent) {
        guard var prompt = markerPrompt else { return }
        let typed = withUnsafeBytes(of: text.text) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        prompt.text = String((prompt.text + typed).prefix(200))
        markerPrompt = prompt
    }

    private func finishMarker() {
        guard let prompt = markerPrompt else { return }
        markerPrompt = nil
        SDL_StopTextInput()
        let count = model.noteCount + 1
        let label = prompt.text.trimmingCharacters(in: .whitespaces).isEmpty ? "marker \(count)" : prompt.text
        if let recorder {
            recorder.mark(label, at: prompt.time)
        } else {
            simulator.application.trace.record(.marker(RecordSanitizer.label(label)))
        }
        liveLog.mark(RecordSanitizer.label(label), at: prompt.time)
        message = "marker \"\(label)\" at \(TimelineBar.seconds(TraceEntry.micros(from: prompt.time))) s"
        options.announce(message ?? "")
    }

    // MARK: Stepping

    func flushQueue() {
        for samples in queued { simulator.send(samples) }
        queued.removeAll()
    }

    /// One input: the next queued batch live, or the next input record of a session.
    func stepOnce() {
        if replayer != nil {
            stepInput(forward: true)
            return
        }
        guard !queued.isEmpty else {
            message = paused ? "no input queued; touch the scene, then n delivers it" : "n steps while paused (space)"
            return
        }
        simulator.send(queued.removeFirst())
        message = queued.isEmpty ? "paused" : "\(queued.count) queued"
    }

    /// ←/→: in a session, half a second (Shift: one 60 Hz frame); live and paused, the clock
    /// moves on 50 ms (Shift: 10 ms) so that timers (a long press) can be stepped through.
    func step(forward: Bool, small: Bool) {
        if replayer != nil {
            let size: Int64 = small ? 16_667 : 500_000
            seek(to: playbackPosition + (forward ? size : -size))
            return
        }
        guard paused else {
            message = "pause (space) to step the clock"
            return
        }
        guard forward else {
            message = "a live scene cannot go back; record it (r) and play the session to move both ways"
            return
        }
        simulator.clock.advance(by: small ? 0.01 : 0.05)
        message = "paused at \(TimelineBar.seconds(TraceEntry.micros(from: simulator.clock.now))) s"
    }

    /// What the status line says after Tab: which touch the panels now describe.
    static func describedMessage(_ model: TraceModel) -> String {
        guard !model.followsLatest, let touch = model.described else { return "describing the latest touch" }
        let back = model.describedDistanceFromLatest
        let gesture = model.describedGesture
        let when = gesture.isEarlier ? ", an earlier gesture at \(OverlayRenderer.seconds(TimeInterval(gesture.start) / 1_000_000)) s" : ""
        let distance = back == 0 ? "the latest" : TraceModel.touchesBack(back)
        return "describing finger \(touch.finger), \(distance)\(when) (Shift-Tab: earlier, Tab: later)"
    }
}
