import Foundation
import TouchKit

/// The sizes, spacings, opacities and list lengths of the debugger's picture: every number the
/// renderers lay out with, named here so that none hides in drawing code. Pixels unless a name
/// says points (scene units, scaled with the scene) or seconds.
extension Theme {
    // MARK: Views on the scene

    /// Faintest view whose border is drawn; the border's opacity follows the view's up to it,
    /// times `viewBorderAlphaGain`.
    package static let viewBorderMinimumAlpha: CGFloat = 0.02
    package static let viewBorderAlphaGain: CGFloat = 2
    /// Opacity of the outlines of a hidden view's subviews (the hidden view's own is full).
    package static let hiddenSubviewOutlineAlpha: CGFloat = 0.35
    /// Title and label text: `contentFontPoints` scaled with the scene, kept within
    /// `contentFontRange` pixels.
    package static let contentFontPoints: CGFloat = 15
    package static let contentFontRange = 9...28
    /// The shade over a highlighted button's area (UIKit dims the title; this makes it show).
    package static let highlightShade = UIColor(white: 0, alpha: 0.25)
    /// A selected list cell: UIKit's default selection gray (systemGray4, #D1D1D6).
    package static let cellSelected = UIColor(red: 0xD1 / 255.0, green: 0xD1 / 255.0, blue: 0xD6 / 255.0, alpha: 1)
    /// A text field's border (UIKit's rounded-rect gray), its border while editing (the tint
    /// blue), its text and its placeholder.
    package static let fieldBorder = UIColor(red: 0.78, green: 0.78, blue: 0.80, alpha: 1)
    package static let fieldEditingBorder = UIColor(red: 0, green: 0.48, blue: 1, alpha: 1)
    package static let fieldText = UIColor.black
    package static let fieldPlaceholder = UIColor(red: 0.78, green: 0.78, blue: 0.80, alpha: 1)
    /// A disabled button's title.
    package static let disabledTitle = UIColor.gray
    /// A switch's track, on and off, and the white knob, `knobRadiusPoints` in radius, centred
    /// `knobInsetPoints` from the track's end.
    package static let switchOnTrack = UIColor(red: 0.2, green: 0.78, blue: 0.35, alpha: 1)
    package static let switchOffTrack = UIColor(white: 0.85, alpha: 1)
    package static let knob = UIColor(white: 1, alpha: 1)
    package static let knobRadiusPoints: CGFloat = 13
    package static let knobInsetPoints: CGFloat = 15.5
    /// A slider's track line and the ring around its thumb.
    package static let sliderTrack = UIColor(white: 0.7, alpha: 1)
    package static let sliderTrackWidth: CGFloat = 3
    package static let sliderThumbRing = UIColor(white: 0.6, alpha: 1)
    /// The cross drawn across an image view, and its image's name.
    package static let imageCross = UIColor(white: 0.6, alpha: 1)
    package static let imageName = UIColor.darkGray

    // MARK: Outlines and labels over the scene

    /// Visited, skipped and unreached views' outlines; the hit view's; the inspected view's.
    package static let outlineWidth: CGFloat = 2
    package static let hitOutlineWidth: CGFloat = 4
    package static let inspectedOutlineWidth: CGFloat = 3
    /// How far inside the frame's edge the window's own outlines go: the hit outline in pixels,
    /// the inspected outline in points.
    package static let windowHitOutlineInset: CGFloat = 2
    package static let windowInspectedInsetPoints: CGFloat = 1
    /// A label's light box around its text, horizontally and vertically (total).
    package static let labelPadding = CGSize(width: 6, height: 2)
    /// A label box inset from the corner of the view it names; the gap when it sits above or
    /// below the view instead.
    package static let labelInset: CGFloat = 2
    package static let labelOutsideGap: CGFloat = 1

    // MARK: Finger marks

    /// Half the side of the square around each finger mark that labels keep clear of.
    package static let markClearance: CGFloat = 12
    /// The trail's line, relative to the mark's opacity.
    package static let trailWidth: CGFloat = 2
    package static let trailAlpha: CGFloat = 0.85
    /// The dot where a touch went down.
    package static let downDotRadius: CGFloat = 5
    /// The fill of the ring where a finger is down, relative to the mark's opacity.
    package static let downFillAlpha: CGFloat = 0.45
    /// The velocity arrow points where the finger will be in this many seconds.
    package static let velocityArrowSeconds: CGFloat = 0.1
    package static let velocityArrowWidth: CGFloat = 2
    /// The ring where a touch lifted, and the half-length of the × (lifted) or / (cancelled)
    /// across it.
    package static let liftRingRadius: CGFloat = 8
    package static let liftCrossHalf: CGFloat = 5
    package static let liftCrossWidth: CGFloat = 2
    /// The dashed ring around the touch the panel describes: its light halo and its line.
    package static let describedRingRadius: CGFloat = 16
    package static let describedRingHaloWidth: CGFloat = 4
    package static let describedRingWidth: CGFloat = 2
    /// A finger's label: its distance from the mark, and its faintest opacity while fading.
    package static let fingerLabelGap: CGFloat = 20
    package static let fingerLabelMinimumAlpha: CGFloat = 0.8
    /// Two-tone marks: a disc gets a light rim `discLightRim` and a dark one `discDarkRim`
    /// beyond its radius; a ring gets a light ring `ringLightOffset` outside it and a dark ring
    /// under its coloured line.
    package static let discLightRim: CGFloat = 2.5
    package static let discDarkRim: CGFloat = 1.2
    package static let ringLightOffset: CGFloat = 2
    package static let ringLightWidth: CGFloat = 1.5
    package static let ringDarkWidth: CGFloat = 3
    package static let ringWidth: CGFloat = 2
    /// The emulated second finger (Alt-drag pinch and rotation).
    package static let emulatedFinger = UIColor(red: 0.2, green: 0.2, blue: 0.9, alpha: 1)
    package static let emulatedFingerRadius: CGFloat = 11
    package static let emulatedFingerFillAlpha: CGFloat = 0.3

