import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way TouchScope writes a whole file: to a temporary file in the same directory, every
/// byte checked, synced to disk, then renamed into place in one step, and the directory synced.
///
/// Contract: when `write` returns, the file holds exactly `bytes`, durably. When it throws, the
/// destination is untouched (a previous file keeps its contents) and no temporary file is left.
/// Nothing is ever written with `try?`: every failure surfaces as a `FileError`. Before anything
/// is written, `OutputGuard` refuses a destination that is one of `inputs` or is not a regular
/// file; every caller names its inputs.
package enum AtomicFile {
    /// What to do when the destination exists.
    package enum Existing: Sendable {
        /// Replace it (the user named this file).
        case replace
        /// Refuse with "the file already exists" (the name was chosen for the user).
        case refuse
    }

    /// Writes `bytes` to `path` atomically.
    package static func write(
        _ bytes: some Collection<UInt8>, to path: String, inputs: [String], existing: Existing = .replace
    ) throws(FileError) {
        try OutputGuard.check(path, inputs: inputs)
        let temporary = try TemporaryFile(nextTo: path, inputs: inputs)
        do {
            try temporary.write(bytes)
            try temporary.sync()
            try temporary.commit(to: path, existing: existing)
        } catch {
            temporary.discard()
            throw error
        }
    }

    /// Writes `text` as UTF-8 to `path` atomically.
    package static func write(_ text: String, to path: String, inputs: [String], existing: Existing = .replace) throws(FileError) {
        try write(Array(text.utf8), to: path, inputs: inputs, existing: existing)
    }
}

/// A file being written under a temporary name next to its destination.
package final class TemporaryFile {
    /// The temporary file's path.
    package let path: String
    private var descriptor: Int32

    /// The marker in every temporary's name: `<destination>.touchscope-<pid>-<random>.tmp`.
    package static let marker = ".touchscope-"

    /// A fresh temporary name for `destination`: `<destination>.touchscope-<pid>-<random>.tmp`,
    /// the destination's name shortened when it is too long to take the suffix (`SiblingName`).
    package static func candidate(nextTo destination: String) -> String {
        SiblingName.path(nextTo: destination, suffix: marker + "\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp")
    }

    /// Creates `<destination>.touchscope-<pid>-<random>.tmp` (never an existing file), writable
    /// by this process only until it is committed (then 0644, as any written file). Temporaries
    /// for the same destination left by a process that is gone (killed mid-write) are removed
    /// first, except any of `inputs`.
    package init(nextTo destination: String, inputs: [String] = []) throws(FileError) {
        Self.removeLeftovers(of: destination, inputs: inputs)
        var attempt = 0
        while true {
            let candidate = Self.candidate(nextTo: destination)
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 {
                path = candidate
                descriptor = fd
                return
            }
            let code = errno
            attempt += 1
            if code != EEXIST || attempt > 16 { throw FileError.fromErrno(destination, writing: true, code: code) }
        }
    }

    deinit {
        if descriptor >= 0 { discard() }
    }

    /// Appends every byte of `bytes`, retrying short writes and interruptions.
    package func write(_ bytes: some Collection<UInt8>) throws(FileError) {
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let written = array.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw FileError.fromErrno(path, writing: true)
            }
            offset += written
        }
    }

    /// Flushes the file to the disk.
    package func sync() throws(FileError) {
        if fsync(descriptor) != 0 { throw FileError.fromErrno(path, writing: true) }
    }

    /// Closes the file and gives it its final name; then syncs the directory so the name lasts.
    package func commit(to destination: String, existing: AtomicFile.Existing) throws(FileError) {
        fchmod(descriptor, 0o644)
        let fd = descriptor
        descriptor = -1
        if close(fd) != 0 {
            let code = errno
            unlink(path)
            throw FileError.fromErrno(destination, writing: true, code: code)
        }
        switch existing {
        case .replace:
            if rename(path, destination) != 0 {
                let code = errno
                unlink(path)
                throw FileError.fromErrno(destination, writing: true, code: code)
            }
        case .refuse:
            // link(2) fails with EEXIST instead of replacing: no window in which a file that
            // appeared meanwhile could be overwritten.
            if link(path, destination) != 0 {
                let code = errno
                unlink(path)
                throw FileError.fromErrno(destination, writing: true, code: code)
            }
            unlink(path)
        }
        Self.syncDirectory(of: destination)
    }

    /// Removes `<destination>.touchscope-<pid>-*.tmp` files whose process no longer runs; an
    /// input of the command that happens to have such a name is never one.
    package static func removeLeftovers(of destination: String, inputs: [String] = []) {
        let url = URL(fileURLWithPath: destination)
        let directory = url.deletingLastPathComponent().path
        let prefix = SiblingName.stem(ofName: url.lastPathComponent) + marker
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let rest = name.dropFirst(prefix.count)
            guard let pid = rest.split(separator: "-").first.flatMap({ Int32($0) }), pid > 0 else { continue }
            if pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH { continue }
            let leftover = directory + "/" + name
            if inputs.contains(where: { OutputGuard.isSameFile(leftover, $0) }) { continue }
            unlink(leftover)
        }
    }

    /// Closes and removes the temporary file.
    package func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        unlink(path)
    }

    /// fsync on the directory makes a rename durable; a failure here cannot lose data already
    /// renamed, so it is not an error.
    package static func syncDirectory(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
