import Foundation

/// The ordered record of every routing decision an application makes.
///
/// One engine, one trace, many consumers: the window overlays, the session recorder and test
/// assertions all read this, and none of them re-derives routing. Entries are appended where the
/// decision is made; `isEnabled = false` turns recording off (the benchmark measures both).
///
/// Listeners are called synchronously after each append, in registration order. A listener must
/// not drive the engine.
public final class Trace {
    /// Whether entries are recorded. Default true.
    @exclusivity(unchecked)
    public var isEnabled: Bool = true
    /// Whether entries are kept in `entries`. Default true. A driver that streams the trace
    /// (a headless `trace` printing as it goes) turns this off and reads entries from a
    /// listener, so memory does not grow with the session.
    @exclusivity(unchecked)
    public var retainsEntries: Bool = true
    /// Every entry so far, in order (none while `retainsEntries` is off).
    @exclusivity(unchecked)
    public private(set) var entries: [TraceEntry] = []

    private let clock: VirtualClock
    @exclusivity(unchecked)
    private var listeners: [(id: Int, body: (TraceEntry) -> Void)] = []
    @exclusivity(unchecked)
    private var nextListenerID = 0

    /// Creates an empty trace stamped by `clock`.
    public init(clock: VirtualClock) {
        self.clock = clock
    }

    /// Records `event` at the clock's current time (if enabled).
    public func record(_ event: consuming TraceEvent) {
        guard isEnabled else { return }
        let micros = TraceEntry.micros(from: clock.now)
        if listeners.isEmpty {
            if retainsEntries { entries.append(TraceEntry(micros: micros, event: event)) }
            return
        }
        let entry = TraceEntry(micros: micros, event: event)
        if retainsEntries { entries.append(entry) }
        for listener in listeners {
            listener.body(entry)
        }
    }

    /// Adds a note (shown as `note` in the text form).
    public func note(_ text: String) {
        record(.note(text))
    }

    /// Removes every entry.
    public func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }

    /// The one-line form of every entry.
    public var lines: [String] { entries.map(\.description) }

    /// All lines joined with newlines, ending with one.
    public var text: String {
        entries.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// Calls `body` for each entry recorded from now on; returns a token for `removeListener`.
    @discardableResult
    public func addListener(_ body: @escaping (TraceEntry) -> Void) -> Int {
        nextListenerID += 1
        listeners.append((nextListenerID, body))
        return nextListenerID
    }

    /// Stops calling the listener registered under `token`.
    public func removeListener(_ token: Int) {
        listeners.removeAll { $0.id == token }
    }
}
