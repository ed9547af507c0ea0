import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import TouchTestSupport

/// The real window under Xvfb, driven by real X11 mouse events from xdotool: press a button, see
/// it drawn highlighted, drag out and back, lift, quit with Esc; the recorded session must hold
/// the control events UIKit sends. Skipped when Xvfb, xdotool or ImageMagick are missing, unless
/// `TOUCHSCOPE_REQUIRE_XVFB=1` (CI sets it), which turns a missing tool into a failure.
@Suite("The window under Xvfb, driven by xdotool", .serialized)
struct WindowEndToEndTests {
    static let tools = ["Xvfb", "xdotool", "import", "convert"]
    static let required = ProcessInfo.processInfo.environment["TOUCHSCOPE_REQUIRE_XVFB"] == "1"
    static var missing: [String] { tools.filter { executable(named: $0) == nil } }

    /// A fresh Xvfb display, or nil when the tools are missing (a failure where they are required).
    static func display() throws -> VirtualDisplay? {
        let missing = Self.missing
        guard missing.isEmpty else {
            if Self.required { Issue.record("TOUCHSCOPE_REQUIRE_XVFB=1 but these are missing: \(missing)") }
            return nil
        }
        return try VirtualDisplay()
    }

    @Test("press, drag out and back, lift: highlight drawn, exit/enter/touchUpInside recorded")
    func pressDragLift() throws {
        guard let display = try Self.display() else { return }
        defer { display.stop() }
        let directory = try scratchDirectory()
        let sessionURL = directory.appendingPathComponent("e2e.session")
        let scene = repositoryRoot.appendingPathComponent("Tests/TouchScopeCLITests/Fixtures/e2e-button.json")
        guard
            let (app, window) = try openWindow(
                ["open", scene.path, "--overlays", "none", "--record", sessionURL.path], title: "TouchScope: e2e-button", on: display)
        else { return }

        // The button is (95, 300, 200, 80) in a 390x844 scene drawn 1:1; its centre is (195, 340).
        let idle = try display.pixel(window: window, x: 195, y: 340)
        #expect(close(idle, (64, 128, 255)), "idle button colour \(idle)")
        _ = try display.run(["xdotool", "mousemove", "--window", window, "195", "340", "mousedown", "1"])
        let pressed = display.poll { (try? display.pixel(window: window, x: 195, y: 340)).map { close($0, (48, 96, 191)) } ?? false }
        #expect(pressed, "the pressed button is drawn highlighted (darker)")
        // 120 pt below the button: beyond UIKit's 70 pt drag margin, so the finger has left it.
        _ = try display.run(["xdotool", "mousemove", "--window", window, "195", "500"])
        let released = display.poll { (try? display.pixel(window: window, x: 195, y: 340)).map { close($0, (64, 128, 255)) } ?? false }
        #expect(released, "dragged out, the button is drawn unhighlighted")
        _ = try display.run(["xdotool", "mousemove", "--window", window, "195", "345"])
        let again = display.poll { (try? display.pixel(window: window, x: 195, y: 340)).map { close($0, (48, 96, 191)) } ?? false }
        #expect(again, "back inside, highlighted again")
        _ = try display.run(["xdotool", "mouseup", "1"])
        // Key down only: the window quits on it, and a key-up sent to a window that is gone fails.
        _ = try display.run(["xdotool", "keydown", "--window", window, "Escape"])
        #expect(app.waitForExit(timeout: 20) == 0, "\(app.output)")
        #expect(app.output.contains("wrote \(sessionURL.path)"))

        let session = try SessionLoader.load(contentsOf: sessionURL)
        #expect(session.warnings.isEmpty, "\(session.warnings)")
        let replayer = try SessionReplayer(session: session, scene: { try SceneCatalog.loadFile(scene) })
        replayer.runToEnd()
        let events = replayer.trace.controlEvents(of: "UIButton#e2eButton")
        #expect(events.first == .touchDown)
        let exit = events.firstIndex(of: .touchDragExit)
        let enter = events.firstIndex(of: .touchDragEnter)
        let up = events.firstIndex(of: .touchUpInside)
        #expect(exit != nil && enter != nil && up != nil, "\(events)")
        if let exit, let enter, let up { #expect(exit < enter && enter < up, "\(events)") }
        #expect(!events.contains(.touchUpOutside))
        #expect(replayer.trace.notes.contains("e2e button fired"))
    }

    @Test("y switches the era of the running scene: the toast's button stops working in ios18, and the window says how the routing changed")
    func eraKey() throws {
        guard let display = try Self.display() else { return }
        defer { display.stop() }
        let scene = repositoryRoot.appendingPathComponent("Scenes/swiftui-pass-through-window.json")
        guard
            let (app, window) = try openWindow(
                ["open", scene.path, "--overlays", "none"], title: "TouchScope: swiftui-pass-through-window", on: display)
        else { return }
        // The toast's button is (20, 60, 350, 80), drawn 1:1: its centre is (195, 100).
        _ = try display.run(["xdotool", "mousemove", "--window", window, "195", "100", "click", "1"])
        _ = try display.run(["xdotool", "key", "--window", window, "y"])
        #expect(app.wait(for: 10) { app.output.contains("era ios18") }, "\(app.output)")
        #expect(
            app.wait(for: 10) {
                app.output.contains("reloaded swiftui-pass-through-window:") && app.output.contains("hit finger 1: #toastHost → UIWindow")
            }, "\(app.output)")
        _ = try display.run(["xdotool", "key", "--window", window, "y"])
        #expect(app.wait(for: 10) { app.output.contains("era ios26") }, "\(app.output)")
        _ = try display.run(["xdotool", "keydown", "--window", window, "q"])
        #expect(app.waitForExit(timeout: 20) == 0, "\(app.output)")
    }

