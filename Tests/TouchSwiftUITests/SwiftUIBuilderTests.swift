import Foundation
import Testing
import TouchKit
import TouchTestSupport

@testable import TouchSwiftUI

/// The Swift API in SwiftUI's names: a tree written with the builder is the tree the scene
/// format makes, and it behaves the same.
@Suite("SwiftUI gestures: the Swift builder")
struct SwiftUIBuilderTests {
    @Test("views, modifiers and gestures build the nodes and attachments they name, in source order")
    func buildsTheTree() throws {
        var log: [String] = []
        let host = SwiftUIHost(frame: CGRect(x: 0, y: 0, width: 390, height: 844), era: .ios17) {
            VStack(alignment: .leading, spacing: 12) {
                Rectangle().id("card").frame(width: 300, height: 200)
                    .contentShape(Circle())
                    .onTapGesture(count: 2, id: "double") { log.append("double") }
                    .onTapGesture(id: "single") { log.append("single") }
                    .highPriorityGesture(LongPressGesture(minimumDuration: 0.3).id("press"), including: .gesture)
                for index in 0..<2 {
                    Text("row").id("row\(index)").frame(width: 300, height: 44)
                }
                if log.isEmpty {
                    Button("Go") { log.append("go") }.id("go").frame(width: 100, height: 44).disabled(true)
                }
                Circle().id("dot").frame(width: 40, height: 40).allowsHitTesting(false).opacity(0.5).offset(x: 4, y: 2).zIndex(1)
                    .overlay { Capsule().id("badge").frame(width: 20, height: 10) }
            }
            .id("column")
        }
        let root = host.root
        #expect(root.kind == .vstack && root.id == "column" && root.alignment == "leading" && root.spacing == 12)
        #expect(root.children.map(\.traceName) == ["Rectangle#card", "Text#row0", "Text#row1", "Button#go", "ZStack"])
        let card = root.children[0]
        #expect(card.contentShape == .circle)
        #expect(card.attachments.map(\.modifier) == [.onTapGesture, .onTapGesture, .highPriorityGesture])
        #expect(card.attachments.map(\.displayName) == ["double", "single", "press"])
        #expect(card.attachments[2].mask == .gesture)
        #expect(root.children[3].disabled)
        let overlay = root.children[4]
        #expect(overlay.children.map(\.traceName) == ["Circle#dot", "Capsule#badge"], "an overlay wraps the view in a ZStack")
        #expect(overlay.frame == CGRect(x: 0, y: 0, width: 40, height: 40))
        let dot = overlay.children[0]
        #expect(!dot.allowsHitTesting && dot.opacity == 0.5 && dot.offset == CGSize(width: 4, height: 2) && dot.zIndex == 1)
        #expect(host.era == .ios17)
    }

    @Test("written in Swift, the parent's highPriorityGesture beats the child's onTapGesture, as the scene file says")
    func behavesAsTheSceneFormat() {
        let log = EventLog()
        let window = makeWindow()
        let host = SwiftUIHost(frame: window.bounds) {
            ZStack {
                Rectangle().id("child").frame(x: 95, y: 50, width: 200, height: 150)
                    .onTapGesture(id: "childTap") { log.append("child") }
            }
            .id("parent")
            .frame(x: 0, y: 100, width: 390, height: 250)
            .contentShape(Rectangle())
            .highPriorityGesture(TapGesture().id("parentTap").onEnded { _ in log.append("parent") })
        }
        window.addSubview(host.view)
        let sim = TouchSimulator(window: window)
        sim.tap(at: CGPoint(x: 195, y: 225))
        sim.advance(by: 0.5)
        #expect(log.entries == ["parent"])
        let gesture = DragGesture(minimumDistance: 0).onChanged { _ in }.simultaneously(with: MagnifyGesture()).gestureDescription
        if case .simultaneously(let drag, let magnify) = gesture.kind, case .drag(let distance, false) = drag.kind, case .magnify(let delta) = magnify.kind {
            #expect(distance == 0 && delta == 0.01)
            #expect(drag.callbacks.onChanged != nil)
        } else {
            Issue.record("simultaneously(with:) builds \(gesture.typeName)")
        }
    }
}
