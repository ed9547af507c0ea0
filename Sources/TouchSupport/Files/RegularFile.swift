import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading input files safely: only regular files (a FIFO, a device or a directory is refused
/// before a byte is read, so nothing can hang), never more than a stated size, and every
/// failure as a plain `FileError`.
package final class RegularFile {
    /// The file's path, as given.
    package let path: String
    /// Its size when it was opened, in bytes.
    package let size: Int
    private var descriptor: Int32

    /// Opens `path` for reading. Throws when it does not exist, cannot be read, is not a regular
    /// file, or is larger than `maximumSize` bytes (`what` names the kind of file in the message).
    package init(path: String, maximumSize: Int, what: String = "file") throws(FileError) {
        self.path = path
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw FileError.fromErrno(path, writing: false) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw FileError.fromErrno(path, writing: false, code: code)
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            close(fd)
            let kind =
                switch type {
                case S_IFDIR: "a directory"
                case S_IFIFO: "a FIFO (named pipe)"
                case S_IFCHR, S_IFBLK: "a device"
                case S_IFSOCK: "a socket"
                default: "not a regular file"
                }
            throw FileError(path: path, reason: "it is \(kind), not a \(what); give a regular file")
        }
        size = Int(info.st_size)
        guard size <= maximumSize else {
            close(fd)
            throw FileError(path: path, reason: "the \(what) is \(Self.describe(size)); at most \(Self.describe(maximumSize)) is read")
        }
        descriptor = fd
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The next bytes, at most `count`; empty at the end of the file.
    package func read(upTo count: Int) throws(FileError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileError.fromErrno(path, writing: false)
            }
            buffer.removeSubrange(got...)
            return buffer
        }
    }

    /// The whole file (the file may not grow past `maximumSize` while it is read).
    package func readAll(maximumSize: Int) throws(FileError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        while true {
            let chunk = try read(upTo: 1 << 20)
            if chunk.isEmpty { return bytes }
            bytes.append(contentsOf: chunk)
            if bytes.count > maximumSize {
                throw FileError(path: path, reason: "the file grew past \(Self.describe(maximumSize)) while it was read")
            }
        }
    }

    /// Reads the whole regular file at `path`, at most `maximumSize` bytes.
    package static func contents(of path: String, maximumSize: Int, what: String = "file") throws(FileError) -> [UInt8] {
        let file = try RegularFile(path: path, maximumSize: maximumSize, what: what)
        return try file.readAll(maximumSize: maximumSize)
    }

    /// `12 bytes`, `3.4 MiB`, `1 GiB`.
    static func describe(_ bytes: Int) -> String {
        if bytes < 1 << 10 { return "\(bytes) bytes" }
        if bytes < 1 << 20 { return String(format: "%.1f KiB", Double(bytes) / 1024) }
        if bytes < 1 << 30 { return String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
        return String(format: "%.1f GiB", Double(bytes) / 1_073_741_824)
    }
}

/// File names made from data (a scene's name, a label): one path component, never a path.
package enum SafeFileName {
    /// `name` reduced to letters, digits, `-`, `_` and `.` (others become `-`), without a leading
    /// dot, at most 64 characters; "scene" when nothing is left. `../../x` becomes `x`.
    package static func component(_ name: String, fallback: String = "scene") -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            if result.unicodeScalars.count >= 64 { break }
            let keep =
                (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" || scalar == ".")
                && scalar.value >= 0x20
            result.unicodeScalars.append(keep ? scalar : "-")
        }
        while result.hasPrefix(".") || result.hasPrefix("-") { result.removeFirst() }
        while result.hasSuffix("-") || result.hasSuffix(".") { result.removeLast() }
        return result.isEmpty ? fallback : result
    }
}
