import Foundation
import Testing

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
}
