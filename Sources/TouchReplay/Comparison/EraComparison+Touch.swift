import Foundation
import TouchKit
import TouchScenes
import TouchSwiftUI

extension EraComparison {
    /// What one touch of `session` came to in each era (`why --touch N --eras`): the scene
    /// rebuilt in the era, the session replayed, the touch read as the device comparison reads
    /// it (hits, each recognizer's first and last state, control events); with the window it was
    /// replayed in (whose views and recognizers name what the outcome names).
    public static func touchOutcomes(
        session: Session, scene: LoadedScene, touch number: Int
    ) throws -> [(era: SwiftUIEra, outcome: TouchOutcome, window: UIWindow)] {
        guard let description = scene.sceneDescription else {
            throw Problem(description: "the scene \(scene.name) is a Swift scene (code): its era is written in code, not in the scene")
        }
        let touches = TouchSequence.all(in: session)
        guard touches.indices.contains(number - 1) else {
            throw Problem(description: "the session has \(touches.count) touch\(touches.count == 1 ? "" : "es"); there is no touch \(number)")
        }
        return try eras.map { era in
            let version = description.inEra(era)
            let replayer = try SessionReplayer(session: session, scene: { SceneBuilder.build(version, source: scene.source) })
            replayer.runToEnd()
            var extraction = ModelExtraction(touches: touches)
            extraction.read(replayer.trace.entries)
            return (era, extraction.outcomes[number - 1], replayer.scene.window)
        }
    }

    /// The touch in each era, one block of lines an era; a fact that differs between eras is
    /// marked with `*`.
    public static func touchLines(_ outcomes: [(era: SwiftUIEra, outcome: TouchOutcome, window: UIWindow)]) -> [String] {
        func facts(_ outcome: TouchOutcome) -> [String] {
            outcome.hits.keys.sorted().map { "\(outcome.hits[$0].flatMap { $0 } ?? "no view") got finger \($0)" }
                + outcome.recognizerOrder.map { "\($0): \(TouchOutcome.describe(outcome.recognizers[$0]))" }
                + outcome.controls.map { "control: \($0)" }
        }
        let all = outcomes.map { facts($0.outcome) }
        var lines: [String] = []
        for (index, item) in outcomes.enumerated() {
            lines.append("\(item.era):")
            for fact in all[index] {
                let everywhere = all.allSatisfy { $0.contains(fact) }
                lines.append((everywhere ? "    " : "  * ") + TerminalText.line(fact))
            }
            if all[index].isEmpty { lines.append("    nothing heard this touch") }
        }
        let same = all.dropFirst().allSatisfy { Set($0) == Set(all[0]) }
        return lines + [same ? "The same in every era." : "* differs between eras."]
    }
}
