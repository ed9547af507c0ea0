import Foundation
import Testing
import TouchReplay
import TouchTestSupport

/// Issue 21 from the outside: the binary, run as a hostile but realistic user would.
@Suite("Nothing a user does crashes touchscope or loses a recording")
struct RobustnessTests {
    let fixtures = repositoryRoot.appendingPathComponent("Tests/TouchScopeCLITests/Fixtures")

    // MARK: Crashes

    @Test("a tap below a list of 16 rows records, replays and renders (it trapped in the subview index)")
    func sixteenRows() throws {
        let directory = try scratchDirectory()
        let scene = fixtures.appendingPathComponent("sixteen-rows.json").path
        let script = directory.appendingPathComponent("tap.json")
        try write(#"[{"tap": [100, 800]}, {"tap": [100, 20]}]"#, to: script)
        let session = directory.appendingPathComponent("rows.session")
        let (recordStatus, recordOutput) = try runTouchscope(["record", scene, "--script", script.path, "-o", session.path])
        #expect(recordStatus == 0, "\(recordOutput)")
        let (traceStatus, traceOutput) = try runTouchscope(["trace", session.path, "--only", "hits,notes"])
        #expect(traceStatus == 0, "\(traceOutput)")
        #expect(traceOutput.contains("finger 1 -> UIView#list"))
        #expect(traceOutput.contains("row 0"))
        let png = directory.appendingPathComponent("rows.png")
        let (renderStatus, renderOutput) = try runTouchscope(["render", "--session", session.path, "-o", png.path])
        #expect(renderStatus == 0, "\(renderOutput)")
    }

    @Test(
        "numeric options out of range are usage errors (64) with the subcommand's usage",
        arguments: [
            (["render", "kitchen-sink", "--width", "2147483648", "-o", "/tmp/x.png"], "--width must be from 1 to 8192 pixels, not 2147483648"),
            (["render", "kitchen-sink", "--width", "8000", "--height", "8000", "-o", "/tmp/x.png"], "--width × --height must be at most"),
            (
                ["render", "--session", "Scenes/sessions/floating-menu.session", "--at", "1e15", "-o", "/tmp/x.png"],
                "--at must be from 0.0 to 2592000.0 seconds"
            ),
            (["render", "--session", "Scenes/sessions/floating-menu.session", "--at", "nan", "-o", "/tmp/x.png"], "--at must be a finite number"),
            (["render", "--session", "Scenes/sessions/floating-menu.session", "--at", "inf", "-o", "/tmp/x.png"], "--at must be a finite number"),
            (["render", "--session", "Scenes/sessions/floating-menu.session", "--at=-1", "-o", "/tmp/x.png"], "--at must be from 0.0"),
            (["render", "kitchen-sink", "--at", "1", "-o", "/tmp/x.png"], "--at picks a time in a session; give --session too"),
            (["bench", "--runs", "0"], "--runs must be from 1 to 1000, not 0"),
            (["bench", "--n-grid=-5"], "--n-grid must be from 1 to 10000000"),
            (["open", "floating-menu", "--session", "Scenes/sessions/floating-menu.session", "--speed", "inf"], "--speed must be a finite number"),
            (["replay", "Scenes/sessions/floating-menu.session", "--check", "--update"], "--check and --update together"),
            (["trace", "Scenes/sessions/floating-menu.session", "--only", "hits,gestures"], "unknown topic \"gestures\""),
        ])
    func numericRanges(arguments: [String], message: String) throws {
        let (status, output) = try runTouchscope(arguments)
        #expect(status == 64, "\(output)")
        #expect(output.contains(message), "\(output)")
        #expect(output.contains("Usage: touchscope \(arguments[0])"), "\(output)")
    }

    // MARK: Recordings are never lost

    @Test("a .partial left by a killed run is kept under a new name, and said so")
    func leftoverPartialIsKept() throws {
        let directory = try scratchDirectory()
        let output = directory.appendingPathComponent("demo.session")
        let leftover =
            #"{"format":"touchscope.session","version":1,"tool":"x","scene":{"name":"kitchen-sink","hash":"x"},"window":{"width":390,"height":844,"scale":1},"started":""}"#
            + "\n"
        try write(leftover, to: output.appendingPathExtension("partial"))
        let script = directory.appendingPathComponent("s.json")
        try write(#"[{"tap": [100, 100]}]"#, to: script)
        let (status, text) = try runTouchscope(["record", "kitchen-sink", "--script", script.path, "-o", output.path])
        #expect(status == 0, "\(text)")
        #expect(text.contains("an interrupted recording was left at"), "\(text)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("demo.interrupted-") }
        #expect(kept.count == 1, "\(kept)")
        #expect(try String(contentsOf: directory.appendingPathComponent(kept[0]), encoding: .utf8) == leftover)
        _ = try SessionLoader.load(contentsOf: output)
    }

    @Test("two recorders to one file: the second is refused while the first records")
    func exclusiveRecording() throws {
        let directory = try scratchDirectory()
        let output = directory.appendingPathComponent("shared.session")
        let first = try ChildProcess(touchscopeBinary, ["record", "kitchen-sink", "--stdin", "-o", output.path])
        first.send(#"{"tap": [100, 100]}"#)
        #expect(first.wait(for: 10) { FileManager.default.fileExists(atPath: output.path + ".partial") })
        let script = directory.appendingPathComponent("s.json")
        try write(#"[{"tap": [200, 200]}]"#, to: script)
        let (status, text) = try runTouchscope(["record", "kitchen-sink", "--script", script.path, "-o", output.path])
        #expect(status == 2, "\(text)")
        #expect(text.contains("another TouchScope is recording to this file now"), "\(text)")
        try first.stdin.fileHandleForWriting.close()
        #expect(first.waitForExit() == 0, "\(first.output)")
        let session = try SessionLoader.load(contentsOf: output)
        #expect(session.inputs.count == 2)
    }

    @Test("Ctrl-C stops a long scripted recording between steps: exit 130, a loadable session of what ran")
    func interruptedScript() throws {
        let directory = try scratchDirectory()
        let script = directory.appendingPathComponent("long.json")
        let step = #"{"drag": {"from": [100, 300], "to": [300, 300], "duration": 0.5, "steps": 2000}}"#
        try write("[" + Array(repeating: step, count: 2000).joined(separator: ",") + "]", to: script)
        let output = directory.appendingPathComponent("long.session")
        let child = try ChildProcess(touchscopeBinary, ["record", "kitchen-sink", "--script", script.path, "-o", output.path])
        #expect(
            child.wait(for: 20) { (try? FileManager.default.attributesOfItem(atPath: output.path + ".partial")[.size] as? Int ?? 0) ?? 0 > 100_000 })
        child.signal(SIGINT)
        let status = child.waitForExit(timeout: 30)
        #expect(status == 130, "\(child.output)")
        #expect(child.output.contains("stopped by signal 2 after"), "\(child.output)")
        let session = try SessionLoader.load(contentsOf: output)
        #expect(session.inputs.count > 10)
        #expect(session.inputs.count < 2000 * 2002)
    }

    @Test("SIGHUP finishes a recording as SIGTERM does (exit 129)")
    func hangup() throws {
        let directory = try scratchDirectory()
        let output = directory.appendingPathComponent("hup.session")
        let child = try ChildProcess(touchscopeBinary, ["record", "kitchen-sink", "--stdin", "-o", output.path])
        child.send(#"{"tap": [100, 100]}"#)
        #expect(child.wait(for: 10) { child.output.isEmpty && FileManager.default.fileExists(atPath: output.path + ".partial") })
        Thread.sleep(forTimeInterval: 0.3)
        child.signal(SIGHUP)
        #expect(child.waitForExit() == 129, "\(child.output)")
        let session = try SessionLoader.load(contentsOf: output)
        #expect(session.warnings.isEmpty)
        #expect(session.inputs.count == 2)
    }

    @Test(
        "a script with a mistake in step 2 writes nothing",
        arguments: [
            (#"[{"tap": [1, 1]}, {"tap": [1, 1], "holdd": 0.1}]"#, "step 2: unknown field \"holdd\" in a tap step (allowed: tap, count, hold)"),
            (#"[{"down": [1, 1], "finger": "a"}, {"up": "b"}]"#, "step 2: finger \"b\" is not down"),
            (#"[{"tap": [1, 1]}, {"jump": 1}]"#, "step 2: unknown step \"jump\""),
            (
                "{\n  \"format\": \"touchscope.scene\",\n  \"version\": 1\n}\n",
                "this is a scene, not a gesture script (a JSON array of steps, or one step per line)"
            ),
            (
                #"{"format":"touchscope.session","version":2}"# + "\n" + #"{"t":0,"type":"end"}"# + "\n",
                "this is a session, not a gesture script"
            ),
            (
                #"[{"tap": [1, 1]}, {"drag": {"from": [1, 1], "to": [9, 9]}, "duration": 0.3}]"#,
                "step 2: \"duration\" belongs inside \"drag\": {\"drag\": {\"from\": …, \"to\": …, \"duration\": …, \"steps\": …}}"
            ),
        ])
    func scriptCheckedFirst(script: String, message: String) throws {
        let directory = try scratchDirectory()
        let file = directory.appendingPathComponent("bad.json")
        try write(script, to: file)
        let output = directory.appendingPathComponent("bad.session")
        let (status, text) = try runTouchscope(["record", "kitchen-sink", "--script", file.path, "-o", output.path])
        #expect(status == 2, "\(text)")
        #expect(text.contains(message), "\(text)")
        #expect(text.contains("nothing was recorded"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["bad.json"])
    }

    @Test("a line of 2 MB on standard input is refused as soon as it passes the limit")
    func longStdinLine() throws {
        let directory = try scratchDirectory()
        let output = directory.appendingPathComponent("long.session")
        let child = try ChildProcess(touchscopeBinary, ["record", "kitchen-sink", "--stdin", "-o", output.path])
        child.sendBytes(Data(repeating: UInt8(ascii: "x"), count: 2 << 20))
        let status = child.waitForExit(timeout: 20)
        #expect(status == 2, "\(child.output)")
        #expect(child.output.contains("line 1 is longer than 1048576 bytes"), "\(child.output)")
        _ = try SessionLoader.load(contentsOf: output)
    }

    // MARK: Nothing is overwritten silently

    @Test("import never writes over its input, nor over a file it was not told to replace")
    func importNeverOverwrites() throws {
        let directory = try scratchDirectory()
        let dump = repositoryRoot.appendingPathComponent("Tests/TouchScenesTests/Dumps/swift-app.txt")
        let asJSON = directory.appendingPathComponent("app.json")
        try FileManager.default.copyItem(at: dump, to: asJSON)
        let original = try Data(contentsOf: asJSON)
        let (sameStatus, sameText) = try runTouchscope(["import", asJSON.path])
        #expect(sameStatus == 2, "\(sameText)")
        #expect(sameText.contains("never written over"))
        #expect(try Data(contentsOf: asJSON) == original)

        let text = directory.appendingPathComponent("app2.txt")
        try FileManager.default.copyItem(at: dump, to: text)
        let existing = directory.appendingPathComponent("app2.json")
        try write("keep me", to: existing)
        let (refused, refusedText) = try runTouchscope(["import", text.path])
        #expect(refused == 2, "\(refusedText)")
        #expect(refusedText.contains("the file already exists (give -o"), "\(refusedText)")
        #expect(try String(contentsOf: existing, encoding: .utf8) == "keep me")
        let (replaced, replacedText) = try runTouchscope(["import", text.path, "-o", existing.path])
        #expect(replaced == 0, "\(replacedText)")
        #expect(try String(contentsOf: existing, encoding: .utf8).contains("touchscope.scene"))
    }

    @Test("import of a file with no view lines exits 1 and writes nothing; a missing dump says so")
    func importNothing() throws {
        let directory = try scratchDirectory()
        let empty = directory.appendingPathComponent("notes.txt")
        try write("(lldb) po self.view\nnothing here\n", to: empty)
        let (status, text) = try runTouchscope(["import", empty.path])
        #expect(status == 1, "\(text)")
        #expect(text.contains("no view lines found"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("notes.json").path))
        let (missing, missingText) = try runTouchscope(["import", directory.appendingPathComponent("none.txt").path])
        #expect(missing == 2)
        #expect(missingText.contains("none.txt: no such file"), "\(missingText)")
    }

    // MARK: Data is not an instruction

    @Test(
        "a session header cannot make touchscope read an arbitrary file",
        arguments: [
            (#"{"name":"x","hash":"y","path":"/etc/passwd.json"}"#, "expected the header's scene \"path\": a relative path to a .json file"),
            (#"{"name":"x","hash":"y","path":"../secret.txt"}"#, "expected the header's scene \"path\": a relative path to a .json file"),
            (#"{"name":"/tmp/anything.json","hash":"y"}"#, "is not a bundled scene; give the scene with --scene PATH"),
        ])
    func headerCannotNameFiles(scene: String, message: String) throws {
        let directory = try scratchDirectory()
        let session = directory.appendingPathComponent("evil.session")
        try write(
            #"{"format":"touchscope.session","version":1,"tool":"x","scene":"# + scene
                + #","window":{"width":390,"height":844,"scale":1},"started":""}"# + "\n" + #"{"t":0,"type":"end"}"# + "\n", to: session)
        let (status, text) = try runTouchscope(["trace", session.path])
        #expect(status == 2, "\(text)")
        #expect(text.contains(message), "\(text)")
    }

    @Test("a scene next to the session that does not load is reported by path, without its content")
    func brokenSceneIsNotQuoted() throws {
        let directory = try scratchDirectory()
        try write(
            #"{"format": "touchscope.scene", "version": 1, "secret": "hunter2", "window": {"width": 10, "height": 10}}"#,
            to: directory.appendingPathComponent("scene.json"))
        let session = directory.appendingPathComponent("s.session")
        try write(
            #"{"format":"touchscope.session","version":1,"tool":"x","scene":{"name":"s","hash":"y","path":"scene.json"},"window":{"width":390,"height":844,"scale":1},"started":""}"#
                + "\n", to: session)
        let (status, text) = try runTouchscope(["trace", session.path])
        #expect(status == 2, "\(text)")
        #expect(text.contains("scene.json (from its header) does not load as a scene (1 problem"), "\(text)")
        #expect(!text.contains("secret"), "\(text)")
    }

    @Test("a FIFO given as a session or a scene is refused at once, not read")
    func fifoRefused() throws {
        let directory = try scratchDirectory()
        let fifo = directory.appendingPathComponent("pipe.session").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let (status, text) = try runTouchscope(["trace", fifo])
        #expect(status == 2, "\(text)")
        #expect(text.contains("it is a FIFO (named pipe), not a session file"), "\(text)")
        let (sceneStatus, sceneText) = try runTouchscope(["validate", fifo])
        #expect(sceneStatus == 2, "\(sceneText)")
    }

    @Test("invalid UTF-8 in a session is refused with its line")
    func invalidUTF8() throws {
        let directory = try scratchDirectory()
        let session = directory.appendingPathComponent("latin1.session")
        var bytes = Array(
            #"{"format":"touchscope.session","version":1,"tool":"x","scene":{"name":"kitchen-sink","hash":"y"},"window":{"width":390,"height":844,"scale":1},"started":""}"#
                .utf8)
        bytes += [0x0A] + Array(#"{"t":0,"type":"marker","label":"caf"#.utf8) + [0xE9] + Array("\"}\n".utf8)
        try Data(bytes).write(to: session)
        let (status, text) = try runTouchscope(["trace", session.path])
        #expect(status == 2, "\(text)")
        #expect(text.contains("latin1.session:2: the line is not valid UTF-8 text"), "\(text)")
    }

    // MARK: Messages and exit codes

    @Test(
        "input and output failures exit 2 with plain messages naming the file",
        arguments: [
            (["render", "kitchen-sink", "-o", "/nonexistent/dir/x.png"], "/nonexistent/dir/x.png: the directory /nonexistent/dir does not exist"),
            (["record", "kitchen-sink", "--stdin", "-o", "/nonexistent/x.session"], "the directory /nonexistent does not exist"),
            (["import", "/nonexistent.txt"], "/nonexistent.txt: no such file"),
            (["trace", "/nonexistent.session"], "/nonexistent.session: no such file"),
            (
                ["replay", "Scenes/sessions/floating-menu.session", "--update", "--golden", "/nonexistent/g.trace"],
                "the directory /nonexistent does not exist"
            ),
            (["validate", "/tmp"], "it is a directory, not a scene file"),
            (["render", "no-such-scene", "-o", "/tmp/x.png"], "no scene file or bundled scene has this name"),
        ])
    func inputOutputFailures(arguments: [String], message: String) throws {
        let (status, output) = try runTouchscope(arguments)
        #expect(status == 2, "\(output)")
        #expect(output.contains(message), "\(output)")
        #expect(!output.contains("NSCocoaErrorDomain") && !output.contains("Error Domain"), "\(output)")
    }

    // MARK: Consistency

    @Test("validate takes a bundled name; scenes lists a valid scene without a description")
    func namesAndDescriptions() throws {
        let (status, text) = try runTouchscope(["validate", "floating-menu"])
        #expect(status == 0, "\(text)")
        let directory = try scratchDirectory()
        try write(
            #"{"format":"touchscope.scene","version":1,"window":{"width":100,"height":100},"views":[]}"#,
            to: directory.appendingPathComponent("plain.json"))
        let (listStatus, list) = try runTouchscope(["scenes", "--scenes-dir", directory.path])
        #expect(listStatus == 0)
        let line = list.split(separator: "\n").first { $0.hasPrefix("plain ") }
        #expect(line.map { !$0.contains("does not load") } == true, "\(list)")
    }

    @Test("a marker with a newline stays one trace line: --update then --check passes")
    func markerWithNewline() throws {
        let directory = try scratchDirectory()
        let script = directory.appendingPathComponent("m.json")
        try write(#"[{"marker": "two\nlines"}, {"tap": [100, 100]}]"#, to: script)
        let session = directory.appendingPathComponent("m.session")
        #expect(try runTouchscope(["record", "kitchen-sink", "--script", script.path, "-o", session.path]).0 == 0)
        let (update, updateText) = try runTouchscope(["replay", session.path, "--update"])
        #expect(update == 0, "\(updateText)")
        let (check, checkText) = try runTouchscope(["replay", session.path, "--check"])
        #expect(check == 0, "\(checkText)")
    }
}
