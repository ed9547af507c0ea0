import Foundation
import TouchKit

/// What is drawn over the scene: the described touch's hit-test path, finger marks, view ids,
/// the inspected view and emulated fingers. Outlines are two-tone and labels sit on a light box
/// placed by a `LabelPlacer`, so they read on any background and never cover each other.
struct SceneOverlay {
    let canvas: Canvas
    let views: [String: UIView]
    let window: UIWindow

    /// A view's bounds in window points, or nil when the view is not in the window any more.
    private func quad(_ name: String) -> [CGPoint]? {
        guard let view = views[name] else { return nil }
        if view is UIWindow { return Canvas.corners(view.bounds) }
        return ViewGeometry.windowQuad(of: view)
    }

    private func pixelBox(_ quad: [CGPoint]) -> CGRect {
        let pixels = quad.map(canvas.mapping.pixel)
        let xs = pixels.map(\.x)
        let ys = pixels.map(\.y)
        let minX = xs.min() ?? 0
        let minY = ys.min() ?? 0
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// A label on a light box at the first free place near `box`.
    private func label(_ text: String, near box: CGRect, _ color: UIColor, placer: inout LabelPlacer) {
        let size = canvas.measure(text, size: Theme.smallSize)
        let boxSize = CGSize(width: size.width + 6, height: size.height + 2)
        guard boxSize.width > 6, let rect = placer.place(size: boxSize, candidates: LabelPlacer.candidates(around: box, size: boxSize)) else {
            return
        }
        canvas.labelPixels(text, at: rect.origin, size: Theme.smallSize, color)
    }

    // MARK: Hit-test path

    /// Keeps labels off the finger marks (drawn later, on top).
    func reserveMarks(model: TraceModel, placer: inout LabelPlacer) {
        for touch in model.touches {
            for point in [touch.down, touch.last] {
                let p = canvas.mapping.pixel(point)
                placer.reserve(CGRect(x: p.x - 12, y: p.y - 12, width: 24, height: 24))
            }
        }
    }

    func drawHitPath(of touch: TouchRecord, placer: inout LabelPlacer) {
        var labels: [(text: String, box: CGRect, color: UIColor)] = []
        // Views under the touch that hit testing never reached: why, in purple.
        for (name, verdict) in touch.unreached {
            guard let quad = quad(name), !(views[name] is UIWindow) else { continue }
            canvas.haloStroke(polygon: quad, Theme.unreachedOutline, width: 2, dashed: true)
            labels.append(("\(ShortReason.shortName(name)): \(ShortReason.of(verdict))", pixelBox(quad), Theme.unreachedOutline))
        }
        var order = 0
        for step in touch.hitPath {
            switch step {
            case .visit(let name):
                order += 1
                guard let quad = quad(name), !(views[name] is UIWindow) else { continue }
                canvas.haloStroke(polygon: quad, Theme.visitOutline, width: 2)
                labels.append(("\(order)", pixelBox(quad), Theme.visitOutline))
            case .passed(let name, let reason):
                guard let quad = quad(name) else { continue }
                canvas.haloStroke(polygon: quad, Theme.passedOutline, width: 2, dashed: true)
                labels.append(("\(ShortReason.shortName(name)): \(ShortReason.of(reason))", pixelBox(quad), Theme.passedOutline))
            case .hit, .skipped, .override:
                continue
            }
        }
        // The hit view last, on top: a thick outline (inset for the window, whose edge is the frame's).
        if let name = touch.hitView, var quad = quad(name) {
            if views[name] is UIWindow {
                let inset = 2 / max(canvas.mapping.scale, 0.01)
                quad = Canvas.corners(window.bounds.insetBy(dx: inset, dy: inset))
            }
            canvas.haloStroke(polygon: quad, Theme.hitOutline, width: 4)
            labels.insert(("hit: \(ShortReason.shortName(name))", pixelBox(quad), Theme.hitOutline), at: 0)
        }
        for item in labels { label(item.text, near: item.box, item.color, placer: &placer) }
    }

    // MARK: Finger marks

    /// Every touch of the gesture: trail, where it went down, where it is or lifted (× lifted,
    /// / cancelled), fading after the lift; the described touch gets a dashed ring.
    func drawMarks(model: TraceModel, now: Int64, placer: inout LabelPlacer) {
        let described = model.described?.id
        for touch in model.touches {
            let alpha = touch.markAlpha(now: now)
            let color = Theme.finger(touch.finger).withAlphaComponent(alpha)
            let pixels = touch.trail.map { canvas.mapping.pixel($0.point) }
            for (a, b) in zip(pixels, pixels.dropFirst()) { canvas.haloLinePixels(a, b, color.withAlphaComponent(0.85 * alpha), width: 2) }
            let down = canvas.mapping.pixel(touch.down)
            twoToneDisc(at: down, radius: 5, color, alpha: alpha)
            let last = pixels.last ?? down
            if touch.isDown {
                canvas.discPixels(at: last, radius: Theme.markRadius, color.withAlphaComponent(0.45 * alpha))
                twoToneRing(at: last, radius: Theme.markRadius, color, alpha: alpha)
                let v = touch.velocity
                let tip = canvas.mapping.pixel(CGPoint(x: touch.last.x + v.x * 0.1, y: touch.last.y + v.y * 0.1))
                canvas.haloLinePixels(last, tip, color, width: 2)
            } else {
                twoToneRing(at: last, radius: 8, color, alpha: alpha)
                let r: CGFloat = 5
                canvas.haloLinePixels(CGPoint(x: last.x - r, y: last.y + r), CGPoint(x: last.x + r, y: last.y - r), color, width: 2)
                if !touch.cancelled {
                    canvas.haloLinePixels(CGPoint(x: last.x - r, y: last.y - r), CGPoint(x: last.x + r, y: last.y + r), color, width: 2)
                }
            }
            let isDescribed = touch.id == described
            if isDescribed {
                canvas.ringPixels(at: last, radius: 16, Theme.haloLight.withAlphaComponent(alpha), width: 4, dashed: true)
                canvas.ringPixels(at: last, radius: 16, Theme.finger(touch.finger).withAlphaComponent(alpha), width: 2, dashed: true)
            }
            var text = isDescribed && model.touches.count > 1 ? "finger \(touch.finger) (described)" : "finger \(touch.finger)"
            if touch.isDown, touch.trail.count > 1 {
                text += ", \(Int(hypot(touch.velocity.x, touch.velocity.y).rounded())) pt/s"
            }
            let size = canvas.measure(text, size: Theme.smallSize)
            let boxSize = CGSize(width: size.width + 6, height: size.height + 2)
            if let rect = placer.place(size: boxSize, candidates: LabelPlacer.candidates(beside: last, size: boxSize, gap: 20)) {
                canvas.labelPixels(text, at: rect.origin, size: Theme.smallSize, Theme.finger(touch.finger).withAlphaComponent(max(alpha, 0.8)))
            }
        }
    }

    private func twoToneDisc(at p: CGPoint, radius: CGFloat, _ color: UIColor, alpha: CGFloat) {
        canvas.discPixels(at: p, radius: radius + 2.5, Theme.haloLight.withAlphaComponent(alpha))
        canvas.discPixels(at: p, radius: radius + 1.2, Theme.haloDark.withAlphaComponent(alpha))
        canvas.discPixels(at: p, radius: radius, color)
    }

    private func twoToneRing(at p: CGPoint, radius: CGFloat, _ color: UIColor, alpha: CGFloat) {
        canvas.ringPixels(at: p, radius: radius + 2, Theme.haloLight.withAlphaComponent(alpha), width: 1.5)
        canvas.ringPixels(at: p, radius: radius, Theme.haloDark.withAlphaComponent(alpha), width: 3)
        canvas.ringPixels(at: p, radius: radius, color, width: 2)
    }

    func drawEmulatedFinger(_ point: CGPoint) {
        let p = canvas.mapping.pixel(point)
        let blue = UIColor(red: 0.2, green: 0.2, blue: 0.9, alpha: 1)
        canvas.discPixels(at: p, radius: 11, blue.withAlphaComponent(0.3))
        twoToneRing(at: p, radius: 11, blue, alpha: 1)
    }

    // MARK: Ids and the inspected view

    /// Each visible view's id at its top-left corner, where there is room.
    func drawViewIDs(placer: inout LabelPlacer) {
        func visit(_ view: UIView) {
            guard !view.isHidden else { return }
            if let id = view.accessibilityIdentifier, !(view is UIWindow) {
                label("#\(id)", near: pixelBox(ViewGeometry.windowQuad(of: view)), Theme.viewIDText, placer: &placer)
            }
            for subview in view.subviews { visit(subview) }
        }
        visit(window)
    }

    func drawInspected(_ view: UIView, placer: inout LabelPlacer) {
        guard view.window === window else { return }
        let quad = view is UIWindow ? Canvas.corners(window.bounds.insetBy(dx: 1, dy: 1)) : ViewGeometry.windowQuad(of: view)
        canvas.haloStroke(polygon: quad, Theme.inspectedOutline, width: 3)
        label("inspecting \(ShortReason.shortName(view.traceName))", near: pixelBox(quad), Theme.inspectedOutline, placer: &placer)
    }
}
