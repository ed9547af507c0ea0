import Foundation
import TouchKit
import TouchScenes
import TouchSwiftUI

/// The rules an explanation rests on, read from the trace entries of the touch it explains, so
/// that an answer says in one line when it rests on a rule that is inferred or an approximation
/// (`TouchRule.Provenance`): a SwiftUI relation reconstructed from OpenSwiftUI, the pan's 10 pt
/// hysteresis, the control's 70 pt margin.
public enum RuleCitations {
    /// The rules the entries at `range` used, in the order first met, each once.
    public static func rules(in entries: TraceEntries, range: Range<Int>) -> [TouchRule] {
        var ids: [String] = []
        for index in range {
            for id in ruleIDs(for: entries[index].event) where !ids.contains(id) { ids.append(id) }
        }
        return ids.compactMap { id in all.first { $0.id == id } }
    }

    /// Every rule of the model (`touchscope rules`).
    static let all = UIKitRules.all + SwiftUIRules.all

    /// The rules one trace entry's decision rests on (none for an entry that decides nothing).
    public static func rules(for event: TraceEvent) -> [TouchRule] {
        ruleIDs(for: event).compactMap { id in all.first { $0.id == id } }
    }

    /// The ids of the rules one trace entry's decision rests on.
    static func ruleIDs(for event: TraceEvent) -> [String] {
        switch event {
        case .gestureState(let recognizer, _, _, let cause):
            var ids: [String] = []
            if case .preventedBy(let other) = cause, recognizer.hasPrefix("SwiftUI.") || other.hasPrefix("SwiftUI.") {
                ids.append("swiftui.prioritized")
            }
            if case .requiredRecognizerRecognized = cause { ids.append("recognizer.requireToFail") }
            if case .requiredRecognizersFailed = cause { ids.append("recognizer.requireToFail") }
            if case .rule(.movedPastHysteresis) = cause { ids.append("pan.hysteresis") }
            if case .rule(.liftedBeforeHysteresis) = cause { ids.append("pan.hysteresis") }
            if case .rule(.movedTooFar) = cause { ids.append(recognizer.contains("LongPress") ? "longPress.defaults" : "tap.movementAndTiming") }
            return ids
        case .controlTracking:
            return ["control.trackingMargin"]
        case .scrollDecision(_, _, let decision):
            switch decision {
            case .touchesShouldCancelRefused, .scrollingCancelsContent, .cannotCancelContentTouches: return ["scrollView.touchesShouldCancel"]
            default: return ["scrollView.delaysContentTouches"]
            }
        case .touchDelayed:
            return ["scrollView.delaysContentTouches"]
        case .layer(let event) where event.layer == .swiftUI:
            guard let era = event.fields.first(where: { $0.name == "era" })?.value else { return [] }
            return [era == "ios17" ? "swiftui.era.ios17" : "swiftui.era.ios18"]
                + (era == "ios26" ? ["swiftui.ios26.simultaneousNotWithAncestors"] : [])
        case .layer(let event) where event.layer == .scene:
            return event.fields.filter { $0.name == "rule" }.map(\.value)
        case .layer(let event) where event.layer == .navigation:
            return ["nav.popCompletion"]
        default:
            return []
        }
    }

    /// The one line for the rules that are not documented, or nil when every rule is.
    public static func line(_ rules: [TouchRule]) -> String? {
        let soft = rules.filter { $0.provenance != .documented }
        guard !soft.isEmpty else { return nil }
        return "This answer rests on rules not documented by Apple: "
            + soft.map { "\($0.id) (\($0.provenanceLine))" }.joined(separator: "; ") + ". `touchscope rules` says more."
    }
}
