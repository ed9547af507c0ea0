import Foundation
import TouchKit

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

    /// Draws `window` and its subtree.
    package func draw(_ window: UIWindow, on canvas: Canvas) {
        canvas.fill(window.bounds, window.backgroundColor ?? .white)
        for subview in window.subviews {
            draw(subview, parentTransform: .identity, inheritedAlpha: 1, canvas: canvas)
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
        if options.showBorders && alpha > 0.02 {
            canvas.stroke(polygon: quad, Theme.viewBorder.withAlphaComponent(Theme.viewBorder.alpha * min(1, alpha * 2)), width: 1)
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
        canvas.stroke(polygon: quad, Theme.hiddenOutline.withAlphaComponent(0.35), width: 1, dashed: true)
        if view.clipsToBounds { canvas.pushClip(quad: quad) }
        for subview in view.subviews { drawHiddenOutline(subview, parentTransform: toWindow, canvas: canvas) }
        if view.clipsToBounds { canvas.popClip() }
    }

    /// Text and control decorations, centred in the view's quad.
    private func drawContent(_ view: UIView, quad: [CGPoint], alpha: CGFloat, canvas: Canvas) {
        let center = CGPoint(x: quad.map(\.x).reduce(0, +) / 4, y: quad.map(\.y).reduce(0, +) / 4)
        let pixelCenter = canvas.mapping.pixel(center)
        let fontSize = max(9, min(28, Int((15 * canvas.mapping.scale).rounded())))
        func centredText(_ text: String, _ color: UIColor, alpha textAlpha: CGFloat) {
            let size = canvas.measure(text, size: fontSize)
            canvas.textPixels(
                text, at: CGPoint(x: pixelCenter.x - size.width / 2, y: pixelCenter.y - size.height / 2), size: fontSize, color, alpha: textAlpha)
        }
        switch view {
        case let button as UIButton:
            if button.isHighlighted {
                // UIKit dims a highlighted button; TouchScope also darkens its area so it shows.
                canvas.fill(quad: quad, UIColor(white: 0, alpha: 0.25 * alpha))
            }
            if let title = button.currentTitle {
                let dim = button.isHighlighted ? UIKitDefaults.buttonHighlightedAlpha : 1
                centredText(title, button.isEnabled ? button.currentTitleColor : .gray, alpha: alpha * dim)
            }
        case let toggle as UISwitch:
            let track = toggle.isOn ? UIColor(red: 0.2, green: 0.78, blue: 0.35, alpha: 1) : UIColor(white: 0.85, alpha: 1)
            canvas.fill(quad: quad, track.withAlphaComponent(alpha))
            let knobX = toggle.isOn ? quad[1].x - 15.5 : quad[0].x + 15.5
            canvas.disc(at: CGPoint(x: knobX, y: center.y), radius: 13 * canvas.mapping.scale, UIColor(white: 1, alpha: alpha))
        case let slider as UISlider:
            let left = CGPoint(x: quad[0].x + 15.5, y: center.y)
            let right = CGPoint(x: quad[1].x - 15.5, y: center.y)
            canvas.linePixels(canvas.mapping.pixel(left), canvas.mapping.pixel(right), UIColor(white: 0.7, alpha: alpha), width: 3)
            let fraction = CGFloat((slider.value - slider.minimumValue) / max(0.0001, slider.maximumValue - slider.minimumValue))
            let thumb = CGPoint(x: left.x + (right.x - left.x) * fraction, y: center.y)
            canvas.disc(at: thumb, radius: 13 * canvas.mapping.scale, UIColor(white: 1, alpha: alpha))
            canvas.ring(at: thumb, radius: 13 * canvas.mapping.scale, UIColor(white: 0.6, alpha: alpha), width: 1)
        case let label as UILabel:
            if let text = label.text { centredText(text, label.textColor, alpha: alpha) }
        case let imageView as UIImageView:
            canvas.stroke(polygon: [quad[0], quad[2]], UIColor(white: 0.6, alpha: alpha))
            canvas.stroke(polygon: [quad[1], quad[3]], UIColor(white: 0.6, alpha: alpha))
            if let name = imageView.image?.name { centredText(name, .darkGray, alpha: alpha) }
        default:
            break
        }
    }
}
