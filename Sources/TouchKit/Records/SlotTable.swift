import Foundation

// The one file of TouchKit that may use `Unmanaged`, `_withUnsafeGuaranteedRef` and unsafe
// buffers (`tools/check-unsafe.py` holds every other file to that, and CI runs the suites that
// exercise it under AddressSanitizer). Three things live here:
//
// - `SlotTable`: records addressed by generation-checked handles. The gesture environment keeps
//   its recognizer and touch records in two of them; a stale handle finds a dead generation and
//   reads nothing, so a record is never reached after its owner let it go.
// - `UnretainedLink`: the few back-links a benchmark showed an ordinary reference to cost (each
//   says which, and what clears it).
// - `RecordCell`: an object's fields that every event reads or writes, reached without
//   dynamic exclusivity checks.
// - Walks over lists of objects that do not retain each element.

/// The address of a record in a `SlotTable`: the slot and the generation it was made in. A
/// handle outlives its record harmlessly: once the record is removed the slot's generation moves
/// on, and the handle finds nothing.
@usableFromInline
struct SlotHandle: Hashable, Sendable, CustomStringConvertible {
    let index: UInt32
    let generation: UInt32

    @usableFromInline var description: String { "#\(index).\(generation)" }
}

/// Records addressed by generation-checked handles: insert gives a handle, remove frees the slot
/// for reuse under the next generation, and every access through a stale handle finds nothing.
/// The clock's owned timers use the same slot-and-generation idea.
///
/// Records are stored in place (an unsafe buffer, initialized exactly where a slot is live), so a
/// read or a change through a live handle copies nothing; and the table is one pointer, so
/// reaching it retains nothing: the environment reads a recognizer's state on every touch. Its
/// owner makes it once and calls `destroy()` when it goes (the environment's `deinit`); copies of
/// the value are the same table.
struct SlotTable<Record> {
    /// The table's bookkeeping and buffers, allocated once.
    private struct Storage {
        /// Each slot's generation and whether it is live, in one word (`generation << 1`, plus 1
        /// while live): checking a handle is one load and one comparison.
        var stamps: UnsafeMutablePointer<UInt64>
        /// Initialized exactly at the live slots.
        var records: UnsafeMutablePointer<Record>
        var capacity: Int
        /// How many slots have ever been used (the rest of the buffers is untouched).
        var used = 0
        var free: [UInt32] = []
        var count = 0
    }

    private let storage: UnsafeMutablePointer<Storage>

    init(capacity: Int = 8) {
        let capacity = max(1, capacity)
        storage = .allocate(capacity: 1)
        storage.initialize(to: Storage(stamps: .allocate(capacity: capacity), records: .allocate(capacity: capacity), capacity: capacity))
    }

    /// A live slot's stamp in `generation`.
    @inline(__always)
    private static func liveStamp(_ generation: UInt32) -> UInt64 { UInt64(generation) << 1 | 1 }

    /// Frees every record and the table itself; the owner calls it once, when it goes, and uses
    /// the table no more.
    func destroy() {
        removeAll()
        storage.pointee.stamps.deinitialize(count: storage.pointee.used)
        storage.pointee.stamps.deallocate()
        storage.pointee.records.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// How many records the table holds.
    var count: Int { storage.pointee.count }

    /// Stores `record` and returns its handle (a freed slot is reused first, under a new
    /// generation).
    func insert(_ record: consuming Record) -> SlotHandle {
        storage.pointee.count += 1
        if let index = storage.pointee.free.popLast() {
            let slot = Int(index)
            (storage.pointee.records + slot).initialize(to: consume record)
            // A freed slot's stamp already holds its next generation.
            storage.pointee.stamps[slot] |= 1
            return SlotHandle(index: index, generation: UInt32(truncatingIfNeeded: storage.pointee.stamps[slot] >> 1))
        }
        if storage.pointee.used == storage.pointee.capacity { grow() }
        let slot = storage.pointee.used
        storage.pointee.used += 1
        (storage.pointee.stamps + slot).initialize(to: Self.liveStamp(0))
        (storage.pointee.records + slot).initialize(to: consume record)
        return SlotHandle(index: UInt32(slot), generation: 0)
    }

    private func grow() {
        let used = storage.pointee.used
        let newCapacity = storage.pointee.capacity * 2
        let newStamps = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity)
        let newRecords = UnsafeMutablePointer<Record>.allocate(capacity: newCapacity)
        newStamps.moveInitialize(from: storage.pointee.stamps, count: used)
        for index in 0..<used where newStamps[index] & 1 == 1 {
            (newRecords + index).moveInitialize(from: storage.pointee.records + index, count: 1)
        }
        storage.pointee.stamps.deallocate()
        storage.pointee.records.deallocate()
        storage.pointee.stamps = newStamps
        storage.pointee.records = newRecords
        storage.pointee.capacity = newCapacity
    }

