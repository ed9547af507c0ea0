/// The terminal sink: text from data (ids, class names, notes, markers, file names, JSON paths)
/// printed to a terminal shows every invisible scalar as a visible `\u{1B}` escape, so that a file
/// can neither clear the screen, retitle the terminal, move the cursor nor hide text. Newline and
/// tab are kept: they are how output is laid out.
package enum TerminalText {
    package static func escape(_ text: String) -> String {
        if InvisibleScalars.isClean(text) { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" || !InvisibleScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += InvisibleScalars.visible(scalar)
            }
        }
        return out
    }

    /// Data that must stay on one line, whatever it holds: a name, an id, a note, a file name.
    /// Every invisible scalar is escaped, newline, carriage return and tab too (`\n`, `\r`,
    /// `\t`, `\u{200B}`), so that data can neither start a line of its own (a forged
    /// `::stop-commands::` for a CI runner, a forged verdict) nor hide in one. The one escaper of
    /// data for every line-oriented sink: the trace, `why`, `replay`, `check`, `validate`, the
    /// window's ready line.
    package static func line(_ text: String) -> String {
        if InvisibleScalars.isClean(text) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where InvisibleScalars.contains(scalar): result += InvisibleScalars.visible(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
