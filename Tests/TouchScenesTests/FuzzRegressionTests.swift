import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchScenes

/// Inputs the fuzzers (tools/fuzz.sh) once crashed on, kept in Fuzz/Regressions/: each must now
/// give a scene or located errors, and imported dumps must load.
@Suite("Fuzzer findings: scenes and imported dumps")
struct SceneFuzzRegressionTests {
    static func files(_ target: String) -> [String] {
        let directory = repositoryRoot.appendingPathComponent("Fuzz/Regressions/\(target)")
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    static func data(_ target: String, _ name: String) throws -> Data {
        try Data(contentsOf: repositoryRoot.appendingPathComponent("Fuzz/Regressions/\(target)/\(name)"))
    }

    @Test("an imported dump always writes a scene that loads", arguments: files("importer"))
    func importer(name: String) throws {
        let text = String(decoding: try Self.data("importer", name), as: UTF8.self)
        let report = RecursiveDescriptionImporter.importDump(text, name: "fuzz")
        let json = SceneEncoder.json(report.scene)
        #expect(throws: Never.self) { try SceneDecoder.decode(data: Data(json.utf8), file: "imported.json", defaultName: "fuzz") }
    }

    @Test("the garbled-frame dump keeps its readable views and drops the unreadable frame")
    func garbledFrame() throws {
        let text = String(decoding: try Self.data("importer", "garbled-frame"), as: UTF8.self)
        let report = RecursiveDescriptionImporter.importDump(text, name: "fuzz")
        #expect(report.viewCount >= 2)
        func sizes(_ views: [ViewDescription]) -> [CGFloat] {
            views.flatMap { view in
                [view.frame?.width, view.frame?.height, view.bounds?.width, view.bounds?.height].compactMap { $0 } + sizes(view.subviews)
            }
        }
        #expect(sizes(report.scene.views).allSatisfy { $0 <= 100_000 })
    }

    @Test("a dump whose root is larger than a scene window allows is clamped, with a note")
    func hugeWindow() throws {
        let text = String(decoding: try Self.data("importer", "huge-window"), as: UTF8.self)
        let report = RecursiveDescriptionImporter.importDump(text, name: "fuzz")
        #expect(report.scene.windowSize.width <= 10_000 && report.scene.windowSize.height <= 10_000)
        #expect(report.notes.contains { $0.contains("clamped to") })
    }
}