    /// Removes the record at `handle` and returns it; nil (and nothing changes) when the handle
    /// is stale.
    @discardableResult
    func remove(_ handle: SlotHandle) -> Record? {
        guard contains(handle) else { return nil }
        let index = Int(handle.index)
        let record = (storage.pointee.records + index).move()
        // A generation that wraps would let a very old handle match again: such a slot retires
        // (dead in its last generation, never reused).
        if handle.generation < .max {
            storage.pointee.stamps[index] = UInt64(handle.generation + 1) << 1
            storage.pointee.free.append(handle.index)
        } else {
            storage.pointee.stamps[index] = UInt64(handle.generation) << 1
        }
        storage.pointee.count -= 1
        return record
    }

    /// Moves the live record at `handle` to the slot's next generation, in place (nothing is
    /// copied), and returns its new handle: `handle` and every copy of it find nothing from now
    /// on. Nil (and nothing changes) when `handle` is stale or the generation would wrap.
    func renew(_ handle: SlotHandle) -> SlotHandle? {
        guard contains(handle), handle.generation < .max - 1 else { return nil }
        let generation = handle.generation + 1
        storage.pointee.stamps[Int(handle.index)] = Self.liveStamp(generation)
        return SlotHandle(index: handle.index, generation: generation)
    }

    /// Whether `handle` addresses a live record.
    @inline(__always)
    func contains(_ handle: SlotHandle) -> Bool {
        let index = Int(handle.index)
        return index < storage.pointee.used && storage.pointee.stamps[index] == Self.liveStamp(handle.generation)
    }

    /// The record at `handle`, or nil when the handle is stale.
    subscript(handle: SlotHandle) -> Record? {
        contains(handle) ? storage.pointee.records[Int(handle.index)] : nil
    }

    /// The live record at `handle`, read or changed in place (no copy). The handle must be live
    /// (`contains`): a stale one stops the program rather than reach another record.
    subscript(live handle: SlotHandle) -> Record {
        @inline(__always) unsafeAddress {
            precondition(contains(handle), "stale slot handle \(handle)")
            return UnsafePointer(storage.pointee.records + Int(handle.index))
        }
        @inline(__always) nonmutating unsafeMutableAddress {
            precondition(contains(handle), "stale slot handle \(handle)")
            return storage.pointee.records + Int(handle.index)
        }
    }

    /// Runs `body` on the record at `handle`, in place, after one check of the handle; nil (and
    /// `body` does not run) when the handle is stale. `body` must not insert into or remove from
    /// the table.
    @inline(__always)
    func withLive<Result>(_ handle: SlotHandle, _ body: (inout Record) -> Result) -> Result? {
        guard contains(handle) else { return nil }
        return body(&storage.pointee.records[Int(handle.index)])
    }

    /// The handle of the live record in slot `index`, or nil when the slot is free.
    @inline(__always)
    private func liveHandle(at index: Int) -> SlotHandle? {
        let stamp = storage.pointee.stamps[index]
        guard stamp & 1 == 1 else { return nil }
        return SlotHandle(index: UInt32(index), generation: UInt32(truncatingIfNeeded: stamp >> 1))
    }

