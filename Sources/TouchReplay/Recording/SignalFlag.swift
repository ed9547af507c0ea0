import Foundation
import Synchronization

/// Turns SIGINT and SIGTERM into a flag that a driver's loop checks, so a recording in progress
/// can be finished cleanly (flushed, renamed) instead of being cut off by the default handler.
public enum SignalFlag {
    private static let raised = Atomic<Int32>(0)

    /// Installs the handlers (once per process; later calls do nothing).
    public static func install() {
        guard installedFlag.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
    }

    /// The signal that arrived, if one did.
    public static var received: Int32? {
        let value = raised.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    private static let installedFlag = Atomic<Bool>(false)

    private static let handler: @convention(c) (Int32) -> Void = { signal in
        SignalFlag.raised.store(signal, ordering: .relaxed)
    }
}
