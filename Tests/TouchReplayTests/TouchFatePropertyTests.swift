import Foundation
import Testing
import TouchKit
import TouchReplay

/// The explanation against the trace, on generated scenes and streams: every state change of a
/// recognizer that saw a touch appears in that touch's answer, in order, and the answer names no
/// change the trace lacks.
@Suite("The fate of a touch agrees with the trace")
struct TouchFatePropertyTests {
    struct Change: Equatable {
        var micros: Int64
        var from: UIGestureRecognizer.State
        var to: UIGestureRecognizer.State
        var cause: TransitionCause
    }

    /// The oracle, from the raw entries: for each recognizer bound to the finger's touch, its
    /// changes from the binding until a reset once it has left `possible` or the finger is up.
    static func expected(_ entries: [TraceEntry], finger: Int) -> [String: [Change]] {
        guard let start = entries.firstIndex(where: { if case .input(finger, .began, _, _) = $0.event { true } else { false } }) else {
            return [:]
        }
        var result: [String: [Change]] = [:]
        var open: Set<String> = []
        var lifted = false
        for entry in entries[(start + 1)...] {
            switch entry.event {
            case .input(finger, .began, _, _):
                return result
            case .input(let f, let phase, _, _):
                if f == finger && (phase == .ended || phase == .cancelled) { lifted = true }
                if lifted && open.isEmpty { return result }
            case .gestureBound(let name, finger):
                open.insert(name)
                result[name, default: []] += []
            case .gestureState(let name, let from, let to, let cause) where open.contains(name):
                result[name, default: []].append(Change(micros: entry.micros, from: from, to: to, cause: cause))
            case .gestureReset(let name) where open.contains(name):
                let left = result[name]?.last.map { $0.to != .possible } ?? false
                if lifted || left { open.remove(name) }
            default:
                break
            }
        }
        return result
    }

    @Test("generated scenarios: every transition is in the answer and none is invented")
    func agrees() throws {
        var compared = 0
        for seed in UInt64(1)...40 { compared += try check(seed: seed) }
        #expect(compared > 100, "the generated scenarios exercised \(compared) transitions")
    }

    /// Compares every finger's answer with the oracle; returns how many transitions it compared.
    func check(seed: UInt64) throws -> Int {
        let (session, makeScene) = GeneratedScenario.scenario(seed: seed)
        let replayer = try SessionReplayer(session: session, scene: makeScene)
        replayer.run(until: session.duration)
        let entries = Array(replayer.trace.entries)
        var fingers: [Int] = []
        for entry in entries {
            if case .input(let finger, .began, _, _) = entry.event, !fingers.contains(finger) { fingers.append(finger) }
        }
        var compared = 0
        for finger in fingers {
            let fate = TouchFate(entries: entries, finger: finger)
            let oracle = Self.expected(entries, finger: finger)
            let bound = fate.recognizers.filter(\.sawTouch)
            #expect(Set(bound.map(\.name)) == Set(oracle.keys), "seed \(seed) finger \(finger)")
            for part in bound {
                let answered = part.changes.map { Change(micros: $0.micros, from: $0.from, to: $0.to, cause: $0.cause) }
                #expect(answered == oracle[part.name], "seed \(seed) finger \(finger) \(part.name)")
                compared += answered.count
            }
        }
        return compared
    }
}
