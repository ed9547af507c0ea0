import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// `r`: recording the live scene to a session file.
extension WindowApp {
    func toggleRecording() {
        if let recorder {
            do {
                let url = try recorder.finish()
                options.announce("wrote \(TerminalText.line(url.path)) (\(recorder.recordCount) records)")
                message = "saved \(url.lastPathComponent)"
            } catch {
                options.announce("could not save the recording: \(error)")
                message = "could not save: \(error)"
            }
            self.recorder = nil
            return
        }
        do { try startRecording(to: nextRecordingPath()) } catch { message = "could not record: \(error)" }
    }

    /// `--record F` for the first recording; later ones (and every one without --record) get a
    /// name no earlier recording has: the scene's name made safe as one file name, the time, and
    /// a number when that is taken.
    private func nextRecordingPath() -> String {
        if let chosen = options.recordPath {
            return recordingsMade == 0 ? chosen : SessionRecorder.availablePath(for: chosen)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stem = "touchscope-\(SafeFileName.component(options.sceneName))-\(formatter.string(from: Date()))"
        return SessionRecorder.availablePath(for: stem + ".session")
    }

    /// Restarts the scene at time zero and records everything from here.
    func startRecording(to path: String) throws {
        guard replayer == nil else {
            message = "a played-back session cannot be recorded again"
            return
        }
        let header = SessionHeader(
            sceneName: scene.name, sceneHash: scene.contentHash, scenePath: SessionScene.headerPath(for: scene, sessionFile: path),
            windowSize: scene.window.bounds.size, started: SessionFormat.timestamp())
        let recorder = try SessionRecorder(url: URL(fileURLWithPath: path), header: header, inputs: scene.filePath.map { [$0] } ?? [])
        recordingsMade += 1
        if let recovered = recorder.recovered {
            options.announce(
                "an interrupted recording was left at \(TerminalText.line(recorder.partialURL.path)); kept it as \(TerminalText.line(recovered.path))"
            )
        }
        scene = try source.make()
        simulator = scene.makeSimulator()
        translator.reset()
        queued.removeAll()
        liveLog.follow(simulator.application)
        listenToTrace()
        do {
            try recorder.embed(scene, at: simulator.clock.now)
        } catch {
            recorder.abandon()
            throw error
        }
        recorder.attach(to: simulator.application)
        self.recorder = recorder
        options.announce("recording to \(TerminalText.line(path)) (scene restarted)")
        message = "recording: r stops, m adds a marker"
    }
}
