import CGif
import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import TouchTestSupport

@testable import TouchScopeSDL

/// A decoded GIF: its size, frame count, delays, and every frame composed onto the ones before.
struct DecodedGIF {
    let width: Int
    let height: Int
    let delays: [Int]
    let frames: [[UInt32]]

    init(path: String) throws {
        var error: Int32 = 0
        guard let gif = DGifOpenFileName(path, &error) else { throw ExportError("cannot open \(path): \(error)") }
        defer { DGifCloseFile(gif, &error) }
        guard DGifSlurp(gif) == GIF_OK else { throw ExportError("cannot decode \(path)") }
        width = Int(gif.pointee.SWidth)
        height = Int(gif.pointee.SHeight)
        var canvas = [UInt32](repeating: 0, count: width * height)
        var frames: [[UInt32]] = []
        var delays: [Int] = []
        for index in 0..<Int(gif.pointee.ImageCount) {
            let image = gif.pointee.SavedImages[index]
            var control = GraphicsControlBlock()
            DGifSavedExtensionToGCB(gif, Int32(index), &control)
            delays.append(Int(control.DelayTime))
            guard let map = image.ImageDesc.ColorMap ?? gif.pointee.SColorMap else { continue }
            let d = image.ImageDesc
            for y in 0..<Int(d.Height) {
                for x in 0..<Int(d.Width) {
                    let value = Int(image.RasterBits[y * Int(d.Width) + x])
                    if value == Int(control.TransparentColor) { continue }
                    let c = map.pointee.Colors[value]
                    canvas[(Int(d.Top) + y) * width + Int(d.Left) + x] = (UInt32(c.Red) << 16) | (UInt32(c.Green) << 8) | UInt32(c.Blue)
                }
            }
            frames.append(canvas)
        }
        self.frames = frames
        self.delays = delays
    }

    /// The picture shown `step` frame-steps of `delayPerStep` after the start (unchanged frames
    /// are merged into longer ones, so a step is not a frame).
    func picture(atStep step: Int, delayPerStep: Int) -> [UInt32] {
        var start = 0
        for (index, delay) in delays.enumerated() {
            if step * delayPerStep < start + delay { return frames[index] }
            start += delay
        }
        return frames[frames.count - 1]
    }
}

extension SDLTests {
    @Suite("Export: GIF frames, the render path, the palette")
    struct ExportTests {
        static let demo = repositoryRoot.appendingPathComponent("Scenes/sessions/floating-menu.session")

        func load() throws -> (Session, () throws -> LoadedScene) {
            let session = try SessionLoader.load(contentsOf: Self.demo)
            let scene = try SceneCatalog(directories: [repositoryRoot.appendingPathComponent("Scenes")]).load("floating-menu")
            return (session, scene.factory)
        }

        @Test("the demo session as a GIF: 20 frames a second, under 3 MB, and each frame is the render path's, pixel for pixel")
        func gifMatchesRender() throws {
            let (session, makeScene) = try load()
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-\(UUID().uuidString).gif").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let summary = try SessionExporter.gif(session: session, scene: makeScene, options: .init(), to: path)
            #expect(summary.bytes <= 3_000_000, "\(summary.bytes) bytes")
            let gif = try DecodedGIF(path: path)
            #expect(gif.width == summary.width && gif.height == summary.height)
            // Frames that do not change lengthen the previous one; the delays add up to the length.
            #expect(gif.delays.reduce(0, +) == 61 * 5, "\(gif.delays)")
            // Frame by frame against `render --session --at T`: the tap at 2.1 s is frame 42.
            var elapsed = 0
            for (index, delay) in gif.delays.enumerated() {
                let frameNumber = elapsed / 5
                elapsed += delay
                guard frameNumber == 42 || frameNumber == 0 || frameNumber == 60 else { continue }
                let t = Int64(frameNumber) * 50_000
                let (_, target) = try HeadlessRender.render(
                    scene: makeScene, session: session, at: t, overlays: .all, size: (summary.width, summary.height), output: nil)
                let expected = target.rgbPixels()
                let colours = Set(expected).count
                let differing = zip(gif.frames[index], expected).filter { $0 != $1 }.count
                if colours <= 256 {
                    #expect(differing == 0, "frame \(frameNumber): \(differing) pixels differ")
                }
                // The overlays' colours are exact wherever they are drawn.
                let exact = SessionExporter.exactColors
                let wrong = zip(gif.frames[index], expected).filter { exact.contains($0.1) && $0.0 != $0.1 }.count
                #expect(wrong == 0, "frame \(frameNumber): \(wrong) overlay pixels changed colour")
            }
        }

