import Foundation
import Testing
import TouchTestSupport

/// A regression check sees every outcome, every path and the app as it is now: the scene file a
/// session names is replayed when it exists (and said to have changed), nothing that looks like a
/// session is passed over without a word, a run that checked nothing fails, and `check` and
/// `replay --check` agree on every golden.
@Suite("check sees every outcome, every path and the current app")
struct CheckSeesEverythingTests {
    /// A button under a cover: the cover takes the tap unless it lets touches through.
    static func scene(coverInteractive: Bool) -> String {
        """
        {"format": "touchscope.scene", "version": 1, "name": "covered", "window": {"width": 300, "height": 300},
         "views": [
           {"kind": "button", "id": "pay", "title": "Pay", "frame": [50, 50, 100, 44],
            "actions": [{"on": ["touchUpInside"], "do": [{"note": "paid"}]}]},
           {"kind": "view", "id": "cover", "frame": [0, 0, 300, 300], "userInteractionEnabled": \(coverInteractive)}
         ]}
        """
    }

    /// A folder with `app/scene.json` and `sessions/pay.session` recorded on it, with its golden.
    func recorded() throws -> URL {
        let root = try scratchDirectory()
        let app = root.appendingPathComponent("app")
        let sessions = root.appendingPathComponent("sessions")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: sessions, withIntermediateDirectories: true)
        try write(Self.scene(coverInteractive: false), to: app.appendingPathComponent("scene.json"))
        try write(#"[{"tap": [100, 70]}, {"wait": 0.5}, {"tap": [100, 70]}]"#, to: root.appendingPathComponent("script.json"))
        let (status, text) = try runTouchscope(
            ["record", "app/scene.json", "script.json", "-o", "sessions/pay.session"], workingDirectory: root)
        #expect(status == 0, "\(text)")
        let (update, updateText) = try runTouchscope(["replay", "sessions/pay.session", "--update"], workingDirectory: root)
        #expect(update == 0, "\(updateText)")
        return root
    }

    @Test("check and replay --check replay the scene file as it is now, say when it changed, and fail on its changed outcomes")
    func replaysTheCurrentApp() throws {
        let root = try recorded()
        var (status, output) = try runTouchscope(["check", "--record", "never"], workingDirectory: root)
        #expect(status == 0, "\(output)")
        #expect(output.contains("scene: replayed on ../app/scene.json (unchanged since the recording)"), "\(output)")
        // The app changes: the cover now takes the taps.
        try write(Self.scene(coverInteractive: true), to: root.appendingPathComponent("app/scene.json"))
        (status, output) = try runTouchscope(["check", "--record", "never"], workingDirectory: root)
        #expect(status == 1, "\(output)")
        #expect(output.contains("FAIL   sessions/pay.session"), "\(output)")
        #expect(output.contains("it changed since the recording:") && output.contains("outcomes differ from the recorded copy"), "\(output)")
        (status, output) = try runTouchscope(["replay", "sessions/pay.session", "--check"], workingDirectory: root)
        #expect(status == 1, "\(output)")
        #expect(output.contains("it changed since the recording"), "\(output)")
        // The recorded copy on request, and when the file is gone.
        (status, output) = try runTouchscope(["check", "--record", "never", "--scene-from", "recording"], workingDirectory: root)
        #expect(status == 0, "\(output)")
        (status, output) = try runTouchscope(["replay", "sessions/pay.session", "--check", "--scene-from", "recording"], workingDirectory: root)
        #expect(status == 0, "\(output)")
        try FileManager.default.removeItem(at: root.appendingPathComponent("app/scene.json"))
        (status, output) = try runTouchscope(["check", "--record", "never"], workingDirectory: root)
        #expect(status == 0, "\(output)")
        #expect(output.contains("../app/scene.json is gone: replayed on the copy the session carries"), "\(output)")
        (status, output) = try runTouchscope(["check", "--record", "never", "--scene-from", "file"], workingDirectory: root)
        #expect(status == 2, "\(output)")
        // JSON says it too.
        try write(Self.scene(coverInteractive: true), to: root.appendingPathComponent("app/scene.json"))
        (status, output) = try runTouchscope(["check", "--record", "never", "--reporter", "json"], workingDirectory: root)
        #expect(status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let session = try #require((document["sessions"] as? [[String: Any]])?.first)
        let scene = try #require(session["scene"] as? [String: Any])
        #expect(scene["changed"] as? Bool == true)
        #expect((scene["outcomesDiffer"] as? Int ?? 0) > 0)
    }

