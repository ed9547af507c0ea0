import ArgumentParser
import Foundation

extension TouchScope {
    /// ArgumentParser's `main`, with its messages sent through the terminal sink: an unknown
    /// option or a bad value is echoed in them, and a command line can hold ESC or OSC as easily
    /// as a file can. Help and version go to standard output, errors to standard error, with the
    /// exit code ArgumentParser chose (0, 64, or the command's own).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let text = fullMessage(for: error)
            if !text.isEmpty {
                if code == .success { print(text) } else { printError(text) }
            }
            Foundation.exit(code.rawValue)
        }
    }
}
