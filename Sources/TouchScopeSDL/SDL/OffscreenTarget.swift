import CSDL2
import Foundation
import TouchKit
import TouchScenes

/// A surface with a software renderer: headless frames for `touchscope render`, the demo, the
/// frame benchmark and the rendering tests. Works with SDL's offscreen or dummy video driver.
package final class OffscreenTarget {
    package let size: CGSize
    let surface: UnsafeMutablePointer<SDL_Surface>
    let renderer: OpaquePointer

    /// A `width` x `height` pixel target. Starts SDL with the offscreen driver if needed.
    package init(width: Int, height: Int) throws {
        try SDLContext.start(driver: SDLContext.hasDisplay ? nil : "offscreen")
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw SDLError("SDL_CreateSoftwareRenderer")
        }
        self.surface = surface
        self.renderer = renderer
        self.size = CGSize(width: width, height: height)
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    /// The colour of the pixel at (x, y), for tests.
    package func pixel(x: Int, y: Int) -> UIColor {
        guard x >= 0, y >= 0, x < Int(saturating: size.width), y < Int(saturating: size.height) else { return .clear }
        SDL_RenderFlush(renderer)
        let pitch = Int(surface.pointee.pitch)
        let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let value = (base + y * pitch + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        func channel(_ shift: UInt32) -> CGFloat { CGFloat((value >> shift) & 0xFF) / 255 }
        return UIColor(red: channel(16), green: channel(8), blue: channel(0), alpha: channel(24))
    }

    /// The frame as packed 0xRRGGBB values, row by row (for encoders that take pixels).
    package func rgbPixels() -> [UInt32] {
        SDL_RenderFlush(renderer)
        let width = Int(saturating: size.width)
        let height = Int(saturating: size.height)
        let pitch = Int(surface.pointee.pitch)
        let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = UnsafeRawPointer(base + y * pitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { out[y * width + x] = row[x] & 0x00FF_FFFF }
            }
        }
        return pixels
    }

    /// The frame as PNG bytes.
    package func pngData() throws -> [UInt8] {
        SDL_RenderFlush(renderer)
        let stream = try MemoryStream()
        guard IMG_SavePNG_RW(surface, stream.ops, 0) == 0 else { throw SDLError("IMG_SavePNG_RW") }
        return stream.bytes
    }

    /// Writes the frame as a PNG through `AtomicFile`: every byte checked, synced, renamed into
    /// place, so a failure (a full disk) throws a `FileError` and never leaves a partial picture.
    package func savePNG(to path: String, inputs: [String]) throws {
        try AtomicFile.write(try pngData(), to: path, inputs: inputs)
    }
}