        @Test("a finger's mark is in the GIF where and when the finger touched")
        func fingerMark() throws {
            let (session, makeScene) = try load()
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-\(UUID().uuidString).gif").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            var options = SessionExporter.Options()
            options.from = 2_050_000
            options.to = 2_200_000
            try SessionExporter.gif(session: session, scene: makeScene, options: options, to: path)
            let gif = try DecodedGIF(path: path)
            // Finger 6 taps at (379, 690) from 2.05 s to 2.1 s: its marks are in the second step.
            let finger = Theme.finger(6)
            let colour =
                (UInt32((finger.red * 255).rounded()) << 16) | (UInt32((finger.green * 255).rounded()) << 8) | UInt32((finger.blue * 255).rounded())
            let picture = gif.picture(atStep: 1, delayPerStep: 5)
            let around = (-6...6).flatMap { dy in (-6...6).map { dx in picture[(690 + dy) * gif.width + 379 + dx] } }
            #expect(around.contains(colour), "the mark of finger 6 at (379, 690)")
        }

        @Test("frames come from the render path: SessionFrames at T draws what render --at T draws")
        func framesAreRenders() throws {
            let (session, makeScene) = try load()
            let frames = try SessionFrames(session: session, scene: makeScene, overlays: .all)
            for t: Int64 in [0, 600_000, 1_650_000, 2_100_000, 3_000_000] {
                let (_, target) = try HeadlessRender.render(
                    scene: makeScene, session: session, at: t, overlays: .all, size: (frames.width, frames.height), output: nil)
                #expect(try frames.frame(at: t).rgbPixels() == target.rgbPixels(), "at \(t) µs")
            }
        }

        @Test("frame times: fps and speed, both ends included")
        func times() {
            #expect(SessionFrames.times(from: 0, to: 1_000_000, fps: 4, speed: 1) == [0, 250_000, 500_000, 750_000, 1_000_000])
            #expect(SessionFrames.times(from: 0, to: 1_000_000, fps: 2, speed: 2) == [0, 1_000_000])
            #expect(SessionFrames.times(from: 100, to: 100, fps: 20, speed: 1) == [100])
        }

        @Test("the palette keeps a frame's colours when there are 256 or fewer, and the overlay colours always")
        func palette() {
            let few: [UInt32] = [0xFF_FFFF, 0x00_0000, 0x12_3456]
            let exact = ColorQuantizer(pixels: few, exact: [])
            #expect(few.allSatisfy { exact.palette[Int(exact.entry($0))] == $0 })
            var many: [UInt32] = (0..<2000).map { UInt32($0 &* 2_654_435_761 & 0xFF_FFFF) }
            many += Array(repeating: 0x00_B840, count: 10)
            let reduced = ColorQuantizer(pixels: many, exact: [0x00_B840])
            #expect(reduced.palette.count <= 256)
            #expect(reduced.palette[Int(reduced.entry(0x00_B840))] == 0x00_B840)
        }
    }
}

/// The HTML report opened in a real browser: headless Chromium driven by selenium
/// (Tests/Browser/report_check.py). Skipped when they are not installed, unless
/// `TOUCHSCOPE_REQUIRE_BROWSER=1` (CI sets it).
@Suite("The HTML report in a real browser")
struct HTMLReportBrowserTests {
    static let required = ProcessInfo.processInfo.environment["TOUCHSCOPE_REQUIRE_BROWSER"] == "1"
    static let tools = ["/usr/bin/python3", "/usr/bin/chromium", "/usr/bin/chromedriver"]

