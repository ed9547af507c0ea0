import Foundation
import Synchronization

/// Where a trace keeps its entries: compact, append-only storage, so that an hour of input
/// (millions of entries) fits in tens of megabytes.
///
/// Each entry is encoded as a few bytes (`TraceStore+Codec`): a tag, the time as a delta, names
/// as ids into an interned string table, small numbers as varints, coordinates as millipoints
/// when they are exact to 1/1000 pt (input always is) or as 8 raw bytes. Entries are decoded back
/// into `TraceEntry` values only when read, and their text is made only when shown. Bytes live in
/// fixed-size chunks, so growing never copies what is stored.
///
/// Contract: `entry(at:)` returns exactly the entry that was appended at that index (a property
/// test round-trips every case); `truncate(to:)` forgets the entries from an index on (a seek
/// back in time), keeping the interned tables, which only ever grow.
final class TraceStore {
    /// Bytes per chunk. An entry never straddles chunks.
    static let chunkSize = 1 << 20

    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _traceStoreFields = RecordCell(TraceStoreHotFields())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    func _recordFields(label: String) -> Any? {
        label == "_traceStoreFields" ? _traceStoreFields.fields : nil
    }

    /// Chunks of raw bytes; the last is being filled. Entries are written straight into it.
    private var chunks: [UnsafeMutablePointer<UInt8>] {
        _read { yield _traceStoreFields.fields.chunks }
        _modify { yield &_traceStoreFields.fields.chunks }
    }
    /// Bytes used in the last chunk.
    var used: Int {
        get { _traceStoreFields.fields.used }
        set { _traceStoreFields.fields.used = newValue }
    }
    /// Start of each entry: chunk index in the top 12 bits, offset in the low 20.
    private var offsets: [UInt32] {
        _read { yield _traceStoreFields.fields.offsets }
        _modify { yield &_traceStoreFields.fields.offsets }
    }
    /// The time of the last entry appended (entries store their time as a delta from it).
    private var lastMicros: Int64 {
        get { _traceStoreFields.fields.lastMicros }
        set { _traceStoreFields.fields.lastMicros = newValue }
    }
    /// Times at a few indices, so that decoding entry i sums at most `timeStride` deltas.
    private var timeAnchors: [Int64] {
        _read { yield _traceStoreFields.fields.timeAnchors }
        _modify { yield &_traceStoreFields.fields.timeAnchors }
    }
    static let timeStride = 64
    /// Room an entry may take at most: a tag, a few varints and two 9-byte coordinates.
    static let maximumEntrySize = 96

    let strings = InternTable<String>()
    let causes = InternTable<TransitionCause>()
    let layers = InternTable<LayerEvent>()
    let rules = InternTable<RecognizerRule>()
    let chains = InternTable<[UInt32]>()
    let fingerSets = InternTable<FingerIDs>()

    var count: Int { offsets.count }

    /// The chain last written for each head name: a touch that goes down on a view writes the
    /// chain it wrote last time, and comparing the ids with that one costs far less than hashing.
    private var lastChainByHead: [UInt32: UInt32] {
        _read { yield _traceStoreFields.fields.lastChainByHead }
        _modify { yield &_traceStoreFields.fields.lastChainByHead }
    }
    /// Room for the name ids of the chain being written (kept between entries).
    private var chainScratch: [UInt32] {
        _read { yield _traceStoreFields.fields.chainScratch }
        _modify { yield &_traceStoreFields.fields.chainScratch }
    }

    /// The id of a chain given by its names.
    func chainID(_ chain: [String]) -> UInt32 {
        chainID(ids: chain.map { strings.stringID($0) })
    }

    /// The id of a chain given by the ids of its names.
    func chainID(ids: [UInt32]) -> UInt32 {
        guard let head = ids.first else { return chains.id([]) }
        if let id = lastChainByHead[head], chains[id] == ids { return id }
        let id = chains.id(ids)
        lastChainByHead[head] = id
        return id
    }

