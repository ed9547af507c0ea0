import Foundation
import Testing
import TouchKit

@testable import TouchSwiftUI

/// A node's link to its parent is unretained (a weak one slows every touch); these tests hold the
/// lifetimes a weak link gives.
@Suite("SwiftUI node lifetimes")
struct SwiftUINodeLifetimeTests {
    @Test("a child kept after its parent is gone has no parent; the parent is not kept alive by it")
    func childOutlivesParent() {
        let child = SwiftUINode(.rectangle, id: "card")
        var parent: SwiftUINode? = SwiftUINode(.vstack, id: "stack")
        parent?.add(child)
        #expect(child.parent === parent)
        #expect(child.isDisabled == false)
        weak let gone = parent
        parent = nil
        #expect(gone == nil)
        #expect(child.parent == nil)
        #expect(child.ancestors.isEmpty)
    }

    @Test("a child moved to another parent keeps its new parent when the old one goes")
    func movedChild() {
        let child = SwiftUINode(.rectangle, id: "card")
        var old: SwiftUINode? = SwiftUINode(.vstack, id: "old")
        let new = SwiftUINode(.vstack, id: "new")
        old?.add(child)
        new.add(child)
        old = nil
        #expect(child.parent === new)
    }

    @Test("a hosting view kept in a window after its host is gone has no host, and a touch on it goes to it without crashing")
    func hostingViewOutlivesHost() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let root = SwiftUINode(.zstack)
        let card = SwiftUINode(.rectangle, id: "card", frame: CGRect(x: 0, y: 0, width: 390, height: 300))
        card.attachments = [GestureAttachment(.onTapGesture, GestureDescription(.tap(count: 1), id: "open"))]
        root.add(card)
        var host: SwiftUIHost? = SwiftUIHost(root: root, frame: window.bounds, era: .ios18)
        let view = host!.view
        window.addSubview(view)
        weak let gone = host
        host = nil
        #expect(gone == nil)
        #expect(view.host == nil)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 100, y: 100))
        #expect(sim.trace.entries.contains { if case .hitResult = $0.event { true } else { false } })
    }

    @Test(
        "a host that goes takes its recognizers off their views (they hold it unretained), also in the middle of a touch",
        arguments: [SwiftUIEra.ios17, .ios18])
    func recognizersLeaveWithHost(era: SwiftUIEra) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let root = SwiftUINode(.zstack)
        let card = SwiftUINode(.rectangle, id: "card", frame: CGRect(x: 0, y: 0, width: 390, height: 300))
        var ended = 0
        var callbacks = GestureDescription.Callbacks()
        callbacks.onEnded = { _ in ended += 1 }
        card.attachments = [GestureAttachment(.gesture, GestureDescription(.drag(minimumDistance: 10, global: false), callbacks: callbacks))]
        root.add(card)
        var host: SwiftUIHost? = SwiftUIHost(root: root, frame: window.bounds, era: era)
        window.addSubview(host!.view)
        let recognizers = host!.recognizers
        #expect(recognizers.count == 1)
        #expect(recognizers.allSatisfy { $0.view != nil })
        let sim = TouchSimulator(window: window)
        let finger = sim.touchDown(at: CGPoint(x: 100, y: 100))
        sim.touchMove(finger, to: CGPoint(x: 140, y: 100))
        #expect(recognizers[0].state == .began)
        host = nil
        #expect(recognizers.allSatisfy { $0.view == nil })
        #expect(recognizers[0].state == .cancelled || recognizers[0].state == .possible)
        sim.touchMove(finger, to: CGPoint(x: 180, y: 100))
        sim.touchUp(finger)
        #expect(ended == 0)
        #expect(recognizers[0].state == .possible)
    }
}
