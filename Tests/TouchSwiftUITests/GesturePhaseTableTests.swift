import Foundation
import Testing
import TouchKit

@testable import TouchSwiftUI

/// The gestures' phase tables (model M2), their thresholds (T) and callbacks (M4), driven
/// directly with touches on a virtual clock: no views, no UIKit arbitration.
@Suite("SwiftUI gestures: phase tables")
struct GesturePhaseTableTests {
    /// A touch sequence fed to an instance: each step the fingers' phases and locations at a time.
    struct Driver {
        let instance: GestureInstance
        var touches: [Int: GestureTouch] = [:]
        var time: TimeInterval = 0

        init(_ description: GestureDescription) { instance = GestureInstance.make(description) }

        mutating func step(_ at: TimeInterval, _ changes: [(Int, UITouch.Phase, CGPoint)]) {
            time = at
            for (finger, phase, point) in changes {
                if var known = touches[finger] {
                    known.phase = phase
                    known.location = point
                    touches[finger] = known
                } else {
                    touches[finger] = GestureTouch(finger: finger, start: point, location: point, startTime: at, phase: phase)
                }
            }
            instance.update(GestureInput(time: at, touches: touches.keys.sorted().compactMap { touches[$0] }), inherited: .free)
            instance.runCallbacks()
            for key in touches.keys where touches[key]?.phase == .began || touches[key]?.phase == .moved { touches[key]?.phase = .stationary }
        }

        mutating func tap(_ at: TimeInterval, _ point: CGPoint = CGPoint(x: 10, y: 10), finger: Int = 1, hold: TimeInterval = 0.05) {
            step(at, [(finger, .began, point)])
            step(at + hold, [(finger, .ended, point)])
        }
    }

    static func log(_ lines: Box, _ name: String) -> GestureDescription.Callbacks {
        GestureDescription.Callbacks(
            onChanged: { lines.value.append("\(name) changed \($0)") }, onEnded: { lines.value.append("\(name) ended \($0)") },
            updating: { _ in lines.value.append("\(name) updating") }, onReset: { lines.value.append("\(name) reset") })
    }

    final class Box { var value: [String] = [] }

    @Test("a tap: ended at the lift; fails past 45 pt of movement, after 0.75 s of contact, or when the next tap is late")
    func tap() {
        var driver = Driver(GestureDescription(.tap(count: 1)))
        driver.tap(0)
        #expect(driver.instance.phase == .ended)
        driver = Driver(GestureDescription(.tap(count: 1)))
        driver.step(0, [(1, .began, CGPoint(x: 0, y: 0))])
        driver.step(0.1, [(1, .moved, CGPoint(x: 46, y: 0))])
        #expect(driver.instance.phase.isFailed)
        driver = Driver(GestureDescription(.tap(count: 1)))
        driver.step(0, [(1, .began, .zero)])
        driver.step(0.8, [])
        #expect(driver.instance.phase.isFailed)
        driver = Driver(GestureDescription(.tap(count: 2)))
        driver.tap(0)
        #expect(driver.instance.phase == .possible)
        driver.tap(0.5, finger: 2)
        #expect(driver.instance.phase.isFailed, "the second tap came 0.45 s after the first lift")
    }

    @Test("a long press is active while pressed and ends at its duration; lifting first fails it")
    func longPress() {
        let lines = Box()
        var driver = Driver(GestureDescription(.longPress(minimumDuration: 0.5, maximumDistance: 10), callbacks: Self.log(lines, "press")))
        driver.step(0, [(1, .began, .zero)])
        #expect(driver.instance.phase == .active)
        driver.step(0.5, [])
        #expect(driver.instance.phase == .ended)
        #expect(lines.value == ["press updating", "press changed pressing", "press ended pressed", "press reset"])
        driver = Driver(GestureDescription(.longPress(minimumDuration: 0.5, maximumDistance: 10)))
        driver.step(0, [(1, .began, .zero)])
        driver.step(0.2, [(1, .ended, .zero)])
        #expect(driver.instance.phase.isFailed)
    }

    @Test("a drag: active past minimumDistance, onChanged only when the value changes, ended at the lift; @GestureState resets after; a lift before fails it")
    func drag() {
        let lines = Box()
        var driver = Driver(GestureDescription(.drag(minimumDistance: 10, global: false), callbacks: Self.log(lines, "drag")))
        driver.step(0, [(1, .began, .zero)])
        driver.step(0.1, [(1, .moved, CGPoint(x: 5, y: 0))])
        #expect(driver.instance.phase == .possible)
        driver.step(0.2, [(1, .moved, CGPoint(x: 20, y: 0))])
        driver.step(0.3, [(1, .moved, CGPoint(x: 20, y: 0))])
        driver.step(0.4, [(1, .ended, CGPoint(x: 20, y: 0))])
        #expect(driver.instance.phase == .ended)
        #expect(lines.value.filter { $0.hasPrefix("drag changed") } == ["drag changed translation (20.00, 0.00)"])
        #expect(lines.value.last == "drag reset")
        #expect(lines.value.contains("drag ended translation (20.00, 0.00)"))
        driver = Driver(GestureDescription(.drag(minimumDistance: 10, global: false)))
        driver.step(0, [(1, .began, .zero)])
        driver.step(0.1, [(1, .ended, CGPoint(x: 3, y: 0))])
        #expect(driver.instance.phase.isFailed)
    }

