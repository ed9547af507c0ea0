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

    @Test("a file that loads again clears its problems, even when it is the scene shown")
    func recovers() throws {
        let url = try scratchFile(Self.scene)
        let source = try SceneSource(make: { try SceneCatalog.loadFile(url) }, watching: url.path)
        try Data("{ broken".utf8).write(to: url)
        guard case .failed = source.poll(now: 1) else {
            Issue.record("the broken file was not reported")
            return
        }
        try Data(Self.scene.utf8).write(to: url)  // back to the scene shown
        #expect(source.poll(now: 2) == .recovered)
        try Data(Self.scene.utf8).write(to: url)  // touched again: nothing to say
        #expect(source.poll(now: 3) == nil)
    }

    /// The outcomes of taps at `points` on the reload scene (`edit` applied to its text).
    func entries(_ edit: (String) -> String, taps points: [CGPoint]) throws -> [TraceEntry] {
        let description = try SceneDecoder.decode(data: Data(edit(Self.scene).utf8), file: "reload.json", defaultName: "reload")
        let scene = SceneBuilder.build(description, source: .file(path: "reload.json", contentHash: "x"))
        let sim = scene.makeSimulator()
        sim.trace.record(.marker("before"))
        for point in points { sim.tap(at: point) }
        return Array(sim.trace.entries)
    }

    @Test("the change is told as outcomes: what went elsewhere, in short names; a cosmetic edit is 'routing unchanged'; markers never count")
    func describesChange() throws {
        let taps = [CGPoint(x: 50, y: 30), CGPoint(x: 150, y: 150)]
        let before = try entries({ $0 }, taps: taps)
        let cosmetic = try entries({ $0.replacingOccurrences(of: "\"title\": \"B\"", with: "\"title\": \"C\"") }, taps: taps)
        var unchanged = RoutingChange(before: before, after: cosmetic)
        #expect(unchanged.isUnchanged)
        #expect(unchanged.summary() == "routing unchanged (\(unchanged.outcomes) outcomes)", "\(unchanged.summary())")
        // A reload marker of its own is not a difference.
        var marked = cosmetic
        marked.append(TraceEntry(micros: 10, event: .marker("scene reloaded")))
        unchanged = RoutingChange(before: before, after: marked)
        #expect(unchanged.isUnchanged)
        // The cover made inert: the first tap now reaches the button.
        let fixed = try entries(
            { $0.replacingOccurrences(of: "\"id\": \"cover\",", with: "\"id\": \"cover\", \"userInteractionEnabled\": false,") }, taps: taps)
        let change = RoutingChange(before: before, after: fixed)
        #expect(!change.isUnchanged)
        #expect(change.changes.contains("hit finger 1: #cover → #b"), "\(change.changes)")
        #expect(change.changes.contains { $0.hasPrefix("now also control #b") && $0.contains("touchUpInside") }, "\(change.changes)")
        let summary = change.summary()
        #expect(summary.hasPrefix("\(change.changes.count) outcomes changed: hit finger 1: #cover → #b"), "\(summary)")
        #expect(change.headline == "\(change.changes.count) outcomes changed")
    }
}

extension SceneSource.Change: Equatable {
    public static func == (lhs: SceneSource.Change, rhs: SceneSource.Change) -> Bool {
        switch (lhs, rhs) {
        case (.reloaded(let a), .reloaded(let b)): a === b
        case (.failed(let a), .failed(let b)): a == b
        case (.recovered, .recovered): true
        default: false
        }
    }
}