    /// Calls `body` with every live record, in slot order.
    func forEachRecord(_ body: (SlotHandle, Record) -> Void) {
        for index in 0..<storage.pointee.used {
            guard let handle = liveHandle(at: index) else { continue }
            body(handle, storage.pointee.records[index])
        }
    }

    /// Removes every record (each slot moves to a new generation).
    func removeAll() {
        for index in 0..<storage.pointee.used {
            if let handle = liveHandle(at: index) { remove(handle) }
        }
    }
}

/// A back-link that neither retains its object nor pays for a weak or unowned reference: used only
/// where a benchmark showed an ordinary reference to cost, and only where something owns the
/// object for as long as the link is set (each use says what, and what clears the link). Package
/// access: TouchSwiftUI's node tree links its parents through it, under the same rule.
package struct UnretainedLink<Object: AnyObject> {
    private let link: Unmanaged<Object>

    @inline(__always)
    package init(_ object: Object) { link = Unmanaged.passUnretained(object) }

    /// The object, strong (for a use that may outlive the statement).
    @inline(__always)
    package var object: Object { link.takeUnretainedValue() }

    /// Runs `body` with the object, without retaining it.
    @inline(__always)
    package func with<Result>(_ body: (Object) -> Result) -> Result { link._withUnsafeGuaranteedRef(body) }

    /// Whether the two links point at the same object.
    @inline(__always)
    package func refers(to other: UnretainedLink<Object>) -> Bool { link.toOpaque() == other.link.toOpaque() }

    /// Whether the link points at `object`.
    @inline(__always)
    package func refers(to object: AnyObject) -> Bool { link.toOpaque() == Unmanaged.passUnretained(object).toOpaque() }
}

extension UnretainedLink: @unchecked Sendable where Object: Sendable {}

/// An object's fields that every event reads or writes, in one record reached without Swift's
/// dynamic exclusivity checks (Swift checks each access to a class's stored `var` at run time,
/// and those checks were half of dispatch's instructions; this replaces the
/// `@exclusivity(unchecked)` markers those fields carried). The owner holds the cell in a `let`
/// (reaching it needs no check) and forwards each field through `_read` and `_modify`, so that a
/// field changes in place and an array field is not copied.
///
/// The record is one allocation the cell owns: it cannot be copied, and frees the record when
/// its owner goes. Sound because the engine runs on one thread and no access to a field spans a
/// call that could reach the same field again; two fields of one record are separate memory, as
/// they were separate stored properties. The addressors are inlinable so that TouchSwiftUI's
/// accesses compile to a load too: public under the `Records` SPI, not package, because the
/// compiler inlines a package declaration's body only within its own module.
@_spi(Records) public struct RecordCell<Fields>: ~Copyable {
    /// The record, where the owner's `let` of the cell reaches it in one load.
    @usableFromInline let storage: UnsafeMutablePointer<Fields>

    @inlinable
    public init(_ fields: Fields) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: fields)
    }

    @inlinable
    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// The record, read and changed in place.
    @inlinable
    public var fields: Fields {
        @_transparent unsafeAddress { UnsafePointer(storage) }
        @_transparent nonmutating unsafeMutableAddress { storage }
    }
}

/// `object` as `Target` when its class is exactly `Target` (not a subclass), else nil: one
/// comparison of class metadata instead of a dynamic cast, which walks the class chain (the
/// scroll view's recognizers and SwiftUI's arbitration ask on every touch). The cast after the
/// comparison cannot fail. Inlinable and public under the `Records` SPI, so that TouchSwiftUI's
/// calls are specialized too.
@inlinable @inline(__always)
@_spi(Records) public func _exactCast<Target: AnyObject>(_ object: AnyObject, to target: Target.Type) -> Target? {
    guard ObjectIdentifier(type(of: object)) == ObjectIdentifier(target) else { return nil }
    return unsafeDowncast(object, to: target)
}

