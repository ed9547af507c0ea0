import Foundation
import Testing
import TouchKit
import TouchScenes

@testable import TouchScopeSDL

/// The side panel says SwiftUI's words for a SwiftUI scene's internal names.
@Suite("Panel words")
struct PanelWordsTests {
    @Test("the words are made once for a window and again for another; a UIKit scene has none")
    func cache() throws {
        let catalog = SceneCatalog.bundled()
        let swiftUI = try catalog.load("swiftui-button-in-card")
        let simulator = swiftUI.makeSimulator()
        let cache = WordsCache()
        let words = cache.words(for: simulator.window)
        #expect(words["_UIGestureRecognizerContainer#likeBroken"] == "Button#likeBroken")
        #expect(words["SwiftUI.UIKitResponderGestureRecognizer#openBroken"] == "TapGesture #openBroken (.highPriorityGesture) on ZStack#brokenCard")
        let uikit = try catalog.load("floating-menu").makeSimulator()
        #expect(cache.words(for: uikit.window).isEmpty)
    }
}