    @Test("magnify and rotate need two fingers and their thresholds")
    func twoFingers() {
        var magnify = Driver(GestureDescription(.magnify(minimumScaleDelta: 0.01)))
        magnify.step(0, [(1, .began, CGPoint(x: 100, y: 100)), (2, .began, CGPoint(x: 200, y: 100))])
        magnify.step(0.1, [(2, .moved, CGPoint(x: 250, y: 100))])
        #expect(magnify.instance.phase == .active)
        #expect(magnify.instance.valueText == "scale 1.50")
        magnify.step(0.2, [(2, .ended, CGPoint(x: 250, y: 100))])
        #expect(magnify.instance.phase == .ended)
        var rotate = Driver(GestureDescription(.rotate(minimumAngleDelta: 1)))
        rotate.step(0, [(1, .began, CGPoint(x: 100, y: 100)), (2, .began, CGPoint(x: 200, y: 100))])
        rotate.step(0.1, [(2, .moved, CGPoint(x: 200, y: 101))])
        #expect(rotate.instance.phase == .possible, "0.57° is under 1°")
        rotate.step(0.2, [(2, .moved, CGPoint(x: 200, y: 110))])
        #expect(rotate.instance.phase == .active)
    }

    @Test("simultaneously: active if either is; ended when both decided and one ended; failed only if both failed")
    func simultaneous() {
        var driver = Driver(GestureDescription(.simultaneously(GestureDescription(.tap(count: 1)), GestureDescription(.drag(minimumDistance: 10, global: false)))))
        driver.tap(0)
        #expect(driver.instance.phase == .ended, "the tap ended, the drag failed")
        driver = Driver(GestureDescription(.simultaneously(GestureDescription(.tap(count: 2)), GestureDescription(.longPress(minimumDuration: 1, maximumDistance: 10)))))
        driver.tap(0)
        driver.step(1, [])
        #expect(driver.instance.phase.isFailed, "both failed")
        driver = Driver(GestureDescription(.simultaneously(GestureDescription(.tap(count: 1)), GestureDescription(.drag(minimumDistance: 10, global: false)))))
        driver.step(0, [(1, .began, .zero)])
        driver.step(0.1, [(1, .moved, CGPoint(x: 20, y: 0))])
        #expect(driver.instance.phase == .active)
    }

    @Test("sequenced: the second runs only after the first ended; value first(A) then second(A, B)")
    func sequenced() {
        var driver = Driver(
            GestureDescription(.sequenced(GestureDescription(.longPress(minimumDuration: 0.5, maximumDistance: 10)), GestureDescription(.drag(minimumDistance: 10, global: false)))))
        driver.step(0, [(1, .began, .zero)])
        #expect(driver.instance.phase == .active)
        #expect(driver.instance.valueText == "first(pressing)")
        driver.step(0.6, [])
        #expect(driver.instance.valueText.hasPrefix("second(pressed"))
        driver.step(0.7, [(1, .moved, CGPoint(x: 0, y: 30))])
        driver.step(0.8, [(1, .ended, CGPoint(x: 0, y: 30))])
        #expect(driver.instance.phase == .ended)
        driver = Driver(
            GestureDescription(.sequenced(GestureDescription(.longPress(minimumDuration: 0.5, maximumDistance: 10)), GestureDescription(.drag(minimumDistance: 10, global: false)))))
        driver.step(0, [(1, .began, .zero)])
        driver.step(0.1, [(1, .moved, CGPoint(x: 0, y: 30))])
        #expect(driver.instance.phase.isFailed, "the long press failed: the sequence fails")
    }

    @Test("exclusively: the first decides; a tap second is held while the first is possible and fails if it becomes active")
    func exclusive() {
        let lines = Box()
        var driver = Driver(
            GestureDescription(
                .exclusively(
                    GestureDescription(.tap(count: 2), callbacks: Self.log(lines, "double")), GestureDescription(.tap(count: 1), callbacks: Self.log(lines, "single")))))
        driver.tap(0)
        #expect(driver.instance.phase == .possible, "the single tap is held while the double is possible")
        #expect(lines.value.isEmpty)
        driver.step(0.5, [])
        #expect(driver.instance.phase == .ended)
        #expect(lines.value == ["single ended "])
        lines.value = []
        driver = Driver(
            GestureDescription(
                .exclusively(
                    GestureDescription(.drag(minimumDistance: 10, global: false), callbacks: Self.log(lines, "drag")),
                    GestureDescription(.tap(count: 1), callbacks: Self.log(lines, "tap")))))
        driver.step(0, [(1, .began, .zero)])
        driver.step(0.1, [(1, .moved, CGPoint(x: 20, y: 0))])
        driver.step(0.2, [(1, .ended, CGPoint(x: 20, y: 0))])
        #expect(driver.instance.phase == .ended)
        #expect(!lines.value.contains { $0.hasPrefix("tap ended") }, "\(lines.value)")
    }
}