    /// Approximate bytes held: chunks, the index and the tables.
    var byteCount: Int {
        chunks.count * Self.chunkSize + offsets.count * 4 + timeAnchors.count * 8 + strings.byteCount + chains.count * 64
            + causes.count * 48 + layers.count * 96
    }

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }

    func append(_ entry: TraceEntry) {
        append(micros: entry.micros, event: entry.event)
    }

    /// Appends an entry, taking the event (its payload is moved into the encoder, not copied).
    func append(micros: Int64, event: consuming TraceEvent) {
        var writer = beginEntry(micros: micros)
        writer.encode(event)
        endEntry(writer)
    }

    /// Starts an entry at `micros`: room in the current chunk, its offset, its time.
    @inline(__always)
    func beginEntry(micros: Int64) -> TraceEntryWriter {
        if used + Self.maximumEntrySize > Self.chunkSize {
            precondition(chunks.count < 4096, "trace store full (4 GiB)")
            chunks.append(UnsafeMutablePointer<UInt8>.allocate(capacity: Self.chunkSize))
            used = 0
        }
        offsets.append(UInt32(chunks.count - 1) << 20 | UInt32(used))
        var writer = TraceEntryWriter(store: self, base: chunks[chunks.count - 1], position: used)
        if (offsets.count - 1) % Self.timeStride == 0 {
            timeAnchors.append(micros)
            writer.signed(0)
        } else {
            writer.signed(micros - lastMicros)
        }
        lastMicros = micros
        return writer
    }

    @inline(__always)
    func endEntry(_ writer: TraceEntryWriter) {
        assert(writer.position - used <= Self.maximumEntrySize, "a trace entry outgrew its room")
        used = writer.position
    }

    // MARK: Names of responders

    /// This store's number, which responders keep beside the id of their name in it.
    let storeID: UInt32 = TraceStore.nextStoreID()

    private static let storeCounter = Atomic<UInt32>(0)

    private static func nextStoreID() -> UInt32 {
        storeCounter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The id of `responder`'s trace name, cached on the responder for this store (it is
    /// forgotten whenever the name is).
    @inline(__always)
    func nameID<Subject: TraceSubject>(of subject: Subject) -> UInt32 {
        let cached = subject._traceNameID
        if cached >> 32 == UInt64(storeID) { return UInt32(truncatingIfNeeded: cached) }
        let id = strings.stringID(subject.traceName)
        subject._traceNameID = UInt64(storeID) << 32 | UInt64(id)
        return id
    }

    // MARK: Fast paths

    // The entries written on every event, written from the objects themselves: the same bytes
    // `TraceEntryWriter.encode` writes for the same event (a test holds them to it), without
    // building the event.

    func appendHitVisit(micros: Int64, view: some TraceSubject, x: Double, y: Double) {
        var writer = beginEntry(micros: micros)
        writer.byte(3)
        writer.unsigned(UInt64(nameID(of: view)))
        writer.coordinate(x)
        writer.coordinate(y)
        endEntry(writer)
    }

    func appendHitPassed(micros: Int64, view: some TraceSubject, reason: HitTestSkipReason) {
        var writer = beginEntry(micros: micros)
        writer.byte(4)
        writer.unsigned(UInt64(nameID(of: view)))
        writer.byte(reason.code)
        endEntry(writer)
    }

    func appendSendEvent(micros: Int64, window: some TraceSubject, touches: Int) {
        var writer = beginEntry(micros: micros)
        writer.byte(1)
        writer.unsigned(UInt64(nameID(of: window)))
        writer.int(touches)
        endEntry(writer)
    }

    func appendDeliver(micros: Int64, method: TouchMethod, responder: some TraceSubject, finger: Int) {
        var writer = beginEntry(micros: micros)
        writer.byte(12)
        writer.byte(method.code)
        writer.unsigned(UInt64(nameID(of: responder)))
        writer.byte(0)
        writer.int(finger)
        endEntry(writer)
    }

    func appendResponderChain(micros: Int64, finger: Int, head: some TraceChainSubject) {
        chainScratch.removeAll(keepingCapacity: true)
        head._appendChainNameIDs(to: &chainScratch, in: self)
        let id = chainID(ids: chainScratch)
        var writer = beginEntry(micros: micros)
        writer.byte(9)
        writer.int(finger)
        writer.unsigned(UInt64(id))
        endEntry(writer)
    }

    func appendInput(micros: Int64, finger: Int, phase: TouchPhase, x: Double, y: Double) {
        var writer = beginEntry(micros: micros)
        writer.byte(0)
        writer.int(finger)
        writer.byte(UInt8(phase.rawValue))
        writer.coordinate(x)
        writer.coordinate(y)
        endEntry(writer)
    }

    /// A reader positioned at entry `index`.
    private func reader(at index: Int) -> TraceEntryReader {
        let packed = offsets[index]
        return TraceEntryReader(store: self, base: chunks[Int(packed >> 20)], offset: Int(packed & 0xFFFFF))
    }

    func entry(at index: Int) -> TraceEntry {
        precondition(index >= 0 && index < offsets.count, "trace entry \(index) out of range")
        let anchor = index / Self.timeStride
        var micros = timeAnchors[anchor]
        var position = anchor * Self.timeStride
        var decoded: TraceEvent?
        while position <= index {
            var reader = reader(at: position)
            let delta = reader.signed()
            if position % Self.timeStride != 0 { micros += delta }
            if position == index { decoded = reader.decodeEvent() }
            position += 1
        }
        return TraceEntry(micros: micros, event: decoded!)
    }

    /// Entry `index` when entry `index - 1` was at `previousMicros` (sequential reading).
    func entry(at index: Int, after previousMicros: Int64) -> TraceEntry {
        var reader = reader(at: index)
        let delta = reader.signed()
        let micros = index % Self.timeStride == 0 ? timeAnchors[index / Self.timeStride] : previousMicros + delta
        return TraceEntry(micros: micros, event: reader.decodeEvent())
    }

    /// Forgets entries from `newCount` on.
    func truncate(to newCount: Int) {
        guard newCount < offsets.count else { return }
        if newCount == 0 {
            removeAll()
            return
        }
        let chunkIndex = Int(offsets[newCount - 1] >> 20)
        let endOfLast = endOffset(of: newCount - 1)
        for chunk in chunks[(chunkIndex + 1)...] { chunk.deallocate() }
        chunks.removeSubrange((chunkIndex + 1)...)
        used = endOfLast
        lastMicros = entry(at: newCount - 1).micros
        offsets.removeSubrange(newCount...)
        timeAnchors.removeSubrange(((newCount - 1) / Self.timeStride + 1)...)
    }

    /// The byte just after entry `index`.
    private func endOffset(of index: Int) -> Int {
        var reader = reader(at: index)
        _ = reader.signed()
        _ = reader.decodeEvent()
        return reader.offset
    }

    func removeAll() {
        for chunk in chunks { chunk.deallocate() }
        chunks.removeAll()
        used = Self.chunkSize
        offsets.removeAll(keepingCapacity: true)
        timeAnchors.removeAll(keepingCapacity: true)
        lastMicros = 0
    }
}

