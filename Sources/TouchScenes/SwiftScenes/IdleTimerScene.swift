import Foundation
import TouchKit

/// Seed 002's idle timer: `sendEvent` is hooked to stop the timer when a finger touches down and
/// start it when every finger has lifted; after `idleInterval` without touches it fires.
final class IdleTimerApplication: UIApplication {
    static let idleInterval: TimeInterval = 5
    private var idleTimer: ClockTimer?

    override func sendEvent(_ event: UIEvent) {
        super.sendEvent(event)
        guard let touches = event.allTouches, !touches.isEmpty else { return }
        var countOfEnded = 0
        for touch in touches {
            if touch.phase == .began {
                stopTimer()
                return
            } else if touch.phase == .ended {
                countOfEnded += 1
            }
        }
        if touches.count == countOfEnded { startTimer() }
    }

    private func stopTimer() {
        guard let timer = idleTimer else { return }
        timer.invalidate()
        idleTimer = nil
        trace.note("idle timer stopped")
    }

    private func startTimer() {
        idleTimer?.invalidate()
        trace.note("idle timer started")
        idleTimer = clock.schedule(after: Self.idleInterval, label: "idle") { [weak self] in
            self?.idleTimer = nil
            self?.trace.note("idle timer fired: no touch for \(Int(saturating: Self.idleInterval)) s")
        }
    }
}

enum IdleTimerScene {
    static func make() -> LoadedScene {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.backgroundColor = .white
        let surface = UIView(frame: window.bounds)
        surface.accessibilityIdentifier = "surface"
        surface.backgroundColor = UIColor(red: 0.93, green: 0.95, blue: 1, alpha: 1)
        let hint = UILabel(frame: CGRect(x: 40, y: 380, width: 310, height: 40))
        hint.text = "Touch anywhere; wait 5 s"
        surface.addSubview(hint)
        window.addSubview(surface)
        return .swift(
            name: "idle-timer", summary: SwiftScenes.all[0].summary, window: window,
            application: { IdleTimerApplication() })
    }
}
