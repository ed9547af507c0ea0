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
