import Foundation
import Testing
import TouchTestSupport

@testable import TouchScenes

/// A broken scene file and every issue it must produce, in file order.
struct BrokenScene: CustomTestStringConvertible, Sendable {
    let file: String
    let issues: [String]
    var testDescription: String { file }
}

@Suite("Broken scene files get exact, located errors")
struct SceneErrorTests {
    static let corpus: [BrokenScene] = [
        BrokenScene(
            file: "not-json.json",
            issues: [
                "not-json.json:1:1: (document): not valid JSON: unexpected word \"this\"; expected a JSON value"
            ]),
        BrokenScene(
            file: "truncated.json",
            issues: [
                "truncated.json:1:69: (document): not valid JSON: the text ends inside an object"
            ]),
        BrokenScene(
            file: "empty.json",
            issues: [
                "empty.json:1:1: (document): not valid JSON: the text is empty; expected a JSON value"
            ]),
        BrokenScene(
            file: "not-utf8.json",
            issues: [
                "not-utf8.json: (document): the file is not UTF-8 text; expected a JSON scene"
            ]),
        BrokenScene(
            file: "wrong-format.json",
            issues: [
                "wrong-format.json:1:12: format: expected format \"touchscope.scene\", found \"touchscope.session\""
            ]),
        BrokenScene(
            file: "session-file.json",
            issues: [
                "session-file.json:1:1: (document): this is a session (JSON Lines, \"format\": \"touchscope.session\"), not a scene; give a scene file, or pass the session as --session"
            ]),
        BrokenScene(
            file: "newer-version.json",
            issues: [
                "newer-version.json:1:43: version: this scene is version 2; this TouchScope reads version 1 (a newer TouchScope wrote it)"
            ]),
        BrokenScene(
            file: "duplicate-key.json",
            issues: [
                "duplicate-key.json:1:46: (document): not valid JSON: duplicate key \"version\""
            ]),
        BrokenScene(
            file: "many-mistakes.json",
            issues: [
                "many-mistakes.json:6:61: views[0].backgroundColour: unknown field \"backgroundColour\"; did you mean \"backgroundColor\"? (allowed: actions, allowsMultipleSelection, allowsSelection, alpha, backgroundColor, behaviours, bounds, builtInRecognizers, canCancelContentTouches, center, class, clipsToBounds, content, contentOffset, contentSize, delaysContentTouches, didDeselect, didSelect, enabled, exclusiveTouch, frame, hidden, id, image, kind, multipleTouchEnabled, on, pagingEnabled, recognizers, scrollEnabled, selected, subviews, tag, text, title, titleColor, trackingMargin, transform, userInteractionEnabled, value)",
                "many-mistakes.json:7:70: views[1].alpha: expected a number, found a string",
                "many-mistakes.json:8:15: views[2].kind: unknown kind \"vew\"; did you mean \"view\"? (kinds: view, label, imageView, control, button, scrollView, switch, slider, tableView, tableViewCell, collectionView, collectionViewCell, textField, hosting)",
                "many-mistakes.json:8:56: views[2].alpha: expected a number from 0 to 1, found 2",
                "many-mistakes.json:8:127: views[2].subviews[0].enabled: expected true or false, found a string",
                "many-mistakes.json:9:29: views[3].id: duplicate id \"a\" (first used at views[0].id)",
                "many-mistakes.json:9:50: views[3].frame[2]: expected a number from 0 to 100000, found 5000000",
                "many-mistakes.json:10:58: views[4].alpha: expected a number from 0 to 1, found 3",
                "many-mistakes.json:10:70: views[4].title: \"title\" applies to button, not label",
                "many-mistakes.json:11:5: views[5]: missing \"frame\" (or \"bounds\" and \"center\")",
                "many-mistakes.json:12:5: views[6]: give \"frame\", or \"bounds\" and \"center\", not both",
            ]),
        BrokenScene(
            file: "recognizers.json",
            issues: [
                "recognizers.json:9:63: views[0].recognizers[0].requireToFail[0]: no recognizer has the id \"dubleTap\"; did you mean \"doubleTap\"?",
                "recognizers.json:10:69: views[0].recognizers[1].numberOfTapsRequired: expected a whole number, found a fraction",
                "recognizers.json:11:63: views[0].recognizers[2].numberOfTapsRequired: \"numberOfTapsRequired\" applies to tap, longPress, not pan",
                "recognizers.json:11:121: views[0].recognizers[2].maximumNumberOfTouches: maximumNumberOfTouches (2) is below minimumNumberOfTouches (3)",
                "recognizers.json:12:42: views[0].recognizers[3].direction[0]: unknown value \"sideways\" (allowed: right, left, up, down)",
                "recognizers.json:13:34: views[0].recognizers[4].id: requireToFail makes a cycle: a -> b -> a",
                "recognizers.json:15:32: views[0].recognizers[6].id: duplicate recognizer id \"pan\" (first used at views[0].recognizers[2].id)",
            ]),
        BrokenScene(
            file: "behaviours.json",
            issues: [
                "behaviours.json:9:53: views[0].behaviours[0].exceptSubviews[0]: \"elsewhere\" is not the id of a subview of this view",
                "behaviours.json:10:19: views[0].behaviours[1].kind: unknown behaviour \"teleport\" (behaviours: beginTracking, catchAll, continueTracking, enlargeHitArea, firstResponder, gestureRecognizerShouldBegin, handleEvents, hitTestSubviewsOutside, onTouches, passThrough, passThroughOnNamedLayer, passThroughWhenHit, preferSubviews, redirectHit, shape, touchUpInside, touchesShouldCancel, when)",
                "behaviours.json:11:36: views[0].behaviours[2].state: the state \"menuOpen\" is never declared in \"state\" nor set by an effect",
                "behaviours.json:12:9: views[0].behaviours[3].polygon: a polygon needs at least 3 points",
                "behaviours.json:13:61: views[0].behaviours[4].do[0].set.target: no view or controller has the id \"ghost\"",
                "behaviours.json:13:90: views[0].behaviours[4].do[1]: an effect has exactly one of: note, set, setState, toggleState, sendAction, route, becomeFirstResponder, dragView",
            ]),
    ]

