import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchScenes
import TouchTestSupport

@testable import TouchScopeSDL

/// Hot reload's parts that need no window: noticing a saved scene file, keeping the last good
/// scene when the file is broken, and saying how the routing changed.
@Suite("Reloading a scene file")
struct ReloadTests {
    static let scene = """
        {"format": "touchscope.scene", "version": 1, "name": "reload", "window": {"width": 200, "height": 200},
         "views": [{"kind": "button", "id": "b", "frame": [10, 10, 100, 50], "title": "B"},
                   {"kind": "view", "id": "cover", "frame": [0, 0, 200, 100]}]}
        """

    func scratchFile(_ text: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchscope-reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("reload.json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("a saved change is noticed and builds the new scene; a save without a change is not a reload")
    func noticesChange() throws {
        let url = try scratchFile(Self.scene)
        let source = try SceneSource(make: { try SceneCatalog.loadFile(url) }, watching: url.path)
        #expect(source.poll(now: 1) == nil)
        try Data(Self.scene.utf8).write(to: url)  // same bytes, new time
        #expect(source.poll(now: 2) == nil)
        try Data(Self.scene.replacingOccurrences(of: "\"title\": \"B\"", with: "\"title\": \"C\"").utf8).write(to: url)
        guard case .reloaded(let scene) = source.poll(now: 3) else {
            Issue.record("the change was not noticed")
            return
        }
        #expect((scene.view("b") as? UIButton)?.currentTitle == "C")
        #expect((try source.make().view("b") as? UIButton)?.currentTitle == "C", "fresh copies are of the new scene")
    }

    @Test("a broken file reports its problems, naming the file, and the last good scene stays")
    func brokenFileKeepsLastGood() throws {
        let url = try scratchFile(Self.scene)
        let source = try SceneSource(make: { try SceneCatalog.loadFile(url) }, watching: url.path)
        try Data("{\"format\": \"touchscope.scene\", \"version\": 1, \"window\": {\"width\": 200".utf8).write(to: url)
        guard case .failed(let problems) = source.poll(now: 1) else {
            Issue.record("the broken file was not reported")
            return
        }
        #expect(problems.first?.contains("reload.json") == true, "\(problems)")
        #expect(try source.make().view("b") != nil)
        try FileManager.default.removeItem(at: url)
        guard case .failed(let gone) = source.poll(now: 2) else {
            Issue.record("a deleted file was not reported")
            return
        }
        #expect(gone.first?.contains("gone") == true)
    }

    @Test("the change is told as the number of differing trace entries and the first one")
    func describesChange() {
        func entries(_ notes: [String]) -> [TraceEntry] { notes.enumerated().map { TraceEntry(micros: Int64($0.offset), event: .note($0.element)) } }
        #expect(WindowApp.describeChange(before: entries(["a", "b"]), after: entries(["a", "b"])) == "routing unchanged (2 trace entries)")
        let changed = WindowApp.describeChange(before: entries(["a", "b", "c", "d"]), after: entries(["a", "x", "c", "d"]))
        #expect(changed.hasPrefix("1 trace entry differs; first: now \"0.000001 note"), "\(changed)")
        #expect(changed.contains("x") && changed.contains("(was"))
        let longer = WindowApp.describeChange(before: entries(["a"]), after: entries(["a", "b", "c"]))
        #expect(longer.hasPrefix("2 trace entries differ"), "\(longer)")
        let shorter = WindowApp.describeChange(before: entries(["a", "b"]), after: entries(["a"]))
        #expect(shorter.contains("gone"), "\(shorter)")
    }
}

extension SceneSource.Change: Equatable {
    public static func == (lhs: SceneSource.Change, rhs: SceneSource.Change) -> Bool {
        switch (lhs, rhs) {
        case (.reloaded(let a), .reloaded(let b)): a === b
        case (.failed(let a), .failed(let b)): a == b
        default: false
        }
    }
}
