import Foundation
import Testing
import TouchKit

@testable import TouchSwiftUI

/// SwiftUI's one gesture vocabulary (`SwiftUIGestureKind`) and the stand-in a gesture becomes
/// when it cannot run.
@Suite("Gesture vocabulary")
struct GestureVocabularyTests {
    typealias Kind = SwiftUIGestureKind<String>

    static let every: [Kind] = [
        .tap(count: 2), .spatialTap(count: 1, global: true), .longPress(minimumDuration: 0.5, maximumDistance: 10),
        .drag(minimumDistance: 10, global: false), .magnify(minimumScaleDelta: 0.01), .rotate(minimumAngleDelta: 1),
        .simultaneously("a", "b"), .sequenced("a", "b"), .exclusively("a", "b"),
    ]

    @Test("every kind has one scene name and one SwiftUI type name, and names lists them all")
    func names() {
        #expect(Self.every.map(\.name) == Kind.names)
        #expect(
            Self.every.map(\.typeName) == [
                "TapGesture", "SpatialTapGesture", "LongPressGesture", "DragGesture", "MagnifyGesture", "RotateGesture",
                "SimultaneousGesture", "SequenceGesture", "ExclusiveGesture",
            ])
        #expect(Self.every.filter { $0.parts != nil }.map(\.name) == ["simultaneously", "sequenced", "exclusively"])
        #expect(Self.every.compactMap(\.tapCount) == [2, 1])
    }

    @Test("map keeps the kind and its parameters and transforms only the parts")
    func mapKeepsParameters() {
        let mapped = Self.every.map { $0.map { $0.uppercased() } }
        #expect(mapped.map(\.name) == Kind.names)
        #expect(mapped[2] == .longPress(minimumDuration: 0.5, maximumDistance: 10))
        #expect(mapped[8] == .exclusively("A", "B"))
    }

    @Test("a stand-in keeps its gesture's kind and id, has no callbacks and no tap dependency, and fails at its first touch with its reason")
    func standIn() {
        var ran = false
        let tap = GestureDescription(.tap(count: 2), id: "double", callbacks: .init(onEnded: { _ in ran = true }))
        let standIn = tap.standingIn(.disabled)
        #expect(standIn.typeName == "TapGesture" && standIn.displayName == "#double (TapGesture)")
        #expect(tap.tapCount == 2 && tap.hasDependency)
        #expect(standIn.tapCount == nil && !standIn.hasDependency)
        #expect(standIn.callbacks.onEnded == nil && standIn.standIn == .disabled && tap.standIn == nil)
        let instance = GestureInstance.make(standIn)
        let touch = GestureTouch(finger: 1, start: .zero, location: .zero, startTime: 0, phase: .began)
        instance.update(GestureInput(time: 0, touches: [touch]), inherited: .free)
        #expect(instance.phase == .failed(.disabled))
        #expect(!ran)
    }
}
