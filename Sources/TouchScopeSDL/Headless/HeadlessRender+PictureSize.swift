import Foundation
import TouchKit
import TouchScenes

extension HeadlessRender {
    /// Largest picture side, in pixels, whatever asked for it.
    package static let maximumSide = 8192
    /// Largest picture, in pixels (128 MiB of ARGB), whatever combination of sizes asked for it.
    package static let maximumPixels = 32 * 1024 * 1024

    /// A picture size that the options asked for, directly or through the scene's aspect ratio,
    /// is past the caps.
    package struct PictureTooLarge: Error, CustomStringConvertible {
        package let width: Int
        package let height: Int
        package var description: String {
            "the picture would be \(width)x\(height) px; at most \(maximumSide) px a side and \(maximumPixels) pixels in all: ask for a smaller --width or --height"
        }
    }

    /// The picture size for `width` and `height` as asked: both given, both used; one given, the
    /// other follows so that the scene keeps its aspect ratio (beside the panel and above the
    /// bars, when there is room for the panel); none, the scene at 1:1 with the panel and bars,
    /// shrunk in proportion when that is past the caps. A size that was asked for (one side or
    /// both) and comes out past the caps is refused, never silently squashed.
    package static func pictureSize(
        for scene: LoadedScene, overlays: OverlayRenderer.Layers, hasTimeline: Bool, width: Int?, height: Int?
    ) throws -> (Int, Int) {
        let size = scene.window.bounds.size
        func pixels(_ value: CGFloat) -> Int {
            // Bounded before the conversion: a scene is at most 10,000 pt, a side at most 8192.
            Int(saturating: max(1, min(value, CGFloat(Int32.max))).rounded())
        }
        func chrome(showsPanel: Bool) -> CGSize {
            FrameLayout.chrome(overlays: !overlays.isEmpty, showsPanel: showsPanel, hasTimeline: hasTimeline)
        }
        let result: (Int, Int)
        switch (width, height) {
        case (let w?, let h?):
            result = (w, h)
        case (let w?, nil):
            let extra = chrome(showsPanel: hasRoomForPanel(width: w))
            let sceneWidth = max(1, CGFloat(w) - extra.width)
            result = (w, pixels(size.height * sceneWidth / size.width + extra.height))
        case (nil, let h?):
            let extra = chrome(showsPanel: true)
            let sceneHeight = max(1, CGFloat(h) - extra.height)
            result = (pixels(size.width * sceneHeight / size.height + extra.width), h)
        case (nil, nil):
            let full = FrameLayout.size(forScene: size, overlays: !overlays.isEmpty, showsPanel: true, hasTimeline: hasTimeline)
            let fits = fitting(width: pixels(full.width), height: pixels(full.height))
            if fits.width == pixels(full.width) && fits.height == pixels(full.height) { return fits }
            // Too big at 1:1: the widest picture of the scene's proportions that fits the caps.
            var narrower = fits.width
            while narrower > 1 {
                let candidate = try? pictureSize(for: scene, overlays: overlays, hasTimeline: hasTimeline, width: narrower, height: nil)
                if let candidate { return candidate }
                narrower = narrower * 15 / 16
            }
            result = (1, 1)
        }
        guard result.0 <= maximumSide, result.1 <= maximumSide, result.0 * result.1 <= maximumPixels else {
            throw PictureTooLarge(width: result.0, height: result.1)
        }
        return result
    }

    /// The largest size of the same proportions as `width`×`height` within the caps.
    static func fitting(width: Int, height: Int) -> (width: Int, height: Int) {
        let w = Double(width)
        let h = Double(height)
        let factor = min(1, Double(maximumSide) / w, Double(maximumSide) / h, (Double(maximumPixels) / (w * h)).squareRoot())
        return (max(1, Int(saturating: (w * factor).rounded(.down))), max(1, Int(saturating: (h * factor).rounded(.down))))
    }
}
