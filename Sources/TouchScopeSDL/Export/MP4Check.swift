import Foundation

/// Whether a file is a whole MP4: its top-level boxes (ISO/IEC 14496-12: a 32-bit big-endian
/// size, a four-letter type; size 1 means a 64-bit size follows, size 0 runs to the end) cover
/// the file exactly, and it has the `ftyp`, `moov` and `mdat` boxes every playable MP4 has.
/// A file cut short (a full disk) ends inside a box, or lacks its index (`moov`).
enum MP4Check {
    /// nil for a whole MP4, else what is wrong, in plain words.
    static func problem(atPath path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "ffmpeg wrote no file" }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), end > 0 else { return "ffmpeg wrote an empty file" }
        var offset: UInt64 = 0
        var types: Set<String> = []
        while offset < end {
            guard (try? handle.seek(toOffset: offset)) != nil, let header = try? handle.read(upToCount: 16), header.count >= 8 else {
                return "the file ends inside an MP4 box at byte \(offset) (it was cut short)"
            }
            let bytes = [UInt8](header)
            var size = bytes[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let type = String(bytes[4..<8].map { (0x21...0x7E).contains($0) ? Character(Unicode.Scalar($0)) : "?" })
            var headerSize: UInt64 = 8
            if size == 1 {
                guard bytes.count >= 16 else { return "the file ends inside an MP4 box header at byte \(offset) (it was cut short)" }
                size = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                headerSize = 16
            } else if size == 0 {
                size = end - offset
            }
            guard size >= headerSize, size <= end - offset else {
                return "the MP4 box \"\(type)\" at byte \(offset) runs past the end of the file (it was cut short)"
            }
            types.insert(type)
            offset += size
        }
        for needed in ["ftyp", "moov", "mdat"] where !types.contains(needed) {
            return "the file has no \"\(needed)\" box (it is not a whole MP4)"
        }
        return nil
    }
}
