import CSDL2
import Foundation
import TouchKit

/// Text: rendered once per string, size and colour, then drawn from a texture cache.
extension Canvas {
    private func font(_ size: Int) -> OpaquePointer? {
        if let font = fonts[size] { return font }
        guard let path = SDLContext.fontPath, let font = TTF_OpenFont(path, Int32(size)) else { return nil }
        fonts[size] = font
        return font
    }

    /// Draws `text` with its top-left corner at a pixel position; returns its size in pixels.
    @discardableResult
    package func textPixels(_ text: String, at origin: CGPoint, size: Int = Theme.bodySize, _ color: UIColor = .black, alpha: CGFloat = 1) -> CGSize {
        guard !text.isEmpty, !isClippedAway, origin.x.isFinite, origin.y.isFinite, let entry = texture(text, size: size, color) else { return .zero }
        SDL_SetTextureAlphaMod(entry.texture, UInt8(clamping: Int(saturating: Double(alpha * 255), rounding: .toNearestOrAwayFromZero)))
        var destination = SDL_FRect(x: Float(origin.x.rounded()), y: Float(origin.y.rounded()), w: Float(entry.width), h: Float(entry.height))
        SDL_RenderCopyF(renderer, entry.texture, nil, &destination)
        return CGSize(width: CGFloat(entry.width), height: CGFloat(entry.height))
    }

    /// Draws `text` on a light box, so it reads over any scene; returns the box.
    @discardableResult
    package func labelPixels(
        _ text: String, at origin: CGPoint, size: Int = Theme.smallSize, _ color: UIColor, background: UIColor = Theme.labelBackground
    ) -> CGRect {
        let measured = measure(text, size: size)
        let box = CGRect(x: origin.x, y: origin.y, width: measured.width + 6, height: measured.height + 2)
        fillPixels(box, background)
        textPixels(text, at: CGPoint(x: origin.x + 3, y: origin.y + 1), size: size, color)
        return box
    }

    /// The size `text` would take, in pixels.
    package func measure(_ text: String, size: Int = Theme.bodySize) -> CGSize {
        guard !text.isEmpty, let font = font(size) else { return .zero }
        var width: Int32 = 0
        var height: Int32 = 0
        TTF_SizeUTF8(font, text, &width, &height)
        return CGSize(width: CGFloat(width), height: CGFloat(height))
    }

    /// `text` cut at its end, with "…", to fit `width` pixels (whole when it fits). Names are
    /// never cut in the middle: the start says which view it is, the inspector has the rest.
    package func elided(_ text: String, width: CGFloat, size: Int = Theme.bodySize) -> String {
        guard measure(text, size: size).width > width else { return text }
        var low = 0
        var high = text.count
        // The longest prefix that fits with the ellipsis (binary search on characters).
        while low < high {
            let middle = (low + high + 1) / 2
            if measure(String(text.prefix(middle)) + "…", size: size).width <= width { low = middle } else { high = middle - 1 }
        }
        return String(text.prefix(low)) + "…"
    }

    private func texture(_ text: String, size: Int, _ color: UIColor) -> (texture: OpaquePointer, width: Int32, height: Int32)? {
        let key = "\(size)|\(color.description)|\(text)"
        if let cached = textCache[key] { return cached }
        guard let font = font(size) else { return nil }
        guard let surface = TTF_RenderUTF8_Blended(font, text, Self.sdlColor(color)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        if textCache.count > 2048 {
            for entry in textCache.values { SDL_DestroyTexture(entry.texture) }
            textCache.removeAll()
        }
        let entry = (texture, surface.pointee.w, surface.pointee.h)
        textCache[key] = entry
        return entry
    }
}
