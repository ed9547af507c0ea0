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
