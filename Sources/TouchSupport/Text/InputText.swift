/// How every reader of TouchScope takes the text of a file or of standard input, so that a file
/// saved on Windows or by an editor that writes a byte order mark reads as the same document:
/// a leading byte order mark (U+FEFF) is dropped and CRLF line ends read as LF.
///
/// Readers of JSON documents need nothing more (the JSON parser skips a leading mark and takes
/// CR as white space); readers of lines (scripts, sessions, goldens) split on LF after this.
package enum InputText {
    /// `text` without a leading byte order mark, its CRLF line ends made LF.
    package static func normalized(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        guard scalars.contains("\r") else { return String(scalars) }
        var out = String.UnicodeScalarView()
        var pendingCR = false
        for scalar in scalars {
            if pendingCR && scalar != "\n" { out.append("\r") }
            pendingCR = scalar == "\r"
            if !pendingCR { out.append(scalar) }
        }
        if pendingCR { out.append("\r") }
        return String(out)
    }

    /// The lines of `text` (normalized), split on LF.
    package static func lines(_ text: String) -> [Substring] {
        normalized(text).split(separator: "\n", omittingEmptySubsequences: false)
    }
}
