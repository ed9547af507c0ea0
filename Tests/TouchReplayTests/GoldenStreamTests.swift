import Foundation
import Testing
import TouchKit
import TouchScenes
import TouchTestSupport

@testable import TouchReplay

/// The golden read as the replay goes (`check`) finds exactly what comparing whole files finds.
@Suite("goldens compared as a stream")
struct GoldenStreamTests {
    static let goldens = repositoryRoot.appendingPathComponent("Tests/TouchReplayTests/Goldens")
    static let sessions = ((try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? [])
        .filter { $0.hasSuffix(".session") }.sorted()

    /// A golden changed at random from `seed`: records dropped, duplicated, edited, moved to a
    /// later input, the tail cut or extended.
    static func mutate(_ records: [GoldenRecord], seed: UInt64) -> [GoldenRecord] {
        var random = SeededRandomNumberGenerator(seed: seed)
        var result = records
        for _ in 0..<Int.random(in: 0...4, using: &random) where !result.isEmpty {
            let index = Int.random(in: 0..<result.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0: result.remove(at: index)
            case 1: result.insert(result[index], at: index)
            case 2: result[index].fields.append(("extra", .number(Double(seed % 7))))
            case 3: result.removeLast(Int.random(in: 0...min(3, result.count), using: &random))
            default:
                var extra = result[result.count - 1]
                extra.input += Int.random(in: 0...2, using: &random)
                extra.kind = "note"
                result.append(extra)
            }
        }
        return result
    }

    @Test("the same divergences, input by input, as the whole-file diff", arguments: sessions)
    func sameAsWholeFile(session name: String) throws {
        let url = Self.goldens.appendingPathComponent(name)
        let session = try SessionLoader.load(contentsOf: url)
        let scene = try SessionScene.resolve(for: session, sessionFile: url.path, catalog: SceneCatalog.bundled())
        let expected = try GoldenFile.read(GoldenFile.url(for: url))
        let directory = try scratchDirectory()
        for seed in UInt64(0)..<40 {
            let golden = seed == 0 ? expected : Self.mutate(expected, seed: seed)
            let file = directory.appendingPathComponent("\(seed).golden")
            try GoldenFile.write(records: golden, to: file, session: name, header: session.header, inputs: [])
            let topics: Set<GoldenTopic>? = seed % 5 == 4 ? [.hits, .notes] : nil
            let whole = try GoldenCheck(session: session, scene: scene.makeScene)
            let reference = GoldenDiff(expected: golden, actual: whole.records, topics: topics)
            let stream = try GoldenStreamComparison(url: file, topics: topics)
            let streamed = try GoldenCheck(session: session, scene: scene.makeScene, keepsRecords: false, streaming: stream)
            let diff = try stream.finish()
            #expect(streamed.records.isEmpty, "streaming keeps no records")
            #expect(diff.expectedCount == reference.expectedCount && diff.actualCount == reference.actualCount, "seed \(seed)")
            #expect(diff.groups.map(\.input) == reference.groups.map(\.input), "seed \(seed)")
            #expect(diff.groups.map(\.changes) == reference.groups.map(\.changes), "seed \(seed)")
            if seed == 0 { #expect(diff.isEqual) }
        }
    }

    @Test("a golden whose inputs go back is refused with its line, not compared wrongly")
    func outOfOrder() throws {
        let url = Self.goldens.appendingPathComponent("touch-up-inside.session")
        let session = try SessionLoader.load(contentsOf: url)
        let records = try GoldenFile.read(GoldenFile.url(for: url))
        let file = try scratchDirectory().appendingPathComponent("reversed.golden")
        try GoldenFile.write(records: records.reversed(), to: file, session: "x", header: session.header, inputs: [])
        let stream = try GoldenStreamComparison(url: file)
        let scene = try SessionScene.resolve(for: session, sessionFile: url.path, catalog: SceneCatalog.bundled())
        _ = try GoldenCheck(session: session, scene: scene.makeScene, keepsRecords: false, streaming: stream)
        #expect(throws: GoldenFile.ReadError.self) { try stream.finish() }
        do { _ = try stream.finish() } catch {
            #expect(error.line >= 3, "\(error)")
            #expect(error.message.contains("a golden is written in input order"), "\(error)")
        }
    }

    @Test("CRLF line ends, a missing last newline and blank lines read as the whole-file reader reads them")
    func lineEnds() throws {
        let url = Self.goldens.appendingPathComponent("idle-timer.session")
        let text = try String(contentsOf: GoldenFile.url(for: url), encoding: .utf8)
        let file = try scratchDirectory().appendingPathComponent("crlf.golden")
        let crlf = text.replacingOccurrences(of: "\n", with: "\r\n\r\n")
        try write(String(crlf.dropLast(2)), to: file)  // "\r\n" is one Character
        let session = try SessionLoader.load(contentsOf: url)
        let scene = try SessionScene.resolve(for: session, sessionFile: url.path, catalog: SceneCatalog.bundled())
        let stream = try GoldenStreamComparison(url: file)
        _ = try GoldenCheck(session: session, scene: scene.makeScene, keepsRecords: false, streaming: stream)
        #expect(try stream.finish().isEqual)
    }
}
