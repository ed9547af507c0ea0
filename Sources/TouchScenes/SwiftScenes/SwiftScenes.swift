/// The scenes written in Swift, listed and loaded by name like JSON scenes.
public enum SwiftScenes {
    public static let all: [SwiftScene] = [
        SwiftScene(
            name: "idle-timer",
            summary: "Seed 002: an application subclass hooks sendEvent to start an idle timer when every finger lifts and stop it on touch down."
        ) { IdleTimerScene.make() },
        SwiftScene(
            name: "responder-actions",
            summary:
                "Seed 002: a blink action reaches the last selected view through the first responder; a coordinator inserted into next handles pushes."
        ) { ResponderActionsScene.make() },
        SwiftScene(
            name: "typed-sky",
            summary: "Seed 003: sky, sun and sunspot route typed events (an enum with associated values) up the responder chain to their controller."
        ) { TypedSkyScene.make() },
        SwiftScene(
            name: "hit-test-cell",
            summary:
                "Seed 004: a cell whose hitTest prefers its join and delete buttons over the swipe overlay, and a view using the reference hitTest."
        ) { HitTestCellScene.make() },
        SwiftScene(name: "swiftui-feed", summary: swiftUIFeedSummary) { SwiftUIFeedScene.make() },
    ]

    static let swiftUIFeedSummary =
        "SwiftUI in Swift (TouchSwiftUI's builder): a ScrollView's top card with .gesture(DragGesture()) takes the drag (iOS 18 SDK), the second card's .simultaneousGesture lets the feed scroll, a Button likes."
}