    // MARK: Side panel

    /// Room of the heading line; the gap above a section title and the title's own room.
    package static let headingHeight: CGFloat = 24
    package static let sectionGap: CGFloat = 6
    package static let sectionHeight: CGFloat = 18
    /// Indent of a detail under its item (a skip reason, a recognizer's last cause, a state bar).
    package static let detailIndent: CGFloat = 14
    /// Indent of the inspector's lines under their section.
    package static let inspectorIndent: CGFloat = 8
    /// Extra indent of each responder-chain step, up to `chainIndentMaximumDepth` steps.
    package static let chainIndentStep: CGFloat = 8
    package static let chainIndentMaximumDepth = 6
    /// Indent of a wrapped line's continuation lines.
    package static let continuationIndent: CGFloat = 12
    /// Lines a wrapped item may take: a short note, a reason or cause, an inspector value.
    package static let wrapShort = 2
    package static let wrapMedium = 3
    package static let wrapLong = 4
    /// Least room between a pair's name and its value on the right.
    package static let pairGap: CGFloat = 10
    /// The legend's colour swatch: its size, its offset from the line's top, and where the
    /// text starts.
    package static let swatchSize = CGSize(width: 18, height: 10)
    package static let swatchTop: CGFloat = 3
    package static let swatchTextOffset: CGFloat = 26
    /// A recognizer's state bar: height, the gap under it, its top offset, its right inset, its
    /// background, and the least width of a state that lasted no time (so every state shows).
    package static let stateBarHeight: CGFloat = 8
    package static let stripGap: CGFloat = 4
    package static let stripTop: CGFloat = 1
    package static let stripRightInset: CGFloat = 6
    package static let stateBarBackground = UIColor(white: 0.25, alpha: 1)
    package static let instantStateWidth: CGFloat = 4
    /// The time axis under the state bars: height, divisions, tick height, text offset and size.
    package static let axisHeight: CGFloat = 14
    package static let axisDivisions = 4
    package static let axisTickHeight: CGFloat = 4
    package static let axisTextTop: CGFloat = 2
    package static let axisTextSize = smallSize - 1
    /// How many of each list the panel shows before "and N more" (or "last N").
    package static let unreachedShown = 8
    package static let chainShown = 10
    package static let recognizersShown = 8
    package static let controlEventsShown = 8
    package static let notesShown = 6
    package static let reloadProblemsShown = 4
    /// Changed outcomes the panel lists after a reload (the rest are counted).
    package static let reloadChangesShown = 6
    /// Seconds the panel shows what a reload changed.
    package static let reloadReportSeconds: Double = 15

    // MARK: Status line

    /// Left and right padding, and the text's top offset.
    package static let barPadding: CGFloat = 8
    package static let barTextTop: CGFloat = 3
    /// The recording dot: radius, and the room it takes before "REC".
    package static let recordingDotRadius: CGFloat = 6
    package static let recordingDotRoom: CGFloat = 16
    /// Gap after each flag (REC, PAUSED, slow motion), and before the time.
    package static let barItemGap: CGFloat = 8
    package static let barTimeGap: CGFloat = 16

    // MARK: Timeline

    /// Width of one character of the time text at the small size (the text's room is measured
    /// from the longest time of the session), plus room around it.
    package static let timelineCharacterWidth: CGFloat = 7
    package static let timelineTextRoom: CGFloat = 10
    /// The track's inset from the bar's left and right, and its height.
    package static let timelineTrackInset: CGFloat = 10
    package static let timelineTrackHeight: CGFloat = 10
    /// How far left and right of the track a click still lands on it; how near a tick a click
    /// must be to pick it.
    package static let timelineClickSlop: CGFloat = 6
    package static let timelineTickSlop: CGFloat = 5
    /// Ticks: width (thinned to 1 when there are more than fit), and inset from the bar's top
    /// and bottom.
    package static let timelineTickWidth: CGFloat = 3
    package static let timelineTickInset: CGFloat = 2
    /// The playhead: width, and inset from the bar's top and bottom.
    package static let playheadWidth: CGFloat = 3
    package static let playheadInset: CGFloat = 1
    /// The time text: offset into its room, and above the bar's middle.
    package static let timelineTextOffset: CGFloat = 4
    package static let timelineTextRise: CGFloat = 8
}
