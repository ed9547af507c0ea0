import Foundation

/// Where each part of a frame goes, in pixels: the scene on the left, the side panel on the
/// right, and under the scene the status line and (for a session) the timeline. Nothing drawn
/// for one part reaches into another: labels on the scene stay in `scene`, panel text in `panel`.
package struct FrameLayout: Equatable, Sendable {
    /// The whole frame.
    package let area: CGSize
    /// Where the scene is fitted.
    package let scene: CGRect
    /// The side panel, when it is shown.
    package let panel: CGRect?
    /// The status line under the scene, when overlays are on.
    package let status: CGRect?
    /// The timeline under the status line, for a session.
    package let timeline: CGRect?

    /// Lays out a frame of `area` pixels.
    package init(area: CGSize, overlays: Bool, showsPanel: Bool, hasTimeline: Bool) {
        self.area = area
        let panelWidth = overlays && showsPanel ? min(Theme.panelWidth, area.width) : 0
        let timelineHeight = hasTimeline ? Theme.timelineHeight : 0
        let statusHeight = overlays ? Theme.statusHeight : 0
        let columnWidth = max(0, area.width - panelWidth)
        let sceneHeight = max(1, area.height - timelineHeight - statusHeight)
        scene = CGRect(x: 0, y: 0, width: columnWidth, height: sceneHeight)
        panel = panelWidth > 0 ? CGRect(x: columnWidth, y: 0, width: panelWidth, height: area.height) : nil
        status = statusHeight > 0 ? CGRect(x: 0, y: sceneHeight, width: columnWidth, height: statusHeight) : nil
        timeline = hasTimeline ? CGRect(x: 0, y: sceneHeight + statusHeight, width: columnWidth, height: timelineHeight) : nil
    }

    /// Pixels the parts other than the scene take: the panel's width, the bars' height.
    package static func chrome(overlays: Bool, showsPanel: Bool, hasTimeline: Bool) -> CGSize {
        CGSize(
            width: overlays && showsPanel ? Theme.panelWidth : 0,
            height: (overlays ? Theme.statusHeight : 0) + (hasTimeline ? Theme.timelineHeight : 0))
    }

    /// The frame size that shows a scene of `sceneSize` at 1:1.
    package static func size(forScene sceneSize: CGSize, overlays: Bool, showsPanel: Bool, hasTimeline: Bool) -> CGSize {
        let chrome = chrome(overlays: overlays, showsPanel: showsPanel, hasTimeline: hasTimeline)
        return CGSize(width: sceneSize.width + chrome.width, height: sceneSize.height + chrome.height)
    }
}
