import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchReplayTesting
import TouchScenes
import TouchTestSupport
import XCTest

@Suite("Golden sessions of the seed scenes")
struct GoldenTests {
    static let sessions = ((try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? [])
        .filter { $0.hasSuffix(".session") }.sorted()

    @Test("there is a golden session for every seed scene")
    func coverage() {
        for name in [
            "floating-menu", "pulldown-menu", "frame-mask", "puzzle-pieces", "join-delete-cell", "sky-sun-sunspot",
            "touch-up-inside", "long-press-menu", "draggable-piece", "idle-timer", "responder-actions", "kitchen-sink",
        ] {
            #expect(Self.sessions.contains("\(name).session"), "missing \(name).session")
        }
    }

    @Test("each golden session replays to its golden trace", arguments: sessions)
    func replay(session: String) {
        let name = String(session.dropLast(".session".count))
        assertReplay(session: goldens.appendingPathComponent(session), scene: { try catalog.load(name) })
    }

    @Test("two changed behaviours are both reported, each under the input that led to it, expected beside actual")
    func everyDivergence() throws {
        let directory = try scratchDirectory()
        let copy = directory.appendingPathComponent("puzzle-pieces.session")
        try FileManager.default.copyItem(at: goldens.appendingPathComponent("puzzle-pieces.session"), to: copy)
        var lines = try String(contentsOf: goldens.appendingPathComponent("puzzle-pieces.session.golden"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let notes = lines.indices.filter { lines[$0].contains("\"kind\":\"note\"") }
        #expect(notes.count >= 2)
        lines[notes[0]] = lines[notes[0]].replacingOccurrences(of: "piece ", with: "piece X")
        lines.remove(at: notes[notes.count - 1])
        try (lines.joined(separator: "\n") + "\n").write(to: TouchReplayAssertions.goldenURL(for: copy), atomically: true, encoding: .utf8)
        let failure = try #require(TouchReplayAssertions.check(session: copy, scene: { try catalog.load("puzzle-pieces") }))
        #expect(failure.hasPrefix("the replay differs from the golden in 2 inputs (2 records"), "\(failure)")
        #expect(failure.contains("  - expected "))
        #expect(failure.contains("  + got      "))
        #expect(failure.contains("(session line "), "\(failure)")
        // Comparing only hits, the same golden passes: notes are not compared.
        #expect(TouchReplayAssertions.check(session: copy, scene: { try catalog.load("puzzle-pieces") }, only: [.hits]) == nil)
    }

    @Test("a golden compares kinds, names and states, never wording: a rule's text and numbers are not in it")
    func notWording() throws {
        let session = try SessionLoader.load(contentsOf: goldens.appendingPathComponent("kitchen-sink.session"))
        let check = try GoldenCheck(session: session, scene: { try catalog.load("kitchen-sink") })
        let texts = Set(
            check.replayer.trace.entries.compactMap { entry -> String? in
                if case .gestureState(_, _, _, let cause) = entry.event { return cause.description }
                return nil
            })
        #expect(!texts.isEmpty)
        for record in check.records {
            for (_, value) in record.fields {
                if case .string(let text) = value.kind { #expect(!texts.contains(text) || text.count < 12, "\(record)") }
            }
        }
        let states = check.records.filter { $0.kind == "recognizer" }
        #expect(!states.isEmpty)
        #expect(states.allSatisfy { $0.fields.map(\.0).starts(with: ["recognizer", "from", "to", "cause"]) })
    }

    @Test("record: .missing writes a golden once, then compares")
    func recordMissing() throws {
        let directory = try scratchDirectory()
        let copy = directory.appendingPathComponent("frame-mask.session")
        try FileManager.default.copyItem(at: goldens.appendingPathComponent("frame-mask.session"), to: copy)
        let first = TouchReplayAssertions.check(session: copy, scene: { try catalog.load("frame-mask") }, record: .missing)
        #expect(first?.hasPrefix("recorded frame-mask.session.golden") == true)
        #expect(TouchReplayAssertions.check(session: copy, scene: { try catalog.load("frame-mask") }, record: .missing) == nil)
        #expect(TouchReplayAssertions.check(session: copy, scene: { try catalog.load("frame-mask") }) == nil)
    }
}

/// The XCTest form of the golden check, for projects that use XCTest.
final class GoldenXCTests: XCTestCase {
    func testFloatingMenuReplaysToItsGolden() {
        XCTAssertReplay(session: goldens.appendingPathComponent("floating-menu.session"), scene: { try catalog.load("floating-menu") })
    }
}
