import Foundation

/// How scene points map to pixels: the scene is scaled to fit the drawable area (keeping its
/// aspect ratio) and centred; the drawable may be larger than the window on high-DPI displays.
package struct ViewportMapping: Equatable, Sendable {
    package var scale: CGFloat
    package var offset: CGPoint
    /// Pixels per window coordinate (2 on a Retina-class display).
    package var pixelDensity: CGFloat

    package init(scale: CGFloat = 1, offset: CGPoint = .zero, pixelDensity: CGFloat = 1) {
        self.scale = scale
        self.offset = offset
        self.pixelDensity = pixelDensity
    }

    /// Fits a scene of `sceneSize` into `area` (pixels), leaving `reserved` pixels on the right.
    package static func fit(sceneSize: CGSize, into area: CGSize, reservedRight: CGFloat = 0, pixelDensity: CGFloat = 1) -> ViewportMapping {
        fit(sceneSize: sceneSize, into: CGRect(x: 0, y: 0, width: area.width - reservedRight, height: area.height), pixelDensity: pixelDensity)
    }

    /// Fits a scene of `sceneSize` into the pixel rect `area`, centred.
    package static func fit(sceneSize: CGSize, into area: CGRect, pixelDensity: CGFloat = 1) -> ViewportMapping {
        let available = CGSize(width: max(1, area.width), height: max(1, area.height))
        let scale = min(available.width / max(1, sceneSize.width), available.height / max(1, sceneSize.height))
        let offset = CGPoint(
            x: area.minX + ((available.width - sceneSize.width * scale) / 2).rounded(),
            y: area.minY + ((available.height - sceneSize.height * scale) / 2).rounded())
        return ViewportMapping(scale: scale, offset: offset, pixelDensity: pixelDensity)
    }

    /// A scene point's pixel position.
    package func pixel(_ point: CGPoint) -> CGPoint {
        CGPoint(x: point.x * scale + offset.x, y: point.y * scale + offset.y)
    }

    /// The scene point under a pixel position.
    package func point(atPixel pixel: CGPoint) -> CGPoint {
        CGPoint(x: (pixel.x - offset.x) / scale, y: (pixel.y - offset.y) / scale)
    }

    /// The scene point under a window coordinate (SDL mouse events use window coordinates).
    package func point(atWindowCoordinate coordinate: CGPoint) -> CGPoint {
        point(atPixel: CGPoint(x: coordinate.x * pixelDensity, y: coordinate.y * pixelDensity))
    }
}
