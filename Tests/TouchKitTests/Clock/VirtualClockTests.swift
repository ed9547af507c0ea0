import Foundation
import Testing
import TouchKit

@Suite("The virtual clock")
struct VirtualClockTests {
    @Test("timers fire in deadline order, ties in scheduling order, each with now at its deadline")
    func ordering() {
        let clock = VirtualClock()
        var fired: [String] = []
        clock.schedule(after: 0.3) { fired.append("c at \(clock.now)") }
        clock.schedule(after: 0.1) { fired.append("a at \(clock.now)") }
        clock.schedule(after: 0.3) { fired.append("d at \(clock.now)") }
        clock.schedule(after: 0.2) { fired.append("b at \(clock.now)") }
        clock.advance(by: 1)
        #expect(fired == ["a at 0.1", "b at 0.2", "c at 0.3", "d at 0.3"])
        #expect(clock.now == 1)
    }

    @Test("a timer scheduled by a callback fires in the same advance when it is due")
    func chained() {
        let clock = VirtualClock()
        var fired: [TimeInterval] = []
        clock.schedule(after: 0.1) {
            fired.append(clock.now)
            clock.schedule(after: 0.1) { fired.append(clock.now) }
        }
        clock.advance(by: 0.15)
        #expect(fired == [0.1])
        clock.advance(by: 0.1)
        #expect(fired.count == 2 && abs(fired[1] - 0.2) < 1e-12)
    }

    @Test("an invalidated timer never fires; time never goes backwards")
    func invalidation() {
        let clock = VirtualClock(start: 5)
        var fired = false
        let timer = clock.schedule(after: 1) { fired = true }
        #expect(clock.pendingTimerCount == 1)
        timer.invalidate()
        clock.advance(to: 10)
        #expect(!fired && !timer.isValid)
        clock.advance(to: 3)
        clock.advance(by: -1)
        clock.advance(by: .nan)
        #expect(clock.now == 10)
        #expect(clock.nextDeadline == nil)
    }
}

/// The clock's timer heap against the plain rule it implements: fire in (deadline, order
/// scheduled), skipping invalidated timers, on generated schedules with many ties.
@Suite("Timer order under load")
struct VirtualClockHeapTests {
    @Test("generated schedules fire as a stable sort by deadline says", arguments: 0..<20)
    func heapMatchesSortedReference(seed: UInt64) {
        var random = SeededRandomNumberGenerator(seed: seed)
        let clock = VirtualClock()
        var fired: [Int] = []
        var expected: [(deadline: TimeInterval, order: Int, valid: Bool)] = []
        var timers: [ClockTimer] = []
        for order in 0..<500 {
            // Few distinct delays, so ties (one instant) are common.
            let delay = Double(Int.random(in: 0...5, using: &random)) * 0.1
            timers.append(clock.schedule(after: delay) { fired.append(order) })
            expected.append((clock.now + delay, order, true))
            if Bool.random(using: &random), let victim = (0..<timers.count).randomElement(using: &random) {
                timers[victim].invalidate()
                expected[victim].valid = false
            }
        }
        clock.advance(by: 1)
        let reference = expected.filter(\.valid).sorted { ($0.deadline, $0.order) < ($1.deadline, $1.order) }.map(\.order)
        #expect(fired == reference)
        #expect(clock.pendingTimerCount == 0)
        #expect(clock.nextDeadline == nil)
    }
}
