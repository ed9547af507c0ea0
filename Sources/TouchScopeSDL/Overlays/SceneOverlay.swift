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
        let boxSize = CGSize(width: size.width + Theme.labelPadding.width, height: size.height + Theme.labelPadding.height)
        guard boxSize.width > Theme.labelPadding.width,
            let rect = placer.place(size: boxSize, candidates: LabelPlacer.candidates(around: box, size: boxSize))
        else {
            return
        }
        canvas.labelPixels(text, at: rect.origin, size: Theme.smallSize, color)
    }

    // MARK: Hit-test path

    /// Keeps labels off the finger marks (drawn later, on top).
    func reserveMarks(model: TraceModel, placer: inout LabelPlacer) {
        for touch in Self.markedTouches(model).touches {
            for point in [touch.down, touch.last] {
                let p = canvas.mapping.pixel(point)
                let r = Theme.markClearance
                placer.reserve(CGRect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r))
            }
        }
    }

    func drawHitPath(of touch: TouchRecord, placer: inout LabelPlacer) {
        var labels: [(text: String, box: CGRect, color: UIColor)] = []
        // Views under the touch that hit testing never reached: why, in purple.
        for (name, verdict) in touch.unreached {
            guard let quad = quad(name), !(views[name] is UIWindow) else { continue }
            canvas.haloStroke(polygon: quad, Theme.unreachedOutline, width: Theme.outlineWidth, dashed: true)
            labels.append(("\(ShortReason.shortName(name)): \(ShortReason.of(verdict))", pixelBox(quad), Theme.unreachedOutline))
        }
        var order = 0
        for step in touch.hitPath {
            switch step {
            case .visit(let name):
                order += 1
                guard let quad = quad(name), !(views[name] is UIWindow) else { continue }
                canvas.haloStroke(polygon: quad, Theme.visitOutline, width: Theme.outlineWidth)
                labels.append(("\(order)", pixelBox(quad), Theme.visitOutline))
            case .passed(let name, let reason):
                guard let quad = quad(name) else { continue }
                canvas.haloStroke(polygon: quad, Theme.passedOutline, width: Theme.outlineWidth, dashed: true)
                labels.append(("\(ShortReason.shortName(name)): \(ShortReason.of(reason))", pixelBox(quad), Theme.passedOutline))
            case .hit, .skipped, .override:
                continue
            }
        }
        // The hit view last, on top: a thick outline (inset for the window, whose edge is the frame's).
        if let name = touch.hitView, var quad = quad(name) {
            if views[name] is UIWindow {
                let inset = Theme.windowHitOutlineInset / max(canvas.mapping.scale, 0.01)
                quad = Canvas.corners(window.bounds.insetBy(dx: inset, dy: inset))
            }
            canvas.haloStroke(polygon: quad, Theme.hitOutline, width: Theme.hitOutlineWidth)
            labels.insert(("hit: \(ShortReason.shortName(name))", pixelBox(quad), Theme.hitOutline), at: 0)
        }
        for item in labels { label(item.text, near: item.box, item.color, placer: &placer) }
    }

    // MARK: Finger marks

    /// The touches whose marks are drawn: the current gesture's, and the described touch when
    /// `Tab` picked one of an earlier gesture (`earlier`).
    static func markedTouches(_ model: TraceModel) -> (touches: [TouchRecord], earlier: Int?) {
        guard model.describedGesture.isEarlier, let earlier = model.described else { return (model.touches, nil) }
        return (model.touches + [earlier], earlier.id)
    }

    /// Every touch of the gesture: trail, where it went down, where it is or lifted (× lifted,
    /// / cancelled), fading after the lift; the described touch gets a dashed ring (a touch of an
    /// earlier gesture picked with Tab is drawn too, unfaded).
    func drawMarks(model: TraceModel, now: Int64, placer: inout LabelPlacer) {
        let described = model.described?.id
        let marked = Self.markedTouches(model)
        for touch in marked.touches {
            let alpha = touch.id == marked.earlier ? 1 : touch.markAlpha(now: now)
            let color = Theme.finger(touch.finger).withAlphaComponent(alpha)
            let pixels = touch.trail.map { canvas.mapping.pixel($0.point) }
            for (a, b) in zip(pixels, pixels.dropFirst()) {
                canvas.haloLinePixels(a, b, color.withAlphaComponent(Theme.trailAlpha * alpha), width: Theme.trailWidth)
            }
            let down = canvas.mapping.pixel(touch.down)
            twoToneDisc(at: down, radius: Theme.downDotRadius, color, alpha: alpha)
            let last = pixels.last ?? down
            if touch.isDown {
                canvas.discPixels(at: last, radius: Theme.markRadius, color.withAlphaComponent(Theme.downFillAlpha * alpha))
                twoToneRing(at: last, radius: Theme.markRadius, color, alpha: alpha)
                let v = touch.velocity
                let ahead = Theme.velocityArrowSeconds
                let tip = canvas.mapping.pixel(CGPoint(x: touch.last.x + v.x * ahead, y: touch.last.y + v.y * ahead))
                canvas.haloLinePixels(last, tip, color, width: Theme.velocityArrowWidth)
            } else {
                twoToneRing(at: last, radius: Theme.liftRingRadius, color, alpha: alpha)
                let r = Theme.liftCrossHalf
                let width = Theme.liftCrossWidth
                canvas.haloLinePixels(CGPoint(x: last.x - r, y: last.y + r), CGPoint(x: last.x + r, y: last.y - r), color, width: width)
                if !touch.cancelled {
                    canvas.haloLinePixels(CGPoint(x: last.x - r, y: last.y - r), CGPoint(x: last.x + r, y: last.y + r), color, width: width)
                }
            }
            let isDescribed = touch.id == described
            if isDescribed {
                let radius = Theme.describedRingRadius
                canvas.ringPixels(
                    at: last, radius: radius, Theme.haloLight.withAlphaComponent(alpha), width: Theme.describedRingHaloWidth, dashed: true)
                canvas.ringPixels(
                    at: last, radius: radius, Theme.finger(touch.finger).withAlphaComponent(alpha), width: Theme.describedRingWidth, dashed: true)
            }
            var text = isDescribed && marked.touches.count > 1 ? "finger \(touch.finger) (described)" : "finger \(touch.finger)"
            if touch.id == marked.earlier { text = "finger \(touch.finger) (earlier gesture)" }
            if touch.isDown, touch.trail.count > 1 {
                text += ", \(Int(saturating: hypot(touch.velocity.x, touch.velocity.y).rounded())) pt/s"
            }
            let size = canvas.measure(text, size: Theme.smallSize)
            let boxSize = CGSize(width: size.width + Theme.labelPadding.width, height: size.height + Theme.labelPadding.height)
            let candidates = LabelPlacer.candidates(beside: last, size: boxSize, gap: Theme.fingerLabelGap)
            if let rect = placer.place(size: boxSize, candidates: candidates) {
                let labelColor = Theme.finger(touch.finger).withAlphaComponent(max(alpha, Theme.fingerLabelMinimumAlpha))
                canvas.labelPixels(text, at: rect.origin, size: Theme.smallSize, labelColor)
            }
        }
        if model.omittedTouchCount > 0 {
            let text =
                "\(model.omittedTouchCount) more touch\(model.omittedTouchCount == 1 ? "" : "es") in this gesture, not drawn "
                + "(the first \(TraceModel.maximumTouchesPerGesture) are)"
            label(text, near: placer.bounds, Theme.haloDark, placer: &placer)
        }
    }

    private func twoToneDisc(at p: CGPoint, radius: CGFloat, _ color: UIColor, alpha: CGFloat) {
        canvas.discPixels(at: p, radius: radius + Theme.discLightRim, Theme.haloLight.withAlphaComponent(alpha))
        canvas.discPixels(at: p, radius: radius + Theme.discDarkRim, Theme.haloDark.withAlphaComponent(alpha))
        canvas.discPixels(at: p, radius: radius, color)
    }

    private func twoToneRing(at p: CGPoint, radius: CGFloat, _ color: UIColor, alpha: CGFloat) {
        canvas.ringPixels(at: p, radius: radius + Theme.ringLightOffset, Theme.haloLight.withAlphaComponent(alpha), width: Theme.ringLightWidth)
        canvas.ringPixels(at: p, radius: radius, Theme.haloDark.withAlphaComponent(alpha), width: Theme.ringDarkWidth)
        canvas.ringPixels(at: p, radius: radius, color, width: Theme.ringWidth)
    }

    func drawEmulatedFinger(_ point: CGPoint) {
        let p = canvas.mapping.pixel(point)
        canvas.discPixels(at: p, radius: Theme.emulatedFingerRadius, Theme.emulatedFinger.withAlphaComponent(Theme.emulatedFingerFillAlpha))
        twoToneRing(at: p, radius: Theme.emulatedFingerRadius, Theme.emulatedFinger, alpha: 1)
    }

    /// An input made while paused, not delivered yet: a hollow ring and `queued 2: finger 1 began`.
    func drawQueued(_ input: (finger: Int, phase: UITouch.Phase, point: CGPoint), number: Int, placer: inout LabelPlacer) {
        let p = canvas.mapping.pixel(input.point)
        twoToneRing(at: p, radius: Theme.emulatedFingerRadius, Theme.emulatedFinger, alpha: 0.6)
        let box = CGRect(
            x: p.x - Theme.emulatedFingerRadius, y: p.y - Theme.emulatedFingerRadius, width: 2 * Theme.emulatedFingerRadius,
            height: 2 * Theme.emulatedFingerRadius)
        label("queued \(number): finger \(input.finger) \(input.phase)", near: box, Theme.emulatedFinger, placer: &placer)
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

    /// Each control tracking a touch: its bounds grown by the margin UIKit keeps (about 70 pt,
    /// a private value) or the control's own, dashed, with whether the touch is inside it. A
    /// lift inside is touchUpInside, outside touchUpOutside.
    func drawTracking(placer: inout LabelPlacer) {
        // The views by name are made once a frame (`views`); tracking controls in name order.
        let tracking = views.values.compactMap { $0 as? UIControl }.filter(\.isTracking).sorted { $0.traceName < $1.traceName }
        for control in tracking {
            let margin = control.effectiveTrackingMargin
            let area = control.bounds.insetBy(dx: -margin, dy: -margin)
            let corners = [
                CGPoint(x: area.minX, y: area.minY), CGPoint(x: area.maxX, y: area.minY), CGPoint(x: area.maxX, y: area.maxY),
                CGPoint(x: area.minX, y: area.maxY),
            ].map { window.convert($0, from: control) }
            canvas.haloStroke(polygon: corners, Theme.trackingOutline, width: 1.5, dashed: true)
            let state = control.isTouchInside ? "inside: a lift is touchUpInside" : "outside: a lift is touchUpOutside"
            label(
                "tracking \(ShortReason.shortName(control.traceName)) (±\(Int(saturating: Double(margin))) pt): \(state)", near: pixelBox(corners),
                Theme.trackingOutline, placer: &placer)
        }
    }

    func drawInspected(_ view: UIView, placer: inout LabelPlacer) {
        guard view.window === window else { return }
        let inset = Theme.windowInspectedInsetPoints
        let quad = view is UIWindow ? Canvas.corners(window.bounds.insetBy(dx: inset, dy: inset)) : ViewGeometry.windowQuad(of: view)
        canvas.haloStroke(polygon: quad, Theme.inspectedOutline, width: Theme.inspectedOutlineWidth)
        label("inspecting \(ShortReason.shortName(view.traceName))", near: pixelBox(quad), Theme.inspectedOutline, placer: &placer)
    }
}
