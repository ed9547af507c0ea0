import ArgumentParser
import Foundation
import TouchSupport

/// The `touchscope` command: the visual debugger, the headless replayer, and the tools around them.
@main
struct TouchScope: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchscope",
        abstract: "A touch input emulator and visual debugger for UIKit-style touch routing.",
        discussion: """
            With no command, touchscope opens the default scene in a window, or, on a machine with no \
            display, replays the bundled demo session headless, prints what happened and writes a picture \
            of the last frame.

            A SCENE is a bundled scene's name (see `touchscope scenes`) or a path to a .json scene file. \
            Times are seconds everywhere.

            Exit codes: 0 success; 1 a check failed (validate found problems, a replay differs from its \
            golden, an import found nothing to import, a benchmark checksum); 2 an input could not be \
            read or used (missing, unreadable or invalid scene, session or script) or an output could not \
            be written; 64 bad command-line usage; 128+N stopped by signal N (130 for Ctrl-C), with the \
            work so far saved.
            """,
        version: ToolVersion.number,
        subcommands: [
            Demo.self, Open.self, Why.self, Replay.self, CheckCommand.self, TraceCommand.self, Record.self, Render.self, Scenes.self,
            Validate.self, Import.self, ExtractScene.self, Export.self, Bench.self, Rules.self, Reconcile.self,
        ],
        defaultSubcommand: Demo.self)
}

/// Exit codes, as the help text documents them.
enum Exit {
    static let checkFailed = ExitCode(1)
    static let inputError = ExitCode(2)
    static let usage = ExitCode(64)

    /// 128 + the signal's number: the shell's convention for a process stopped by a signal.
    static func signal(_ number: Int32) -> ExitCode { ExitCode(128 + number) }
}
