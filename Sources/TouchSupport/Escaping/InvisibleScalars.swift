/// The characters that data may hold but no sink may pass on as they are: they are invisible,
/// move the cursor, start a terminal escape sequence, or reorder the text around them.
///
/// Every scalar below U+0020, U+007F (DEL), the C1 controls U+0080–U+009F, the bidirectional
/// controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), the line and paragraph
/// separators U+2028 and U+2029, and the byte order mark U+FEFF. Each sink (`TerminalText`,
/// `SwiftSource`, `MarkupText`, `JSONWriter`) shows them as visible escapes in its own syntax.
package enum InvisibleScalars {
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F, 0x80...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029, 0xFEFF: true
        default: false
        }
    }

    /// Whether `text` holds none, checked on its bytes first (the common, all-ASCII case costs
    /// one pass and no allocation).
    package static func isClean(_ text: String) -> Bool {
        var ascii = true
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F { return false }
            if byte >= 0x80 { ascii = false }
        }
        return ascii || !text.unicodeScalars.contains(where: contains)
    }

    /// `\u{1B}`: the escape Swift, and people, read.
    package static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
