import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchScenes

@Suite("The scene catalog")
struct SceneCatalogTests {
    static let fileNames =
        (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Scenes").path))?
        .filter { $0.hasSuffix(".json") }.sorted() ?? []

    @Test("there are bundled scene files to test")
    func bundledScenesExist() {
        #expect(Self.fileNames.count >= 14)
    }

    @Test("every bundled scene file loads, validates and builds", arguments: fileNames)
    func loads(file: String) throws {
        let url = repositoryRoot.appendingPathComponent("Scenes").appendingPathComponent(file)
        let description = try SceneDecoder.load(contentsOf: url)
        #expect(description.name == String(file.dropLast(5)), "the name inside matches the file name")
        #expect(description.summary?.isEmpty == false, "every bundled scene says what it shows")
        let scene = SceneBuilder.build(description, source: .swift)
        #expect(!scene.window.subviews.isEmpty)
    }

    @Test("every Swift scene builds and has a summary", arguments: SwiftScenes.all.map(\.name))
    func swiftScenes(name: String) throws {
        let scene = try bundledCatalog.load(name)
        #expect(scene.source == .swift)
        #expect(!scene.summary.isEmpty)
        #expect(!scene.window.subviews.isEmpty)
    }

    @Test("JSON and Swift scenes are listed and loaded by name alike")
    func listing() throws {
        let entries = bundledCatalog.entries()
        #expect(entries.contains { $0.name == "floating-menu" && $0.kind == .json })
        #expect(entries.contains { $0.name == "idle-timer" && $0.kind == .swift })
        let file = try bundledCatalog.load("floating-menu")
        guard case .file(_, let hash) = file.source else {
            Issue.record("a JSON scene comes from a file")
            return
        }
        #expect(hash.count == 16)
        #expect(file.contentHash == hash)
    }

    @Test("an unknown scene name is an error that suggests the closest name")
    func unknownName() {
        #expect {
            _ = try bundledCatalog.load("floating-menus")
        } throws: { error in
            (error as? SceneLoadError)?.description.contains("did you mean \"floating-menu\"?") == true
        }
    }

    @Test("the bundled Scenes directory is found from the working directory or the build")
    func bundledDirectory() {
        #expect(SceneCatalog.bundledScenesDirectory()?.lastPathComponent == "Scenes")
    }
}

@Suite("Scene defaults follow UIKit")
struct SceneDefaultTests {
    @Test("a scroll view in a scene clips unless the file says otherwise; a plain view clips only when asked")
    func scrollViewClips() throws {
        let json = """
            {"format": "touchscope.scene", "version": 1, "window": {"width": 100, "height": 400}, "views": [
              {"kind": "scrollView", "id": "a", "frame": [0, 0, 100, 100], "contentSize": [100, 400]},
              {"kind": "scrollView", "id": "b", "frame": [0, 100, 100, 100], "contentSize": [100, 400], "clipsToBounds": false},
              {"kind": "view", "id": "c", "frame": [0, 200, 100, 100]},
              {"kind": "view", "id": "d", "frame": [0, 300, 100, 100], "clipsToBounds": true}
            ]}
            """
        let description = try SceneDecoder.decode(data: Data(json.utf8), file: "defaults.json", defaultName: "defaults")
        let scene = SceneBuilder.build(description, source: .swift)
        #expect(scene.view("a")?.clipsToBounds == true)
        #expect(scene.view("b")?.clipsToBounds == false)
        #expect(scene.view("c")?.clipsToBounds == false)
        #expect(scene.view("d")?.clipsToBounds == true)
    }
}