    @Test("a FIFO, a link to nothing and a name that is not UTF-8 are each reported; a run that checked nothing fails")
    func nothingSkippedSilently() throws {
        let root = try recorded()
        let sessions = root.appendingPathComponent("sessions")
        #expect(mkfifo(sessions.appendingPathComponent("pipe.session").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: sessions.appendingPathComponent("dangling.session").path, withDestinationPath: "nowhere.session")
        var (status, output) = try runTouchscope(["check", "--record", "never", "sessions"], workingDirectory: root)
        #expect(status == 0, "\(output)")
        #expect(output.contains("skip   sessions/pipe.session: skipped: not a regular file"), "\(output)")
        #expect(output.contains("skip   sessions/dangling.session: skipped: not a regular file"), "\(output)")
        // A name that is not UTF-8 cannot be checked: an error, named with its bytes shown.
        let raw: [UInt8] = Array(sessions.path.utf8) + Array("/bad".utf8) + [0xFF] + Array(".session".utf8) + [0]
        let fd = raw.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(fd >= 0)
        close(fd)
        (status, output) = try runTouchscope(["check", "--record", "never", "sessions"], workingDirectory: root)
        #expect(status == 2, "\(output)")
        #expect(output.contains("sessions/bad\\xFF.session: cannot name: not UTF-8"), "\(output)")
        // Nothing but things that are not sessions: an error, not a pass.
        let empty = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(mkfifo(empty.appendingPathComponent("x.session").path, 0o644) == 0)
        (status, output) = try runTouchscope(["check", "--record", "never", "empty"], workingDirectory: root)
        #expect(status == 2, "\(output)")
        #expect(output.contains("nothing was checked"), "\(output)")
        (status, output) = try runTouchscope(["check", "--record", "never", "--list", "sessions"], workingDirectory: root)
        #expect(output.contains("pipe.session  (skipped: not a regular file)"), "\(output)")
    }

    /// Goldens broken in the ways a file breaks: each makes `check` and `replay --check` exit alike.
    static let brokenGoldens: [(String, @Sendable (String) -> String)] = [
        ("intact", { $0 }),
        ("a changed record", { $0.replacingOccurrences(of: "UIButton#pay", with: "UIButton#other") }),
        ("empty", { _ in "" }),
        ("not JSON", { _ in "this is not a golden\n" }),
        ("header only", { String($0.split(separator: "\n")[0]) + "\n" }),
        (
            "a garbage line in the middle",
            { text in
                var lines = text.split(separator: "\n").map(String.init)
                lines.insert("{garbage", at: min(2, lines.count))
                return lines.joined(separator: "\n") + "\n"
            }
        ),
        ("cut mid-line", { String($0.dropLast(20)) }),
        (
            "records going back",
            { text in
                let lines = text.split(separator: "\n").map(String.init)
                return ([lines[0]] + lines.dropFirst().reversed()).joined(separator: "\n") + "\n"
            }
        ),
        ("an unknown field", { $0.replacingOccurrences(of: "\"kind\":\"hit\"", with: "\"kind\":\"hit\",\"extra\":1") }),
        ("a newer version", { $0.replacingOccurrences(of: "\"version\":1", with: "\"version\":99") }),
        ("CRLF", { $0.replacingOccurrences(of: "\n", with: "\r\n") }),
        ("not UTF-8", { _ in String(decoding: [0xFF, 0xFE, 0x0A], as: UTF8.self) }),
    ]

    @Test("check and replay --check give the same exit code for every broken golden")
    func checksAgree() throws {
        let root = try recorded()
        let golden = root.appendingPathComponent("sessions/pay.session.golden")
        let original = try String(contentsOf: golden, encoding: .utf8)
        for (name, breakIt) in Self.brokenGoldens {
            try write(breakIt(original), to: golden)
            let (check, checkText) = try runTouchscope(["check", "--record", "never", "sessions/pay.session"], workingDirectory: root)
            let (replay, replayText) = try runTouchscope(["replay", "sessions/pay.session", "--check"], workingDirectory: root)
            #expect(check == replay, "\(name): check \(check), replay --check \(replay)\n\(checkText)\n\(replayText)")
            if name == "intact" || name == "CRLF" { #expect(check == 0, "\(name): \(checkText)") }
            if name == "a changed record" { #expect(check == 1, "\(name): \(checkText)") }
        }
    }

    @Test("check's reports never replace a session, a golden or the scene file a session names, nor each other")
    func reportsNeverReplaceInputs() throws {
        let root = try recorded()
        let inputs = ["sessions/pay.session", "sessions/pay.session.golden", "app/scene.json"]
        let before = try inputs.map { try Data(contentsOf: root.appendingPathComponent($0)) }
        for input in inputs {
            for reporter in ["junit:\(input)", "json:\(input)"] {
                let (status, output) = try runTouchscope(["check", "--record", "never", "--reporter", "line," + reporter], workingDirectory: root)
                #expect(status == 2, "\(reporter): \(output)")
            }
            let (status, output) = try runTouchscope(["check", "--record", "never", "--reporter", "junit", "-o", input], workingDirectory: root)
            #expect(status == 2, "-o \(input): \(output)")
        }
        #expect(try inputs.map { try Data(contentsOf: root.appendingPathComponent($0)) } == before)
        let (status, output) = try runTouchscope(
            ["check", "--record", "never", "--reporter", "junit:r.xml,json:./r.xml"], workingDirectory: root)
        #expect(status == 2, "\(output)")
        #expect(output.contains("cannot write two reports to one file"), "\(output)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("r.xml").path))
    }
}
