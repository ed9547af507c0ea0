import Foundation
import Testing
import TouchTestSupport

/// `touchscope rules`: every rule with its provenance; docs/rules.md is its Markdown.
@Suite("touchscope rules")
struct RulesCommandTests {
    @Test("every rule has a unique id, a provenance and a source; the fixed rules are there with theirs; docs/rules.md is current")
    func rules() throws {
        let (status, output) = try runTouchscope(["rules", "--json"])
        #expect(status == 0, "\(output)")
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(ids.count == rules.count && Set(ids).count == ids.count, "ids are unique")
        #expect(rules.allSatisfy { !(($0["sources"] as? [String]) ?? []).isEmpty })
        let byID = Dictionary(uniqueKeysWithValues: rules.compactMap { rule in (rule["id"] as? String).map { ($0, rule) } })
        #expect(byID["nav.popVsContentPans"]?["provenance"] as? String == "observed")
        #expect(byID["swiftui.ios26.simultaneousNotWithAncestors"]?["provenance"] as? String == "documented")
        #expect((byID["swiftui.ios26.simultaneousNotWithAncestors"]?["sources"] as? [String])?.first?.contains("147970990") == true)
        #expect((byID["swiftui.ios26.representableFirst"]?["sources"] as? [String])?.first?.contains("155581361") == true)
        #expect(byID["swiftui.tapCountWaits"]?["provenance"] as? String == "inferred")
        let (_, markdown) = try runTouchscope(["rules", "--markdown"])
        let file = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        #expect(markdown == file, "docs/rules.md is stale: touchscope rules --markdown > docs/rules.md")
        let (inferred, text) = try runTouchscope(["rules", "--provenance", "inferred"])
        #expect(inferred == 0 && text.contains("swiftui.tapCountWaits") && !text.contains("nav.popVsContentPans"), "\(text)")
        #expect(try runTouchscope(["rules", "no-such-rule"]).0 == 2)
    }
}

