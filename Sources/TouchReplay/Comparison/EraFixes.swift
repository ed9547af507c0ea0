import Foundation
import TouchKit
import TouchScenes
import TouchSwiftUI

/// A fix that holds in every era (`replay --eras`): a change to the scene whose re-run, in each
/// of ios17, ios18 and ios26, gives the outcomes the session has in the scene's own era (what
/// was recorded). Each candidate is applied to a copy of the scene and the session replayed
/// once an era; a candidate that misses in any era is not shown.
///
/// Candidates: the pass-through code that holds in every era (the layer test in place of a
/// comparison with the root view or the hosting view, `passThroughOnNamedLayer`), and the
/// SwiftUI gesture changes `why` proves (the modifier, the mask, the thresholds) for each gesture
/// the first differing touch names.
public enum EraFixes {
    /// A fix, with the eras it was re-run in.
    public struct Fix: Sendable {
        /// The change, in the words of the code people write.
        public let change: String
        /// The eras whose re-run gave the reference outcomes (every era).
        public let eras: [SwiftUIEra]
        /// The scene with the change applied.
        public let scene: SceneDescription
    }

    /// Most candidates tried (each is one replay an era); TouchScope's choice.
    public static let maximumCandidates = 24

    /// The fixes for `session` on `scene`, whose outcomes in `reference` (the scene's era) are
    /// what every era should give; `labels` are the SwiftUI gestures the differing touch names.
    public static func find(session: Session, scene: SceneDescription, reference: SwiftUIEra, labels: [String]) throws -> [Fix] {
        let expected = try outcomes(session, scene, in: reference)
        var fixes: [Fix] = []
        var tried: Set<String> = []
        for candidate in candidates(scene: scene, labels: labels) where tried.insert(candidate.change).inserted {
            guard tried.count <= maximumCandidates else { break }
            var changed = scene
            guard candidate.apply(&changed), changed != scene else { continue }
            let holds = try EraComparison.eras.allSatisfy { era in try outcomes(session, changed, in: era) == expected }
            if holds { fixes.append(Fix(change: candidate.change, eras: EraComparison.eras, scene: changed)) }
        }
        return fixes
    }

    /// The fixes for the differences `steps` found (nil when every era gave the same outcomes),
    /// judged against the scene's own era, with the gestures the first differing touches name.
    public static func find(session: Session, scene: SceneDescription, steps: [EraComparison.Step]) throws -> [Fix]? {
        guard steps.contains(where: { $0.firstInput != nil }) else { return nil }
        var labels: [String] = []
        for label in steps.flatMap(\.labels) where !labels.contains(label) { labels.append(label) }
        return try find(session: session, scene: scene, reference: scene.swiftUIEra, labels: labels)
    }

    /// What the user sees of `session` on `scene` in `era`: the era comparison's outcomes,
    /// without the scene's own pass-through decisions (which name the answer app code saw, not
    /// what happened on screen).
    static func outcomes(_ session: Session, _ scene: SceneDescription, in era: SwiftUIEra) throws -> [GoldenRecord] {
        let version = scene.inEra(era)
        return try SceneSubstitution.outcomes(session, { SceneBuilder.build(version, source: .embedded(contentHash: "era-fix")) })
            .compactMap(EraComparison.userVisible)
            .filter { record in
                !(record.kind == "layer"
                    && record.fields.contains { key, value in key == "layer" && value.kind == .string(LayerName.scene.rawValue) })
            }
    }

    static func candidates(scene: SceneDescription, labels: [String]) -> [ProvenFixes.Candidate] {
        var candidates = passThroughCandidates(scene)
        for label in labels {
            candidates += ProvenFixes.swiftUICandidates(label: label, scene: scene, competitors: labels.filter { $0 != label }, window: [])
        }
        return candidates
    }

    /// Each pass-through that compares the hit with a view, replaced by the layer test on that
    /// view (the workaround of WindowKit#11 and SwiftMessages#582, rule
    /// `swiftui.hostingView.layerName`).
    static func passThroughCandidates(_ scene: SceneDescription) -> [ProvenFixes.Candidate] {
        var candidates: [ProvenFixes.Candidate] = []
        for (index, window) in scene.windows.enumerated() {
            for case .passThroughWhenHit(let references) in window.behaviours {
                guard let reference = references.first else { continue }
                candidates.append(
                    ProvenFixes.Candidate(
                        change:
                            "\(window.id).hitTest: return nil where \(codeName(reference)).layer.hitTest(point)?.name != nil, instead of comparing the hit with \(codeName(reference)) (scene: passThroughOnNamedLayer)",
                        apply: { scene in
                            scene.windows[index].behaviours = scene.windows[index].behaviours.map { replaced($0, reference) }
                            return true
                        }))
            }
        }
        for view in scene.allViews {
            guard let id = view.id else { continue }
            for case .passThroughWhenHit(let references) in view.behaviours {
                guard let reference = references.first else { continue }
                let target = reference == "self" ? id : reference
                candidates.append(
                    ProvenFixes.Candidate(
                        change:
                            "\(id).hitTest: return nil where \(codeName(target)).layer.hitTest(point)?.name != nil, instead of comparing the hit with \(codeName(reference)) (scene: passThroughOnNamedLayer)",
                        apply: { scene in
                            scene.editView(id) { $0.behaviours = $0.behaviours.map { replaced($0, target) } }
                        }))
            }
        }
        return candidates
    }

    private static func replaced(_ behaviour: Behaviour, _ reference: String) -> Behaviour {
        if case .passThroughWhenHit = behaviour { return .passThroughOnNamedLayer(reference) }
        return behaviour
    }

    private static func codeName(_ reference: String) -> String {
        reference == "root" ? "rootViewController.view" : reference
    }

    /// The SwiftUI gesture labels (ids) the records name: a SwiftUI layer entry's gesture, read
    /// from its owner in the trace (goldens keep only what a user sees, so the records are those
    /// of the replays' traces).
    static func labels(in entries: [TraceEntry]) -> [String] {
        var labels: [String] = []
        for entry in entries {
            guard case .layer(let event) = entry.event, let label = event.owner?.gesture, !labels.contains(label) else { continue }
            labels.append(label)
        }
        return labels
    }
}
