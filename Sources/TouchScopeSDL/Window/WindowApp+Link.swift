import Foundation
import TouchKit
import TouchReplay

/// Following a running app over its live link (`open --connect`): the stream is recorded as it
/// arrives (`LiveLink`); whenever no finger is down, the window replays what arrived on the
/// captured scene, shows its end, and says how the model compares with the device.
extension WindowApp {
    /// Reads what the link brought; true when the picture changed.
    func followLink() -> Bool {
        guard let link = options.link else { return false }
        let arrived = link.poll(timeout: 0)
        for line in link.takeNews() {
            options.announce("link: " + line)
            message = line
        }
        guard arrived > 0, let session = link.session else { return false }
        // Between touches (or at the end), the session so far replays cleanly.
        guard !session.warnings.contains(where: { $0.contains("never ended") }) || link.isOver else { return false }
        // A snapshot of the app's new screen came: replay on every version the session carries.
        if session.scenes.count != liveSceneVersions, let resolved = try? SessionScene.embedded(session, sessionFile: link.recordURL.path) {
            source.use(resolved.makeScene)
            liveSceneVersions = session.scenes.count
        }
        do {
            try play(session)
        } catch {
            message = "cannot replay the stream: \(error)"
            return true
        }
        seek(to: session.duration)
        if let device {
            message = "live: " + device.summary + (device.latest.map { "; \($0.touch): device \($0.device), model \($0.model)" } ?? "")
            options.announce(message ?? "")
        }
        return true
    }

    /// Ends the link's recording (quitting, a signal, the window closed).
    func finishLink() throws {
        guard let link = options.link else { return }
        options.link = nil
        let reason = stoppedBySignal.map { "stopped by signal \($0)" } ?? (link.isOver ? nil : "the window was closed")
        if let url = try link.finish(reason: reason) {
            options.announce("wrote \(TerminalText.line(url.path)) (\(link.received) lines from the app)")
        }
    }
}
