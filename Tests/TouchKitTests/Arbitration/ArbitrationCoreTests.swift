import Foundation
import Testing

@testable import TouchKit

/// Participants that are names and relations that are tables: arbitration without views,
/// touches, a clock or a simulator.
struct FakeRelations: ArbitrationRelations {
    var states: [String: UIGestureRecognizer.State] = [:]
    var waiting: Set<String> = []
    /// Pairs sharing a touch (both orders are checked).
    var sharing: Set<[String]> = []
    var simultaneous: Set<[String]> = []
    /// `[a, b]`: a requires b to fail.
    var requirements: Set<[String]> = []
    /// `[a, b]`: a may not prevent b.
    var unpreventable: Set<[String]> = []

    func isSame(_ a: String, _ b: String) -> Bool { a == b }
    func state(of participant: String) -> UIGestureRecognizer.State { states[participant] ?? .possible }
    func isWaiting(_ participant: String) -> Bool { waiting.contains(participant) }
    func name(of participant: String) -> String { participant }
    func sharesTouch(_ a: String, _ b: String) -> Bool { sharing.contains([a, b]) || sharing.contains([b, a]) }
    func canRecognizeSimultaneously(_ a: String, _ b: String) -> Bool { simultaneous.contains([a, b]) || simultaneous.contains([b, a]) }
    func requiresFailure(_ a: String, of b: String) -> Bool { requirements.contains([a, b]) }
    func mayPrevent(_ a: String, _ b: String) -> Bool { !unpreventable.contains([a, b]) }
}

@Suite("Arbitration core, with fake participants")
struct ArbitrationCoreTests {
    func core(_ relations: FakeRelations, _ active: [String]) -> ArbitrationCore<FakeRelations> {
        ArbitrationCore(relations: relations, active: active)
    }

    /// The actions a core collected, naming their participants from its `active` list.
    func describe(_ actions: [ArbitrationCore<FakeRelations>.Action], in active: [String]) -> [String] {
        actions.map { "\($0.change == .fail ? "fail" : "cancel") \(active[$0.index]): \($0.cause.kind)" }
    }

    @Test("UIKit rule: a recognizer already recognizing on a shared touch blocks one that wants to begin")
    func blocked() {
        var relations = FakeRelations(states: ["pan": .changed])
        relations.sharing = [["pan", "swipe"]]
        #expect(core(relations, ["pan", "swipe"]).beginDecision(for: "swipe") == .fail(.blockedBy("pan")))
    }

    @Test("no block without a shared touch, when simultaneous, or when prevention is refused on either side")
    func notBlocked() {
        for variant in 0..<3 {
            var relations = FakeRelations(states: ["pan": .began])
            if variant != 0 { relations.sharing = [["pan", "swipe"]] }
            if variant == 1 { relations.simultaneous = [["swipe", "pan"]] }
            if variant == 2 { relations.unpreventable = [["pan", "swipe"]] }
            #expect(core(relations, ["pan", "swipe"]).beginDecision(for: "swipe") == .proceed, "variant \(variant)")
        }
    }

    @Test("UIKit rule: require(toFail:) holds a recognizer while its requirement is possible and fails it once that recognizes")
    func requirements() {
        var relations = FakeRelations(requirements: [["single", "double"]])
        #expect(core(relations, ["single", "double"]).beginDecision(for: "single") == .wait(for: "double"))
        relations.states["double"] = .ended
        #expect(core(relations, ["single", "double"]).beginDecision(for: "single") == .fail(.requiredRecognizerRecognized("double")))
        relations.states["double"] = .failed
        #expect(core(relations, ["single", "double"]).beginDecision(for: "single") == .proceed, "the requirement failed: it proceeds")
    }

    @Test("recognizing stops rivals on shared touches: possible ones fail, recognizing ones are cancelled; waiting and simultaneous ones stay")
    func rivals() {
        var relations = FakeRelations(states: ["winner": .began, "active": .changed, "other": .possible])
        relations.sharing = [["winner", "active"], ["winner", "other"], ["winner", "waiter"], ["winner", "friend"]]
        relations.requirements = [["waiter", "winner"]]
        relations.simultaneous = [["friend", "winner"]]
        let active = ["winner", "active", "other", "waiter", "friend", "elsewhere"]
        let actions = core(relations, active).recognitionActions("winner")
        #expect(describe(actions.rivals, in: active) == ["cancel active: preventedBy", "fail other: preventedBy"])
        #expect(describe(actions.dependents, in: active) == ["fail waiter: requiredRecognizerRecognized"])
    }

