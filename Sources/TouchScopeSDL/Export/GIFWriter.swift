import CGif
import Foundation
import TouchKit

/// Writes an animated GIF with giflib (Debian's libgif): one frame after another, each encoded as
/// the rectangle that changed since the previous one, unchanged pixels inside it transparent,
/// with a palette of its own (`ColorQuantizer`: the overlays' colours exact). Frames that do not
/// change lengthen the previous frame instead of adding one. The animation loops.
final class GIFWriter {
    let width: Int
    let height: Int
    /// Delay per frame, in hundredths of a second (GIF's unit).
    let delay: Int
    private var gif: UnsafeMutablePointer<GifFileType>?
    private(set) var bytes: [UInt8] = []
    private var previous: [UInt32]?
    private var pending: (rect: (x: Int, y: Int, w: Int, h: Int), pixels: [UInt32], transparent: Bool, delay: Int)?
    /// Frames written (after merging unchanged ones).
    private(set) var frameCount = 0
    private var failure: String?
    /// The colours kept exact in every frame.
    let exactColors: Set<UInt32>

    /// A GIF of `width` x `height` pixels, `fps` frames a second.
    init(width: Int, height: Int, fps: Double, exactColors: Set<UInt32>) throws {
        self.width = width
        self.height = height
        self.delay = max(2, Int(saturating: (100 / fps).rounded()))
        self.exactColors = exactColors
        var error: Int32 = 0
        let context = CallbackContext.pointer(to: self)
        gif = EGifOpen(
            context,
            { file, data, length in
                guard let file, let data, let context = file.pointee.UserData else { return 0 }
                let writer = CallbackContext.object(context, as: GIFWriter.self)
                writer.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return length
            }, &error)
        guard let gif else { throw ExportError("cannot start the GIF: \(Self.message(error))") }
        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil), "the screen descriptor")
        // Loop forever (the NETSCAPE2.0 application extension).
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "the loop extension")
        var netscape = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(gif, 11, &netscape), "the loop extension")
        var loop: [UInt8] = [1, 0, 0]
        try check(EGifPutExtensionBlock(gif, 3, &loop), "the loop extension")
        try check(EGifPutExtensionTrailer(gif), "the loop extension")
    }

    deinit {
        if let gif {
            var error: Int32 = 0
            EGifCloseFile(gif, &error)
        }
    }

    /// Adds a frame (`width` x `height` packed 0xRRGGBB pixels).
    func add(_ pixels: [UInt32]) throws {
        precondition(pixels.count == width * height, "a frame of the wrong size")
        guard let previous else {
            pending = ((0, 0, width, height), pixels, false, delay)
            self.previous = pixels
            return
        }
        guard let rect = Self.changedRect(previous, pixels, width: width, height: height) else {
            // A GIF delay is 16 bits of hundredths (655.35 s): a longer still stretch continues
            // as 1x1 transparent frames instead of wrapping (5 h played as 16 min).
            if let held = pending?.delay, held + delay > Self.maximumDelay {
                try flush()
                pending = ((0, 0, 1, 1), [Self.transparentMarker], true, delay)
            } else {
                pending?.delay += delay
            }
            return
        }
        try flush()
        var region: [UInt32] = []
        region.reserveCapacity(rect.w * rect.h)
        for y in rect.y..<(rect.y + rect.h) {
            for x in rect.x..<(rect.x + rect.w) {
                let i = y * width + x
                // Unchanged pixels are transparent (they keep the previous frame's colour).
                region.append(pixels[i] == previous[i] ? Self.transparentMarker : pixels[i])
            }
        }
        pending = (rect, region, true, delay)
        self.previous = pixels
    }

    /// The longest delay one GIF frame holds, in hundredths of a second.
    static let maximumDelay = 0xFFFF

    /// A value no 0xRRGGBB pixel has.
    static let transparentMarker: UInt32 = 0xFF00_0000

    /// Writes the last frame and the trailer; returns the file's bytes.
    func finish() throws -> [UInt8] {
        try flush()
        guard let gif else { throw ExportError("the GIF was already finished") }
        var error: Int32 = 0
        self.gif = nil
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw ExportError("cannot finish the GIF: \(Self.message(error))") }
        if let failure { throw ExportError(failure) }
        return bytes
    }

    private func flush() throws {
        guard let frame = pending, let gif else { return }
        pending = nil
        let colors = frame.pixels.filter { $0 != Self.transparentMarker }
        let quantizer = ColorQuantizer(pixels: colors.isEmpty ? [0] : colors, exact: exactColors, maximum: frame.transparent ? 255 : 256)
        var palette = quantizer.palette
        var transparentIndex = -1
        if frame.transparent {
            transparentIndex = palette.count
            palette.append(0)
        }
        let bits = max(1, Int(saturating: ceil(log2(Double(max(2, palette.count))))))
        let size = 1 << bits
        var map = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
        for (i, color) in palette.enumerated() {
            map[i] = GifColorType(Red: UInt8((color >> 16) & 0xFF), Green: UInt8((color >> 8) & 0xFF), Blue: UInt8(color & 0xFF))
        }
        guard let colorMap = GifMakeMapObject(Int32(size), &map) else { throw ExportError("cannot make a GIF colour map") }
        defer { GifFreeMapObject(colorMap) }
        // Graphics control: do not dispose (the next frame draws over this one), delay, transparency.
        var control: [UInt8] = [
            UInt8(1 << 2) | (transparentIndex >= 0 ? 1 : 0), UInt8(frame.delay & 0xFF), UInt8((frame.delay >> 8) & 0xFF),
            UInt8(max(0, transparentIndex)),
        ]
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, &control), "a frame's timing")
        try check(
            EGifPutImageDesc(gif, Int32(frame.rect.x), Int32(frame.rect.y), Int32(frame.rect.w), Int32(frame.rect.h), false, colorMap), "a frame")
        var line = [GifPixelType](repeating: 0, count: frame.rect.w)
        for row in 0..<frame.rect.h {
            for column in 0..<frame.rect.w {
                let color = frame.pixels[row * frame.rect.w + column]
                line[column] = color == Self.transparentMarker ? UInt8(transparentIndex) : quantizer.entry(color)
            }
            try check(EGifPutLine(gif, &line, Int32(frame.rect.w)), "a frame's pixels")
        }
        frameCount += 1
    }

    /// The smallest rectangle holding every pixel that differs, or nil when none does.
    static func changedRect(_ a: [UInt32], _ b: [UInt32], width: Int, height: Int) -> (x: Int, y: Int, w: Int, h: Int)? {
        var minX = width
        var minY = height
        var maxX = -1
        var maxY = -1
        for y in 0..<height {
            let row = y * width
            for x in 0..<width where a[row + x] != b[row + x] {
                if x < minX { minX = x }
                if x > maxX { maxX = x }
                if y < minY { minY = y }
                maxY = y
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    private func check(_ result: Int32, _ what: String) throws {
        guard result == GIF_OK else {
            throw ExportError("cannot write \(what) of the GIF: \(Self.message(gif?.pointee.Error ?? 0))")
        }
    }

    static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}

/// An export that cannot be made as asked.
package struct ExportError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
