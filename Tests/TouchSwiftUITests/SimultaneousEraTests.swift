import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchSwiftUI

/// iOS & iPadOS 26 release notes, SwiftUI, 147970990: "Gestures added using the
/// `simultaneousGesture(_:isEnabled:)` view modifier are incorrectly simultaneous with ancestor
/// gestures" (fixed). With the iOS 26 SDK a `.simultaneousGesture` is simultaneous only with the
/// gestures of its own view and below; with the iOS 18 SDK with every gesture.
@Suite("simultaneousGesture by era")
struct SimultaneousEraTests {
    /// A child with `.simultaneousGesture(TapGesture())` under a parent with `.gesture(TapGesture())`.
    func ancestorTaps(era: SwiftUIEra) -> [String] {
        let log = CallbackLog()
        let root = SwiftUINode(.zstack, id: "parent")
        root.attachments = [GestureAttachment(.gesture, GestureDescription(.tap(count: 1), id: "parentTap", callbacks: log.callbacks("parent")))]
        let child = SwiftUINode(.rectangle, id: "child", frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        child.attachments = [
            GestureAttachment(.simultaneousGesture, GestureDescription(.tap(count: 1), id: "childTap", callbacks: log.callbacks("child")))
        ]
        root.add(child)
        let scene = SwiftUIScene(root, era: era)
        scene.sim.tap(at: CGPoint(x: 100, y: 100))
        scene.sim.advance(by: 1)
        return log.lines.sorted()
    }

    @Test("a child's simultaneousGesture runs with an ancestor's tap on the iOS 18 SDK; on the iOS 26 SDK the child's alone")
    func withAncestor() {
        #expect(ancestorTaps(era: .ios18) == ["child ended", "parent ended"])
        #expect(ancestorTaps(era: .ios26) == ["child ended"])
    }

    @Test("on one view a gesture and a simultaneousGesture still run together on the iOS 26 SDK")
    func sameView() {
        for era in [SwiftUIEra.ios18, .ios26] {
            let log = CallbackLog()
            let root = SwiftUINode(.zstack)
            let card = SwiftUINode(.rectangle, id: "card", frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            card.attachments = [
                GestureAttachment(.gesture, GestureDescription(.tap(count: 1), id: "a", callbacks: log.callbacks("a"))),
                GestureAttachment(.simultaneousGesture, GestureDescription(.tap(count: 1), id: "b", callbacks: log.callbacks("b"))),
            ]
            root.add(card)
            let scene = SwiftUIScene(root, era: era)
            scene.sim.tap(at: CGPoint(x: 100, y: 100))
            scene.sim.advance(by: 1)
            #expect(log.lines.sorted() == ["a ended", "b ended"], "\(era): \(scene.phases)")
        }
    }

    @Test("a simultaneousGesture(DragGesture()) in a ScrollView lets it scroll on the iOS 18 SDK; on the iOS 26 SDK it takes the drag")
    func inScrollView() throws {
        for era in [SwiftUIEra.ios18, .ios26] {
            let log = CallbackLog()
            let (root, _) = SwiftUICompositionTests.scroll([
                GestureAttachment(
                    .simultaneousGesture, GestureDescription(.drag(minimumDistance: 10, global: false), id: "swipe", callbacks: log.callbacks("drag")))
            ])
            let scene = SwiftUIScene(root, era: era)
            scene.sim.drag(from: CGPoint(x: 200, y: 200), to: CGPoint(x: 200, y: 60), duration: 0.2, steps: 10)
            let offset = try #require(scene.host.scrollViews.values.first).contentOffset
            #expect(log.lines.contains("drag ended"), "\(era): \(log.lines)")
            if era == .ios18 {
                #expect(offset.y > 0, "ios18 scrolls with the drag: \(scene.phases)")
            } else {
                #expect(offset == .zero, "ios26: the drag keeps the touch: \(scene.phases)")
            }
        }
    }
}
