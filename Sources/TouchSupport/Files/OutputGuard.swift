import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one check before TouchScope writes a file: what it writes never destroys what it was
/// given, or what is not a file.
///
/// - A destination that is one of the command's inputs (the same file through any path, hard
///   link or symbolic link) is refused.
/// - A destination that exists and is not a regular file (a FIFO, a socket, a device such as
///   `/dev/full`, a directory) is refused, never replaced.
///
/// `AtomicFile.write` and the session recorder call it with their inputs, so no writer can skip it.
package enum OutputGuard {
    /// Throws a `FileError` naming `destination` when writing it would destroy an input or a
    /// file that is not a regular file.
    package static func check(_ destination: String, inputs: [String]) throws(FileError) {
        if destination.isEmpty || destination.hasSuffix("/") || destination.hasSuffix("/.") || destination.hasSuffix("/..")
            || destination == "." || destination == ".."
        {
            throw FileError(path: destination, reason: "this names a folder, not a file; give a file name")
        }
        var target = stat()
        let exists = stat(destination, &target) == 0
        if exists {
            let type = target.st_mode & S_IFMT
            if type != S_IFREG {
                throw FileError(path: destination, reason: "it exists and is \(describe(type)), not a regular file; it is never replaced")
            }
        }
        // The folder must be there and writable: an export refuses before it draws a frame.
        let directory = URL(fileURLWithPath: resolved(destination)).deletingLastPathComponent().path
        var folder = stat()
        if stat(directory, &folder) != 0 || folder.st_mode & S_IFMT != S_IFDIR {
            throw FileError(path: destination, reason: "the directory \(directory) does not exist")
        }
        if access(directory, W_OK) != 0 {
            throw FileError(path: destination, reason: "permission denied (the directory \(directory) is not writable)")
        }
        for input in inputs {
            guard isSameFile(destination, input) else { continue }
            throw FileError(
                path: destination,
                reason:
                    "this is \(input == destination ? "an input of this command" : "the input \(input)"); it is never written over (give another output)"
            )
        }
    }

    /// Whether two paths name the same file: the same device and inode when both exist
    /// (through links), else the same absolute path with `.` and `..` resolved as the file
    /// system does.
    package static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        if stat(a, &first) == 0, stat(b, &second) == 0 {
            return first.st_dev == second.st_dev && first.st_ino == second.st_ino
        }
        return resolved(a) == resolved(b)
    }

    /// The absolute path, symbolic links and `..` resolved by the file system for the part that
    /// exists (`realpath` of the directory), the last component kept.
    package static func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let url = URL(fileURLWithPath: absolute)
        let directory = url.deletingLastPathComponent().path
        guard let real = realpath(directory, nil) else { return absolute }
        defer { free(real) }
        return String(cString: real) + "/" + url.lastPathComponent
    }

    private static func describe(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "not a regular file"
        }
    }
}
