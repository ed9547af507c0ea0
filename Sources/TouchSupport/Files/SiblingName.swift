import Foundation

/// The names of the files TouchScope writes next to a destination (a temporary file, a
/// recording's `.partial`): always within the file system's limit of 255 bytes a name, for any
/// destination name that is itself valid.
///
/// A name short enough to take a suffix keeps its name (`out.session.partial`). A longer one is
/// cut to leave room for the longest suffix TouchScope adds (`reserved` bytes), at a character
/// boundary, and marked with a hash of the whole name so that two long names that share their
/// start never share a temporary: `<first 190 bytes>~<16 hex digits>.partial`. The same
/// destination always gets the same stem, so a leftover is found again.
package enum SiblingName {
    /// The longest name a file system takes (NAME_MAX on Linux and macOS).
    package static let nameLimit = 255
    /// Room kept for the suffixes added to a stem: `.touchscope-<pid>-<random>.tmp` and
    /// `.partial.<random>.new`, with margin.
    package static let reserved = 48

    /// The destination's last component, shortened as above when needed.
    package static func stem(ofName name: String) -> String {
        guard name.utf8.count + reserved > nameLimit else { return name }
        let budget = nameLimit - reserved - 17
        var cut = ""
        var used = 0
        for scalar in name.unicodeScalars {
            let size = String(scalar).utf8.count
            if used + size > budget { break }
            cut.unicodeScalars.append(scalar)
            used += size
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return cut + "~" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// `destination` with its last component replaced by its stem and `suffix` appended.
    package static func path(nextTo destination: String, suffix: String) -> String {
        let slash = destination.lastIndex(of: "/")
        let directory = slash.map { destination[...$0] } ?? ""
        let name = String(slash.map { destination[destination.index(after: $0)...] } ?? destination[...])
        return directory + stem(ofName: name) + suffix
    }
}
