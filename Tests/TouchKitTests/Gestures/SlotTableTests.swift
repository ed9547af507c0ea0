import Foundation
import Testing

@testable import TouchKit

/// The generation-checked slot table the gesture environment keeps its records in: a stale handle
/// reads and changes nothing, a freed slot is reused under a new generation, and the table grows.
@Suite("Slot table")
struct SlotTableTests {
    @Test("insert, read, update and remove through a handle")
    func roundTrip() {
        let table = SlotTable<String>()
        defer { table.destroy() }
        let a = table.insert("a")
        let b = table.insert("b")
        #expect(table.count == 2)
        #expect(table[a] == "a")
        #expect(table[b] == "b")
        table[live: a] += "!"
        #expect(table[live: a] == "a!")
        #expect(table[live: b].count == 1)
        #expect(table.remove(a) == "a!")
        #expect(table.count == 1)
        #expect(!table.contains(a))
    }

    @Test("a stale handle finds nothing, even when its slot holds a new record")
    func staleHandles() {
        let table = SlotTable<Int>()
        defer { table.destroy() }
        let old = table.insert(1)
        table.remove(old)
        let new = table.insert(2)
        #expect(new.index == old.index, "the freed slot is reused")
        #expect(new.generation == old.generation + 1)
        #expect(table[old] == nil)
        #expect(table.remove(old) == nil, "removing through a stale handle changes nothing")
        #expect(table[new] == 2)
    }

    @Test("a handle the table never gave finds nothing: a free slot under its next generation, a generation ahead, a slot never used")
    func foreignHandles() {
        let table = SlotTable<Int>()
        defer { table.destroy() }
        let live = table.insert(1)
        let freed = table.insert(2)
        table.remove(freed)
        // The freed slot waits under its next generation, not live: a handle naming that
        // generation before the slot is reused finds nothing.
        #expect(!table.contains(SlotHandle(index: freed.index, generation: freed.generation + 1)))
        #expect(table[SlotHandle(index: live.index, generation: live.generation + 1)] == nil)
        #expect(table[SlotHandle(index: live.index, generation: .max)] == nil)
        #expect(table[SlotHandle(index: 7, generation: 0)] == nil, "a slot never used")
        var seen: [Int] = []
        table.forEachRecord { _, record in seen.append(record) }
        #expect(seen == [1], "a walk sees the live records only")
        let reused = table.insert(3)
        #expect(reused == SlotHandle(index: freed.index, generation: freed.generation + 1))
        #expect(table[reused] == 3 && table[live] == 1)
    }

    @Test("renew keeps the record in place under a new generation: the old handle finds nothing")
    func renewed() {
        let table = SlotTable<String>()
        defer { table.destroy() }
        let old = table.insert("kept")
        let other = table.insert("other")
        let new = try! #require(table.renew(old))
        #expect(new.index == old.index && new.generation == old.generation + 1)
        #expect(table[old] == nil && !table.contains(old))
        #expect(table.renew(old) == nil, "a stale handle renews nothing")
        #expect(table.remove(old) == nil)
        #expect(table[new] == "kept")
        #expect(table.count == 2 && table[other] == "other")
        #expect(table.remove(new) == "kept")
        let reused = table.insert("next")
        #expect(reused.index == new.index && reused.generation == new.generation + 1, "a renewed slot is reused past both generations")
    }

    @Test("records are freed when removed and when the table is destroyed")
    func recordsAreFreed() {
        final class Tracked {}
        weak var removed: Tracked?
        weak var kept: Tracked?
        let table = SlotTable<Tracked>()
        do {
            let a = Tracked()
            let b = Tracked()
            removed = a
            kept = b
            let handle = table.insert(a)
            _ = table.insert(b)
            table.remove(handle)
        }
        #expect(removed == nil, "a removed record is released")
        #expect(kept != nil, "a live record is held")
        table.destroy()
        #expect(kept == nil, "destroying the table releases every record")
    }

    @Test("the table grows past its first slots and keeps every record")
    func growth() {
        let table = SlotTable<Int>()
        defer { table.destroy() }
        let handles = (0..<1000).map { table.insert($0) }
        for (value, handle) in handles.enumerated() { #expect(table[handle] == value) }
        for handle in handles where handle.index % 2 == 0 { table.remove(handle) }
        #expect(table.count == 500)
        let again = (0..<500).map { table.insert(1000 + $0) }
        #expect(Set(again.map(\.index)).count == 500)
        #expect(again.allSatisfy { $0.generation == 1 }, "reused slots, one generation on")
        var seen = 0
        table.forEachRecord { _, _ in seen += 1 }
        #expect(seen == 1000)
        table.removeAll()
        #expect(table.count == 0)
        #expect(handles.allSatisfy { !table.contains($0) })
    }
}
