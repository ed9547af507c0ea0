import Foundation
import Testing
import TouchKit

@testable import TouchSwiftUI

/// The children's hit index is a fast path: on random trees (many children, overlapping, drawn
/// outside their parents, offset, circles, clipped, hidden from hit testing), every point gives
/// the same path with the index as when each child is asked in turn.
@Suite("SwiftUI hit testing: the children's index")
struct ChildHitIndexTests {
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.count))
        }
        mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    }

    static func tree(_ random: inout Random) -> SwiftUINode {
        let kinds: [SwiftUINode.Kind] = [.zstack, .vstack, .hstack]
        let root = SwiftUINode(kinds[random.int(0...2)], id: "root", frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        root.spacing = CGFloat(random.int(0...8))
        for index in 0..<random.int(16...60) {
            let shapes: [SwiftUINode.Kind] = [.rectangle, .circle, .capsule, .color, .zstack, .spacer]
            let size = CGSize(width: random.int(1...300), height: random.int(1...120))
            let child = SwiftUINode(
                shapes[random.int(0...5)], id: "c\(index)",
                frame: CGRect(x: random.int(-50...350), y: random.int(-50...750), width: Int(size.width), height: Int(size.height)))
            if random.chance(20) { child.offset = CGSize(width: random.int(-80...80), height: random.int(-80...80)) }
            if random.chance(10) { child.allowsHitTesting = false }
            if random.chance(10) { child.clipped = true }
            if random.chance(10) { child.contentShape = .ellipse }
            for inner in 0..<random.int(0...2) {
                // Drawn outside its parent: still hit there (unless the parent clips).
                let grandchild = SwiftUINode(
                    .rectangle, id: "c\(index).\(inner)",
                    frame: CGRect(x: random.int(-120...200), y: random.int(-120...200), width: random.int(1...150), height: random.int(1...150)))
                child.add(grandchild)
            }
            root.add(child)
        }
        return root
    }

    /// The path found asking every child in turn (the index switched off).
    static func linearPath(_ root: SwiftUINode, at point: CGPoint) -> [SwiftUINode]? {
        for node in root.subtree { node.childHitIndexCount = -1 }
        defer { for node in root.subtree { node.childHitIndexCount = node.children.count } }
        return SwiftUIHitTesting.path(root, at: point)
    }

    @Test("the index gives every point the path of the child-by-child search, on 200 random trees")
    func indexAgreesWithLinearSearch() {
        var random = Random(state: 0x9E37_79B9_7F4A_7C15)
        var indexed = 0
        var hits = 0
        for _ in 0..<200 {
            let root = Self.tree(&random)
            SwiftUILayout.layout(root, in: CGRect(x: 0, y: 0, width: 400, height: 800))
            if root.currentChildHitIndex != nil { indexed += 1 }
            for _ in 0..<100 {
                let point = CGPoint(x: CGFloat(random.int(-100...500)) + 0.5, y: CGFloat(random.int(-100...900)) + 0.5)
                let fast = SwiftUIHitTesting.path(root, at: point)?.map(\.traceName)
                let slow = Self.linearPath(root, at: point)?.map(\.traceName)
                #expect(fast == slow, "at \(point)")
                if fast != nil { hits += 1 }
            }
        }
        // The property is not vacuous: most trees are indexed and many points hit something.
        #expect(indexed > 100)
        #expect(hits > 2000)
    }

    /// A ZStack of 20 rows 40 pt apart, each `height` tall, laid out (so indexed); r1, the later
    /// of the rows at y = 45, is hit there.
    static func indexedRows(height: CGFloat) -> SwiftUINode {
        let root = SwiftUINode(.zstack, id: "root", frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        for index in 0..<20 {
            root.add(SwiftUINode(.rectangle, id: "r\(index)", frame: CGRect(x: 0, y: CGFloat(index) * 40, width: 400, height: height)))
        }
        SwiftUILayout.layout(root, in: CGRect(x: 0, y: 0, width: 400, height: 800))
        #expect(root.currentChildHitIndex != nil)
        #expect(SwiftUIHitTesting.path(root, at: CGPoint(x: 10, y: 45))?.first?.id == "r1")
        return root
    }

    @Test("a child added after layout is found (the index of fewer children is not used)")
    func staleIndexIsIgnored() {
        let root = Self.indexedRows(height: 40)
        let late = SwiftUINode(.rectangle, id: "late", frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        late.layoutFrame = CGRect(x: 0, y: 0, width: 400, height: 800)
        root.add(late)
        #expect(root.currentChildHitIndex == nil)
        #expect(SwiftUIHitTesting.path(root, at: CGPoint(x: 10, y: 45))?.first?.id == "late")
    }

    @Test("a zIndex set after layout orders the hits (the index that assumed every zIndex was 0 is dropped)")
    func zIndexAfterLayout() {
        // Each row overlaps the next: at y = 45 both r0 (0..<80) and r1 (40..<120) are under the point.
        let root = Self.indexedRows(height: 80)
        root.children[0].zIndex = 1
        #expect(root.currentChildHitIndex == nil)
        #expect(SwiftUIHitTesting.path(root, at: CGPoint(x: 10, y: 45))?.first?.id == "r0")
        // Laid out again, the index is back and keeps the order.
        SwiftUILayout.layout(root, in: CGRect(x: 0, y: 0, width: 400, height: 800))
        #expect(SwiftUIHitTesting.path(root, at: CGPoint(x: 10, y: 45))?.first?.id == "r0")
    }
}
