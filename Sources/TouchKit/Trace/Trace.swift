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
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _traceFields = RecordCell(TraceHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    @_spi(Records) public func _recordFields(label: String) -> Any? {
        label == "_traceFields" ? _traceFields.fields : nil
    }

    /// Whether entries are recorded. Default true.
    public var isEnabled: Bool {
        get { _traceFields.fields.isEnabled }
        set { _traceFields.fields.isEnabled = newValue }
    }
    /// Whether entries are kept in `entries`. Default true. A driver that streams the trace
    /// (a headless `trace` printing as it goes) turns this off and reads entries from a
    /// listener, so memory does not grow with the session.
    public var retainsEntries: Bool {
        get { _traceFields.fields.retainsEntries }
        set { _traceFields.fields.retainsEntries = newValue }
    }
    /// Every entry so far, in order (none while `retainsEntries` is off), decoded from compact
    /// storage as they are read (`TraceStore`). A view stays valid until the trace is truncated
    /// or cleared.
    public var entries: TraceEntries { TraceEntries(base: base, store: store) }

    /// How many entries are kept.
    public var count: Int { (base?.count ?? 0) + store.count }

    /// Entries that come before this trace's own: the first `count` of another trace's store,
    /// shared, never copied (a replay entered at a checkpoint starts with the trace that led
    /// there). That store is only ever appended to while shared.
    var base: (store: TraceStore, count: Int)? {
        _read { yield _traceFields.fields.base }
        _modify { yield &_traceFields.fields.base }
    }

    /// Starts this (empty) trace with the first `count` entries of `other`, shared: a replay
    /// entered at a checkpoint has the same trace so far as one run from the start. `other`
    /// must not be truncated below `count` while this trace lives.
    public func adoptPrefix(of other: Trace, count: Int) {
        precondition(self.count == 0, "adoptPrefix(of:count:) starts an empty trace")
        precondition(count >= 0 && count <= other.count, "adoptPrefix: \(count) is beyond the other trace's \(other.count) entries")
        guard count > 0 else { return }
        if let otherBase = other.base, count <= otherBase.count {
            base = (otherBase.store, count)
        } else {
            precondition(other.base == nil, "adoptPrefix: a trace that itself has a prefix can only lend from its prefix")
            base = (other.store, count)
        }
    }

    /// Takes over every entry of `other`, which is left empty, before this trace's own: the
    /// other's are not copied. A replay that switches to a reloaded scene goes on with the old
    /// scene's trace, so a reload costs nothing however long the trace is. `other` must not be
    /// used to record again (its application is being dropped).
    public func takeOverEntries(of other: Trace) {
        guard retainsEntries else { return }
        let own = count > 0 ? Array(entries) : []
        base = other.base
        store = other.store
        other.base = nil
        other.store = TraceStore()
        for entry in own { store.append(entry) }
    }

    /// Appends copies of `entries` (another trace's), with their own times: a replay that
    /// switches to a reloaded scene keeps what the old one did before the switch.
    public func appendCopies(of entries: TraceEntries) {
        guard retainsEntries else { return }
        for entry in entries { store.append(entry) }
    }

    /// Approximate bytes the kept entries take.
    public var storageBytes: Int { store.byteCount }

    var store: TraceStore {
        _read { yield _traceFields.fields.store }
        _modify { yield &_traceFields.fields.store }
    }
    /// The clock time of the last entry and its microseconds (many entries share a time).
    private var lastNow: TimeInterval {
        get { _traceFields.fields.lastNow }
        set { _traceFields.fields.lastNow = newValue }
    }
    private var lastMicros: Int64 {
        get { _traceFields.fields.lastMicros }
        set { _traceFields.fields.lastMicros = newValue }
    }

    private let clock: VirtualClock
    private var listeners: [(id: Int, body: (TraceEntry) -> Void)] {
        _read { yield _traceFields.fields.listeners }
        _modify { yield &_traceFields.fields.listeners }
    }
    private var nextListenerID: Int {
        get { _traceFields.fields.nextListenerID }
        set { _traceFields.fields.nextListenerID = newValue }
    }

    /// Creates an empty trace stamped by `clock`.
    public init(clock: VirtualClock) {
        self.clock = clock
    }

    /// Records `event` at the clock's current time (if enabled).
    public func record(_ event: consuming TraceEvent) {
        guard isEnabled else { return }
        let micros = currentMicros()
        if listeners.isEmpty {
            if retainsEntries { store.append(micros: micros, event: event) }
            return
        }
        let entry = TraceEntry(micros: micros, event: event)
        if retainsEntries { store.append(entry) }
        for listener in listeners {
            listener.body(entry)
        }
    }

    /// Microseconds of the clock now (cached: many entries share a time).
    @inline(__always)
    private func currentMicros() -> Int64 {
        let now = clock.now
        if now != lastNow {
            lastNow = now
            lastMicros = TraceEntry.micros(from: now)
        }
        return lastMicros
    }

    /// Whether an entry may go straight to the store (no listener needs the event value).
    @inline(__always)
    private var storesDirectly: Bool { isEnabled && retainsEntries && listeners.isEmpty }

    // The entries written on every event: straight from the objects into the store when no
    // listener needs the event (`TraceStore`'s fast paths), else through `record`.

    func recordHitVisit(_ view: some TraceSubject, x: Double, y: Double) {
        if storesDirectly { return store.appendHitVisit(micros: currentMicros(), view: view, x: x, y: y) }
        record(.hitVisit(view: view.traceName, x: x, y: y))
    }

    func recordHitPassed(_ view: some TraceSubject, reason: HitTestSkipReason) {
        if storesDirectly { return store.appendHitPassed(micros: currentMicros(), view: view, reason: reason) }
        record(.hitPassed(view: view.traceName, reason: reason))
    }

    func recordSendEvent(_ window: some TraceSubject, touches: Int) {
        if storesDirectly { return store.appendSendEvent(micros: currentMicros(), window: window, touches: touches) }
        record(.sendEvent(window: window.traceName, touches: touches))
    }

    func recordDeliver(_ method: TouchMethod, _ responder: some TraceSubject, finger: Int) {
        if storesDirectly { return store.appendDeliver(micros: currentMicros(), method: method, responder: responder, finger: finger) }
        record(.deliver(method: method, responder: responder.traceName, fingers: FingerIDs(finger)))
    }

    func recordResponderChain(finger: Int, _ head: some TraceChainSubject) {
        if storesDirectly { return store.appendResponderChain(micros: currentMicros(), finger: finger, head: head) }
        record(.responderChain(finger: finger, chain: head._responderChainNames))
    }

    func recordInput(finger: Int, phase: TouchPhase, x: Double, y: Double) {
        if storesDirectly { return store.appendInput(micros: currentMicros(), finger: finger, phase: phase, x: x, y: y) }
        record(.input(finger: finger, phase: phase, x: x, y: y))
    }

    /// Adds a note (shown as `note` in the text form).
    public func note(_ text: String) {
        record(.note(text))
    }

    /// Removes every entry.
    public func removeAll() {
        base = nil
        store.removeAll()
    }

    /// Forgets the entries from `count` on (a replay that goes back in time and runs again).
    public func truncate(to count: Int) {
        if let base, count <= base.count {
            self.base = count == 0 ? nil : (base.store, count)
            store.removeAll()
        } else {
            store.truncate(to: count - (base?.count ?? 0))
        }
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

/// The entries of a trace, in order: a random-access collection decoded from the trace's compact
/// storage as it is read (a shared prefix first, when the trace has one).
public struct TraceEntries: RandomAccessCollection, Equatable, CustomStringConvertible {
    let base: TraceStore?
    let baseCount: Int
    let store: TraceStore
    public let count: Int

    init(base: (store: TraceStore, count: Int)?, store: TraceStore) {
        self.base = base?.store
        self.baseCount = base?.count ?? 0
        self.store = store
        self.count = baseCount + store.count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> TraceEntry {
        precondition(position >= 0 && position < count, "trace entry \(position) out of range (0..<\(count))")
        if position < baseCount, let base { return base.entry(at: position) }
        return store.entry(at: position - baseCount)
    }

    /// Reads the entries in order, each decoded once.
    public struct Iterator: IteratorProtocol {
        let base: TraceStore?
        let baseCount: Int
        let store: TraceStore
        let end: Int
        var index: Int
        var micros: Int64 = 0

        public mutating func next() -> TraceEntry? {
            guard index < end else { return nil }
            let (segment, local) = index < baseCount && base != nil ? (base!, index) : (store, index - baseCount)
            let entry =
                local == 0 || local % TraceStore.timeStride == 0
                ? segment.entry(at: local) : segment.entry(at: local, after: micros)
            micros = entry.micros
            index += 1
            return entry
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(base: base, baseCount: baseCount, store: store, end: count, index: 0)
    }

    public static func == (lhs: TraceEntries, rhs: TraceEntries) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    public var description: String { "\(count) trace entries" }
}

/// `Trace`'s fields that every event reads or writes (see `RecordCell`).
struct TraceHotFields {
    var isEnabled: Bool = true
    var retainsEntries: Bool = true
    var base: (store: TraceStore, count: Int)?
    var store: TraceStore = TraceStore()
    var lastNow: TimeInterval = -1
    var lastMicros: Int64 = 0
    var listeners: [(id: Int, body: (TraceEntry) -> Void)] = []
    var nextListenerID: Int = 0
}

@_spi(Records) extension Trace: RecordCellOwner {}