    @Test("each broken file reports exactly its issues, with position and JSON path", arguments: corpus)
    func corpusFile(_ broken: BrokenScene) throws {
        let url = repositoryRoot.appendingPathComponent("Tests/TouchScenesTests/Corpus").appendingPathComponent(broken.file)
        let data = try Data(contentsOf: url)
        do {
            _ = try SceneDecoder.decode(data: data, file: broken.file, defaultName: "broken")
            Issue.record("\(broken.file) loaded, but it is broken")
        } catch {
            #expect(error.issues.map(\.description) == broken.issues)
        }
    }

    @Test("nesting 100,000 levels deep is refused early, without overflowing the stack")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try SceneDecoder.decode(data: Data(text.utf8), file: "deep.json", defaultName: "deep")
            Issue.record("a 100,000-deep document loaded")
        } catch {
            #expect(
                error.issues.map(\.description) == ["deep.json:1:201: (document): not valid JSON: objects and arrays nest deeper than 200 levels"])
        }
    }

    static func issues(_ text: String) -> [String] {
        do {
            _ = try SceneDecoder.decode(data: Data(text.utf8), file: "s.json", defaultName: "s")
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }

    @Test("a view and a recognizer may not share an id, in either order, and the place is named")
    func viewAndRecognizerShareNoID() {
        let head = #"{"format":"touchscope.scene","version":1,"window":{"width":10,"height":10},"views":["#
        let recognizerFirst = Self.issues(
            head + #"{"kind":"view","id":"a","frame":[0,0,1,1],"recognizers":[{"kind":"tap","id":"x"}]},{"kind":"view","id":"x","frame":[0,0,1,1]}]}"#
        )
        #expect(recognizerFirst.count == 1)
        #expect(
            recognizerFirst.first?.contains("views[1].id: duplicate id \"x\" (a recognizer's id, at views[0].recognizers[0].id") == true,
            "\(recognizerFirst)")
        let viewFirst = Self.issues(head + #"{"kind":"view","id":"x","frame":[0,0,1,1],"recognizers":[{"kind":"tap","id":"x"}]}]}"#)
        #expect(viewFirst.count == 1)
        #expect(viewFirst.first?.contains("views[0].recognizers[0].id: duplicate id \"x\" (a view's id, at views[0].id") == true, "\(viewFirst)")
    }

    @Test("a navigation stack longer than the limit gets one message, not also a false \"needs at least one\"")
    func longNavigationStack() {
        let controller = #"{"kind":"viewController","view":{"kind":"view"}}"#
        let stack = Array(repeating: controller, count: 10_000).joined(separator: ",")
        let issues = Self.issues(
            #"{"format":"touchscope.scene","version":1,"window":{"width":10,"height":10},"rootViewController":{"kind":"navigationController","viewControllers":["#
                + stack + "]}}")
        #expect(issues.count == 1, "\(issues)")
        #expect(issues.first?.contains("expected at most 16 elements, found 10000") == true, "\(issues)")
    }

    @Test("more views than the limit are refused with one issue")
    func tooManyViews() {
        let view = #"{"kind":"view","frame":[0,0,1,1]}"#
        let views = Array(repeating: view, count: SceneDecoder.maximumViewCount + 5).joined(separator: ",")
        let text = #"{"format":"touchscope.scene","version":1,"window":{"width":10,"height":10},"views":["# + views + "]}"
        do {
            _ = try SceneDecoder.decode(data: Data(text.utf8), file: "huge.json", defaultName: "huge")
            Issue.record("a scene over the view limit loaded")
        } catch {
            #expect(error.issues.count == 1)
            #expect(error.issues.first?.message == "the scene has more than 20000 views")
        }
    }

    @Test("views nested deeper than the limit are refused")
    func deepViews() {
        var view = #"{"kind":"view","frame":[0,0,1,1]}"#
        for _ in 0..<70 { view = #"{"kind":"view","frame":[0,0,1,1],"subviews":["# + view + "]}" }
        let text = #"{"format":"touchscope.scene","version":1,"window":{"width":10,"height":10},"views":["# + view + "]}"
        do {
            _ = try SceneDecoder.decode(data: Data(text.utf8), file: "nested.json", defaultName: "nested")
            Issue.record("views nested 70 deep loaded")
        } catch {
            #expect(error.issues.map(\.message) == ["views nest deeper than 64 levels"])
        }
    }

    @Test("a huge number is refused as unrepresentable")
    func hugeNumber() {
        let text = #"{"format":"touchscope.scene","version":1,"window":{"width":1e400,"height":10}}"#
        do {
            _ = try SceneDecoder.decode(data: Data(text.utf8), file: "big.json", defaultName: "big")
            Issue.record("1e400 loaded")
        } catch {
            #expect(error.issues.map(\.description) == ["big.json:1:60: (document): not valid JSON: the number 1e400 is too large to represent"])
        }
    }
}

/// Scene files too large to read are refused from their size.
@Suite("Hostile scene sizes")
struct HostileSceneSizeTests {
    @Test("a 1 GiB scene file is refused at once, without reading it")
    func gigabyte() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID().uuidString).json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: SceneLoadError.self) { try SceneDecoder.load(contentsOf: url) }
        do {
            _ = try SceneDecoder.load(contentsOf: url)
        } catch {
            #expect(error.description.contains("(document): the scene file is 1.0 GiB; at most 32.0 MiB is read"), "\(error.description)")
        }
    }
}
