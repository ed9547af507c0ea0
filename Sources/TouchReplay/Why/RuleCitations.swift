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
        func cite(_ id: String) { if !ids.contains(id) { ids.append(id) } }
        for index in range {
            switch entries[index].event {
            case .gestureState(let recognizer, _, _, let cause):
                if case .preventedBy(let other) = cause, recognizer.hasPrefix("SwiftUI.") || other.hasPrefix("SwiftUI.") {
                    cite("swiftui.prioritized")
                }
                if case .requiredRecognizerRecognized = cause { cite("recognizer.requireToFail") }
                if case .requiredRecognizersFailed = cause { cite("recognizer.requireToFail") }
                if case .rule(.movedPastHysteresis) = cause { cite("pan.hysteresis") }
                if case .rule(.liftedBeforeHysteresis) = cause { cite("pan.hysteresis") }
                if case .rule(.movedTooFar) = cause { cite(recognizer.contains("LongPress") ? "longPress.defaults" : "tap.movementAndTiming") }
            case .controlTracking:
                cite("control.trackingMargin")
            case .scrollDecision(_, _, let decision):
                switch decision {
                case .touchesShouldCancelRefused, .scrollingCancelsContent, .cannotCancelContentTouches: cite("scrollView.touchesShouldCancel")
                default: cite("scrollView.delaysContentTouches")
                }
            case .touchDelayed:
                cite("scrollView.delaysContentTouches")
            case .layer(let event) where event.layer == "swiftui":
                if let era = event.fields.first(where: { $0.name == "era" })?.value {
                    cite(era == "ios17" ? "swiftui.era.ios17" : "swiftui.era.ios18")
                    if era == "ios26" { cite("swiftui.ios26.simultaneousNotWithAncestors") }
                }
            case .layer(let event) where event.layer == "nav":
                cite("nav.popCompletion")
            default:
                continue
            }
        }
        let all = UIKitRules.all + SwiftUIRules.all
        return ids.compactMap { id in all.first { $0.id == id } }
    }

    /// The one line for the rules that are not documented, or nil when every rule is.
    public static func line(_ rules: [TouchRule]) -> String? {
        let soft = rules.filter { $0.provenance != .documented }
        guard !soft.isEmpty else { return nil }
        return "This answer rests on rules not documented by Apple: "
            + soft.map { "\($0.id) (\($0.provenanceLine))" }.joined(separator: "; ") + ". `touchscope rules` says more."
    }
}
