import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchScenes

/// `repeat` in view lists and `forEach` in SwiftUI children (docs/scene-format.md, "Repeated views").
@Suite("Repeated views")
struct RepeatTests {
    static let scene = #"""
        {"format": "touchscope.scene", "version": 1, "name": "rows", "window": {"width": 390, "height": 844},
         "views": [
           {"repeat": 10, "as": "row", "step": [0, 44], "view":
             {"kind": "button", "id": "row{row}", "frame": [0, 0, 390, 44], "title": "Row {row+1}",
              "actions": [{"on": ["touchUpInside"], "do": [{"note": "row {row} tapped"}]}]}},
           {"kind": "hosting", "id": "host", "frame": [0, 500, 390, 300],
            "content": {"view": "list", "id": "list", "frame": [0, 0, 390, 300], "rows": [
              {"forEach": 5, "view": {"view": "button", "id": "item{i}", "frame": [0, 0, 390, 44], "action": [{"note": "item {i+1}"}]}}]}}]}
        """#

    func decode(_ json: String) throws -> SceneDescription {
        try SceneDecoder.decode(data: Data(json.utf8), file: "rows.json", defaultName: "rows")
    }

    @Test("ten buttons from one entry, each at its place with its own id, title and note; five list rows from a forEach")
    func copies() throws {
        let description = try decode(Self.scene)
        #expect(description.views.count == 11)
        #expect(description.views.prefix(10).map(\.id) == (0..<10).map { "row\($0)" })
        #expect(description.views[3].title == "Row 4" && description.views[3].frame == CGRect(x: 0, y: 132, width: 390, height: 44))
        #expect(description.views[10].content?.children.compactMap(\.id) == (0..<5).map { "item\($0)" })
        let scene = SceneBuilder.build(description, source: .file(path: "rows.json", contentHash: "0"))
        let sim = scene.makeSimulator()
        sim.tap(at: CGPoint(x: 100, y: 3 * 44 + 20))
        sim.advance(by: 0.5)
        sim.tap(at: CGPoint(x: 100, y: 500 + 2 * 44 + 20))
        sim.advance(by: 0.5)
        let notes = sim.trace.entries.compactMap { if case .note(let text) = $0.event { text } else { nil } }
        #expect(notes == ["row 3 tapped", "item 3"], "\(notes)")
        // Written back, the copies are listed one by one and read the same.
        let again = try decode(JSONWriter.compact(SceneEncoder.document(description)))
        #expect(again == description)
    }

    @Test("an id without the index, a count past 1,000, a bad name, an unknown field: each reported at the entry")
    func errors() throws {
        func issues(_ entry: String) -> [String] {
            let json = #"{"format": "touchscope.scene", "version": 1, "window": {"width": 390, "height": 844}, "views": [\#(entry)]}"#
            do {
                _ = try decode(json)
                return []
            } catch let error as SceneLoadError {
                return error.issues.map(\.description)
            } catch {
                return ["\(error)"]
            }
        }
        let fixed = issues(#"{"repeat": 3, "view": {"kind": "view", "id": "row", "frame": [0, 0, 10, 10]}}"#)
        #expect(fixed.count == 1 && fixed[0].contains(#"the id "row" would be the same in every copy: put {i} in it ("row{i}")"#), "\(fixed)")
        let many = issues(#"{"repeat": 5000, "view": {"kind": "view", "id": "r{i}", "frame": [0, 0, 10, 10]}}"#)
        #expect(many.contains { $0.contains("views[0].repeat") && $0.contains("from 0 to 1000") }, "\(many)")
        let name = issues(#"{"repeat": 2, "as": "a b", "view": {"kind": "view", "id": "r{i}", "frame": [0, 0, 10, 10]}}"#)
        #expect(name.contains { $0.contains("views[0].as") }, "\(name)")
        let unknown = issues(#"{"repeat": 2, "count": 3, "view": {"kind": "view", "id": "r{i}", "frame": [0, 0, 10, 10]}}"#)
        #expect(unknown.contains { $0.contains("views[0].count") }, "\(unknown)")
        // A small file cannot make a huge scene: a template of 5,000 values repeated 1,000 times is refused before any copy.
        let big = "[" + Array(repeating: "0", count: 5_000).joined(separator: ",") + "]"
        let huge = issues(#"{"repeat": 1000, "view": {"kind": "view", "id": "r{i}", "frame": [0, 0, 10, 10], "tag": \#(big)}}"#)
        #expect(huge.count == 1 && huge[0].contains("views[0].repeat") && huge[0].contains("at most 1000000"), "\(huge.map { $0.prefix(200) })")
        // Nested repeats stop at the scene's limit of views.
        let nested = issues(
            #"{"repeat": 1000, "view": {"kind": "view", "id": "o{i}", "frame": [0, 0, 10, 10], "subviews": [{"repeat": 1000, "as": "j", "view": {"kind": "view", "id": "o{i}i{j}", "frame": [0, 0, 1, 1]}}]}}"#
        )
        #expect(nested.contains { $0.contains("the scene has more than") && $0.contains("views") }, "\(nested.prefix(3))")
    }
}
