import Foundation
import Synchronization

/// Turns SIGINT, SIGTERM and SIGHUP (the terminal closing) into a flag that a driver's loop checks, so a recording in progress
/// can be finished cleanly (flushed, renamed) instead of being cut off by the default handler.
package enum SignalFlag {
    private static let raised = Atomic<Int32>(0)

    /// Installs the handlers (once per process; later calls do nothing). They are installed
    /// without `SA_RESTART`, so a blocking call returns `EINTR`; loops that wait on input use
    /// `InterruptibleLineReader` or poll with a timeout and check `received`. The signals are
    /// also unblocked on the calling thread, which should be the main thread.
    package static func install() {
        guard installedFlag.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        setHandlers(handler)
    }

    /// Sets `body` as the handler of every signal in `handledSignals`, without `SA_RESTART`, and
    /// unblocks them on this thread: a parent may have spawned us with them blocked (Foundation's
    /// `Process` can), and a blocked signal would never reach the handler.
    private static func setHandlers(_ body: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = body
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for signal in handledSignals { sigaction(signal, &action, nil) }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in handledSignals { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// For a command with nothing to finish: SIGINT, SIGTERM and SIGHUP end the process at once
    /// with exit status 128 + N (130 for Ctrl-C), as a shell reports a process a signal stopped.
    /// Nothing is left half-written: every file is written under a temporary name and renamed
    /// whole. A command that finishes its work on a signal (record, check, export, the window)
    /// calls `install()` instead, which replaces these handlers.
    package static func installExit() {
        setHandlers(exitHandler)
    }

    private static let exitHandler: @convention(c) (Int32) -> Void = { signal in
        _exit(128 + signal)
    }

    /// The signal that arrived, if one did.
    package static var received: Int32? {
        let value = raised.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    /// The signals that finish a recording instead of killing the process.
    package static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private static let installedFlag = Atomic<Bool>(false)

    private static let handler: @convention(c) (Int32) -> Void = { signal in
        SignalFlag.raised.store(signal, ordering: .relaxed)
    }
}