/// `object` as `Target`, which the caller knows it is (a recognizer's own action, called with
/// that recognizer): checked in debug builds, not in release ones. Declared here, with the other
/// unchecked operations, so that every such cast is in the one file the rule allows.
@inlinable @inline(__always)
@_spi(Records) public func _knownCast<Target: AnyObject>(_ object: AnyObject, to target: Target.Type) -> Target {
    unsafeDowncast(object, to: target)
}

extension Array {
    /// Reads the element at `index` in place (`body` must not change the array): a field or two
    /// of a struct element without copying the rest.
    @inline(__always)
    func _readElement<Result>(at index: Int, _ body: (borrowing Element) -> Result) -> Result {
        withUnsafeBufferPointer { body($0[index]) }
    }
}

extension UnretainedLink {
    /// Calls `body` with each object from the top of the chain of `parent` links down to this
    /// one, stopping below `stop` (the chain's top when nil; `stop` itself is left out), without
    /// retaining any: the chain is listed in a buffer on the stack.
    func forEachLinkTopDown(below stop: AnyObject?, parent: (Object) -> UnretainedLink<Object>?, _ body: (Object) -> Void) {
        var count = 0
        var current = self
        while stop.map({ !current.refers(to: $0) }) ?? true, let next = current.with(parent) {
            count += 1
            current = next
        }
        guard count > 0 else { return }
        withUnsafeTemporaryAllocation(of: UnretainedLink<Object>.self, capacity: count) { chain in
            var index = count
            var current = self
            while index > 0, let next = current.with(parent) {
                index -= 1
                chain.initializeElement(at: index, to: current)
                current = next
            }
            for step in chain[index..<count] { step.with(body) }
        }
    }
}

/// Walks over lists of recognizers, touches and views without retaining each element: an
/// event walks several such lists, and a retain and release per element were most of what those
/// walks cost. The array holds every element while the walk runs; walk a copy (a `let`) when
/// `body` runs code that may change the list the array came from.
extension Array where Element: AnyObject {
    /// Calls `body` with each element, in order.
    @inline(__always)
    func _forEachUnretained(_ body: (Element) -> Void) {
        withUnsafeBufferPointer { buffer in
            for index in buffer.indices { Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(body) }
        }
    }

    /// Whether `predicate` holds for an element, asked in order until it does.
    @inline(__always)
    func _containsUnretained(where predicate: (Element) -> Bool) -> Bool {
        withUnsafeBufferPointer { buffer in
            for index in buffer.indices where Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(predicate) {
                return true
            }
            return false
        }
    }

    /// The index of the first element for which `predicate` holds, asked in order.
    @inline(__always)
    func _firstIndexUnretained(where predicate: (Element) -> Bool) -> Int? {
        withUnsafeBufferPointer { buffer in
            for index in buffer.indices where Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(predicate) {
                return index
            }
            return nil
        }
    }

    /// A link to the element at `index`, taken without retaining it: the array (or what it was
    /// copied from) must hold the element for as long as the link is used.
    @inline(__always)
    func _unretainedLink(at index: Int) -> UnretainedLink<Element> {
        withUnsafeBufferPointer { UnretainedLink($0[index]) }
    }

    /// Calls `body` with the element at `index`, without retaining it.
    @inline(__always)
    func _withUnretained<Result>(at index: Int, _ body: (Element) -> Result) -> Result {
        withUnsafeBufferPointer { buffer in Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(body) }
    }

    /// `_forEachUnretained` on a stored list, in place, through a mutable access (a read of the
    /// property would retain a copy of it): `body` must neither change the list nor call out.
    @inline(__always)
    mutating func _forEachUnretainedInPlace(_ body: (Element) -> Void) {
        withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { Unmanaged.passUnretained(buffer[index])._withUnsafeGuaranteedRef(body) }
        }
    }
}