    @Test("a recognizer that requires the winner to fail fails even on another touch; one already recognizing does not")
    func dependentsOnOtherTouches() {
        var relations = FakeRelations(states: ["winner": .began, "busy": .changed])
        relations.requirements = [["far", "winner"], ["busy", "winner"]]
        let actions = core(relations, ["far", "winner", "busy"]).recognitionActions("winner")
        #expect(actions.rivals.isEmpty)
        #expect(describe(actions.dependents, in: ["far", "winner", "busy"]) == ["fail far: requiredRecognizerRecognized"])
    }

    @Test("one recognition asks each participant once whether it requires the winner to fail (UIKit: once per attempt)")
    func requirementAskedOnce() {
        final class Questions: @unchecked Sendable { var asked: [[String]] = [] }
        struct Counting: ArbitrationRelations {
            var base: FakeRelations
            let questions: Questions
            func isSame(_ a: String, _ b: String) -> Bool { a == b }
            func state(of participant: String) -> UIGestureRecognizer.State { base.state(of: participant) }
            func isWaiting(_ participant: String) -> Bool { base.isWaiting(participant) }
            func name(of participant: String) -> String { participant }
            func sharesTouch(_ a: String, _ b: String) -> Bool { base.sharesTouch(a, b) }
            func canRecognizeSimultaneously(_ a: String, _ b: String) -> Bool { base.canRecognizeSimultaneously(a, b) }
            func requiresFailure(_ a: String, of b: String) -> Bool {
                questions.asked.append([a, b])
                return base.requiresFailure(a, of: b)
            }
            func mayPrevent(_ a: String, _ b: String) -> Bool { base.mayPrevent(a, b) }
        }
        var relations = FakeRelations(states: ["winner": .began])
        relations.sharing = [["winner", "rival"], ["winner", "waiter"]]
        relations.requirements = [["waiter", "winner"], ["far", "winner"]]
        let questions = Questions()
        let counting = Counting(base: relations, questions: questions)
        let actions = ArbitrationCore(relations: counting, active: ["winner", "rival", "waiter", "far"]).recognitionActions("winner")
        #expect(questions.asked == [["rival", "winner"], ["waiter", "winner"], ["far", "winner"]])
        #expect(actions.rivals.count == 1 && actions.dependents.count == 2)
    }

    @Test("a failure releases a waiting dependent only when every requirement has failed")
    func release() {
        var relations = FakeRelations(states: ["a": .failed, "b": .possible], waiting: ["single"])
        relations.requirements = [["single", "a"], ["single", "b"]]
        #expect(!core(relations, ["single", "a", "b"]).isReleased("single", by: "a"))
        relations.states["b"] = .failed
        #expect(core(relations, ["single", "a", "b"]).isReleased("single", by: "b"))
        relations.waiting = []
        #expect(!core(relations, ["single", "a", "b"]).isReleased("single", by: "b"), "not waiting: nothing to release")
    }

    @Test("impossible inputs: a participant requiring itself, duplicates, unknown names, empty sets")
    func impossible() {
        var relations = FakeRelations(requirements: [["loop", "loop"]])
        relations.sharing = [["loop", "loop"]]
        // A recognizer is never its own requirement, rival or blocker.
        #expect(core(relations, ["loop", "loop"]).beginDecision(for: "loop") == .proceed, "a self-requirement neither holds nor fails it")
        #expect(core(relations, ["loop"]).recognitionActions("loop").rivals.isEmpty)
        #expect(core(relations, ["loop"]).recognitionActions("loop").dependents.isEmpty)
        #expect(core(relations, []).recognitionActions("ghost").rivals.isEmpty)
        #expect(core(relations, []).recognitionActions("ghost").dependents.isEmpty)
        // Two that require each other, both possible: each waits for the other (the environment's
        // failure of either releases the other); neither is failed by the core.
        relations = FakeRelations(requirements: [["x", "y"], ["y", "x"]])
        #expect(core(relations, ["x", "y"]).beginDecision(for: "x") == .wait(for: "y"))
        #expect(core(relations, ["x", "y"]).beginDecision(for: "y") == .wait(for: "x"))
        // A rival in a final state is never stopped again.
        relations = FakeRelations(states: ["w": .ended, "done": .failed, "gone": .cancelled])
        relations.sharing = [["w", "done"], ["w", "gone"]]
        #expect(core(relations, ["w", "done", "gone"]).recognitionActions("w").rivals.isEmpty)
    }
}
