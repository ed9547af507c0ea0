import Foundation
import TouchKit

/// Reasons in the few words a label on the scene has room for; the panel and the inspector
/// give the full sentence.
enum ShortReason {
    static func of(_ reason: HitTestSkipReason) -> String {
        switch reason {
        case .hidden: "hidden"
        case .transparent: "alpha < 0.01"
        case .interactionDisabled: "interaction off"
        case .disabledControl: "disabled control"
        case .outside: "point outside"
        case .pointInsideOverride: "point(inside:) said no"
        case .hitTestOverride: "hitTest override: nil"
        case .nonInvertibleTransform: "transform scale 0"
        case .layerView: "gesture container"
        }
    }

    static func of(_ verdict: HitVerdict) -> String {
        switch verdict {
        case .hit: "hit"
        case .passesToSubview(let view): "passes to \(shortName(view))"
        case .skipped(let reason): of(reason)
        case .superviewSkipped(let superview, let reason): "\(shortName(superview)): \(of(reason))"
        case .outsideSuperview(let superview): "outside \(shortName(superview))"
        case .superviewPointInsideRefused(let superview): "\(shortName(superview)) point(inside:) said no"
        case .pointInsideRefused: "point(inside:) said no"
        case .covered(let by, _): "covered by \(shortName(by))"
        case .hitTestOverride(let view, let answered): "\(shortName(view)).hitTest chose \(answered.map(shortName) ?? "nil")"
        }
    }

    /// `UIView#menu` as `#menu`, a name without an id whole: on the scene the class is noise.
    static func shortName(_ name: String) -> String {
        if let hash = name.firstIndex(of: "#"), hash != name.startIndex { return String(name[hash...]) }
        return name
    }
}
