import Foundation
import Testing
import TouchKit

@testable import TouchReplay

/// Diffs pair by meaning: an expected and an actual record about the same recognizer, control,
/// view or finger make one "was … now …", wherever each stands in its list.
@Suite("Golden diffs pair by meaning")
struct GoldenDiffPairingTests {
    static func recognizer(_ name: String, to: String, input: Int = 1) -> GoldenRecord {
        GoldenRecord(
            input: input, t: 0.1, kind: "recognizer",
            fields: [("recognizer", .string(name)), ("from", .string("possible")), ("to", .string(to)), ("cause", .string("rule"))])
    }

    static func control(_ name: String, event: String) -> GoldenRecord {
        GoldenRecord(input: 1, t: 0.1, kind: "control", fields: [("control", .string(name)), ("event", .string(event))])
    }

    @Test("two recognizers whose outcomes swapped order pair each with itself, not by position")
    func recognizersPairBySubject() {
        let expected = [Self.recognizer("UITapGestureRecognizer#a", to: "ended"), Self.recognizer("UIPanGestureRecognizer#b", to: "began")]
        let actual = [Self.recognizer("UIPanGestureRecognizer#b", to: "failed"), Self.recognizer("UITapGestureRecognizer#a", to: "failed")]
        let diff = GoldenDiff(expected: expected, actual: actual)
        let changes = diff.groups.flatMap(\.changes)
        #expect(changes.count == 2)
        for change in changes {
            guard case .changed(let was, let now) = change else {
                Issue.record("not paired: \(change.summary)")
                continue
            }
            #expect(GoldenDiff.subject(of: was) == GoldenDiff.subject(of: now), "\(change.summary)")
        }
    }

    @Test("records of one kind with no common subject still pair in order; a record with no partner stays missing")
    func fallsBackToKind() {
        let expected = [Self.control("UIButton#pay", event: "touchUpInside"), Self.control("UIButton#other", event: "touchDown")]
        let actual = [Self.control("UIButton#cancel", event: "touchUpInside")]
        let changes = GoldenDiff(expected: expected, actual: actual).groups.flatMap(\.changes)
        #expect(changes.count == 2)
        if case .changed(let was, _) = changes.first {
            #expect(GoldenDiff.subject(of: was).contains("UIButton#pay"))
        } else {
            Issue.record("\(changes)")
        }
        if case .missing = changes.last {} else { Issue.record("\(changes)") }
    }

    static func note(_ text: String) -> GoldenRecord {
        GoldenRecord(input: 1, t: 0.1, kind: "note", fields: [("text", .string(text))])
    }

    @Test("a record that only moved past others is one moved record, not gone and come back, and not paired with another of its kind")
    func movedRecord() {
        // A tap that no longer cancels the cell: its note comes before the cell's delivery now,
        // and the cell's own note is new.
        let expected = [
            Self.control("UIButton#a", event: "touchDown"), Self.note("keyboard dismissed"), Self.control("UIButton#a", event: "touchCancel"),
        ]
        let actual = [
            Self.note("keyboard dismissed"), Self.control("UIButton#a", event: "touchDown"), Self.control("UIButton#a", event: "touchUpInside"),
            Self.note("row 1 selected"),
        ]
        let changes = GoldenDiff(expected: expected, actual: actual).groups.flatMap(\.changes)
        #expect(changes.contains(.moved(Self.note("keyboard dismissed"))), "\(changes.map(\.summary))")
        #expect(changes.contains(.unexpected(Self.note("row 1 selected"))), "\(changes.map(\.summary))")
        #expect(
            changes.contains(
                .changed(expected: Self.control("UIButton#a", event: "touchCancel"), actual: Self.control("UIButton#a", event: "touchUpInside"))),
            "\(changes.map(\.summary))")
        #expect(changes.count == 3, "\(changes.map(\.summary))")
    }
}
