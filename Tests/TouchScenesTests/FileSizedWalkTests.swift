import Foundation
import Testing

@testable import TouchScenes

/// Walks over structures whose size a file decides finish without recursion and report each
/// problem once, in bounded text, however long the chain or dense the table (issue 30.1).
@Suite("Walks over file-sized data")
struct FileSizedWalkTests {
    func scene(actions: [String: String?], views: Int = 1) -> Data {
        let table = actions.sorted { $0.key < $1.key }.map { name, sends in
            let effect = sends.map { #"{"sendAction": "\#($0)"}"# } ?? #"{"note": "end"}"#
            return #""\#(name)": [\#(effect)]"#
        }.joined(separator: ",")
        let view = #"{"kind": "view", "id": "v", "frame": [0, 0, 10, 10], "behaviours": [{"kind": "firstResponder", "actions": {\#(table)}}]}"#
        return Data(#"{"format": "touchscope.scene", "version": 1, "window": {"width": 100, "height": 100}, "views": [\#(view)]}"#.utf8)
    }

    func decode(_ data: Data) -> SceneLoadError? {
        do {
            _ = try SceneDecoder.decode(data: data, file: "walk.json", defaultName: "walk")
            return nil
        } catch {
            return error
        }
    }

    @Test("an acyclic chain of 15,000 actions loads (the loop check does not recurse)", arguments: [10, 1_000, 15_000])
    func longAcyclicChain(length: Int) {
        var actions: [String: String?] = [:]
        for i in 0..<length { actions["a\(i)"] = i + 1 < length ? "a\(i + 1)" : nil }
        #expect(decode(scene(actions: actions)) == nil)
    }

    @Test("a loop 15,000 actions long is one problem, described in at most a few steps", arguments: [3, 15_000])
    func longLoop(length: Int) throws {
        var actions: [String: String?] = [:]
        for i in 0..<length { actions["a\(i)"] = "a\((i + 1) % length)" }
        let error = try #require(decode(scene(actions: actions)))
        #expect(error.problemCount == 1)
        let message = try #require(error.issues.first?.message)
        #expect(message.contains("without end"))
        let steps = message.components(separatedBy: " handles ").count - 1
        #expect(steps == min(length, DecodingContext.maximumDescribedSteps))
        if length > DecodingContext.maximumDescribedSteps {
            #expect(message.contains("and \(length - DecodingContext.maximumDescribedSteps) more steps"))
        }
    }

    @Test("many handlers of one action that all send it: one problem per loop, not one per pair")
    func denseActionTable() throws {
        let views = (0..<2_000).map { i in
            #"{"kind": "view", "id": "v\#(i)", "frame": [0, 0, 10, 10], "behaviours": [{"kind": "firstResponder", "actions": {"x": [{"sendAction": "x"}]}}]}"#
        }.joined(separator: ",")
        let data = Data(#"{"format": "touchscope.scene", "version": 1, "window": {"width": 100, "height": 100}, "views": [\#(views)]}"#.utf8)
        let error = try #require(decode(data))
        #expect(error.problemCount == 1)
        #expect(error.description.utf8.count < 2_000)
    }

    @Test("thousands of problems: the first are listed, the rest counted")
    func problemsAreCapped() throws {
        let views = (0..<5_000).map { i in #"{"kind": "view", "id": "v\#(i)", "frame": [0, 0, 10, 10], "bogus\#(i)": 1}"# }
            .joined(separator: ",")
        let data = Data(#"{"format": "touchscope.scene", "version": 1, "window": {"width": 100, "height": 100}, "views": [\#(views)]}"#.utf8)
        let error = try #require(decode(data))
        #expect(error.issues.count == SceneLoadError.maximumIssueCount)
        #expect(error.problemCount == 5_000)
        #expect(error.description.hasSuffix("… and 4800 more problems (the first 200 are listed)"))
    }
}
