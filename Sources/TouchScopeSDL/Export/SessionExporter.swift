import Foundation
import TouchKit
import TouchReplay
import TouchScenes

/// Turns a session into something to share: an animated GIF or an MP4 of the replay with the
/// window's overlays (the frames `render --session S --at T` draws), or a self-contained HTML
/// report. Files are written whole or not at all (a temporary file renamed into place).
package enum SessionExporter {
    /// What to draw and when.
    package struct Options: Sendable {
        package var overlays: OverlayRenderer.Layers = .all
        package var showHiddenViews = false
        /// Frames per second of playback.
        package var fps = 20.0
        /// Playback speed (2 plays the session twice as fast).
        package var speed = 1.0
        /// The stretch of the session, in microseconds (nil: its start, its end).
        package var from: Int64?
        package var to: Int64?
        /// Picture width in pixels (nil: the scene at 1:1 with the panel); the height follows.
        package var width: Int?
        /// The files the export reads (the session, its scene): the output never replaces them.
        package var inputs: [String] = []
        /// Called after each frame with (frames done, frames in all): the command's progress line.
        package var progress: (@Sendable (Int, Int) -> Void)?

        package init() {}
    }

    /// What was written.
    package struct Summary: Sendable {
        package var frames: Int
        package var width: Int
        package var height: Int
        package var bytes: Int
    }

    /// The colours a GIF keeps exact: the overlays' meanings.
    static var exactColors: Set<UInt32> {
        var colors: [UIColor] = [
            Theme.hitOutline, Theme.visitOutline, Theme.passedOutline, Theme.unreachedOutline, Theme.inspectedOutline,
            Theme.noteTick, Theme.markerTick, Theme.timelineFill, Theme.panelBackground, .white, .black,
        ]
        colors += Theme.fingerPalette
        colors += [UIGestureRecognizer.State.possible, .began, .changed, .ended, .cancelled, .failed].map(Theme.state)
        return Set(
            colors.map { color in
                let c = Canvas.sdlColor(color)
                return (UInt32(c.r) << 16) | (UInt32(c.g) << 8) | UInt32(c.b)
            })
    }

    /// The frame times of the export, after checking their number against
    /// `SessionFrames.maximumFrameCount` (a refusal, before any frame is drawn).
    static func frameTimes(_ session: Session, _ options: Options) throws -> [Int64] {
        let (from, to) = range(session, options)
        guard SessionFrames.frameCount(from: from, to: to, fps: options.fps, speed: options.speed) != nil else {
            throw ExportError(
                "\(TraceEntry.seconds(to - from)) s at \(JSONWriter.number(options.fps)) fps and speed \(JSONWriter.number(options.speed)) is more than \(SessionFrames.maximumFrameCount) frames; export a part (--from, --to), or lower --fps or raise --speed"
            )
        }
        return SessionFrames.times(from: from, to: to, fps: options.fps, speed: options.speed)
    }

    /// Most pixels one export draws, all frames together: the frame cap weighs work, not just a
    /// count. `SessionFrames.maximumFrameCount` frames of a megapixel; at 4096 px wide the same
    /// budget is about 2,000 frames. TouchScope's choice (a few minutes of drawing here).
    package static let maximumPixelWork = SessionFrames.maximumFrameCount * 1_000_000

    /// Refuses, before any frame is drawn, an export that would draw more than `maximumPixelWork`.
    package static func checkWork(frames: Int, width: Int, height: Int) throws {
        let (perFrame, overflow1) = width.multipliedReportingOverflow(by: height)
        let (work, overflow2) = frames.multipliedReportingOverflow(by: perFrame)
        guard overflow1 || overflow2 || work > maximumPixelWork else { return }
        throw ExportError(
            "\(frames) frames of \(width)x\(height) px is more drawing than an export does (\(maximumPixelWork / 1_000_000) megapixels in all); export a part (--from, --to), a lower --fps or --width, or a higher --speed"
        )
    }

    /// Draws each frame, reporting progress and stopping on Ctrl-C, SIGTERM or SIGHUP (nothing is
    /// then written: the export is one file, whole or not at all).
    static func eachFrame(_ times: [Int64], options: Options, _ body: (Int64) throws -> Void) throws {
        for (index, t) in times.enumerated() {
            if let signal = SignalFlag.received { throw Interrupted(signal: signal, framesDone: index) }
            try body(t)
            options.progress?(index + 1, times.count)
        }
    }

    /// An export stopped by a signal; nothing was written.
    package struct Interrupted: Error {
        package var signal: Int32
        package var framesDone: Int
    }

    static func range(_ session: Session, _ options: Options) -> (Int64, Int64) {
        let from = min(max(0, options.from ?? 0), session.duration)
        let to = min(max(from, options.to ?? session.duration), session.duration)
        return (from, to)
    }

    /// Writes an animated GIF of `session` to `path`.
    @discardableResult
    package static func gif(
        session: Session, scene makeScene: @escaping () throws -> LoadedScene, options: Options, to path: String
    ) throws -> Summary {
        try OutputGuard.check(path, inputs: options.inputs)
        let frames = try SessionFrames(
            session: session, scene: makeScene, overlays: options.overlays, showHiddenViews: options.showHiddenViews, width: options.width)
        let times = try frameTimes(session, options)
        try checkWork(frames: times.count, width: frames.width, height: frames.height)
        let writer = try GIFWriter(width: frames.width, height: frames.height, fps: options.fps, exactColors: exactColors)
        try eachFrame(times, options: options) { t in try writer.add(try frames.frame(at: t).rgbPixels()) }
        let bytes = try writer.finish()
        try AtomicFile.write(bytes, to: path, inputs: options.inputs)
        return Summary(frames: writer.frameCount, width: frames.width, height: frames.height, bytes: bytes.count)
    }

    /// Where ffmpeg is, if it is installed.
    package static var ffmpegPath: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Writes an H.264 MP4 (yuv420p, which browsers and GitHub play) of `session` to `path`,
    /// piping the frames to ffmpeg.
    @discardableResult
    package static func mp4(
        session: Session, scene makeScene: @escaping () throws -> LoadedScene, options: Options, to path: String, ffmpeg: String
    ) throws -> Summary {
        // Refused before any frame is drawn: an input, a FIFO or device, a folder not writable,
        // too many frames.
        try OutputGuard.check(path, inputs: options.inputs)
        let times = try frameTimes(session, options)
        let frames = try SessionFrames(
            session: session, scene: makeScene, overlays: options.overlays, showHiddenViews: options.showHiddenViews, width: options.width)
        try checkWork(frames: times.count, width: frames.width, height: frames.height)
        let destination = URL(fileURLWithPath: path)
        // The name every TouchScope temporary has, so a killed export's file is swept next time.
        TemporaryFile.removeLeftovers(of: path, inputs: options.inputs)
        let temporary = URL(fileURLWithPath: TemporaryFile.candidate(nextTo: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-y", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", "\(frames.width)x\(frames.height)",
            "-r", String(options.fps), "-i", "-", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p",
            "-movflags", "+faststart", "-f", "mp4", temporary.path,
        ]
        // A closed pipe (ffmpeg stopped) must be an error to report, not a signal that kills us.
        signal(SIGPIPE, SIG_IGN)
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        var count = 0
        var failure: Error?
        do {
            try eachFrame(times, options: options) { t in
                let pixels = try frames.frame(at: t).rgbPixels()
                var bytes = [UInt8](repeating: 0, count: pixels.count * 3)
                for (i, pixel) in pixels.enumerated() {
                    bytes[3 * i] = UInt8((pixel >> 16) & 0xFF)
                    bytes[3 * i + 1] = UInt8((pixel >> 8) & 0xFF)
                    bytes[3 * i + 2] = UInt8(pixel & 0xFF)
                }
                try input.fileHandleForWriting.write(contentsOf: bytes)
                count += 1
            }
        } catch {
            failure = error
        }
        try? input.fileHandleForWriting.close()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // ffmpeg may exit 0 with a cut file (a full disk while it moves the index to the front);
        // what it wrote is checked whole, and synced, before it replaces anything.
        if failure == nil, process.terminationStatus == 0 {
            if let problem = MP4Check.problem(atPath: temporary.path) ?? Self.sync(temporary.path) {
                failure = ExportError(
                    "cannot write \(path): \(problem)\(message.isEmpty ? "" : " (ffmpeg: \(message.trimmingCharacters(in: .whitespacesAndNewlines)))")"
                )
            }
        }
        guard failure == nil, process.terminationStatus == 0 else {
            unlink(temporary.path)
            if let interrupted = failure as? Interrupted { throw interrupted }
            // ffmpeg's own words first ("No space left on device"): a broken pipe only says it stopped.
            if process.terminationStatus != 0 {
                throw ExportError(
                    "cannot write \(path): ffmpeg failed (exit \(process.terminationStatus)): \(message.trimmingCharacters(in: .whitespacesAndNewlines))"
                )
            }
            if let failure = failure as? ExportError { throw failure }
            if let failure { throw ExportError("cannot write \(path): \(failure.localizedDescription)") }
            throw ExportError("cannot write \(path)")
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw FileError.fromErrno(path, writing: true, code: code)
        }
        TemporaryFile.syncDirectory(of: path)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return Summary(frames: count, width: frames.width, height: frames.height, bytes: size)
    }

    /// Flushes a finished file to the disk; the reason when that fails (a full disk found late).
    static func sync(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return FileError.reason(errno: errno, writing: true, path: path) }
        defer { close(fd) }
        return fsync(fd) == 0 ? nil : FileError.reason(errno: errno, writing: true, path: path)
    }
}
