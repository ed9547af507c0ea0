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
}
