import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchSwiftUI

/// `LongPressGesture(minimumDuration: 0.5).exclusively(before: TapGesture())`, the common recipe
/// for a tap and a long press on one view: the long press excludes the tap only once it has
/// succeeded, so a quick tap runs the tap and a hold runs the press, in every era.
@Suite("exclusively(before:)")
struct ExclusiveGestureTests {
    func run(era: SwiftUIEra, hold: TimeInterval) -> [String] {
        let log = CallbackLog()
        let root = SwiftUINode(.zstack)
        let card = SwiftUINode(.rectangle, id: "card", frame: CGRect(x: 0, y: 0, width: 390, height: 300))
        let press = GestureDescription(.longPress(minimumDuration: 0.5, maximumDistance: 10), id: "press", callbacks: log.callbacks("press"))
        let tap = GestureDescription(.tap(count: 1), id: "tap", callbacks: log.callbacks("tap"))
        card.attachments = [GestureAttachment(.gesture, GestureDescription(.exclusively(press, tap), id: "both"))]
        root.add(card)
        let scene = SwiftUIScene(root, era: era)
        let finger = scene.sim.touchDown(at: CGPoint(x: 100, y: 100))
        scene.sim.advance(by: hold)
        scene.sim.touchUp(finger)
        scene.sim.advance(by: 1)
        return log.lines.filter { $0.hasSuffix("ended") }
    }

    @Test("a quick tap runs the tap; a hold past minimumDuration runs the long press and not the tap", arguments: [SwiftUIEra.ios17, .ios18, .ios26])
    func tapOrHold(era: SwiftUIEra) {
        #expect(run(era: era, hold: 0.05) == ["tap ended"], "\(era)")
        #expect(run(era: era, hold: 0.7) == ["press ended"], "\(era)")
    }
}