/// `replay SESSION --eras`: a session under ios17, ios18 and ios26 side by side.
@Suite("replay --eras")
struct ReplayErasTests {
    @Test(
        "the SwiftUI drag-in-scroll-view session: the first touch that differs between ios17 and ios18, and between ios18 and ios26, with the rules and their provenance"
    )
    func dragInScrollView() throws {
        let session = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/swiftui-drag-in-scrollview.session").path
        let (status, output) = try runTouchscope(["replay", session, "--eras"])
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        let first = try #require(lines.first { $0.hasPrefix("ios17 -> ios18:") }, "\(output)")
        // On the iOS 18 SDK the card's drag takes the touch at the first move; before, the scroll view did.
        #expect(first.contains("the first touch that differs is input 2"), "\(first)")
        #expect(output.contains("now also 0.020000 layer layer=swiftui event=active subject=#cardDrag"), "\(output)")
        #expect(output.contains("swiftui.era.ios18 (documented"), "\(output)")
        #expect(output.contains("swiftui.era.ios17 (inferred"), "\(output)")
        // On the iOS 26 SDK the .simultaneousGesture card no longer lets the ScrollView scroll.
        let second = try #require(lines.first { $0.hasPrefix("ios18 -> ios26:") }, "\(output)")
        #expect(second.contains("the first touch that differs is input 14"), "\(second)")
        #expect(
            output.contains("swiftui.ios26.simultaneousNotWithAncestors (documented (iOS & iPadOS 26 release notes, SwiftUI, 147970990)"), "\(output)"
        )
        // A UIKit-only session has the same outcomes in every era.
        let uikit = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/floating-menu.session").path
        let (plainStatus, plain) = try runTouchscope(["replay", uikit, "--eras"])
        #expect(
            plainStatus == 0 && plain.contains("ios17 -> ios18: the same outcomes") && plain.contains("ios18 -> ios26: the same outcomes"), "\(plain)"
        )
    }

    @Test(
        "the pass-through toast window: ios17 -> ios18 differs at the toast's tap, ios18 -> ios26 at Buy, each with the hosting-view rule at the decision, and the layer test is the fix that holds in every era"
    )
    func passThroughWindow() throws {
        let session = repositoryRoot.appendingPathComponent("Scenes/sessions/swiftui-pass-through-window.session").path
        #expect(try runTouchscope(["replay", session, "--check"]).0 == 0)
        let (status, output) = try runTouchscope(["replay", session, "--eras"])
        #expect(status == 0, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        let first = try #require(lines.first { $0.hasPrefix("ios17 -> ios18:") }, "\(output)")
        #expect(first.contains("the first touch that differs is input 1"), "\(first)")
        let second = try #require(lines.first { $0.hasPrefix("ios18 -> ios26:") }, "\(output)")
        #expect(second.contains("the first touch that differs is input 3"), "\(second)")
        #expect(output.contains("the rule at the decision: swiftui.hostingView.answer.ios18 (observed"), "\(output)")
        #expect(output.contains("the rule at the decision: swiftui.hostingView.answer.ios26 (observed"), "\(output)")
        #expect(output.contains("was 0.550000 control control=UIButton#buy event=touchDown, now gone"), "\(output)")
        let fix = try #require(lines.firstIndex { $0.hasPrefix("a fix that holds in every era") }, "\(output)")
        #expect(lines[fix + 1].contains("layer.hitTest(point)?.name") && lines[fix + 1].contains("passThroughOnNamedLayer"), "\(output)")
    }

    @Test("export --html --eras A,B: both pictures at every moment, both traces, the outcomes that differ and the fix that holds in every era")
    func htmlSideBySide() throws {
        let session = repositoryRoot.appendingPathComponent("Scenes/sessions/swiftui-pass-through-window.session").path
        let report = try scratchDirectory().appendingPathComponent("eras.html")
        let (status, output) = try runTouchscope(["export", session, "--html", report.path, "--eras", "ios17,ios26"])
        #expect(status == 0, "\(output)")
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("id=\"frame2\"") && html.contains("<h2 class=\"era\">ios26</h2>") && html.contains("id=\"lines2\""))
        #expect(html.contains("ios17 and ios26 side by side"))
        #expect(
            html.contains("ios17 -&gt; ios26: ") && html.contains("the rule at the decision: swiftui.hostingView.answer.ios26"),
            "\(html.prefix(3000))")
        #expect(html.contains("a fix that holds in every era") && html.contains("passThroughOnNamedLayer"))
        // Every moment names its picture in each era.
        let moments = try #require(html.range(of: "const moments = [").map { html[$0.upperBound...].prefix { $0 != "]" } })
        #expect(!moments.isEmpty && moments.components(separatedBy: "{t:").count - 1 == moments.components(separatedBy: ",j:").count - 1)
        #expect(try runTouchscope(["export", session, "--gif", report.path + ".gif", "--eras", "ios17,ios26"]).0 == 64)
        #expect(try runTouchscope(["export", session, "--html", report.path, "--eras", "ios17,ios17"]).0 == 64)
    }

    @Test("--era replays a session in another era: the iOS 17 SDK's outcomes differ from the golden recorded in ios18; a bad era is a usage error")
    func eraOption() throws {
        let session = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/swiftui-drag-in-scrollview.session").path
        #expect(try runTouchscope(["replay", session, "--check", "--era", "ios18"]).0 == 0)
        let (status, output) = try runTouchscope(["replay", session, "--check", "--era", "ios17"])
        #expect(status == 1, "\(output)")
        #expect(try runTouchscope(["replay", session, "--era", "ios19"]).0 == 64)
        // check takes --era too: the same session fails its golden in ios17.
        let folder = try scratchDirectory()
        for ext in ["", ".golden"] {
            try FileManager.default.copyItem(atPath: session + ext, toPath: folder.appendingPathComponent("drag.session" + ext).path)
        }
        #expect(try runTouchscope(["check", "--record", "never", "--era", "ios18", folder.path]).0 == 0)
        #expect(try runTouchscope(["check", "--record", "never", "--era", "ios17", folder.path]).0 == 1)
    }
}

/// An answer says in one line when it rests on a rule that is inferred or an approximation.
@Suite("why names the rules it rests on")
struct WhyRulesTests {
    @Test("the drag that beat the ScrollView rests on an inferred SwiftUI relation; the JSON lists every rule with its provenance")
    func inferredRuleSaid() throws {
        let session = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/swiftui-drag-in-scrollview.session").path
        let (status, output) = try runTouchscope(["why", session, "--finger", "1"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("This answer rests on rules not documented by Apple: swiftui.prioritized (inferred"), "\(output)")
        let (_, json) = try runTouchscope(["why", session, "--finger", "1", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let rules = try #require(object["rules"] as? [[String: String]])
        #expect(rules.contains { $0["id"] == "swiftui.prioritized" && $0["provenance"] == "inferred" }, "\(rules)")
        #expect(rules.contains { $0["id"] == "swiftui.era.ios18" && $0["provenance"] == "documented" }, "\(rules)")
        // A UIKit tap on a button rests on documented rules only: no such line.
        let (_, plain) = try runTouchscope([
            "why", repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens/bug-transparent-overlay.session").path, "--finger", "1",
        ])
        #expect(!plain.contains("rests on rules not documented"), "\(plain)")
    }
}
