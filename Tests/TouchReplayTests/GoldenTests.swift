import Foundation
import Testing
import TouchKit
import TouchReplay
import TouchReplayTesting
import TouchScenes
import XCTest

@Suite("Golden sessions of the seed scenes")
struct GoldenTests {
    static let sessions = ((try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? [])
        .filter { $0.hasSuffix(".session") }.sorted()

    @Test("there is a golden session for every seed scene")
    func coverage() {
        for name in ["floating-menu", "pulldown-menu", "frame-mask", "puzzle-pieces", "join-delete-cell", "sky-sun-sunspot",
                     "touch-up-inside", "long-press-menu", "draggable-piece", "idle-timer", "responder-actions", "kitchen-sink"] {
            #expect(Self.sessions.contains("\(name).session"), "missing \(name).session")
        }
    }

    @Test("each golden session replays to its golden trace", arguments: sessions)
    func replay(session: String) {
        let name = String(session.dropLast(".session".count))
        assertReplay(session: goldens.appendingPathComponent(session), scene: { try catalog.load(name) })
    }

    @Test("a mismatch fails with the first divergence, context on each side, and the input behind it")
    func mismatchReport() throws {
        let directory = try scratchDirectory()
        let source = goldens.appendingPathComponent("puzzle-pieces.session")
        let copy = directory.appendingPathComponent("puzzle-pieces.session")
        try FileManager.default.copyItem(at: source, to: copy)
        var golden = try String(contentsOf: goldens.appendingPathComponent("puzzle-pieces.session.trace"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let index = try #require(golden.firstIndex { $0.contains("note     piece SE") })
        golden[index] = golden[index].replacingOccurrences(of: "piece SE", with: "piece NW")
        try (golden.joined(separator: "\n") + "\n").write(to: TouchReplayAssertions.goldenURL(for: copy), atomically: true, encoding: .utf8)
        let failure = try #require(TouchReplayAssertions.check(session: copy, scene: { try catalog.load("puzzle-pieces") }))
        #expect(failure.hasPrefix("trace differs at entry \(index + 1)"))
        #expect(failure.contains("  > " + golden[index]))
        #expect(failure.contains("note     piece SE"))
        #expect(failure.contains("input that led to it (session line 5): {\"t\":400000,\"type\":\"input\""))
    }
}

/// The XCTest form of the golden check, for projects that use XCTest.
final class GoldenXCTests: XCTestCase {
    func testFloatingMenuReplaysToItsGolden() {
        XCTAssertReplay(session: goldens.appendingPathComponent("floating-menu.session"), scene: { try catalog.load("floating-menu") })
    }
}
