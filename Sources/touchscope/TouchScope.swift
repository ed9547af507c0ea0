import ArgumentParser
import Foundation

/// The `touchscope` command: the visual debugger, the headless replayer, and the tools around them.
@main
struct TouchScope: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchscope",
        abstract: "A touch input emulator and visual debugger for UIKit-style touch routing.",
        discussion: """
            With no command, touchscope opens the default scene in a window, or, on a machine with no \
            display, replays the bundled demo session headless, prints its trace and writes a picture \
            of the last frame.

            Exit codes: 0 success; 1 a check failed (invalid scene or session, trace mismatch, \
            benchmark checksum); 2 an input could not be read or built; 64 bad command-line usage.
            """,
        version: "0.1.0",
        subcommands: [
            Demo.self, Open.self, Replay.self, Record.self, TraceCommand.self, Render.self, Scenes.self,
            Validate.self, Import.self, Bench.self,
        ],
        defaultSubcommand: Demo.self)
}

/// Exit codes, as the help text documents them.
enum Exit {
    static let checkFailed = ExitCode(1)
    static let inputError = ExitCode(2)
}

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
