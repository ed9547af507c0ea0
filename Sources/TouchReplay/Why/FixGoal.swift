import Foundation
import TouchKit

/// What the user wanted from a touch, which a proven fix must achieve on a re-run.
///
/// `why --goal` states one in a small syntax (`FixGoal.parse`): `recognizes=ID`,
/// `not-recognizes=ID`, `gets-touch=ID`, `fires=ID.EVENT`, `not-fires=ID.EVENT`,
/// `down-feedback=ID`, `scrolls=ID`, `not-scrolls=ID`.
public enum FixGoal: Equatable, Sendable {
    /// The recognizer (its trace name) recognizes: begins, or ends recognized.
    case recognizes(recognizer: String)
    /// The recognizer neither begins nor recognizes.
    case doesNotRecognize(recognizer: String)
    /// The view (its trace name) gets the finger's whole touch: `touchesEnded`, not cancelled.
    case viewGetsTouch(view: String, finger: Int)
    /// The control (its trace name) sends the control event (`touchUpInside`, …).
    case controlFires(control: String, event: UIControl.Event)
    /// The control does not send the control event ("touchUpInside should not fire when I lift
    /// 40 pt outside").
    case controlDoesNotFire(control: String, event: UIControl.Event)
    /// The view hears the touch when the finger goes down: `touchesBegan` (a control's
    /// `touchDown`) within 10 ms, not held back by a scroll view or a recognizer.
    case feedbackAtTouchDown(view: String)
    /// The scroll view (its trace name) scrolls.
    case scrolls(view: String)
    /// The scroll view does not scroll.
    case doesNotScroll(view: String)
    /// The scroll view comes to rest on a page (its offset a multiple of its bounds, `width` by
    /// `height`) after the touch: what `isPagingEnabled` gives.
    case settlesOnPage(view: String, width: Double, height: Double)
    /// The SwiftUI gesture labelled so (its attachment's name or gesture's id) becomes active or
    /// ends: how a gesture fires before the iOS 18 SDK, where it has no recognizer of its own.
    case swiftUIGestureFires(label: String)

    /// How soon "at touch-down" is, in microseconds (a held `touchesBegan` comes 150 ms later).
    static let touchDownTolerance: Int64 = 10_000

    /// When the goal is met in `entries` (the first entry at or after `from` that meets it; for a
    /// goal that something does not happen, `until` when it did not), or nil.
    public func met(in entries: some Sequence<TraceEntry>, from: Int64, until: Int64) -> Int64? {
        var cancelled = false
        var activeSince: Int64?
        var lastOffset: (micros: Int64, x: Double, y: Double)?
        for entry in entries where entry.micros >= from && entry.micros <= until {
            switch (self, entry.event) {
            case (.recognizes(let name), .gestureState(let recognizer, _, let to, _)) where recognizer == name && (to == .began || to == .ended):
                return entry.micros
            case (.doesNotRecognize(let name), .gestureState(let recognizer, _, let to, _))
            where recognizer == name && (to == .began || to == .ended):
                return nil
            case (.viewGetsTouch(let view, let finger), .deliver(let method, let responder, let fingers))
            where responder == view && fingers.ids.contains(finger):
                if method == .touchesCancelled { cancelled = true }
                if method == .touchesEnded && !cancelled { return entry.micros }
            case (.controlFires(let control, let event), .controlEvent(let sender, let sent)) where sender == control && sent == event:
                return entry.micros
            case (.controlDoesNotFire(let control, let event), .controlEvent(let sender, let sent)) where sender == control && sent == event:
                return nil
            case (.feedbackAtTouchDown(let view), .deliver(.touchesBegan, let responder, _)) where responder == view:
                return entry.micros - from <= Self.touchDownTolerance ? entry.micros : nil
            case (.feedbackAtTouchDown(let view), .controlEvent(let sender, .touchDown)) where sender == view:
                return entry.micros - from <= Self.touchDownTolerance ? entry.micros : nil
            case (.scrolls(let view), .scrollOffset(let scrolled, _, _)) where scrolled == view:
                return entry.micros
            case (.doesNotScroll(let view), .scrollOffset(let scrolled, _, _)) where scrolled == view:
                return nil
            case (.settlesOnPage(let view, _, _), .scrollOffset(let scrolled, let x, let y)) where scrolled == view:
                lastOffset = (entry.micros, x, y)
            case (.swiftUIGestureFires(let label), .layer(let event)) where event.layer == .swiftUI && event.kind == "rowSelected":
                // A List row's selection runs its Buttons of the automatic style: each of them fires.
                if ListRowSelection.buttons(in: event, running: label) != nil { return entry.micros }
            case (.swiftUIGestureFires(let label), .layer(let event)) where event.layer == .swiftUI && event.owner?.gesture == label:
                // Ended, or active and never failed after (a drag cancelled mid-way did not fire).
                switch event.kind {
                case "ended": return activeSince ?? entry.micros
                case "active": activeSince = activeSince ?? entry.micros
                case "failed": activeSince = nil
                default: break
                }
            default:
                continue
            }
        }
        switch self {
        case .doesNotRecognize, .controlDoesNotFire, .doesNotScroll: return until
        case .settlesOnPage(_, let width, let height):
            // Where the content came to rest: a multiple of the page along each axis.
            guard let last = lastOffset else { return nil }
            func onPage(_ value: Double, _ page: Double) -> Bool { page <= 0 || abs(value / page - (value / page).rounded()) < 0.001 }
            return onPage(last.x, width) && onPage(last.y, height) ? last.micros : nil
        default: return activeSince
        }
    }