    @Test(
        "the demo report: under 5 MB, fetches nothing, has its timeline and trace, searches, shows the frame of a clicked line, steps with the arrows, sums up each marker, explains each touch, zooms"
    )
    func report() throws {
        let missing = Self.tools.filter { !FileManager.default.isExecutableFile(atPath: $0) }
        let hasSelenium = FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/selenium")
        guard missing.isEmpty, hasSelenium else {
            if Self.required { Issue.record("TOUCHSCOPE_REQUIRE_BROWSER=1 but missing: \(missing + (hasSelenium ? [] : ["python3-selenium"]))") }
            return
        }
        let session = try SessionLoader.load(contentsOf: repositoryRoot.appendingPathComponent("Scenes/sessions/floating-menu.session"))
        let scene = try SceneCatalog(directories: [repositoryRoot.appendingPathComponent("Scenes")]).load("floating-menu")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("report.html").path
        let summary = try HTMLReport.write(session: session, sessionName: "floating-menu.session", scene: scene.factory, options: .init(), to: path)
        #expect(summary.bytes <= 5_000_000, "\(summary.bytes) bytes")
        #expect(summary.frames > 10)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            repositoryRoot.appendingPathComponent("Tests/Browser/report_check.py").path, path, directory.appendingPathComponent("report.png").path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("ok: clicking a late trace line shows a later frame"), "\(text)")
        #expect(text.contains("ok: zooming in twice shows the picture at 150%"), "\(text)")
        #expect(text.contains("ok: each touch is explained"), "\(text)")
    }
}

/// The report's summaries: what each marker's gesture came to, and each touch with its fixes.
@Suite("The HTML report's summaries")
struct HTMLReportSummaryTests {
    @Test("a marker's summary names its hits, the control events that end touches, recognitions, cancels and notes, once each")
    func markerSummary() {
        let entries: [TraceEntry] = [
            TraceEntry(micros: 0, event: .marker("tap the custom checkbox")),
            TraceEntry(micros: 0, event: .hitResult(finger: 1, view: "UIControl#checkbox")),
            TraceEntry(micros: 0, event: .controlEvent(control: "UIControl#checkbox", event: .touchDown)),
            TraceEntry(
                micros: 50_000,
                event: .gestureState(recognizer: "UITapGestureRecognizer#dismissKeyboardTap", from: .possible, to: .ended, cause: .external)),
            TraceEntry(
                micros: 50_000,
                event: .touchCancelledInView(finger: 1, view: "UIControl#checkbox", by: .recognizer("UITapGestureRecognizer#dismissKeyboardTap"))),
            TraceEntry(micros: 50_000, event: .controlEvent(control: "UIControl#checkbox", event: .touchCancel)),
            TraceEntry(micros: 60_000, event: .marker("nothing here")),
        ]
        let summaries = HTMLReport.markerSummaries(entries)
        #expect(summaries.map(\.label) == ["tap the custom checkbox", "nothing here"])
        #expect(
            summaries.first?.outcome
                == "hit #checkbox, #dismissKeyboardTap (tap) recognized, #checkbox cancelled by #dismissKeyboardTap (tap), #checkbox touchCancel")
        #expect(summaries.last?.outcome == "nothing happened")
    }

    @Test("the report of the parent-tap bug explains finger 1 with the two proven fixes")
    func touchesWithFixes() throws {
        let url = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/bug-parent-tap-steals-control.session")
        let session = try SessionLoader.load(contentsOf: url)
        let scene = try SceneCatalog(directories: [repositoryRoot.appendingPathComponent("Scenes")]).load("bug-parent-tap-steals-control")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("report.html").path
        try HTMLReport.write(session: session, sessionName: "bug.session", scene: scene.factory, options: .init(), to: path)
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("finger 1 at 0.000000 s goes to #customControl, which does not get the whole touch"))
        #expect(html.contains("<code>cardTap.cancelsTouchesInView = false</code>"))
        #expect(html.contains("finger 2 at 0.550000 s goes to #button</summary>"), "a touch that went whole has no fixes")
        #expect(html.contains("id=\"zoomIn\""))
    }
}
