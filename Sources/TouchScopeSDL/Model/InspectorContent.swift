import Foundation
import TouchKit
import TouchReplay

/// What the inspector shows for a view: `ViewInspection` with the touch that concerns it
/// (`touch(about:in:)`: its point, the verdicts taken when it went down, and its own trace
/// entries).
package enum InspectorContent {
    /// `inspection(of:model:trace:)` with, for a session captured from an app, a "Captured code"
    /// section: what the capture saw of the view's code and its recognizers' (what the scene
    /// cannot hold).
    package static func inspection(of view: UIView, model: TraceModel, trace: Trace, device: [DeviceRecord]) -> ViewInspection {
        var inspection = inspection(of: view, model: model, trace: trace)
        let names = [view.traceName] + (view.gestureRecognizers ?? []).map(\.traceName)
        let lines = device.compactMap { record -> ViewInspection.Line? in
            guard case .code(let facts) = record.fact, names.contains(facts.subject) else { return nil }
            return ViewInspection.Line(facts.subject == view.traceName ? "this view" : facts.subject, facts.summary)
        }
        if !lines.isEmpty { inspection.sections.insert(ViewInspection.Section(title: "Captured code", lines: lines), at: 1) }
        return inspection
    }

    package static func inspection(of view: UIView, model: TraceModel, trace: Trace) -> ViewInspection {
        guard let touch = touch(about: view, in: model) else { return ViewInspection(view: view) }
        let end = min(touch.endEntry ?? trace.count, trace.count)
        let start = min(touch.firstEntry, end)
        let entries = Array(trace.entries[start..<end])
        var inspection = ViewInspection(
            view: view, touch: ViewInspection.Touch(finger: touch.finger, point: touch.down, verdicts: touch.verdicts, entries: entries))
        // The rules the touch's decisions rest on, each with where it comes from (an inferred
        // rule or an approximation says so).
        let rules = RuleCitations.rules(in: trace.entries, range: start..<end)
        if !rules.isEmpty {
            inspection.sections.append(
                ViewInspection.Section(title: "Rules at the decisions", lines: rules.map { ViewInspection.Line($0.id, $0.provenanceLine) }))
        }
        return inspection
    }

    /// The touch the inspector describes for `view`: the touch picked with Tab when it hit the
    /// view or its verdicts mention it, else the last kept touch (of the current gesture, else of
    /// the earlier ones `Tab` reaches) that did, else the touch the panels describe.
    package static func touch(about view: UIView, in model: TraceModel) -> TouchRecord? {
        let name = view.traceName
        let isAboutView = { (touch: TouchRecord) in
            touch.hitView == name || (touch.verdicts?.contains { $0.view == name } ?? false)
        }
        // A touch picked with Tab that concerns the view is the one the user is looking at.
        if !model.followsLatest, let picked = model.described, isAboutView(picked) { return picked }
        if let current = model.touches.last(where: isAboutView) { return current }
        for gesture in model.earlierGestures.reversed() {
            if let earlier = gesture.touches.last(where: isAboutView) { return earlier }
        }
        return model.described
    }

    /// The view of `window` with this identifier or trace name.
    package static func view(named name: String, in window: UIWindow) -> UIView? {
        window.subtree.first { $0.accessibilityIdentifier == name } ?? window.subtree.first { $0.traceName == name }
    }
}