    /// Whether the touch between `from` and `until` concerns the goal's subject: the recognizer
    /// heard it, it went to the view or control, it began in the scroll view (a goal is asked of
    /// the touches it is about).
    public func concerns(_ entries: some Sequence<TraceEntry>, from: Int64, until: Int64) -> Bool {
        for entry in entries where entry.micros >= from && entry.micros <= until {
            switch (self, entry.event) {
            case (.recognizes(let name), .gestureBound(let recognizer, _)), (.doesNotRecognize(let name), .gestureBound(let recognizer, _)):
                if recognizer == name { return true }
            case (.viewGetsTouch(let view, _), .hitResult(_, let hit?)), (.feedbackAtTouchDown(let view), .hitResult(_, let hit?)),
                (.controlFires(let view, _), .hitResult(_, let hit?)), (.controlDoesNotFire(let view, _), .hitResult(_, let hit?)):
                if hit == view { return true }
            case (.controlFires(let control, _), .controlEvent(let sender, _)), (.controlDoesNotFire(let control, _), .controlEvent(let sender, _)):
                if sender == control { return true }
            case (.scrolls(let view), .gestureBound(let recognizer, _)), (.doesNotScroll(let view), .gestureBound(let recognizer, _)):
                if recognizer.hasSuffix("@" + view) { return true }
            case (.scrolls(let view), .scrollOffset(let scrolled, _, _)), (.doesNotScroll(let view), .scrollOffset(let scrolled, _, _)),
                (.settlesOnPage(let view, _, _), .scrollOffset(let scrolled, _, _)):
                if scrolled == view { return true }
            case (.swiftUIGestureFires, _):
                return true
            default:
                continue
            }
        }
        return false
    }

    /// The goal in words: `#dismissSwipe recognizes`, `UIButton#pay gets the whole touch`.
    public var text: String {
        switch self {
        case .recognizes(let name): "\(name) recognizes"
        case .doesNotRecognize(let name): "\(name) does not recognize"
        case .viewGetsTouch(let view, let finger): "\(view) gets finger \(finger)'s whole touch"
        case .controlFires(let control, let event): "\(control) fires \(event)"
        case .controlDoesNotFire(let control, let event): "\(control) does not fire \(event)"
        case .feedbackAtTouchDown(let view): "\(view) hears the touch when the finger goes down"
        case .scrolls(let view): "\(view) scrolls"
        case .doesNotScroll(let view): "\(view) does not scroll"
        case .settlesOnPage(let view, _, _): "\(view) comes to rest on a page"
        case .swiftUIGestureFires(let label): "#\(label) fires"
        }
    }

    /// Whether the goal is that something does not happen (met when it did not, through the touch).
    public var isNegative: Bool {
        switch self {
        case .doesNotRecognize, .controlDoesNotFire, .doesNotScroll: true
        default: false
        }
    }

    /// The goal as `--goal` spells it (`fires=pay.touchUpInside`), with trace names.
    public var spelling: String {
        switch self {
        case .recognizes(let name): "recognizes=\(name)"
        case .doesNotRecognize(let name): "not-recognizes=\(name)"
        case .viewGetsTouch(let view, _): "gets-touch=\(view)"
        case .controlFires(let control, let event): "fires=\(control).\(event)"
        case .controlDoesNotFire(let control, let event): "not-fires=\(control).\(event)"
        case .feedbackAtTouchDown(let view): "down-feedback=\(view)"
        case .scrolls(let view): "scrolls=\(view)"
        case .doesNotScroll(let view): "not-scrolls=\(view)"
        case .settlesOnPage(let view, _, _): "pages=\(view)"
        case .swiftUIGestureFires(let label): "swiftui-fires=\(label)"
        }
    }
}

extension FixGoal {
    /// Whether the goal can be judged the same way in every era: it names UIKit's views and
    /// recognizers, or a SwiftUI gesture by its label, not a recognizer or container only the
    /// iOS 18 SDK makes.
    public var isJudgeableInEveryEra: Bool {
        switch self {
        case .recognizes(let name), .doesNotRecognize(let name): !name.hasPrefix("SwiftUI.")
        case .viewGetsTouch(let view, _), .feedbackAtTouchDown(let view): !view.hasPrefix("_UI")
        case .controlFires, .controlDoesNotFire, .scrolls, .doesNotScroll, .settlesOnPage, .swiftUIGestureFires: true
        }
    }
}
