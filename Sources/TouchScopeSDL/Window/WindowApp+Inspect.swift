import Foundation
import TouchKit
import TouchReplay

/// The inspector: Ctrl-click (or `v`, then click) selects the view drawn under the pointer; a
/// second click at the same place selects the one below it. The panel shows `ViewInspection`,
/// with "why (not) this view" for the described touch; the terminal gets the same text.
extension WindowApp {
    /// The inspected view in the window shown now (found again by name after a seek or reload).
    var inspectedView: UIView? {
        guard let name = inspectedName else { return nil }
        return shownWindow.subtree.first { $0.traceName == name }
    }

    /// Selects the view drawn at `point` (window points); again at the same place, the next one down.
    func inspect(at point: CGPoint) {
        let window = shownWindow
        let stack = ViewGeometry.drawnViews(at: point, in: window)
        guard !stack.isEmpty else { return }
        var index = 0
        if let last = lastPick, hypot(last.point.x - point.x, last.point.y - point.y) <= 3 {
            index = (last.index + 1) % stack.count
        }
        lastPick = (point, index)
        let view = stack[index]
        inspectedName = view.traceName
        let below = stack.count > 1 ? " (click again for the view below; Esc closes)" : " (Esc closes)"
        message = "inspecting \(view.traceName)" + below
        options.announce("inspect \(view.traceName) at \(OverlayRenderer.point(point))")
        for line in inspection(of: view).text.split(separator: "\n") { options.announce("  " + line) }
    }

    func closeInspector() {
        inspectedName = nil
        inspectMode = false
        lastPick = nil
        message = nil
    }

    /// What the inspector shows for `view`, with the described touch.
    func inspection(of view: UIView) -> ViewInspection {
        InspectorContent.inspection(of: view, model: model, trace: application.trace, device: replayer?.session.device ?? [])
    }
}
