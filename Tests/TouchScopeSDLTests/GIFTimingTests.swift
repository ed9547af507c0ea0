import Foundation
import Testing

@testable import TouchScopeSDL

/// Issue 30.4: a GIF's frame delays are 16 bits of hundredths; a long still stretch must add up
/// to its real length instead of wrapping.
@Suite("GIF timing")
struct GIFTimingTests {
    /// The delays of every frame's graphic control extension, in hundredths of a second.
    static func delays(_ bytes: [UInt8]) -> [Int] {
        var result: [Int] = []
        var i = 0
        while i + 5 < bytes.count {
            if bytes[i] == 0x21, bytes[i + 1] == 0xF9, bytes[i + 2] == 0x04 {
                result.append(Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8)
                i += 8
            } else {
                i += 1
            }
        }
        return result
    }

    @Test("an unchanged picture held 2 hours plays 2 hours", arguments: [1, 700, 7_200])
    func longStillStretch(seconds: Int) throws {
        let writer = try GIFWriter(width: 2, height: 2, fps: 1, exactColors: [])
        for _ in 0..<seconds { try writer.add([0xFF0000, 0x00FF00, 0x0000FF, 0xFFFFFF]) }
        let delays = Self.delays(try writer.finish())
        #expect(delays.reduce(0, +) == seconds * 100)
        #expect(delays.allSatisfy { $0 <= GIFWriter.maximumDelay })
    }

    @Test("frame counts are computed, not listed, and capped")
    func frameCap() {
        #expect(SessionFrames.frameCount(from: 0, to: 1_000_000, fps: 20, speed: 1) == 22)
        #expect(SessionFrames.frameCount(from: 0, to: 36_000_000_000, fps: 20, speed: 1) == nil)
        #expect(SessionFrames.frameCount(from: 0, to: 1_000_000_000_000_000, fps: 60, speed: 0.05) == nil)
    }
}
