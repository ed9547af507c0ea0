import Foundation
import TouchScenes
import TouchSupport

// The terminal sink for the whole command: every line the tool prints, to standard output or
// standard error, goes through `TerminalText.escape`, so text from a file (ids, notes, markers,
// class names, file names, JSON paths) cannot carry ESC, OSC, CR, NUL or bidirectional controls to
// the terminal. This `print` shadows the standard library's in this module.

/// Prints to standard output through the terminal sink.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator)
    Swift.print(TerminalText.escape(text), terminator: terminator)
}

/// Writes to standard error through the terminal sink.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((TerminalText.escape(text) + "\n").utf8))
}
