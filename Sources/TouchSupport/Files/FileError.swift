import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file that could not be read or written: which file and why, in plain words.
///
/// Every reader and writer of TouchScope reports through this type, so that a full disk, a
/// missing directory or a FIFO given as a session all read the same way ("cannot write
/// out.session: the disk is full"), never as a raw `NSError`.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file the operation was about.
    public var path: String
    /// What went wrong, in plain words.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `out.session: the disk is full (no space left on device)`.
    public var description: String { "\(TerminalText.line(path)): \(reason)" }

    /// The plain reason for an `errno` value, with the operation that failed.
    package static func reason(errno code: Int32, writing: Bool, path: String) -> String {
        switch code {
        case ENOSPC: return "the disk is full (no space left on device)"
        case EDQUOT: return "the disk quota is exhausted"
        case EACCES, EPERM: return writing ? "permission denied (the file or its directory is not writable)" : "permission denied"
        case EROFS: return "the file system is read-only"
        case ENOENT:
            let directory = (path as NSString).deletingLastPathComponent
            if writing, !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
                return "the directory \(directory) does not exist"
            }
            return "no such file"
        case ENOTDIR: return "a part of the path is not a directory"
        case EISDIR: return "it is a directory, not a file"
        case ENAMETOOLONG: return "the name is too long"
        case EEXIST: return "the file already exists"
        case EIO: return "an input/output error occurred (the device may be failing)"
        case EFBIG: return "the file is too large for the file system"
        case EMFILE, ENFILE: return "too many files are open"
        default: return String(cString: strerror(code))
        }
    }

    /// The error for the current `errno`.
    package static func fromErrno(_ path: String, writing: Bool, code: Int32 = errno) -> FileError {
        FileError(path: path, reason: reason(errno: code, writing: writing, path: path))
    }
}
