import ArgumentParser
import Foundation
import TouchReplay

extension TouchScope {
    /// ArgumentParser's `main`, with its messages sent through the terminal sink: an unknown
    /// option or a bad value is echoed in them, and a command line can hold ESC or OSC as easily
    /// as a file can. Help and version go to standard output, errors to standard error, with the
    /// exit code ArgumentParser chose (0, 64, or the command's own).
    static func main() {
        // Any command stops at once on SIGINT, SIGTERM or SIGHUP with 128 + N; the commands
        // that finish their work first (record, check, export, open) install their own handling.
        SignalFlag.installExit()
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