/// Values stored once and referred to by a 32-bit id.
///
/// Strings are looked up by identity first (the two words of a `String` value: the same storage,
/// or the same short inline text), which costs a few nanoseconds for the names the engine caches,
/// and by value only when that misses; `==` on the string the id names confirms every hit, so a
/// stale identity can only cost a second look-up, never give a wrong id.
final class InternTable<Value: Hashable> {
    /// The fields every event reads or writes, in one record (`RecordCell`) that the properties
    /// below forward to.
    final let _internTableFields = RecordCell(InternTableHotFields<Value>())

    /// The record by its cell's name, for `EngineStateDump` (a mirror shows the cell, not the
    /// record).
    func _recordFields(label: String) -> Any? {
        label == "_internTableFields" ? _internTableFields.fields : nil
    }

    private(set) var values: [Value] {
        _read { yield _internTableFields.fields.values }
        _modify { yield &_internTableFields.fields.values }
    }
    private var ids: [Value: UInt32] {
        _read { yield _internTableFields.fields.ids }
        _modify { yield &_internTableFields.fields.ids }
    }

    var count: Int { values.count }

    func id(_ value: Value) -> UInt32 {
        if let id = ids[value] { return id }
        let id = UInt32(values.count)
        values.append(value)
        ids[value] = id
        return id
    }

