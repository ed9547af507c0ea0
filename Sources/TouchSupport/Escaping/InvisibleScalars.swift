/// The characters that data may hold but no sink may pass on as they are: they are invisible,
/// move the cursor, start a terminal escape sequence, or reorder the text around them.
///
/// Every scalar below U+0020, U+007F (DEL), the C1 controls U+0080–U+009F, the bidirectional
/// controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), the line and paragraph
/// separators U+2028 and U+2029, the byte order mark U+FEFF, and the characters that draw
/// nothing yet change what a reader takes a name to be: the soft hyphen U+00AD, the combining
/// grapheme joiner U+034F, the Mongolian vowel separator U+180E, the zero-width space, non-joiner
/// and joiner U+200B–U+200D, the invisible operators U+2060–U+2064 and U+206A–U+206F, the
/// Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the interlinear annotation marks
/// U+FFF9–U+FFFB and the tag characters U+E0000–U+E007F. Each sink (`TerminalText`,
/// `SwiftSource`, `MarkupText`, `JSONWriter`) shows them as visible escapes in its own syntax.
package enum InvisibleScalars {
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F, 0x80...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029, 0xFEFF: true
        case 0x00AD, 0x034F, 0x115F, 0x1160, 0x180E, 0x200B...0x200D, 0x2060...0x2064, 0x206A...0x206F: true
        case 0x3164, 0xFFA0, 0xFFF9...0xFFFB, 0xE0000...0xE007F: true
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