    @Test("Ctrl-click inspects the view drawn there, then the one below, with why; saving the scene reloads it")
    func inspectAndReload() throws {
        guard let display = try Self.display() else { return }
        defer { display.stop() }
        let directory = try scratchDirectory()
        let sceneURL = directory.appendingPathComponent("overlay.json")
        let original = try String(contentsOf: repositoryRoot.appendingPathComponent("Scenes/bug-transparent-overlay.json"), encoding: .utf8)
        try original.write(to: sceneURL, atomically: true, encoding: .utf8)
        guard let (app, window) = try openWindow(["open", sceneURL.path], title: "TouchScope: bug-transparent-overlay", on: display) else {
            return
        }
        // The "Covered" button is (95, 250, 200, 60); a clear overlay (0, 200, 390, 160) lies over it.
        _ = try display.run(["xdotool", "mousemove", "--window", window, "195", "280", "click", "1"])
        _ = try display.run(["xdotool", "mousemove", "--window", window, "195", "280", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        #expect(app.wait(for: 10) { app.output.contains("inspect UIView#overlay") }, "the topmost drawn view is picked first: \(app.output)")
        _ = try display.run(["xdotool", "mousemove", "--window", window, "195", "280", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        #expect(app.wait(for: 10) { app.output.contains("inspect UIButton#covered") }, "again: the view below")
        #expect(
            app.wait(for: 5) { app.output.contains("hit testing: it is covered: UIView#overlay is in front of it and takes the touch") },
            "\(app.output)")
        // The inspected view is outlined in the inspector's colour on its left edge (x = 95).
        let outlined = display.poll { (try? display.pixel(window: window, x: 95, y: 290)).map { close($0, (237, 26, 140), tolerance: 40) } ?? false }
        #expect(outlined, "the inspected button is outlined")

        // Save the scene with the overlay made inert: the window reloads and re-runs the tap.
        let inert = original.replacingOccurrences(
            of: #""id": "overlay", "frame": [0, 200, 390, 160], "backgroundColor": "clear","#,
            with: #""id": "overlay", "frame": [0, 200, 390, 160], "backgroundColor": "clear", "userInteractionEnabled": false,"#)
        #expect(inert != original)
        try inert.write(to: sceneURL, atomically: true, encoding: .utf8)
        #expect(
            app.wait(for: 10) {
                app.output.contains("reloaded bug-transparent-overlay:") && app.output.contains("outcomes changed: hit finger 1: #overlay → #covered")
            },
            "the reload tells the routing that changed, as outcomes: \(app.output)")
        // A broken save keeps the last good scene and says why.
        try "{ \"format\": ".write(to: sceneURL, atomically: true, encoding: .utf8)
        #expect(app.wait(for: 10) { app.output.contains("reload failed: \(sceneURL.path)") }, "\(app.output)")
        // Saved back as the scene shown: the problems are gone, nothing else changes.
        try inert.write(to: sceneURL, atomically: true, encoding: .utf8)
        #expect(app.wait(for: 10) { app.output.contains("reload recovered: the file is the scene shown") }, "\(app.output)")
        _ = try display.run(["xdotool", "key", "--window", window, "Escape"])  // closes the inspector
        // A second tap, then Shift-Tab: the panels describe the first tap again, with its gesture.
        _ = try display.run(["xdotool", "mousemove", "--window", window, "195", "100", "click", "1"])
        _ = try display.run(["xdotool", "key", "--window", window, "shift+Tab"])
        #expect(app.wait(for: 10) { app.output.contains("1 touch back, an earlier gesture at") }, "\(app.output)")
        _ = try display.run(["xdotool", "key", "--window", window, "Tab"])
        #expect(app.wait(for: 10) { app.output.contains("describing the latest touch") }, "\(app.output)")
        _ = try display.run(["xdotool", "keydown", "--window", window, "q"])
        #expect(app.waitForExit(timeout: 20) == 0, "\(app.output)")
    }

    @Test(
        "a recording across a hot reload keeps its bug: with the scene file gone, the session replays the tap that hit the overlay, then the one that reached the button"
    )
    func recordingAcrossReload() throws {
        guard let display = try Self.display() else { return }
        defer { display.stop() }
        let directory = try scratchDirectory()
        let sceneURL = directory.appendingPathComponent("overlay.json")
        let sessionURL = directory.appendingPathComponent("bug.session")
        let original = try String(contentsOf: repositoryRoot.appendingPathComponent("Scenes/bug-transparent-overlay.json"), encoding: .utf8)
        try original.write(to: sceneURL, atomically: true, encoding: .utf8)
        guard
            let (app, window) = try openWindow(
                ["open", sceneURL.path, "--record", sessionURL.path], title: "TouchScope: bug-transparent-overlay", on: display)
        else { return }
        _ = try display.run(["xdotool", "mousemove", "--window", window, "195", "280", "click", "1"])
        // The click is delivered to the window's event loop before the save below (real X time).
        Thread.sleep(forTimeInterval: 0.5)
        let inert = original.replacingOccurrences(
            of: #""id": "overlay", "frame": [0, 200, 390, 160], "backgroundColor": "clear","#,
            with: #""id": "overlay", "frame": [0, 200, 390, 160], "backgroundColor": "clear", "userInteractionEnabled": false,"#)
        try inert.write(to: sceneURL, atomically: true, encoding: .utf8)
        #expect(app.wait(for: 10) { app.output.contains("reloaded bug-transparent-overlay:") }, "\(app.output)")
        _ = try display.run(["xdotool", "mousemove", "--window", window, "195", "280", "click", "1"])
        Thread.sleep(forTimeInterval: 0.5)
        _ = try display.run(["xdotool", "keydown", "--window", window, "q"])
        #expect(app.waitForExit(timeout: 20) == 0, "\(app.output)")
        try FileManager.default.removeItem(at: sceneURL)

        let session = try SessionLoader.load(contentsOf: sessionURL)
        #expect(session.scenes.count == 2, "the scene it began on and the reloaded one")
        let hits = session.records.compactMap { record -> String? in if case .hit(_, _, let view) = record { view } else { nil } }
        #expect(hits == ["UIView#overlay", "UIButton#covered"], "\(hits)")
        let resolved = try SessionScene.resolve(for: session, sessionFile: sessionURL.path, catalog: SceneCatalog(directories: []))
        let replayer = try SessionReplayer(session: session, scene: resolved.makeScene)
        replayer.runToEnd()
        #expect(replayer.drifts.isEmpty, "\(replayer.drifts)")
        let replayedHits = replayer.trace.entries.compactMap { entry -> String? in
            if case .hitResult(_, let view) = entry.event { return view }
            return nil
        }
        #expect(replayedHits == ["UIView#overlay", "UIButton#covered"], "\(replayedHits)")
    }

    /// Starts `touchscope` with `arguments` on `display` and finds its window by title; nil (with
    /// the issue recorded) when it does not come up.
    func openWindow(_ arguments: [String], title: String, on display: VirtualDisplay) throws -> (ChildProcess, String)? {
        let app = try ChildProcess(touchscopeBinary, arguments, environment: ["DISPLAY": display.name, "SDL_VIDEODRIVER": "x11"])
        #expect(app.wait(for: 30) { app.output.contains("ready:") }, "the window came up; output: \(app.output)")
        var window = ""
        _ = display.poll {
            window = (try? display.run(["xdotool", "search", "--name", title]))?.split(separator: "\n").first.map(String.init) ?? ""
            return !window.isEmpty
        }
        guard !window.isEmpty else {
            Issue.record("no window found; output: \(app.output)")
            return nil
        }
        return (app, window)
    }

    func close(_ a: (Int, Int, Int), _ b: (Int, Int, Int), tolerance: Int = 12) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
    }
}

/// Finds `name` on the PATH.
func executable(named name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// An Xvfb server on a free display number, stopped by `stop()`.
final class VirtualDisplay {
    let number: Int
    let server: Process
    var name: String { ":\(number)" }

    init() throws {
        var chosen = 0
        for candidate in 90..<190 {
            Self.removeIfStale(candidate)
            guard !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(candidate)"),
                !FileManager.default.fileExists(atPath: "/tmp/.X\(candidate)-lock")
            else { continue }
            chosen = candidate
            break
        }
        guard chosen != 0 else { throw VirtualDisplayError("no free X display number in 90..<190") }
        number = chosen
        server = Process()
        server.executableURL = URL(fileURLWithPath: executable(named: "Xvfb") ?? "/usr/bin/Xvfb")
        server.arguments = [":\(chosen)", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        let socket = "/tmp/.X11-unix/X\(chosen)"
        guard poll(timeout: 20, { FileManager.default.fileExists(atPath: socket) }) else {
            stop()
            throw VirtualDisplayError("Xvfb did not start on :\(chosen)")
        }
    }

    /// SIGKILL: a server spawned from the test runner may have SIGTERM blocked. A killed server
    /// leaves its lock file and socket, which would use up the display numbers run after run:
    /// they are removed.
    func stop() {
        if server.isRunning {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        Self.removeFiles(number)
    }

    /// Removes display `number`'s lock file and socket when the process named in the lock is gone.
    static func removeIfStale(_ number: Int) {
        guard let text = try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0
        else { return }
        if kill(pid, 0) != 0 && errno == ESRCH { removeFiles(number) }
    }

    static func removeFiles(_ number: Int) {
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    }

    /// Runs a tool against this display and returns its standard output.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable(named: arguments[0]) ?? arguments[0])
        process.arguments = Array(arguments.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = name
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw VirtualDisplayError("\(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The colour of one pixel of `window`, from a screenshot taken now.
    func pixel(window: String, x: Int, y: Int) throws -> (Int, Int, Int) {
        let text = try run(["import", "-window", window, "-crop", "1x1+\(x)+\(y)", "txt:-"])
        guard let open = text.range(of: "srgb(", options: .backwards), let close = text[open.upperBound...].firstIndex(of: ")") else {
            throw VirtualDisplayError("no colour in: \(text)")
        }
        let parts = text[open.upperBound..<close].split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count >= 3 else { throw VirtualDisplayError("no colour in: \(text)") }
        return (parts[0], parts[1], parts[2])
    }

    /// Polls `condition` every 50 ms until it holds or `timeout` seconds pass.
    func poll(timeout: TimeInterval = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition()
    }
}

struct VirtualDisplayError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
