import Foundation

/// The process's peak resident memory, measured per benchmark: Linux lets a process reset its
/// peak (`/proc/self/clear_refs`), so a measurement that follows another is not inflated by it.
package enum PeakMemory {
    /// Starts a new peak from the memory resident now, where Linux allows it. Returns why it
    /// could not (the peak then counts from the process's start: an upper bound), or nil.
    package static func reset() -> String? {
        // Give freed memory back first, so that work reusing it still shows as resident.
        // glibc's malloc_trim, looked up at run time (the Glibc module does not export it).
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            typealias Trim = @convention(c) (Int) -> Int32
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else {
            return "/proc/self/clear_refs is not writable"
        }
        defer { try? handle.close() }
        // "5" resets the peak resident set size (VmHWM) to the current one.
        do {
            try handle.write(contentsOf: Data("5".utf8))
        } catch {
            return "writing /proc/self/clear_refs failed: \(error)"
        }
        return nil
    }

    /// The resident bytes now.
    package static func residentBytes() -> Int {
        statusBytes("VmRSS:") ?? 0
    }

    /// The peak resident bytes since the last `reset()` (since the start without one).
    package static func bytes() -> Int {
        statusBytes("VmHWM:") ?? peakResidentBytes()
    }

    /// A `kB` field of `/proc/self/status`, in bytes; nil where Linux does not give it.
    private static func statusBytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
