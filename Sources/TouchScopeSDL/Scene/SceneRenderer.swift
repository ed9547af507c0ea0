import Foundation
import TouchKit
import TouchSwiftUI

/// Draws a TouchKit window's view tree: background colours, thin borders, titles and labels,
/// alpha (multiplied down the tree), transforms (rotated views as rotated quads), clipping
/// (`clipsToBounds` cuts subviews to the bounds, rotated or not), controls in a recognisable
/// look (a dimmed title while a button is highlighted, as UIKit dims it), and, when asked,
/// hidden views as a faint dashed outline.
package struct SceneRenderer {
    /// Options for drawing.
    package struct Options: Equatable, Sendable {
        /// Draw hidden views as faint dashed outlines.
        package var showHiddenViews = false
        /// Draw a thin border around every view.
        package var showBorders = true

        package init(showHiddenViews: Bool = false, showBorders: Bool = true) {
            self.showHiddenViews = showHiddenViews
            self.showBorders = showBorders
        }
    }

    package var options: Options

    package init(options: Options = Options()) {
        self.options = options
    }

    /// Draws `window` and its subtree, then the visible windows over it in its application
    /// (lowest level first; of one level, the later attached above), each at its frame.
    package func draw(_ window: UIWindow, on canvas: Canvas) {
        canvas.fill(window.bounds, window.backgroundColor ?? .white)
        for subview in window.subviews {
            draw(subview, parentTransform: .identity, inheritedAlpha: 1, canvas: canvas)
        }
        guard let windows = (window.next as? UIApplication)?.windows, windows.count > 1 else { return }
        let above = windows.enumerated().filter { $0.element !== window && !$0.element.isHidden }.sorted {
            $0.element.windowLevel != $1.element.windowLevel ? $0.element.windowLevel < $1.element.windowLevel : $0.offset < $1.offset
        }
        for (_, overlay) in above {
            let origin = CGAffineTransform(translationX: overlay.frame.minX - window.frame.minX, y: overlay.frame.minY - window.frame.minY)
            if let background = overlay.backgroundColor {
                canvas.fill(quad: Canvas.corners(overlay.bounds).map { $0.applying(origin) }, background)
            }
            for subview in overlay.subviews {
                draw(subview, parentTransform: origin, inheritedAlpha: overlay.alpha, canvas: canvas)
            }
        }
    }

    private func draw(_ view: UIView, parentTransform: CGAffineTransform, inheritedAlpha: CGFloat, canvas: Canvas) {
        let toWindow = ViewGeometry.localToParent(view).concatenating(parentTransform)
        let quad = Canvas.corners(view.bounds).map { $0.applying(toWindow) }
        if view.isHidden {
            if options.showHiddenViews {
                canvas.stroke(polygon: quad, Theme.hiddenOutline, width: 1, dashed: true)
                if view.clipsToBounds { canvas.pushClip(quad: quad) }
                for subview in view.subviews {
                    drawHiddenOutline(subview, parentTransform: toWindow, canvas: canvas)
                }
                if view.clipsToBounds { canvas.popClip() }
            }
            return
        }
        let alpha = inheritedAlpha * view.alpha
        if let background = view.backgroundColor {
            canvas.fill(quad: quad, background.withAlphaComponent(background.alpha * alpha))
        }
        drawContent(view, quad: quad, alpha: alpha, canvas: canvas)
        if options.showBorders && alpha > Theme.viewBorderMinimumAlpha {
            let borderAlpha = Theme.viewBorder.alpha * min(1, alpha * Theme.viewBorderAlphaGain)
            canvas.stroke(polygon: quad, Theme.viewBorder.withAlphaComponent(borderAlpha), width: 1)
        }
        guard !view.subviews.isEmpty else { return }
        // UIKit: clipsToBounds (default false; true for UIScrollView) keeps subviews inside the bounds.
        if view.clipsToBounds { canvas.pushClip(quad: quad) }
        for subview in view.subviews {
            draw(subview, parentTransform: toWindow, inheritedAlpha: alpha, canvas: canvas)
        }
        if view.clipsToBounds { canvas.popClip() }
    }

    private func drawHiddenOutline(_ view: UIView, parentTransform: CGAffineTransform, canvas: Canvas) {
        let toWindow = ViewGeometry.localToParent(view).concatenating(parentTransform)
        let quad = Canvas.corners(view.bounds).map { $0.applying(toWindow) }
        canvas.stroke(polygon: quad, Theme.hiddenOutline.withAlphaComponent(Theme.hiddenSubviewOutlineAlpha), width: 1, dashed: true)
        if view.clipsToBounds { canvas.pushClip(quad: quad) }
        for subview in view.subviews { drawHiddenOutline(subview, parentTransform: toWindow, canvas: canvas) }
        if view.clipsToBounds { canvas.popClip() }
    }

    /// Text and control decorations, centred in the view's quad.
    private func drawContent(_ view: UIView, quad: [CGPoint], alpha: CGFloat, canvas: Canvas) {
        let center = CGPoint(x: quad.map(\.x).reduce(0, +) / 4, y: quad.map(\.y).reduce(0, +) / 4)
        let pixelCenter = canvas.mapping.pixel(center)
        let range = Theme.contentFontRange
        let fontSize = max(range.lowerBound, min(range.upperBound, Int(saturating: (Theme.contentFontPoints * canvas.mapping.scale).rounded())))
        func centredText(_ text: String, _ color: UIColor, alpha textAlpha: CGFloat) {
            let size = canvas.measure(text, size: fontSize)
            canvas.textPixels(
                text, at: CGPoint(x: pixelCenter.x - size.width / 2, y: pixelCenter.y - size.height / 2), size: fontSize, color, alpha: textAlpha)
        }
        switch view {
        case let hosting as SwiftUIHostingView:
            SwiftUIRenderer.draw(hosting, quad: quad, alpha: alpha, canvas: canvas)
        case let button as UIButton:
            if button.isHighlighted {
                // UIKit dims a highlighted button; TouchScope also darkens its area so it shows.
                canvas.fill(quad: quad, Theme.highlightShade.withAlphaComponent(Theme.highlightShade.alpha * alpha))
            }
            if let title = button.currentTitle {
                let dim = button.isHighlighted ? UIKitDefaults.buttonHighlightedAlpha : 1
                centredText(title, button.isEnabled ? button.currentTitleColor : Theme.disabledTitle, alpha: alpha * dim)
            }
        case let toggle as UISwitch:
            let track = toggle.isOn ? Theme.switchOnTrack : Theme.switchOffTrack
            canvas.fill(quad: quad, track.withAlphaComponent(alpha))
            let knobX = toggle.isOn ? quad[1].x - Theme.knobInsetPoints : quad[0].x + Theme.knobInsetPoints
            canvas.disc(
                at: CGPoint(x: knobX, y: center.y), radius: Theme.knobRadiusPoints * canvas.mapping.scale, Theme.knob.withAlphaComponent(alpha))
        case let slider as UISlider:
            let left = CGPoint(x: quad[0].x + Theme.knobInsetPoints, y: center.y)
            let right = CGPoint(x: quad[1].x - Theme.knobInsetPoints, y: center.y)
            canvas.linePixels(
                canvas.mapping.pixel(left), canvas.mapping.pixel(right), Theme.sliderTrack.withAlphaComponent(alpha), width: Theme.sliderTrackWidth)
            let fraction = CGFloat((slider.value - slider.minimumValue) / max(0.0001, slider.maximumValue - slider.minimumValue))
            let thumb = CGPoint(x: left.x + (right.x - left.x) * fraction, y: center.y)
            let radius = Theme.knobRadiusPoints * canvas.mapping.scale
            canvas.disc(at: thumb, radius: radius, Theme.knob.withAlphaComponent(alpha))
            canvas.ring(at: thumb, radius: radius, Theme.sliderThumbRing.withAlphaComponent(alpha), width: 1)
        case let field as UITextField:
            // A rounded-rect field: its border turns the tint colour while it is being edited.
            canvas.stroke(polygon: quad + [quad[0]], (field.isEditing ? Theme.fieldEditingBorder : Theme.fieldBorder).withAlphaComponent(alpha))
            if let text = field.text, !text.isEmpty {
                centredText(text, Theme.fieldText, alpha: alpha)
            } else if let placeholder = field.placeholder {
                centredText(placeholder, Theme.fieldPlaceholder, alpha: alpha)
            }
        case let cell as UITableViewCell:
            drawCell(highlighted: cell.isHighlighted, selected: cell.isSelected, quad: quad, alpha: alpha, canvas: canvas)
        case let cell as UICollectionViewCell:
            drawCell(highlighted: cell.isHighlighted, selected: cell.isSelected, quad: quad, alpha: alpha, canvas: canvas)
        case let label as UILabel:
            if let text = label.text { centredText(text, label.textColor, alpha: alpha) }
        case let imageView as UIImageView:
            canvas.stroke(polygon: [quad[0], quad[2]], Theme.imageCross.withAlphaComponent(alpha))
            canvas.stroke(polygon: [quad[1], quad[3]], Theme.imageCross.withAlphaComponent(alpha))
            if let name = imageView.image?.name { centredText(name, Theme.imageName, alpha: alpha) }
        default:
            break
        }
    }

    /// A list cell: UIKit's gray while highlighted or selected.
    func drawCell(highlighted: Bool, selected: Bool, quad: [CGPoint], alpha: CGFloat, canvas: Canvas) {
        guard highlighted || selected else { return }
        let shade = highlighted ? Theme.highlightShade : Theme.cellSelected
        canvas.fill(quad: quad, shade.withAlphaComponent(shade.alpha * alpha))
    }
}
