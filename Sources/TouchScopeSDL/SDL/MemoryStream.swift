import CSDL2
import Foundation

/// A growable in-memory `SDL_RWops`, so that SDL_image encodes a PNG into bytes that are then
/// written through TouchScope's one checked, atomic file path (`AtomicFile`), never straight to
/// disk where a short write could go unnoticed.
final class MemoryStream {
    private(set) var bytes: [UInt8] = []
    private var position = 0
    let ops: UnsafeMutablePointer<SDL_RWops>

    init() throws {
        guard let ops = SDL_AllocRW() else { throw SDLError("SDL_AllocRW") }
        self.ops = ops
        ops.pointee.type = UInt32(SDL_RWOPS_UNKNOWN)
        ops.pointee.hidden.unknown.data1 = CallbackContext.pointer(to: self)
        ops.pointee.size = { context in
            Int64(MemoryStream.from(context).bytes.count)
        }
        ops.pointee.seek = { context, offset, whence in
            let stream = MemoryStream.from(context)
            let base: Int
            switch whence {
            case RW_SEEK_SET: base = 0
            case RW_SEEK_CUR: base = stream.position
            default: base = stream.bytes.count
            }
            let target = base + Int(offset)
            guard target >= 0 else { return -1 }
            stream.position = target
            return Int64(target)
        }
        ops.pointee.read = { _, _, _, _ in 0 }
        ops.pointee.write = { context, pointer, size, count in
            guard let pointer, size > 0 else { return 0 }
            let stream = MemoryStream.from(context)
            let length = size * count
            let source = UnsafeRawBufferPointer(start: pointer, count: length)
            let end = stream.position + length
            if stream.bytes.count < end { stream.bytes.append(contentsOf: repeatElement(0, count: end - stream.bytes.count)) }
            stream.bytes.replaceSubrange(stream.position..<end, with: source)
            stream.position = end
            return count
        }
        ops.pointee.close = { _ in 0 }
    }

    deinit {
        SDL_FreeRW(ops)
    }

    private static func from(_ context: UnsafeMutablePointer<SDL_RWops>?) -> MemoryStream {
        CallbackContext.object(context!.pointee.hidden.unknown.data1, as: MemoryStream.self)
    }
}
