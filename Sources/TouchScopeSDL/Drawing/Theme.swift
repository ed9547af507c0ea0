import Foundation
import TouchKit

/// The colours and sizes of the debugger's picture, in one place: what each colour means is
/// listed in the help legend (`Theme.legend`), so the picture and its key never disagree.
package enum Theme {
    // MARK: Scene column

    /// Behind the scene, where the window does not reach.
    package static let canvasBackground = UIColor(white: 0.9, alpha: 1)
    /// The thin border drawn around every view (scaled by the view's alpha).
    package static let viewBorder = UIColor(white: 0.55, alpha: 0.45)
    /// Hidden views, when shown (`x`).
    package static let hiddenOutline = UIColor(white: 0.5, alpha: 0.5)

    // MARK: Routing overlays

    /// The hit view: a thick outline (never a fill, which could pass for the view's own colour).
    package static let hitOutline = UIColor(red: 0.0, green: 0.72, blue: 0.25, alpha: 1)
    /// Views hit testing visited on the way (numbered in visit order).
    package static let visitOutline = UIColor(red: 0.0, green: 0.45, blue: 1.0, alpha: 1)
    /// Views hit testing skipped, with the reason (dashed).
    package static let passedOutline = UIColor(red: 0.95, green: 0.45, blue: 0.0, alpha: 1)
    /// A tracking control's area: its bounds grown by the tracking margin (dashed).
    package static let trackingOutline = UIColor(red: 0.55, green: 0.35, blue: 0.85, alpha: 1)
    /// Views under the touch that hit testing never reached, with the reason (dashed).
    package static let unreachedOutline = UIColor(red: 0.62, green: 0.2, blue: 0.9, alpha: 1)
    /// The view selected in the inspector.
    package static let inspectedOutline = UIColor(red: 0.93, green: 0.1, blue: 0.55, alpha: 1)
    /// The light and dark halves of two-tone strokes and marks: one of them shows on any background.
    package static let haloLight = UIColor(white: 1, alpha: 0.95)
    package static let haloDark = UIColor(white: 0, alpha: 0.85)
    /// Label backgrounds on the scene.
    package static let labelBackground = UIColor(white: 1, alpha: 0.85)
    /// View ids drawn on the scene (`i`).
    package static let viewIDText = UIColor(red: 0.25, green: 0.25, blue: 0.3, alpha: 1)

    /// Touch colours, by finger.
    package static let fingerPalette: [UIColor] = [
        UIColor(red: 0.9, green: 0.1, blue: 0.75, alpha: 1), UIColor(red: 1, green: 0.5, blue: 0, alpha: 1),
        UIColor(red: 0, green: 0.7, blue: 0.85, alpha: 1), UIColor(red: 0.5, green: 0.25, blue: 0.85, alpha: 1),
        UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1), UIColor(red: 0.9, green: 0.15, blue: 0.15, alpha: 1),
    ]

    /// The colour of a finger's marks.
    package static func finger(_ finger: Int) -> UIColor {
        fingerPalette[Int(finger.magnitude % UInt(fingerPalette.count))]
    }

    /// Recognizer states, on the state bars.
    package static func state(_ state: UIGestureRecognizer.State) -> UIColor {
        switch state {
        case .possible: UIColor(white: 0.55, alpha: 1)
        case .began: UIColor(red: 0.2, green: 0.8, blue: 0.3, alpha: 1)
        case .changed: UIColor(red: 0.1, green: 0.7, blue: 0.7, alpha: 1)
        case .ended: UIColor(red: 0.25, green: 0.5, blue: 1, alpha: 1)
        case .cancelled: UIColor(red: 1, green: 0.6, blue: 0.1, alpha: 1)
        case .failed: UIColor(red: 0.95, green: 0.25, blue: 0.25, alpha: 1)
        }
    }

    // MARK: Finger marks

    /// Seconds a lifted touch's marks take to fade to `markFloorAlpha`.
    package static let markFadeSeconds = 1.5
    /// The opacity lifted marks keep until the next gesture begins, so a picture shows the tap.
    package static let markFloorAlpha: CGFloat = 0.5
    /// Radius of a touch-down mark, in pixels.
    package static let markRadius: CGFloat = 9
    /// Longest trail kept per touch, in samples.
    package static let trailLength = 256

    // MARK: Panel and bars

    /// Width of the side panel, in pixels.
    package static let panelWidth: CGFloat = 360
    package static let panelBackground = UIColor(white: 0.12, alpha: 1)
    package static let panelText = UIColor(white: 0.92, alpha: 1)
    package static let panelDim = UIColor(white: 0.68, alpha: 1)
    package static let panelSection = UIColor(white: 0.78, alpha: 1)
    package static let panelPadding: CGFloat = 10
    /// Height of the status line under the scene, in pixels.
    package static let statusHeight: CGFloat = 22
    /// Height of the timeline under the status line (sessions only), in pixels.
    package static let timelineHeight: CGFloat = 26
    package static let barBackground = UIColor(white: 0.97, alpha: 1)
    package static let barText = UIColor(white: 0.25, alpha: 1)
    package static let timelineTrack = UIColor(white: 0.8, alpha: 1)
    package static let timelineFill = UIColor(red: 0.2, green: 0.45, blue: 0.95, alpha: 1)
    package static let noteTick = UIColor(red: 0.85, green: 0.55, blue: 0, alpha: 1)
    package static let markerTick = UIColor(red: 0.75, green: 0.1, blue: 0.6, alpha: 1)

    // MARK: Text

    package static let headingSize = 15
    package static let sectionSize = 13
    package static let bodySize = 12
    package static let smallSize = 11
    /// Line advance of body text, in pixels.
    package static let lineHeight: CGFloat = 16

    // MARK: Legend

    /// What each colour means, as the help lists it.
    package static let legend: [(color: UIColor, label: String)] = [
        (hitOutline, "hit view (thick outline)"), (visitOutline, "visited by hit testing, in order"),
        (passedOutline, "skipped by hit testing: reason"), (unreachedOutline, "under the touch, never reached: reason"),
        (inspectedOutline, "inspected view"), (noteTick, "note (timeline)"), (markerTick, "marker (timeline)"),
    ]
}
