import Foundation
import Testing
import TouchTestSupport

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `touchscope check`: a folder of sessions in parallel, sharded, with CI reports and record modes.
@Suite("check: a folder of sessions")
struct CheckCommandTests {
    static let goldens = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens")

    /// Copies a bundled session and its golden into `folder` (made if missing), as `name`.
    @discardableResult
    func copy(_ session: String, to folder: URL, as name: String? = nil, golden: Bool = true) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent(name ?? "\(session).session")
        try FileManager.default.copyItem(at: Self.goldens.appendingPathComponent("\(session).session"), to: target)
        if golden {
            try FileManager.default.copyItem(
                at: Self.goldens.appendingPathComponent("\(session).session.golden"), to: URL(fileURLWithPath: target.path + ".golden"))
        }
        return target
    }

    /// Replaces `old` with `new` in a session's golden (a golden that no longer holds).
    func breakGolden(_ session: URL, _ old: String, _ new: String) throws {
        let url = URL(fileURLWithPath: session.path + ".golden")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old))
        try write(text.replacingOccurrences(of: old, with: new), to: url)
    }

    /// A folder with nested folders, two sessions that hold, one whose golden is broken, one
    /// that is not a session, and one without a golden.
    func fixture() throws -> URL {
        let root = try scratchDirectory()
        try copy("touch-up-inside", to: root.appendingPathComponent("controls"))
        try copy("floating-menu", to: root.appendingPathComponent("menus/nested"))
        let broken = try copy("idle-timer", to: root.appendingPathComponent("menus"))
        try breakGolden(broken, "\"kind\":\"note\"", "\"kind\":\"note\",\"extra\":1")
        try write("this is not a session\n", to: root.appendingPathComponent("menus/garbage.session"))
        try write("{}\n", to: root.appendingPathComponent("menus/garbage.session.golden"))
        try copy("frame-mask", to: root.appendingPathComponent("controls"), golden: false)
        return root
    }

    @Test("a folder with a broken golden, an unreadable file and nested folders: each reported, a summary, exit 2")
    func folder() throws {
        let root = try fixture()
        let (status, output) = try runTouchscope(["check", "--record", "never", "-j", "2"], workingDirectory: root)
        #expect(status == 2, "\(output)")
        #expect(output.contains("ok     controls/touch-up-inside.session: 41 outcomes match"), "\(output)")
        #expect(output.contains("ok     menus/nested/floating-menu.session: 36 outcomes match"), "\(output)")
        #expect(output.contains("FAIL   menus/idle-timer.session: input "), "\(output)")
        #expect(output.contains("the replay differs from the golden in 3 inputs"), "\(output)")
        #expect(output.contains("ERROR  menus/garbage.session: "), "\(output)")
        #expect(output.contains("skip   controls/frame-mask.session: no golden"), "\(output)")
        #expect(output.contains("5 sessions: 2 passed, 1 failed, 1 error, 1 skipped (no golden) (2 jobs, "), "\(output)")
        // Without the unreadable file: a difference alone exits 1; the passing ones alone exit 0.
        try FileManager.default.removeItem(at: root.appendingPathComponent("menus/garbage.session"))
        #expect(try runTouchscope(["check", "--record", "never"], workingDirectory: root).0 == 1)
        #expect(try runTouchscope(["check", "--record", "never", "controls", "menus/nested"], workingDirectory: root).0 == 0)
    }

    @Test("--ordered -j 2 prints exactly what -j 1 prints (but the time); unordered, the same lines as they finish")
    func parallelSameAsSerial() throws {
        let root = try fixture()
        func run(_ jobs: String, ordered: Bool = true) throws -> String {
            let (_, output) = try runTouchscope(
                ["check", "--record", "never", "-j", jobs] + (ordered ? ["--ordered"] : []), workingDirectory: root)
            return output.replacingOccurrences(of: #"\d+ jobs?, [0-9.]+ s"#, with: "T", options: .regularExpression)
        }
        let serial = try run("1")
        #expect(serial.contains("FAIL"))
        #expect(try run("2") == serial)
        #expect(try run("7") == serial)
        // As they finish: the same sessions, each block whole, in some order.
        let unordered = try run("2", ordered: false)
        let starts = ["ok     ", "FAIL   ", "ERROR  ", "skip   "]
        func sessionLines(_ text: String) -> [String] {
            text.split(separator: "\n").map(String.init).filter { line in starts.contains { line.hasPrefix($0) } }.sorted()
        }
        #expect(sessionLines(unordered) == sessionLines(serial))
    }

    @Test("--shard 1/3, 2/3, 3/3 cover each session exactly once, whatever order the files were made in")
    func shards() throws {
        let names = (1...10).map { "s\($0)" } + ["a/x", "a/b/y", "z/é"]
        var listings: [[[String]]] = []
        for order in [names, names.reversed(), names.shuffled()] {
            let root = try scratchDirectory()
            for name in order {
                let url = root.appendingPathComponent(name + ".session")
                try copy("idle-timer", to: url.deletingLastPathComponent(), as: url.lastPathComponent)
            }
            var parts: [[String]] = []
            for k in 1...3 {
                let (status, output) = try runTouchscope(["check", "--list", "--shard", "\(k)/3"], workingDirectory: root)
                #expect(status == 0, "\(output)")
                parts.append(output.split(separator: "\n").map(String.init).filter { $0.hasSuffix(".session") })
            }
            let all = parts.flatMap { $0 }
            #expect(all.count == names.count)
            #expect(Set(all).count == names.count)
            #expect(parts.allSatisfy { (4...5).contains($0.count) }, "\(parts)")
            listings.append(parts)
        }
        #expect(listings[1] == listings[0])
        #expect(listings[2] == listings[0])
        let (status, output) = try runTouchscope(["check", "--shard", "4/3"])
        #expect(status == 64, "\(output)")
        #expect(output.contains("K must be from 1 to 3"), "\(output)")
    }

    @Test("--record never never writes; missing writes a missing golden; failed rewrites and exits 1; all exits 1")
    func recordModes() throws {
        let root = try fixture()
        try FileManager.default.removeItem(at: root.appendingPathComponent("menus/garbage.session"))
        let newGolden = root.appendingPathComponent("controls/frame-mask.session.golden")
        let broken = root.appendingPathComponent("menus/idle-timer.session.golden")
        let before = try Data(contentsOf: broken)
        var (status, output) = try runTouchscope(["check", "--record", "never"], workingDirectory: root)
        #expect(status == 1, "\(output)")
        #expect(!FileManager.default.fileExists(atPath: newGolden.path))
        #expect(try Data(contentsOf: broken) == before)
        // CI set: never by default.
        (status, output) = try runTouchscope(["check"], environment: ["CI": "true"], workingDirectory: root)
        #expect(!FileManager.default.fileExists(atPath: newGolden.path), "\(output)")
        // Elsewhere: missing by default; the missing golden is written, the broken one kept.
        (status, output) = try runTouchscope(["check"], environment: ["CI": ""], workingDirectory: root)
        #expect(status == 1, "\(output)")
        #expect(FileManager.default.fileExists(atPath: newGolden.path), "\(output)")
        #expect(output.contains("wrote ") && output.contains("frame-mask.session.golden (new, 15 outcomes)"), "\(output)")
        #expect(output.contains("1 golden recorded (--record missing)"), "\(output)")
        #expect(try Data(contentsOf: broken) == before)
        // failed: the broken golden is rewritten, and the run still fails.
        (status, output) = try runTouchscope(["check", "--record", "failed"], workingDirectory: root)
        #expect(status == 1, "\(output)")
        #expect(try Data(contentsOf: broken) != before)
        (status, output) = try runTouchscope(["check", "--record", "never"], workingDirectory: root)
        #expect(status == 0, "\(output)")
        // all: every golden rewritten; a recording run never passes.
        (status, output) = try runTouchscope(["check", "--record", "all"], workingDirectory: root)
        #expect(status == 1, "\(output)")
        #expect(output.contains("4 goldens recorded (--record all)"), "\(output)")
    }

    @Test("-x stops at the first failure; --only narrows what is compared")
    func stopAndOnly() throws {
        let root = try fixture()
        try FileManager.default.removeItem(at: root.appendingPathComponent("menus/garbage.session"))
        try copy("touch-up-inside", to: root.appendingPathComponent("menus/z"))
        try breakGolden(root.appendingPathComponent("menus/z/touch-up-inside.session"), "UIView#card", "UIView#other")
        let (status, output) = try runTouchscope(["check", "--record", "never", "-j", "1", "-x"], workingDirectory: root)
        #expect(status == 1, "\(output)")
        #expect(output.contains("FAIL   menus/idle-timer.session"), "\(output)")
        #expect(!output.contains("menus/nested/floating-menu.session"), "\(output)")
        #expect(output.contains("2 not run (stopped after 1 failures)"), "\(output)")
        // The idle timer's golden differs only in a note; without notes it holds.
        let (only, narrowed) = try runTouchscope(
            ["check", "--record", "never", "--only", "hits", "menus/idle-timer.session"], workingDirectory: root)
        #expect(only == 0, "\(narrowed)")
    }

    @Test("JUnit: Jenkins' required attributes, counts that add up, valid XML for hostile names")
    func junit() throws {
        let root = try fixture()
        // A session whose file name and golden hold quotes, "]]>", a control character and non-ASCII.
        let hostile = try copy(
            "touch-up-inside", to: root.appendingPathComponent("héllo \"q\""), as: "a]]>b\u{1}'é.session")
        try breakGolden(hostile, "card tapped", #"card \"tapped\" ]]> \u0007 ünïcode <tag>"#)
        let report = root.appendingPathComponent("report.xml")
        let (status, output) = try runTouchscope(
            ["check", "--record", "never", "--reporter", "line,junit", "-o", report.path], workingDirectory: root)
        #expect(status == 2, "\(output)")
        let data = try Data(contentsOf: report)
        #expect(String(data: data, encoding: .utf8) != nil)
        let document = try XMLDocument(data: data)
        let suites = try #require(document.rootElement())
        #expect(suites.name == "testsuites")
        func int(_ element: XMLElement, _ name: String) throws -> Int {
            let text = try #require(element.attribute(forName: name)?.stringValue, "\(name) on \(element.name ?? "")")
            return try #require(Int(text), "\(name)=\(text)")
        }
        for name in ["tests", "failures", "errors", "skipped", "time"] { #expect(suites.attribute(forName: name) != nil, "\(name)") }
        var totals = (tests: 0, failures: 0, errors: 0, skipped: 0)
        var names: [String] = []
        for suite in suites.elements(forName: "testsuite") {
            for name in ["name", "tests", "failures", "errors", "skipped", "time", "timestamp", "hostname"] {
                #expect(suite.attribute(forName: name) != nil, "\(name)")
            }
            let cases = suite.elements(forName: "testcase")
            #expect(try int(suite, "tests") == cases.count)
            #expect(try int(suite, "failures") == cases.filter { !$0.elements(forName: "failure").isEmpty }.count)
            #expect(try int(suite, "errors") == cases.filter { !$0.elements(forName: "error").isEmpty }.count)
            #expect(try int(suite, "skipped") == cases.filter { !$0.elements(forName: "skipped").isEmpty }.count)
            for testcase in cases {
                let name = try #require(testcase.attribute(forName: "name")?.stringValue)
                names.append(name)
                #expect(testcase.attribute(forName: "classname")?.stringValue == suite.attribute(forName: "name")?.stringValue)
                let time = try #require(testcase.attribute(forName: "time")?.stringValue)
                #expect(time.range(of: #"^[0-9]+\.[0-9]+$"#, options: .regularExpression) != nil, "\(time)")
                if let failure = testcase.elements(forName: "failure").first {
                    #expect(failure.attribute(forName: "message")?.stringValue?.isEmpty == false)
                    #expect(failure.attribute(forName: "type") != nil)
                    #expect(failure.stringValue?.contains("the replay differs from the golden") == true)
                }
            }
            totals.tests += try int(suite, "tests")
            totals.failures += try int(suite, "failures")
            totals.errors += try int(suite, "errors")
            totals.skipped += try int(suite, "skipped")
        }
        #expect(try int(suites, "tests") == totals.tests)
        #expect(try int(suites, "failures") == totals.failures)
        #expect(try int(suites, "errors") == totals.errors)
        #expect(try int(suites, "skipped") == totals.skipped)
        #expect(totals.tests == 6 && totals.failures == 2 && totals.errors == 1 && totals.skipped == 1, "\(totals)")
        // The hostile name survives as text (its control character made visible).
        #expect(names.contains("héllo \"q\"/a]]>b\\u{1}'é.session"), "\(names)")
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("card &quot;tapped&quot; ]]&gt; \\u{7} ünïcode &lt;tag&gt;"))
    }

    @Test("GitHub annotations parse: one per failing, unreadable or skipped session, on its file")
    func github() throws {
        let root = try fixture()
        let (status, output) = try runTouchscope(["check", "--record", "never", "--reporter", "github"], workingDirectory: root)
        #expect(status == 2, "\(output)")
        let annotations = output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("::") }
        #expect(annotations.count == 3, "\(output)")
        let pattern = #"^::(error|warning) file=([^,:]+)(,line=[0-9]+)?,title=([^,:]+)::(.+)$"#
        var files: [String: String] = [:]
        for line in annotations {
            let regex = try NSRegularExpression(pattern: pattern)
            let match = try #require(regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), "\(line)")
            let kind = String(line[Range(match.range(at: 1), in: line)!])
            let file = String(line[Range(match.range(at: 2), in: line)!]).removingPercentEncoding ?? ""
            files[file] = kind
        }
        #expect(files == ["menus/idle-timer.session": "error", "menus/garbage.session": "error", "controls/frame-mask.session": "warning"])
        #expect(!output.contains("ok     "), "github alone prints only annotations")
    }

    @Test("--reporter json is one document with a summary and each session; bad reporter choices are usage errors")
    func json() throws {
        let root = try fixture()
        let (status, output) = try runTouchscope(["check", "--record", "never", "--reporter", "json"], workingDirectory: root)
        #expect(status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
        #expect(object["format"] as? String == "touchscope.check")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["passed"] as? Int == 2 && summary["failed"] as? Int == 1 && summary["errors"] as? Int == 1)
        #expect(summary["exitStatus"] as? Int == 2)
        let sessions = try #require(object["sessions"] as? [[String: Any]])
        #expect(
            sessions.map { $0["path"] as? String ?? "" } == [
                "controls/frame-mask.session", "controls/touch-up-inside.session", "menus/garbage.session", "menus/idle-timer.session",
                "menus/nested/floating-menu.session",
            ])
        let failed = try #require(sessions.first { $0["status"] as? String == "failed" })
        #expect((failed["divergences"] as? [Any])?.isEmpty == false)
        for bad in [["--reporter", "line,json"], ["--reporter", "tap"], ["--reporter", "line", "-o", "x.xml"], ["--reporter", "line:x"]] {
            let (code, text) = try runTouchscope(["check"] + bad, workingDirectory: root)
            #expect(code == 64, "\(bad): \(text)")
        }
    }

    @Test("a path that does not exist is an input error; the others are still checked")
    func missingPath() throws {
        let root = try fixture()
        let (status, output) = try runTouchscope(["check", "--record", "never", "controls", "nowhere"], workingDirectory: root)
        #expect(status == 2, "\(output)")
        #expect(output.contains("ok     controls/touch-up-inside.session"), "\(output)")
        #expect(output.contains("ERROR  nowhere: no such file or folder"), "\(output)")
    }

    @Test("--html DIR: a summary table of every session, and for a failing one each divergence with the golden's frame beside the replay's")
    func html() throws {
        let root = try fixture()
        let moved = try copy("touch-up-inside", to: root.appendingPathComponent("<b>\"x\""))
        try breakGolden(moved, "UILabel#row2", "UIView#card")
        let folder = root.appendingPathComponent("report")
        let (status, output) = try runTouchscope(["check", "--record", "never", "--html", folder.path], workingDirectory: root)
        #expect(status == 2, "\(output)")
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("Content-Security-Policy"))
        #expect(html.contains("<td>passed</td><td>controls/touch-up-inside.session</td>"), "\(html.prefix(3000))")
        #expect(html.contains("<td>error</td><td>menus/garbage.session</td>"))
        #expect(html.contains("<td>skipped</td><td>controls/frame-mask.session</td>"))
        // The hostile folder name is text, never markup.
        #expect(html.contains("&lt;b&gt;&quot;x&quot;/touch-up-inside.session"))
        #expect(!html.contains("<b>\"x\""))
        // Each divergence has two frames, the golden's view and the replay's (both failing
        // sessions here differ in fewer inputs than the report draws).
        let figures = html.components(separatedBy: "<figure><img src=\"data:image/png;base64,").count - 1
        let inputs = html.components(separatedBy: "<div class=\"input\">").count - 1
        #expect(inputs >= 2, "\(inputs)")
        #expect(figures == 2 * inputs, "\(figures) figures for \(inputs) inputs")
        #expect(html.contains("expected (the golden): UIView#card"))
        #expect(html.contains("actual (this replay): UILabel#row2"))
        // No request leaves the file.
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http"))
    }
}