    subscript(id: UInt32) -> Value { values[Int(id)] }

    // MARK: Strings by identity

    var identities: IdentityCache {
        _read { yield _internTableFields.fields.identities }
        _modify { yield &_internTableFields.fields.identities }
    }

    var byteCount: Int { values.count * 48 + identities.byteCount }
}

extension InternTable where Value == String {
    /// The id of `text`, found by identity when possible.
    @inline(__always)
    func stringID(_ text: String) -> UInt32 {
        let (first, second) = unsafeBitCast(text, to: (UInt64, UInt64).self)
        if let id = identities.lookup(first, second), values[Int(id)] == text { return id }
        let id = self.id(text)
        // Bounded: an identity cache far larger than the strings means fresh copies of the same
        // texts; start it again rather than let it grow with the trace.
        if identities.count > 4 * values.count + 4096 { identities = IdentityCache() }
        identities.insert(first, second, id)
        return id
    }
}

/// An open-addressing table from the two machine words of a `String` value (equal for the same
/// storage or the same short text) to an id: a few nanoseconds a look-up, no hashing of text.
struct IdentityCache {
    private var keys: [(UInt64, UInt64)]
    private var ids: [UInt32]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int = 1024) {
        keys = Array(repeating: (0, 0), count: capacity)
        ids = Array(repeating: UInt32.max, count: capacity)
        mask = capacity - 1
    }

    var byteCount: Int { keys.count * 20 }

    @inline(__always)
    private func slot(_ first: UInt64, _ second: UInt64) -> Int {
        let mixed = (first ^ (second &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 29) & mask
    }

    @inline(__always)
    func lookup(_ first: UInt64, _ second: UInt64) -> UInt32? {
        var index = slot(first, second)
        while ids[index] != UInt32.max {
            if keys[index] == (first, second) { return ids[index] }
            index = (index + 1) & mask
        }
        return nil
    }

    mutating func insert(_ first: UInt64, _ second: UInt64, _ id: UInt32) {
        if (count + 1) * 2 > keys.count { grow() }
        var index = slot(first, second)
        while ids[index] != UInt32.max {
            if keys[index] == (first, second) {
                ids[index] = id
                return
            }
            index = (index + 1) & mask
        }
        keys[index] = (first, second)
        ids[index] = id
        count += 1
    }

    private mutating func grow() {
        let old = zip(keys, ids).filter { $0.1 != UInt32.max }
        self = IdentityCache(capacity: keys.count * 2)
        for (key, id) in old { insert(key.0, key.1, id) }
    }
}

/// `TraceStore`'s fields that every event reads or writes (see `RecordCell`).
struct TraceStoreHotFields {
    var used = TraceStore.chunkSize
    var chunks: [UnsafeMutablePointer<UInt8>] = []
    var offsets: [UInt32] = []
    var lastMicros: Int64 = 0
    var timeAnchors: [Int64] = []
    var lastChainByHead: [UInt32: UInt32] = [:]
    var chainScratch: [UInt32] = []
}

/// `InternTable`'s fields that every event reads or writes (see `RecordCell`).
struct InternTableHotFields<Value: Hashable> {
    var values: [Value] = []
    var ids: [Value: UInt32] = [:]
    var identities: IdentityCache = IdentityCache()
}

extension TraceStore: RecordCellOwner {}
extension InternTable: RecordCellOwner {}
